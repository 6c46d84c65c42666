//! Counting the rows a long pass reads (`verify`, a rebuild, an import) and telling the
//! count now and then, for a progress bar.

/// How many rows go by between two reports of progress.
const PROGRESS_EVERY: u64 = 10_000;

/// Counts the rows a long pass has read and tells its `report` the count now and then: for
/// `verify`, a rebuild and an import.
pub struct Progress<'a> {
    read: u64,
    report: &'a mut dyn FnMut(u64),
}

impl<'a> Progress<'a> {
    /// A count from zero, told to `report`.
    pub fn new(report: &'a mut dyn FnMut(u64)) -> Progress<'a> {
        Progress { read: 0, report }
    }

    /// Counts one more row, telling the count every [`PROGRESS_EVERY`] rows.
    pub fn row(&mut self) {
        self.read += 1;
        if self.read % PROGRESS_EVERY == 0 {
            (self.report)(self.read);
        }
    }

    /// Tells the final count.
    pub fn done(self) {
        (self.report)(self.read);
    }
}
