//! `muster --remote URL|NAME <command>`: the command line as typed, sent to the server's
//! POST /api/v1/run with the format and width asked here, and its answer printed as the
//! command prints locally, with the same exit code.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;

use serde_json::{Value, json};

use super::client::{API, Remote};
use crate::cli::error::CommandError;

use crate::cli::output::{self, Format};
use crate::cli::pager::Paged;
use crate::cli::{file, width};

/// The global options this machine keeps: where to send the command, and how to colour its
/// messages. `--campaign` travels on its own, and `--db` names no file of the server's.
const KEPT_HERE: [&str; 5] = ["--remote", "--token", "--color", "--campaign", "--db"];

/// What the command line needs sent.
pub struct Forwarded<'a> {
    pub remote: &'a str,
    pub token: Option<&'a str>,
    pub campaign: Option<&'a str>,
    pub format: Format,
    /// Whether the command's output goes through a pager on a terminal, as `log`'s does.
    pub paged: bool,
    /// The paths the command line names, with the options naming them: their files are sent.
    pub paths: &'a [(String, PathBuf)],
}

/// Runs the process's command line on the server `forwarded.remote` names.
pub fn forward(forwarded: &Forwarded<'_>) -> Result<(), CommandError> {
    let remote = Remote::resolve(forwarded.remote, forwarded.token)?;
    let args = sent_args(&std::env::args_os().collect::<Vec<_>>())?;
    let body = json!({
        "args": args,
        "campaign": forwarded.campaign,
        "format": forwarded.format.word(),
        "columns": width::columns(),
        "files": files_named(forwarded.paths)?,
    });
    let answered = remote.post("/api/v1/run", &body)?;
    let run: Option<Value> = serde_json::from_str(&answered.body).ok();
    let Some(run) = run.filter(|r| r["api"].as_u64() == Some(API) && r["exit"].is_u64()) else {
        return Err(remote.refusal(&answered));
    };
    if let Some(printed) = run["output"].as_str().filter(|p| !p.is_empty()) {
        if forwarded.paged {
            let mut paged = Paged::start(false);
            let written = paged.out().write_all(output::printable(printed).as_bytes());
            paged.finish(written)?;
        } else {
            output::print(printed)?;
        }
    }
    match run["exit"].as_u64() {
        Some(0) => Ok(()),
        exit => {
            let said = run["error"].as_str().unwrap_or("the server gave no reason");
            let mut error = CommandError::with_exit(exit.unwrap_or(1), said.to_owned());
            error.hint = run["hint"].as_str().map(str::to_owned);
            Err(error)
        }
    }
}

/// The files the command line names (card and deck files), read here to be sent, by the path
/// as typed: the server reads none of its own disk.
fn files_named(paths: &[(String, PathBuf)]) -> Result<BTreeMap<String, String>, CommandError> {
    paths
        .iter()
        .map(|(flag, path)| {
            let text = file::read_text(path, &format!("file {flag} names:"))?;
            Ok((path.to_string_lossy().into_owned(), text))
        })
        .collect()
}

/// The command line as typed (`args`, the program's name first), without the options this
/// machine keeps, up to `--`, after which every word is the command's.
fn sent_args(args: &[OsString]) -> Result<Vec<String>, CommandError> {
    let mut sent = Vec::new();
    let mut words = args.iter().skip(1);
    let mut options_end = false;
    while let Some(word) = words.next() {
        let Some(word) = word.to_str() else {
            return Err(CommandError::refused(format!(
                "'{}' is not UTF-8 text, which the server reads; type it in UTF-8",
                word.to_string_lossy()
            )));
        };
        if !options_end && KEPT_HERE.contains(&word) {
            words.next();
            continue;
        }
        let joined = KEPT_HERE
            .iter()
            .any(|kept| word.strip_prefix(kept).is_some_and(|rest| rest.starts_with('=')));
        if !options_end && joined {
            continue;
        }
        options_end |= word == "--";
        sent.push(word.to_owned());
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(line: &[&str]) -> Vec<String> {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        sent_args(&args).unwrap_or_default()
    }

    #[test]
    fn the_options_kept_here_are_not_sent_in_either_spelling_and_nothing_after_the_end_of_options_is_dropped()
    {
        assert_eq!(
            sent(&[
                "muster",
                "--remote",
                "table",
                "wound",
                "--token=t",
                "Wong",
                "1",
                "--color",
                "never"
            ]),
            ["wound", "Wong", "1"]
        );
        assert_eq!(
            sent(&["muster", "--campaign=Op", "--json", "blame", "--", "--remote"]),
            ["--json", "blame", "--", "--remote"]
        );
        assert_eq!(
            sent(&["muster", "--db", "x.db", "roster", "--as-of", "v3"]),
            ["roster", "--as-of", "v3"]
        );
    }
}
