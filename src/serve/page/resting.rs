//! An undo or a void the rules refuse because later commands rest on it, said as the page
//! says it: each of those commands by its version and the summary the log shows, not the events
//! the rules compared, and what the caller may do about it on the page.

use std::sync::Arc;

use muster::query::Query;

use super::reading::read_campaign;
use crate::serve::preamble::Caller;
use crate::serve::server::Server;

/// The void rules' words for a command that later ones rest on, before its version.
const DEPEND: &str = "later events depend on version ";
/// What follows its version, before what rests on it.
const WITHOUT: &str = "; without it: ";
/// The void rules' way out, which names the command line's `--cascade`.
const WAY_OUT: &str = ". Void those first, newest first, or add --cascade to void them with it";

/// A refusal of the void rules naming what rests on a command: the words before it, the
/// version taken back, and the later versions that rest on it, in the order named.
struct Resting<'a> {
    before: &'a str,
    version: &'a str,
    later: Vec<u64>,
    /// What the cascade would take (` (it would void the commands of v5)`), or why it is
    /// refused too, as the void rules add it after their way out; empty when they add none.
    reach: &'a str,
}

/// `message` read as the void rules' refusal for what rests on a command, if it is one.
fn resting(message: &str) -> Option<Resting<'_>> {
    let (before, rest) = message.split_once(DEPEND)?;
    let (version, rest) = rest.split_once(WITHOUT)?;
    let (listing, reach) = rest.rsplit_once(WAY_OUT)?;
    // Each finding of the listing begins `version N `; a finding's own words may hold a `; `.
    let mut later: Vec<u64> = Vec::new();
    for finding in listing.split("; ") {
        let number = finding
            .strip_prefix("version ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok());
        if let Some(number) = number
            && !later.contains(&number)
        {
            later.push(number);
        }
    }
    (!later.is_empty()).then_some(Resting {
        before,
        version,
        later,
        reach,
    })
}

/// `message` as the page says it, when it is the rules' refusal of form `cmd` (an undo or a
/// void) for what rests on the command: each later command by its version and summary (`v10
/// Wong settles the failed Environ cold roll of v8 with a Suppress`), then what the caller may
/// do: undo those first or ask the gm (a player's undo), or tick the void's box that takes
/// them with it (a gm's void). Any other message is given back as it is.
pub async fn in_callers_words(
    server: &Arc<Server>,
    caller: &Caller,
    campaign: &str,
    (cmd, message): (&str, String),
) -> String {
    let way_out = match cmd {
        "undo" => {
            ". Undo those first, newest first (a player undoes only the commands they sent), or ask the gm to void it with what rests on it"
        }
        "void" => {
            ". Void those first, newest first, or tick “Also void what rests on it” to void them with it"
        }
        _ => return message,
    };
    let Some(Resting {
        before,
        version,
        later,
        reach,
    }) = resting(&message)
    else {
        return message;
    };
    // The gm's box takes what the cascade would; a player's undo never cascades.
    let reach = if cmd == "void" { reach } else { "" };
    let versions = later.clone();
    let summaries = read_campaign(server, (campaign, &caller.reach), move |store, name| {
        let query = Query::new(store, name);
        versions
            .iter()
            .map(|v| query.summary_at(*v).map(Option::unwrap_or_default))
            .collect::<Result<Vec<String>, muster::Error>>()
    })
    .await
    // Unread, each is named by its version alone, which the log shows.
    .unwrap_or_default();
    let named: Vec<String> = later
        .iter()
        .enumerate()
        .map(|(i, v)| match summaries.get(i).filter(|s| !s.is_empty()) {
            Some(summary) => format!("v{v} {summary}"),
            None => format!("v{v}"),
        })
        .collect();
    format!("{before}{DEPEND}{version}: {}{way_out}{reach}", named.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_versions_resting_on_a_command_are_read_from_the_rules_refusal() {
        let said = "campaign 'Op': later events depend on version 8; without it: version 10 settles the Environment roll of version 8, which is not awaiting a choice; awaiting: nothing; version 10 decided again, the rules give environment_resolved {\"rolled_at\":9}; version 12 decided again, the rules refuse it: no Wounds. Void those first, newest first, or add --cascade to void them with it";
        let Some(found) = resting(said) else {
            panic!("not read: {said}");
        };
        assert_eq!(
            (found.before, found.version, found.later, found.reach),
            ("campaign 'Op': ", "8", vec![10, 12], "")
        );
        // What the cascade would take, as the rules add it, is kept apart from the listing.
        let reaching = format!("{said} (it would void the commands of v10, v12, v14)");
        let Some(found) = resting(&reaching) else {
            panic!("not read: {reaching}");
        };
        assert_eq!(
            (found.later, found.reach),
            (vec![10, 12], " (it would void the commands of v10, v12, v14)")
        );
        assert!(resting("version 8 does not exist; this campaign's log runs from 1 to 7").is_none());
    }
}
