//! The log's own books: a computed RP award against the basis the log gives it (a difference
//! is left for a void's revision to settle), a revision against the award it settles, and a
//! paper sheet against the Soldier it is asserted of.

use crate::domain::event::Event;
use crate::domain::game::Game;
use crate::domain::sheet;
use crate::domain::state::{COMPUTED, CampaignState, UnsettledAward};

/// A Mission's RP award is one its game gives, and a computed one agrees with its basis or
/// waits for the revision that settles it.
pub(super) fn award_problem(state: &mut CampaignState, event: &Event) -> Option<String> {
    match event {
        Event::MissionEnded(e) => {
            let mission = state.mission_in_progress().filter(|m| m.number == e.mission)?;
            let zero_dark = state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark);
            match (&e.rp_award, zero_dark) {
                (Some(_), true) => {
                    Some("records an RP award for a Zero Dark team, which gains XP".to_owned())
                }
                (Some(award), false) if award.why.starts_with(COMPUTED) => {
                    let computed = mission.computed_award(state).amount;
                    if computed != award.amount {
                        // Not yet a problem: a void that changed the award appends its
                        // revision. One still unsettled at the end of the log is.
                        let version = state.version;
                        state.unsettled_awards.push(UnsettledAward {
                            mission: e.mission,
                            version,
                            recorded: award.amount,
                            computed,
                        });
                    }
                    None
                }
                _ => None,
            }
        }
        Event::RpAwardRevised(e) => {
            if !state.ended(e.mission) {
                // A void since took the Mission's end away: there is no award to revise.
                return None;
            }
            let i = state
                .unsettled_awards
                .iter()
                .position(|u| u.mission == e.mission && u.recorded == e.was);
            match i {
                Some(i) if state.unsettled_awards[i].computed == e.amount => {
                    state.unsettled_awards.remove(i);
                    None
                }
                // The award stands at the revision's amount; a later void took more away since,
                // and its own revision settles the rest (one that none settles is found at the
                // end of the log).
                Some(i) => {
                    state.unsettled_awards[i].recorded = e.amount;
                    None
                }
                None => Some(format!(
                    "revises Mission {}'s RP award from {} to {}, which is not what the log computes",
                    e.mission, e.was, e.amount
                )),
            }
        }
        _ => None,
    }
}

/// A paper sheet asserted agrees with the log at its point.
pub(super) fn sheet_problem(state: &CampaignState, event: &Event) -> Option<String> {
    let Event::AssertionRecorded(e) = event else {
        return None;
    };
    let soldier = state.soldier(&e.soldier)?;
    let (field, logged, paper) = e.fields.iter().find_map(|(field, paper)| {
        let logged = sheet::value(soldier, field).unwrap_or_default();
        (!logged.eq_ignore_ascii_case(paper)).then_some((field, logged, paper))
    })?;
    Some(format!(
        "asserts {}'s {field} is {paper} on the paper sheet, but the log makes it {logged}",
        e.soldier
    ))
}
