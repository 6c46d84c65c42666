//! What `pull` writes into this copy: a server's whole campaign, checked as an import is, or
//! the tail after this copy's head, checked from the state at that head.

use std::io::BufRead;

use crate::Error;
use crate::store::{Head, Store};
use crate::transfer::{self, FastForward, Imported};

/// A server's whole campaign, read from `export` as it arrives, imported into `store`.
pub fn pull_whole(
    store: &mut Store,
    export: impl BufRead,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    transfer::import_from(store, export, progress)
}

/// A server's rows of `campaign` after `here` (the export's JSON Lines, `lines`) appended to
/// this copy, if they continue it.
pub fn pull_tail(store: &mut Store, campaign: &str, here: &Head, lines: &str) -> Result<FastForward, Error> {
    transfer::fast_forward(store, campaign, here, transfer::parse(lines)?)
}
