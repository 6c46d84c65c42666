//! A Zero Dark campaign told in its own words: heroes, not Soldiers; a hero's state and XP,
//! not Warfighter's numbers; the team, not the squad.

use serde_json::{Value, json};

use crate::support::{Muster, first_version, kinds};
use crate::zero_dark::{mission, ok, refused, words, x_team};

#[test]
fn a_name_no_hero_has_is_refused_naming_the_heroes() {
    let m = x_team();
    let said = refused(&m, "hero-state Ghost dead", "no hero named 'Ghost'");
    assert!(said.contains("heroes here: Kestrel, Vance, Oduya"), "{said}");
    assert!(!said.contains("Soldier"), "{said}");
    let said = m.refused(&["roster", "--soldier", "Ghost"], "no hero named 'Ghost'");
    assert!(!said.contains("Soldier"), "{said}");
}

#[test]
fn now_with_no_mission_names_heroes_to_take() {
    let m = x_team();
    let now = m.ok(&["now"]);
    assert!(now.contains("`muster mission start NAME --with HERO…`"), "{now}");
    assert!(!now.contains("SOLDIER"), "{now}");
}

#[test]
fn diff_says_the_team_s_xp_is_the_team_s() {
    let m = x_team();
    let before = m.head_version().to_string();
    ok(&m, "xp team +2 --why debrief");
    let text = m.ok(&["diff", &before, "now"]);
    assert!(text.contains("team: team_xp 3 -> 5"), "{text}");
    assert!(!text.contains("squad"), "{text}");
    let differences = m.json(&["diff", &before, "now"]);
    assert_eq!(differences[0]["soldier"], Value::Null);
}

#[test]
fn blame_gives_a_hero_the_numbers_of_his_row_alone() {
    let m = x_team();
    ok(&m, "mission start Wake");
    ok(&m, "hero-state Vance wounded 2");
    let blamed = m.json(&["blame", "Vance"]);
    let fields: Vec<&str> = blamed["fields"]
        .as_object()
        .map(|f| f.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(fields, ["state", "xp"]);
    assert_eq!(blamed["fields"]["state"]["value"], "wounded(2)");
    let text = m.ok(&["blame", "Vance"]);
    let headings: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("  ").filter(|l| !l.starts_with(' ')))
        .filter_map(|line| line.split_once(':'))
        .map(|(heading, _)| heading)
        .collect();
    assert_eq!(headings, ["State", "XP"], "{text}");
}

#[test]
fn a_hero_enlists_without_rp_and_is_told_of_by_his_stats() {
    let m = Muster::new();
    ok(&m, "campaign new Nightfall --game zero-dark");
    let line = "enlist Vega --kind hero --stat M=3 --stat F=2 --stat A=4 --stat D=3 --specialism spook";
    let written = m.json(&words(line));
    assert_eq!(kinds(&written), ["soldier_enlisted"]);
    let shown = m.show(first_version(&written));
    assert_eq!(shown["payload"]["card"]["rp"], 0, "as `--rp 0` gives it");
    assert_eq!(shown["summary"], "Vega enlisted (hero, M3 F2 A4 D3, spook)");
    // A specialism one letter from Spook is a typo, refused with the one meant.
    let typo = line.replace("Vega", "Rook").replace("spook", "spok");
    m.refused(&words(&typo), "did you mean 'spook'?");
    // A Warfighter Soldier still gives his card's RP.
    let said = m.usage_error(&["enlist", "Ned", "--kind", "player"]);
    assert!(said.contains("--rp"), "{said}");
}

#[test]
fn the_printed_roster_of_a_team_charts_no_rp_and_names_heroes() {
    let m = x_team();
    let page = m.ok(&["--format", "html", "roster"]);
    assert!(page.contains("so there is no XP to chart."), "{page}");
    assert!(page.contains(r#"aria-label="The team's XP""#), "{page}");
    ok(&m, "mission start Wake");
    ok(&m, "mission end --result success");
    let page = m.ok(&["--format", "html", "roster"]);
    assert!(page.contains("Each hero"), "{page}");
    for warfighter in ["RP", "Soldier"] {
        assert!(!page.contains(warfighter), "{warfighter}: {page}");
    }
}

/// Nightjar: an Observation task failed by a Spook with no XP to lose, so the team loses 1
/// (3 to 2); Vance puts G2 into the dead state and Oduya G3 down; Oduya is captured, and
/// Vance wounded twice before he is dead.
fn nightjar() -> Muster {
    let m = x_team();
    mission(&m, "Nightjar", 3);
    for line in [
        "spook task observation",
        "turn",
        "target G1 --by Kestrel",
        "bogey dead G2 --by Vance",
        "bogey down G3 --by Oduya",
        "hero-state Oduya captured",
        "hero-state Vance wounded 2",
        "hero-state Vance dead",
        "mission end --result failure",
    ] {
        ok(&m, line);
    }
    m
}

#[test]
fn the_chronicle_tells_the_task_s_result_the_heroes_states_and_the_team_s_lost_xp() {
    let m = nightjar();
    let told = &m.json(&["chronicle"])["missions"][0];
    assert_eq!(
        told["task_result"],
        json!({"success": false, "why": "1 distinct bogeys targeted by Kestrel (5 needed)"})
    );
    assert_eq!(
        told["xp"],
        json!([{"soldier": "the team", "gained": 0, "lost": 1}])
    );
    assert_eq!(
        told["casualties"],
        json!([
            {"soldier": "Oduya", "wounds": 0, "downed": false, "kia": false,
             "hero_state": {"state": "captured"}},
            {"soldier": "Vance", "wounds": 2, "downed": false, "kia": true,
             "hero_state": {"state": "dead"}}
        ])
    );
    assert_eq!(told["team_xp"], 2);
}

#[test]
fn the_chronicle_of_a_team_is_told_in_zero_dark_s_words_in_every_format() {
    let m = nightjar();
    for format in ["table", "md", "bbcode", "html"] {
        let told = m.ok(&["--format", format, "chronicle"]);
        for zero_dark in [
            "Observation failed: 1 distinct bogeys targeted by Kestrel (5 needed)",
            "Heroes harmed",
            "captured",
            "Bogeys put down or dead",
            "XP gained and lost",
        ] {
            assert!(told.contains(zero_dark), "{format}: {zero_dark}: {told}");
        }
        for warfighter in ["Soldier", "EKIA", "Downed", "KIA", "Objectives", "RP"] {
            assert!(!told.contains(warfighter), "{format}: {warfighter}: {told}");
        }
    }
}

#[test]
fn the_printed_chronicle_of_a_team_charts_its_xp_not_the_squad_s_rp() {
    let m = nightjar();
    ok(&m, "mission start Kingfisher");
    ok(&m, "mission end --result success");
    let page = m.ok(&["--format", "html", "chronicle"]);
    assert!(page.contains("Team XP: Mission 1: 2, Mission 2: 2"), "{page}");
    assert!(
        page.contains("Heroes harmed: Mission 1: 2, Mission 2: 0"),
        "{page}"
    );
    assert!(!page.contains("RP"), "{page}");
}
