//! `muster pull REMOTE [--campaign C]`: the server's campaign brought into this database, a
//! fast-forward of the events after this copy's head, checked from the state at that head.

use muster::app;
use muster::store::{Head, Store};
use muster::transfer::{self, FastForward};
use serde_json::{Value, json};

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::remote::{Answered, Remote};

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
            Err(_) => only_campaign(&remote)?,
        },
    };
    let theirs = server_head(&remote, &named)?;
    let campaign = theirs.0;
    let theirs = theirs.1;
    let here = match store.campaign_named(&campaign)? {
        Some(local) => store.head(&local)?,
        None => Head::empty(),
    };
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(&campaign));
    let added = if here.version == 0 {
        let answered = ok(&remote, remote.get(&path)?)?;
        transfer::import(&mut store, &answered.body)?.added
    } else if theirs.version <= here.version {
        match store.row_at(&campaign, theirs.version)? {
            Some(row) if row.hash == theirs.hash => 0,
            _ => return Err(diverged(&remote, &store, &campaign, &here, &theirs)?),
        }
    } else {
        let answered = ok(&remote, remote.get(&format!("{path}?after={}", here.version))?)?;
        match transfer::fast_forward(&mut store, &campaign, &here, &answered.body)? {
            FastForward::Added { added, .. } => added,
            FastForward::DoesNotContinue => {
                return Err(diverged(&remote, &store, &campaign, &here, &theirs)?);
            }
        }
    };
    app::witness(&store, &campaign, &theirs, &remote.url, ctx.clock.as_ref())?;
    let now = store.head(&campaign)?;
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

/// `answered` when it is a success, else the server's refusal.
fn ok(remote: &Remote, answered: Answered) -> Result<Answered, CommandError> {
    if answered.status == 200 {
        Ok(answered)
    } else {
        Err(remote.refusal(&answered))
    }
}

/// The server's one campaign, when no campaign is named here and none is selected.
fn only_campaign(remote: &Remote) -> Result<String, CommandError> {
    let answered = ok(remote, remote.get("/api/v1/campaigns")?)?;
    let listed: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let names: Vec<&str> = listed
        .as_array()
        .map(|all| all.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    match names.as_slice() {
        [one] => Ok((*one).to_owned()),
        [] => Err(CommandError::refused(format!(
            "the server at {} holds no campaign to pull",
            remote.url
        ))),
        many => Err(CommandError::refused(format!(
            "the server holds {} campaigns ({}); name the one to pull with --campaign",
            many.len(),
            many.join(", ")
        ))),
    }
}

/// The campaign as the server spells it, and its head there.
fn server_head(remote: &Remote, campaign: &str) -> Result<(String, Head), CommandError> {
    let answered = ok(
        remote,
        remote.get(&format!(
            "/api/v1/campaigns/{}/roster",
            crate::url::segment(campaign)
        ))?,
    )?;
    let roster: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let head = Head {
        version: roster["head"]["version"].as_u64().unwrap_or(0),
        hash: roster["head"]["hash"].as_str().unwrap_or_default().to_owned(),
    };
    let name = roster["campaign"].as_str().unwrap_or(campaign).to_owned();
    Ok((name, head))
}

/// Where this copy and the server's part, found by asking the server for one event at a
/// time (a binary search), and the refusal saying so.
fn diverged(
    remote: &Remote,
    store: &Store,
    campaign: &str,
    here: &Head,
    theirs: &Head,
) -> Result<CommandError, CommandError> {
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(campaign));
    let same_at = |version: u64| -> Result<bool, CommandError> {
        let answered = ok(
            remote,
            remote.first_line(&format!("{path}?after={}", version - 1))?,
        )?;
        let server = transfer::parse(&answered.body)?;
        let ours = store.row_at(campaign, version)?;
        Ok(matches!((server.first(), ours), (Some(s), Some(o)) if s.hash == o.hash))
    };
    // The last version both hold alike: alike at `low`, not at `high`.
    let (mut low, mut high) = (0, here.version.min(theirs.version) + 1);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if same_at(middle)? {
            low = middle;
        } else {
            high = middle;
        }
    }
    let mut error = CommandError::refused(format!(
        "this copy of '{campaign}' and the server's part after v{low}: this copy holds {} event{} the server has not, the server {} this copy has not; nothing pulled",
        here.version - low,
        if here.version - low == 1 { "" } else { "s" },
        theirs.version - low
    ));
    error.hint = Some(
        "muster never merges two histories: keep the server's (pull into a new database with --db) or this copy's, and record the other's events again there"
            .to_owned(),
    );
    Ok(error)
}
