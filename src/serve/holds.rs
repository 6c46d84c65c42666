//! The campaigns a push is landing on: a push lands in parts, and a command or another push
//! on its campaign waits until it ends, so nothing is decided on half a push nor slips between
//! its parts. Other campaigns' commands go on between the parts.

use std::collections::HashSet;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The campaigns held, and the signal that one was let go.
#[derive(Default)]
pub struct Holds {
    held: Mutex<HashSet<String>>,
    let_go: Condvar,
}

/// A campaign held until this is dropped.
pub struct Hold<'a> {
    holds: &'a Holds,
    campaign: String,
}

impl Holds {
    /// Holds `campaign` (as the file spells it), once no one else does (blocking).
    pub fn hold(&self, campaign: &str) -> Hold<'_> {
        let mut held = self.wait_out_locked(campaign);
        held.insert(campaign.to_owned());
        Hold {
            holds: self,
            campaign: campaign.to_owned(),
        }
    }

    /// Whether `campaign` is held now.
    pub fn is_held(&self, campaign: &str) -> bool {
        self.lock().contains(campaign)
    }

    /// Waits (blocking) until `campaign` is not held.
    pub fn wait_out(&self, campaign: &str) {
        drop(self.wait_out_locked(campaign));
    }

    fn wait_out_locked(&self, campaign: &str) -> MutexGuard<'_, HashSet<String>> {
        let mut held = self.lock();
        while held.contains(campaign) {
            held = self.let_go.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
        held
    }

    fn lock(&self) -> MutexGuard<'_, HashSet<String>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Hold<'_> {
    fn drop(&mut self) {
        self.holds.lock().remove(&self.campaign);
        self.holds.let_go.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_wait_on_a_held_campaign_ends_when_it_is_let_go_and_other_campaigns_never_wait() {
        let holds = Arc::new(Holds::default());
        let hold = holds.hold("Lodestar");
        assert!(holds.is_held("Lodestar"));
        assert!(!holds.is_held("Ember"));
        holds.wait_out("Ember");
        let waited = Arc::new(AtomicBool::new(false));
        let waiter = {
            let (holds, waited) = (Arc::clone(&holds), Arc::clone(&waited));
            std::thread::spawn(move || {
                holds.wait_out("Lodestar");
                waited.store(true, Ordering::SeqCst);
            })
        };
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            !waited.load(Ordering::SeqCst),
            "the wait lasts while the campaign is held"
        );
        drop(hold);
        waiter.join().unwrap();
        assert!(waited.load(Ordering::SeqCst));
        assert!(!holds.is_held("Lodestar"));
    }
}
