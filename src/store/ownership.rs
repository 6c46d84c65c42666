//! Whose file this is: muster marks its databases (`PRAGMA application_id`) and refuses,
//! before changing anything, a file that holds another application's tables.

use rusqlite::Connection;

use super::StoreError;

/// muster's mark in the SQLite header: "MUST".
pub(super) const APPLICATION_ID: i32 = 0x4D55_5354;

/// Refuses the file at `path` unless it is muster's: marked as muster's, or empty (a new
/// file), or, from before the mark, holding muster's own `events` table with a schema
/// version muster wrote. Reads the header and the schema only.
pub(super) fn check_ours(conn: &Connection, path: &str) -> Result<(), StoreError> {
    let read = |sql: &str| conn.query_row(sql, [], |row| row.get::<_, i64>(0));
    let id = read("PRAGMA application_id")?;
    let version = read("PRAGMA user_version")?;
    let tables = read("SELECT count(*) FROM sqlite_master WHERE type = 'table'")?;
    let has_events = read("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'")? > 0;
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
    if has_events && version > 0 {
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
        assert!(check("PRAGMA application_id = 42;").is_err());
        let negative = check("PRAGMA user_version = -1;").err().map(|e| e.to_string());
        assert!(negative.is_some_and(|m| m.contains("-1, which no muster writes")));
    }
}
