//! What `pull` and `push` share: a server's head of a campaign, and where this copy and the
//! server's part when neither continues the other.

use muster::query;
use muster::store::{Head, Store};
use muster::transfer;
use serde_json::Value;

use super::error::CommandError;
use super::remote::{Answered, Remote};

/// `answered` when it is a success, else the server's refusal.
pub fn ok(remote: &Remote, answered: Answered) -> Result<Answered, CommandError> {
    if answered.status == 200 {
        Ok(answered)
    } else {
        Err(remote.refusal(&answered))
    }
}

/// The campaign the server's file has selected, else its only one, when none is named here.
pub fn served_campaign(remote: &Remote) -> Result<String, CommandError> {
    let answered = ok(remote, remote.get("/api/v1/campaigns")?)?;
    let listed: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let all = listed.as_array().cloned().unwrap_or_default();
    let named = |c: &Value| c["name"].as_str().map(str::to_owned);
    if let Some(selected) = all.iter().find(|c| c["selected"].as_bool() == Some(true)) {
        return named(selected).ok_or_else(|| remote.refusal(&answered));
    }
    let names: Vec<String> = all.iter().filter_map(named).collect();
    match names.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(CommandError::refused(format!(
            "the server at {} holds no campaign",
            remote.url
        ))),
        many => Err(CommandError::refused(format!(
            "the server holds {} campaigns ({}) and none is selected; name one with --campaign",
            many.len(),
            many.join(", ")
        ))),
    }
}

/// The campaign as the server spells it and its head there, or `None` when the server holds
/// no campaign of that name.
pub fn server_head_if_any(remote: &Remote, campaign: &str) -> Result<Option<(String, Head)>, CommandError> {
    let answered = ok(remote, remote.get("/api/v1/campaigns")?)?;
    let listed: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let held = listed.as_array().is_some_and(|all| {
        all.iter()
            .filter_map(|c| c["name"].as_str())
            .any(|name| muster::domain::names::same(name, campaign))
    });
    if !held {
        return Ok(None);
    }
    server_head(remote, campaign).map(Some)
}

/// The campaign as the server spells it, and its head there.
pub fn server_head(remote: &Remote, campaign: &str) -> Result<(String, Head), CommandError> {
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

/// The last version this copy and the server's hold alike, found by asking the server for one
/// event at a time (a binary search).
pub fn parting(
    remote: &Remote,
    store: &Store,
    campaign: &str,
    (here, theirs): (&Head, &Head),
) -> Result<u64, CommandError> {
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(campaign));
    let same_at = |version: u64| -> Result<bool, CommandError> {
        let answered = ok(
            remote,
            remote.first_line(&format!("{path}?after={}", version - 1))?,
        )?;
        let server = transfer::parse(&answered.body)?;
        let ours = query::hash_at(store, campaign, version)?;
        Ok(matches!((server.first(), ours), (Some(s), Some(o)) if s.hash == o))
    };
    // Alike at `low`, not at `high`.
    let (mut low, mut high) = (0, here.version.min(theirs.version) + 1);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if same_at(middle)? {
            low = middle;
        } else {
            high = middle;
        }
    }
    Ok(low)
}

/// Where this copy and the server's part, and the refusal saying so.
pub fn diverged(
    remote: &Remote,
    store: &Store,
    campaign: &str,
    (here, theirs): (&Head, &Head),
    verb: &str,
) -> Result<CommandError, CommandError> {
    let low = parting(remote, store, campaign, (here, theirs))?;
    let mut error = CommandError::refused(format!(
        "this copy of '{campaign}' and the server's part after v{low}: this copy holds {} event{} the server has not, the server {} this copy has not; nothing {verb}",
        here.version - low,
        if here.version - low == 1 { "" } else { "s" },
        theirs.version - low
    ));
    error.hint = Some(
        "muster never merges two histories: `muster push --rebase --dry-run` shows whether this copy's events would stand after the server's, and `push --rebase` puts them there; then `muster pull --reset` makes this copy the server's (`--keep FILE` first writes any event only this copy holds to a file)"
            .to_owned(),
    );
    Ok(error)
}
