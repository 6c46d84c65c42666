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
use crate::domain::names::look_alike;
use crate::store::{InviteRow, SessionRow, Store, TokenRow};

/// The invites, sessions and tokens a gm manages in one campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    // A name taken by a token this gm does not manage here is only said to be taken: a
    // group's gm learns nothing of another group's tokens, not even that one is named so.
    let unlisted = store.tokens()?.into_iter().any(|token| {
        look_alike(&token.name, name.trim()) && !managed(token.campaigns.as_deref(), campaign, manager)
    });
    if unlisted {
        return Err(Error::input(format!(
            "the name '{}' is taken; choose another",
            name.trim()
        )));
    }
    add_token(
        store,
        name,
        (role, &Reach::Only(vec![campaign.to_owned()])),
        clock,
    )
}

/// What a gm takes back on the page: an invite (by its id), a signed-in browser (by its
/// whole listed id) or a token (by its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revoked<'a> {
    Invite(&'a str),
    Session(&'a str),
    Token(&'a str),
}

/// Takes back `what` in `campaign` for a gm reaching `manager`, if it is among what
/// [`phones`] lists for that gm: an invite or a token is refused from now on and every
/// browser that came by it is signed out; a session ends at once.
pub fn revoke_managed(
    store: &Store,
    campaign: &str,
    manager: &Reach,
    what: Revoked<'_>,
    clock: &dyn Clock,
) -> Result<(), Error> {
    let listed = phones(store, campaign, manager, clock)?;
    let (found, said, key) = match what {
        Revoked::Invite(id) => (listed.invites.iter().any(|i| i.id == id.trim()), "invite", id),
        Revoked::Session(id) => (
            listed.sessions.iter().any(|s| s.id == id.trim()),
            "signed-in phone",
            id,
        ),
        Revoked::Token(name) => (listed.tokens.iter().any(|t| t.name == name.trim()), "token", name),
    };
    if !found {
        return Err(Error::input(format!(
            "no {said} '{}' of {campaign} that you manage; the invites and phones page lists them",
            key.trim()
        )));
    }
    match what {
        Revoked::Invite(id) => revoke_invite(store, id.trim()),
        Revoked::Session(id) => Ok(store.end_session(id.trim()).map(|_| ())?),
        Revoked::Token(name) => revoke_token(store, name.trim()),
    }
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
