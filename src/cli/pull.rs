//! `muster pull REMOTE [--campaign C]`: the server's campaign brought into this database, a
//! fast-forward of the events after this copy's head, checked from the state at that head;
//! with `--reset`, a copy that parted from the server's replaced by it (`app::reset_campaign`).

use muster::store::Head;
use muster::transfer::FastForward;
use muster::{app, query};
use serde_json::json;

use super::context::Context;
use super::copies::{diverged, ok, parting, served_campaign, server_head};
use super::error::CommandError;
use super::output::{self, Format};
use super::progress::Progress;
use super::remote::Remote;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The server: a name saved with `muster remote add`, or a URL (with --token)
    #[arg(value_name = "REMOTE")]
    pub server: String,
    /// When this copy's campaign parted from the server's (after `push --rebase`, say):
    /// replace it with the server's, once every event only this copy holds is on the server
    /// or kept with --keep
    #[arg(long)]
    pub reset: bool,
    /// With --reset: first write the events only this copy holds to this new file (JSON
    /// Lines, as `export` writes them), so nothing is lost
    #[arg(long, value_name = "FILE", requires = "reset")]
    pub keep: Option<std::path::PathBuf>,
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
    if args.reset {
        return reset(
            ctx,
            &remote,
            store,
            (&campaign, &path),
            (&here, &theirs),
            args.keep.as_deref(),
        );
    }
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

/// `pull --reset`: refused unless the two have parted, and unless every event only this copy
/// holds is on the server or written to `keep`; then the campaign is replaced whole.
fn reset(
    ctx: &Context,
    remote: &Remote,
    store: super::context::Opened<'_>,
    (campaign, path): (&str, &str),
    (here, theirs): (&Head, &Head),
    keep: Option<&std::path::Path>,
) -> Result<(), CommandError> {
    let plain = |why: String| {
        let mut error = CommandError::refused(why);
        error.hint = Some(format!(
            "`muster pull {}` brings the server's events here",
            remote.url
        ));
        error
    };
    if here.version == 0 {
        return Err(plain(format!("this copy holds no '{campaign}' to reset")));
    }
    let continues = match theirs.version.cmp(&here.version) {
        std::cmp::Ordering::Less | std::cmp::Ordering::Equal => {
            query::hash_at(&store, campaign, theirs.version)?.as_deref() == Some(theirs.hash.as_str())
        }
        std::cmp::Ordering::Greater => {
            let answered = ok(
                remote,
                remote.first_line(&format!("{path}?after={}", here.version - 1))?,
            )?;
            muster::transfer::parse(&answered.body)?
                .first()
                .is_some_and(|row| row.hash == here.hash)
        }
    };
    if continues {
        return Err(plain(format!(
            "this copy of '{campaign}' has not parted from the server's (here v{}, there v{}): nothing to reset; a pull or a push carries the difference",
            here.version, theirs.version
        )));
    }
    let parted = parting(remote, &store, campaign, (here, theirs))?;
    let tail = ok(remote, remote.get_tail(&format!("{path}?after={parted}"))?)?;
    let only = app::only_here(&store, campaign, parted, &muster::transfer::parse(&tail.body)?)?;
    match (only.is_empty(), keep) {
        (true, _) => {}
        (false, Some(file)) => app::keep_rows(&only, file)?,
        (false, None) => {
            let listed: Vec<String> = only
                .iter()
                .take(5)
                .map(|row| format!("v{} {}", row.version, row.kind))
                .collect();
            let mut error = CommandError::refused(format!(
                "{} event{} of this copy's '{campaign}' after v{parted} {} not on the server ({}{}): a reset would lose {}; nothing was changed",
                only.len(),
                if only.len() == 1 { "" } else { "s" },
                if only.len() == 1 { "is" } else { "are" },
                listed.join(", "),
                if only.len() > 5 { ", …" } else { "" },
                if only.len() == 1 { "it" } else { "them" }
            ));
            error.hint = Some(format!(
                "`muster push {} --rebase` places them on the server first; or `--keep FILE` writes them to a new file before the reset",
                remote.url
            ));
            return Err(error);
        }
    }
    let db = ctx.db_path()?;
    drop(store);
    let mut progress = Progress::new("pulling", 0);
    let export = remote.stream(path)?;
    let imported = app::reset_campaign(&db, campaign, export, &mut |done, of| progress.set_of(done, of))?;
    drop(progress);
    let store = ctx.open()?;
    app::witness(&store, campaign, theirs, &remote.url, ctx.clock.as_ref())?;
    let (_, now) = query::head_here(&store, campaign)?;
    let kept = match keep {
        Some(file) if !only.is_empty() => format!(
            "; its {} own event{} kept in {}",
            only.len(),
            if only.len() == 1 { "" } else { "s" },
            file.display()
        ),
        _ => String::new(),
    };
    if ctx.format == Format::Json {
        return output::print_json(&json!({
            "campaign": campaign,
            "reset": true,
            "added": imported.added,
            "head": now,
            "server_head": theirs,
            "parted_after": parted,
            "kept": keep.filter(|_| !only.is_empty()).map(|f| f.display().to_string()),
            "kept_events": only.len(),
        }));
    }
    output::print(&format!(
        "this copy's '{campaign}' is now the server's: {} events, parted from it after v{parted}{kept}\nhead v{} {}\n",
        imported.added,
        now.version,
        output::short_hash(&now.hash)
    ))
}
