//! Whose file this is: muster marks its databases (`PRAGMA application_id`) and refuses,
//! before changing anything, a file that holds another application's tables.

use rusqlite::Connection;

use super::{StoreError, held};

/// muster's mark in the SQLite header: "MUST".
pub(super) const APPLICATION_ID: i32 = 0x4D55_5354;

/// Reads the SQLite header of the file at `path` (its first 100 bytes) before SQLite opens
/// it, so that a read of a file that is not a database, is cut short, is another
/// application's or a newer muster's, leaves nothing beside it (a reader cannot remove the
/// write-ahead log files SQLite makes). An empty file passes: it holds no database yet, and
/// so does a file this process holds open through SQLite already (checked when first opened).
pub(super) fn check_header(path: &std::path::Path, known: usize) -> Result<(), StoreError> {
    use std::io::Read;
    let shown = path.display().to_string();
    let damaged = |why: &str| StoreError::Unreadable {
        path: shown.clone(),
        why: why.to_owned(),
    };
    // Read, and the file closed, before any connection of this process can take a lock on it;
    // a file this process holds through SQLite is not opened again (its header was checked).
    let read = held::outside_sqlite(path, |mut file| {
        let length = file.metadata().map(|m| m.len()).unwrap_or(0);
        let mut header = [0u8; 100];
        let whole = length > 0 && file.read_exact(&mut header).is_ok();
        (length, whole.then_some(header))
    });
    let (length, header) = match read {
        None => return Ok(()),
        Some(Ok(read)) => read,
        Some(Err(e)) => {
            return Err(StoreError::Open {
                path: shown,
                reason: e.to_string(),
            });
        }
    };
    if length == 0 {
        return Ok(());
    }
    let Some(header) = header.filter(|h| h.starts_with(b"SQLite format 3\0")) else {
        return Err(damaged("file is not a database (no SQLite header)"));
    };
    let word = |at: usize| u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size if size >= 512 && size.is_power_of_two() => u64::from(size),
        _ => {
            return Err(damaged(
                "file is not a database (its page size is not one SQLite writes)",
            ));
        }
    };
    // The page count in the header holds when its change counter is current, and when no
    // write-ahead log beside the file may still hold pages not yet copied into it.
    let pages = u64::from(word(28));
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let settled = !std::path::Path::new(&wal).exists();
    if settled && word(24) == word(92) && pages.saturating_mul(page_size) > length {
        return Err(damaged(
            "the database disk image is malformed: the file is shorter than its header says (cut short?)",
        ));
    }
    let signed = |at: usize| {
        i64::from(i32::from_be_bytes([
            header[at],
            header[at + 1],
            header[at + 2],
            header[at + 3],
        ]))
    };
    let user_version = signed(60);
    let application = signed(68);
    if application != 0 && application != i64::from(APPLICATION_ID) {
        return Err(StoreError::Foreign {
            path: shown,
            why: format!("its SQLite header names application {application:#x}"),
        });
    }
    if usize::try_from(user_version).is_ok_and(|v| v > known) {
        return Err(StoreError::TooNew {
            found: user_version,
            known,
        });
    }
    if user_version < 0 {
        return Err(StoreError::Foreign {
            path: shown,
            why: format!("its schema version is {user_version}, which no muster writes"),
        });
    }
    Ok(())
}

/// Refuses the file at `path` unless it is muster's: marked as muster's, or empty (a new
/// file), or, from before the mark, holding muster's own `events` table with a schema
/// version muster wrote. Reads the header and the schema only.
pub(super) fn check_ours(conn: &Connection, path: &str) -> Result<(), StoreError> {
    let read = |sql: &str| conn.query_row(sql, [], |row| row.get::<_, i64>(0));
    let id = read("PRAGMA application_id")?;
    let version = read("PRAGMA user_version")?;
    let tables = read("SELECT count(*) FROM sqlite_master WHERE type = 'table'")?;
    let has_events = read("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'")? > 0;
    // muster's own tables, all made by its first migrations in one transaction: a file
    // another muster is creating this moment shows them before its schema version.
    let has_all = read(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'
           AND name IN ('events', 'settings', 'seeds', 'checkpoints')",
    )? == 4;
    let foreign = |why: String| StoreError::Foreign {
        path: path.to_owned(),
        why,
    };
    if version < 0 {
        return Err(foreign(format!(
            "its schema version is {version}, which no muster writes"
        )));
    }
    if id == i64::from(APPLICATION_ID) || (id == 0 && tables == 0) {
        return Ok(());
    }
    if id != 0 {
        return Err(foreign(format!("its SQLite header names application {id:#x}")));
    }
    if (has_events && version > 0) || has_all {
        return Ok(());
    }
    Err(foreign(format!(
        "it holds {tables} table(s) of another application"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(setup: &str) -> Result<(), StoreError> {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(setup).unwrap();
        check_ours(&conn, "test.db")
    }

    #[test]
    fn only_an_empty_file_or_muster_s_own_is_taken() {
        assert!(check("").is_ok(), "a new file");
        assert!(
            check(&format!(
                "PRAGMA application_id = {APPLICATION_ID}; CREATE TABLE x(a);"
            ))
            .is_ok()
        );
        assert!(
            check("CREATE TABLE events(a); PRAGMA user_version = 7;").is_ok(),
            "an older muster's file"
        );
        let notes = check("CREATE TABLE notes(text);").err().map(|e| e.to_string());
        assert!(
            notes.is_some_and(|m| m.contains("not a muster database")),
            "another application's file"
        );
        assert!(
            check("CREATE TABLE events(a);").is_err(),
            "an events table no muster migrated"
        );
        let creating = "CREATE TABLE events(a); CREATE TABLE settings(a); CREATE TABLE seeds(a); CREATE TABLE checkpoints(a);";
        assert!(
            check(creating).is_ok(),
            "a file another muster is creating this moment"
        );
        assert!(check("PRAGMA application_id = 42;").is_err());
        let negative = check("PRAGMA user_version = -1;").err().map(|e| e.to_string());
        assert!(negative.is_some_and(|m| m.contains("-1, which no muster writes")));
    }
}
