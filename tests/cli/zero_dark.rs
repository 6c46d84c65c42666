//! Horizon Wars: Zero Dark (rule 003): the Spook's priority tasks and their XP over a
//! two-Mission campaign, Buy Time in a Versus mission, persuasion, Dependent Allies, the
//! Assassination Boss, and the commands each game refuses to the other.
//!
//! Commands are written as one line and split on spaces (no name here has a space).

use serde_json::{Value, json};

use crate::support::{Muster, card, first_version, kinds, num};

pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

pub(crate) fn ok(m: &Muster, line: &str) {
    m.ok(&words(line));
}

/// Runs `line` with `--json` and returns the kinds of the events it wrote.
pub(crate) fn wrote(m: &Muster, line: &str) -> Vec<String> {
    kinds(&m.json(&words(line)))
}

pub(crate) fn refused(m: &Muster, line: &str, phrase: &str) -> String {
    m.refused(&words(line), phrase)
}

/// An X Team of three heroes: Kestrel the Spook (M3 F2 A4 D3), Vance (M4 F4 A2 D3) and
/// Oduya (M3 F3 A3 D4), with 3 team XP.
pub(crate) fn x_team() -> Muster {
    let m = Muster::new();
    ok(&m, "campaign new Nightfall --game zero-dark");
    ok(
        &m,
        "enlist Kestrel --kind hero --rp 0 --stat M=3 --stat F=2 --stat A=4 --stat D=3 --specialism spook",
    );
    ok(
        &m,
        "enlist Vance --kind hero --rp 0 --stat M=4 --stat F=4 --stat A=2 --stat D=3",
    );
    ok(
        &m,
        "enlist Oduya --kind hero --rp 0 --stat M=3 --stat F=3 --stat A=3 --stat D=4",
    );
    assert_eq!(wrote(&m, "xp team +3 --why recruited"), ["team_xp_adjusted"]);
    m
}

/// Starts Mission `name` with every hero and places grunts G1..=G`grunts`.
pub(crate) fn mission(m: &Muster, name: &str, grunts: u32) {
    ok(m, &format!("mission start {name}"));
    for n in 1..=grunts {
        assert_eq!(wrote(m, &format!("bogey add G{n} --type grunt")), ["bogey_added"]);
    }
}

/// `mission.zero_dark` of `roster --json`.
pub(crate) fn zd(m: &Muster) -> Value {
    m.roster()["mission"]["zero_dark"].clone()
}

pub(crate) fn xp(m: &Muster, hero: &str) -> u64 {
    num(&m.soldier(hero), "xp")
}

fn team_xp(m: &Muster) -> u64 {
    num(&m.roster(), "team_xp")
}

/// Ends the Mission and returns the kinds written and the task's `why`, read with `show`.
fn end(m: &Muster, result: &str) -> (Vec<String>, Value) {
    let written = m.json(&["mission", "end", "--result", result]);
    let resolved = m.show(first_version(&written));
    assert_eq!(resolved["kind"], "priority_task_resolved");
    (kinds(&written), resolved["payload"].clone())
}

#[test]
fn two_missions_settle_the_spooks_task_as_the_rule_counts() {
    let m = x_team();
    // Mission 1, Observation: G1..G5 by the Spook (G1 twice), G6 only by Vance.
    mission(&m, "Nightjar", 6);
    assert_eq!(wrote(&m, "spook task observation"), ["priority_task_chosen"]);
    let kestrel = m.soldier("Kestrel");
    assert_eq!(kestrel["mission_upgrades"], json!(["Dotlight"]));
    assert_eq!(
        kestrel["mission_stats"], kestrel["stats"],
        "Observation gives no stat"
    );
    assert_eq!(m.soldier("Vance")["mission_upgrades"], json!([]));
    for bogey in ["G1", "G2", "G3", "G4", "G5", "G1"] {
        assert_eq!(
            wrote(&m, &format!("target {bogey} --by Kestrel")),
            ["bogey_targeted"]
        );
    }
    ok(&m, "target G6 --by Vance");
    assert_eq!(zd(&m)["targeted"].as_array().unwrap().len(), 7);
    let (written, resolved) = end(&m, "success");
    assert_eq!(
        written,
        ["priority_task_resolved", "xp_adjusted", "mission_ended"]
    );
    assert_eq!(resolved["success"], true);
    assert_eq!(
        resolved["why"],
        "5 distinct bogeys targeted by Kestrel (5 needed)"
    );
    assert_eq!((xp(&m, "Kestrel"), xp(&m, "Vance"), team_xp(&m)), (5, 0, 3));
    assert_eq!(
        m.soldier("Kestrel")["mission_upgrades"],
        json!([]),
        "Dotlight lasts one Mission"
    );

    // Mission 2, Observation again: four by the Spook (G1 twice), the fifth by Oduya.
    mission(&m, "Kingfisher", 5);
    ok(&m, "spook task observation");
    refused(&m, "spook task rescue", "only one task may be selected");
    for bogey in ["G1", "G2", "G3", "G4", "G1"] {
        ok(&m, &format!("target {bogey} --by Kestrel"));
    }
    ok(&m, "target G5 --by Oduya");
    let (written, resolved) = end(&m, "failure");
    assert_eq!(
        written,
        ["priority_task_resolved", "xp_adjusted", "mission_ended"]
    );
    assert_eq!(resolved["success"], false);
    assert_eq!(
        resolved["why"],
        "4 distinct bogeys targeted by Kestrel (5 needed)"
    );
    // The Spook had XP to lose: 5 - 1, and the team keeps its 3.
    assert_eq!((xp(&m, "Kestrel"), team_xp(&m)), (4, 3));
    assert_eq!(m.soldier("Kestrel")["missions"], json!([1, 2]));
}

#[test]
fn a_failed_task_comes_off_the_team_when_the_spook_has_no_xp() {
    let m = x_team();
    mission(&m, "Magpie", 2);
    ok(&m, "spook task acquisition");
    let kestrel = m.soldier("Kestrel");
    assert_eq!(kestrel["mission_stats"], json!({"m": 4, "f": 2, "a": 4, "d": 3}));
    assert_eq!(zd(&m)["task"], "acquisition");
    assert_eq!(wrote(&m, "spook dead-drop"), ["dead_drop_interacted"]);
    assert_eq!(zd(&m)["dead_drop"], true);
    // The intelligence is not secured: the Spook is lost at the end.
    assert_eq!(wrote(&m, "hero-state Kestrel lost"), ["hero_state_set"]);
    assert_eq!(m.soldier("Kestrel")["state"], json!({"state": "lost"}));
    let (written, resolved) = end(&m, "failure");
    assert_eq!(
        written,
        ["priority_task_resolved", "team_xp_adjusted", "mission_ended"]
    );
    assert_eq!(resolved["why"], "Kestrel is lost at the end");
    assert_eq!((xp(&m, "Kestrel"), team_xp(&m)), (0, 2));
}

#[test]
fn buying_time_in_a_versus_mission_sets_aside_both_spooks_d() {
    let m = x_team();
    mission(&m, "Duel", 1);
    refused(&m, "spook buy-time --versus --opponent-buys", "--opponent-d");
    assert_eq!(
        wrote(&m, "spook buy-time --versus --opponent-buys --opponent-d 4"),
        ["buy_time_declared"]
    );
    // Kestrel's D 3 and the other Spook's D 4.
    assert_eq!(zd(&m)["bought_time"], 7);
    refused(&m, "spook buy-time", "already bought time");
    assert_eq!(wrote(&m, "mission end --result success"), ["mission_ended"]);

    // The other side keeps its hand: only Kestrel's D.
    mission(&m, "Rematch", 1);
    ok(&m, "spook buy-time --versus --opponent-d 5");
    assert_eq!(zd(&m)["bought_time"], 3);
    ok(&m, "mission end --result success");

    // Both are chosen at the start of a Mission, before its first turn.
    mission(&m, "Decider", 1);
    ok(&m, "turn");
    refused(&m, "spook buy-time", "before its first turn");
    refused(&m, "spook task observation", "before its first turn");
    assert_eq!(zd(&m)["bought_time"], Value::Null);
}

#[test]
fn persuasion_won_won_by_a_hero_who_died_and_lost() {
    let m = x_team();
    mission(&m, "Parley", 3);
    ok(&m, "bogey add Unit7 --type elite --synthetic");
    refused(
        &m,
        "persuade Kestrel Unit7 --hero 3 --bogey 0",
        "synthetic bogeys cannot be persuaded",
    );

    // Won: G1 becomes Vance's Ally, and the bogey's success still wounds him.
    assert_eq!(
        wrote(&m, "persuade Vance G1 --hero 3 --bogey 1"),
        ["persuasion_tested", "hero_state_set"]
    );
    let vance = m.soldier("Vance");
    assert_eq!(
        vance["allies"],
        json!([{"name": "G1", "dependent": false, "dead": false, "mission": 1}])
    );
    assert_eq!(vance["state"], json!({"state": "wounded", "n": 1}));
    refused(&m, "target G1 --by Kestrel", "no longer a bogey in play");

    // Won by a hero who died: the Ally goes to the nearest hero who isn't dead.
    refused(
        &m,
        "persuade Oduya G2 --hero 4 --bogey 2 --hero-died --ally-to Oduya",
        "cannot take the Ally",
    );
    ok(
        &m,
        "persuade Oduya G2 --hero 4 --bogey 2 --hero-died --ally-to Kestrel",
    );
    let oduya = m.soldier("Oduya");
    assert_eq!(
        (oduya["state"].clone(), oduya["allies"].clone()),
        (json!({"state": "dead"}), json!([]))
    );
    assert_eq!(
        m.soldier("Kestrel")["allies"],
        json!([{"name": "G2", "dependent": false, "dead": false, "mission": 1}])
    );
    refused(
        &m,
        "persuade Oduya G3 --hero 5 --bogey 0",
        "is dead and cannot act",
    );

    // Lost: no Ally, and Vance's wounds add up.
    ok(&m, "persuade Vance G3 --hero 1 --bogey 2");
    let vance = m.soldier("Vance");
    assert_eq!(vance["allies"].as_array().unwrap().len(), 1);
    assert_eq!(vance["state"], json!({"state": "wounded", "n": 3}));
    assert_eq!(zd(&m)["persuaded"], json!([["G1", "Vance"], ["G2", "Oduya"]]));
    assert_eq!(
        wrote(&m, "target G3 --by Kestrel"),
        ["bogey_targeted"],
        "G3 is still a bogey"
    );
}

#[test]
fn a_dependent_ally_that_strays_is_dead() {
    let m = x_team();
    mission(&m, "Escort", 1);
    ok(&m, "persuade Vance G1 --hero 2 --bogey 0");
    refused(&m, "ally strayed Vance G1", "is not Dependent");
    assert_eq!(wrote(&m, "ally dependent Vance G1"), ["ally_made_dependent"]);
    assert_eq!(wrote(&m, "ally strayed Vance G1"), ["ally_died"]);
    assert_eq!(
        m.soldier("Vance")["allies"],
        json!([{"name": "G1", "dependent": true, "dead": true, "mission": 1}])
    );
    refused(&m, "ally strayed Vance G1", "no living Ally");
}

#[test]
fn the_assassination_boss_is_only_down_until_the_spook_verifies() {
    let m = x_team();
    mission(&m, "Checkmate", 1);
    ok(&m, "bogey add Colonel --type boss");
    ok(&m, "spook task assassination");
    assert_eq!(zd(&m)["task_target"], "Colonel");
    assert_eq!(num(&m.soldier("Kestrel")["mission_stats"], "d"), 4);

    // Any other bogey dies at once.
    assert_eq!(wrote(&m, "bogey dead G1 --by Vance"), ["bogey_killed"]);
    // The Boss placed into the dead state is only down ...
    assert_eq!(wrote(&m, "bogey dead Colonel --by Vance"), ["bogey_downed"]);
    let z = zd(&m);
    assert_eq!(z["down"], json!(["Colonel"]));
    assert_eq!(z["dead"], json!([["G1", "Vance"]]));
    refused(&m, "bogey dead Colonel --by Vance", "only the Spook");
    // ... until the Spook's verifying action.
    assert_eq!(wrote(&m, "bogey dead Colonel --by Kestrel"), ["bogey_killed"]);
    assert_eq!(zd(&m)["dead"], json!([["G1", "Vance"], ["Colonel", "Kestrel"]]));
    let (written, resolved) = end(&m, "success");
    assert_eq!(
        written,
        ["priority_task_resolved", "xp_adjusted", "mission_ended"]
    );
    assert_eq!(resolved["why"], "Kestrel verified the death of Colonel");
    assert_eq!(xp(&m, "Kestrel"), 5);
    // The Mission's summary tells its Red Force and task, and no RP, which Zero Dark keeps none of.
    let shown = m.ok(&["mission", "show", "1"]);
    assert!(
        shown.contains("Heroes           Kestrel, Vance, Oduya"),
        "{shown}"
    );
    assert!(
        shown.contains("G1 (dead, by Vance); Colonel (dead, by Kestrel)"),
        "{shown}"
    );
    assert!(!shown.contains("RP"), "{shown}");
    // The Colonel put down (by Vance) and then made dead is one bogey out: one EKIA.
    let chronicle = m.json(&["chronicle"]);
    let counted: Vec<(String, u64)> = chronicle["missions"][0]["ekia"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|e| {
                    (
                        e["soldier"].as_str().unwrap_or_default().to_owned(),
                        num(e, "count"),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(counted, [("Vance".to_owned(), 2)]);
}

#[test]
fn rescue_gives_plus_one_a_and_two_more_xp_when_the_agent_is_extracted() {
    let m = x_team();
    mission(&m, "Pigeon", 2);
    ok(&m, "bogey add Viper --type elite --nemesis");
    ok(&m, "bogey add Marlow --type elite --named");
    // Nemesis and named bogeys are never the agent: a d2 between G1 and G2.
    let chosen = m.json(&["spook", "task", "rescue", "--die", "2"]);
    let roll = &m.show(first_version(&chosen))["payload"]["roll"];
    assert_eq!(
        (roll["die"].clone(), roll["faces"].clone()),
        (json!("d2"), json!([2]))
    );
    assert_eq!(zd(&m)["task_target"], "G2");
    let kestrel = m.soldier("Kestrel");
    assert_eq!(kestrel["mission_stats"], json!({"m": 3, "f": 2, "a": 5, "d": 3}));
    assert_eq!(kestrel["stats"], json!({"m": 3, "f": 2, "a": 4, "d": 3}));
    assert_eq!(kestrel["mission_upgrades"], json!([]));

    ok(&m, "persuade Kestrel G2 --hero 3 --bogey 0");
    assert_eq!(wrote(&m, "spook extracted"), ["rescue_extracted"]);
    assert_eq!(zd(&m)["extracted"], true);
    let (written, _) = end(&m, "success");
    assert_eq!(
        written,
        [
            "priority_task_resolved",
            "xp_adjusted",
            "xp_adjusted",
            "mission_ended"
        ]
    );
    assert_eq!((xp(&m, "Kestrel"), team_xp(&m)), (7, 3));
    assert_eq!(
        m.soldier("Kestrel")["mission_stats"],
        kestrel["stats"],
        "+1 A lasts one Mission"
    );
}

#[test]
fn warfighter_commands_are_refused_in_a_zero_dark_campaign() {
    let m = x_team();
    mission(&m, "Ledger", 1);
    let deck = card("medals-canada.json");
    let encounter = card("buried-explosive.json");
    let lines = [
        "wound Kestrel",
        "suppress Kestrel 2",
        "heal Kestrel",
        "kill Kestrel",
        "hardy Kestrel cold +1 --why frost",
        "ekia Kestrel --hostile Rifleman --value 2",
        "rp grant 3 --why loot",
        "medal award Kestrel MM --rp 2 --why valour",
        "check Kestrel medic --die 5",
        "environ Kestrel cold 6 --die 4",
        "objective activate 1",
        &format!("k9 draw {encounter}"),
        &format!("medal deck {deck}"),
    ];
    for line in lines {
        let stderr = refused(&m, line, "this is a Horizon Wars: Zero Dark campaign");
        assert!(stderr.contains("Warfighter"), "{line}: {stderr}");
    }
}

#[test]
fn zero_dark_commands_are_refused_in_a_warfighter_campaign() {
    let m = Muster::lodestar();
    ok(&m, "mission start Recon --with Reyes");
    let lines = [
        "hero-state Reyes wounded 2",
        "bogey add G1 --type grunt",
        "target G1 --by Reyes",
        "spook task observation",
        "persuade Reyes G1 --hero 3 --bogey 1",
    ];
    for line in lines {
        refused(
            &m,
            line,
            "belong to Horizon Wars: Zero Dark, and this is a modern campaign",
        );
    }
}

/// A dead hero cannot persuade; no more can he place a bogey into the targeted state (and
/// so count toward an Observation task).
#[test]
fn a_dead_hero_can_neither_persuade_nor_target_a_bogey() {
    let m = x_team();
    mission(&m, "Wake", 1);
    ok(&m, "hero-state Vance dead");
    refused(&m, "persuade Vance G1 --hero 3 --bogey 0", "is dead");
    refused(&m, "target G1 --by Vance", "dead");
}
