//! The floor of reading a campaign's log on one core: a plain reader of the `events` table,
//! with nothing of muster's between it and SQLite but the chain's definition. Its columns are
//! borrowed straight from SQLite (`get_ref`, no copy), the chain is checked exactly as
//! `store/chain.rs` defines it (the previous row's hash, then SHA-256 over the row's fields),
//! and payloads and commands are parsed as JSON without building anything (`IgnoredAny`).
//! The perf bench measures `verify` and `rebuild` against it; a test holds it to reading
//! exactly the rows `verify` checks.

use muster::store::chain::{GENESIS, Link, matches};
use rusqlite::Connection;
use serde::de::IgnoredAny;

/// What the floor's reader met: how many rows, and the last one's version and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    pub rows: u64,
    pub head: Option<(u64, String)>,
}

/// The work the reader does for each row, beyond handing its columns over.
#[derive(Debug, Clone, Copy)]
pub struct Work {
    /// Check the hash chain.
    pub chain: bool,
    /// Parse the payload and the command as JSON.
    pub parse: bool,
}

/// Reads every row of `campaign` in version order, doing `work` on each. Fails naming the
/// first row whose chain or JSON does not hold.
pub fn read(conn: &Connection, campaign: &str, work: Work) -> Result<Read, String> {
    let mut stmt = conn
        .prepare(
            "SELECT version, event_id, command_id, recorded_at, kind, schema, payload, command, \
             prev_hash, hash FROM events WHERE campaign = ?1 ORDER BY version",
        )
        .map_err(|e| e.to_string())?;
    let mut rows = stmt.query([campaign]).map_err(|e| e.to_string())?;
    let mut read = Read { rows: 0, head: None };
    let mut last_hash = GENESIS.to_owned();
    let mut last_version = 0;
    while let Some(row) = rows.next().map_err(|e| e.to_string())? {
        let text = |i: usize| -> Result<&str, String> {
            row.get_ref(i)
                .and_then(|v| v.as_str().map_err(Into::into))
                .map_err(|e| format!("column {i}: {e}"))
        };
        let version: i64 = row.get(0).map_err(|e| e.to_string())?;
        let version = u64::try_from(version).map_err(|e| e.to_string())?;
        let payload = text(6)?;
        let command = row
            .get_ref(7)
            .and_then(|v| v.as_str_or_null().map_err(Into::into))
            .map_err(|e| e.to_string())?;
        if work.parse {
            serde_json::from_str::<IgnoredAny>(payload).map_err(|e| format!("v{version}: {e}"))?;
            if let Some(command) = command {
                serde_json::from_str::<IgnoredAny>(command).map_err(|e| format!("v{version}: {e}"))?;
            }
        }
        let (prev_hash, hash) = (text(8)?, text(9)?);
        if work.chain {
            let schema: i64 = row.get(5).map_err(|e| e.to_string())?;
            let link = Link {
                campaign,
                version,
                event_id: text(1)?,
                command_id: text(2)?,
                recorded_at: text(3)?,
                kind: text(4)?,
                schema: u32::try_from(schema).map_err(|e| e.to_string())?,
                payload,
                command,
            };
            if prev_hash != last_hash || !matches(prev_hash, &link, hash) {
                return Err(format!("v{version}: the chain does not hold"));
            }
        }
        // The buffer is reused: a copy of 64 bytes a row, no allocation.
        hash.clone_into(&mut last_hash);
        read.rows += 1;
        last_version = version;
    }
    if read.rows > 0 {
        read.head = Some((last_version, last_hash));
    }
    Ok(read)
}
