//! Export and import: a campaign as JSON Lines, one event per line with its ids and hashes,
//! ended by a trailer line that says how many events the file holds and where they end.
//!
//! Import reads its input once, checks every row (hashes, the chain, payloads, the fold) and
//! writes in one transaction, rolled back on any finding, so a bad file leaves the database
//! as it was.

mod import;
mod line;
mod lines;
mod name;
mod pull;
mod rebase;
mod received;
mod survey;
mod trailer;
mod writer;

use crate::Error;
use crate::store::{Store, StoredRow};
pub use import::{Imported, import_at, import_from};
pub use line::{Line, MAX_ID, dated_after, export};
use line::{parse_line, settle_hash};
pub use name::check_imported_name;
pub use pull::{Checked, Checking, FastForward, Landing, check, fast_forward, land, land_part};
pub use rebase::{rebase, to_move};
pub use received::read_received;
use trailer::{Ending, LastEvent};
pub use trailer::{Trailer, TrailerHead};

/// Parses an export file: one JSON object per non-blank line, and the trailer, if there is
/// one, last; a trailer that disagrees with the rows before it is refused.
pub fn parse(text: &str) -> Result<Vec<StoredRow>, Error> {
    let mut ending = Ending::default();
    let mut rows: Vec<StoredRow> = Vec::new();
    let mut last_number = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() || ending.read(number, line)? {
            continue;
        }
        let mut row = parse_line(number, line)?;
        settle_hash(&mut row);
        rows.push(row);
        last_number = number;
    }
    if let Some(last) = rows.last() {
        let events = u64::try_from(rows.len()).unwrap_or(u64::MAX);
        let last_event = LastEvent {
            number: last_number,
            version: last.version,
            hash: &last.hash,
        };
        ending.check(&last.campaign, events, &last_event)?;
    }
    Ok(rows)
}

/// Imports an export file's text into `store` (see [`import_from`]).
pub fn import(store: &mut Store, text: &str) -> Result<Imported, Error> {
    import_from(store, text.as_bytes(), &mut |_, _| {})
}
