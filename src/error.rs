//! The library's error: a rule refusal, bad input, or a storage failure.

use thiserror::Error;

use crate::domain::error::RuleError;
use crate::store::StoreError;

/// Why a library call did not complete. Nothing was written in any case.
#[derive(Debug, Error)]
pub enum Error {
    /// The rules refused the command.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A name, reference, file or value that cannot be used.
    #[error("{0}")]
    Input(String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Error {
    /// Bad input, with its full explanation.
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input(message.into())
    }
}
