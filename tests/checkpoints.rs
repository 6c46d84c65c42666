//! Checkpoints are a cache: the state from one plus the events after it is always the state
//! the whole log folds to, and a checkpoint that cannot be trusted is ignored.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::sync::OnceLock;

use chrono::{TimeZone, Utc};
use muster::app;
use muster::checkpoint::{self, INTERVAL, PROJECTION};
use muster::clock::FixedClock;
use muster::domain::Game;
use muster::domain::command::{Command, XpTarget};
use muster::domain::fold::fold;
use muster::domain::soldier::{SoldierCard, SoldierKind};
use muster::store::Store;
use muster::verify;

const CAMPAIGN: &str = "Lodestar";

fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap())
}

fn xp(amount: i64) -> Command {
    Command::AdjustXp {
        target: XpTarget::Soldier("Wong".into()),
        amount,
        why: "test".into(),
    }
}

/// A copy of one campaign with more events than one checkpoint interval, written once
/// through the real write path (a thousand commands, each its own transaction).
fn long_campaign() -> (tempfile::TempDir, Store) {
    static BUILT: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, original) = BUILT.get_or_init(build);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("c.db");
    std::fs::copy(original, &copy).unwrap();
    let store = Store::open(&copy).unwrap();
    (dir, store)
}

fn build() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.db");
    let mut store = Store::open(&path).unwrap();
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Wwii,
        nation: None,
        expansions: vec![],
    };
    app::create_campaign(&mut store, CAMPAIGN, &create, &clock()).unwrap();
    let card = SoldierCard {
        name: "Wong".into(),
        kind: SoldierKind::Player,
        rp: 8,
        health: None,
        abilities: Default::default(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: Default::default(),
        stats: None,
        specialism: None,
    };
    app::execute(&mut store, CAMPAIGN, &Command::Enlist(Box::new(card)), &clock()).unwrap();
    for _ in 0..INTERVAL + 50 {
        app::execute(&mut store, CAMPAIGN, &xp(1), &clock()).unwrap();
    }
    // Closing the last connection folds the write-ahead log into the file to copy.
    drop(store);
    (dir, path)
}

fn full_fold(store: &Store) -> muster::domain::state::CampaignState {
    fold(&store.events(CAMPAIGN, None).unwrap())
}

#[test]
fn a_checkpoint_is_written_as_the_log_grows_and_folds_to_the_same_state() {
    let (_dir, store) = long_campaign();
    let newest = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    assert!(
        newest >= INTERVAL,
        "a checkpoint after {INTERVAL} events, got {newest}"
    );
    let head = store.head(CAMPAIGN).unwrap().version;
    assert!(
        newest < head,
        "events after the checkpoint are folded on top of it"
    );
    assert_eq!(
        checkpoint::state_at(&store, CAMPAIGN, None).unwrap(),
        full_fold(&store)
    );
    assert_eq!(
        full_fold(&store).soldiers[0].xp,
        u32::try_from(INTERVAL + 50).unwrap()
    );
}

#[test]
fn a_void_reaching_back_before_the_checkpoint_is_applied() {
    let (_dir, mut store) = long_campaign();
    // Version 4 is the first XP point, long before the checkpoint.
    app::void(&mut store, CAMPAIGN, 4, "never happened", &clock()).unwrap();
    let state = checkpoint::state_at(&store, CAMPAIGN, None).unwrap();
    assert_eq!(state, full_fold(&store));
    assert_eq!(state.soldiers[0].xp, u32::try_from(INTERVAL + 49).unwrap());
    // And a command decided after it sees the voided point gone: spending all he had
    // before the void is an overdraft now.
    let all = i64::try_from(INTERVAL + 50).unwrap();
    for _ in 0..all / 999 {
        app::execute(&mut store, CAMPAIGN, &xp(-999), &clock()).unwrap();
    }
    let left = all % 999;
    // One point was voided: spending what he had before the void is an overdraft.
    match app::execute(&mut store, CAMPAIGN, &xp(-left), &clock()) {
        Err(muster::Error::Rule(refusal)) => {
            assert!(
                refusal.to_string().contains(&format!("cannot take away {left}")),
                "{refusal}"
            )
        }
        other => panic!("expected the rules' refusal of an overdraft, got {other:?}"),
    }
    app::execute(&mut store, CAMPAIGN, &xp(1 - left), &clock()).unwrap();
    assert_eq!(full_fold(&store).soldiers[0].xp, 0);
}

#[test]
fn a_checkpoint_from_other_projection_code_or_unreadable_is_ignored() {
    let (_dir, store) = long_campaign();
    let truth = full_fold(&store);
    let head = store.head(CAMPAIGN).unwrap().version;
    // A newer checkpoint made by other code, claiming a different state: ignored.
    let mut other = truth.clone();
    other.soldiers[0].xp = 9999;
    store
        .save_checkpoint(
            CAMPAIGN,
            head,
            "campaign-state/0 someone-else",
            &serde_json::to_string(&other).unwrap(),
        )
        .unwrap();
    assert_eq!(checkpoint::state_at(&store, CAMPAIGN, None).unwrap(), truth);
    // Our own tag but a damaged body: ignored, rebuilt from the log.
    store
        .save_checkpoint(CAMPAIGN, head, PROJECTION, "{not json")
        .unwrap();
    assert_eq!(checkpoint::state_at(&store, CAMPAIGN, None).unwrap(), truth);
}

#[test]
fn a_campaign_whose_checkpoints_another_build_made_is_caught_up_once_at_its_head() {
    let (_dir, store) = long_campaign();
    let head = store.head(CAMPAIGN).unwrap().version;
    let conn = rusqlite::Connection::open(store.connection().path().unwrap()).unwrap();
    conn.execute("UPDATE checkpoints SET projection = 'campaign-state/0 other'", [])
        .unwrap();
    assert_eq!(store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap(), 0);
    let behind = || store.campaigns_checkpoints_behind(PROJECTION, INTERVAL).unwrap();
    assert_eq!(behind(), [CAMPAIGN], "listed for the writer to look at");

    assert!(checkpoint::catch_up(&store, CAMPAIGN).unwrap(), "written");
    assert!(behind().is_empty(), "caught up, it is listed no more");
    assert_eq!(store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap(), head);
    let written = store.checkpoint(CAMPAIGN, head, PROJECTION).unwrap().unwrap();
    assert_eq!(written.flaw(), None);
    let state: muster::domain::state::CampaignState = serde_json::from_str(&written.state).unwrap();
    assert_eq!(state, full_fold(&store));
    assert!(!checkpoint::catch_up(&store, CAMPAIGN).unwrap(), "once");
    assert!(store.connection().is_autocommit(), "its transaction ended");

    // A campaign less than an interval past its newest checkpoint (here none) is left alone.
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Wwii,
        nation: None,
        expansions: vec![],
    };
    let mut writer = Store::open(std::path::Path::new(store.connection().path().unwrap())).unwrap();
    app::create_campaign(&mut writer, "Short", &create, &clock()).unwrap();
    assert!(!checkpoint::catch_up(&store, "Short").unwrap());
    assert_eq!(store.newest_checkpoint("Short", PROJECTION).unwrap(), 0);
    assert!(behind().is_empty(), "a short campaign is not listed");

    // A checkpoint whose event the log no longer holds counts as none, as for a write.
    conn.execute(
        "UPDATE checkpoints SET event_hash = 'rewritten' WHERE campaign = ?1 AND projection = ?2",
        [CAMPAIGN, PROJECTION],
    )
    .unwrap();
    assert_eq!(behind(), [CAMPAIGN]);
    // Listed with an interval less than the short campaign's head, both are, oldest first.
    let short = store.head("Short").unwrap().version;
    assert_eq!(
        store.campaigns_checkpoints_behind(PROJECTION, short).unwrap(),
        [CAMPAIGN, "Short"]
    );
}

#[test]
fn a_state_as_of_an_earlier_version_ignores_later_checkpoints() {
    let (_dir, store) = long_campaign();
    let at = checkpoint::state_at(&store, CAMPAIGN, Some(10)).unwrap();
    assert_eq!(at, fold(&store.events(CAMPAIGN, Some(10)).unwrap()));
    assert_eq!(at.version, 10);
}

#[test]
fn a_streamed_rebuild_equals_the_fold_of_the_whole_log() {
    let (_dir, mut store) = long_campaign();
    app::void(&mut store, CAMPAIGN, 5, "a mistake", &clock()).unwrap();
    assert_eq!(
        checkpoint::rebuild(&store, CAMPAIGN, None).unwrap(),
        full_fold(&store)
    );
    assert_eq!(
        checkpoint::rebuild(&store, CAMPAIGN, Some(40)).unwrap(),
        fold(&store.events(CAMPAIGN, Some(40)).unwrap())
    );
}

/// The newest checkpoint's size after a synthetic campaign of `events` events, and how many
/// Missions it played.
fn checkpoint_size_after(events: u64) -> (usize, u32) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("s.db")).unwrap();
    let head = muster::synth::write(&mut store, "Synth", events, 7).unwrap();
    let text = store
        .checkpoint("Synth", head.version, PROJECTION)
        .unwrap()
        .unwrap()
        .state;
    let state = checkpoint::state_at(&store, "Synth", None).unwrap();
    (text.len(), state.mission.unwrap().number)
}

#[test]
fn a_checkpoint_stays_the_same_size_however_many_missions_were_played() {
    let (small, few) = checkpoint_size_after(3_000);
    let (large, many) = checkpoint_size_after(30_000);
    assert!(
        many >= few * 5,
        "the longer campaign plays more Missions: {few} and {many}"
    );
    // Bounded, not proportional: ten times the log may change a few numbers' widths only.
    assert!(
        large < small + small / 4,
        "checkpoint of {large} bytes after {many} Missions against {small} after {few}"
    );
}

/// Sets the stored state of `campaign`'s checkpoint at `version` (our projection's) to
/// `state`, with its digest recomputed, as a forger with the file would.
fn forge(store: &Store, version: u64, state: &muster::domain::state::CampaignState) {
    use sha2::Digest;
    let text = serde_json::to_string(state).unwrap();
    let digest = hex::encode(sha2::Sha256::digest(text.as_bytes()));
    let changed = store
        .connection()
        .execute(
            "UPDATE checkpoints SET state = ?1, digest = ?2 WHERE campaign = ?3 AND projection = ?4 AND version = ?5",
            rusqlite::params![text, digest, CAMPAIGN, PROJECTION, version],
        )
        .unwrap();
    assert_eq!(changed, 1, "a checkpoint at v{version}");
}

fn checkpoint_findings(store: &Store) -> Vec<verify::Finding> {
    verify::verify_store(store, CAMPAIGN, &mut |_| {})
        .unwrap()
        .findings
        .into_iter()
        .filter(|f| f.check == "checkpoint")
        .collect()
}

#[test]
fn two_projection_tags_keep_their_own_checkpoints() {
    let (_dir, store) = long_campaign();
    let ours = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    assert!(ours > 0);
    let text = serde_json::to_string(&full_fold(&store)).unwrap();
    // Another build writes more checkpoints than a campaign keeps, at the same versions.
    for version in [ours - 3, ours - 2, ours - 1, ours] {
        store
            .save_checkpoint(CAMPAIGN, version, "campaign-state/0 other", &text)
            .unwrap();
    }
    assert_eq!(store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap(), ours);
    let kept = store.checkpoint(CAMPAIGN, ours, PROJECTION).unwrap().unwrap();
    assert_eq!(kept.version, ours);
    assert_eq!(kept.flaw(), None, "ours was not replaced by the other build's");
    let others = || {
        store
            .checkpoint_versions(CAMPAIGN, "campaign-state/0 other")
            .unwrap()
    };
    assert_eq!(
        others(),
        [ours - 3, ours - 2, ours - 1, ours],
        "a build keeps all its own"
    );
    // When this build writes again, the other build keeps only its newest three.
    store.save_checkpoint(CAMPAIGN, ours, PROJECTION, &text).unwrap();
    assert_eq!(
        others(),
        [ours - 2, ours - 1, ours],
        "the other build keeps its newest three"
    );
    assert_eq!(store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap(), ours);
}

#[test]
fn a_checkpoint_whose_event_hash_no_longer_matches_the_log_is_ignored() {
    let (_dir, store) = long_campaign();
    let truth = full_fold(&store);
    let at = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    let mut forged = checkpoint::state_at(&store, CAMPAIGN, Some(at)).unwrap();
    forged.soldiers[0].xp = 9999;
    forge(&store, at, &forged);
    store
        .connection()
        .execute(
            "UPDATE checkpoints SET event_hash = ?1 WHERE version = ?2",
            rusqlite::params!["ab".repeat(32), at],
        )
        .unwrap();
    assert_eq!(checkpoint::state_at(&store, CAMPAIGN, None).unwrap(), truth);
    let found = checkpoint_findings(&store);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].version, Some(at));
    assert!(found[0].problem.contains("rewritten"), "{found:?}");
}

#[test]
fn verify_names_a_checkpoint_forged_with_a_good_digest_and_passes_a_true_one() {
    let (_dir, store) = long_campaign();
    assert_eq!(checkpoint_findings(&store), [], "a true checkpoint agrees");
    let at = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    let mut forged = checkpoint::state_at(&store, CAMPAIGN, Some(at)).unwrap();
    forged.rp_bank = 500;
    forge(&store, at, &forged);
    let found = checkpoint_findings(&store);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].version, Some(at));
    assert!(
        found[0]
            .problem
            .contains("rp_bank is 500 in the checkpoint but 0 in the log"),
        "{found:?}"
    );
}

#[test]
fn verify_does_not_report_a_checkpoint_that_a_later_void_reaches_back_past() {
    let (_dir, mut store) = long_campaign();
    let at = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    // Version 4 is an XP point the checkpoint counted; voiding it later makes the
    // checkpoint differ from the fold with every void applied, rightly.
    app::void(&mut store, CAMPAIGN, 4, "never happened", &clock()).unwrap();
    let kept = store.checkpoint(CAMPAIGN, at, PROJECTION).unwrap().unwrap();
    assert_eq!(
        (kept.version, kept.flaw()),
        (at, None),
        "the checkpoint is still there"
    );
    let kept: muster::domain::state::CampaignState = serde_json::from_str(&kept.state).unwrap();
    let counted = checkpoint::rebuild(&store, CAMPAIGN, Some(at)).unwrap();
    assert_eq!(kept, counted, "it counts the point voided after it");
    let report = verify::verify_store(&store, CAMPAIGN, &mut |_| {}).unwrap();
    assert!(report.ok, "{:?}", report.findings);
}

/// The roster as `--as-of VERSION` shows it, read through the query side.
fn roster_at(store: &Store, version: u64) -> serde_json::Value {
    let roster = muster::query::Query::new(store, CAMPAIGN)
        .roster(Some(muster::projection::as_of::AsOf::Version(version)))
        .unwrap();
    serde_json::to_value(roster).unwrap()
}

/// The roster at `version` folded from the whole log, for comparison.
fn roster_folded(store: &Store, version: u64) -> serde_json::Value {
    let log = store.events(CAMPAIGN, None).unwrap();
    let head = store.head(CAMPAIGN).unwrap();
    serde_json::to_value(muster::projection::roster::at(CAMPAIGN, &log, version, &head).unwrap()).unwrap()
}

#[test]
fn a_roster_at_any_point_starts_from_the_nearest_checkpoint_and_equals_the_whole_logs_fold() {
    let (_dir, store) = long_campaign();
    let head = store.head(CAMPAIGN).unwrap().version;
    let newest = store.newest_checkpoint(CAMPAIGN, PROJECTION).unwrap();
    for version in [1, 2, 3, newest - 1, newest, newest + 1, head] {
        let mut read = roster_at(&store, version);
        // A version inside a command is read at the command's end, and says so.
        let end = read["as_of"]["version"].as_u64().unwrap();
        if let Some(as_of) = read["as_of"].as_object_mut() {
            as_of.remove("asked");
        }
        assert_eq!(read, roster_folded(&store, end), "v{version}");
    }
    // A checkpoint edited on disk is ignored: the read folds from an older one or the log.
    let conn = rusqlite::Connection::open(store.connection().path().unwrap()).unwrap();
    conn.execute(
        "UPDATE checkpoints SET state = replace(state, '\"xp\":', '\"xp\":9') WHERE version = ?1",
        [newest],
    )
    .unwrap();
    assert_eq!(roster_at(&store, newest + 1), roster_folded(&store, newest + 1));
}

#[test]
fn a_rebuild_writes_a_checkpoint_every_interval_and_at_the_head() {
    let (_dir, store) = long_campaign();
    store.connection().execute("DELETE FROM checkpoints", []).unwrap();
    let state = checkpoint::rewrite(&store, CAMPAIGN, &mut |_| {}).unwrap();
    let head = store.head(CAMPAIGN).unwrap().version;
    assert_eq!(
        store.checkpoint_versions(CAMPAIGN, PROJECTION).unwrap(),
        [INTERVAL, head]
    );
    assert_eq!(state, full_fold(&store));
    let at_interval = store.checkpoint(CAMPAIGN, INTERVAL, PROJECTION).unwrap().unwrap();
    assert_eq!(at_interval.flaw(), None);
    let read: muster::domain::state::CampaignState = serde_json::from_str(&at_interval.state).unwrap();
    assert_eq!(read, fold(&store.events(CAMPAIGN, Some(INTERVAL)).unwrap()));
}

/// A copy of the state `store` keeps for `campaign` at its head, if it keeps one.
fn kept(store: &Store, campaign: &str) -> Option<muster::domain::state::CampaignState> {
    store
        .decided_state_ref(campaign)
        .unwrap()
        .map(|state| state.clone())
}

#[test]
fn the_state_a_connection_keeps_after_each_write_is_the_state_the_log_folds_to() {
    let (_dir, mut store) = long_campaign();
    for amount in [3, -2, 7] {
        app::execute(&mut store, CAMPAIGN, &xp(amount), &clock()).unwrap();
        let kept = kept(&store, CAMPAIGN).expect("a write keeps its state");
        assert_eq!(kept, full_fold(&store));
    }
    // A void's events would need un-applying: its state is folded, never kept.
    let head = store.head(CAMPAIGN).unwrap().version;
    app::void(&mut store, CAMPAIGN, head, "a slip", &clock()).unwrap();
    assert_eq!(kept(&store, CAMPAIGN), None);
    assert_eq!(
        checkpoint::state_at(&store, CAMPAIGN, None).unwrap(),
        full_fold(&store)
    );
    app::execute(&mut store, CAMPAIGN, &xp(1), &clock()).unwrap();
    assert_eq!(kept(&store, CAMPAIGN), Some(full_fold(&store)));
}

#[test]
fn a_kept_state_is_not_served_once_another_connection_moved_the_head() {
    let (dir, mut store) = long_campaign();
    app::execute(&mut store, CAMPAIGN, &xp(1), &clock()).unwrap();
    assert!(kept(&store, CAMPAIGN).is_some());
    let mut other = Store::open(&dir.path().join("c.db")).unwrap();
    app::execute(&mut other, CAMPAIGN, &xp(5), &clock()).unwrap();
    assert_eq!(kept(&store, CAMPAIGN), None);
    let state = checkpoint::state_at(&store, CAMPAIGN, None).unwrap();
    assert_eq!(state, full_fold(&store));
    assert_eq!(state.soldiers[0].xp, u32::try_from(INTERVAL + 56).unwrap());
}

#[test]
fn a_kept_state_is_not_served_for_another_campaign_or_an_earlier_point() {
    let (_dir, mut store) = long_campaign();
    app::execute(&mut store, CAMPAIGN, &xp(1), &clock()).unwrap();
    assert_eq!(kept(&store, "Another"), None);
    let head = store.head(CAMPAIGN).unwrap().version;
    let earlier = checkpoint::state_at(&store, CAMPAIGN, Some(head - 1)).unwrap();
    assert_eq!(earlier.version, head - 1);
    assert_eq!(earlier.soldiers[0].xp, u32::try_from(INTERVAL + 50).unwrap());
}

#[test]
fn a_read_at_the_head_is_lent_the_state_it_made_or_kept() {
    let (dir, _writer) = long_campaign();
    let reader = Store::open(&dir.path().join("c.db")).unwrap();
    let truth = full_fold(&reader);
    assert_eq!(kept(&reader, CAMPAIGN), None, "a new connection keeps none");
    let soldiers = |state: &muster::domain::state::CampaignState| state.soldiers.len();
    // Made from the checkpoint and kept for the next read.
    let made = checkpoint::with_state_at_head(&reader, CAMPAIGN, soldiers).unwrap();
    assert_eq!(made, truth.soldiers.len());
    assert_eq!(kept(&reader, CAMPAIGN), Some(truth.clone()));
    // Lent from what it kept.
    let lent = checkpoint::with_state_at_head(&reader, CAMPAIGN, Clone::clone).unwrap();
    assert_eq!(lent, truth);
}
