//! `log` as a front end streams it: the entries read from the store one row at a time, in
//! either order, the newest few kept in a buffer of their own size, so memory stays flat
//! whatever the log's length.

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::codec;
use crate::domain::event::Event;
use crate::domain::fold::Voided;
use crate::domain::logged::Logged;
use crate::domain::state::RecordedEvent;
use crate::projection::as_of::AsOf;
use crate::projection::history::{self, Entry};
use crate::projection::mission;
use crate::store::{Known, Order, StoreError, StoredRow};

/// Which events `log` lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogQuery {
    /// Only events about this Soldier (any case); refused when there is none by that name.
    pub soldier: Option<String>,
    /// Only events recorded during this Mission, its start and end included.
    pub mission: Option<u32>,
    /// The log as it stood at this point: later events, and the voids among them, unknown.
    pub as_of: Option<AsOf>,
    /// Only the newest this many of the events that pass, oldest first unless `reverse`.
    pub limit: Option<usize>,
    /// Newest first.
    pub reverse: bool,
}

/// When each Mission was in progress: the versions where the Mission in progress changes,
/// oldest first, as `history::entries` tracks it walking the log.
#[derive(Debug, Clone, Default)]
struct Missions {
    changes: Vec<(u64, Option<u32>)>,
}

impl Missions {
    /// The Mission in progress when the event at `version` was recorded.
    fn at(&self, version: u64) -> Option<u32> {
        let after = self.changes.partition_point(|(v, _)| *v <= version);
        after.checked_sub(1).and_then(|i| self.changes[i].1)
    }
}

/// What `log` knows before it reads its rows: the request, the version it lists up to, the
/// commands voided by then, the Soldier's name as recorded and when each Mission ran.
#[derive(Debug, Clone)]
pub struct LogPlan {
    request: LogQuery,
    up_to: u64,
    voided: Voided,
    soldier: Option<String>,
    missions: Missions,
}

impl LogPlan {
    /// The last version listed from: the head, or the point `--as-of` names.
    pub fn up_to(&self) -> u64 {
        self.up_to
    }

    /// The highest Mission number an entry can show, if any Mission was started.
    pub fn highest_mission(&self) -> Option<u32> {
        self.missions.changes.iter().filter_map(|(_, m)| *m).max()
    }
}

impl Query<'_> {
    /// The entries `request` asks for, oldest first (newest first when it asks), held
    /// whole: for short logs; a front end printing a log streams it with [`Query::log_each`].
    pub fn log(&self, request: &LogQuery) -> Result<Vec<Entry>, Error> {
        let mut entries = Vec::new();
        self.log_each(request, &mut |entry| {
            entries.push(entry);
            Ok(true)
        })?;
        Ok(entries)
    }

    /// Gives `each` the entries `request` asks for as the rows are read, never holding the
    /// log; `each` returns false to stop.
    pub fn log_each(
        &self,
        request: &LogQuery,
        each: &mut dyn FnMut(Entry) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        self.log_rows(&self.log_plan(request)?, each)
    }

    /// The `count` events before the newest `skip`, newest first, without the Mission each
    /// was recorded in (which takes reading every Mission's start): what a page drawn on
    /// every change shows, and the log's pages one after another. It reads only the rows
    /// from the oldest listed to the head.
    pub fn newest(&self, skip: u64, count: usize) -> Result<Vec<Entry>, Error> {
        let head = self.head()?.version;
        let up_to = head.saturating_sub(skip);
        // A void comes after what it voids, and is never voided itself: the voids of the
        // listed events are among the rows from them to the head.
        let after = up_to.saturating_sub(u64::try_from(count).unwrap_or(u64::MAX));
        let voided: Voided = self
            .store
            .rows_between(self.campaign, after, Some(head))?
            .iter()
            .filter(|row| row.kind == "command_voided")
            .filter_map(|row| match codec::decode(&row.kind, row.schema, &row.payload) {
                Ok(Event::CommandVoided(v)) => Some(v.command_id),
                _ => None,
            })
            .collect();
        let plan = LogPlan {
            request: LogQuery {
                limit: Some(count),
                reverse: true,
                ..LogQuery::default()
            },
            up_to,
            voided,
            soldier: None,
            missions: Missions::default(),
        };
        let mut entries = Vec::new();
        self.log_rows(&plan, &mut |entry| {
            entries.push(entry);
            Ok(true)
        })?;
        Ok(entries)
    }

    /// Reads what `log` must know before its rows (see [`LogPlan`]), on the store's indexes
    /// and the rows that start and end Missions.
    pub fn log_plan(&self, request: &LogQuery) -> Result<LogPlan, Error> {
        let head = self.head()?.version;
        let up_to = match request.as_of {
            Some(at) => self.point(at, head)?,
            None => head,
        };
        // The newest few of every event are the rows just before the point: a void comes
        // after what it voids, so only the voids among those rows and the Mission in
        // progress before them are read. Any other request may list from the log's start.
        let filtered = request.soldier.is_some() || request.mission.is_some();
        let after = match request.limit {
            Some(limit) if !filtered => up_to.saturating_sub(u64::try_from(limit).unwrap_or(u64::MAX)),
            _ => 0,
        };
        let mut known = Known::default();
        for row in self
            .store
            .rows_reaching_back_after(self.campaign, after, Some(up_to))?
        {
            let recorded = row.decode().map_err(|e| {
                StoreError::Damaged(format!("version {} of '{}': {e}", row.version, self.campaign))
            })?;
            known.note(&recorded);
        }
        let voided = known.voided().clone();
        if let Some(number) = request.mission {
            let state = checkpoint::state_at(self.store, self.campaign, Some(up_to))?;
            if let Some(unknown) = mission::no_such_mission(&state, number) {
                return Err(unknown);
            }
        }
        let soldier = match &request.soldier {
            Some(name) => Some(
                checkpoint::state_at(self.store, self.campaign, Some(up_to))?
                    .find_soldier(name)?
                    .card
                    .name
                    .clone(),
            ),
            None => None,
        };
        let missions = self.missions((after, up_to), &voided)?;
        Ok(LogPlan {
            request: request.clone(),
            up_to,
            voided,
            soldier,
            missions,
        })
    }

    /// Gives `each` the entries `plan` lists, as the rows are read: oldest first, or newest
    /// first when asked; the newest few (`limit`) are read newest first and, unless asked
    /// newest first, given oldest first. `each` returns false to stop.
    pub fn log_rows(
        &self,
        plan: &LogPlan,
        each: &mut dyn FnMut(Entry) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        // Who recorded the command the last row read belongs to: a command's rows are read
        // together, so its first row (or, read newest first, the index) is asked once. Read
        // oldest first from the start of the log, a command's first row is read first: one
        // without a command names nobody, and nothing is asked.
        let mut recorder: Option<(String, Option<String>)> = None;
        let oldest_first = !plan.request.reverse && plan.request.limit.is_none();
        let mut pass = |row: StoredRow| -> Result<Option<Entry>, StoreError> {
            let recorded_by = match (&recorder, &row.command) {
                (Some((id, by)), _) if *id == row.command_id => by.clone(),
                (_, Some(command)) => recorded_by(command),
                (_, None) if oldest_first => None,
                (_, None) => self
                    .store
                    .logged_command(self.campaign, &row.command_id)?
                    .as_deref()
                    .and_then(recorded_by),
            };
            if recorder.as_ref().is_none_or(|(id, _)| *id != row.command_id) {
                recorder = Some((row.command_id.clone(), recorded_by.clone()));
            }
            let mission = plan.missions.at(row.version);
            if plan.request.mission.is_some_and(|wanted| mission != Some(wanted)) {
                return Ok(None);
            }
            let event = decoded(&row, self.campaign)?;
            if plan
                .soldier
                .as_deref()
                .is_some_and(|wanted| !history::about(&event, wanted))
            {
                return Ok(None);
            }
            let is_voided = plan.voided.contains(&row.command_id);
            let recorded = RecordedEvent {
                version: row.version,
                command_id: row.command_id,
                recorded_at: row.recorded_at,
                event,
            };
            let entry = history::entry(&recorded, mission, is_voided);
            Ok(Some(Entry { recorded_by, ..entry }))
        };
        let mut failed: Option<Error> = None;
        let mut give = |entry: Entry| match each(entry) {
            Ok(more) => more,
            Err(e) => {
                failed = Some(e);
                false
            }
        };
        let range = (0, plan.up_to);
        match (plan.request.limit, plan.request.reverse) {
            (Some(limit), false) => {
                let mut newest = Vec::new();
                if limit > 0 {
                    self.store
                        .scan_rows(self.campaign, range, Order::Descending, &mut |row| {
                            newest.extend(pass(row)?);
                            Ok(newest.len() < limit)
                        })?;
                }
                for entry in newest.into_iter().rev() {
                    if !give(entry) {
                        break;
                    }
                }
            }
            (limit, reverse) => {
                let order = if reverse {
                    Order::Descending
                } else {
                    Order::Ascending
                };
                let mut left = limit.unwrap_or(usize::MAX);
                if left > 0 {
                    self.store.scan_rows(self.campaign, range, order, &mut |row| {
                        let Some(entry) = pass(row)? else {
                            return Ok(true);
                        };
                        left -= 1;
                        Ok(give(entry) && left > 0)
                    })?;
                }
            }
        }
        failed.map_or(Ok(()), Err)
    }

    /// When each Mission after `after` up to `up_to` was in progress, the commands in
    /// `voided` (every void of a command after `after`) skipped: read from the rows that
    /// start and end Missions there and the last one standing before them, not from the
    /// whole log.
    fn missions(&self, (after, up_to): (u64, u64), voided: &Voided) -> Result<Missions, Error> {
        let mut changes = Vec::new();
        // A Mission ends with the last event of the command that ended it (Suppress cleared
        // after the end still belongs to it): the first event of another command.
        let mut clears_at: Option<u64> = None;
        if after > 0 {
            let before = self.store.last_mission_bound(self.campaign, after, &mut |row| {
                self.stands(&row.command_id, up_to)
            })?;
            if let Some(row) = before {
                match decoded(&row, self.campaign)? {
                    Event::MissionStarted(e) => changes.push((row.version, Some(e.mission))),
                    Event::MissionEnded(e) => {
                        let at = self.store.next_command_after(
                            self.campaign,
                            row.version,
                            &row.command_id,
                            up_to,
                        )?;
                        if at.is_none_or(|at| at > after) {
                            changes.push((row.version, Some(e.mission)));
                            clears_at = at;
                        }
                    }
                    _ => {}
                }
            }
        }
        self.store
            .scan_mission_bounds(self.campaign, (after, up_to), &mut |row| {
                if let Some(at) = clears_at.filter(|at| *at <= row.version) {
                    changes.push((at, None));
                    clears_at = None;
                }
                if voided.contains(&row.command_id) {
                    return Ok(true);
                }
                match decoded(&row, self.campaign)? {
                    Event::MissionStarted(e) => changes.push((row.version, Some(e.mission))),
                    Event::MissionEnded(_) => {
                        clears_at = self.store.next_command_after(
                            self.campaign,
                            row.version,
                            &row.command_id,
                            up_to,
                        )?;
                    }
                    _ => {}
                }
                Ok(true)
            })?;
        changes.extend(clears_at.map(|at| (at, None)));
        Ok(Missions { changes })
    }
}

/// The event `row` holds, or the store's error naming the row that no longer decodes.
fn decoded(row: &StoredRow, campaign: &str) -> Result<Event, StoreError> {
    row.decode()
        .map(|recorded| recorded.event)
        .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))
}

/// Who recorded a command, as its stored form names them; `None` for a form that does not
/// read (`verify` names it).
pub(super) fn recorded_by(command: &str) -> Option<String> {
    Logged::decode(command).ok().map(|logged| logged.recorded_by)
}
