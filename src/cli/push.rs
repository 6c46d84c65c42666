//! `muster push REMOTE [--campaign C]`: this copy's events the server lacks, sent when the
//! server's head is the point this copy continues (a fast-forward); otherwise refused, saying
//! which side has what.

use muster::store::{Head, Store, StoredRow};
use muster::transfer;
use muster::{app, query};
use serde_json::{Value, json};

use super::context::Context;
use super::copies::{diverged, ok, parting, server_head_if_any};
use super::error::CommandError;
use super::output::{self, Format};
use super::remote::{Answered, Remote};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The server: a name saved with `muster remote add`, or a URL (with --token)
    #[arg(value_name = "REMOTE")]
    pub server: String,
    /// When the server moved on, place this copy's events after its head instead, each
    /// with the faces it rolled; refused if the rules would decide any differently there
    #[arg(long)]
    pub rebase: bool,
    /// Show what would land (with --rebase, where each event goes) and write nothing
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let remote = Remote::resolve(&args.server, ctx.token.as_deref())?;
    let (store, campaign) = ctx.open_campaign()?;
    let (_, here) = query::head_here(&store, &campaign)?;
    let theirs = server_head_if_any(&remote, &campaign)?.map_or_else(Head::empty, |(_, head)| head);
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(&campaign));
    if theirs == here {
        return report(
            ctx,
            &campaign,
            0,
            &here,
            &format!("'{campaign}' is up to date on the server at v{}", here.version),
        );
    }
    let continues = theirs.version == 0
        || query::hash_at(&store, &campaign, theirs.version)?.is_some_and(|hash| hash == theirs.hash);
    if !continues || theirs.version > here.version {
        if theirs.version > here.version && continues_here(&remote, &path, &here)? {
            let mut error = CommandError::refused(format!(
                "the server's '{campaign}' has moved on to v{}, {} event{} this copy has not; nothing pushed",
                theirs.version,
                theirs.version - here.version,
                if theirs.version - here.version == 1 {
                    ""
                } else {
                    "s"
                }
            ));
            error.hint = Some(format!("`muster pull {}` brings them here", args.server));
            return Err(error);
        }
        if !args.rebase {
            return Err(diverged(&remote, &store, &campaign, (&here, &theirs), "pushed")?);
        }
        return rebase(ctx, &remote, (&store, &campaign), (&here, &theirs), &args);
    }
    let rows = query::rows_after(&store, &campaign, theirs.version)?;
    let answered = send(&remote, &path, &rows, &theirs, args.dry_run)?;
    if args.dry_run {
        let said = format!(
            "would push {} event{} of '{campaign}'",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        );
        return report(ctx, &campaign, rows.len() as u64, &here, &said);
    }
    let (added, now) = landed(&remote, &answered, &here)?;
    app::witness(&store, &campaign, &now, &remote.url, ctx.clock.as_ref())?;
    let said = format!(
        "pushed {added} event{} of '{campaign}' to {}",
        if added == 1 { "" } else { "s" },
        remote.url
    );
    report(ctx, &campaign, added, &now, &said)
}

/// POSTs `rows` to the server's `path` as continuing `theirs` (a dry run when `dry_run`),
/// answered with success or the server's refusal.
fn send(
    remote: &Remote,
    path: &str,
    rows: &[StoredRow],
    theirs: &Head,
    dry_run: bool,
) -> Result<Answered, CommandError> {
    let lines: String = rows
        .iter()
        .filter_map(|row| serde_json::to_string(&transfer::Line::of(row)).ok())
        .map(|line| line + "\n")
        .collect();
    let if_match = format!("{}:{}", theirs.version, theirs.hash);
    let target = if dry_run {
        format!("{path}?dry_run=true")
    } else {
        path.to_owned()
    };
    let answered = remote.post_lines(&target, lines, &if_match)?;
    match answered.status {
        200 | 201 => Ok(answered),
        _ => Err(remote.refusal(&answered)),
    }
}

/// `push --rebase`: this copy's events after the parting placed after the server's head,
/// shown, checked by the server without writing, then sent unless `--dry-run`.
fn rebase(
    ctx: &Context,
    remote: &Remote,
    (store, campaign): (&Store, &str),
    (here, theirs): (&Head, &Head),
    args: &Args,
) -> Result<(), CommandError> {
    let parted = parting(remote, store, campaign, (here, theirs))?;
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(campaign));
    let head_row = ok(
        remote,
        remote.first_line(&format!("{path}?after={}", theirs.version - 1))?,
    )?;
    let head_at = transfer::parse(&head_row.body)?
        .first()
        .map(|row| row.recorded_at.clone())
        .unwrap_or_default();
    // What an earlier rebase placed there (whole, or up to where a stopped server left it) is
    // the server's already, the same event id with the same payload bytes: only the rest moves.
    let tail = ok(remote, remote.get_tail(&format!("{path}?after={parted}"))?)?;
    let ours = query::rows_after(store, campaign, parted)?.len();
    let only = app::only_here(store, campaign, parted, &transfer::parse(&tail.body)?)?;
    let there = ours - only.len();
    let branch = transfer::to_move(only);
    if branch.is_empty() {
        return output::print(&format!(
            "every event of this copy's '{campaign}' after v{parted} is on the server already (placed by an earlier `push --rebase`); nothing pushed. `muster pull {} --reset` makes this copy the server's\n",
            args.server
        ));
    }
    let placed = transfer::rebase(&branch, theirs, &head_at)?;
    let mut plan = format!(
        "this copy's {} event{} after v{parted}, placed after the server's v{} (the server has {} this copy has not{}):\n",
        placed.len(),
        if placed.len() == 1 { "" } else { "s" },
        theirs.version,
        theirs.version - parted,
        match there {
            0 => String::new(),
            n => format!(
                "; {n} of this copy's {} there already, placed by an earlier rebase",
                if n == 1 { "is" } else { "are" }
            ),
        }
    );
    for (old, new) in branch.iter().zip(&placed) {
        let summary = old
            .decode()
            .map(|r| muster::projection::summary::summary(&r.event))
            .unwrap_or_default();
        plan.push_str(&format!("  v{} -> v{}  {summary}\n", old.version, new.version));
    }
    // The server decides first, writing nothing: a refusal names what would change.
    send(remote, &path, &placed, theirs, true).map_err(|mut e| {
        e.message = format!("{plan}the rebase is refused, nothing pushed: {}", e.message);
        e
    })?;
    if args.dry_run {
        plan.push_str("the server's rules give every one of them the same outcome there; nothing written (drop --dry-run to push)\n");
        return output::print(&plan);
    }
    let answered = send(remote, &path, &placed, theirs, false)?;
    let pushed = placed.last().map_or_else(
        || theirs.clone(),
        |last| Head {
            version: last.version,
            hash: last.hash.clone(),
        },
    );
    let (_, now) = landed(remote, &answered, &pushed)?;
    // The server's head is not witnessed here: this copy's own branch does not hold it.
    if ctx.format == Format::Json {
        return output::print_json(
            &json!({ "campaign": campaign, "added": placed.len(), "head": now, "rebased_after": parted }),
        );
    }
    plan.push_str(&format!(
        "pushed, head v{} {}\nthis copy still holds its own branch after v{parted}; `muster pull {} --reset` makes it the server's (nothing of its own lost)\n",
        now.version,
        output::short_hash(&now.hash),
        args.server
    ));
    output::print(&plan)
}

/// The number of events the server says it added and the head it answered with, when that
/// head is `pushed`, the last event sent: a server that answers with any other head does not
/// hold what it was sent (or says so falsely), and nothing it says is witnessed.
fn landed(remote: &Remote, answered: &Answered, pushed: &Head) -> Result<(u64, Head), CommandError> {
    let landed: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let head = Head {
        version: landed["head"]["version"].as_u64().unwrap_or(0),
        hash: landed["head"]["hash"].as_str().unwrap_or_default().to_owned(),
    };
    if head != *pushed {
        let mut error = CommandError::refused(format!(
            "the server at {} answered the push with its head at v{} {}, but the head pushed is v{} {}: it does not hold what was sent; nothing witnessed",
            remote.url,
            head.version,
            output::short_hash(&head.hash),
            pushed.version,
            output::short_hash(&pushed.hash)
        ));
        error.hint = Some(
            "a server answers a push with the head it was sent; check that the address is a `muster serve` of this campaign, then `muster pull` to see what it holds".to_owned(),
        );
        return Err(error);
    }
    Ok((landed["added"].as_u64().unwrap_or(0), head))
}

/// Whether the server's log holds this copy's head (it only moved on from it).
fn continues_here(remote: &Remote, path: &str, here: &Head) -> Result<bool, CommandError> {
    if here.version == 0 {
        return Ok(true);
    }
    let answered = ok(
        remote,
        remote.first_line(&format!("{path}?after={}", here.version - 1))?,
    )?;
    let rows = muster::transfer::parse(&answered.body)?;
    Ok(rows.first().is_some_and(|row| row.hash == here.hash))
}

fn report(ctx: &Context, campaign: &str, added: u64, head: &Head, said: &str) -> Result<(), CommandError> {
    if ctx.format == Format::Json {
        return output::print_json(&json!({ "campaign": campaign, "added": added, "head": head }));
    }
    output::print(&format!(
        "{said}\nhead v{} {}\n",
        head.version,
        output::short_hash(&head.hash)
    ))
}
