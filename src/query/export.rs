//! `export` as a front end asks it: the campaign's lines one at a time, then its trailer.

use super::Query;
use crate::Error;
use crate::store::Head;
use crate::transfer::{Line, Trailer};

impl Query<'_> {
    /// Gives `each` the campaign's export lines, oldest first, as the rows are read (the log
    /// is never held whole); `each` returns false to stop. Then returns the trailer of the
    /// lines given, or `None` when `each` stopped.
    pub fn export(&self, each: &mut dyn FnMut(&Line) -> bool) -> Result<Option<Trailer>, Error> {
        self.export_after(0, each)
    }

    /// [`Query::export`] of the events after version `after` only, read from there: the
    /// trailer then tells of those lines alone.
    pub fn export_after(
        &self,
        after: u64,
        each: &mut dyn FnMut(&Line) -> bool,
    ) -> Result<Option<Trailer>, Error> {
        // The trailer tells of the rows up to the head when the export began, whatever
        // another process appends meanwhile; those rows never change, so reading them a
        // window at a time gives the same lines as one read.
        let end = self.store.head(self.campaign)?.version;
        let mut events = 0;
        let mut head = Head::empty();
        let mut named = self.campaign.to_owned();
        let mut from = after;
        let mut window = Vec::with_capacity(WINDOW);
        while from < end {
            // Each window is read whole in its own short read, and only then given out: a
            // reader that waits on a slow consumer holds no snapshot of the file, so the
            // write-ahead log can be folded into it and does not grow meanwhile.
            let to = end.min(from.saturating_add(WINDOW as u64));
            window.clear();
            self.store.for_each_row(self.campaign, from, Some(to), |row| {
                window.push(row);
                Ok(())
            })?;
            let Some(last) = window.last() else {
                break;
            };
            from = last.version;
            for row in window.drain(..) {
                if !each(&Line::of(&row)) {
                    return Ok(None);
                }
                events += 1;
                named = row.campaign;
                head = Head {
                    version: row.version,
                    hash: row.hash,
                };
            }
        }
        Ok(Some(Trailer::of(&named, events, &head)))
    }
}

/// How many rows an export reads at a time.
const WINDOW: usize = 1024;
