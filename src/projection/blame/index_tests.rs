//! Blame's index made from a whole log is the index play writes a command at a time, line for
//! line and digest for digest, and what a fold of the log gives each Soldier; and no event
//! moves a Soldier the index does not look at after it.

use chrono::{Duration, TimeZone, Utc};

use super::index;
use super::tests::every_kind_log;
use super::touch;
use super::*;
use crate::checkpoint;
use crate::domain::event::Event;
use crate::domain::fold::{fold, step};
use crate::domain::soldier::same_name;
use crate::store::Store;

/// Every line and digest of the index of `campaign`, and how far it reaches, as stored.
type Dump = (
    Vec<(String, u64, String, bool)>,
    Vec<(String, String)>,
    Vec<(String, u64)>,
);

fn dump(store: &Store, campaign: &str) -> Dump {
    let conn = store.connection();
    let lines = conn
        .prepare(
            "SELECT r.soldier, l.value ->> 0, l.value -> 1, l.value ->> 2
             FROM blame_runs AS r, json_each(r.lines) AS l
             WHERE r.campaign = ?1 ORDER BY r.soldier, l.value ->> 0",
        )
        .unwrap()
        .query_map([campaign], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let digests = conn
        .prepare("SELECT soldier, digest FROM blame_soldiers WHERE campaign = ?1 ORDER BY soldier")
        .unwrap()
        .query_map([campaign], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let reach = conn
        .prepare("SELECT projection, version FROM blame_index WHERE campaign = ?1")
        .unwrap()
        .query_map([campaign], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    (lines, digests, reach)
}

/// `log` split into its commands, each the events one command wrote, in order.
fn commands(log: &[RecordedEvent]) -> Vec<&[RecordedEvent]> {
    log.chunk_by(|a, b| a.command_id == b.command_id).collect()
}

/// Writes `log` to `store` as `campaign`, command by command, bringing blame's index up to
/// date after each on the state the command was decided on, as play does.
fn play(store: &mut Store, campaign: &str, log: &[RecordedEvent]) {
    let start = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
    let mut state = CampaignState::default();
    let mut written = 0;
    for command in commands(log) {
        let events: Vec<Event> = command.iter().map(|r| r.event.clone()).collect();
        let at = start + Duration::seconds(i64::try_from(written).unwrap());
        store
            .append(campaign, written, &command[0].command_id, &events, at)
            .unwrap();
        index::refresh(store, campaign, Some(state.clone())).unwrap();
        written += command.len() as u64;
        // A void changes what came before it: the state is folded again.
        if events.iter().any(|e| matches!(e, Event::CommandVoided(_))) {
            state = fold(&log[..written as usize]);
        } else {
            for (version, event) in (state.version + 1..).zip(&events) {
                step(&mut state, version, Some(event));
            }
        }
    }
}

/// Writes `log` to `store` as `campaign` whole, then makes the index from the whole log.
fn import(store: &mut Store, campaign: &str, log: &[RecordedEvent]) {
    let start = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
    let mut written = 0;
    for command in commands(log) {
        let events: Vec<Event> = command.iter().map(|r| r.event.clone()).collect();
        let at = start + Duration::seconds(i64::try_from(written).unwrap());
        store
            .append(campaign, written, &command[0].command_id, &events, at)
            .unwrap();
        written += command.len() as u64;
    }
    crate::app::rebuild_index(store, campaign, &mut |_| {}).unwrap();
}

/// The index of `log` made whole and made as play writes it are the same rows, and every
/// Soldier's blame read from it is the blame folded from the log.
fn assert_whole_equals_played_equals_folded(campaign: &str, log: &[RecordedEvent]) {
    let dir = tempfile::tempdir().unwrap();
    let mut whole = Store::open(&dir.path().join("whole.db")).unwrap();
    let mut played = Store::open(&dir.path().join("played.db")).unwrap();
    import(&mut whole, campaign, log);
    play(&mut played, campaign, log);
    let made = dump(&whole, campaign);
    assert!(made.0.len() > log.len() / 4, "{} lines", made.0.len());
    assert!(made.0.iter().any(|line| line.3), "a voided line");
    assert_eq!(made, dump(&played, campaign));
    // Read back from the store, the events carry the times it stamped them with.
    let stored = whole.events(campaign, None).unwrap();
    let state = fold(&stored);
    let known = checkpoint::reaching_back(&whole, campaign, None).unwrap();
    for soldier in &state.soldiers {
        let name = &soldier.card.name;
        let read = index::read(&whole, campaign, name, &state, &known).unwrap();
        assert!(read == Some(blame(&stored, name).unwrap()), "{name}");
    }
}

#[test]
fn over_every_kind_of_event_and_a_void_the_whole_index_is_the_played_one_and_the_fold() {
    let mut log = every_kind_log();
    let earned = log
        .iter()
        .find(|r| matches!(r.event, Event::MedalEarned(_)))
        .unwrap()
        .clone();
    let void = crate::domain::event::CommandVoided {
        command_id: earned.command_id,
        disproofs: Vec::new(),
        version: earned.version,
        why: "misread".into(),
    };
    let version = log.len() as u64 + 1;
    log.push(crate::rules::tests::recorded(
        version,
        "the-void",
        Event::CommandVoided(void),
    ));
    assert_whole_equals_played_equals_folded("Every kind", &log);
}

#[test]
fn over_a_synthetic_campaign_the_whole_index_is_the_played_one_and_the_fold() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("synth.db")).unwrap();
    crate::synth::write(&mut store, "Synthetic", 3_000, 5).unwrap();
    let log = store.events("Synthetic", None).unwrap();
    let voids = log
        .iter()
        .filter(|r| matches!(r.event, Event::CommandVoided(_)))
        .count();
    assert!(voids > 10, "{voids} voids");
    assert_whole_equals_played_equals_folded("Synthetic", &log);
}

/// Folds every event of `log`, voided or not, and holds each to what [`touch::reach`] says
/// of its kind: a fold reaching nobody leaves every Soldier as he was, and one reaching the
/// Soldier it names changes no other.
fn assert_each_event_reaches_no_more_than_its_kind_says(log: &[RecordedEvent]) -> usize {
    let mut state = CampaignState::default();
    let mut held = 0;
    for recorded in log {
        let before = state.soldiers.clone();
        step(&mut state, recorded.version, Some(&recorded.event));
        let named = recorded.event.soldier();
        let spared = |i: usize| match touch::reach(&recorded.event) {
            touch::Reach::Anyone => None,
            touch::Reach::Nobody => Some(true),
            touch::Reach::Named => {
                Some(named.is_none_or(|n| before.iter().position(|s| same_name(&s.card.name, n)) != Some(i)))
            }
        };
        if spared(0).is_none() {
            continue;
        }
        assert_eq!(before.len(), state.soldiers.len(), "v{}", recorded.version);
        for (i, (was, now)) in before.iter().zip(&state.soldiers).enumerate() {
            if spared(i) == Some(true) {
                assert!(was == now, "v{} moved {}", recorded.version, now.card.name);
                held += 1;
            }
        }
    }
    held
}

#[test]
fn an_event_moves_no_soldier_its_kind_does_not_reach() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("synth.db")).unwrap();
    crate::synth::write(&mut store, "Synthetic", 3_000, 7).unwrap();
    let synthetic = store.events("Synthetic", None).unwrap();
    assert!(assert_each_event_reaches_no_more_than_its_kind_says(&synthetic) > 10_000);
    assert!(assert_each_event_reaches_no_more_than_its_kind_says(&every_kind_log()) > 100);
}
