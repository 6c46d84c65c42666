//! The web page's sessions, held in the server's memory: each signed-in browser's token and
//! the CSRF token its forms carry.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a session lasts after its sign-in, however busy.
const LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);

/// One signed-in browser: the token it signed in with (checked again on every request, so a
/// revoked token ends its sessions) and the CSRF token its forms carry.
#[derive(Clone)]
pub struct Session {
    pub token: String,
    pub csrf: String,
    since: Instant,
}

/// The sessions of the server, by id; lost when the server stops (sign in again then).
#[derive(Default)]
pub struct Sessions {
    by_id: Mutex<HashMap<String, Session>>,
}

impl Sessions {
    pub fn open(&self, token: String) -> Result<(String, Session), String> {
        let session = Session {
            token,
            // 128 bits: out of a forger's reach, and short, as every form of the page carries it.
            csrf: random_hex::<16>()?,
            since: Instant::now(),
        };
        let id = random_hex::<32>()?;
        let mut by_id = self.by_id.lock().unwrap_or_else(PoisonError::into_inner);
        by_id.retain(|_, s| s.since.elapsed() < LIFETIME);
        by_id.insert(id.clone(), session.clone());
        Ok((id, session))
    }

    pub fn get(&self, id: &str) -> Option<Session> {
        let by_id = self.by_id.lock().unwrap_or_else(PoisonError::into_inner);
        by_id.get(id).filter(|s| s.since.elapsed() < LIFETIME).cloned()
    }

    pub fn close(&self, id: &str) {
        let mut by_id = self.by_id.lock().unwrap_or_else(PoisonError::into_inner);
        by_id.remove(id);
    }
}

/// `N` random bytes in hex, from the system's random source.
fn random_hex<const N: usize>() -> Result<String, String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("the system's random source failed: {e}"))?;
    Ok(hex::encode(bytes))
}
