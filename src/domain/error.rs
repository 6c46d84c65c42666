//! Rule errors: why a command was refused. Kept apart from storage errors on purpose.

use thiserror::Error;

/// A refusal by the rules. Every message says what was wrong and what would be accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A Soldier name that matches nobody in the campaign: the closest name, the campaign
    /// (once the command's caller names it) and where else the name is, when known.
    #[error(
        "no Soldier named '{name}' in {}{}; Soldiers here: {known}{}",
        campaign.as_deref().map_or_else(|| "this campaign".to_owned(), |c| format!("campaign '{c}'")),
        suggestion.as_deref().map(|s| format!("; {s}")).unwrap_or_default(),
        elsewhere.as_deref().map(|e| format!("; {e}")).unwrap_or_default()
    )]
    UnknownSoldier {
        name: String,
        known: String,
        suggestion: Option<String>,
        campaign: Option<String>,
        elsewhere: Option<String>,
    },
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

    /// This refusal naming the campaign it was made in: "in campaign 'Ardennes'" where it
    /// said "this campaign", else the campaign's name before the message.
    pub fn in_campaign(self, name: &str) -> Self {
        match self {
            RuleError::UnknownSoldier {
                name: soldier,
                known,
                suggestion,
                elsewhere,
                ..
            } => RuleError::UnknownSoldier {
                name: soldier,
                known,
                suggestion,
                campaign: Some(name.to_owned()),
                elsewhere,
            },
            other => {
                let message = other.to_string();
                let named = format!("campaign '{name}'");
                RuleError::Refused(if message.contains("this campaign") {
                    message.replace("this campaign", &named)
                } else {
                    format!("{named}: {message}")
                })
            }
        }
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
