//! GET and POST /c/{campaign}/phones: a campaign's invites, signed-in phones and players'
//! tokens, for its gm, each revoked with a tap, so a group's gm takes back a lost phone without
//! the server's machine; POST /c/{campaign}/tokens: a player's or viewer's token of the
//! campaign, shown once. A gm sees and revokes only what reaches the campaign within the gm's
//! own reach.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};

use super::fields::Fields;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{self, InviteRow, Reach, Revoked, Role, SessionRow, TokenRow, Via};
use muster::clock::SystemClock;

use super::html::{message_page, render};
use super::reading::read_campaign;
use super::session::{Signed, forged, redirect, written};
use super::views::{Chrome, chrome};
use super::words::{When, when};
use crate::serve::server::Server;

/// An invite as the page lists it.
struct InviteLine {
    id: String,
    role: String,
    /// "0 of 1 used".
    used: String,
    expires: Option<When>,
    soldiers: String,
    made_by: String,
    /// True for one that reaches every campaign on the server: revoked here, it ends there too.
    everywhere: bool,
}

/// A signed-in browser as the page lists it.
struct SessionLine {
    id: String,
    name: String,
    role: String,
    /// How it signed in: "joined by invite ID" or "signed in with token NAME".
    via: String,
    seen: When,
    /// True for the browser asking.
    this: bool,
}

/// A token of a player's machine as the page lists it.
struct TokenLine {
    name: String,
    role: String,
    made: When,
    /// True for the token the asking browser signed in with: revoking it signs the gm out.
    own: bool,
    /// True for one that reaches every campaign on the server.
    everywhere: bool,
}

#[derive(Template)]
#[template(path = "page/phones.html")]
struct PhonesPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    invites: Vec<InviteLine>,
    sessions: Vec<SessionLine>,
    tokens: Vec<TokenLine>,
    /// Why the form just sent was refused, or nothing.
    said: String,
    /// The token's name the refused form asked for, kept in its field.
    typed: String,
}

/// A token just made, shown this once.
#[derive(Template)]
#[template(path = "page/token.html")]
struct TokenPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    name: String,
    role: String,
    token: String,
    /// The command that saves the server as a remote on the player's machine.
    remote: String,
}

fn token_line(row: TokenRow, sender: &str) -> TokenLine {
    TokenLine {
        own: row.name == sender,
        everywhere: row.campaigns.is_none(),
        made: when(&row.created_at),
        name: row.name,
        role: row.role,
    }
}

fn invite_line(row: InviteRow) -> InviteLine {
    let soldiers: Vec<String> = serde_json::from_str(&row.soldiers).unwrap_or_default();
    InviteLine {
        used: format!("{} of {} used", row.used, row.uses),
        expires: row.expires_at.as_deref().map(when),
        soldiers: soldiers.join(", "),
        everywhere: row.campaigns.is_none(),
        id: row.id,
        role: row.role,
        made_by: row.made_by,
    }
}

fn session_line(row: SessionRow, asking: &str) -> SessionLine {
    SessionLine {
        via: match &row.via {
            Via::Invite(id) => format!("joined by invite {id}"),
            Via::Token(name) => format!("signed in with token {name}"),
        },
        seen: when(&row.seen_at),
        this: row.id == asking,
        id: row.id,
        name: row.name,
        role: row.role,
    }
}

/// The refusal of a caller who is not a gm.
fn not_a_gm() -> Response {
    message_page(
        StatusCode::FORBIDDEN,
        "only a gm manages a campaign's invites and phones",
    )
}

/// The form's field `name`, trimmed.
fn field(values: &[(String, String)], name: &str) -> Option<String> {
    values
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.trim().to_owned())
}

/// The refusal of a form that is not a gm's own: another site's, one without its session's
/// CSRF token, or one a player or viewer sent.
fn unless_a_gms_form(
    server: &Server,
    signed: &Signed,
    headers: &HeaderMap,
    values: &[(String, String)],
) -> Option<Response> {
    let csrf = field(values, "csrf");
    forged(server, signed, headers, csrf.as_deref())
        .or_else(|| (signed.caller.role < Role::Gm).then(not_a_gm))
}

/// GET /c/{campaign}/phones: the invites and signed-in phones the gm manages.
pub async fn phones(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    if signed.caller.role < Role::Gm {
        return not_a_gm();
    }
    listed(&server, &signed, &campaign, None).await
}

/// The phones page of `campaign` for `signed`; with `refused`, answered 422 with why a form was
/// refused at the top and the token's name it asked for kept in its field.
async fn listed(
    server: &Arc<Server>,
    signed: &Signed,
    campaign: &str,
    refused: Option<(String, String)>,
) -> Response {
    let reach = signed.caller.reach.clone();
    let read = read_campaign(server, (campaign, &signed.caller.reach), move |store, name| {
        Ok((name.to_owned(), app::phones(store, name, &reach, &SystemClock)?))
    });
    let (campaign, phones) = match read.await {
        Ok(read) => read,
        Err(unread) => return unread.page(),
    };
    let Chrome { csrf, who } = chrome(signed);
    let status = match refused {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let (said, typed) = refused.unwrap_or_default();
    let page = PhonesPage {
        csrf,
        who,
        link: crate::url::segment(&campaign),
        campaign,
        invites: phones.invites.into_iter().map(invite_line).collect(),
        sessions: phones
            .sessions
            .into_iter()
            .map(|row| session_line(row, &signed.id))
            .collect(),
        tokens: phones
            .tokens
            .into_iter()
            .map(|row| token_line(row, &signed.caller.sender))
            .collect(),
        said,
        typed,
    };
    render(status, &page)
}

/// `message` in this page's words: a token revoked by its Revoke… below, not on the server's
/// command line.
fn in_page_words(message: &str) -> String {
    match (message.find("(`muster serve token revoke"), message.find("`)")) {
        (Some(start), Some(end)) if end > start => format!(
            "{}(with its Revoke… among the tokens below){}",
            &message[..start],
            &message[end + 2..]
        ),
        _ => message.to_owned(),
    }
}

/// POST /c/{campaign}/phones: revokes the form's `invite` or `token`, or signs out its
/// `session`, then shows the list again.
pub async fn revoke(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Fields(values): Fields,
) -> Response {
    if let Some(refused) = unless_a_gms_form(&server, &signed, &headers, &values) {
        return refused;
    }
    let value = |name: &str| field(&values, name);
    let revoked = (value("invite"), value("session"), value("token"));
    let reach: Reach = signed.caller.reach.clone();
    let named = campaign.clone();
    let done = written(&server, move |store| {
        let name = app::resolve_within(store, Some(&named), &reach)?;
        let what = match &revoked {
            (Some(id), _, _) => Revoked::Invite(id),
            (None, Some(id), _) => Revoked::Session(id),
            (None, None, Some(token)) => Revoked::Token(token),
            (None, None, None) => {
                return Err(muster::Error::input(
                    "the form names no invite, session or token to revoke",
                ));
            }
        };
        app::revoke_managed(store, &name, &reach, what, &SystemClock)?;
        Ok(name)
    })
    .await;
    match done {
        Ok(name) => redirect(&format!("/c/{}/phones", crate::url::segment(&name))),
        Err(message) => {
            let said = format!("Not done: {message}");
            listed(&server, &signed, &campaign, Some((said, String::new()))).await
        }
    }
}

/// POST /c/{campaign}/tokens: a player's or viewer's token of the campaign, named by the form,
/// shown this once with the command that saves the server as a remote on the player's machine.
pub async fn make_token(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Fields(values): Fields,
) -> Response {
    if let Some(refused) = unless_a_gms_form(&server, &signed, &headers, &values) {
        return refused;
    }
    let value = |name: &str| field(&values, name);
    let name = value("name").unwrap_or_default();
    let role = match value("role").as_deref() {
        Some("player") => Role::Player,
        Some("viewer") => Role::Viewer,
        other => {
            let said = match other {
                Some(role) => {
                    format!("Not made: a token made on the page is a player's or a viewer's, not '{role}'")
                }
                None => {
                    "Not made: a token made on the page is a player's or a viewer's: choose one".to_owned()
                }
            };
            return listed(&server, &signed, &campaign, Some((said, name))).await;
        }
    };
    let reach = signed.caller.reach.clone();
    let asked = name.clone();
    let named = campaign.clone();
    let made = written(&server, move |store| {
        let campaign = app::resolve_within(store, Some(&named), &reach)?;
        let token = app::make_managed_token(store, &campaign, &reach, (&asked, role), &SystemClock)?;
        Ok((campaign, token, app::served_url(store)?))
    })
    .await;
    let (campaign, token, recorded) = match made {
        Ok(made) => made,
        Err(message) => {
            let said = format!("Not made: {}", in_page_words(&message));
            return listed(&server, &signed, &campaign, Some((said, name))).await;
        }
    };
    let base = super::invite::base(&server.public, recorded, &headers);
    let Chrome { csrf, who } = chrome(&signed);
    let page = TokenPage {
        csrf,
        who,
        link: crate::url::segment(&campaign),
        remote: format!(
            "muster remote add club {} --token {token}",
            base.unwrap_or_else(|| "URL".to_owned())
        ),
        campaign,
        role: role.word().to_owned(),
        name,
        token,
    };
    render(StatusCode::OK, &page)
}
