//! Buy Time (rule 003): who bought time, the first Control Deck cards flipped set aside, the
//! deck running out, and the set-aside cards flipped in its place until the Mission is over.

use super::spook::{at_the_start, living_spook};
use crate::domain::command::Command;
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    BuyTimeDeclared, ControlCardsSetAside, ControlDeckRanOut, Event, OpponentBoughtTime,
    SetAsideCardsFlipped, VersusChoice,
};
use crate::domain::rulebook::Rulebook;
use crate::domain::rules_version::{SET_ASIDE_EXHAUSTED_ENDS_PLAY, WHAT_HAPPENED_ONCE};
use crate::domain::state::{CampaignState, MissionState};
use crate::domain::zero_dark::{TimeBuyers, mission_stats};
use crate::rules::preconditions::running;

/// The most cards one command sets aside or flips: more than any Spook's D.
const MAX_CARDS: i64 = 40;

/// Buy Time, declared at the start of a Mission: by our Spook (`ours`), and in Versus with the
/// other side's revealed choice and Spook's D; `ours` false records that only the other
/// side bought time.
pub(in crate::rules) fn buy_time(
    state: &CampaignState,
    ours: bool,
    versus: Option<(bool, i64)>,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    at_the_start(mission, "Buying Time")?;
    if let (Some(cards), Some(by)) = (mission.zero_dark.bought_time, mission.zero_dark.bought_time_by) {
        let who = match by {
            TimeBuyers::Ours => "the Spook",
            TimeBuyers::Opponent => "the other side",
            TimeBuyers::Both => "both sides",
        };
        return Err(RuleError::refused(format!(
            "{who} already bought time this Mission ({cards} Control Deck cards); Buy Time is recorded once, with both sides' choices in Versus"
        )));
    }
    let versus = match versus {
        Some((buys, opponent_d)) => Some(VersusChoice {
            opponent_buys_time: buys,
            opponent_d: u32::try_from(in_range("the opponent Spook's D", opponent_d, 0, 20)?).unwrap_or(0),
        }),
        None => None,
    };
    if !ours {
        // "Either or both players": only the other side bought, and ours drew his hand.
        return match versus {
            Some(v) if v.opponent_buys_time => Ok(vec![Event::OpponentBoughtTime(OpponentBoughtTime {
                opponent_d: v.opponent_d,
            })]),
            _ => Err(RuleError::refused(
                "only the other side buying time needs a Versus mission where it bought: --versus --opponent-only --opponent-d N",
            )),
        };
    }
    let spook = living_spook(state, mission, "buying time")?;
    let d = spook
        .card
        .stats
        .map(|s| mission_stats(s, mission.zero_dark.task).d)
        .unwrap_or(0);
    // Versus: if both buy time, the cards set aside are the sum of both Spooks' D.
    let cards = u32::from(d)
        + versus
            .as_ref()
            .filter(|v| v.opponent_buys_time)
            .map_or(0, |v| v.opponent_d);
    Ok(vec![Event::BuyTimeDeclared(BuyTimeDeclared {
        spook: spook.card.name.clone(),
        cards,
        versus,
    })])
}

/// The Mission in progress, once play has flipped Control Deck cards in a Mission where
/// time was bought; with the cards bought.
fn flipping(state: &CampaignState) -> Result<(&MissionState, u32), RuleError> {
    let mission = running(state)?;
    let Some(bought) = mission.zero_dark.bought_time else {
        return Err(RuleError::refused(format!(
            "no one bought time on Mission {}: only Buy Time sets Control Deck cards aside (`muster spook buy-time`, at the Mission's start)",
            mission.number
        )));
    };
    if mission.turn == 0 {
        return Err(RuleError::refused(
            "Control Deck cards are flipped once play begins: start the first turn with `muster turn`",
        ));
    }
    Ok((mission, bought))
}

/// "The first Control Deck cards flipped in the mission, up to a number equal to the Spook's
/// D, are placed to one side."
pub(in crate::rules) fn set_aside(state: &CampaignState, cards: i64) -> Result<Vec<Event>, RuleError> {
    let (mission, bought) = flipping(state)?;
    let z = &mission.zero_dark;
    if z.control_deck_ran_out {
        return Err(RuleError::refused(
            "the Control Deck has run out: the set-aside cards are now flipped with `muster spook flip-set-aside`",
        ));
    }
    let cards = u32::try_from(in_range("the cards set aside", cards, 1, MAX_CARDS)?).unwrap_or(0);
    let left = bought.saturating_sub(z.set_aside);
    if cards > left {
        return Err(RuleError::refused(format!(
            "Buy Time sets aside {bought} Control Deck cards and {} are set aside: {left} more at most",
            z.set_aside
        )));
    }
    Ok(vec![Event::ControlCardsSetAside(ControlCardsSetAside { cards })])
}

/// "When the last card in the Control Deck is flipped, shuffle these cards and place them face
/// down in place of the Control Deck."
pub(in crate::rules) fn deck_out(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    let (mission, bought) = flipping(state)?;
    let z = &mission.zero_dark;
    if z.control_deck_ran_out {
        return Err(RuleError::refused(
            "the Control Deck already ran out this Mission",
        ));
    }
    if z.set_aside < bought {
        return Err(RuleError::refused(format!(
            "{} of the {bought} Control Deck cards Buy Time sets aside are recorded: record the other {} with `muster spook set-aside {}` first",
            z.set_aside,
            bought - z.set_aside,
            bought - z.set_aside
        )));
    }
    Ok(vec![Event::ControlDeckRanOut(ControlDeckRanOut {
        set_aside: z.set_aside,
    })])
}

/// "You may now continue to play until these cards are exhausted. At that point, the mission
/// is over as normal."
pub(in crate::rules) fn flip_set_aside(state: &CampaignState, cards: i64) -> Result<Vec<Event>, RuleError> {
    let (mission, _) = flipping(state)?;
    let z = &mission.zero_dark;
    if !z.control_deck_ran_out {
        return Err(RuleError::refused(
            "the set-aside cards are flipped once the Control Deck runs out: record that first with `muster spook deck-out`",
        ));
    }
    let cards = u32::try_from(in_range("the set-aside cards flipped", cards, 1, MAX_CARDS)?).unwrap_or(0);
    let left = z.set_aside.saturating_sub(z.set_aside_flipped);
    if cards > left {
        let remain = if left == 1 { "card remains" } else { "cards remain" };
        return Err(RuleError::refused(format!(
            "{left} set-aside {remain} to flip; the Mission is over once they are exhausted (`muster mission end`)"
        )));
    }
    Ok(vec![Event::SetAsideCardsFlipped(SetAsideCardsFlipped {
        cards,
        remaining: left - cards,
    })])
}

/// "You may now continue to play until these cards are exhausted. At that point, the mission
/// is over as normal": from [`SET_ASIDE_EXHAUSTED_ENDS_PLAY`], once the set-aside cards are
/// exhausted, play is refused until the Mission's end is recorded. What is not play stays
/// open: the campaign's own commands but a Mission's start and a turn (its end, XP, the
/// audit's seeds and paper sheets, enlisting); voids and amendments are not decided here.
/// From [`WHAT_HAPPENED_ONCE`], the last card's activation and what the end finds are play
/// still recorded, and only a turn is refused.
pub(in crate::rules) fn still_playing(state: &CampaignState, command: &Command) -> Result<(), RuleError> {
    if state.rules() < SET_ASIDE_EXHAUSTED_ENDS_PLAY {
        return Ok(());
    }
    let Some(mission) = state.mission_in_progress() else {
        return Ok(());
    };
    let z = &mission.zero_dark;
    let exhausted = z.control_deck_ran_out && z.set_aside_remaining() == Some(0);
    // From rules 9, the last card's activation and the Mission's end are still played
    // (the agent extracted, a hero lost): only another turn is not.
    let plays = match state.rules() >= WHAT_HAPPENED_ONCE {
        true => matches!(command, Command::NextTurn | Command::StartMission { .. }),
        false => {
            command.rulebook() != Rulebook::Campaign
                || matches!(command, Command::NextTurn | Command::StartMission { .. })
        }
    };
    if exhausted && plays {
        return Err(RuleError::refused(format!(
            "Mission {} is over: the set-aside cards Buy Time put in place of the Control Deck are exhausted (rule 003: \"At that point, the mission is over as normal\"); record its end with `muster mission end --result success|failure`",
            mission.number
        )));
    }
    Ok(())
}
