//! The file watched for other programs' writes: one kept read-only connection asks SQLite
//! every [`POLL`] whether another connection committed (`PRAGMA data_version`), and when one
//! did, the server's turns move on, which wakes every open page's stream. A command the server
//! records wakes them itself; this is for the command line or any other program on the file.

use std::sync::Arc;
use std::time::Duration;

use muster::query;

use super::server::Server;

/// How often the file is asked whether another program wrote to it.
pub const POLL: Duration = Duration::from_millis(250);

/// Watches the server's file until the server stops; a file that cannot be opened or read is
/// asked again at the next poll.
pub async fn file(server: Arc<Server>) {
    let mut kept: Option<(muster::store::Store, i64)> = None;
    loop {
        tokio::time::sleep(POLL).await;
        let db = server.db.clone();
        let asked = tokio::task::spawn_blocking(move || {
            let (store, seen) = match kept {
                Some(kept) => kept,
                None => {
                    let store = query::open_read_only(&db).ok()?;
                    let version = query::data_version(&store).ok()?;
                    (store, version)
                }
            };
            let now = query::data_version(&store).ok()?;
            Some((store, seen, now))
        })
        .await;
        kept = match asked {
            Ok(Some((store, seen, now))) => {
                if now != seen {
                    server.writer.turns.send_modify(|n| *n = n.wrapping_add(1));
                }
                Some((store, now))
            }
            _ => None,
        };
    }
}
