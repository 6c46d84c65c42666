//! The one error type of the command line: each kind maps to a documented exit code.

use std::process::ExitCode;

use muster::store::StoreError;

/// What went wrong, which decides the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A rule, an unknown name or a bad value: nothing was written. Exit 1.
    Refused,
    /// A command line the server would not take as given, found after this machine's parse
    /// (a remote's usage error). Exit 2.
    Usage,
    /// `verify` found the log altered or inconsistent. Exit 3.
    Altered,
    /// The database failed: locked after retries, disk, corrupt file. Exit 4.
    Storage,
}

/// A command's failure, with the message and an optional hint for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    pub kind: Kind,
    pub message: String,
    pub hint: Option<String>,
}

impl CommandError {
    /// A refusal (exit 1).
    pub fn refused(message: impl Into<String>) -> Self {
        CommandError {
            kind: Kind::Refused,
            message: message.into(),
            hint: None,
        }
    }

    /// Verify's findings (exit 3), listed above it by verify itself, with `hint`: what mends
    /// them (`muster::verify::remedy`).
    pub fn altered(message: impl Into<String>, hint: impl Into<String>) -> Self {
        CommandError {
            kind: Kind::Altered,
            message: message.into(),
            hint: Some(hint.into()),
        }
    }

    /// A storage failure (exit 4).
    pub fn storage(message: impl Into<String>) -> Self {
        CommandError {
            kind: Kind::Storage,
            message: message.into(),
            hint: None,
        }
    }

    /// The error a remote answered with exit code `exit` and `message`.
    pub fn with_exit(exit: u64, message: String) -> Self {
        let kind = match exit {
            2 => Kind::Usage,
            3 => Kind::Altered,
            4 => Kind::Storage,
            _ => Kind::Refused,
        };
        CommandError {
            kind,
            message,
            hint: None,
        }
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self.kind {
            Kind::Refused => 1,
            Kind::Usage => 2,
            Kind::Altered => 3,
            Kind::Storage => 4,
        })
    }
}

impl From<muster::Error> for CommandError {
    fn from(error: muster::Error) -> Self {
        match error {
            muster::Error::Rule(e) => CommandError::refused(e.to_string()),
            muster::Error::Input(message) => CommandError::refused(message),
            muster::Error::Store(e) => e.into(),
        }
    }
}

impl From<StoreError> for CommandError {
    fn from(error: StoreError) -> Self {
        // A clock behind the log is the machine's setting, not the file's failure.
        if let StoreError::ClockBehind { .. }
        | StoreError::ClockOutOfRange { .. }
        | StoreError::Missing { .. }
        | StoreError::Older { .. } = error
        {
            return CommandError::refused(error.to_string());
        }
        // A damaged log's message already names `muster verify`: no hint says it twice.
        let hint = match &error {
            StoreError::Busy | StoreError::Conflict { .. } => {
                Some("nothing was written; run the command again".to_owned())
            }
            _ => None,
        };
        CommandError {
            hint,
            ..CommandError::storage(error.to_string())
        }
    }
}
