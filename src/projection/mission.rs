//! One Mission's summary: who went, the squad's RP for each purpose, the RP award, and in
//! Zero Dark its Red Force, Allies, priority task and Buy Time.

use serde::Serialize;

use crate::Error;
use crate::domain::event::{MissionEnded, RpAwardRevised, RpMovement};
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::ZeroDarkMission;
use crate::domain::{Game, MissionResult};

/// `muster mission show`, as one object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionSummary {
    pub number: u32,
    pub name: String,
    pub result: Option<MissionResult>,
    pub turn: u32,
    pub soldiers: Vec<String>,
    /// The squad's RP when the Mission started, Medals not counted.
    pub start_rp: u32,
    pub start_medal_rp: u32,
    /// What Hostiles are drawn at: squad RP plus Medal RP (rule 004).
    pub hostile_draw_rp: u32,
    /// The starting RP of its Soldiers not KIA: at the end, or now while it runs.
    pub surviving_rp: u32,
    /// The RP gained for purchases, once it ended.
    pub rp_award: Option<RpMovement>,
    /// The squad's bank at that point, moved by any revision since of its award or an
    /// earlier Mission's.
    pub rp_bank: u32,
    /// Zero Dark: what the Mission's play recorded; null in Warfighter.
    pub zero_dark: Option<ZeroDarkSummary>,
}

/// A Zero Dark Mission's Red Force, Allies, priority task and Buy Time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZeroDarkSummary {
    /// The fields of the roster's `mission.zero_dark`: the bogeys of the Red Force and what
    /// became of them, the Spook's task, and Buy Time with its Control Deck.
    #[serde(flatten)]
    pub play: ZeroDarkMission,
    /// The Allies persuaded on this Mission, which belong to it.
    pub allies: Vec<MissionAlly>,
    /// The set-aside cards still to be played before the Mission is over; null when no one
    /// bought time.
    pub set_aside_remaining: Option<u32>,
}

/// An Ally persuaded on the Mission, with the hero he is the Ally of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionAlly {
    pub hero: String,
    pub name: String,
    pub dependent: bool,
    pub dead: bool,
}

/// Mission N's end as the log reads it now: its event (the RP award as last revised), the
/// state just before it and the bank the whole command that ended it left, both with the
/// voids written since applied (the bank moved by the awards they revised, its own and the
/// earlier Missions').
pub struct Ended {
    pub event: MissionEnded,
    pub before: CampaignState,
    pub bank: u32,
}

/// The bank Mission `number` reports, `bank` as its end left it, once `revision`, written
/// since, is applied: as the fold moves the squad's bank, never below zero.
///
/// A revision of its own award or an earlier Mission's reaches it, as it reaches every bank
/// the squad has had since; a later Mission's award never was in it.
pub fn revised_bank(bank: u32, number: u32, revision: &RpAwardRevised) -> u32 {
    if revision.mission > number {
        return bank;
    }
    // The fold's own move (`evolve::warfighter::rp_award_revised`), so the report and the
    // roster agree.
    if revision.amount >= revision.was {
        bank.saturating_add(revision.amount - revision.was)
    } else {
        bank.saturating_sub(revision.was - revision.amount)
    }
}

/// Why `number` names no Mission recorded in the campaign as `state` stands (none started
/// yet, one played on paper before it was carried over, 0, or one past the latest), if so.
pub fn no_such_mission(state: &CampaignState, number: u32) -> Option<Error> {
    if let Some(on_paper) = state.on_paper(number) {
        return Some(Error::input(on_paper));
    }
    let Some(latest) = state.mission.as_ref() else {
        return Some(Error::input(
            "no Mission has started yet; start one with `muster mission start NAME`",
        ));
    };
    (number == 0 || number > latest.number).then(|| {
        Error::input(format!(
            "there is no Mission {number} in this campaign; Missions so far: {} to {}",
            state.paper_missions + 1,
            latest.number
        ))
    })
}

/// The summary of Mission `number` (the latest when `None`), from the campaign's state now
/// and `ended`, which finds a Mission's end in the log, if it has ended.
pub fn summary(
    latest_state: &CampaignState,
    number: Option<u32>,
    ended: impl FnOnce(u32) -> Result<Option<Ended>, Error>,
) -> Result<MissionSummary, Error> {
    let Some(latest) = latest_state.mission.as_ref() else {
        return Err(Error::input(
            "no Mission has started yet; start one with `muster mission start NAME`",
        ));
    };
    let number = number.unwrap_or(latest.number);
    if let Some(unknown) = no_such_mission(latest_state, number) {
        return Err(unknown);
    }
    // An ended Mission is summed up as it stood just before its end (the state keeps only the
    // latest Mission, and only a lean record once it ends), with the bank as the end left it;
    // `ended` has applied the voids written since, so the roster and the summary agree.
    let (at_end, rp_bank, result, rp_award) = match ended(number)? {
        Some(end) => (end.before, end.bank, Some(end.event.result), end.event.rp_award),
        None => (latest_state.clone(), latest_state.rp_bank, None, None),
    };
    let mission = at_end
        .mission
        .as_ref()
        .filter(|m| m.number == number)
        .ok_or_else(|| Error::input(format!("Mission {number} has no record left in the log to show")))?;
    let surviving_rp = mission.surviving_rp(&at_end);
    Ok(MissionSummary {
        number,
        name: mission.name.clone(),
        result,
        turn: mission.turn,
        soldiers: mission.soldiers.clone(),
        start_rp: mission.start_rp,
        start_medal_rp: mission.start_medal_rp,
        hostile_draw_rp: mission.start_rp.saturating_add(mission.start_medal_rp),
        surviving_rp,
        rp_award,
        rp_bank,
        zero_dark: zero_dark(&at_end, number),
    })
}

/// Mission `number`'s Zero Dark play, as the state at its end (or now) holds it.
fn zero_dark(state: &CampaignState, number: u32) -> Option<ZeroDarkSummary> {
    state.info.as_ref().filter(|i| i.game == Game::ZeroDark)?;
    let play = state
        .mission
        .as_ref()
        .filter(|m| m.number == number)?
        .zero_dark
        .clone();
    let allies = state
        .soldiers
        .iter()
        .flat_map(|s| s.allies.iter().map(move |a| (s, a)))
        .filter(|(_, a)| a.mission == number)
        .map(|(s, a)| MissionAlly {
            hero: s.card.name.clone(),
            name: a.name.clone(),
            dependent: a.dependent,
            dead: a.dead,
        })
        .collect();
    Some(ZeroDarkSummary {
        set_aside_remaining: play.set_aside_remaining(),
        play,
        allies,
    })
}
