//! Offline play rebased: a copy's events after the point it branched from, placed after the
//! server's head instead (new versions, times never before the head's, the chain made anew),
//! every payload (and so every die face the table saw) kept as it was. Whether the rules
//! give the same outcomes there is the checked fold's to say, on the server.

use crate::Error;
use crate::domain::event::Event;
use crate::store::chain;
use crate::store::{Head, StoredRow};

/// The rows of a branch (its events after the parting, in order) that a rebase moves: all but
/// the campaign's mark (`commands_kept`, a command of its own), which the server's log either
/// has already, so that a second one would be refused, or does without: every moved command
/// carries its command either way, and the server marks its campaign with the next command it
/// records itself.
pub fn to_move(rows: Vec<StoredRow>) -> Vec<StoredRow> {
    rows.into_iter()
        .filter(|row| !matches!(row.decode().map(|r| r.event), Ok(Event::CommandsKept(_))))
        .collect()
}

/// `rows` (the branch's events, in order) placed after `onto`, whose event was recorded at
/// `onto_at`: refused when one voids or amends, whose targets name places in the branch.
pub fn rebase(rows: &[StoredRow], onto: &Head, onto_at: &str) -> Result<Vec<StoredRow>, Error> {
    let mut placed = Vec::with_capacity(rows.len());
    let mut prev = onto.hash.clone();
    for (row, version) in rows.iter().zip(onto.version + 1..) {
        let recorded = row
            .decode()
            .map_err(|e| Error::input(format!("version {} of this copy does not read: {e}", row.version)))?;
        if matches!(recorded.event, Event::CommandVoided(_)) {
            return Err(Error::input(format!(
                "version {} voids an event, and a void or amendment names its target's place, which a rebase moves; nothing pushed: push before voiding, or record the void again after pulling",
                row.version
            )));
        }
        // Times never go back: an event recorded before the server's head is placed at it.
        let recorded_at = if row.recorded_at.as_str() < onto_at {
            onto_at.to_owned()
        } else {
            row.recorded_at.clone()
        };
        let mut moved = StoredRow {
            seq: 0,
            version,
            recorded_at,
            prev_hash: prev.clone(),
            hash: String::new(),
            ..row.clone()
        };
        moved.hash = chain::hash(&prev, &moved.link())
            .ok_or_else(|| Error::input("the server's head is not a hash muster writes; nothing pushed"))?;
        prev.clone_from(&moved.hash);
        placed.push(moved);
    }
    Ok(placed)
}
