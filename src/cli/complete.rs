//! Completions that know the campaign: `source <(COMPLETE=bash muster)` registers muster
//! itself as the shell's completer, so Soldier, campaign, Medal, bogey and Ally names and
//! versions complete from the database that the words typed so far name.
//!
//! A name may hold spaces (`Winter Storm`, `Military Cross`), so it must come back as one
//! word: zsh and fish quote what they insert themselves, bash does not, so bash's script
//! quotes each candidate as `printf %q` does (unless the word was begun with a quote).
//! The words typed reach muster as typed, quotes and backslashes included (fish's earlier
//! words excepted), and are read without them.

use std::ffi::{OsStr, OsString};
use std::io;
use std::path::Path;

use clap_complete::CompleteEnv;
use clap_complete::engine::CompletionCandidate;
use clap_complete::env::{Bash, Elvish, EnvCompleter, Fish, Powershell, Shells, Zsh};
use muster::query::{self, LogQuery, Named, Names, Query};

use super::context::Context;
use super::help::Grammar;
use super::output::Format;

/// Answers the shell and exits when it asks for completions (`COMPLETE` is set); returns
/// otherwise.
pub fn answer_if_asked(grammar: Grammar) {
    CompleteEnv::with_factory(grammar)
        .bin("muster")
        .shells(Shells(&[&QuotingBash, &Elvish, &Fish, &Powershell, &Zsh]))
        .complete();
}

/// What bash's script does once muster has answered, before bash inserts the word: each
/// candidate quoted for bash, unless the word typed so far opened a quote (bash closes it).
const BASH_QUOTES: &str = r#"
    if [[ ${COMP_WORDS[COMP_CWORD]-} != [\"\']* ]]; then
        local i
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=$(printf %q "${COMPREPLY[i]}")
        done
    fi
}
"#;

/// clap's bash completer, whose script also quotes each candidate ([`BASH_QUOTES`]): bash
/// inserts a candidate as it is, so `Winter Storm` unquoted would be two words.
struct QuotingBash;

impl EnvCompleter for QuotingBash {
    fn name(&self) -> &'static str {
        Bash.name()
    }

    fn is(&self, name: &str) -> bool {
        Bash.is(name)
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn io::Write,
    ) -> io::Result<()> {
        let mut script = Vec::new();
        Bash.write_registration(var, name, bin, completer, &mut script)?;
        // The function clap writes ends at the first line that is a lone `}`.
        let script = String::from_utf8_lossy(&script).replacen("\n}\n", BASH_QUOTES, 1);
        buf.write_all(script.as_bytes())
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&Path>,
        buf: &mut dyn io::Write,
    ) -> io::Result<()> {
        Bash.write_complete(cmd, args, current_dir, buf)
    }
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

/// The candidates among `names` that begin with `current` read without its quotes (any case).
fn matching(current: &OsStr, names: impl IntoIterator<Item = Named>) -> Vec<CompletionCandidate> {
    let typed = unquoted(&current.to_string_lossy()).to_lowercase();
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
    // fish hands over the earlier words unquoted already; bash and zsh as typed.
    let fish = std::env::var_os("COMPLETE").is_some_and(|shell| shell == "fish");
    let words: Vec<String> = std::env::args_os()
        .skip_while(|w| w != "--")
        .map(|w| w.to_string_lossy().into_owned())
        .map(|w| if fish { w } else { unquoted(&w) })
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

/// `word` as the command will read it once typed whole: its quotes and backslash escapes
/// taken off, a quote still open (as it is while its word is typed) included.
fn unquoted(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut quote = None;
    let mut chars = word.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(open), _) if c == open => quote = None,
            (None | Some('"'), '\\') => out.extend(chars.next()),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unquoted;

    #[test]
    fn a_word_is_read_without_its_quotes() {
        assert_eq!(unquoted("Winter\\ S"), "Winter S");
        assert_eq!(unquoted("'Winter S"), "Winter S");
        assert_eq!(unquoted("\"The Col"), "The Col");
        assert_eq!(unquoted("'it'\\''s'"), "it's");
        assert_eq!(unquoted("Wong"), "Wong");
    }
}
