//! What a campaign's gm manages from the page, without the server's machine: the invites,
//! the signed-in browsers and the tokens of players' machines that reach the campaign, within
//! the gm's own reach, each revoked by its id or name, and a player's or viewer's token of
//! the campaign made. A gm of one group never sees nor revokes the keeper's invites or tokens
//! of every campaign, nor another group's.

use chrono::{DateTime, Duration, Utc};

use super::reach::Reach;
use super::serving::{Role, add_token, revoke_token};
use super::sessions::{SESSION_IDLE_DAYS, revoke_invite};
use crate::Error;
use crate::clock::Clock;
use crate::store::{InviteRow, SessionRow, Store, TokenRow};

/// The invites and sessions a gm manages in one campaign.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Phones {
    /// Oldest first.
    pub invites: Vec<InviteRow>,
    /// The most recently seen first; none idle past [`SESSION_IDLE_DAYS`].
    pub sessions: Vec<SessionRow>,
    /// By name.
    pub tokens: Vec<TokenRow>,
}

/// Whether a row reaching `kept` is managed in `campaign` by a gm reaching `manager`: it
/// reaches the campaign, and nothing the gm does not.
fn managed(kept: Option<&str>, campaign: &str, manager: &Reach) -> bool {
    let reach = Reach::from_kept(kept);
    reach.admits(campaign) && reach.within(manager)
}

/// The invites and the live sessions of `campaign` that a gm reaching `manager` manages.
/// It only reads: a session idle too long is left out, not ended.
pub fn phones(store: &Store, campaign: &str, manager: &Reach, clock: &dyn Clock) -> Result<Phones, Error> {
    let invites = store
        .invites()?
        .into_iter()
        .filter(|invite| managed(invite.campaigns.as_deref(), campaign, manager))
        .collect();
    let idle_since = clock.now() - Duration::days(SESSION_IDLE_DAYS);
    let live = |session: &SessionRow| {
        DateTime::parse_from_rfc3339(&session.seen_at).is_ok_and(|seen| seen.with_timezone(&Utc) > idle_since)
    };
    let sessions = store
        .sessions()?
        .into_iter()
        .filter(|session| managed(session.campaigns.as_deref(), campaign, manager) && live(session))
        .collect();
    let tokens = store
        .tokens()?
        .into_iter()
        .filter(|token| managed(token.campaigns.as_deref(), campaign, manager))
        .collect();
    Ok(Phones {
        invites,
        sessions,
        tokens,
    })
}

/// Revokes the invite `id` of `campaign` for a gm reaching `manager`, signing its phones out.
pub fn revoke_managed_invite(store: &Store, campaign: &str, manager: &Reach, id: &str) -> Result<(), Error> {
    let id = id.trim();
    let found = store
        .invites()?
        .into_iter()
        .any(|invite| invite.id == id && managed(invite.campaigns.as_deref(), campaign, manager));
    match found {
        true => revoke_invite(store, id),
        false => Err(Error::input(format!(
            "no invite '{id}' of {campaign} that you manage; the invites and phones page lists them"
        ))),
    }
}

/// Makes a token named `name` with `role` (a player's or a viewer's) reaching `campaign`
/// alone, for a gm who reaches it: a player's machine then pulls, pushes and sends commands
/// (`muster --remote`). Returns the token, shown this once.
pub fn make_managed_token(
    store: &Store,
    campaign: &str,
    manager: &Reach,
    (name, role): (&str, Role),
    clock: &dyn Clock,
) -> Result<String, Error> {
    if role == Role::Gm {
        return Err(Error::input(
            "a token made on the page is a player's or a viewer's; a gm's is made on the server's machine (`muster serve token add NAME --role gm --only CAMPAIGN`)",
        ));
    }
    if !manager.admits(campaign) {
        return Err(Error::input(format!("{campaign} is not a campaign you manage")));
    }
    add_token(
        store,
        name,
        (role, &Reach::Only(vec![campaign.to_owned()])),
        clock,
    )
}

/// Revokes the token `name` of `campaign` for a gm reaching `manager`, signing out every
/// browser signed in with it.
pub fn revoke_managed_token(store: &Store, campaign: &str, manager: &Reach, name: &str) -> Result<(), Error> {
    let name = name.trim();
    let found = store
        .tokens()?
        .into_iter()
        .any(|token| token.name == name && managed(token.campaigns.as_deref(), campaign, manager));
    match found {
        true => revoke_token(store, name),
        false => Err(Error::input(format!(
            "no token '{name}' of {campaign} that you manage; the invites and phones page lists them"
        ))),
    }
}

/// Ends the session `id` (its whole listed id) of `campaign` for a gm reaching `manager`:
/// that browser is signed out.
pub fn end_managed_session(store: &Store, campaign: &str, manager: &Reach, id: &str) -> Result<(), Error> {
    let id = id.trim();
    let found = store
        .sessions()?
        .into_iter()
        .any(|session| session.id == id && managed(session.campaigns.as_deref(), campaign, manager));
    if !found {
        return Err(Error::input(format!(
            "no signed-in phone '{id}' of {campaign} that you manage; the invites and phones page lists them"
        )));
    }
    store.end_session(id)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gm_manages_what_reaches_the_campaign_within_the_gms_own_reach() {
        let op = Reach::Only(vec!["Op".to_owned()]);
        let both = Reach::Only(vec!["Op".to_owned(), "Juno".to_owned()]);
        let kept_op = op.kept();
        assert!(managed(kept_op.as_deref(), "Op", &op));
        assert!(
            managed(kept_op.as_deref(), "Op", &Reach::Every),
            "the keeper manages all"
        );
        assert!(
            !managed(kept_op.as_deref(), "Juno", &Reach::Every),
            "not in this campaign"
        );
        assert!(
            !managed(None, "Op", &op),
            "an invite of every campaign is the keeper's"
        );
        assert!(
            !managed(both.kept().as_deref(), "Op", &op),
            "one that also reaches Juno is beyond Op's gm"
        );
    }
}
