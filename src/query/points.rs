//! Reads at a point of the log that never read the whole log: the point found on indexes
//! (a version, a time by halving, a Mission's end on the Missions' index), the state there
//! from the nearest checkpoint at or before it, and a Mission's end. A read at a million
//! events costs what it costs at a thousand.

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::event::{Event, MissionEnded};
use crate::domain::fold::{fold_onto, voided_commands};
use crate::domain::state::CampaignState;
use crate::projection::as_of::AsOf;
use crate::projection::roster::{self, Point, Roster};
use crate::projection::service::{self, MissionEnd};
use crate::store::{Head, StoreError};

/// Where the command that ended a Mission lies in the log, and its event.
pub(super) struct MissionEnding {
    /// The command's last version: the point `mission:N` names.
    pub(super) last: u64,
    /// The version of its `mission_ended` event.
    pub(super) ended_at: u64,
    pub(super) event: MissionEnded,
}

impl Query<'_> {
    /// The version `at` names in a log whose head is `head`: always the end of a command.
    pub(super) fn point(&self, at: AsOf, head: u64) -> Result<u64, Error> {
        let named = match at {
            AsOf::Version(v) | AsOf::Head(v, _) if !(1..=head).contains(&v) => {
                return Err(Error::input(format!(
                    "version {v} does not exist; this campaign's log runs from 1 to {head}"
                )));
            }
            AsOf::Version(v) => v,
            AsOf::Head(v, hash) => {
                let held = self
                    .store
                    .row_at(self.campaign, v)?
                    .map(|r| r.hash)
                    .unwrap_or_default();
                if !hash.matches(&held) {
                    return Err(Error::input(format!(
                        "v{v}'s hash begins {}, not {}: the hash was mistyped, or the log is not the one it was noted from (`muster verify --head v{v}:HASH` checks a noted head); give the head as `muster roster` prints it, or the version alone",
                        held.get(..hash.as_str().len()).unwrap_or(&held),
                        hash.as_str()
                    )));
                }
                v
            }
            AsOf::Time(time) => {
                let found = self
                    .store
                    .last_recorded_by(self.campaign, head, &time.to_rfc3339())?;
                match found {
                    Some(version) => version,
                    None => {
                        let first = self
                            .store
                            .row_at(self.campaign, 1)?
                            .map(|r| r.recorded_at)
                            .unwrap_or_default();
                        return Err(Error::input(format!(
                            "{} is before the campaign began ({first}); give a later time",
                            crate::clock::written(time)
                        )));
                    }
                }
            }
            AsOf::MissionEnd(number) => self.mission_end(number, head)?.last,
            AsOf::Now => head,
        };
        self.command_end(named)
    }

    /// The last version of the command that wrote `version`.
    fn command_end(&self, version: u64) -> Result<u64, Error> {
        Ok(self
            .store
            .command_rows(self.campaign, version)?
            .last()
            .map_or(version, |r| r.version))
    }

    /// Mission `number`'s end, or why the point names none: it has not ended, or there is no
    /// such Mission.
    fn mission_end(&self, number: u32, head: u64) -> Result<MissionEnding, Error> {
        if let Some(end) = self.find_mission_end(number, head)? {
            return Ok(end);
        }
        let started = self.missions_started(head)?;
        if started.contains(&number) {
            return Err(Error::input(format!(
                "Mission {number} has not ended yet; give a version instead (see `muster log --mission {number}`)"
            )));
        }
        let now = checkpoint::state_at(self.store, self.campaign, Some(head))?;
        if let Some(on_paper) = now.on_paper(number) {
            return Err(Error::input(on_paper));
        }
        let so_far: Vec<String> = started.iter().map(u32::to_string).collect();
        let so_far = if so_far.is_empty() {
            "no Mission has started yet (`muster mission start NAME`)".to_owned()
        } else {
            format!("missions so far: {}", so_far.join(", "))
        };
        Err(Error::input(format!(
            "there is no Mission {number} in this campaign; {so_far}"
        )))
    }

    /// Mission `number`'s end if it has ended: the last version of the command that ended
    /// it, its first, and its event, read from that Mission's own start and end rows.
    pub(super) fn find_mission_end(&self, number: u32, head: u64) -> Result<Option<MissionEnding>, Error> {
        for row in self.store.mission_bounds_of(self.campaign, number, head)? {
            if !matches!(row.kind.as_str(), "mission_ended") || !self.stands(&row.command_id, head)? {
                continue;
            }
            if let Ok(Event::MissionEnded(e)) = row.decode().map(|r| r.event) {
                if e.mission == number {
                    return Ok(Some(MissionEnding {
                        last: self.command_end(row.version)?,
                        ended_at: row.version,
                        event: e,
                    }));
                }
            }
        }
        Ok(None)
    }

    /// The Missions started up to `head`, oldest first, their voided starts left out: read
    /// only to say which Missions a point could have named.
    fn missions_started(&self, head: u64) -> Result<Vec<u32>, Error> {
        let voided = checkpoint::reaching_back(self.store, self.campaign, Some(head))?;
        let mut started = Vec::new();
        for row in self.store.mission_rows(self.campaign, Some(head))? {
            if voided.voided().contains(&row.command_id) {
                continue;
            }
            if let Ok(Event::MissionStarted(e)) = row.decode().map(|r| r.event) {
                started.push(e.mission);
            }
        }
        Ok(started)
    }

    /// Whether command `command_id` stands as the log reads up to `up_to`: no void by then
    /// voids it.
    pub(super) fn stands(&self, command_id: &str, up_to: u64) -> Result<bool, StoreError> {
        let voids = self.store.voids_of(self.campaign, command_id, up_to)?;
        Ok(!voids
            .iter()
            .filter_map(|row| row.decode().ok())
            .any(|r| matches!(&r.event, Event::CommandVoided(v) if v.command_id == command_id)))
    }

    /// The state at `version` (voids recorded by then applied), from the nearest checkpoint.
    fn state_at(&self, version: u64) -> Result<CampaignState, Error> {
        checkpoint::state_at(self.store, self.campaign, Some(version))
    }

    /// The roster at `at`, saying which version was asked when it fell inside a command.
    pub(super) fn roster_at(&self, at: AsOf, head: &Head) -> Result<Roster, Error> {
        let version = self.point(at, head.version)?;
        let state = self.state_at(version)?;
        let recorded_at = self
            .store
            .row_at(self.campaign, version)?
            .map(|r| r.recorded_at)
            .unwrap_or_default();
        let point = Point {
            version,
            recorded_at,
            asked: at.asked().filter(|asked| *asked != version),
        };
        roster::from_state(self.campaign, &state, point, head.clone(), &self.held()?).ok_or_else(|| {
            Error::input(format!(
                "campaign '{}' has no roster at v{version}",
                self.campaign
            ))
        })
    }

    /// The end of every Mission ended by `version`, oldest first: each folded on from the
    /// one before (Missions follow one another closely), or from its nearest checkpoint.
    pub(super) fn mission_ends(&self, version: u64) -> Result<Vec<MissionEnd>, Error> {
        let voided = checkpoint::reaching_back(self.store, self.campaign, Some(version))?;
        let mut ends = Vec::new();
        let mut last: Option<CampaignState> = None;
        for row in self.store.mission_rows(self.campaign, Some(version))? {
            let Ok(recorded) = row.decode() else { continue };
            let Event::MissionEnded(e) = &recorded.event else {
                continue;
            };
            if voided.voided().contains(&row.command_id) {
                continue;
            }
            let end = self.command_end(row.version)?.min(version);
            let Some(end_row) = self.store.row_at(self.campaign, end)? else {
                continue;
            };
            let state = self.state_from(last.take(), end)?;
            ends.extend(service::mission_end(
                &state,
                e.mission,
                end_row.version,
                &end_row.recorded_at,
            ));
            last = Some(state);
        }
        Ok(ends)
    }

    /// The state at `version`, folded on from `earlier` (a state at an earlier version) when
    /// it is near and no void after it reaches back past it, else from the nearest checkpoint.
    fn state_from(&self, earlier: Option<CampaignState>, version: u64) -> Result<CampaignState, Error> {
        let near = |e: &CampaignState| e.version <= version && version - e.version <= checkpoint::INTERVAL;
        if let Some(earlier) = earlier.filter(near) {
            let tail = self
                .store
                .events_between(self.campaign, earlier.version, Some(version))?;
            if !checkpoint::reaches_back(&tail, earlier.version) {
                let voided = voided_commands(&tail);
                return Ok(fold_onto(earlier, &tail, &voided));
            }
        }
        self.state_at(version)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domain::event::{CommandVoided, EkiaRecorded, MissionEnded, RpMovement, SoldierAmount};
    use crate::domain::{Game, MissionResult};
    use crate::rules::tests::{created, enlisted, mission_started, player};
    use crate::store::Store;

    /// A store holding `commands` (each a list of events written together, as command-N)
    /// in the campaign "test", and the times each version was recorded at.
    pub(in crate::query) fn log(commands: Vec<Vec<Event>>) -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("test.db")).unwrap();
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-29T21:00:00Z")
            .unwrap()
            .to_utc();
        for (n, events) in commands.into_iter().enumerate() {
            let head = store.head("test").unwrap().version;
            store
                .append("test", head, &format!("command-{n}"), &events, at)
                .unwrap();
        }
        (dir, store)
    }

    /// The end of every Mission the campaign "test" of `store` has ended.
    fn mission_ends(store: &Store) -> Vec<MissionEnd> {
        let query = Query::new(store, "test");
        query.mission_ends(query.head().unwrap().version).unwrap()
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
        let (_dir, store) = log(vec![
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
        let ends = mission_ends(&store);
        assert_eq!(ends.len(), 2, "Mission 3 has not ended");
        assert_eq!((ends[0].number, ends[0].name.as_str()), (1, "Cold Start"));
        assert_eq!(xp_of(&ends[0]), [("Wong", 2), ("Reyes", 0)]);
        assert_eq!(ends[0].squad.rp, 8, "between Missions, every active Soldier");
        assert_eq!(ends[0].squad.rp_bank, 4);
        assert_eq!(ends[0].version, 6);
        assert_eq!(xp_of(&ends[1]), [("Wong", 3), ("Reyes", 0), ("Price", 3)]);
        assert_eq!(ends[1].squad.rp, 12);
        assert_eq!(ends[1].squad.rp_bank, 4);
        assert_eq!(ends[1].version, 11);
        assert_eq!(ends[1].recorded_at, "2026-11-29T21:00:00Z");
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
        let (_dir, store) = log(vec![
            vec![created(Game::Modern)],
            vec![enlisted(player("Wong"))],
            vec![mission_started(1, "Cold Start", &["Wong"])],
            vec![suppress],
            // command-4: ended, then voided by command-5.
            vec![ended(1, 9), cleared.clone()],
            vec![Event::CommandVoided(CommandVoided {
                disproofs: Vec::new(),
                version: 5,
                command_id: "command-4".into(),
                why: "too soon".into(),
            })],
            vec![ekia("Wong", 1)],
            vec![ended(1, 2), cleared],
        ]);
        let ends = mission_ends(&store);
        assert_eq!(ends.len(), 1, "the voided end is skipped: {ends:?}");
        assert_eq!(ends[0].version, 10, "the Suppress clearing belongs to the end");
        assert_eq!(xp_of(&ends[0]), [("Wong", 1)]);
        assert_eq!(ends[0].squad.rp_bank, 2, "the voided award is not banked");
    }
}
