//! The write-ahead log folded into the file beside the writer: a connection of the server's
//! own folds it once commands have landed, at most every [`EVERY`], so no command's commit
//! stops to fold a long log itself (SQLite's way, which held the writer 25-35 ms on a large
//! file and every command behind it).

use std::sync::Arc;
use std::time::Duration;

use muster::app::held;
use muster::store::Store;

use super::background;
use super::server::Server;

/// How long after a write the log is folded: the writes of that spell are folded together.
pub const EVERY: Duration = Duration::from_millis(100);

/// Folds the log after every spell of writes until the server stops; a connection that cannot
/// be opened or fold is opened again after the next write (meanwhile the writer folds the log
/// itself once it is long).
pub async fn wal(server: Arc<Server>) {
    let mut turns = server.writer.turns.subscribe();
    let mut kept: Option<Store> = None;
    loop {
        if turns.changed().await.is_err() {
            return;
        }
        tokio::time::sleep(EVERY).await;
        // The writes that landed while waiting are folded now, not after.
        turns.mark_unchanged();
        let db = server.db.clone();
        // At the lowest priority: copying pages into the file is no command's wait, and a
        // fold waits for no lock a command needs.
        let folded = tokio::task::spawn_blocking(move || {
            background::at_lowest_priority(move || {
                let store = match kept {
                    Some(store) => store,
                    None => muster::app::open(&db).ok()?,
                };
                held::fold_wal(&store).ok().map(|_| store)
            })
        })
        .await;
        kept = folded.ok().and_then(Result::ok).flatten();
    }
}
