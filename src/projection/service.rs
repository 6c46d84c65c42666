//! Service records: each Soldier's XP and the squad's RP at the end of every Mission.
//!
//! The numbers are the roster's own (`roster::squad`, each Soldier's XP from the fold), taken
//! where `--as-of mission:N` puts the end of Mission N: after the last event of the command
//! that ended it, so the Suppress it cleared is cleared.

use serde::Serialize;

use super::roster::{self, Squad};
use crate::domain::MissionResult;
use crate::domain::event::Event;
use crate::domain::fold::{fold_onto, voided_commands};
use crate::domain::state::{CampaignState, RecordedEvent};

/// The campaign's numbers at the end of one Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionEnd {
    pub number: u32,
    pub name: String,
    pub result: MissionResult,
    /// The last version of the command that ended it.
    pub version: u64,
    pub recorded_at: String,
    pub squad: Squad,
    /// The Zero Dark team's XP (0 in Warfighter).
    pub team_xp: u32,
    /// Every Soldier enlisted by then, in the order they were enlisted, with his XP.
    pub soldiers: Vec<SoldierXp>,
}

/// One Soldier's XP at the end of a Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SoldierXp {
    pub name: String,
    pub xp: u32,
}

/// The end of every Mission that `log` (a campaign's events in order) ends, oldest first.
///
/// Voids are those within `log`, as for a roster folded from the same events.
pub fn mission_ends(log: &[RecordedEvent]) -> Vec<MissionEnd> {
    let voided = voided_commands(log);
    let mut state = CampaignState::default();
    let mut ends = Vec::new();
    // The Mission being ended and the command ending it, until that command's last event.
    let mut ending: Option<(u32, &str)> = None;
    for (i, recorded) in log.iter().enumerate() {
        state = fold_onto(state, std::slice::from_ref(recorded), &voided);
        if let Event::MissionEnded(e) = &recorded.event {
            if !voided.contains(&recorded.command_id) {
                ending = Some((e.mission, &recorded.command_id));
            }
        }
        let Some((number, command)) = ending else {
            continue;
        };
        let command_goes_on = log.get(i + 1).is_some_and(|next| next.command_id == command);
        if !command_goes_on {
            ends.extend(end_of(&state, number, recorded));
            ending = None;
        }
    }
    ends
}

fn end_of(state: &CampaignState, number: u32, last: &RecordedEvent) -> Option<MissionEnd> {
    let mission = state.mission.as_ref().filter(|m| m.number == number)?;
    Some(MissionEnd {
        number,
        name: mission.name.clone(),
        result: mission.result?,
        version: last.version,
        recorded_at: last.recorded_at.clone(),
        squad: roster::squad(state),
        team_xp: state.team_xp,
        soldiers: state
            .soldiers
            .iter()
            .map(|s| SoldierXp {
                name: s.card.name.clone(),
                xp: s.xp,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Game;
    use crate::domain::event::{CommandVoided, EkiaRecorded, MissionEnded, RpMovement, SoldierAmount};
    use crate::rules::tests::{created, enlisted, mission_started, player, recorded};

    /// Records `commands` (each a list of events written together) at versions 1, 2, 3…
    fn log(commands: Vec<Vec<Event>>) -> Vec<RecordedEvent> {
        let events = commands
            .into_iter()
            .enumerate()
            .flat_map(|(n, events)| events.into_iter().map(move |e| (format!("command-{n}"), e)));
        events
            .zip(1..)
            .map(|((command, event), version)| recorded(version, &command, event))
            .collect()
    }

    fn ended(mission: u32, award: u32) -> Event {
        Event::MissionEnded(MissionEnded {
            mission,
            result: MissionResult::Success,
            rp_award: Some(RpMovement {
                amount: award,
                why: "test".into(),
            }),
        })
    }

    fn ekia(soldier: &str, value: u32) -> Event {
        Event::EkiaRecorded(EkiaRecorded {
            soldier: soldier.into(),
            hostile: "Rifle Team".into(),
            value,
        })
    }

    fn xp_of(end: &MissionEnd) -> Vec<(&str, u32)> {
        end.soldiers.iter().map(|s| (s.name.as_str(), s.xp)).collect()
    }

    #[test]
    fn each_mission_end_records_every_soldiers_xp_and_the_squads_rp() {
        let log = log(vec![
            vec![created(Game::Modern)],
            vec![enlisted(player("Wong"))],
            vec![enlisted(player("Reyes"))],
            vec![mission_started(1, "Cold Start", &["Wong", "Reyes"])],
            vec![ekia("Wong", 2)],
            vec![ended(1, 4)],
            vec![enlisted(player("Price"))],
            vec![mission_started(2, "Hill 112", &["Wong", "Price"])],
            vec![ekia("Price", 3)],
            vec![ekia("Wong", 1)],
            vec![ended(2, 0)],
            vec![mission_started(3, "Last Light", &["Wong"])],
            vec![ekia("Wong", 5)],
        ]);
        let ends = mission_ends(&log);
        assert_eq!(ends.len(), 2, "Mission 3 has not ended");
        assert_eq!((ends[0].number, ends[0].name.as_str()), (1, "Cold Start"));
        assert_eq!(xp_of(&ends[0]), [("Wong", 2), ("Reyes", 0)]);
        assert_eq!(ends[0].squad.rp, 8, "between Missions, every active Soldier");
        assert_eq!(ends[0].squad.rp_bank, 4);
        assert_eq!(ends[0].version, 6);
        assert_eq!(xp_of(&ends[1]), [("Wong", 3), ("Reyes", 0), ("Price", 3)]);
        assert_eq!(ends[1].squad.rp, 12);
        assert_eq!(ends[1].squad.rp_bank, 4);
        assert_eq!(ends[1].recorded_at, log[10].recorded_at);
    }

    #[test]
    fn the_end_is_taken_after_the_ending_commands_last_event_and_a_voided_end_is_no_end() {
        let suppress = Event::Suppressed(SoldierAmount {
            soldier: "Wong".into(),
            amount: 1,
        });
        let cleared = Event::SuppressCleared(SoldierAmount {
            soldier: "Wong".into(),
            amount: 1,
        });
        let log = log(vec![
            vec![created(Game::Modern)],
            vec![enlisted(player("Wong"))],
            vec![mission_started(1, "Cold Start", &["Wong"])],
            vec![suppress],
            // command-4: ended, then voided by command-5.
            vec![ended(1, 9), cleared.clone()],
            vec![Event::CommandVoided(CommandVoided {
                version: 5,
                command_id: "command-4".into(),
                why: "too soon".into(),
            })],
            vec![ekia("Wong", 1)],
            vec![ended(1, 2), cleared],
        ]);
        let ends = mission_ends(&log);
        assert_eq!(ends.len(), 1, "the voided end is skipped: {ends:?}");
        assert_eq!(ends[0].version, 10, "the Suppress clearing belongs to the end");
        assert_eq!(xp_of(&ends[0]), [("Wong", 1)]);
        assert_eq!(ends[0].squad.rp_bank, 2, "the voided award is not banked");
    }
}
