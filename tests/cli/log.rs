//! `log -n`, `--reverse` and the pager: the newest events oldest first, the newest first,
//! filters before the count, and no pager unless standard output is a terminal.

use serde_json::Value;

use super::support::{Muster, num};
use crate::common::Runner;

/// The versions of `entries`, in the order printed.
fn versions(entries: &[Value]) -> Vec<u64> {
    entries.iter().map(|e| num(e, "version")).collect()
}

/// Lodestar with one Mission played: a start, a turn, Wounds and the end.
fn played() -> Muster {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Reyes",
    ]);
    m.ok(&["turn"]);
    m.ok(&["wound", "Wong"]);
    m.ok(&["wound", "Reyes"]);
    m.ok(&["mission", "end", "--result", "success"]);
    m.ok(&["wound", "Price"]);
    m
}

#[test]
fn log_n_gives_the_last_events_oldest_first() {
    let m = played();
    let all = m.json_lines(&["log"]);
    assert!(all.len() > 5, "{all:?}");
    let last = m.json_lines(&["log", "-n", "3"]);
    assert_eq!(
        last,
        all[all.len() - 3..],
        "the last three, whole and in log order"
    );
    assert_eq!(m.json_lines(&["log", "--max-count", "1"]), all[all.len() - 1..]);
    assert_eq!(m.json_lines(&["log", "-n", "1000"]), all);
    assert!(m.json_lines(&["log", "-n", "0"]).is_empty());
    m.refused(&["log", "-n", "-1"], "-n");
}

#[test]
fn log_reverse_gives_the_newest_first_and_with_n_the_newest_few() {
    let m = played();
    let all = versions(&m.json_lines(&["log"]));
    let reversed = versions(&m.json_lines(&["log", "--reverse"]));
    assert_eq!(reversed, all.iter().rev().copied().collect::<Vec<_>>());
    let newest = versions(&m.json_lines(&["log", "--reverse", "-n", "2"]));
    assert_eq!(newest, reversed[..2]);
    let text = m.ok(&["log", "--reverse", "-n", "1"]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "a header, its rule and one row: {text}");
    assert!(rows[2].contains("Price suffers 1 Wound"), "{text}");
}

#[test]
fn log_filters_apply_before_the_count() {
    let m = played();
    let wong = m.json_lines(&["log", "--soldier", "wong"]);
    assert!(wong.len() > 2, "{wong:?}");
    assert_eq!(
        m.json_lines(&["log", "--soldier", "wong", "-n", "2"]),
        wong[wong.len() - 2..]
    );
    let mission = m.json_lines(&["log", "--mission", "1"]);
    let last = m.json_lines(&["log", "--mission", "1", "-n", "1"]);
    assert_eq!(last, mission[mission.len() - 1..]);
    assert_eq!(last[0]["mission"], 1);
    let before_end = num(&mission[mission.len() - 1], "version") - 1;
    let point = before_end.to_string();
    let at = m.json_lines(&["log", "--as-of", &point, "-n", "2", "--reverse"]);
    let every = m.json_lines(&["log", "--as-of", &point]);
    assert!(versions(&at).iter().all(|v| *v <= before_end + 1), "{at:?}");
    assert_eq!(
        versions(&at),
        versions(&every).iter().rev().take(2).copied().collect::<Vec<_>>()
    );
}

#[test]
fn no_pager_is_started_when_standard_output_is_piped() {
    let m = played();
    let marker = m.path("pager-ran");
    let pager = format!("/usr/bin/touch {}", marker.display());
    let ran = Runner::on(&m.db).env("PAGER", &pager).args(["log"]).run();
    assert_eq!(ran.code(), 0, "{}", ran.describe());
    assert_eq!(ran.stdout, m.ok(&["log", "--no-pager"]));
    assert!(ran.stdout.contains("Price suffers 1 Wound"), "{}", ran.stdout);
    assert!(!marker.exists(), "the pager ran though the output was piped");
}

#[test]
fn on_a_terminal_the_log_goes_through_the_pager_unless_no_pager() {
    let m = played();
    let marker = m.path("pager-ran");
    let pager = format!("/usr/bin/touch {}", marker.display());
    let terminal = |args: &[&str]| {
        Runner::on(&m.db)
            .env("PAGER", &pager)
            .args(args)
            .on_a_terminal()
            .run()
    };
    let unpaged = terminal(&["log", "--no-pager"]);
    assert_eq!(unpaged.code(), 0, "{}", unpaged.describe());
    assert!(
        unpaged.stdout.contains("Price suffers 1 Wound"),
        "{}",
        unpaged.stdout
    );
    assert!(!marker.exists(), "--no-pager started the pager");
    // The pager here reads nothing and quits: a closed pager is not an error.
    let paged = terminal(&["log"]);
    assert_eq!(paged.code(), 0, "{}", paged.describe());
    assert!(marker.exists(), "no pager was started on a terminal");
    assert!(
        !paged.stdout.contains("Price suffers 1 Wound"),
        "{}",
        paged.stdout
    );
}

#[test]
fn log_of_a_mission_the_campaign_never_had_is_refused_as_mission_show_refuses_it() {
    let m = played();
    for number in ["99", "0", "2"] {
        let shown = m.refused(&["mission", "show", number], "there is no Mission");
        let logged = m.refused(&["log", "--mission", number], "there is no Mission");
        assert_eq!(
            logged, shown,
            "log --mission {number} says what mission show says"
        );
    }
    let fresh = Muster::new();
    fresh.ok(&["campaign", "new", "Quiet", "--game", "modern"]);
    fresh.refused(&["log", "--mission", "1"], "no Mission has started yet");
}
