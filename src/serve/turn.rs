//! A command's turn in the server's sequence, the same for the API and the page's forms: one
//! command at a time, its client id answered before it runs, and its answer kept with its
//! actor once it wrote events.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use muster::app;
use muster::clock::SystemClock;
use muster::store::{Head, ServedAnswer, Store};

use super::auth::Caller;
use super::{Answer, Outcome, Printed, Run, Server};

/// What a client asked for: the command line, its own id, the head it decided on, and how
/// its answer is printed and kept.
pub struct Asked<'a> {
    pub args: &'a [String],
    pub command_id: Option<&'a str>,
    /// The head the client expects, when it would rather hear of a newer one than have the
    /// command decided again on it.
    pub expected: Option<&'a Head>,
    pub printed: Printed,
    pub columns: Option<usize>,
    /// The files a remote client sent with the command.
    pub files: Option<&'a BTreeMap<String, String>>,
    /// The status and body answering a command's answer (and whether it wrote): what a retry
    /// of its command id is answered with.
    pub reply: fn(&Answer, bool) -> (StatusCode, String),
}

/// How a turn ended.
pub enum Turn {
    /// The file could not be read or written; nothing ran.
    Failed(String),
    /// The command id was answered before: this is the answer kept, and nothing ran.
    Replayed(ServedAnswer),
    /// The campaign moved on from the head the client expected; nothing ran.
    Moved { expected: Head, now: Head },
    /// The command ran: its answer, and whether it wrote events.
    Ran { answer: Answer, wrote: bool },
}

/// Runs `f` in the server's sequence, on the server's connection (`lent`: taken by a command
/// line that runs, given back), opened again if a command that panicked took it with it.
pub fn in_sequence<T>(server: &Server, f: impl FnOnce(&mut Option<Store>) -> T) -> Result<T, String> {
    let mut held = server
        .sequencer
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if held.is_none() {
        *held = Some(app::open(&server.db).map_err(|e| e.to_string())?);
    }
    Ok(f(&mut held))
}

/// Takes the command's turn for `caller` on `campaign` (as the URL names it; else the
/// campaign the server's file has selected).
pub fn take(server: &Server, caller: &Caller, campaign: Option<&str>, asked: &Asked<'_>) -> Turn {
    let turn = in_sequence(server, |lent| {
        // A client that named the head it decided on has its check and its command in one
        // write transaction: no other writer, not even a command line on the same file,
        // slips between.
        let pinned = asked.expected.is_some();
        if pinned && let Some(Err(e)) = lent.as_ref().map(Store::hold_write_lock) {
            return Turn::Failed(e.to_string());
        }
        let turn = take_on(server, caller, campaign, asked, lent);
        if !pinned {
            return turn;
        }
        let released = match lent.as_ref() {
            Some(store) => store.release_write_lock().map_err(|e| e.to_string()),
            None => Err("the server's connection was lost".to_owned()),
        };
        match released {
            Ok(()) => turn,
            Err(e) => Turn::Failed(format!("the command was not recorded: {e}")),
        }
    });
    turn.unwrap_or_else(Turn::Failed)
}

/// [`take`] on the server's connection, `lent` to the command that runs.
fn take_on(
    server: &Server,
    caller: &Caller,
    named: Option<&str>,
    asked: &Asked<'_>,
    lent: &mut Option<Store>,
) -> Turn {
    let Some(store) = lent.as_ref() else {
        return Turn::Failed("the server's connection was lost".to_owned());
    };
    // The name as the file spells it; a campaign about to be created keeps the URL's. With
    // none named and none selected, the command runs without one (`campaign list`) and its
    // answer is kept under the empty name.
    let campaign = app::resolve_campaign(store, named)
        .ok()
        .or_else(|| named.map(str::to_owned))
        .unwrap_or_default();
    if let Some(id) = asked.command_id {
        match app::served(store, &campaign, id) {
            Ok(Some(kept)) => return Turn::Replayed(kept),
            Ok(None) => {}
            Err(e) => return Turn::Failed(e.to_string()),
        }
    }
    let before = match store.head(&campaign) {
        Ok(head) => head,
        Err(e) => return Turn::Failed(e.to_string()),
    };
    if let Some(expected) = asked.expected.filter(|e| **e != before) {
        return Turn::Moved {
            expected: expected.clone(),
            now: before,
        };
    }
    let keep = |store: &Store, id: &str, (status, body): (StatusCode, String)| {
        let kept = ServedAnswer {
            actor: caller.name.clone(),
            status: status.as_u16(),
            body,
        };
        app::record_served(store, &campaign, id, asked.args, &kept, &SystemClock)
    };
    // A client's id is answered before the command runs, with what a retry must hear should
    // the server stop before the true answer is kept: that the command may have landed. A
    // retry is then never recorded a second time.
    if let Some(id) = asked.command_id {
        let unknown = Answer::failed(
            Outcome::Storage,
            format!(
                "the server stopped while it recorded command {id}, after v{}: whether it landed is not known; read the log after v{} (`muster log`, or GET …/events?after={}) before sending it again under a new command_id",
                before.version, before.version, before.version
            ),
        );
        if let Err(e) = keep(store, id, (asked.reply)(&unknown, false)) {
            return Turn::Failed(format!(
                "command {id} was not run: its answer could not be kept ({e})"
            ));
        }
    }
    let run = Run {
        campaign: Some(campaign.as_str()).filter(|c| !c.is_empty()),
        role: caller.role,
        args: asked.args,
        printed: asked.printed,
        columns: asked.columns,
        files: asked.files,
    };
    let answer = (server.runner)(&server.db, lent, &run);
    if lent.is_none() {
        *lent = app::open(&server.db).ok();
    }
    let Some(store) = lent.as_ref() else {
        return Turn::Ran { answer, wrote: true };
    };
    let wrote = store.head(&campaign).is_ok_and(|after| after != before);
    if wrote || asked.command_id.is_some() {
        let id = asked
            .command_id
            .map_or_else(|| uuid::Uuid::now_v7().to_string(), str::to_owned);
        if let Err(e) = keep(store, &id, (asked.reply)(&answer, wrote)) {
            eprintln!("muster serve: the answer to command {id} was not kept: {e}");
        }
    }
    Turn::Ran { answer, wrote }
}
