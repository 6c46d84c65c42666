//! A refusal made in one campaign, naming it, and saying where else in the file a Soldier
//! it does not know is enlisted.

use super::Query;
use crate::Error;
use crate::domain::error::{RuleError, naming_campaign};
use crate::domain::names::same;

impl Query<'_> {
    /// `error` naming this campaign where it depends on it: a rule's refusal, or bad input
    /// that said "this campaign". A Soldier this campaign does not know but another campaign
    /// of the file enlisted is pointed there, found on the enlistments' index; should that
    /// lookup fail, the refusal is given without it.
    pub fn explain(&self, error: Error) -> Error {
        match error {
            Error::Rule(refusal) => {
                let refusal = refusal.in_campaign(self.campaign);
                Error::Rule(match refusal {
                    RuleError::UnknownSoldier {
                        name,
                        known,
                        suggestion,
                        campaign,
                        elsewhere: None,
                        heroes,
                    } => RuleError::UnknownSoldier {
                        elsewhere: self.enlisted_in(&name),
                        name,
                        known,
                        suggestion,
                        campaign,
                        heroes,
                    },
                    other => other,
                })
            }
            Error::Input(message) => {
                Error::Input(naming_campaign(&message, self.campaign).unwrap_or(message))
            }
            other => other,
        }
    }

    /// Where a Soldier named `name` was enlisted other than here, as advice to go there: only
    /// in a campaign the store's caller may be told of.
    fn enlisted_in(&self, name: &str) -> Option<String> {
        let enlisted = self.store.enlisted_elsewhere(self.campaign).ok()?;
        let (campaign, soldier) = enlisted
            .iter()
            .find(|(campaign, soldier)| same(soldier, name) && self.store.may_tell_of(campaign))?;
        let quoted = shell_words::quote(campaign);
        Some(format!(
            "'{soldier}' is in campaign '{campaign}': pass --campaign {quoted} or run `muster campaign use {quoted}`"
        ))
    }
}
