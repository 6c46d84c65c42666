//! Blame's indexes brought up to date when the writer is quiet: a busy writer lets them lag
//! (blame reads the log past them), and once no command has landed for [`QUIET`], they are
//! caught up in one pass each.

use std::sync::Arc;
use std::time::Duration;

use super::server::Server;

/// How long no flush must land before the lagging indexes are caught up.
pub const QUIET: Duration = Duration::from_millis(50);

/// Catches up the lagging indexes after every quiet spell, until the server stops.
pub async fn indexes(server: Arc<Server>) {
    let mut turns = server.writer.turns.subscribe();
    loop {
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
        let quiet = Arc::clone(&server);
        // A catch-up that failed leaves an index behind, which blame reads past and a later write
        // to its campaign makes again.
        let _cache_only = tokio::task::spawn_blocking(move || quiet.writer.catch_up_indexes()).await;
    }
}
