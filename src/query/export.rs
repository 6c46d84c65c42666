//! `export` as a front end asks it: the campaign's lines one at a time, then its trailer.

use super::Query;
use crate::Error;
use crate::store::{Head, StoreError};
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
        // The trailer tells of the rows given, whatever another process appends meanwhile.
        let mut events = 0;
        let mut head = Head::empty();
        let mut named = self.campaign.to_owned();
        let mut stopped = false;
        let read = self.store.for_each_row(self.campaign, after, None, |row| {
            if !each(&Line::of(&row)) {
                stopped = true;
                return Err(StoreError::Unwritable("the export's reader stopped".to_owned()));
            }
            events += 1;
            named = row.campaign;
            head = Head {
                version: row.version,
                hash: row.hash,
            };
            Ok(())
        });
        match (read, stopped) {
            (_, true) => Ok(None),
            (Err(e), false) => Err(e.into()),
            (Ok(()), false) => Ok(Some(Trailer::of(&named, events, &head))),
        }
    }
}
