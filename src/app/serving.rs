//! What `muster serve` keeps beside the log: tokens and their roles (only each token's
//! SHA-256 is stored; the token itself is shown once, when it is made), the answers given to
//! the commands that wrote, kept under each sender's command id for a while, and the actor of
//! every command the server wrote.

use chrono::SecondsFormat;
use sha2::{Digest, Sha256};

use super::reach::Reach;
use crate::Error;
use crate::clock::Clock;
use crate::domain::event::Event;
pub use crate::store::TokenRow;
use crate::store::{Keeping, ServedAnswer, Store};

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
            | Event::AssertionRecorded(_)
            | Event::NoteWritten(_)
            | Event::SoldierCarriedOver(_)
            | Event::SquadCarriedOver(_)
            | Event::CommandsKept(_) => Role::Player,
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

/// The hex SHA-256 of a secret (a token, an invite's, a session's): what the file keeps.
pub(super) fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// `N` random bytes from the system's random source, in hex.
pub(super) fn random_hex<const N: usize>() -> Result<String, Error> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)
        .map_err(|e| Error::input(format!("the system's random source failed: {e}")))?;
    Ok(hex::encode(bytes))
}

/// Who a token names: its name (the actor of each command it sends), its role, and the
/// campaigns it may reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bearer {
    pub name: String,
    pub role: Role,
    pub reach: Reach,
}

/// Makes a token named `name` with `role`, reaching `reach`, and returns it: the only time
/// it is shown.
pub fn add_token(
    store: &Store,
    name: &str,
    (role, reach): (Role, &Reach),
    clock: &dyn Clock,
) -> Result<String, Error> {
    let name = name.trim();
    // The name is recorded with each command it sends, where the log refuses what no front
    // end records by (`printable_recorder`).
    let reserved = crate::domain::names::look_alike(name, crate::domain::logged::COMMAND_LINE);
    if name.chars().count() > 64 || !crate::domain::logged::printable_recorder(name) || reserved {
        return Err(Error::input(
            "a token's name is 1 to 64 printable characters, e.g. \"alice\", and not \"command line\", the name of the commands recorded on the command line; it is recorded as the actor of each command it sends",
        ));
    }
    // Two writers whose names print alike would be one in the log's eyes.
    if let Some(like) = store
        .tokens()?
        .into_iter()
        .find(|t| t.name != name && crate::domain::names::look_alike(&t.name, name))
    {
        return Err(Error::input(format!(
            "a token named '{}' exists, which reads as '{name}' in the log; pick a name that reads apart",
            like.name
        )));
    }
    if let Some(phone) = super::recorders::phone_reading_as(store, name, reach)? {
        return Err(Error::input(format!(
            "'{name}' reads as '{phone}', a phone signed in to a campaign this token would reach, and the log would record both alike; give the token a name no signed-in phone or token of its campaigns reads as, or sign that phone out first"
        )));
    }
    let token = format!("{TOKEN_PREFIX}{}", random_hex::<32>()?);
    let at = clock.now().to_rfc3339_opts(SecondsFormat::Secs, true);
    let row = TokenRow {
        name: name.to_owned(),
        role: role.word().to_owned(),
        campaigns: reach.kept(),
        created_at: at,
    };
    if !store.add_token(&row, &secret_hash(&token))? {
        return Err(Error::input(format!(
            "a token named '{name}' exists; revoke it first (`muster serve token revoke {}`) or pick another name",
            shell_words::quote(name)
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

/// Who the token `token` names, if it is known.
pub fn authenticate(store: &Store, token: &str) -> Result<Option<Bearer>, Error> {
    if !token.starts_with(TOKEN_PREFIX) {
        return Ok(None);
    }
    Ok(store.token_by_hash(&secret_hash(token))?.and_then(|row| {
        Role::from_word(&row.role).map(|role| Bearer {
            reach: Reach::from_kept(row.campaigns.as_deref()),
            name: row.name,
            role,
        })
    }))
}

/// How long an answer is kept for a retry. A client retries within seconds or minutes (a
/// dropped connection, a timeout), at worst after a laptop closed between two sessions of a
/// weekly game: a week covers that, and an older id asked again runs anew.
pub const ANSWERS_KEPT_DAYS: i64 = 7;

/// How many answers are kept for one sender: more than a long session's commands, so a
/// client retrying its last few never misses, while no token grows the file past this.
pub const ANSWERS_KEPT_PER_SENDER: u32 = 1000;

/// What a sender's command id has answered before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Served {
    /// Nothing is kept under it: the command runs.
    Anew,
    /// The same command (campaign and arguments) was answered: this answer is given again.
    Again(ServedAnswer),
    /// The id answered another command, in `campaign`, with `args`.
    Other { campaign: String, args: Vec<String> },
}

/// The arguments as they are kept and compared: a JSON array.
fn args_kept(args: &[String]) -> Result<String, Error> {
    serde_json::to_string(args).map_err(|e| Error::input(format!("the arguments do not read as JSON: {e}")))
}

/// What `sender`'s `command_id` answered before, compared with `args` sent to `campaign`.
pub fn served(
    store: &Store,
    sender: &str,
    campaign: &str,
    command_id: &str,
    args: &[String],
) -> Result<Served, Error> {
    let Some(kept) = store.served(sender, command_id)? else {
        return Ok(Served::Anew);
    };
    if kept.campaign == campaign && kept.args == args_kept(args)? {
        return Ok(Served::Again(kept));
    }
    Ok(Served::Other {
        args: serde_json::from_str(&kept.args).unwrap_or_default(),
        campaign: kept.campaign,
    })
}

/// Keeps the answer (`status`, `body`) given to `sender`'s `command_id`, sent to `campaign`
/// with `args`, and forgets the answers older than [`ANSWERS_KEPT_DAYS`] and the sender's
/// beyond [`ANSWERS_KEPT_PER_SENDER`].
pub fn keep_answer(
    store: &Store,
    (sender, command_id): (&str, &str),
    (campaign, args): (&str, &[String]),
    (status, body): (u16, String),
    clock: &dyn Clock,
) -> Result<(), Error> {
    let now = clock.now();
    let answer = ServedAnswer {
        campaign: campaign.to_owned(),
        args: args_kept(args)?,
        status,
        body,
    };
    let since = (now - chrono::Duration::days(ANSWERS_KEPT_DAYS)).to_rfc3339_opts(SecondsFormat::Secs, true);
    let keeping = Keeping {
        since: &since,
        per_sender: ANSWERS_KEPT_PER_SENDER,
    };
    let at = now.to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(store.keep_answer(sender, command_id, &answer, &at, keeping)?)
}

/// Keeps `actor` (a token's name) as who sent each command written to `campaign` after
/// version `after`: a command served, or the commands of a pushed tail.
pub fn record_served(
    store: &Store,
    campaign: &str,
    after: u64,
    actor: &str,
    clock: &dyn Clock,
) -> Result<(), Error> {
    let at = clock.now().to_rfc3339_opts(SecondsFormat::Secs, true);
    store.record_actor(campaign, after, actor, &at)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FixedClock;
    use crate::domain::event::{ExpansionChanged, RpMovement};
    use crate::domain::rulebook::Expansion;
    use chrono::TimeZone;

    /// Keeps an answer for `sender`'s `id` at `clock`'s time.
    fn keep(store: &Store, sender: &str, id: &str, clock: &FixedClock) {
        let args = ["xp".to_owned(), "Wong".to_owned(), "1".to_owned()];
        keep_answer(store, (sender, id), ("Op", &args), (201, "{}".to_owned()), clock).unwrap();
    }

    #[test]
    fn kept_answers_stay_within_their_count_per_sender_and_their_age() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("muster.db")).unwrap();
        let start = chrono::Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
        let over = ANSWERS_KEPT_PER_SENDER + 5;
        for n in 0..over {
            let at = FixedClock(start + chrono::Duration::seconds(i64::from(n)));
            keep(&store, "pat", &format!("p{n}"), &at);
        }
        keep(&store, "vic", "v0", &FixedClock(start));
        let args = ["xp".to_owned(), "Wong".to_owned(), "1".to_owned()];
        let held = |sender: &str, id: &str| {
            matches!(served(&store, sender, "Op", id, &args).unwrap(), Served::Again(_))
        };
        let pats = (0..over).filter(|n| held("pat", &format!("p{n}"))).count();
        assert_eq!(pats, ANSWERS_KEPT_PER_SENDER as usize, "the count is bounded");
        assert!(!held("pat", "p0") && !held("pat", "p4"), "the oldest are gone");
        assert!(held("pat", "p5") && held("pat", &format!("p{}", over - 1)));
        assert!(
            held("vic", "v0"),
            "another sender's answers are not counted against pat's"
        );

        // A week and a day on, one new answer leaves only itself: the rest were too old.
        let later = FixedClock(start + chrono::Duration::days(ANSWERS_KEPT_DAYS + 1));
        keep(&store, "gina", "g0", &later);
        assert!(held("gina", "g0"));
        assert!(!held("vic", "v0") && !held("pat", &format!("p{}", over - 1)));
    }

    #[test]
    fn a_senders_id_sent_with_other_arguments_or_to_another_campaign_is_another_command() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("muster.db")).unwrap();
        let now = FixedClock(chrono::Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap());
        keep(&store, "pat", "c-1", &now);
        let other = ["xp".to_owned(), "Wong".to_owned(), "2".to_owned()];
        let same = ["xp".to_owned(), "Wong".to_owned(), "1".to_owned()];
        let asked = |sender: &str, campaign: &str, args: &[String]| {
            served(&store, sender, campaign, "c-1", args).unwrap()
        };
        assert!(matches!(asked("pat", "Op", &other), Served::Other { .. }));
        assert!(matches!(asked("pat", "Other", &same), Served::Other { .. }));
        assert!(matches!(asked("pat", "Op", &same), Served::Again(_)));
        assert_eq!(
            asked("vic", "Op", &same),
            Served::Anew,
            "another sender's id never matches"
        );
    }

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
