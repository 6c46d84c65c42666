//! Whose a command is: the recorder its first row names, and the last command a recorder
//! recorded that still stands, for an undo that takes back only one's own commands.

use std::collections::BTreeSet;

use super::Query;
use super::log::recorded_by;
use crate::Error;
use crate::domain::codec;
use crate::domain::event::Event;
use crate::projection::summary::summary;

/// How many rows are read at a time, newest first, looking for a recorder's last command.
const WINDOW: u64 = 512;

/// A command as its first row keeps it: where it begins and who recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    pub first_version: u64,
    pub command_id: String,
    /// `None` for a command recorded before the log kept who recorded each.
    pub recorded_by: Option<String>,
}

impl Query<'_> {
    /// The command that wrote `version`, as its first row keeps it; `None` when no event of
    /// the campaign has that version.
    pub fn recorded(&self, version: u64) -> Result<Option<Recorded>, Error> {
        let Some(first) = self.store.command_start(self.campaign, version)? else {
            return Ok(None);
        };
        let rows = self
            .store
            .rows_between(self.campaign, first.saturating_sub(1), Some(first))?;
        Ok(rows.first().map(|row| Recorded {
            first_version: first,
            command_id: row.command_id.clone(),
            recorded_by: row.command.as_deref().and_then(recorded_by),
        }))
    }

    /// Whether the command that wrote `version` was sent to a server by `sender` (a token's
    /// name, or a phone's name within its invite), as the server kept who sent each: a name
    /// alone does not say whose a command is, since a phone may join under any name.
    pub fn sent_by(&self, version: u64, sender: &str) -> Result<bool, Error> {
        let Some(recorded) = self.recorded(version)? else {
            return Ok(false);
        };
        let actor = self.store.served_actor(self.campaign, &recorded.command_id)?;
        Ok(actor.as_deref() == Some(sender))
    }

    /// The first command after `seen` that `sender` did not send, as its first version and
    /// summary, with who recorded it (`None`: before the log kept who): what moved the campaign
    /// on under a page that showed it at `seen`. `None` when every command since is the sender's.
    pub fn overtaken_since(
        &self,
        seen: u64,
        sender: &str,
    ) -> Result<Option<(u64, String, Option<String>)>, Error> {
        let rows = self.store.rows_between(self.campaign, seen, None)?;
        for command in rows.chunk_by(|a, b| a.command_id == b.command_id) {
            let Some(first) = command.first() else { continue };
            let actor = self.store.served_actor(self.campaign, &first.command_id)?;
            if actor.as_deref() != Some(sender) {
                let said = codec::decode(&first.kind, first.schema, &first.payload)
                    .map(|event| summary(&event))
                    .unwrap_or_default();
                return Ok(Some((
                    first.version,
                    said,
                    first.command.as_deref().and_then(recorded_by),
                )));
            }
        }
        Ok(None)
    }

    /// The first version of the last command `name` recorded that still stands (neither a
    /// void nor voided since), if any.
    pub fn last_recorded_by(&self, name: &str) -> Result<Option<u64>, Error> {
        self.last_recorded_within(name, u64::MAX)
    }

    /// [`Query::last_recorded_by`] among the newest `rows` events only: what a page that is
    /// drawn on every change can afford to ask of a long log (a recorder with nothing there
    /// has nothing to undo from it).
    pub fn last_recorded_within(&self, name: &str, rows: u64) -> Result<Option<u64>, Error> {
        self.last_of(name, None, rows)
    }

    /// [`Query::last_recorded_within`] among the commands `sender` sent to a server only
    /// ([`Query::sent_by`]): another token, phone or command line recording under the same
    /// name does not hide the caller's own last command.
    pub fn last_sent_within(&self, name: &str, sender: &str, rows: u64) -> Result<Option<u64>, Error> {
        self.last_of(name, Some(sender), rows)
    }

    /// The first version of the last command `name` recorded (and `sender` sent, if given)
    /// that still stands, among the newest `rows` events.
    fn last_of(&self, name: &str, sender: Option<&str>, rows: u64) -> Result<Option<u64>, Error> {
        let head = self.head()?.version;
        let oldest = head.saturating_sub(rows);
        let mut upto = head;
        // Read newest first, so every void is read before the commands it voids.
        let mut voided: BTreeSet<String> = BTreeSet::new();
        // The commands read so far with an event of their own besides voids: one of them
        // that begins with a void is an amendment, a command as any other.
        let mut correcting: BTreeSet<String> = BTreeSet::new();
        while upto > oldest {
            let after = upto.saturating_sub(WINDOW).max(oldest);
            let rows = self.store.rows_between(self.campaign, after, Some(upto))?;
            for row in rows.iter().rev() {
                let voids = row.kind == "command_voided";
                if voids
                    && let Ok(Event::CommandVoided(v)) = codec::decode(&row.kind, row.schema, &row.payload)
                {
                    voided.insert(v.command_id);
                }
                if row.kind != "command_voided" && row.kind != "rp_award_revised" {
                    correcting.insert(row.command_id.clone());
                }
                // A plain void (an undo among them) is not taken back, so the undo after it
                // walks on to the command before; an amendment's void is the amendment's.
                if voids && !correcting.contains(&row.command_id) {
                    continue;
                }
                let mine = row
                    .command
                    .as_deref()
                    .and_then(recorded_by)
                    .is_some_and(|by| by == name);
                let sent = match sender {
                    Some(sender) if mine => {
                        self.store
                            .served_actor(self.campaign, &row.command_id)?
                            .as_deref()
                            == Some(sender)
                    }
                    _ => true,
                };
                if mine && sent && !voided.contains(&row.command_id) {
                    return Ok(Some(row.version));
                }
            }
            upto = after;
        }
        Ok(None)
    }

    /// The Soldiers whose enlistment `name` recorded, by name as enlisted: a player's own,
    /// which a page shows first.
    pub fn enlisted_by(&self, name: &str) -> Result<BTreeSet<String>, Error> {
        let mut own = BTreeSet::new();
        for row in self.store.enlisting_rows(self.campaign)? {
            // Who recorded the command is on its first row; an enlistment is its command's
            // first event, or the command's first row is read.
            let by = match row.command.as_deref().and_then(recorded_by) {
                Some(by) => Some(by),
                None => self.recorded(row.version)?.and_then(|r| r.recorded_by),
            };
            if by.as_deref() == Some(name)
                && let Ok(Event::SoldierEnlisted(enlisted)) =
                    codec::decode(&row.kind, row.schema, &row.payload)
            {
                own.insert(enlisted.card.name);
            }
        }
        Ok(own)
    }

    /// The one-line summary of the event at `version`, read from its row alone (not whether
    /// it was voided, which `show` reads the log for): what an undo button names.
    pub fn summary_at(&self, version: u64) -> Result<Option<String>, Error> {
        let rows = self
            .store
            .rows_between(self.campaign, version.saturating_sub(1), Some(version))?;
        Ok(rows
            .first()
            .and_then(|row| codec::decode(&row.kind, row.schema, &row.payload).ok())
            .map(|event| summary(&event)))
    }
}
