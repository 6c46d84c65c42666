//! Rule errors: why a command was refused. Kept apart from storage errors on purpose.

use thiserror::Error;

/// A refusal by the rules. Every message says what was wrong and what would be accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A Soldier name that matches nobody in the campaign.
    #[error("no Soldier named '{name}' in this campaign; Soldiers here: {known}")]
    UnknownSoldier { name: String, known: String },
    /// A number outside what the rules accept.
    #[error("{what} must be from {min} to {max}; got {got}")]
    OutOfRange {
        what: &'static str,
        min: i64,
        max: i64,
        got: i64,
    },
    /// Any other refusal, with its full explanation.
    #[error("{0}")]
    Refused(String),
}

impl RuleError {
    /// A refusal with its explanation.
    pub fn refused(message: impl Into<String>) -> Self {
        RuleError::Refused(message.into())
    }
}

/// Checks that `got` lies in `min..=max`, naming `what` when it does not.
pub fn in_range(what: &'static str, got: i64, min: i64, max: i64) -> Result<i64, RuleError> {
    if (min..=max).contains(&got) {
        Ok(got)
    } else {
        Err(RuleError::OutOfRange { what, min, max, got })
    }
}
