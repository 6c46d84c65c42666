//! `muster serve [--addr HOST:PORT]` (with its limits on peers), `muster serve token
//! add|list|revoke`, and `serve invite` and `serve session` (in `invite`): the server's command
//! line. The server itself is `crate::serve`; it runs
//! each client's command through the runner the command line hands it
//! (`served::prepare` for the command line's own grammar).

use std::time::Duration;

use clap::{Subcommand, ValueEnum};
use muster::app::{self, Reach, Role};

use super::context::Context;
use super::error::CommandError;
use super::file;
use super::output;

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// The address to listen on; one other than loopback is refused until a token exists
    /// (port 0: any free port, printed on the first line)
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:7878")]
    addr: String,
    /// Seconds a request's head (request line and headers) may take to arrive whole; a peer
    /// slower than that is disconnected, as is a kept-alive connection sending no next request
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = whole::<1, 3600>)]
    header_timeout: u64,
    /// Seconds a connection may stay open with no byte moving either way (a stalled request
    /// body, an answer not read); an open page's live stream sends a keep-alive four times as
    /// often
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = whole::<1, 86400>)]
    idle_timeout: u64,
    /// Connections open at once; one more waits, unaccepted, until another closes (each open
    /// page holds one, and the open pages at most half of them; each request may open SQLite's
    /// files too: keep it well under the process's file-descriptor limit, `ulimit -n`)
    // 512 leaves half of the usual 1,024 descriptors to SQLite's files and the process.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = whole::<1, 65536>)]
    max_connections: u64,
    /// Serve HTTPS with this certificate (a PEM file, its chain after it); with --tls-key
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<std::path::PathBuf>,
    /// The certificate's private key (a PEM file); with --tls-cert
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<std::path::PathBuf>,
    /// The address players use (https://muster.example, behind a reverse proxy): invite links
    /// and the page's same-site check follow it, not a request's Host
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// The reverse proxy's address: the sign-in limit reads the client's address from its
    /// X-Forwarded-For header, and only from that address
    #[arg(long, value_name = "ADDR")]
    trust_proxy: Option<std::net::IpAddr>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// `url` as the address players use: http(s)://HOST[:PORT], no path, no trailing slash.
fn public_url(url: &str) -> Result<String, CommandError> {
    let url = url.trim().trim_end_matches('/');
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .unwrap_or("");
    if host.is_empty() || host.contains(['/', '#', '?', ' ', '@']) || host.chars().any(char::is_control) {
        return Err(CommandError::refused(format!(
            "--public-url '{url}' is not the address players use: give https://HOST or http://HOST:PORT, without a path"
        )));
    }
    Ok(url.to_owned())
}

/// A whole number from `LOW` to `HIGH`, or what was wrong with the text and what would do.
fn whole<const LOW: u64, const HIGH: u64>(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (LOW..=HIGH).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a whole number from {LOW} to {HIGH}")),
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The tokens that may call the server
    #[command(subcommand)]
    Token(TokenCommand),
    /// A sign-in link for a player's or a viewer's phone, with its QR code; `list`, `revoke`
    Invite(super::invite::InviteArgs),
    /// The signed-in browsers: `list`, `revoke`
    #[command(subcommand)]
    Session(super::invite::SessionCommand),
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Make a token and print it, once: only its hash is kept
    Add {
        /// Its name, recorded as the actor of each command it sends
        name: String,
        /// What it may do: gm everything; player record commands (not void, amend, seed
        /// reveal, campaign management); viewer read
        #[arg(long, value_enum)]
        role: RoleArg,
        /// The only campaign it may read and write; again for more [default: every campaign,
        /// those created later too]
        #[arg(long = "only", value_name = "CAMPAIGN")]
        campaigns: Vec<String>,
    },
    /// List the tokens: name, role, when made, campaigns
    List,
    /// Revoke a token: it is refused from the next request on
    Revoke {
        /// The token's name
        name: String,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RoleArg {
    Gm,
    Player,
    Viewer,
}

impl From<RoleArg> for Role {
    fn from(role: RoleArg) -> Role {
        match role {
            RoleArg::Gm => Role::Gm,
            RoleArg::Player => Role::Player,
            RoleArg::Viewer => Role::Viewer,
        }
    }
}

pub fn run(ctx: &Context, args: Args, runner: crate::serve::Runner) -> Result<(), CommandError> {
    match args.command {
        None => {
            let db = ctx.db_path()?;
            // The file is opened (and brought up to date) before anyone can call.
            drop(ctx.open()?);
            let limits = crate::serve::Limits {
                header: Duration::from_secs(args.header_timeout),
                idle: Duration::from_secs(args.idle_timeout),
                connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
            };
            let reached = crate::serve::Reached {
                tls: match args.tls_cert.zip(args.tls_key) {
                    Some((cert, key)) => Some((pem(cert, "--tls-cert file")?, pem(key, "--tls-key file")?)),
                    None => None,
                },
                public_url: args.public_url.as_deref().map(public_url).transpose()?,
                trust_proxy: args.trust_proxy,
            };
            crate::serve::run(&args.addr, db, runner, limits, reached).map_err(CommandError::refused)
        }
        Some(Command::Token(TokenCommand::Add {
            name,
            role,
            campaigns,
        })) => {
            let store = ctx.open()?;
            let reach = app::reach_of(&store, &campaigns)?;
            let role = Role::from(role);
            let token = app::add_token(&store, &name, (role, &reach), ctx.clock.as_ref())?;
            output::print(&format!(
                "{token}\nThe {} token for '{}' ({}) is shown this once; only its hash is kept.\n",
                role.word(),
                name.trim(),
                reach.words()
            ))
        }
        Some(Command::Token(TokenCommand::List)) => {
            let store = ctx.open()?;
            let rows = app::tokens(&store)?.into_iter().map(|t| {
                let reach = Reach::from_kept(t.campaigns.as_deref()).words();
                vec![t.name, t.role, t.created_at, reach]
            });
            output::print(&format!(
                "{}\n",
                output::table(&["Name", "Role", "Made", "Campaigns"], rows)
            ))
        }
        Some(Command::Token(TokenCommand::Revoke { name })) => {
            let store = ctx.open()?;
            app::revoke_token(&store, &name)?;
            output::print(&format!("token '{name}' revoked; its sessions are signed out\n"))
        }
        Some(Command::Invite(invite)) => super::invite::run(ctx, invite),
        Some(Command::Session(command)) => super::invite::run_session(ctx, command),
    }
}

/// The PEM file at `path`, given as `what`, read whole within [`file::MAX_PEM_FILE`].
fn pem(path: std::path::PathBuf, what: &str) -> Result<crate::serve::Pem, CommandError> {
    let bytes = file::read_bounded(&path, what, (file::MAX_PEM_FILE, "a PEM file"))?;
    Ok(crate::serve::Pem { path, bytes })
}
