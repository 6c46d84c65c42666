//! What `muster serve` keeps beside the log: tokens and their roles (only each token's
//! SHA-256 is stored; the token itself is shown once, when it is made), and the answers given
//! to the commands the server recorded, kept under each client's command id.

use chrono::SecondsFormat;
use sha2::{Digest, Sha256};

use crate::Error;
use crate::clock::Clock;
use crate::domain::event::Event;
use crate::store::{ServedAnswer, Store, TokenRow};

/// What a token may do: a viewer reads; a player also records commands (not voids,
/// amendments, seed reveals, campaign or token management); a gm does everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Viewer,
    Player,
    Gm,
}

impl Role {
    /// The role that may record `event` sent whole (a copy's offline tail, pushed): a gm
    /// for what only a gm's commands write (voids and what they revise, seeds revealed, the
    /// campaign's management), a player for play. One match the compiler keeps exhaustive, so
    /// a new kind of event is placed here before it can be pushed.
    pub fn to_record(event: &Event) -> Role {
        match event {
            Event::CampaignCreated(_)
            | Event::CommandVoided(_)
            | Event::RpAwardRevised(_)
            | Event::RulesAdopted(_)
            | Event::ExpansionAdded(_)
            | Event::ExpansionRemoved(_)
            | Event::SeedRevealed(_) => Role::Gm,
            Event::SoldierEnlisted(_)
            | Event::MissionStarted(_)
            | Event::TurnStarted(_)
            | Event::DisciplineReset(_)
            | Event::MissionEnded(_)
            | Event::Wounded(_)
            | Event::Suppressed(_)
            | Event::Healed(_)
            | Event::SuppressCleared(_)
            | Event::Downed(_)
            | Event::Recovered(_)
            | Event::Killed(_)
            | Event::Discharged(_)
            | Event::MedalAwarded(_)
            | Event::MedalStickersRemoved(_)
            | Event::XpAdjusted(_)
            | Event::TeamXpAdjusted(_)
            | Event::HardyAdjusted(_)
            | Event::EkiaRecorded(_)
            | Event::RpGranted(_)
            | Event::RpSpent(_)
            | Event::SeedCommitted(_)
            | Event::CheckRolled(_)
            | Event::EnvironmentRolled(_)
            | Event::EnvironmentResolved(_)
            | Event::EnvironmentDeclared(_)
            | Event::EnvironmentCleared(_)
            | Event::ObjectiveActivated(_)
            | Event::ObjectiveCompleted(_)
            | Event::K9EncounterDrawn(_)
            | Event::K9RollMade(_)
            | Event::DisciplineSpent(_)
            | Event::K9EncounterResolved(_)
            | Event::K9ObjectiveResolved(_)
            | Event::MedalDeckLoaded(_)
            | Event::MedalDrawn(_)
            | Event::MedalRevealed(_)
            | Event::MedalRecipientRolled(_)
            | Event::MedalEarned(_)
            | Event::MedalLost(_)
            | Event::MedalsReshuffled(_)
            | Event::HostileSuppressed(_)
            | Event::RpCardGained(_)
            | Event::RpCardLost(_)
            | Event::HeroStateSet(_)
            | Event::BogeyAdded(_)
            | Event::BogeyTargeted(_)
            | Event::BogeyDowned(_)
            | Event::BogeyKilled(_)
            | Event::BuyTimeDeclared(_)
            | Event::PriorityTaskChosen(_)
            | Event::DeadDropInteracted(_)
            | Event::RescueExtracted(_)
            | Event::PriorityTaskResolved(_)
            | Event::PersuasionTested(_)
            | Event::AllyMadeDependent(_)
            | Event::AllyDied(_)
            | Event::OpponentBoughtTime(_)
            | Event::ControlCardsSetAside(_)
            | Event::ControlDeckRanOut(_)
            | Event::SetAsideCardsFlipped(_)
            | Event::AssertionRecorded(_) => Role::Player,
        }
    }

    /// The role's word: `gm`, `player` or `viewer`.
    pub fn word(self) -> &'static str {
        match self {
            Role::Viewer => "viewer",
            Role::Player => "player",
            Role::Gm => "gm",
        }
    }

    /// The role a word names.
    pub fn from_word(word: &str) -> Option<Role> {
        [Role::Viewer, Role::Player, Role::Gm]
            .into_iter()
            .find(|role| role.word() == word)
    }
}

/// The prefix of every token, so one pasted in the wrong place is recognisable.
const TOKEN_PREFIX: &str = "muster_";

/// The hex SHA-256 of a token: what the file keeps.
fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Makes a token named `name` with `role` and returns it: the only time it is shown.
pub fn add_token(store: &Store, name: &str, role: Role, clock: &dyn Clock) -> Result<String, Error> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(Error::input(
            "a token's name is 1 to 64 printable characters, e.g. \"alice\"; it is recorded as the actor of each command it sends",
        ));
    }
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| Error::input(format!("the system's random source failed: {e}")))?;
    let token = format!("{TOKEN_PREFIX}{}", hex::encode(bytes));
    let at = clock.now().to_rfc3339_opts(SecondsFormat::Secs, true);
    if !store.add_token(name, role.word(), &token_hash(&token), &at)? {
        return Err(Error::input(format!(
            "a token named '{name}' exists; revoke it first (`muster serve token revoke \"{name}\"`) or pick another name"
        )));
    }
    Ok(token)
}

/// Every token's name, role and date, by name.
pub fn tokens(store: &Store) -> Result<Vec<TokenRow>, Error> {
    Ok(store.tokens()?)
}

/// Revokes the token `name`: it is refused from the next request on.
pub fn revoke_token(store: &Store, name: &str) -> Result<(), Error> {
    if store.revoke_token(name)? {
        return Ok(());
    }
    let names: Vec<String> = store.tokens()?.into_iter().map(|t| t.name).collect();
    Err(Error::input(format!(
        "no token named '{name}'; {}",
        if names.is_empty() {
            "there are none (`muster serve token add NAME --role gm|player|viewer` makes one)".to_owned()
        } else {
            format!("tokens here: {}", names.join(", "))
        }
    )))
}

/// The name and role of the token `token`, if it is known.
pub fn authenticate(store: &Store, token: &str) -> Result<Option<(String, Role)>, Error> {
    if !token.starts_with(TOKEN_PREFIX) {
        return Ok(None);
    }
    Ok(store
        .token_by_hash(&token_hash(token))?
        .and_then(|(name, role)| Role::from_word(&role).map(|role| (name, role))))
}

/// The answer kept for the client's `command_id` in `campaign`.
pub fn served(store: &Store, campaign: &str, command_id: &str) -> Result<Option<ServedAnswer>, Error> {
    Ok(store.served(campaign, command_id)?)
}

/// Keeps the answer given to the client's `command_id`, with its actor and arguments.
pub fn record_served(
    store: &Store,
    campaign: &str,
    command_id: &str,
    args: &[String],
    answer: &ServedAnswer,
    clock: &dyn Clock,
) -> Result<(), Error> {
    let args = serde_json::to_string(args).map_err(|e| Error::input(e.to_string()))?;
    let at = clock.now().to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(store.record_served(campaign, command_id, &args, answer, &at)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{ExpansionChanged, RpMovement};
    use crate::domain::rulebook::Expansion;

    #[test]
    fn a_pushed_event_of_the_campaigns_management_needs_a_gm_and_play_a_player() {
        let removed = Event::ExpansionRemoved(ExpansionChanged {
            expansion: Expansion::K9,
        });
        let granted = Event::RpGranted(RpMovement {
            amount: 2,
            why: "loot".to_owned(),
        });
        assert_eq!(Role::to_record(&removed), Role::Gm);
        assert_eq!(Role::to_record(&granted), Role::Player);
    }
}
