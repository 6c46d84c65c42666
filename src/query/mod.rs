//! The query side: every read a front end shows, over a store and a campaign name (the
//! roster at any point, service records, the log, one event, blame, diff, a Mission, the
//! rules in force, verify and export, and what a database file holds), each returning plain
//! data or a library [`Error`].
//!
//! Writes go through `app`; front ends read only through here, so the command line and any
//! other front end show the same numbers, and none of them reads the store directly.

mod about;
mod campaigns;
mod chronicle;
mod copies;
mod elsewhere;
mod ended;
mod export;
#[cfg(test)]
mod flat_tests;
mod log;
mod mine;
mod names;
mod offers;
mod points;
#[cfg(test)]
mod tests;
mod verified;

use std::collections::BTreeSet;

use serde::Serialize;

use crate::Error;
use crate::checkpoint;
use crate::domain::Game;
use crate::domain::event::Event;
use crate::projection::as_of::AsOf;
use crate::projection::blame::{self, Blame};
use crate::projection::diff::{self, Difference};
use crate::projection::mission::{self, MissionSummary};
use crate::projection::roster::{self, Point, Roster};
use crate::projection::service::MissionEnd;
use crate::projection::show::{self, Shown};
use crate::store::{Head, Store};
pub use about::{About, CampaignHead, ChosenBy, SELECTED, Selection, about, selection};
pub use campaigns::{
    CampaignLine, CampaignListing, RulesInForce, RulesLine, campaign_lines, campaigns, new_campaign_name,
};
pub use copies::{data_version, hash_at, head_here, rows_after, seed_commitments};
pub use log::{LogPlan, LogQuery};
pub use mine::Recorded;
pub use names::{Named, Names};
pub use offers::{Offer, offers};
pub use verified::{NotedHead, Verified};

/// Opens the database at `path` to read it only: nothing changes, nothing is created, and a
/// file on read-only media can be read.
pub fn open_read_only(path: &std::path::Path) -> Result<Store, crate::store::StoreError> {
    Store::open_read_only(path)
}

/// The reads of one campaign in one store.
#[derive(Clone, Copy)]
pub struct Query<'a> {
    store: &'a Store,
    campaign: &'a str,
}

/// A roster and the service record behind it: the end of every Mission up to its point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ServiceRecord {
    pub roster: Roster,
    pub mission_ends: Vec<MissionEnd>,
}

/// What changed on the roster between two points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diff {
    pub from: Point,
    pub to: Point,
    /// The campaign's game, whose words say what the differences are of.
    pub game: Game,
    pub differences: Vec<Difference>,
}

impl<'a> Query<'a> {
    /// The reads of `campaign` in `store`.
    pub fn new(store: &'a Store, campaign: &'a str) -> Query<'a> {
        Query { store, campaign }
    }

    /// The campaign's newest event: its version and hash.
    pub fn head(&self) -> Result<Head, Error> {
        Ok(self.store.head(self.campaign)?)
    }

    /// What the cards say about events just written: a Medal drawn names the condition on
    /// its back, the requirement and the benefit; a Medal earned, the requirement met and
    /// the benefit gained (rule 004), when the deck file carried them.
    pub fn card_notes(&self, events: &[Event]) -> Result<Vec<String>, Error> {
        let wanted = events
            .iter()
            .any(|e| matches!(e, Event::MedalDrawn(_) | Event::MedalEarned(_)));
        if !wanted {
            return Ok(Vec::new());
        }
        let state = checkpoint::state_at(self.store, self.campaign, None)?;
        let card = |name: &str| state.medal_deck.as_ref().and_then(|deck| deck.card(name));
        Ok(events
            .iter()
            .filter_map(|event| match event {
                Event::MedalDrawn(e) => card(&e.medal).map(|c| {
                    format!(
                        "{}: drawn when \"{}\"; to earn it: \"{}\"; benefit: \"{}\"",
                        c.name, c.condition, c.requirement, c.benefit
                    )
                }),
                Event::MedalEarned(e) => card(&e.medal).map(|c| {
                    format!(
                        "{} earned by {}: requirement met: \"{}\"; benefit: \"{}\"",
                        c.name, e.soldier, c.requirement, c.benefit
                    )
                }),
                _ => None,
            })
            .collect())
    }

    /// The game the campaign is played in; `None` before its creation is recorded.
    pub fn game(&self) -> Result<Option<Game>, Error> {
        checkpoint::with_state_at_head(self.store, self.campaign, |state| {
            state.info.as_ref().map(|info| info.game)
        })
    }

    /// What may be recorded now, asked of the rules (see [`offers`]).
    pub fn offers(&self) -> Result<Vec<Offer>, Error> {
        checkpoint::with_state_at_head(self.store, self.campaign, |state| offers(self.campaign, state))
    }

    /// The roster now (from the newest checkpoint and the events after it), or at `at`.
    pub fn roster(&self, at: Option<AsOf>) -> Result<Roster, Error> {
        if let Some(at) = at {
            return self.roster_at(at, &self.head()?);
        }
        let (head, recorded_at) = self.store.head_and_time(self.campaign)?;
        let point = Point {
            version: head.version,
            recorded_at: recorded_at.unwrap_or_default(),
            asked: None,
        };
        let held = self.held()?;
        // The state is lent, not copied: a served read of a campaign is mostly this.
        checkpoint::with_state_at_head(self.store, self.campaign, |state| {
            roster::from_state(self.campaign, state, point, head, &held)
        })?
        .ok_or_else(|| self.nothing())
    }

    /// The roster at `at` (now when `None`), folded from the log, with the end of every
    /// Mission up to that point.
    pub fn service_record(&self, at: Option<AsOf>) -> Result<ServiceRecord, Error> {
        let head = self.head()?;
        let roster = match at {
            Some(at) => self.roster_at(at, &head)?,
            None => self.roster(None)?,
        };
        Ok(ServiceRecord {
            mission_ends: self.mission_ends(roster.as_of.version)?,
            roster,
        })
    }

    /// The event at `version` explained, as the log stood at `at` (a later void unknown).
    pub fn show(&self, version: u64, at: Option<AsOf>) -> Result<Shown, Error> {
        let head = self.head()?.version;
        let up_to = match at {
            Some(at) => self.point(at, head)?,
            None => head,
        };
        // The event's own command, the voids of that command and the seeds revealed are all
        // `show` reads: each on its index, never the whole log nor every void.
        let mut rows: Vec<_> = self
            .store
            .command_rows(self.campaign, version)?
            .into_iter()
            .filter(|r| r.version <= up_to)
            .collect();
        if let Some(command_id) = rows.first().map(|r| r.command_id.clone()) {
            rows.extend(self.store.voids_of(self.campaign, &command_id, up_to)?);
        }
        rows.extend(self.store.seeds_revealed(self.campaign, up_to)?);
        rows.sort_by_key(|r| r.version);
        rows.dedup_by_key(|r| r.version);
        show::explain(&rows, version, up_to, &self.held()?)
    }

    /// For every number of `soldier`'s roster row (any case), the events that made it, as
    /// the log stood at `at`.
    pub fn blame(&self, soldier: &str, at: Option<AsOf>) -> Result<Blame, Error> {
        let head = self.head()?.version;
        let up_to = match at {
            Some(at) => self.point(at, head)?,
            None => head,
        };
        // His lines on the index, with the state at the point from its nearest checkpoint.
        let known = checkpoint::reaching_back(self.store, self.campaign, None)?;
        let state = checkpoint::state_at(self.store, self.campaign, Some(up_to))?;
        if let Some(blame) = blame::index::read(self.store, self.campaign, soldier, &state, &known)? {
            return Ok(blame);
        }
        // Else the log is read row by row, never held: only the lines about him are kept.
        let voided = checkpoint::reaching_back(self.store, self.campaign, Some(up_to))?
            .voided()
            .clone();
        let mut blamer = blame::Blamer::new(soldier, &voided);
        let campaign = self.campaign;
        self.store.for_each_row(campaign, 0, Some(up_to), |row| {
            let recorded = row.decode().map_err(|e| {
                crate::store::StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version))
            })?;
            blamer.push(&recorded);
            Ok(())
        })?;
        blamer.finish()
    }

    /// What changed on the roster from `from` to `to`.
    pub fn diff(&self, from: AsOf, to: AsOf) -> Result<Diff, Error> {
        let head = self.head()?;
        let (a, b) = (self.roster_at(from, &head)?, self.roster_at(to, &head)?);
        Ok(Diff {
            differences: diff::diff(&a, &b),
            game: b.game,
            from: a.as_of,
            to: b.as_of,
        })
    }

    /// The summary of Mission `number`, or of the latest Mission when `None`.
    pub fn mission(&self, number: Option<u32>) -> Result<MissionSummary, Error> {
        let head = self.head()?.version;
        // The state now is lent; what `ended` reads of the log writes nothing.
        checkpoint::with_state_at_head(self.store, self.campaign, |now| {
            mission::summary(now, number, |n| self.ended(n, head))
        })?
    }

    /// The commitments of the seeds this file keeps for the campaign.
    pub(super) fn held(&self) -> Result<BTreeSet<String>, Error> {
        let seeds = self.store.seeds_of(self.campaign)?;
        Ok(seeds.into_iter().map(|(commitment, _)| commitment).collect())
    }

    fn nothing(&self) -> Error {
        Error::input(format!("campaign '{}' has no events to show", self.campaign))
    }
}
