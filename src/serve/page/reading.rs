//! A page's own reads of one campaign: on a kept read-only connection, off the async
//! threads, and when they fail, the status the failure calls for.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::Response;
use muster::app::{self, Reach};
use muster::store::Store;

use super::html::message_page;
use crate::serve::server::Server;

/// Why a page could not read its campaign, and the status it is answered with.
#[derive(Debug)]
pub struct Unread {
    pub status: StatusCode,
    pub message: String,
}

impl Unread {
    /// The page saying why.
    pub fn page(&self) -> Response {
        message_page(self.status, &self.message)
    }
}

impl From<muster::Error> for Unread {
    fn from(error: muster::Error) -> Self {
        // A campaign the caller does not reach reads as one that does not exist, as does a
        // Mission not recorded; a log that no longer folds, or a file that fails, is the
        // server's trouble, answered as the API answers it (500), never as "not found".
        let status = match error {
            muster::Error::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
            muster::Error::Rule(_) | muster::Error::Input(_) => StatusCode::NOT_FOUND,
        };
        Unread {
            status,
            message: error.to_string(),
        }
    }
}

/// Runs `read` on the campaign `campaign` names within `reach` (its name as stored), on a
/// kept connection and a blocking thread.
pub async fn read_campaign<T: Send + 'static>(
    server: &Arc<Server>,
    (campaign, reach): (&str, &Reach),
    read: impl FnOnce(&Store, &str) -> Result<T, muster::Error> + Send + 'static,
) -> Result<T, Unread> {
    let (server, campaign, reach) = (Arc::clone(server), campaign.to_owned(), reach.clone());
    let read = tokio::task::spawn_blocking(move || {
        server.reading(|store| {
            let name = app::resolve_within(store, Some(&campaign), &reach)?;
            read(store, &name)
        })
    })
    .await;
    match read {
        Ok(read) => read.map_err(Unread::from),
        Err(e) => Err(Unread {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("the page could not be read: {e}"),
        }),
    }
}
