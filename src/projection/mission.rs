//! One Mission's summary: who went, the squad's RP for each purpose, and the RP award.

use serde::Serialize;

use super::as_of::AsOf;
use crate::Error;
use crate::domain::MissionResult;
use crate::domain::event::{Event, RpMovement};
use crate::domain::fold::fold;
use crate::domain::state::RecordedEvent;

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
    /// The squad's bank at that point.
    pub rp_bank: u32,
}

/// The summary of Mission `number`, or of the latest Mission when `None`.
pub fn summary(log: &[RecordedEvent], number: Option<u32>) -> Result<MissionSummary, Error> {
    let state = fold(log);
    let Some(latest) = state.mission.as_ref() else {
        return Err(Error::input(
            "no Mission has started yet; start one with `muster mission start NAME`",
        ));
    };
    let number = number.unwrap_or(latest.number);
    if number == 0 || number > latest.number {
        return Err(Error::input(format!(
            "there is no Mission {number} in this campaign; Missions so far: 1 to {}",
            latest.number
        )));
    }
    let voided = crate::domain::fold::voided_commands(log);
    let end = log
        .iter()
        .filter(|r| !voided.contains(&r.command_id))
        .find_map(|r| match &r.event {
            Event::MissionEnded(e) if e.mission == number => Some((r.version, e)),
            _ => None,
        });
    // An ended Mission is summed up as it stood just before its end (the state keeps only the
    // latest Mission, and only a lean record once it ends), with the bank as the end left it.
    let (at_end, rp_bank, result, rp_award) = match end {
        Some((version, ended)) => {
            let fold_to = |version: u64| {
                let upto: Vec<RecordedEvent> =
                    log.iter().take_while(|r| r.version <= version).cloned().collect();
                fold(&upto)
            };
            let bank = fold_to(AsOf::MissionEnd(number).resolve(log)?).rp_bank;
            (
                fold_to(version.saturating_sub(1)),
                bank,
                Some(ended.result),
                ended.rp_award.clone(),
            )
        }
        None => (state.clone(), state.rp_bank, None, None),
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
    })
}
