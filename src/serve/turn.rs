//! A command's turn in the server's sequence, the same for the API and the page's forms: one
//! command at a time on the writer, its sender's id looked up before it runs, and, once it
//! wrote events, its actor and its answer kept in the same savepoint as the events.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use muster::app::{self, Format, Served};
use muster::clock::SystemClock;
use muster::query::Query;
use muster::store::{Head, ServedAnswer, Store};
use muster::transfer::MAX_ID;

use super::answer::{Answer, Outcome, Prepared, Run};
use super::kept::{self, Sent};
use super::preamble::Caller;
use super::server::Server;

/// What a client asked for: the command line, its own id, the head it decided on, and how
/// its answer is printed and kept.
pub struct Asked<'a> {
    pub args: &'a [String],
    /// The client's id for the command: its sender's own (the token's name), never met by
    /// another sender's.
    pub command_id: Option<&'a str>,
    /// The head the client expects, when it would rather hear of a newer one than have the
    /// command decided again on it.
    pub expected: Option<&'a Head>,
    /// The version a page showed when the command was tapped: it is refused when another
    /// sender's command landed since (the page's own, sent before it, do not count).
    pub seen: Option<u64>,
    pub printed: Format,
    pub columns: Option<usize>,
    /// The files a remote client sent with the command.
    pub files: Option<&'a BTreeMap<String, String>>,
    /// The status and body answering a command's answer (and whether it wrote): what a retry
    /// of its command id is answered with.
    pub reply: fn(&Answer, bool) -> (StatusCode, String),
    /// Where it was sent: the answer kept under its id is given again only there.
    pub sent: Sent,
}

/// How a turn ended.
pub enum Turn {
    /// The file could not be read or written; nothing ran.
    Failed(String),
    /// The command id was answered before: this is the answer kept, and nothing ran.
    Replayed(ServedAnswer),
    /// The sender's command id answered another command (this refusal says which); nothing ran.
    Reused(String),
    /// The campaign's head is not the one the client expected (it moved on from it, parted
    /// from it, or has not reached it); nothing ran.
    Moved { expected: Head, now: Head },
    /// Another sender's command landed since the version the page showed (this refusal says
    /// which); nothing ran.
    Overtaken(String),
    /// The command ran: its answer, and whether it wrote events.
    Ran { answer: Answer, wrote: bool },
}

/// Takes the command's turn for `caller` on `campaign` (as the URL names it; else the
/// campaign the server's file has selected), in the writer's next group.
pub fn take(server: &Server, caller: &Caller, campaign: Option<&str>, asked: &Asked<'_>) -> Turn {
    // An id is kept with its answer for days: held to the length a pushed command's id is.
    if let Some(long) = asked
        .command_id
        .map(|id| id.chars().count())
        .filter(|n| *n > MAX_ID)
    {
        let message = format!(
            "the command_id is {long} characters long; a command id is at most {MAX_ID} (muster's own are UUIDs, of 36); nothing ran: send the command under a shorter one"
        );
        return Turn::Ran {
            answer: Answer::failed(Outcome::Usage, message),
            wrote: false,
        };
    }
    // The whole turn is one savepoint of the group's write transaction: the command's events,
    // its actor and the answer kept under its id commit together or not at all, so a server
    // stopped at any point leaves no answer without its events, nor events without their
    // actor, and a retry after such a stop runs the command anew. A client that named the
    // head it decided on has its check there too: no other writer, not even a command line
    // on the same file, slips between.
    // Parsing needs no connection: done before the turn, it keeps the writer for no longer
    // than the command's reads and writes.
    let mut prepared = Some((server.runner)(&Run {
        role: caller.role,
        reach: &caller.reach,
        args: asked.args,
        printed: asked.printed,
        columns: asked.columns,
        files: asked.files,
    }));
    loop {
        let taken = server.writer.in_group(|lent| {
            match take_on(server, caller, (campaign, &mut prepared), asked, lent) {
                Taken::Turn(Turn::Failed(message)) => Err(message),
                taken => Ok(taken),
            }
        });
        match taken {
            Ok(Taken::Turn(turn)) => return turn,
            // Nothing ran: the command is decided once the push on its campaign has landed.
            Ok(Taken::Held(held)) => server.holds.wait_out(&held),
            Err(message) => return Turn::Failed(message),
        }
    }
}

/// What a turn on the writer came to: a turn, or nothing run because a push is landing on
/// the command's campaign (named as the file spells it).
enum Taken {
    Turn(Turn),
    Held(String),
}

/// [`take`] on the server's connection, `lent` to the command that runs, within the group's
/// write transaction.
fn take_on(
    server: &Server,
    caller: &Caller,
    (named, prepared): (Option<&str>, &mut Option<Result<Prepared, Answer>>),
    asked: &Asked<'_>,
    lent: &mut Option<Store>,
) -> Taken {
    let Some(store) = lent.as_ref() else {
        return Taken::Turn(Turn::Failed("the server's connection was lost".to_owned()));
    };
    // The name as the file spells it; a campaign about to be created keeps the URL's. With
    // none named and none selected, the command runs without one (`campaign list`) and its
    // answer is kept under the empty name. A campaign named out of the caller's reach is
    // refused before anything of it is read, its head included.
    let campaign = match named.map(|named| app::campaign_to_write(store, named, &caller.reach)) {
        Some(Ok(campaign)) => campaign,
        Some(Err(e)) => {
            // The command's own refusal, which needs no campaign, comes first.
            let answer = match prepared.take() {
                Some(Err(refused)) => refused,
                _ => Answer::failed(Outcome::Refused, e.to_string()),
            };
            return Taken::Turn(Turn::Ran { answer, wrote: false });
        }
        None => app::resolve_within(store, None, &caller.reach).unwrap_or_default(),
    };
    if server.holds.is_held(&campaign) {
        return Taken::Held(campaign);
    }
    Taken::Turn(turn_on(server, caller, (&campaign, prepared), asked, lent))
}

/// [`take_on`] for `campaign`, resolved and not held.
fn turn_on(
    server: &Server,
    caller: &Caller,
    (campaign, prepared): (&str, &mut Option<Result<Prepared, Answer>>),
    asked: &Asked<'_>,
    lent: &mut Option<Store>,
) -> Turn {
    let Some(store) = lent.as_ref() else {
        return Turn::Failed("the server's connection was lost".to_owned());
    };
    let campaign = campaign.to_owned();
    // A run's answer is kept under its endpoint and format too, so a retry is answered in the
    // shape its client reads, or refused.
    let kept_line = asked.sent.kept_line(asked.args);
    if let Some(id) = asked.command_id {
        match app::served(store, &caller.sender, &campaign, id, &kept_line) {
            Ok(Served::Anew) => {}
            Ok(Served::Again(kept)) => return Turn::Replayed(kept),
            // Another group's phone may have joined under the same name: a command of a
            // campaign out of the caller's reach is not described.
            Ok(Served::Other { campaign: was, .. }) if !caller.reach.admits(&was) => {
                return Turn::Reused(format!(
                    "this id was used for another command: command_id {id}; nothing ran: send this command under a new command_id"
                ));
            }
            Ok(Served::Other { campaign: was, args }) => {
                return Turn::Reused(kept::reused(
                    id,
                    (asked.sent, &campaign, asked.args),
                    (&was, &args),
                ));
            }
            Err(e) => return Turn::Failed(e.to_string()),
        }
    }
    let before = match Query::new(store, &campaign).head() {
        Ok(head) => head,
        Err(e) => return Turn::Failed(e.to_string()),
    };
    if let Some(seen) = asked.seen {
        match overtaken(store, &campaign, (seen, before.version), &caller.sender) {
            Ok(None) => {}
            Ok(Some(why)) => return Turn::Overtaken(why),
            Err(e) => return Turn::Failed(e.to_string()),
        }
    }
    if let Some(expected) = asked.expected.filter(|e| **e != before) {
        return Turn::Moved {
            expected: expected.clone(),
            now: before,
        };
    }
    let prepared = match prepared.take() {
        Some(Ok(prepared)) => prepared,
        None => return Turn::Failed("the command was taken twice; nothing of it was kept".to_owned()),
        Some(Err(refused)) => {
            return Turn::Ran {
                answer: refused,
                wrote: false,
            };
        }
    };
    // The command is recorded by its caller: the log keeps the name with it.
    if let Some(store) = lent.as_mut() {
        app::record_as(store, Some(&caller.name));
        app::send_as(store, Some(&caller.sender));
    }
    let answer = prepared(
        &server.db,
        Some(campaign.as_str()).filter(|c| !c.is_empty()),
        lent,
    );
    let Some(store) = lent.as_ref() else {
        // The command took the connection with it (it panicked): closed, the connection
        // rolled back the group's transaction, so the turn recorded nothing, nor did its group.
        return Turn::Failed("the command stopped before it was recorded; nothing of it was kept".to_owned());
    };
    let wrote = match Query::new(store, &campaign).head() {
        Ok(after) => after != before,
        Err(e) => return Turn::Failed(format!("the command was not recorded: {e}")),
    };
    if !wrote {
        return Turn::Ran { answer, wrote };
    }
    if let Err(e) = app::record_served(store, &campaign, before.version, &caller.sender, &SystemClock) {
        return Turn::Failed(format!(
            "the command was not recorded: its actor could not be kept ({e})"
        ));
    }
    if let Some(id) = asked.command_id {
        let (status, body) = (asked.reply)(&answer, wrote);
        let kept = app::keep_answer(
            store,
            (&caller.sender, id),
            (&campaign, &kept_line),
            (status.as_u16(), body),
            &SystemClock,
        );
        if let Err(e) = kept {
            return Turn::Failed(format!(
                "command {id} was not recorded: its answer could not be kept ({e})"
            ));
        }
    }
    Turn::Ran { answer, wrote }
}

/// How far behind its campaign a page may be and still have its tap decided: a page is
/// drawn again on every change, so one further behind has been away.
const BEHIND_AT_MOST: u64 = 1_024;

/// Why a tap on a page that showed the campaign at `seen` (now at `head`) is not decided:
/// another sender's command landed since, so the page showed what no longer stands.
fn overtaken(
    store: &muster::store::Store,
    campaign: &str,
    (seen, head): (u64, u64),
    sender: &str,
) -> Result<Option<String>, muster::Error> {
    if seen > head || head - seen > BEHIND_AT_MOST {
        return Ok(Some(format!(
            "not recorded: your page showed the campaign at v{seen}, and it is at v{head}; look at it again, and tap again if you still mean it"
        )));
    }
    let since = Query::new(store, campaign).overtaken_since(seen, sender)?;
    Ok(since.map(|(version, summary, by)| {
        let by = by.map(|by| format!(", by {by}")).unwrap_or_default();
        format!(
            "not recorded: since your page showed v{seen}, v{version} was recorded ({summary}{by}); look at it again, and tap again if you still mean it"
        )
    }))
}
