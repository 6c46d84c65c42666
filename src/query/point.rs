//! A point in the log (`--as-of`) found on the store's indexes and in one pass over the
//! rows at most, as `AsOf::resolve` finds it in a log held whole.

use chrono::DateTime;

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::event::Event;
use crate::projection::as_of::AsOf;
use crate::store::{Order, StoreError, StoredRow};

impl Query<'_> {
    /// The version `at` names in a log whose head is `head`: always the end of a command,
    /// since a command's events stand or fall together.
    pub(super) fn point(&self, at: AsOf, head: u64) -> Result<u64, Error> {
        let (named, command) = match at {
            AsOf::Version(v) if (1..=head).contains(&v) => (v, None),
            AsOf::Version(v) => {
                return Err(Error::input(format!(
                    "version {v} does not exist; this campaign's log runs from 1 to {head}"
                )));
            }
            AsOf::Time(at) => {
                let mut first: Option<String> = None;
                let mut last: Option<(u64, String)> = None;
                self.store
                    .scan_rows(self.campaign, (0, head), Order::Ascending, &mut |row| {
                        first.get_or_insert_with(|| row.recorded_at.clone());
                        let before = DateTime::parse_from_rfc3339(&row.recorded_at).is_ok_and(|t| t <= at);
                        if before {
                            last = Some((row.version, row.command_id));
                        }
                        Ok(before)
                    })?;
                let (version, command) = last.ok_or_else(|| {
                    Error::input(format!(
                        "{} is before the campaign began ({}); give a later time",
                        at.to_rfc3339(),
                        first.unwrap_or_default()
                    ))
                })?;
                (version, Some(command))
            }
            AsOf::MissionEnd(n) => return self.mission_end(n, head),
        };
        let command = match command {
            Some(command) => command,
            None => match self.store.command_at(self.campaign, named)? {
                Some((command, _)) => command,
                None => return Ok(named),
            },
        };
        let next = self
            .store
            .next_command_after(self.campaign, named, &command, head)?;
        Ok(next.map_or(head, |after| after - 1))
    }

    /// The last event of the command that ended Mission `mission`, every void applied.
    fn mission_end(&self, mission: u32, head: u64) -> Result<u64, Error> {
        let voided = checkpoint::reaching_back(self.store, self.campaign, None)?
            .voided()
            .clone();
        let mut started = Vec::new();
        let mut ended = None;
        self.store.scan_mission_bounds(self.campaign, head, &mut |row| {
            if voided.contains(&row.command_id) {
                return Ok(true);
            }
            match decoded(&row, self.campaign)? {
                Event::MissionStarted(e) => started.push(e.mission),
                Event::MissionEnded(e) if e.mission == mission => ended = Some(row.command_id),
                _ => {}
            }
            Ok(ended.is_none())
        })?;
        if let Some(command) = ended {
            return Ok(self.store.command_end(self.campaign, &command)?.unwrap_or(head));
        }
        if started.contains(&mission) {
            return Err(Error::input(format!(
                "Mission {mission} has not ended yet; give a version instead (see `muster log --mission {mission}`)"
            )));
        }
        let so_far: Vec<String> = started.iter().map(u32::to_string).collect();
        Err(Error::input(format!(
            "there is no Mission {mission} in this campaign; missions so far: {}",
            so_far.join(", ")
        )))
    }
}

/// The event `row` holds, or the store's error naming the row that no longer decodes.
pub(super) fn decoded(row: &StoredRow, campaign: &str) -> Result<Event, StoreError> {
    row.decode()
        .map(|recorded| recorded.event)
        .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))
}
