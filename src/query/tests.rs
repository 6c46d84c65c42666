use super::*;
use crate::app;
use crate::domain::event::Event;
use crate::domain::fold::voided_commands;
use crate::domain::state::RecordedEvent;
use crate::projection::blame::Change;
use crate::store::Store;
use crate::transfer;

const LODESTAR: &str = "Operation Lodestar";

/// A database holding the demo campaign (72 events; v53, a Wound of Wong's, voided by v54).
fn demo() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = app::open(&dir.path().join("demo.db")).unwrap();
    transfer::import(&mut store, include_str!("../../fixtures/campaigns/demo.jsonl")).unwrap();
    (dir, store)
}

#[test]
fn the_roster_now_from_checkpoints_is_the_roster_folded_from_the_log_at_the_head() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let head = query.head().unwrap();
    assert_eq!(head.version, 72);
    let now = query.roster(None).unwrap();
    assert_eq!(now, query.roster(Some(AsOf::Version(72))).unwrap());
    assert_eq!(now, query.service_record(None).unwrap().roster);
    let earlier = query.roster(Some(AsOf::MissionEnd(1))).unwrap();
    assert_eq!((earlier.as_of.version, earlier.head.version), (39, 72));
    let missing = query.roster(Some(AsOf::Version(73))).unwrap_err();
    assert!(missing.to_string().contains("runs from 1 to 72"), "{missing}");
}

#[test]
fn service_records_end_at_the_point_asked_for() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let ends = |at| -> Vec<u32> {
        let record = query.service_record(at).unwrap();
        record.mission_ends.iter().map(|e| e.number).collect()
    };
    assert_eq!(ends(None), [1, 2, 3]);
    assert_eq!(ends(Some(AsOf::MissionEnd(2))), [1, 2]);
}

#[test]
fn the_log_takes_a_soldier_in_any_case_a_mission_a_point_and_the_newest_few() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let versions =
        |request: LogQuery| -> Vec<u64> { query.log(&request).unwrap().iter().map(|e| e.version).collect() };
    let all = versions(LogQuery::default());
    assert_eq!(all, (1..=72).collect::<Vec<_>>());
    let newest = LogQuery {
        limit: Some(3),
        ..LogQuery::default()
    };
    assert_eq!(versions(newest), [70, 71, 72]);
    let wong = LogQuery {
        soldier: Some("WONG".into()),
        mission: Some(2),
        ..LogQuery::default()
    };
    let entries = query.log(&wong).unwrap();
    assert!(entries.iter().all(|e| e.mission == Some(2)), "{entries:?}");
    let voided: Vec<u64> = entries.iter().filter(|e| e.voided).map(|e| e.version).collect();
    assert_eq!(voided, [53]);
    let before_the_void = LogQuery {
        as_of: Some(AsOf::Version(53)),
        limit: Some(1),
        ..wong
    };
    let last = query.log(&before_the_void).unwrap();
    assert_eq!((last.len(), last[0].version, last[0].voided), (1, 53, false));
    let nobody = LogQuery {
        soldier: Some("Nobody".into()),
        ..LogQuery::default()
    };
    assert!(query.log(&nobody).unwrap_err().to_string().contains("Nobody"));
}

#[test]
fn show_and_blame_see_the_void_only_once_it_is_in_the_log() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let shown = query.show(53, None).unwrap();
    assert_eq!(
        (shown.voided, shown.voided_by.map(|v| v.version)),
        (true, Some(54))
    );
    assert!(!query.show(53, Some(AsOf::Version(53))).unwrap().voided);
    assert!(
        query.show(54, Some(AsOf::Version(53))).is_err(),
        "not in the log yet"
    );

    let wounds = |at| {
        let blamed = query.blame("wong", at).unwrap();
        let field = &blamed.fields["wounds"];
        let line = field.lines.iter().find(|l| l.version == 53).cloned().unwrap();
        (field.value.clone(), line.change, line.voided)
    };
    assert_eq!(wounds(None), ("1".to_owned(), Change::Add(1), true));
    assert_eq!(
        wounds(Some(AsOf::Version(53))),
        ("2".to_owned(), Change::Add(1), false)
    );
}

#[test]
fn diff_names_both_points_and_mission_sums_up_one_mission() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let diff = query.diff(AsOf::MissionEnd(1), AsOf::MissionEnd(3)).unwrap();
    assert_eq!((diff.from.version, diff.to.version), (39, 71));
    let kowalski = diff
        .differences
        .iter()
        .find(|d| d.soldier.as_deref() == Some("Kowalski") && d.field == "status")
        .unwrap();
    assert_eq!(
        (&kowalski.before, &kowalski.after),
        (&"active".into(), &"kia".into())
    );
    assert!(
        query
            .diff(AsOf::MissionEnd(1), AsOf::MissionEnd(1))
            .unwrap()
            .differences
            .is_empty()
    );

    let second = query.mission(Some(2)).unwrap();
    assert_eq!((second.number, second.name.as_str()), (2, "Hill 112"));
    assert_eq!(query.mission(None).unwrap().number, 3);
    assert!(query.mission(Some(4)).is_err());
}

#[test]
fn verify_checks_a_noted_head_and_says_which_it_was() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let head = query.head().unwrap();
    let mut told = Vec::new();
    let plain = query.verify(None, &mut |n| told.push(n)).unwrap();
    assert!(plain.report.ok, "{:?}", plain.report.findings);
    assert_eq!(told.last(), Some(&72));
    let noted = NotedHead {
        version: 72,
        hash: head.hash[..20].to_owned(),
    };
    let held = query.verify(Some(noted.clone()), &mut |_| {}).unwrap();
    assert!(held.report.ok);
    let json = serde_json::to_value(&held).unwrap();
    assert_eq!(json["noted_head"]["version"], 72);
    assert_eq!(json["head_version"], 72, "the report's fields sit beside it");
    let forged = NotedHead {
        hash: "0".repeat(20),
        ..noted
    };
    let caught = query.verify(Some(forged), &mut |_| {}).unwrap();
    assert!(!caught.report.ok);
    let checks: Vec<&str> = caught.report.findings.iter().map(|f| f.check).collect();
    assert_eq!(checks, ["head"]);
}

#[test]
fn export_gives_every_line_then_the_trailer_or_stops_when_asked() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let mut versions = Vec::new();
    let trailer = query
        .export(&mut |line| {
            versions.push(line.version);
            true
        })
        .unwrap()
        .unwrap();
    assert_eq!(versions, (1..=72).collect::<Vec<_>>());
    let head = query.head().unwrap();
    assert_eq!((trailer.events, &trailer.head.hash), (72, &head.hash));
    let mut taken = 0;
    let stopped = query
        .export(&mut |_| {
            taken += 1;
            taken < 2
        })
        .unwrap();
    assert_eq!((stopped, taken), (None, 2));
}

#[test]
fn campaigns_are_listed_with_the_selected_one_and_the_rules_in_force() {
    let (_dir, store) = demo();
    let listed = campaigns(&store, Some(LODESTAR)).unwrap();
    let names: Vec<(&str, u64, bool)> = listed
        .iter()
        .map(|c| (c.name.as_str(), c.version, c.selected))
        .collect();
    assert_eq!(names, [(LODESTAR, 72, true)]);
    assert!(!campaigns(&store, None).unwrap()[0].selected);
    let rules = Query::new(&store, LODESTAR).rules().unwrap();
    // The demo's campaign_created is schema 1: played under the first rules.
    assert_eq!(rules.in_force, 1);
    let in_force: Vec<u32> = rules
        .versions
        .iter()
        .filter(|v| v.in_force)
        .map(|v| v.version)
        .collect();
    assert_eq!(in_force, [1]);
    assert_eq!(rules.versions.last().map(|v| v.version), Some(rules.newest));
}

/// The log as it was listed before it streamed: the whole log read, folded for the Soldier's
/// name and walked by `history::entries`.
fn whole_log(store: &Store, request: &LogQuery) -> Result<Vec<crate::projection::history::Entry>, Error> {
    use crate::domain::fold::fold;
    use crate::projection::history::{self, Filter};
    let mut log = store.events(LODESTAR, None)?;
    if let Some(at) = request.as_of {
        let version = resolve(at, &log)?;
        log.retain(|r| r.version <= version);
    }
    // A Mission the campaign never had, as of the point, is refused before any row.
    if let Some(unknown) = request
        .mission
        .and_then(|number| crate::projection::mission::no_such_mission(&fold(&log), number))
    {
        return Err(unknown);
    }
    let soldier = match &request.soldier {
        Some(name) => Some(fold(&log).find_soldier(name)?.card.name.clone()),
        None => None,
    };
    let filter = Filter {
        soldier,
        mission: request.mission,
    };
    let mut entries = history::entries(&log, &filter);
    if let Some(limit) = request.limit {
        entries.drain(..entries.len().saturating_sub(limit));
    }
    if request.reverse {
        entries.reverse();
    }
    Ok(entries)
}

#[test]
fn the_streamed_log_lists_what_the_whole_log_listed_for_every_request() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let soldiers = [None, Some("wong"), Some("GIZMO"), Some("Price"), Some("Nobody")];
    let missions = [None, Some(1), Some(2), Some(3), Some(4)];
    let time = |t: &str| t.parse::<AsOf>().unwrap();
    let points = [
        None,
        Some(AsOf::Version(1)),
        Some(AsOf::Version(53)),
        Some(AsOf::Version(54)),
        Some(AsOf::Version(73)),
        Some(AsOf::MissionEnd(1)),
        Some(AsOf::MissionEnd(3)),
        Some(AsOf::MissionEnd(9)),
        Some(time("2026-09-05T19:13:00Z")),
        Some(time("2026-09-19")),
        Some(time("2020-01-01")),
    ];
    let mut compared = 0;
    for soldier in soldiers {
        for mission in missions {
            for as_of in points {
                for limit in [None, Some(0), Some(1), Some(5)] {
                    for reverse in [false, true] {
                        let request = LogQuery {
                            soldier: soldier.map(str::to_owned),
                            mission,
                            as_of,
                            limit,
                            reverse,
                        };
                        let streamed = query.log(&request).map_err(|e| e.to_string());
                        let whole = whole_log(&store, &request).map_err(|e| e.to_string());
                        assert_eq!(streamed, whole, "{request:?}");
                        compared += usize::from(streamed.is_ok_and(|e| !e.is_empty()));
                    }
                }
            }
        }
    }
    assert!(compared > 400, "only {compared} requests listed anything");
}

#[test]
fn the_streamed_blame_is_the_blame_of_the_whole_log_for_every_soldier_and_point() {
    let (_dir, store) = demo();
    let query = Query::new(&store, "Operation Lodestar");
    let head = query.head().unwrap().version;
    let log = store.events("Operation Lodestar", None).unwrap();
    let soldiers: Vec<String> = crate::domain::fold::fold(&log)
        .soldiers
        .iter()
        .map(|s| s.card.name.clone())
        .collect();
    assert!(soldiers.len() >= 3, "the demo's squad");
    for version in [head / 3, head / 2, head] {
        let point = query.point(AsOf::Version(version), head).unwrap();
        let upto: Vec<_> = log.iter().filter(|r| r.version <= point).cloned().collect();
        for soldier in &soldiers {
            let streamed = query.blame(soldier, Some(AsOf::Version(version)));
            let whole = crate::projection::blame::blame(&upto, soldier);
            assert_eq!(streamed.ok(), whole.ok(), "{soldier} at v{version}");
        }
    }
}

// The point a request names, found in a log held whole: the reference the bounded points
// of `query::points` are held to.

/// The version this point names in `log` (the campaign's whole log, in order): always the
/// end of a command, since a command's events stand or fall together; a version inside a
/// command names that command's last event.
fn resolve(at: AsOf, log: &[RecordedEvent]) -> Result<u64, Error> {
    let named = named(at, log)?;
    let Some(at) = log.iter().position(|r| r.version == named) else {
        return Ok(named);
    };
    let command = &log[at].command_id;
    Ok(log[at..]
        .iter()
        .take_while(|r| r.command_id == *command)
        .last()
        .map_or(named, |r| r.version))
}

/// The version this point names, before it is moved to the end of its command.
fn named(at: AsOf, log: &[RecordedEvent]) -> Result<u64, Error> {
    let head = log.last().map_or(0, |r| r.version);
    match at {
        AsOf::Version(v) if (1..=head).contains(&v) => Ok(v),
        AsOf::Version(v) => Err(Error::input(format!(
            "version {v} does not exist; this campaign's log runs from 1 to {head}"
        ))),
        // The reference log holds no hashes: a head's is checked on the store's rows alone.
        AsOf::Head(v, _) => named(AsOf::Version(v), log),
        AsOf::Time(at) => log
            .iter()
            .take_while(|r| chrono::DateTime::parse_from_rfc3339(&r.recorded_at).is_ok_and(|t| t <= at))
            .last()
            .map(|r| r.version)
            .ok_or_else(|| {
                let first = log.first().map_or("", |r| r.recorded_at.as_str());
                Error::input(format!(
                    "{} is before the campaign began ({first}); give a later time",
                    crate::clock::written(at)
                ))
            }),
        AsOf::MissionEnd(n) => mission_end(log, n),
        AsOf::Now => Ok(head),
    }
}

fn mission_end(log: &[RecordedEvent], mission: u32) -> Result<u64, Error> {
    let voided = voided_commands(log);
    let live = || log.iter().filter(|r| !voided.contains(&r.command_id));
    let ended = live().find(|r| matches!(&r.event, Event::MissionEnded(e) if e.mission == mission));
    match ended {
        Some(end) => Ok(live()
            .filter(|r| r.command_id == end.command_id)
            .map(|r| r.version)
            .max()
            .unwrap_or(end.version)),
        None if live().any(|r| matches!(&r.event, Event::MissionStarted(e) if e.mission == mission)) => {
            Err(Error::input(format!(
                "Mission {mission} has not ended yet; give a version instead (see `muster log --mission {mission}`)"
            )))
        }
        None => {
            let started: Vec<String> = live()
                .filter_map(|r| match &r.event {
                    Event::MissionStarted(e) => Some(e.mission.to_string()),
                    _ => None,
                })
                .collect();
            let so_far = if started.is_empty() {
                "no Mission has started yet (`muster mission start NAME`)".to_owned()
            } else {
                format!("missions so far: {}", started.join(", "))
            };
            Err(Error::input(format!(
                "there is no Mission {mission} in this campaign; {so_far}"
            )))
        }
    }
}

#[test]
fn a_recorders_last_command_is_found_within_the_newest_rows_asked() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let head = query.head().unwrap().version;
    let by = query
        .recorded(head)
        .unwrap()
        .and_then(|r| r.recorded_by)
        .unwrap_or_else(|| "command line".to_owned());
    let last = query.last_recorded_by(&by).unwrap();
    let Some(last) = last else {
        assert_eq!(query.last_recorded_within(&by, head).unwrap(), None);
        return;
    };
    assert_eq!(
        query.last_recorded_within(&by, head - last + 1).unwrap(),
        Some(last)
    );
    assert_eq!(
        query.last_recorded_within(&by, head - last).unwrap(),
        None,
        "older than the rows asked"
    );
    assert_eq!(query.last_recorded_within(&by, 0).unwrap(), None);
    assert_eq!(query.last_recorded_within("nobody", head).unwrap(), None);
}

#[test]
fn the_newest_events_are_the_logs_newest_without_their_mission() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let logged = query
        .log(&LogQuery {
            limit: Some(20),
            reverse: true,
            ..LogQuery::default()
        })
        .unwrap();
    let newest = query.newest(0, 20).unwrap();
    assert_eq!(newest.len(), 20);
    // The same twenty again as two pages, the second after the first ten.
    let paged: Vec<_> = [query.newest(0, 10).unwrap(), query.newest(10, 10).unwrap()].concat();
    assert_eq!(
        paged.iter().map(|e| e.version).collect::<Vec<_>>(),
        logged.iter().map(|e| e.version).collect::<Vec<_>>()
    );
    for (new, old) in newest.iter().zip(&logged) {
        assert_eq!(
            (new.version, &new.summary, new.voided, &new.recorded_by),
            (old.version, &old.summary, old.voided, &old.recorded_by)
        );
        assert_eq!(new.mission, None);
    }
    assert!(newest.iter().any(|e| e.voided) || logged.iter().all(|e| !e.voided));
    // Past the log's start, nothing; the last page holds what is left.
    let head = query.head().unwrap().version;
    assert!(query.newest(head, 10).unwrap().is_empty());
    let last = query.newest(head - 3, 10).unwrap();
    assert_eq!(last.iter().map(|e| e.version).collect::<Vec<_>>(), vec![3, 2, 1]);
}

#[test]
fn a_page_of_older_events_knows_the_voids_recorded_after_it() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    let head = query.head().unwrap().version;
    let all = query
        .log(&LogQuery {
            reverse: true,
            ..LogQuery::default()
        })
        .unwrap();
    let voided: Vec<u64> = all.iter().filter(|e| e.voided).map(|e| e.version).collect();
    let &oldest_voided = voided.last().expect("the demo voids a command");
    // A page that ends at that event, its void among the rows skipped above it.
    let skip = head - oldest_voided;
    let page = query.newest(skip, 5).unwrap();
    assert_eq!(
        page.first().map(|e| (e.version, e.voided)),
        Some((oldest_voided, true))
    );
}

#[test]
fn the_summary_at_a_version_is_the_one_show_gives() {
    let (_dir, store) = demo();
    let query = Query::new(&store, LODESTAR);
    for version in [1, 53, 72] {
        let shown = query.show(version, None).unwrap();
        assert_eq!(query.summary_at(version).unwrap(), Some(shown.summary));
    }
    assert_eq!(query.summary_at(73).unwrap(), None);
}
