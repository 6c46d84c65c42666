//! Completions that know the campaign: `source <(COMPLETE=bash muster)` registers muster
//! itself as the shell's completer, so Soldier, campaign, Medal, bogey and Ally names and
//! versions complete from the database that the words typed so far name.

use std::ffi::OsStr;

use clap_complete::CompleteEnv;
use clap_complete::engine::CompletionCandidate;
use muster::query::{self, LogQuery, Named, Names, Query};

use super::context::Context;
use super::help::Grammar;
use super::output::Format;

/// Answers the shell and exits when it asks for completions (`COMPLETE` is set); returns
/// otherwise.
pub fn answer_if_asked(grammar: Grammar) {
    CompleteEnv::with_factory(grammar).bin("muster").complete();
}

/// The Soldiers (heroes) of the campaign.
pub fn soldiers(current: &OsStr) -> Vec<CompletionCandidate> {
    named(current, |names| names.soldiers)
}

/// The cards of the campaign's Medal deck.
pub fn medals(current: &OsStr) -> Vec<CompletionCandidate> {
    named(current, |names| names.medals)
}

/// The bogeys of the Mission in progress.
pub fn bogeys(current: &OsStr) -> Vec<CompletionCandidate> {
    named(current, |names| names.bogeys)
}

/// The heroes' Allies.
pub fn allies(current: &OsStr) -> Vec<CompletionCandidate> {
    named(current, |names| names.allies)
}

/// The campaigns in the database, with their number of events.
pub fn campaigns(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(ctx) = typed_context() else {
        return Vec::new();
    };
    let Ok(store) = ctx.open_read() else {
        return Vec::new();
    };
    let listed = query::campaigns(&store, None).unwrap_or_default();
    let named = listed.into_iter().map(|c| Named {
        about: format!("{} events", c.version),
        name: c.name,
    });
    matching(current, named)
}

/// The campaign's newest versions, as muster prints them, newest first.
pub fn versions(current: &OsStr) -> Vec<CompletionCandidate> {
    let request = LogQuery {
        limit: Some(40),
        reverse: true,
        ..LogQuery::default()
    };
    let entries = read(|query| Ok(query.log(&request)?)).unwrap_or_default();
    let named = entries.into_iter().map(|e| Named {
        name: format!("v{}", e.version),
        about: e.summary,
    });
    matching(current, named)
}

/// The names `pick` takes from the campaign's, that begin with `current`.
fn named(current: &OsStr, pick: fn(Names) -> Vec<Named>) -> Vec<CompletionCandidate> {
    let names = read(|query| Ok(query.names()?)).map(pick).unwrap_or_default();
    matching(current, names)
}

/// The candidates among `names` that begin with `current` (any case); a name with a space
/// is one word to the shell, which quotes it.
fn matching(current: &OsStr, names: impl IntoIterator<Item = Named>) -> Vec<CompletionCandidate> {
    let typed = current.to_string_lossy().to_lowercase();
    names
        .into_iter()
        .filter(|n| n.name.to_lowercase().starts_with(&typed))
        .map(|n| CompletionCandidate::new(n.name).help(Some(n.about.into())))
        .collect()
}

/// `f` on the campaign the typed words select, read only; `None` when there is none (no
/// database yet, no campaign): a completion then offers nothing rather than failing.
fn read<T>(f: impl FnOnce(&Query<'_>) -> Result<T, super::error::CommandError>) -> Option<T> {
    let ctx = typed_context()?;
    let (store, campaign) = ctx.open_campaign_read().ok()?;
    f(&Query::new(&store, &campaign)).ok()
}

/// The global options among the words typed so far (`--db`, `--campaign`), else their
/// environment variables, as the command being typed will see them.
fn typed_context() -> Option<Context> {
    let words: Vec<String> = std::env::args_os()
        .skip_while(|w| w != "--")
        .map(|w| w.to_string_lossy().into_owned())
        .collect();
    let option = |name: &str| {
        let flag = format!("--{name}");
        let joined = format!("--{name}=");
        words.iter().enumerate().rev().find_map(|(i, w)| {
            w.strip_prefix(&joined)
                .map(str::to_owned)
                .or_else(|| (*w == flag).then(|| words.get(i + 1).cloned()).flatten())
        })
    };
    let db = option("db")
        .or_else(|| std::env::var("MUSTER_DB").ok())
        .map(Into::into);
    let typed = option("campaign");
    let flag = typed.is_some();
    let campaign = typed.or_else(|| std::env::var("MUSTER_CAMPAIGN").ok());
    Context::new(db, (campaign, flag), Format::Table).ok()
}
