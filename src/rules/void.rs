//! Voiding: a mistake is fixed by a new event that voids an earlier command, never by editing.
//!
//! A void is decided by asking the rules again, without the voided command, for every later
//! command: one they now refuse, or decide with other events, rests on it, and refuses the
//! void (or, asked for, is voided with it). The log is folded without it through the checked
//! fold as well, so a row that no longer agrees with the log (an RP award the squad has spent
//! since) refuses it too, and a computed RP award that now computes otherwise is revised by
//! the void itself.

use std::collections::HashMap;

use crate::dice::Seed;
use crate::domain::command::Command;
use crate::domain::error::RuleError;
use crate::domain::event::{CommandVoided, Disproof, Event, RpAwardRevised};
use crate::domain::evolve::evolve;
use crate::domain::fold::{Voided, step};
use crate::domain::roll::Source;
use crate::domain::rules_version;
use crate::domain::state::{Anomaly, CampaignState, RecordedEvent};
use crate::rules::preconditions::check_text;
use crate::rules::redecide::{Redecide, Redecided, decide_stored};

/// The log a void is decided on: the state before the voided command, and everything since.
pub struct History<'a> {
    /// The campaign's name, which every generated face was made from.
    pub campaign: &'a str,
    /// The campaign's state just before `tail`'s first event, every void so far applied.
    pub base: CampaignState,
    /// The log from the first event of the command named onwards, to the head.
    pub tail: &'a [RecordedEvent],
    /// Every command voided so far, anywhere in the log.
    pub voided: &'a Voided,
    /// The commands of `tail` the log stored with their first rows, by command id: each is
    /// decided again from it. A command not here is decided again from its events.
    pub stored: &'a Stored,
}

/// Commands as the log stored them, by command id.
pub type Stored = HashMap<String, Command>;

/// What the player asked to void.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// Any version written by the mistaken command.
    pub version: u64,
    pub why: &'a str,
    /// Void, with it, the later commands the rules would no longer allow without it.
    pub cascade: bool,
}

/// Decides the void of the command that wrote `request.version`.
///
/// Refused when the version does not exist, names the campaign's creation, another void or
/// a seed reveal, is already voided, generated dice (a face shown to the table is a fact)
/// unless a seed revealed since disproves one of them (the void then names the disproof),
/// or when later events rest on it: those are listed, and voided with it on `cascade`.
pub fn decide(history: &History<'_>, request: &Request<'_>) -> Result<Vec<Event>, RuleError> {
    ground(history, request, false).map(|(events, _)| events)
}

/// Decides the void that amends the command that wrote `request.version`: the events of the
/// void (and the revisions it needs), and the state after them, on which the corrected
/// command is decided with the same faces. Unlike a void, it may take a command that rolled
/// generated dice, since its faces are carried to the correction; it never cascades.
pub fn amend(history: &History<'_>, request: &Request<'_>) -> Result<(Vec<Event>, CampaignState), RuleError> {
    let request = Request {
        cascade: false,
        ..*request
    };
    let (events, mut state) = ground(history, &request, true)?;
    // A correction is decided as the campaign stands now: from rules 8 one played in a Mission
    // that has ended would land in another, or outside any (an EKIA moved into the next
    // Mission, where it cost an Eliminate Medal), so it is refused.
    let then = history.base.mission_in_progress().map(|m| m.number);
    let now = state.mission_in_progress().map(|m| m.number);
    if let Some(played) = then.filter(|m| Some(*m) != now && state.rules() >= rules_version::TABLE_SIZED) {
        return Err(RuleError::refused(format!(
            "version {} was played in Mission {played}, which has ended; an amendment is decided as the campaign stands now ({}), where it did not happen: record what should change with a new event instead (an XP correction with `muster xp`, a note with `muster note`), or void it if nothing rests on it",
            request.version,
            now.map_or("no Mission in progress".to_owned(), |m| format!("Mission {m}"))
        )));
    }
    let head = history.tail.last().map_or(history.base.version, |r| r.version);
    state.version = head + events.len() as u64;
    Ok((events, state))
}

/// The void's events and the state they leave; `amending` lets generated dice go, to be
/// carried to the correction.
fn ground(
    history: &History<'_>,
    request: &Request<'_>,
    amending: bool,
) -> Result<(Vec<Event>, CampaignState), RuleError> {
    let version = request.version;
    let head = history.tail.last().map_or(history.base.version, |r| r.version);
    let target = history.tail.iter().find(|r| r.version == version).ok_or_else(|| {
        RuleError::refused(format!(
            "version {version} does not exist; this campaign's log runs from 1 to {head} (see `muster log`)"
        ))
    })?;
    let why = check_text("the reason (--why)", request.why)?;
    voidable(history, target, if amending { Asked::Amend } else { Asked::Void })?;
    let (before, _) = settle(history, &[], false);
    // What the rules decide otherwise with nothing more voided is no fault of this void; it
    // is asked only when something is decided otherwise without the voided command.
    let mut differing_before: Option<Vec<Anomaly>> = None;
    let mut voiding = vec![target.command_id.clone()];
    loop {
        let (settled, differing) = settle(history, &voiding, true);
        let (after, revisions) = with_revisions(settled, head, version);
        let differing_before: &[Anomaly] = if differing.is_empty() {
            &[]
        } else {
            differing_before.get_or_insert_with(|| settle(history, &[], true).1)
        };
        let broken: Vec<&Anomaly> = after
            .anomalies
            .iter()
            .filter(|a| !before.anomalies.contains(a))
            .chain(differing.iter().filter(|d| !differing_before.contains(d)))
            .collect();
        if broken.is_empty() {
            return Ok((void_events(history, &voiding, &why, target, revisions), after));
        }
        let listing = broken
            .iter()
            .map(|a| format!("version {} {}", a.version, a.message))
            .collect::<Vec<_>>()
            .join("; ");
        if broken.iter().any(|a| a.version > head) {
            // Only the revision this void would write stands past the head: the bank
            // cannot give back an award it has spent since. The revision has no version a
            // player could look up, so the refusal says it in the log's own terms.
            return Err(RuleError::refused(spent_award(
                history,
                version,
                &revisions,
                before.rp_bank,
            )));
        }
        if !request.cascade {
            // An amendment never cascades: what rests on the command is voided first.
            let ways = match amending {
                true => "Void those first, newest first, then amend it".to_owned(),
                false => format!(
                    "Void those first, newest first, or add --cascade to void them with it{}",
                    cascade_reach(history, request)
                ),
            };
            return Err(RuleError::refused(format!(
                "later events depend on version {version}; without it: {listing}. {ways}"
            )));
        }
        let mut grew = false;
        for anomaly in broken {
            let Some(later) = history.tail.iter().find(|r| r.version == anomaly.version) else {
                continue;
            };
            if voiding.contains(&later.command_id) {
                continue;
            }
            voidable(history, later, Asked::Cascade).map_err(|e| {
                RuleError::refused(format!(
                    "--cascade would also void version {}, which cannot be voided: {e}",
                    later.version
                ))
            })?;
            voiding.push(later.command_id.clone());
            grew = true;
        }
        if !grew {
            return Err(RuleError::refused(format!(
                "later events rest on version {version} and voiding them does not mend it: {listing}"
            )));
        }
    }
}

/// Why a command is asked to be voided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// The player named it.
    Void,
    /// It is to be amended: its faces are carried to the correction.
    Amend,
    /// It rests on a command the player named, voided with it (`--cascade`).
    Cascade,
}

/// What `--cascade` would do to `request`, as the refusal without it says it: every command it
/// would void besides the one named (those resting on the ones listed reach further), or why
/// it is refused too.
fn cascade_reach(history: &History<'_>, request: &Request<'_>) -> String {
    let cascading = Request {
        cascade: true,
        ..*request
    };
    match ground(history, &cascading, false) {
        Ok((events, _)) => {
            let mut versions: Vec<u64> = events
                .iter()
                .filter_map(|e| match e {
                    Event::CommandVoided(v) if v.version != request.version => Some(v.version),
                    _ => None,
                })
                .collect();
            versions.sort_unstable();
            let listed: Vec<String> = versions.iter().map(|v| format!("v{v}")).collect();
            format!(" (it would void the commands of {})", listed.join(", "))
        }
        Err(e) => format!(" (but it is refused too: {e})"),
    }
}

/// Refuses the commands that can never be voided; one that rolled generated dice may go only
/// to be amended, its faces carried to the correction.
///
/// An amendment is amended again rather than voided when the player names it; voided with a
/// command its correction rests on (a `--cascade`), its correction goes, and the command it
/// replaced stays voided, as every void stands.
fn voidable(history: &History<'_>, target: &RecordedEvent, asked: Asked) -> Result<(), RuleError> {
    let amending = asked == Asked::Amend;
    let version = target.version;
    let command = || {
        history
            .tail
            .iter()
            .filter(move |r| r.command_id == target.command_id)
    };
    // An amendment (a void and the correction after it) is amended again, whether or not the
    // correction rolled, by a version past its void (`muster amend` names the first): the log
    // names no void as voided.
    let amendment = command().any(|r| !matches!(r.event, Event::CommandVoided(_) | Event::RpAwardRevised(_)));
    match &target.event {
        Event::CampaignCreated(_) => {
            return Err(RuleError::refused(
                "version 1 created the campaign and cannot be voided; start a new campaign instead",
            ));
        }
        Event::CommandVoided(_) if amendment && asked == Asked::Cascade => {}
        Event::CommandVoided(v) => {
            return Err(RuleError::refused(if amendment {
                format!(
                    "version {version} is the void of version {} that an amendment begins with, and a void is not undone by another void: amend it again instead (`muster amend {version} --why TEXT -- COMMAND…`)",
                    v.version
                )
            } else {
                format!(
                    "version {version} is itself a void (of version {}); a void is not undone by another void: record the voided events again instead",
                    v.version
                )
            }));
        }
        _ => {}
    }
    if let Some(void) = command().find(|r| matches!(r.event, Event::CommandVoided(_))) {
        if amendment && asked == Asked::Void {
            return Err(RuleError::refused(format!(
                "version {version} belongs to the amendment at version {}, which corrected an earlier command: amend it again (`muster amend {version} --why TEXT -- COMMAND…`) rather than void it",
                void.version
            )));
        }
        if !amendment {
            return Err(RuleError::refused(format!(
                "version {version} was written by the void at version {}, and a void is not undone by another void: record the voided events again instead",
                void.version
            )));
        }
    }
    if command().any(|r| matches!(r.event, Event::CommandsKept(_))) {
        return Err(RuleError::refused(format!(
            "version {version} marks the campaign as keeping every command's command, and the mark stands: nothing after it is decided without its command. Void the command you meant by its own version (see `muster log`)"
        )));
    }
    if command().any(|r| matches!(r.event, Event::CampaignCreated(_))) {
        return Err(RuleError::refused(format!(
            "version {version} was written with the campaign's creation (version 1) and cannot be voided"
        )));
    }
    // Later commands were decided under the rules it adopted: voiding it would leave them
    // decided under rules that were not in force.
    if let Some(adopted) = command().find_map(|r| match &r.event {
        Event::RulesAdopted(e) => Some(e.version),
        _ => None,
    }) {
        if let Some(next) = history
            .tail
            .iter()
            .find(|r| r.version > version && r.command_id != target.command_id)
        {
            return Err(RuleError::refused(format!(
                "version {version} adopted {adopted}, and the commands from version {} on were decided under them: an adoption stands once play goes on under it",
                next.version
            )));
        }
    }
    // A seed once revealed is public: un-revealing it would let it generate faces again.
    if command().any(|r| matches!(r.event, Event::SeedRevealed(_))) {
        return Err(RuleError::refused(format!(
            "version {version} belongs to a seed reveal, which cannot be voided: a revealed seed must never generate faces again"
        )));
    }
    let generated = command().filter(|_| !amending).find(|r| {
        r.event
            .roll()
            .is_some_and(|roll| roll.source == Some(Source::Generated))
    });
    if let Some(rolled) = generated
        && disproofs(history, &target.command_id).is_empty()
    {
        let revealed = rolled
            .event
            .roll()
            .and_then(|roll| roll.dice.as_ref())
            .and_then(|key| revealed(history, &key.commitment));
        let seed = match revealed {
            Some((at, _)) => format!("the seed revealed at version {at} gives the face it records"),
            None => "its seed is not revealed, so nothing shows the face forged".to_owned(),
        };
        // An amendment carries the faces only while the seed that made them is in force.
        let in_force = history
            .tail
            .iter()
            .rev()
            .find_map(|r| match &r.event {
                Event::SeedCommitted(e) => Some(e.commitment.as_str()),
                _ => None,
            })
            .or(history.base.seed_commitment.as_deref());
        let made_by = rolled
            .event
            .roll()
            .and_then(|roll| roll.dice.as_ref())
            .map(|key| key.commitment.as_str());
        let way = match made_by.is_none_or(|made_by| Some(made_by) == in_force) {
            true => format!(
                "Correct the command with the same faces: `muster amend {} --why TEXT -- COMMAND…`",
                rolled.version
            ),
            false => "Its seed is no longer the one in force, so an amendment cannot carry its faces either: record what should change with a new event instead (an XP correction with `muster xp`, a Wound healed with `muster heal`, a note with `muster note`)".to_owned(),
        };
        return Err(RuleError::refused(format!(
            "version {} rolled a generated die, and {seed}: a face shown to the table is a fact, and voiding it would allow a second roll. Only a generated face that a revealed seed disproves may be voided. {way}",
            rolled.version
        )));
    }
    if history.voided.contains(&target.command_id) {
        let by = history
            .tail
            .iter()
            .find(|r| matches!(&r.event, Event::CommandVoided(v) if v.command_id == target.command_id))
            .map_or_else(
                || "an earlier void".to_owned(),
                |r| format!("version {}", r.version),
            );
        return Err(RuleError::refused(format!(
            "version {version} was already voided by {by}; nothing left to void"
        )));
    }
    Ok(())
}

/// The generated faces of the command `command_id` that a seed revealed since does not give.
pub fn disproofs(history: &History<'_>, command_id: &str) -> Vec<Disproof> {
    history
        .tail
        .iter()
        .filter(|r| r.command_id == command_id)
        .filter_map(|r| {
            let roll = r.event.roll()?;
            let key = roll.dice.as_ref()?;
            let (revealed_at, seed) = revealed(history, &key.commitment)?;
            let sides = roll.sides()?;
            let seed_face = seed.face(history.campaign, key.version, key.index, sides);
            let recorded_face = roll.faces.first().copied().unwrap_or_default();
            (recorded_face != seed_face).then_some(Disproof {
                die_index: key.index,
                recorded_face,
                revealed_at,
                roll_version: r.version,
                seed_face,
            })
        })
        .collect()
}

/// The version that revealed the seed behind `commitment`, and the seed, if the history
/// holds a reveal whose seed hashes to it.
fn revealed(history: &History<'_>, commitment: &str) -> Option<(u64, Seed)> {
    history.tail.iter().find_map(|r| match &r.event {
        Event::SeedRevealed(e) if e.commitment == commitment => Seed::from_hex(&e.seed)
            .filter(|seed| seed.commitment() == commitment)
            .map(|seed| (r.version, seed)),
        _ => None,
    })
}

/// The state at the head with the commands voided so far and those in `voiding` left out,
/// and, when `asking`, each command kept that the rules, asked again on that state, refuse or
/// decide otherwise (at its first version, with how).
fn settle(history: &History<'_>, voiding: &[String], asking: bool) -> (CampaignState, Vec<Anomaly>) {
    // The commands voided so far are not copied with the few this void adds: `verify` decides
    // every void of a long log again, each against all the voids before it.
    let mut state = history.base.clone();
    let mut differing = Vec::new();
    for command in history.tail.chunk_by(|a, b| a.command_id == b.command_id) {
        let Some(first) = command.first() else { continue };
        let id = &first.command_id;
        let kept = !history.voided.contains(id) && !voiding.contains(id);
        // A command the log stored is decided from it, as `verify` decides it, unless its
        // first event is one muster writes before the decision (a seed committed).
        let stored = history
            .stored
            .get(id)
            .filter(|_| kept && asking && !matches!(first.event, Event::SeedCommitted(_)))
            .map(|stored| {
                let logged: Vec<Event> = command.iter().map(|r| r.event.clone()).collect();
                decide_stored(history.campaign, first.version, &state, stored, &logged)
            });
        let mut asked = (kept && asking && stored.is_none())
            .then(|| Redecide::start(history.campaign, id, first.version, &first.event, &state));
        for recorded in command {
            if let Some(asked) = asked.as_mut().filter(|_| recorded.version != first.version) {
                asked.push(recorded.version, &recorded.event);
            }
            step(&mut state, recorded.version, kept.then_some(&recorded.event));
        }
        // A later void is decided on its own ground (and again by `verify`), not by `decide`.
        let redecided = stored.or_else(|| asked.map(|a| a.decide_again(history.campaign)));
        if let Some(Redecided::Differs(how)) = redecided {
            differing.push(Anomaly {
                version: first.version,
                message: how,
                check: None,
            });
        }
    }
    (state, differing)
}

/// Why a void that lowers an RP award the squad has spent since is refused: each award it
/// lowers, what the bank holds now, and the spending since the first of those Missions ended
/// (the versions a player voids first).
fn spent_award(history: &History<'_>, version: u64, revisions: &[Event], bank: u32) -> String {
    let lowered: Vec<(u32, u32, u32)> = revisions
        .iter()
        .filter_map(|e| match e {
            Event::RpAwardRevised(r) if r.amount < r.was => Some((r.mission, r.was, r.amount)),
            _ => None,
        })
        .collect();
    let awards = lowered
        .iter()
        .map(|(mission, was, now)| format!("Mission {mission}'s award from {was} to {now} RP"))
        .collect::<Vec<_>>()
        .join(" and ");
    let taken: u32 = lowered.iter().map(|(_, was, now)| was - now).sum();
    let ended = history.tail.iter().find(
        |r| matches!(&r.event, Event::MissionEnded(e) if lowered.iter().any(|(m, _, _)| *m == e.mission)),
    );
    let spent = history
        .tail
        .iter()
        .filter(|r| ended.is_some_and(|e| r.version > e.version) && !history.voided.contains(&r.command_id))
        .filter_map(|r| match &r.event {
            Event::RpSpent(e) => Some(format!("v{} spent {} RP ({})", r.version, e.amount, e.why)),
            _ => None,
        })
        .collect::<Vec<_>>();
    let since = if spent.is_empty() {
        String::new()
    } else {
        format!(": {}", spent.join("; "))
    };
    format!(
        "voiding version {version} lowers {awards}, so the void would take {taken} RP back from the squad's bank, which holds {bank} RP: the squad has spent that RP since{since}. Void the spending first, newest first"
    )
}

/// `state` with the revisions of the RP awards it no longer computes the same applied, as
/// the events of the void that ends at `head`, and those revisions.
fn with_revisions(mut state: CampaignState, head: u64, version: u64) -> (CampaignState, Vec<Event>) {
    let revisions: Vec<Event> = state
        .unsettled_awards
        .iter()
        .map(|u| {
            Event::RpAwardRevised(RpAwardRevised {
                mission: u.mission,
                was: u.recorded,
                amount: u.computed,
                why: format!(
                    "computed again without version {version}: Mission {}'s award was {} RP and is now {} RP",
                    u.mission, u.recorded, u.computed
                ),
            })
        })
        .collect();
    // They stand past the head, where the void writes them.
    state.version = head + 1;
    for revision in &revisions {
        state = evolve(state, revision);
    }
    (state, revisions)
}

/// The void's events: each voided command, newest first, then the revisions.
fn void_events(
    history: &History<'_>,
    voiding: &[String],
    why: &str,
    target: &RecordedEvent,
    revisions: Vec<Event>,
) -> Vec<Event> {
    let mut voids: Vec<(u64, &String)> = voiding
        .iter()
        .filter_map(|id| {
            if *id == target.command_id {
                return Some((target.version, id));
            }
            // An amendment is named by its correction's first event: the void it begins with
            // is never named by another void.
            let named = history
                .tail
                .iter()
                .filter(|r| r.command_id == *id)
                .find(|r| !matches!(r.event, Event::CommandVoided(_) | Event::RpAwardRevised(_)))?;
            Some((named.version, id))
        })
        .collect();
    voids.sort_by_key(|v| std::cmp::Reverse(v.0));
    let mut events: Vec<Event> = voids
        .into_iter()
        .map(|(named, id)| {
            Event::CommandVoided(CommandVoided {
                disproofs: disproofs(history, id),
                version: named,
                command_id: id.clone(),
                why: if named == target.version {
                    why.to_owned()
                } else {
                    format!("rested on version {}, voided with it (--cascade)", target.version)
                },
            })
        })
        .collect();
    events.extend(revisions);
    events
}
