//! A gm's invite made on the page: the form under the play page's cards (whose Soldiers it
//! may name as the player's own), and the page showing the link once, with its QR code to
//! scan from the gm's screen and a button to copy it into the group's chat.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};

use super::fields::Fields;
use axum::http::header::HOST;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{self, InviteAsk, Reach, Role};
use muster::clock::{self, Clock, FixedClock, SystemClock};
use qrcode::QrCode;
use qrcode::render::svg;

use super::html::{message_page, render};
use super::session::{Signed, forged, written};
use super::views::{Chrome, chrome};
use crate::serve::server::{Public, Server};

#[derive(Template)]
#[template(path = "page/invite.html")]
struct InvitePage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    invite: String,
    /// The link as an SVG QR code, drawn here (no text of the caller's in it but the link).
    qr: String,
    /// What it allows: its role, id and uses.
    said: String,
    /// When it expires (RFC 3339), or empty for never.
    expires: String,
    /// The command line that takes it back.
    revoke: String,
}

/// How long an invite made on the page may be used, as its form offers it.
fn expiry(word: &str) -> Option<Option<chrono::Duration>> {
    match word {
        "1d" => Some(Some(chrono::Duration::days(1))),
        "7d" => Some(Some(chrono::Duration::days(7))),
        "30d" => Some(Some(chrono::Duration::days(30))),
        "never" => Some(None),
        _ => None,
    }
}

/// The address the phones reach the server at: its public address, the one it recorded, else
/// the one the gm's browser used.
pub(super) fn base(public: &Public, recorded: Option<String>, headers: &HeaderMap) -> Option<String> {
    public.url.clone().or(recorded).or_else(|| {
        let host = headers.get(HOST)?.to_str().ok()?;
        let scheme = if public.secure { "https" } else { "http" };
        Some(format!("{scheme}://{host}"))
    })
}

/// The address an invite's link is made on, as [`base`] finds it, or why no phone could open
/// it: the gm's browser's own address when that is loopback (the server told no other), which
/// the command line's `muster serve invite` refuses too.
fn reached(
    public: &Public,
    recorded: Option<String>,
    headers: &HeaderMap,
) -> Result<String, (StatusCode, String)> {
    let Some(base) = base(public, recorded.clone(), headers) else {
        return Err((
            StatusCode::BAD_REQUEST,
            "the request names no host to make the link on: nothing was made".to_owned(),
        ));
    };
    // An address the keeper gave (`--public-url`) or the server recorded is the phones'; only
    // the browser's own may be one that never leaves this machine.
    if public.url.is_some() || recorded.is_some() || !loopback(&base) {
        return Ok(base);
    }
    Err((
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "no phone can open an invite on {base}: a loopback address never leaves this machine, and nothing was made. Serve on the address players reach (`muster serve --addr 0.0.0.0:7878`, then open this page at the machine's address on the network, as http://192.168.1.20:7878) or give that address with `--public-url`; on the command line, `muster serve invite --url http://HOST:PORT` makes it"
        ),
    ))
}

/// Whether the address `base` (`http://HOST[:PORT]`) names this machine alone: a loopback
/// address, `localhost`, or the unspecified address.
fn loopback(base: &str) -> bool {
    let authority = base.split_once("://").map_or(base, |(_, rest)| rest);
    let host = match authority.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None => authority.rsplit_once(':').map_or(authority, |(host, _)| host),
    };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// POST /c/{campaign}/invite: a gm's invite, shown once.
pub async fn invite(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Fields(values): Fields,
) -> Response {
    let value = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| v.trim());
    if let Some(refused) = forged(&server, &signed, &headers, value("csrf")) {
        return refused;
    }
    if signed.caller.role < Role::Gm {
        return message_page(StatusCode::FORBIDDEN, "only a gm makes invites");
    }
    let role = match value("role") {
        Some("player") => Role::Player,
        Some("viewer") => Role::Viewer,
        other => {
            return message_page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &match other {
                    Some(role) => format!("an invite is a player's or a viewer's, not '{role}'"),
                    None => "an invite is a player's or a viewer's: choose one".to_owned(),
                },
            );
        }
    };
    let Some(expires_in) = value("expires").and_then(expiry) else {
        return message_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            "an invite may be used for a day, a week, 30 days, or until revoked",
        );
    };
    let Some(uses) = value("uses").and_then(|n| n.parse::<u32>().ok()) else {
        return message_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "the phones that may join by it are a whole number from 1 to {}",
                app::MAX_INVITE_USES
            ),
        );
    };
    let soldiers: Vec<String> = values
        .iter()
        .filter(|(n, _)| n == "soldier")
        .map(|(_, v)| v.clone())
        .collect();
    // A clock in muster's last days would end the invite in a year it does not record, which
    // reads as earlier than any it does: refused, and the invite made at the instant checked.
    let now = SystemClock.now();
    if expires_in.is_some_and(|span| clock::after(now, span).is_none()) {
        return message_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "an invite made now would expire after the year {}, the last muster records: make one that lasts until revoked",
                clock::YEARS.end()
            ),
        );
    }
    let (made_by, reach) = (signed.caller.name.clone(), signed.caller.reach.clone());
    let (public, browsed) = (server.public.clone(), headers.clone());
    let made = written(&server, move |store| {
        // An invite made on a campaign's page lets its phones into that campaign alone.
        let campaign = app::resolve_within(store, Some(&campaign), &reach)?;
        // Refused before it is made, as the command line refuses it: nothing is kept.
        let base = match reached(&public, app::served_url(store)?, &browsed) {
            Ok(base) => base,
            Err(refused) => return Ok(Err(refused)),
        };
        let ask = InviteAsk {
            role,
            soldiers,
            uses,
            expires_in,
            reach: Reach::Only(vec![campaign.clone()]),
            made_by,
        };
        let invite = app::make_invite(store, &ask, &FixedClock(now))?;
        Ok(Ok((invite, base, campaign)))
    })
    .await;
    let (invite, base, campaign) = match made {
        Ok(Ok(made)) => made,
        Ok(Err((status, message))) => return message_page(status, &message),
        Err(message) => return message_page(StatusCode::UNPROCESSABLE_ENTITY, &message),
    };
    let link = format!("{base}/join#{}", invite.secret);
    let qr = match QrCode::new(link.as_bytes()) {
        Ok(code) => code.render::<svg::Color>().min_dimensions(240, 240).build(),
        Err(e) => {
            return message_page(
                StatusCode::INTERNAL_SERVER_ERROR,
                &format!("the link does not fit a QR code: {e}"),
            );
        }
    };
    let row = &invite.row;
    let said = format!(
        "A {} invite ({}): {} phone{} may join by it",
        row.role,
        row.id,
        row.uses,
        if row.uses == 1 { "" } else { "s" },
    );
    let revoke = format!("muster serve invite revoke {}", row.id);
    let Chrome { csrf, who } = chrome(&signed);
    render(
        StatusCode::OK,
        &InvitePage {
            csrf,
            who,
            link: crate::url::segment(&campaign),
            campaign,
            invite: link,
            qr,
            said,
            expires: row.expires_at.clone().unwrap_or_default(),
            revoke,
        },
    )
}
