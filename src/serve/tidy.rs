//! Caches brought up to date when the writer is quiet: blame's indexes, which a busy writer
//! lets lag (blame reads the log past them), caught up once no command has landed for
//! [`QUIET`]; and, from the server's start and after another program wrote to the file, the
//! checkpoints a new build finds made by other code, a campaign at a time, and the blame
//! indexes a write leaves for `muster rebuild`, a step at a time.

use std::sync::Arc;
use std::time::Duration;

use super::server::Server;

/// How long no flush must land before the lagging indexes are caught up.
pub const QUIET: Duration = Duration::from_millis(50);

/// Catches up the checkpoints at the start and the lagging indexes and checkpoints after
/// every quiet spell, and makes the indexes left for `muster rebuild`, until the server stops.
pub async fn caches(server: Arc<Server>) {
    let mut turns = server.writer.turns.subscribe();
    loop {
        let quiet = Arc::clone(&server);
        // A catch-up that failed leaves an index or a checkpoint behind: blame reads the log
        // past the one, a read folds past the other, and a later write makes either again.
        let _cache_only = tokio::task::spawn_blocking(move || {
            quiet.writer.notice_other_writes();
            quiet.writer.catch_up_indexes();
            quiet.writer.catch_up_checkpoints();
            quiet.writer.make_left_indexes();
        })
        .await;
        if turns.changed().await.is_err() {
            return;
        }
        loop {
            match tokio::time::timeout(QUIET, turns.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_closed)) => return,
                Err(_quiet) => break,
            }
        }
    }
}
