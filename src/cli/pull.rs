//! `muster pull REMOTE [--campaign C]`: the server's campaign brought into this database, a
//! fast-forward of the events after this copy's head, checked from the state at that head.

use muster::transfer::FastForward;
use muster::{app, query};
use serde_json::json;

use super::context::Context;
use super::copies::{diverged, ok, served_campaign, server_head};
use super::error::CommandError;
use super::output::{self, Format};
use super::progress::Progress;
use super::remote::Remote;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The server: a name saved with `muster remote add`, or a URL (with --token)
    #[arg(value_name = "REMOTE")]
    pub server: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let remote = Remote::resolve(&args.server, ctx.token.as_deref())?;
    let mut store = ctx.open()?;
    let named = match ctx.named_campaign() {
        Some((name, _)) => name.to_owned(),
        None => match ctx.campaign(&store) {
            Ok(selected) => selected,
            Err(_) => served_campaign(&remote)?,
        },
    };
    let (campaign, theirs) = server_head(&remote, &named)?;
    let (_, here) = query::head_here(&store, &campaign)?;
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(&campaign));
    let added = if here.version == 0 {
        // The whole campaign, read as it arrives and checked as an import is.
        let mut progress = Progress::new("pulling", 0);
        let export = remote.stream(&path)?;
        let imported = app::pull_whole(&mut store, export, &mut |done, of| progress.set_of(done, of))?;
        drop(progress);
        imported.added
    } else if theirs.version <= here.version {
        match query::hash_at(&store, &campaign, theirs.version)? {
            Some(hash) if hash == theirs.hash => 0,
            _ => return Err(diverged(&remote, &store, &campaign, (&here, &theirs), "pulled")?),
        }
    } else {
        let answered = ok(
            &remote,
            remote.get_tail(&format!("{path}?after={}", here.version))?,
        )?;
        match app::pull_tail(&mut store, &campaign, &here, &answered.body)? {
            FastForward::Added { added, .. } => added,
            FastForward::DoesNotContinue => {
                return Err(diverged(&remote, &store, &campaign, (&here, &theirs), "pulled")?);
            }
        }
    };
    app::witness(&store, &campaign, &theirs, &remote.url, ctx.clock.as_ref())?;
    let (_, now) = query::head_here(&store, &campaign)?;
    if ctx.format == Format::Json {
        return output::print_json(&json!({
            "campaign": campaign,
            "added": added,
            "head": now,
            "server_head": theirs,
        }));
    }
    let said = match (added, theirs.version < now.version) {
        (0, true) => format!(
            "nothing to pull: the server's '{campaign}' is at v{}, {} events behind this copy (`muster push` sends them)",
            theirs.version,
            now.version - theirs.version
        ),
        (0, false) => format!("'{campaign}' is up to date with the server at v{}", now.version),
        (n, _) => format!(
            "pulled {n} event{} of '{campaign}' from {}",
            if n == 1 { "" } else { "s" },
            remote.url
        ),
    };
    output::print(&format!(
        "{said}\nhead v{} {}\n",
        now.version,
        output::short_hash(&now.hash)
    ))
}
