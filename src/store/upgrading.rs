//! The notice a front end may give as a file is brought up to this version's schema: an
//! upgrade that makes the log's table again takes minutes on a large file, and a command (or a
//! server) that says nothing meanwhile looks stuck. The library itself prints nothing.

use std::sync::OnceLock;

use rusqlite::Connection;

/// A file about to be brought up to this version's schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Upgrade {
    /// The schema it has: how many of the migrations it has had.
    pub from: usize,
    /// The schema it is brought to.
    pub to: usize,
    /// How many events its log holds.
    pub events: u64,
}

/// What the front end does before a file is upgraded.
static NOTICE: OnceLock<fn(&Upgrade)> = OnceLock::new();

/// Has `notice` run before each file is brought up to this version's schema; the first front
/// end to ask keeps it for the life of the process.
pub fn on_upgrading(notice: fn(&Upgrade)) {
    let _first_kept = NOTICE.set(notice);
}

/// The migrations that make or change only tables of the server's own (tokens, heads
/// witnessed, who reaches which campaign), never one as long as the log: an upgrade of these
/// alone takes no time whatever the log's length.
const QUICK: &[usize] = &[13, 14, 23];

/// Whether bringing a file from schema `from` to `to` may take long on a large log: some
/// migration between reads or writes a table as long as the log.
fn may_take_long(from: usize, to: usize) -> bool {
    (from + 1..=to).any(|migration| !QUICK.contains(&migration))
}

/// Tells the front end that the file on `conn`, of schema `from`, is about to be brought to
/// schema `to`, when that may take long.
pub(super) fn tell(conn: &Connection, from: usize, to: usize) {
    let Some(notice) = NOTICE.get().filter(|_| may_take_long(from, to)) else {
        return;
    };
    // The last row's number rather than a count: the notice must not cost a scan of the log
    // the upgrade is about to read. A log that cannot be read is the upgrade's to report.
    let events = conn
        .query_row("SELECT COALESCE(MAX(seq), 0) FROM events", [], |row| {
            row.get::<_, i64>(0)
        })
        .map_or(0, |last| u64::try_from(last).unwrap_or(0));
    notice(&Upgrade { from, to, events });
}

#[cfg(test)]
mod tests {
    use super::may_take_long;

    #[test]
    fn an_upgrade_of_the_servers_own_tables_alone_is_quick_and_one_past_the_log_may_take_long() {
        assert!(
            !may_take_long(22, 23),
            "23 adds columns to the server's own tables"
        );
        assert!(!may_take_long(12, 14));
        assert!(may_take_long(21, 23), "22 makes the log's table again");
        assert!(may_take_long(0, 23));
    }
}
