//! Rule errors: why a command was refused. Kept apart from storage errors on purpose.

use thiserror::Error;

/// A refusal by the rules. Every message says what was wrong and what would be accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A Soldier name that matches nobody in the campaign: the closest name, the campaign
    /// (once the command's caller names it) and where else the name is, when known.
    #[error(
        "no {} named '{name}' in {}{suggestion}; {} here: {known}{}",
        if *heroes { "hero" } else { "Soldier" },
        campaign.as_deref().map_or_else(|| "this campaign".to_owned(), |c| format!("campaign '{c}'")),
        if *heroes { "heroes" } else { "Soldiers" },
        elsewhere.as_deref().map(|e| format!("; {e}")).unwrap_or_default()
    )]
    UnknownSoldier {
        name: String,
        known: String,
        /// "; did you mean 'NAME'?", or empty.
        suggestion: String,
        // Boxed, so the refusal is no larger for saying whether it names heroes.
        campaign: Option<Box<str>>,
        elsewhere: Option<String>,
        /// True in a Zero Dark campaign, whose Soldiers are heroes.
        heroes: bool,
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
    /// No Soldier is named `name`: the refusal lists those there are (`known`) and offers
    /// the closest, with the typed name escaped so a control character cannot reach the
    /// terminal.
    pub fn unknown_soldier<'a>(name: &str, known: impl IntoIterator<Item = &'a str> + Clone) -> Self {
        let listed: Vec<&str> = known.clone().into_iter().collect();
        RuleError::UnknownSoldier {
            name: name
                .chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_default().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect(),
            known: if listed.is_empty() {
                "none yet (enlist one with `muster enlist`)".to_owned()
            } else {
                listed.join(", ")
            },
            suggestion: super::suggest::did_you_mean(name, known),
            campaign: None,
            elsewhere: None,
            heroes: false,
        }
    }

    /// This refusal in a Zero Dark campaign's words: a name that matches no hero is said so.
    pub fn among_heroes(self) -> Self {
        match self {
            RuleError::UnknownSoldier {
                name,
                known,
                suggestion,
                campaign,
                elsewhere,
                ..
            } => RuleError::UnknownSoldier {
                name,
                known,
                suggestion,
                campaign,
                elsewhere,
                heroes: true,
            },
            other => other,
        }
    }

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
                heroes,
                ..
            } => RuleError::UnknownSoldier {
                name: soldier,
                known,
                suggestion,
                campaign: Some(name.into()),
                elsewhere,
                heroes,
            },
            // Named once: a refusal passed through twice is not named again.
            RuleError::Refused(message) if message.contains(&format!("campaign '{name}'")) => {
                RuleError::Refused(message)
            }
            other => {
                let message = other.to_string();
                RuleError::Refused(
                    naming_campaign(&message, name)
                        .unwrap_or_else(|| format!("campaign '{name}': {message}")),
                )
            }
        }
    }
}

/// `message` with "this campaign" made "campaign 'NAME'", or `None` when it does not say it.
pub fn naming_campaign(message: &str, name: &str) -> Option<String> {
    message.contains("this campaign").then(|| {
        message
            .replace("this campaign's log", &format!("the log of campaign '{name}'"))
            .replace("this campaign", &format!("campaign '{name}'"))
    })
}

/// Checks that `got` lies in `min..=max`, naming `what` when it does not.
pub fn in_range(what: &'static str, got: i64, min: i64, max: i64) -> Result<i64, RuleError> {
    if (min..=max).contains(&got) {
        Ok(got)
    } else {
        Err(RuleError::OutOfRange { what, min, max, got })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_its_campaign_once() {
        let said = RuleError::refused("no dice seed is committed in this campaign").in_campaign("Ardennes");
        assert_eq!(
            said.to_string(),
            "no dice seed is committed in campaign 'Ardennes'"
        );
        let unsaid = RuleError::refused("no Mission is in progress").in_campaign("Ardennes");
        let once = "campaign 'Ardennes': no Mission is in progress";
        assert_eq!(unsaid.to_string(), once);
        assert_eq!(unsaid.in_campaign("Ardennes").to_string(), once);
        let log = naming_campaign(
            "version 9 does not exist; this campaign's log runs from 1 to 2",
            "A",
        );
        assert_eq!(
            log.as_deref(),
            Some("version 9 does not exist; the log of campaign 'A' runs from 1 to 2")
        );
    }
}
