//! One write transaction around what a front end runs: the server holds the write lock around
//! a command, its actor and its kept answer, or around a push and who pushed it, so that they
//! commit together or not at all, and no other writer slips between what it reads and what
//! it writes.

use crate::store::{Store, StoreError};

/// Takes the write lock and holds it until [`commit`] or [`abandon`].
pub fn hold(store: &Store) -> Result<(), StoreError> {
    store.hold_write_lock()
}

/// Commits what was written since [`hold`], flushed to disk, and lets the lock go.
pub fn commit(store: &Store) -> Result<(), StoreError> {
    store.release_write_lock()
}

/// Rolls back what was written since [`hold`] and lets the lock go.
pub fn abandon(store: &Store) -> Result<(), StoreError> {
    store.abandon_write_lock()
}
