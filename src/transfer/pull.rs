//! A pull's fast-forward: the rows another copy of a campaign holds after this copy's head,
//! checked by the checked fold from the local state at that head (the log before it is not
//! read again) and appended in one transaction, or refused whole; a server lands a long one
//! in parts, each ending where a command ends.

use std::collections::BTreeSet;
use std::ops::Range;

use crate::Error;
use crate::checkpoint;
use crate::domain::fold::Voided;
use crate::domain::logged::Logged;
use crate::domain::state::CampaignState;
use crate::projection::blame::index;
use crate::rules::void::Stored;
use crate::store::{Head, Known, Store, StoreError, StoredRow};
use crate::verify::{CheckedUpTo, Earlier, Ground, Verifier};

/// How a fast-forward ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FastForward {
    /// The rows were checked and appended: how many, and the new head.
    Added { added: usize, head: Head },
    /// The rows do not continue this copy's head: the copies have diverged.
    DoesNotContinue,
}

/// Rows another copy sent, checked against this copy's head and not yet appended: what
/// [`land`] appends, under the write lock, if the campaign is still at that head.
pub struct Checked {
    campaign: String,
    here: Head,
    rows: Vec<StoredRow>,
    /// The state after the rows, from the checked fold: the newest checkpoint once they land.
    state: CampaignState,
}

impl Checked {
    /// The campaign the rows continue.
    pub fn campaign(&self) -> &str {
        &self.campaign
    }

    /// The head the rows were checked on.
    pub fn head_before(&self) -> &Head {
        &self.here
    }

    /// How many rows would land.
    pub fn added(&self) -> usize {
        self.rows.len()
    }

    /// The campaign's head once they land.
    pub fn head_after(&self) -> Head {
        self.rows.last().map_or_else(
            || self.here.clone(),
            |row| Head {
                version: row.version,
                hash: row.hash.clone(),
            },
        )
    }
}

/// Appends to `campaign` (at `here` in `store`) `rows`, the events after `here` as another
/// copy exported them (`transfer::parse` reads them), once the checked fold finds nothing
/// in them.
pub fn fast_forward(
    store: &mut Store,
    campaign: &str,
    here: &Head,
    rows: Vec<StoredRow>,
) -> Result<FastForward, Error> {
    match check(store, campaign, here, rows)? {
        Checking::Continues(checked) => land(store, *checked),
        Checking::DoesNotContinue => Ok(FastForward::DoesNotContinue),
        Checking::Nothing => Ok(FastForward::Added {
            added: 0,
            head: here.clone(),
        }),
    }
}

/// How a check of the rows sent ended.
pub enum Checking {
    /// They continue `here` and the checked fold finds nothing in them.
    Continues(Box<Checked>),
    /// They do not continue this copy's head: the copies have diverged.
    DoesNotContinue,
    /// None was sent.
    Nothing,
}

/// Checks `rows` as the continuation of `campaign` at `here`, reading only: on any
/// connection, even one that cannot write (a server checks a push beside the commands it
/// records, and only [`land`]s it on its writer).
pub fn check(store: &Store, campaign: &str, here: &Head, rows: Vec<StoredRow>) -> Result<Checking, Error> {
    let Some(first) = rows.first() else {
        return Ok(Checking::Nothing);
    };
    if let Some(other) = rows.iter().find(|r| r.campaign != campaign) {
        return Err(Error::input(format!(
            "the events sent are of campaign '{}', not '{campaign}'; nothing written",
            other.campaign
        )));
    }
    if first.version != here.version + 1 || first.prev_hash != here.hash {
        return Ok(Checking::DoesNotContinue);
    }
    // A face claimed of a seed this file keeps is checked now, revealed or not.
    let mut known =
        checkpoint::reaching_back(store, campaign, Some(here.version))?.holding(store.seeds_of(campaign)?);
    // The commands voided up to the head, before the rows sent add theirs.
    let voided = known.voided().clone();
    for row in &rows {
        let recorded = row.decode().map_err(|e| {
            Error::input(format!(
                "the version {} sent does not read: {e}; nothing written",
                row.version
            ))
        })?;
        known.note(&recorded);
    }
    let state = checkpoint::state_before(store, campaign, here.version + 1, &known)?;
    let recorded_at = store.row_at(campaign, here.version)?.map(|r| r.recorded_at);
    let checked = CheckedUpTo {
        head: here.clone(),
        recorded_at,
        state,
        voided,
        greatest_command: store.greatest_command_id(campaign)?,
    };
    let count = u64::try_from(rows.len()).unwrap_or(u64::MAX);
    let mut verifier = Verifier::resume(campaign, count, known, checked);
    let mut earlier = Tail {
        store,
        campaign,
        after: here.version,
        rows: &rows,
    };
    for row in &rows {
        verifier.push(row.borrowed(), &mut earlier)?;
    }
    let (report, state) = verifier.finish_with_state();
    if let Some(finding) = report.findings.first() {
        return Err(Error::input(format!(
            "the events sent after v{} do not verify as the log they would continue ({} problem{}); nothing written; first: {}{}",
            here.version,
            report.findings.len(),
            if report.findings.len() == 1 { "" } else { "s" },
            finding
                .version
                .map(|v| format!("version {v}: "))
                .unwrap_or_default(),
            finding.problem
        )));
    }
    // Event ids are unique within a campaign: an event that reuses one is not an event of
    // this campaign's log, and is named rather than left to fail the insert.
    let mut ids = BTreeSet::new();
    for row in &rows {
        if !ids.insert(row.event_id.as_str()) || store.holds_event_id(campaign, &row.event_id)? {
            return Err(Error::input(format!(
                "the event id {} of version {} is already an event's in campaign {campaign}; nothing written",
                row.event_id, row.version
            )));
        }
    }
    Ok(Checking::Continues(Box::new(Checked {
        campaign: campaign.to_owned(),
        here: here.clone(),
        rows,
        state,
    })))
}

/// Appends rows [`check`] found continue the campaign, in one transaction, if the campaign
/// is still at the head they were checked on; else appends nothing.
pub fn land(store: &mut Store, checked: Checked) -> Result<FastForward, Error> {
    let whole = 0..checked.rows.len();
    let here = checked.here.clone();
    land_part(store, &checked, (whole, &mut Landing::default()), &here)
}

impl Checked {
    /// The rows in parts of at least `size` rows each (the last may hold fewer), each ending
    /// where a command ends: what [`land_part`] lands one after another, so that a long tail
    /// holds a writer for one part at a time and a part stopped halfway leaves whole commands.
    pub fn parts(&self, size: usize) -> Vec<Range<usize>> {
        let mut parts = Vec::new();
        let mut start = 0;
        for (i, pair) in self.rows.windows(2).enumerate() {
            // Between two rows of one command is no place to stop.
            if i + 1 - start >= size.max(1) && pair[0].command_id != pair[1].command_id {
                parts.push(start..i + 1);
                start = i + 1;
            }
        }
        if start < self.rows.len() {
            parts.push(start..self.rows.len());
        }
        parts
    }
}

/// What one part of checked rows landing leaves for the next ([`land_part`]).
#[derive(Default)]
pub struct Landing {
    /// The state blame's index of the campaign is made up to, once a part made it.
    indexed: Option<CampaignState>,
}

/// Appends the checked rows in `part` (one of [`Checked::parts`]) in one transaction, if the
/// campaign is at `here`, the head before them; else appends nothing. The part that ends the
/// rows keeps the checked fold's state as the newest checkpoint.
///
/// Blame's index follows each part, from where the part before left it (`landing`). Left to
/// the last part on a writer of groups, the first commits after it would each catch up a
/// thousand of the rows (about 10 ms of the writer each) while other campaigns' commands wait
/// behind them.
pub fn land_part(
    store: &mut Store,
    checked: &Checked,
    (part, landing): (Range<usize>, &mut Landing),
    here: &Head,
) -> Result<FastForward, Error> {
    let last = part.end == checked.rows.len();
    let Some(rows) = checked.rows.get(part) else {
        return Err(Error::input("no such part of the rows sent; nothing written"));
    };
    let head = match store.append_rows(&checked.campaign, here, rows) {
        Ok(head) => head,
        Err(StoreError::Conflict { .. }) => return Ok(FastForward::DoesNotContinue),
        Err(e) => return Err(e.into()),
    };
    // Caches. Blame's index folds only this part's rows, from the state the last part left it
    // at (a new campaign's first part folds from its start, a continued campaign's from its
    // newest checkpoint): a cache, so one that could not be made is caught up from the
    // checkpoint below later (on a writer of groups, once it has time). An index left for
    // `muster rebuild` is told so from its own row, reading nothing more, at each part.
    landing.indexed = index::refresh_carrying(store, &checked.campaign, landing.indexed.take())
        .ok()
        .flatten();
    // Once the last part has landed, the checked fold's state is the newest checkpoint.
    if last {
        let _cache_only = checkpoint::save(store, &checked.campaign, &checked.state);
        if landing.indexed.is_none() {
            index::after_write(store, &checked.campaign, None);
        }
    }
    Ok(FastForward::Added {
        added: rows.len(),
        head,
    })
}

/// The log before a row being checked: this copy's rows up to `after`, then the rows pulled.
struct Tail<'a> {
    store: &'a Store,
    campaign: &'a str,
    after: u64,
    rows: &'a [StoredRow],
}

impl Earlier for Tail<'_> {
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError> {
        if version <= self.after {
            return self.store.command_at(self.campaign, version);
        }
        Ok(self
            .rows
            .iter()
            .find(|r| r.version == version)
            .map(|r| (r.command_id.clone(), r.kind.clone())))
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        let pulled = self
            .rows
            .iter()
            .take_while(|r| r.version < version)
            .any(|r| r.command_id == command_id);
        Ok(pulled
            || self
                .store
                .command_before(self.campaign, command_id, version.min(self.after + 1))?)
    }

    fn ground_from(
        &mut self,
        named: u64,
        at: u64,
        voided: &Voided,
        known: &Known,
    ) -> Result<Option<Ground>, StoreError> {
        // This copy's rows from the command named, then the pulled rows before the void.
        let Some(first) = self.store.command_start(self.campaign, named)? else {
            return Ok(None);
        };
        let here = self
            .store
            .rows_between(self.campaign, first.saturating_sub(1), Some(self.after))?;
        let pulled = self.rows.iter().take_while(|r| r.version < at);
        let (mut log, mut stored) = (Vec::new(), Stored::new());
        for (row, ours) in here.iter().map(|r| (r, true)).chain(pulled.map(|r| (r, false))) {
            // A pulled row that does not read is reported where it stands; one of this copy's
            // is damage.
            let recorded = match row.decode() {
                Ok(recorded) => recorded,
                Err(e) if ours => {
                    let at = format!("version {} of '{}'", row.version, self.campaign);
                    return Err(StoreError::Damaged(format!("{at}: {e}")));
                }
                Err(_) => return Ok(None),
            };
            if let Some(command) = row
                .command
                .as_deref()
                .and_then(|c| Logged::decode(c).ok()?.played())
            {
                stored.insert(recorded.command_id.clone(), command);
            }
            log.push(recorded);
        }
        let base = checkpoint::state_before_voiding(self.store, self.campaign, first, known, voided)?;
        Ok(Some(Ground { base, log, stored }))
    }
}
