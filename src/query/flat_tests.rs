//! Reads at a point give what reading the whole log gives: `show` on its indexes against
//! the explanation of every row, and the newest few of `log` against the tail of the whole.

use super::*;
use crate::app;
use crate::domain::Game;
use crate::domain::MissionResult;
use crate::domain::event::{CommandVoided, EkiaRecorded, MissionEnded};
use crate::projection::history::Entry;
use crate::query::points::tests::log;
use crate::rules::tests::{created, enlisted, mission_started, player};
use crate::transfer;

/// The demo campaign (72 events; v53 voided by v54, Mission 1 ended at v39).
fn demo() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = app::open(&dir.path().join("demo.db")).unwrap();
    transfer::import(&mut store, include_str!("../../fixtures/campaigns/demo.jsonl")).unwrap();
    (dir, store)
}

/// A log whose Mission 2 start is voided later, with a Mission ended before it.
fn voided_start() -> (tempfile::TempDir, Store) {
    let ekia = || {
        Event::EkiaRecorded(EkiaRecorded {
            soldier: "Wong".into(),
            hostile: "Rifle Team".into(),
            value: 1,
        })
    };
    log(vec![
        vec![created(Game::Modern)],
        vec![enlisted(player("Wong"))],
        vec![mission_started(1, "Cold Start", &["Wong"])],
        vec![ekia()],
        vec![Event::MissionEnded(MissionEnded {
            mission: 1,
            result: MissionResult::Success,
            rp_award: None,
        })],
        // command-5, at v6: voided by command-7.
        vec![mission_started(2, "Hill 112", &["Wong"])],
        vec![ekia()],
        vec![Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            version: 6,
            command_id: "command-5".into(),
            why: "too soon".into(),
        })],
        vec![mission_started(2, "Hill 112", &["Wong"]), ekia()],
        vec![ekia()],
    ])
}

#[test]
fn show_on_its_indexes_explains_every_version_as_the_whole_log_does() {
    for ((_dir, store), campaign) in [(demo(), "Operation Lodestar"), (voided_start(), "test")] {
        let query = Query::new(&store, campaign);
        let head = query.head().unwrap().version;
        let held = query.held().unwrap();
        for at in [head, head / 2] {
            let rows = store.rows(campaign, Some(at)).unwrap();
            for version in 1..=at {
                let whole = show::explain(&rows, version, at, &held).unwrap();
                let shown = query.show(version, Some(AsOf::Version(at))).unwrap();
                assert_eq!(shown, whole, "v{version} as of v{at}");
            }
        }
    }
}

#[test]
fn the_newest_few_of_the_log_are_the_tail_of_the_whole_log_at_every_point() {
    for ((_dir, store), campaign) in [(demo(), "Operation Lodestar"), (voided_start(), "test")] {
        let query = Query::new(&store, campaign);
        let head = query.head().unwrap().version;
        for at in 1..=head {
            let as_of = Some(AsOf::Version(at));
            let whole: Vec<Entry> = query
                .log(&LogQuery {
                    as_of,
                    ..LogQuery::default()
                })
                .unwrap();
            for count in 0..=whole.len() + 1 {
                let newest = |reverse| LogQuery {
                    as_of,
                    limit: Some(count),
                    reverse,
                    ..LogQuery::default()
                };
                let tail = whole[whole.len().saturating_sub(count)..].to_vec();
                assert_eq!(query.log(&newest(false)).unwrap(), tail, "{count} as of v{at}");
                let reversed: Vec<Entry> = tail.into_iter().rev().collect();
                assert_eq!(
                    query.log(&newest(true)).unwrap(),
                    reversed,
                    "{count} newest first as of v{at}"
                );
            }
        }
    }
}
