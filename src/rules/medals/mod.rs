//! Medals (rule 004): the Nation's deck, one card per trigger, face-down cards, the random
//! recipient, Eliminate, turn limits, and earning the sticker and its benefits.

use crate::rules::preconditions::check_text;
mod lapses;
mod loading;
mod printed;

use lapses::hits_on;
pub(super) use lapses::{eliminate_losses, expired_before, unearned_at_end};
pub(super) use loading::load;
use printed::holder;
pub(in crate::rules) use printed::{printed_rp, sticker_name};

use crate::dice::Cup;
use crate::domain::error::RuleError;
use crate::domain::event::{
    Event, HardyAdjusted, MedalAwarded, MedalDrawn, MedalEarned, MedalLost, MedalRecipientRolled,
    MedalRevealed, MedalSticker, MedalsReshuffled, RpCard, XpAdjusted,
};
use crate::domain::medals::{BenefitEffect, DrawnMedal, MedalDeck, MedalReturn, RpCardKind};
use crate::domain::rules_version;
use crate::domain::soldier::Status;
use crate::domain::state::CampaignState;
use crate::domain::suggest::did_you_mean;
use crate::rules::preconditions::running;
use crate::rules::roll::pick;

pub(super) fn draw(
    state: &CampaignState,
    medal: &str,
    trigger: &str,
    hostile: Option<&str>,
) -> Result<Vec<Event>, RuleError> {
    let deck = deck(state)?;
    let mission = running(state)?;
    if deck.in_deck.is_empty() {
        return Err(RuleError::refused(
            "the Medal deck is empty; nothing can be drawn (discarded Medals come back with `muster medal reshuffle`)",
        ));
    }
    let name = deck
        .in_deck
        .iter()
        .find(|n| n.eq_ignore_ascii_case(medal))
        .ok_or_else(|| {
            // A card of the deck out of it is said where it is, not offered as a typo.
            let named = |list: &[String]| list.iter().any(|n| n.eq_ignore_ascii_case(medal));
            let whereabouts = if let Some(drawn) = deck.drawn(medal) {
                format!(
                    ": it was drawn at v{} (Mission {}) and is held until it is earned or lost",
                    drawn.drawn_at, drawn.mission
                )
            } else if named(&deck.earned) {
                let held = holder(state, medal).map(|h| format!(" ({h} holds its sticker)"));
                format!(
                    ": it was earned{}, and an earned Medal leaves the deck",
                    held.unwrap_or_default()
                )
            } else if named(&deck.discarded) {
                ": it is in the discard pile, which `muster medal reshuffle` brings back".to_owned()
            } else if let Some(held) = holder(state, medal) {
                format!(": {held} holds its sticker, and a card is in one place at a time")
            } else {
                did_you_mean(medal, deck.in_deck.iter().map(String::as_str))
            };
            RuleError::refused(format!(
                "'{medal}' is not in the Medal deck{whereabouts}; the deck holds: {}",
                deck.in_deck.join(", ")
            ))
        })?;
    // A card loaded under earlier rules while a Soldier held its sticker is still in the deck.
    let held = holder(state, name).filter(|_| state.rules() >= rules_version::MEDAL_CARDS_ONCE);
    if let Some(held) = held {
        return Err(RuleError::refused(format!(
            "'{name}' is not to be drawn: {held} holds its sticker, and a Medal card is in one place at a time (rule 004: \"These stickers stay with the Soldier until he suffers a Downed or KIA result\"); the deck holds: {}",
            deck.in_deck
                .iter()
                .filter(|n| holder(state, n).is_none())
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let trigger = check_text("the trigger (--trigger)", trigger)?;
    // Rule 004: draw only one card even if the next card has the same condition.
    if mission
        .medal_triggers
        .iter()
        .any(|t| t.eq_ignore_ascii_case(&trigger))
    {
        return Err(RuleError::refused(format!(
            "'{trigger}' already drew a Medal this Mission; one card per trigger: name the new trigger (e.g. the next Location played)"
        )));
    }
    let card = deck
        .card(name)
        .ok_or_else(|| RuleError::refused(format!("'{name}' has no card in the deck")))?;
    let hostile = match (card.eliminate, hostile) {
        (true, Some(h)) => Some(check_text("the Hostile card (--hostile)", h)?),
        (true, None) => {
            return Err(RuleError::refused(format!(
                "'{name}' is an Eliminate Medal: name the Hostile card with --hostile NAME"
            )));
        }
        (false, Some(_)) => {
            return Err(RuleError::refused(format!(
                "'{name}' is not an Eliminate Medal; drop --hostile"
            )));
        }
        (false, None) => None,
    };
    Ok(vec![Event::MedalDrawn(MedalDrawn {
        medal: name.clone(),
        trigger,
        mission: mission.number,
        turn: mission.turn,
        face_down: card.face_down,
        hostile,
    })])
}

pub(super) fn reveal(state: &CampaignState, medal: &str) -> Result<Vec<Event>, RuleError> {
    let drawn = drawn(deck(state)?, medal)?;
    if !drawn.face_down {
        return Err(RuleError::refused(format!("'{}' is already face up", drawn.name)));
    }
    Ok(vec![Event::MedalRevealed(MedalRevealed {
        medal: drawn.name.clone(),
    })])
}

pub(super) fn roll_recipient(
    state: &CampaignState,
    medal: &str,
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let drawn = drawn(deck(state)?, medal)?;
    let mission = running(state)?;
    if drawn.face_down {
        return Err(RuleError::refused(format!(
            "'{}' is held face down; reveal it when its condition is met (`muster medal reveal`)",
            drawn.name
        )));
    }
    if let Some(recipient) = &drawn.recipient {
        return Err(RuleError::refused(format!(
            "'{}' already has its recipient: {recipient}",
            drawn.name
        )));
    }
    // Rule 004: all Soldier types may receive Medals; those still in play are candidates.
    let candidates: Vec<String> = mission
        .soldiers
        .iter()
        .filter(|name| state.soldier(name).is_some_and(|s| s.is_on_the_books()))
        .cloned()
        .collect();
    if candidates.is_empty() {
        return Err(RuleError::refused(
            "no Soldier on the Mission can receive the Medal",
        ));
    }
    let (recipient, roll) = pick(
        cup,
        None,
        format!("Medal recipient for {}", drawn.name),
        &candidates,
    )?;
    // An Eliminate Medal is already lost if another Soldier hit its Hostile this Mission.
    let spoiled_by = drawn.hostile.as_deref().and_then(|hostile| {
        hits_on(state, mission, hostile)
            .find(|who| **who != recipient)
            .map(|who| (hostile, who))
    });
    let mut events = vec![Event::MedalRecipientRolled(Box::new(MedalRecipientRolled {
        medal: drawn.name.clone(),
        candidates,
        recipient: recipient.clone(),
        roll,
    }))];
    if let Some((hostile, other)) = spoiled_by {
        events.push(Event::MedalLost(MedalLost {
            medal: drawn.name.clone(),
            to: MedalReturn::Deck,
            why: format!(
                "{other} had already hit the {hostile}, which {recipient} had to Eliminate alone{}",
                lapses::told_apart_by_name(state)
            ),
        }));
    }
    Ok(events)
}

pub(super) fn earn(state: &CampaignState, medal: &str) -> Result<Vec<Event>, RuleError> {
    let deck = deck(state)?;
    let drawn = drawn(deck, medal)?;
    let card = deck
        .card(&drawn.name)
        .ok_or_else(|| RuleError::refused("the Medal has no card"))?;
    let Some(recipient) = &drawn.recipient else {
        return Err(RuleError::refused(format!(
            "'{}' has no recipient yet; roll one with `muster medal recipient \"{}\"`",
            drawn.name, drawn.name
        )));
    };
    let soldier = state.find_soldier(recipient)?;
    if soldier.status != Status::Active {
        return Err(RuleError::refused(format!(
            "{recipient} is {}; a Medal sticker goes only on an active Soldier",
            soldier.status
        )));
    }
    if let (Some(hostile), Some(mission)) = (&drawn.hostile, state.mission_in_progress()) {
        if !hits_on(state, mission, hostile).any(|who| who == recipient) {
            return Err(RuleError::refused(format!(
                "{recipient} has placed no Suppression or EKIA on the {hostile}; Eliminate needs him to inflict all of them"
            )));
        }
        if let Some(other) = hits_on(state, mission, hostile).find(|who| *who != recipient) {
            return Err(RuleError::refused(format!(
                "{other} also hit the {hostile}, so {recipient} did not Eliminate it alone; record the Medal lost with `muster medal lose`{}",
                lapses::TOLD_APART
            )));
        }
    }
    let name = soldier.card.name.clone();
    let why = format!("Medal benefit: {}", card.benefit);
    let mut events = vec![
        Event::MedalEarned(MedalEarned {
            medal: card.name.clone(),
            soldier: name.clone(),
        }),
        Event::MedalAwarded(MedalAwarded {
            soldier: name.clone(),
            medal: MedalSticker {
                name: card.name.clone(),
                rp: card.rp,
            },
            why: card.requirement.clone(),
        }),
    ];
    // Benefits that change a tracked number are recorded as those events (rule 004: applied
    // at once, even one he could not normally have).
    for effect in &card.effects {
        events.push(match effect {
            BenefitEffect::Xp { amount } => Event::XpAdjusted(XpAdjusted {
                soldier: name.clone(),
                amount: i64::from(*amount),
                why: why.clone(),
            }),
            BenefitEffect::Hardy { hardy, amount } => Event::HardyAdjusted(HardyAdjusted {
                soldier: name.clone(),
                hardy: hardy.clone(),
                amount: i64::from(*amount),
                why: why.clone(),
            }),
            BenefitEffect::Skill { name: skill, rp } => Event::RpCardGained(RpCard {
                soldier: name.clone(),
                card: RpCardKind::Skill,
                name: skill.clone(),
                rp: *rp,
            }),
        });
    }
    Ok(events)
}

pub(super) fn lose(
    state: &CampaignState,
    medal: &str,
    to: MedalReturn,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let drawn = drawn(deck(state)?, medal)?;
    Ok(vec![Event::MedalLost(MedalLost {
        medal: drawn.name.clone(),
        to,
        why: check_text("the reason (--why)", why)?,
    })])
}

pub(super) fn reshuffle(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    let deck = deck(state)?;
    if deck.discarded.is_empty() {
        return Err(RuleError::refused(
            "no Medal is discarded; nothing to shuffle back",
        ));
    }
    Ok(vec![Event::MedalsReshuffled(MedalsReshuffled {
        medals: deck.discarded.clone(),
    })])
}

pub(super) fn suppress_hostile(
    state: &CampaignState,
    soldier: &str,
    hostile: &str,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let soldier = state.find_soldier(soldier)?;
    let name = soldier.card.name.clone();
    if soldier.card.kind == crate::domain::soldier::SoldierKind::K9 {
        return Err(RuleError::refused(format!(
            "{name} is a K9, and K9 Soldiers cannot perform Attacks against Hostiles (rule 000)"
        )));
    }
    if !mission.soldiers.contains(&name) || soldier.status != Status::Active {
        return Err(RuleError::refused(format!(
            "{name} cannot attack: only an active Soldier on Mission {} can ({})",
            mission.number,
            crate::rules::preconditions::active_on(state, mission)
        )));
    }
    let hostile = check_text("the Hostile's name", hostile)?;
    let mut events = vec![Event::HostileSuppressed(
        crate::domain::event::HostileSuppressed {
            soldier: name.clone(),
            hostile: hostile.clone(),
        },
    )];
    events.extend(eliminate_losses(state, &name, &hostile, "a Suppression"));
    Ok(events)
}

fn deck(state: &CampaignState) -> Result<&MedalDeck, RuleError> {
    state.medal_deck.as_ref().ok_or_else(|| {
        RuleError::refused(
            "no Medal deck is shuffled for this campaign; load your Nation's with `muster medal deck FILE`",
        )
    })
}

fn drawn<'a>(deck: &'a MedalDeck, name: &str) -> Result<&'a DrawnMedal, RuleError> {
    deck.drawn(name).ok_or_else(|| {
        let drawn: Vec<&str> = deck.drawn.iter().map(|d| d.name.as_str()).collect();
        RuleError::refused(format!(
            "the Medal '{name}' is not drawn{}; drawn now: {}",
            did_you_mean(name, drawn.iter().copied()),
            if drawn.is_empty() {
                "none".to_owned()
            } else {
                drawn.join(", ")
            }
        ))
    })
}
