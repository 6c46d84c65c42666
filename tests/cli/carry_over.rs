//! `muster carry-over`: a campaign half played on paper brought over in three commands, then
//! played on; the sheet carried once, before play here; paper Missions refused by number.

use serde_json::{Value, json};

use crate::support::{Muster, first_version, soldier_in};

/// A Modern campaign with Reyes and Wong enlisted from their cards, the squad's sheet (4
/// Missions on paper, 9 RP banked) and Reyes's (7 XP, 1 Wound, Hardy cold 2, a Bronze Star
/// of 2 RP, 3 Missions) carried over. Gives the version of Reyes's carry-over.
fn carried() -> (Muster, u64) {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Paper Trail",
        "--game",
        "modern",
        "--expansion",
        "medals",
    ]);
    m.ok(&[
        "enlist", "Reyes", "--kind", "player", "--rp", "6", "--health", "3",
    ]);
    m.ok(&[
        "enlist", "Wong", "--kind", "player", "--rp", "8", "--health", "3", "--hardy", "cold=1",
    ]);
    m.ok(&[
        "carry-over",
        "--squad",
        "--rp-bank",
        "9",
        "--missions",
        "4",
        "--why",
        "the squad's sheet",
    ]);
    let reyes = m.json(&[
        "carry-over",
        "Reyes",
        "--xp",
        "7",
        "--wounds",
        "1",
        "--hardy",
        "cold=2",
        "--medal",
        "Bronze Star=2",
        "--missions",
        "3",
        "--why",
        "Reyes's sheet of 12 May",
    ]);
    (m, first_version(&reyes))
}

#[test]
fn a_sheet_carried_over_then_a_mission_gives_the_sheet_plus_the_mission() {
    let (m, version) = carried();
    // The paper sheet's numbers hold, and verify checks them against the log.
    m.ok(&[
        "assert",
        "Reyes",
        "xp=7",
        "wounds=1",
        "hardy.cold=2",
        "medals=1",
        "medal_rp=2",
    ]);
    let started = m.json(&["mission", "start", "Fifth", "--with", "Reyes", "--with", "Wong"]);
    assert_eq!(
        started["written"][0]["summary"],
        "Mission 5 'Fifth' started with Reyes, Wong"
    );
    m.ok(&["turn"]);
    m.ok(&["ekia", "Reyes", "--hostile", "Rifle Team", "--value", "2"]);
    m.ok(&["wound", "Reyes"]);
    m.ok(&[
        "mission",
        "end",
        "--result",
        "success",
        "--rp-award",
        "3",
        "--why",
        "taken",
    ]);
    let roster = m.roster();
    let reyes = soldier_in(&roster, "Reyes");
    assert_eq!(
        (
            &reyes["xp"],
            &reyes["wounds"],
            &reyes["hardy"],
            &reyes["paper_missions"],
            &reyes["missions"]
        ),
        (&json!(9), &json!(2), &json!({"cold": 2}), &json!(3), &json!([5]))
    );
    assert_eq!(reyes["medals"], json!([{"name": "Bronze Star", "rp": 2}]));
    let wong = soldier_in(&roster, "Wong");
    assert_eq!(
        (&wong["xp"], &wong["hardy"], wong.get("paper_missions")),
        (&json!(0), &json!({"cold": 1}), None)
    );
    assert_eq!(roster["squad"]["rp_bank"], 12, "9 carried over and 3 awarded");
    let table = m.ok(&["roster"]);
    assert!(table.contains("3 on paper, 5"), "{table}");

    // Show and blame name the sheet as carried over; verify decides it again.
    let shown = m.show(version);
    assert_eq!(shown["kind"], "soldier_carried_over");
    assert!(
        shown["summary"]
            .as_str()
            .is_some_and(|s| s.starts_with("Reyes carried over from paper"))
    );
    assert!(m.ok(&["blame", "Reyes"]).contains("carried over from paper"));
    let (code, stdout, stderr) = m.run(&["--json", "verify"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["ok"], true);

    // The chronicle starts at Mission 5 and says the others were played on paper.
    let told = m.json(&["chronicle"]);
    assert_eq!(told["paper_missions"], 4);
    assert_eq!(told["missions"][0]["number"], 5);
    assert!(
        m.ok(&["chronicle"])
            .contains("Missions 1 to 4 were played on paper")
    );
}

#[test]
fn play_recorded_here_is_never_rewritten_as_paper() {
    let (m, _) = carried();
    m.refused(
        &["carry-over", "Reyes", "--xp", "1", "--why", "again"],
        "carried over already",
    );
    m.ok(&["mission", "start", "Fifth", "--with", "Wong"]);
    m.refused(
        &["carry-over", "Wong", "--xp", "5", "--why", "late"],
        "went on Mission 5",
    );
    m.refused(
        &["carry-over", "--squad", "--rp-bank", "1", "--why", "again"],
        "carried over already",
    );
    let fresh = Muster::new();
    fresh.ok(&["campaign", "new", "Fresh", "--game", "wwii"]);
    fresh.ok(&["enlist", "Petrov", "--kind", "player", "--rp", "7"]);
    fresh.ok(&["mission", "start", "First"]);
    fresh.refused(
        &["carry-over", "--squad", "--rp-bank", "1", "--why", "late"],
        "Mission 1 is recorded",
    );
    for args in [
        &["mission", "show", "2"][..],
        &["log", "--mission", "3"],
        &["roster", "--as-of", "mission:4"],
        &["chronicle", "--mission", "1"],
        &["note", "x", "--mission", "2"],
    ] {
        let (code, _, stderr) = m.run(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(stderr.contains("was played on paper"), "{args:?}: {stderr}");
    }
}

#[test]
fn carry_over_s_arguments_are_checked_before_the_rules() {
    let (m, _) = carried();
    m.usage_error(&["carry-over", "--squad", "Wong", "--why", "x"]);
    m.usage_error(&["carry-over", "Wong", "--rp-bank", "3", "--why", "x"]);
    m.usage_error(&["carry-over", "--why", "x"]);
    m.usage_error(&["carry-over", "Wong", "--xp", "5"]);
    m.refused(
        &["carry-over", "Wong", "--medal", "Bronze Star", "--why", "x"],
        "NAME=RP",
    );
    m.refused(&["carry-over", "Wong", "--xp", "-2", "--why", "x"], "0 or more");
    m.refused(&["carry-over", "Wong", "--why", "x"], "name at least one number");
    m.refused(
        &["carry-over", "Wong", "--missions", "9", "--why", "x"],
        "the squad played 4",
    );
}

#[test]
fn the_readme_brings_a_sheet_over_in_three_commands() {
    let lines = crate::common::readme::block_lines(include_str!("../../README.md"), "paper");
    assert_eq!(lines.len(), 3, "three commands");
    let m = Muster::new();
    m.ok(&["campaign", "new", "From Paper", "--game", "modern"]);
    for line in &lines {
        let args: Vec<&str> = line.args.iter().map(String::as_str).collect();
        m.ok(&args);
    }
    let roster = m.roster();
    let reyes = soldier_in(&roster, "Reyes");
    assert_eq!(
        (&reyes["xp"], &reyes["wounds"], &reyes["paper_missions"]),
        (&json!(7), &json!(1), &json!(3))
    );
    assert_eq!(roster["squad"]["rp_bank"], 9);
    let started = m.json(&["mission", "start", "Fifth", "--with", "Reyes"]);
    assert_eq!(
        started["written"][0]["summary"],
        "Mission 5 'Fifth' started with Reyes"
    );
}
