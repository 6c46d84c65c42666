//! What every command shares: the database path, the campaign, the format and the clock.

use std::cell::{RefCell, RefMut};
use std::ops::{Deref, DerefMut};
use std::path::PathBuf;

use chrono::{DateTime, Utc};
use muster::app::{self, Reach, Written};
use muster::clock::{Clock, FixedClock, SystemClock};
use muster::domain::command::Command;
use muster::query::Query;
use muster::rules::void::Request;
use muster::store::Store;

use super::error::CommandError;
use super::output::Format;
use super::written;

/// The environment variable that fixes the clock (RFC 3339), for tests and replays.
const NOW_VARIABLE: &str = "MUSTER_NOW";

/// The global options, resolved.
pub struct Context {
    db: Option<PathBuf>,
    campaign: Option<String>,
    /// Whether `campaign` was given on the command line (else by `MUSTER_CAMPAIGN`).
    campaign_flag: bool,
    pub format: Format,
    pub clock: Box<dyn Clock>,
    /// The token to call a remote with (`--token`, `MUSTER_TOKEN`).
    pub token: Option<String>,
    /// Who records the commands written (`--as NAME`); `None`: the command line, or, on a
    /// connection the server lent, its caller.
    pub recorder: Option<String>,
    /// The campaigns the command may read, write or list: every one on the command line, a
    /// server's caller's own when the server runs it.
    pub reach: Reach,
    /// Set by `muster amend`: the command about to be recorded corrects this one instead of
    /// following it. Taken by the first write.
    amending: RefCell<Option<Amendment>>,
    /// A connection lent by the server, used instead of opening the database afresh: a
    /// command then costs no schema read and finds its statements already prepared.
    lent: RefCell<Option<Store>>,
}

/// The mistaken command `muster amend` corrects, and why.
#[derive(Debug, Clone)]
pub struct Amendment {
    pub version: u64,
    pub why: String,
}

/// An open database: the context's lent connection, or one of the command's own (boxed: a
/// connection keeps its caches beside it).
pub enum Opened<'c> {
    Lent(RefMut<'c, Store>),
    Own(Box<Store>),
}

impl Deref for Opened<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        match self {
            Opened::Lent(store) => store,
            Opened::Own(store) => store,
        }
    }
}

impl DerefMut for Opened<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        match self {
            Opened::Lent(store) => store,
            Opened::Own(store) => store,
        }
    }
}

impl Context {
    /// Resolves the global options and the clock (`MUSTER_NOW` fixes it); `campaign_flag`
    /// tells whether the campaign was named on the command line or in the environment.
    pub fn new(
        db: Option<PathBuf>,
        (campaign, campaign_flag): (Option<String>, bool),
        format: Format,
    ) -> Result<Context, CommandError> {
        let clock: Box<dyn Clock> = match std::env::var(NOW_VARIABLE) {
            Ok(text) => {
                let at = DateTime::parse_from_rfc3339(&text).map_err(|_| {
                    CommandError::refused(format!(
                        "{NOW_VARIABLE}='{}' is not an RFC 3339 time such as 2026-11-29T21:00:00Z; unset it to use the system clock",
                        text.escape_debug()
                    ))
                })?;
                let at = at.with_timezone(&Utc);
                if !muster::clock::recordable(at) {
                    return Err(CommandError::refused(format!(
                        "{NOW_VARIABLE}='{}' is {at} in UTC, outside the years 1970 to 9999 muster records; give a time in them, or unset it to use the system clock",
                        text.escape_debug()
                    )));
                }
                Box::new(FixedClock(at))
            }
            Err(_) => Box::new(SystemClock),
        };
        Ok(Context {
            db,
            campaign,
            campaign_flag,
            format,
            clock,
            token: None,
            recorder: None,
            reach: Reach::Every,
            amending: RefCell::new(None),
            lent: RefCell::new(None),
        })
    }

    /// Lends the context an open connection to the database, which every command it runs
    /// uses instead of opening its own; [`Context::give_back`] returns it.
    pub fn lend(&self, store: Store) {
        *self.lent.borrow_mut() = Some(store);
    }

    /// The connection lent with [`Context::lend`], unless a command still holds it.
    pub fn give_back(&self) -> Option<Store> {
        self.lent.borrow_mut().take()
    }

    /// The lent connection, if one is lent, no other command's store holds it, and it may
    /// write when `to_write`.
    fn borrow_lent(&self, to_write: bool) -> Option<Opened<'_>> {
        let slot = self.lent.try_borrow_mut().ok()?;
        let mut store = RefMut::filter_map(slot, Option::as_mut).ok()?;
        // A connection lent by the server served other callers before this one.
        app::tell_within(&mut store, &self.reach);
        (!to_write || !store.is_read_only()).then_some(Opened::Lent(store))
    }

    /// The database path: `--db`, `MUSTER_DB`, or the platform's data directory.
    pub fn db_path(&self) -> Result<PathBuf, CommandError> {
        if let Some(path) = &self.db {
            return Ok(path.clone());
        }
        directories::ProjectDirs::from("", "", "muster")
            .map(|dirs| dirs.data_dir().join("muster.db"))
            .ok_or_else(|| {
                CommandError::storage(
                    "cannot find this machine's data directory; pass --db PATH or set MUSTER_DB",
                )
            })
    }

    /// Opens the database to write to it (creating it if needed).
    pub fn open(&self) -> Result<Opened<'_>, CommandError> {
        // A lent connection records its caller, named by the server that lent it.
        if let Some(lent) = self.borrow_lent(true) {
            return Ok(lent);
        }
        let mut store = app::open(&self.db_path()?)?;
        app::record_as(&mut store, self.recorder.as_deref());
        app::tell_within(&mut store, &self.reach);
        Ok(Opened::Own(Box::new(store)))
    }

    /// Opens the database to read it only: nothing changes, nothing is created, and a file
    /// on read-only media can be read.
    pub fn open_read(&self) -> Result<Opened<'_>, CommandError> {
        if let Some(lent) = self.borrow_lent(false) {
            return Ok(lent);
        }
        let mut store = muster::query::open_read_only(&self.db_path()?)?;
        app::tell_within(&mut store, &self.reach);
        Ok(Opened::Own(Box::new(store)))
    }

    /// Opens the database to read it only and resolves the campaign to read.
    pub fn open_campaign_read(&self) -> Result<(Opened<'_>, String), CommandError> {
        let store = self.open_read()?;
        let campaign = self.campaign(&store)?;
        Ok((store, campaign))
    }

    /// The campaign named by `--campaign` or `MUSTER_CAMPAIGN`, and whether by the flag.
    pub fn named_campaign(&self) -> Option<(&str, bool)> {
        self.campaign.as_deref().map(|name| (name, self.campaign_flag))
    }

    /// The campaign named by `--campaign`, else the selected one, within reach.
    pub fn campaign(&self, store: &Store) -> Result<String, CommandError> {
        Ok(app::resolve_within(store, self.campaign.as_deref(), &self.reach)?)
    }

    /// Opens the database and resolves the campaign to work on.
    pub fn open_campaign(&self) -> Result<(Opened<'_>, String), CommandError> {
        let store = self.open()?;
        let campaign = self.campaign(&store)?;
        Ok((store, campaign))
    }

    /// Opens the database, records `command` in the campaign and reports what it wrote.
    pub fn execute(&self, command: &Command) -> Result<(), CommandError> {
        self.execute_rolling(command, &[])
    }

    /// Like [`Context::execute`], with the faces entered from real dice (`--die`).
    pub fn execute_rolling(&self, command: &Command, entered: &[i64]) -> Result<(), CommandError> {
        let (mut store, campaign) = self.open_campaign()?;
        let written = match self.amending.borrow_mut().take() {
            Some(_) if !entered.is_empty() => {
                return Err(CommandError::refused(
                    "an amendment carries the faces the mistaken command rolled; drop --die",
                ));
            }
            Some(amendment) => {
                let request = Request {
                    version: amendment.version,
                    why: &amendment.why,
                    cascade: false,
                };
                app::amend(&mut store, &campaign, &request, command, self.clock.as_ref())?
            }
            None => app::execute_rolling(&mut store, &campaign, command, entered, self.clock.as_ref())?,
        };
        let notes = Query::new(&store, &campaign).card_notes(&written.events)?;
        written::print(self.format, &written, &notes)
    }

    /// Makes the next command recorded correct `amendment` instead of following it.
    pub fn amend(&self, amendment: Amendment) {
        *self.amending.borrow_mut() = Some(amendment);
    }

    /// Whether an amendment set with [`Context::amend`] is still waiting for its command.
    pub fn amendment_pending(&self) -> bool {
        self.amending.borrow().is_some()
    }

    /// Prints what a command wrote, in the chosen format.
    pub fn report(&self, written: &Written) -> Result<(), CommandError> {
        written::print(self.format, written, &[])
    }
}
