//! Where a campaign's data is: a database file's size, schema version and campaigns with
//! their heads, and the campaign commands work on, and why that one.

use std::path::Path;

use crate::Error;
use crate::store::{Head, Store, StoreError};

/// The settings key of the campaign selected with `campaign use`.
pub const SELECTED: &str = "selected_campaign";

/// A database file as `muster info` describes it. A file that does not exist is described
/// as missing, never created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct About {
    /// Whether the file exists.
    pub exists: bool,
    /// Its size in bytes (without SQLite's `-wal` and `-shm` files beside it).
    pub bytes: Option<u64>,
    /// The schema version (SQLite's `user_version`): the number of migrations applied.
    pub schema_version: Option<u32>,
    /// Its campaigns, oldest first.
    pub campaigns: Vec<CampaignHead>,
    /// The campaign commands work on, if one is.
    pub selected: Option<Selection>,
}

/// One campaign of the file and its newest event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignHead {
    pub name: String,
    pub head: Head,
}

/// The campaign commands work on and what chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub campaign: String,
    pub by: ChosenBy,
}

/// What chose the campaign commands work on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChosenBy {
    /// Its name was given (a front end knows whether on its command line or in its setting).
    Named,
    /// `campaign use` (or `campaign new`) selected it.
    Setting,
    /// It is the only campaign in the file.
    Only,
}

/// Describes the database at `path`, opened to read only, and the campaign `named` (when
/// given) or else selected.
pub fn about(path: &Path, named: Option<&str>) -> Result<About, Error> {
    let missing = About {
        exists: false,
        bytes: None,
        schema_version: None,
        campaigns: Vec::new(),
        selected: None,
    };
    let Ok(metadata) = std::fs::metadata(path) else {
        return Ok(missing);
    };
    let bytes = Some(metadata.len());
    let store = match Store::open_read_only(path) {
        Ok(store) => store,
        // A file with no schema yet holds nothing.
        Err(StoreError::Missing { .. }) => {
            return Ok(About {
                exists: true,
                bytes,
                schema_version: Some(0),
                ..missing
            });
        }
        Err(e) => return Err(e.into()),
    };
    let campaigns = store
        .campaigns()?
        .into_iter()
        .map(|c| {
            Ok(CampaignHead {
                head: store.head(&c.name)?,
                name: c.name,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(About {
        exists: true,
        bytes,
        schema_version: Some(store.schema_version()?),
        campaigns,
        selected: selection(&store, named)?,
    })
}

/// The campaign commands work on: the one `named` (its name as the file spells it), else the
/// one selected with `campaign use`, else the only one; `None` when `named` names no
/// campaign, or none is named or selected and the file holds other than one.
pub fn selection(store: &Store, named: Option<&str>) -> Result<Option<Selection>, Error> {
    let chosen = |campaign: String, by: ChosenBy| Some(Selection { campaign, by });
    // Looking one campaign up is an index lookup; listing them all scans the log, so that is
    // done only when no campaign is named or selected.
    let exists = |name: &str| -> Result<bool, Error> { Ok(store.head(name)?.version > 0) };
    if let Some(name) = named {
        // Campaign names are compared as Soldier names are: without case, in either form.
        return Ok(store
            .campaign_named(name)?
            .and_then(|found| chosen(found, ChosenBy::Named)));
    }
    if let Some(selected) = store.setting(SELECTED)? {
        if exists(&selected)? {
            return Ok(chosen(selected, ChosenBy::Setting));
        }
    }
    Ok(match store.campaigns()?.as_slice() {
        [only] => chosen(only.name.clone(), ChosenBy::Only),
        _ => None,
    })
}
