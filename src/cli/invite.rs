//! `muster serve invite` (a sign-in link for a player's or a viewer's phone, printed with its
//! QR code), `serve invite list|revoke`, and `serve session list|revoke`: who may join the
//! server's page, and who has.

use chrono::{DateTime, Utc};
use clap::{Subcommand, ValueEnum};
use muster::app::{self, InviteAsk, InviteRow, Reach, Role, SessionRow, Via};
use muster::clock::{self, FixedClock};
use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

use super::context::Context;
use super::error::CommandError;
use super::output;

#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "The link's code sits after its #, which browsers never send: a chat app's preview of the link neither uses it nor signs anyone in; the page it opens has a Join button. Only the code's hash is kept. Each phone that joins uses the invite once and gets a session that lasts until it is idle 45 days, its invite is revoked (`muster serve invite revoke ID`), or it is ended (`muster serve session revoke ID`)."
)]
pub struct InviteArgs {
    /// What a phone that joins may do: player records commands, viewer reads
    #[arg(long, value_enum, required = true)]
    role: Option<InviteRole>,
    /// A Soldier who is the joining player's own (his card comes first on the page); again
    /// for more
    #[arg(long = "soldier", value_name = "NAME")]
    soldiers: Vec<String>,
    /// How many phones may join by it (many, for a group chat's read-only link)
    #[arg(long, value_name = "N", default_value_t = 1)]
    uses: u32,
    /// How long it may be used: 30m, 12h, 7d, 2w; `never` for until used up or revoked
    #[arg(long, value_name = "DURATION", default_value = "7d")]
    expires: String,
    /// The only campaign its phones may read and write; again for more [default: every
    /// campaign, those created later too]
    #[arg(long = "only", value_name = "CAMPAIGN")]
    campaigns: Vec<String>,
    /// The address players reach the server at (http://192.168.1.20:7878, https://muster.example);
    /// needed unless the server last started on an address players reach
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    #[command(subcommand)]
    command: Option<InviteCommand>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum InviteRole {
    Player,
    Viewer,
}

#[derive(Debug, Subcommand)]
pub enum InviteCommand {
    /// List the invites: id, role, uses, expiry, own Soldiers, maker, campaigns
    List,
    /// Revoke an invite: it is refused from now on, and every phone that joined by it is
    /// signed out at once
    Revoke {
        /// The invite's id, as listed
        id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// List the signed-in browsers: id, name, role, signed in by token or invite, last seen,
    /// campaigns
    List,
    /// End a session: that browser is signed out at once
    Revoke {
        /// The session's id, as listed (its start is enough)
        id: String,
    },
}

pub fn run(ctx: &Context, args: InviteArgs) -> Result<(), CommandError> {
    let store = ctx.open()?;
    match args.command {
        Some(InviteCommand::List) => {
            let rows = app::invites(&store)?.into_iter().map(|i| listed(&i));
            output::print(&format!(
                "{}\n",
                output::table(
                    &[
                        "Id",
                        "Role",
                        "Used",
                        "Expires",
                        "Soldiers",
                        "Made by",
                        "Campaigns"
                    ],
                    rows
                )
            ))
        }
        Some(InviteCommand::Revoke { id }) => {
            app::revoke_invite(&store, &id)?;
            output::print(&format!(
                "invite '{}' revoked; its phones are signed out\n",
                id.trim()
            ))
        }
        None => {
            let role = match args.role {
                Some(InviteRole::Player) => Role::Player,
                Some(InviteRole::Viewer) | None => Role::Viewer,
            };
            let url = match args.url {
                Some(url) => url,
                None => app::served_url(&store)?.ok_or_else(|| {
                    CommandError::refused(
                        "give the address players reach the server at: --url http://HOST:PORT (the server has recorded none: it last started on loopback or on every address, which no phone can open, or has not started)",
                    )
                })?,
            };
            let url = base_url(&url)?;
            let now = ctx.clock.now();
            let ask = InviteAsk {
                role,
                soldiers: args.soldiers,
                uses: args.uses,
                expires_in: expiry(&args.expires, now)?,
                reach: app::reach_of(&store, &args.campaigns)?,
                made_by: ctx.recorder.clone().unwrap_or_else(|| "command line".to_owned()),
            };
            // Made at the instant its expiry was checked against, so the end checked is the
            // end kept.
            let invite = app::make_invite(&store, &ask, &FixedClock(now))?;
            let link = format!("{url}/join#{}", invite.secret);
            let row = &invite.row;
            let code = QrCode::new(link.as_bytes())
                .map_err(|e| CommandError::refused(format!("the link does not fit a QR code: {e}")))?
                .render::<Dense1x2>()
                .dark_color(Dense1x2::Light)
                .light_color(Dense1x2::Dark)
                .quiet_zone(true)
                .build();
            output::print(&format!(
                "{link}\n\n{code}\n\n{} invite {} to {}: {}, {}; shown this once (only its hash is kept)\n",
                row.role,
                row.id,
                ask.reach.words(),
                plural(row.uses, "use"),
                row.expires_at
                    .as_deref()
                    .map_or_else(|| "never expires".to_owned(), |at| format!("expires {at}"))
            ))
        }
    }
}

pub fn run_session(ctx: &Context, command: SessionCommand) -> Result<(), CommandError> {
    let store = ctx.open()?;
    match command {
        SessionCommand::List => {
            let rows = app::sessions(&store, ctx.clock.as_ref())?
                .into_iter()
                .map(|s| session_row(&s));
            output::print(&format!(
                "{}\n",
                output::table(
                    &[
                        "Id",
                        "Name",
                        "Role",
                        "Signed in by",
                        "Since",
                        "Last seen",
                        "Campaigns"
                    ],
                    rows
                )
            ))
        }
        SessionCommand::Revoke { id } => {
            app::end_session(&store, &id)?;
            output::print(&format!(
                "session '{}' ended; that browser is signed out\n",
                id.trim()
            ))
        }
    }
}

/// `url` without its trailing slash, when it is an http(s) address.
fn base_url(url: &str) -> Result<String, CommandError> {
    let url = url.trim().trim_end_matches('/');
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .unwrap_or("");
    if host.is_empty() || host.contains(char::is_whitespace) || host.contains('#') {
        return Err(CommandError::refused(format!(
            "--url '{url}' is not an address a phone can open; give http://HOST:PORT or https://HOST"
        )));
    }
    Ok(url.to_owned())
}

/// How long an invite made at `now` may be used, from `7d`, `12h`, `2w`, `30m` or `never`:
/// refused when it would end past the last year muster records.
fn expiry(text: &str, now: DateTime<Utc>) -> Result<Option<chrono::Duration>, CommandError> {
    if text.trim().eq_ignore_ascii_case("never") {
        return Ok(None);
    }
    let span = humantime::parse_duration(text.trim())
        .ok()
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .filter(|d| *d > chrono::Duration::zero())
        .ok_or_else(|| {
            CommandError::refused(format!(
                "--expires '{text}' is not a time: give 30m, 12h, 7d or 2w, or never"
            ))
        })?;
    if clock::after(now, span).is_none() {
        return Err(CommandError::refused(format!(
            "--expires '{text}' ends after the year {}, the last muster records: give a shorter time (30m, 12h, 7d, 2w), or never for an invite that lasts until it is used up or revoked",
            clock::YEARS.end()
        )));
    }
    Ok(Some(span))
}

fn plural(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn soldiers(row: &InviteRow) -> Vec<String> {
    serde_json::from_str(&row.soldiers).unwrap_or_default()
}

fn listed(row: &InviteRow) -> Vec<String> {
    vec![
        row.id.clone(),
        row.role.clone(),
        format!("{} of {}", row.used, row.uses),
        row.expires_at.clone().unwrap_or_else(|| "never".to_owned()),
        soldiers(row).join(", "),
        row.made_by.clone(),
        Reach::from_kept(row.campaigns.as_deref()).words(),
    ]
}

fn session_row(row: &SessionRow) -> Vec<String> {
    vec![
        row.id.clone(),
        row.name.clone(),
        row.role.clone(),
        match &row.via {
            Via::Token(name) => format!("token '{name}'"),
            Via::Invite(id) => format!("invite {id}"),
        },
        row.made_at.clone(),
        row.seen_at.clone(),
        Reach::from_kept(row.campaigns.as_deref()).words(),
    ]
}
