//! The chronicle of the README's tour: every number of each Mission's report as worked out
//! by hand from the tour's lines and prose, in both games.

use serde_json::json;

use super::*;

fn chronicle(db: &Path, campaign: &str) -> Value {
    json(db, &["--campaign", campaign, "chronicle"])
}

/// The fields of a report that the tour decides (not its times).
fn played(report: &Value) -> Value {
    let mut report = report.clone();
    if let Some(fields) = report.as_object_mut() {
        fields.remove("started_at");
        fields.remove("ended_at");
        fields.remove("zero_dark");
    }
    report
}

fn no_objectives() -> Value {
    json!({"placed": null, "completed": 0, "k9": null, "k9_resolved": false})
}

#[test]
fn lodestar_s_chronicle_is_the_tour_worked_out_by_hand() {
    let tour = Tour::played();
    let c = chronicle(&tour.db, "Operation Lodestar");
    assert_eq!(
        (&c["campaign"], &c["game"]),
        (&json!("Operation Lodestar"), &json!("modern"))
    );
    let missions = c["missions"].as_array().unwrap();
    assert_eq!(missions.len(), 3);
    // Mission 1: the Encounter's two rolls succeed (4 + a Discipline, then 6 with discards),
    // Reyes's EKIA of a Rifle Team (2 XP), Wong's Wound healed by Reyes's medic check (5 + 1
    // against 6+), the K9 Objective resolves it. Squad RP: Wong 8 + Gizmo 4 + Reyes 6 +
    // Kowalski 3; those who went, all back: 18. The 4 RP granted come after its end, so its bank is 0.
    assert_eq!(
        played(&missions[0]),
        json!({
            "number": 1, "name": "Cold Start", "result": "success", "turns": 1,
            "soldiers": ["Wong", "Gizmo", "Reyes"], "environments": [],
            "objectives": {"placed": null, "completed": 0, "k9": "Find the cache", "k9_resolved": true},
            "casualties": [{"soldier": "Wong", "wounds": 1, "downed": false, "kia": false, "hero_state": null}],
            "ekia": [{"soldier": "Reyes", "count": 1, "xp": 2}],
            "checks": [{"soldier": "Reyes", "ability": "medic", "successes": 1, "failures": 0}],
            "k9_encounters": [{"card": "Buried Explosive", "k9": "Gizmo", "handler": "Wong", "end": "reward"}],
            "medals": [], "xp": [{"soldier": "Reyes", "gained": 2, "lost": 0}],
            "rp_award": 0, "rp_bank": 0, "squad_rp": 21, "start_rp": 18, "surviving_rp": 18,
            "team_xp": 0, "task_result": null, "notes": [], "disputes": []
        })
    );
    // Mission 2: the Wound given to Kowalski at v26 is voided (v27) and given to Reyes, who
    // is Downed, losing the sticker of the Bronze Star (2 RP) he was awarded; the dispute is
    // told, the voided Wound is not. Those who went: Wong 8 + Reyes 6 + Kowalski 3. Reyes
    // takes the Sniper's 3 XP. No one was Killed, so the computed award is 0; the bank holds
    // the 4 granted after Mission 1.
    assert_eq!(
        played(&missions[1]),
        json!({
            "number": 2, "name": "Hill 112", "result": "failure", "turns": 1,
            "soldiers": ["Wong", "Reyes", "Kowalski"], "environments": [],
            "objectives": no_objectives(),
            "casualties": [{"soldier": "Reyes", "wounds": 2, "downed": true, "kia": false, "hero_state": null}],
            "ekia": [{"soldier": "Reyes", "count": 1, "xp": 3}], "checks": [], "k9_encounters": [],
            "medals": [
                {"medal": "Bronze Star", "what": "awarded", "soldier": "Reyes"},
                {"medal": "Bronze Star", "what": "removed (downed)", "soldier": "Reyes"}
            ],
            "xp": [{"soldier": "Reyes", "gained": 3, "lost": 0}],
            "rp_award": 0, "rp_bank": 4, "squad_rp": 21, "start_rp": 17, "surviving_rp": 17,
            "team_xp": 0, "task_result": null, "notes": [],
            "disputes": [{"version": 27, "voided": 26, "why": "the Wounds were Reyes's"}]
        })
    );
    // Mission 3: the second roll (2) fails and the Failure is accepted: Wong and Gizmo take a
    // Wound each. Wong's Machine Gun gives 3 XP (the 2 he pays are not a gain); the award of
    // 5 brings the bank to 9. Those who went: Wong 8 + Gizmo 4 + Kowalski 3.
    assert_eq!(
        played(&missions[2]),
        json!({
            "number": 3, "name": "Last Light", "result": "success", "turns": 1,
            "soldiers": ["Wong", "Gizmo", "Kowalski"], "environments": [],
            "objectives": {"placed": null, "completed": 0, "k9": "Clear the tunnel", "k9_resolved": false},
            "casualties": [
                {"soldier": "Wong", "wounds": 1, "downed": false, "kia": false, "hero_state": null},
                {"soldier": "Gizmo", "wounds": 1, "downed": false, "kia": false, "hero_state": null}
            ],
            "ekia": [{"soldier": "Wong", "count": 1, "xp": 3}], "checks": [],
            "k9_encounters": [{"card": "Buried Explosive", "k9": "Gizmo", "handler": "Wong", "end": "failure"}],
            "medals": [], "xp": [{"soldier": "Wong", "gained": 3, "lost": 0}],
            "rp_award": 5, "rp_bank": 9, "squad_rp": 21, "start_rp": 15, "surviving_rp": 15,
            "team_xp": 0, "task_result": null, "notes": [], "disputes": []
        })
    );
    let stats = &c["statistics"];
    assert_eq!(
        stats["ekia"],
        json!([{"soldier": "Reyes", "count": 2, "xp": 5}, {"soldier": "Wong", "count": 1, "xp": 3}])
    );
    assert_eq!(
        stats["k9"],
        json!({"encounters": 2, "rewards": 1, "discarded": 0, "failures": 1, "major_failures": 0,
               "rolls": 4, "rolls_succeeded": 3})
    );
    // Every die of the tour is typed in: 4, 6, 5 (the medic check), 4, 2.
    assert_eq!(
        stats["faces"]["entered"]["counts"],
        json!([0, 1, 0, 2, 1, 1, 0, 0, 0, 0])
    );
    assert_eq!(stats["faces"]["entered"]["rolls"], 5);
    assert_eq!(stats["faces"]["generated"]["rolls"], 0);
    assert!(
        stats["faces"]["entered"]["warning"].is_string(),
        "five rolls say nothing"
    );
}

#[test]
fn winter_storm_and_juno_beach_chronicle_environments_objectives_and_medals() {
    let tour = Tour::played();
    let winter = chronicle(&tour.db, "Winter Storm");
    let frozen = &winter["missions"][0];
    assert_eq!(frozen["turns"], 2);
    assert_eq!(frozen["environments"], json!(["cold 6+", "fever 4+"]));
    assert_eq!(
        frozen["objectives"],
        json!({"placed": 2, "completed": 2, "k9": null, "k9_resolved": false})
    );
    // Petrov 3 and Orlov 7 - 2 (Fire) fail the cold 6+; Ivanova is Enduring, no roll;
    // Petrov's 2 fails the Stream's fever 4+ and he takes the Wound.
    assert_eq!(
        frozen["checks"],
        json!([
            {"soldier": "Petrov", "ability": "cold Environment", "successes": 0, "failures": 1},
            {"soldier": "Orlov", "ability": "cold Environment", "successes": 0, "failures": 1},
            {"soldier": "Petrov", "ability": "fever Environment", "successes": 0, "failures": 1}
        ])
    );
    assert_eq!(
        frozen["casualties"],
        json!([{"soldier": "Petrov", "wounds": 1, "downed": false, "kia": false, "hero_state": null}])
    );
    assert_eq!((&frozen["rp_award"], &frozen["rp_bank"]), (&json!(3), &json!(3)));
    assert_eq!(
        winter["statistics"]["faces"]["entered"]["counts"],
        json!([0, 1, 1, 0, 0, 0, 1, 0, 0, 0])
    );

    let juno = chronicle(&tour.db, "Juno Beach");
    let m = juno["missions"].as_array().unwrap();
    assert_eq!(
        m[0]["medals"],
        json!([
            {"medal": "Military Cross", "what": "drawn", "soldier": null},
            {"medal": "Military Medal", "what": "drawn", "soldier": null},
            {"medal": "Military Medal", "what": "earned", "soldier": "Boucher"},
            {"medal": "Military Cross", "what": "earned", "soldier": "Hale"}
        ])
    );
    assert_eq!(m[0]["ekia"], json!([{"soldier": "Boucher", "count": 2, "xp": 4}]));
    assert_eq!(
        m[1]["casualties"],
        json!([
            {"soldier": "Singh", "wounds": 1, "downed": false, "kia": false, "hero_state": null},
            {"soldier": "Boucher", "wounds": 0, "downed": false, "kia": true, "hero_state": null}
        ])
    );
    assert_eq!(
        m[2]["casualties"],
        json!([{"soldier": "Hale", "wounds": 0, "downed": true, "kia": false, "hero_state": null}])
    );
    // Authie's award of 4 on the 10 Hill 67's losses brought (`mission show 2`).
    assert_eq!((&m[1]["rp_award"], &m[2]["rp_bank"]), (&json!(10), &json!(14)));
}

#[test]
fn night_shift_s_chronicle_is_the_zero_dark_tour_worked_out_by_hand() {
    let tour = Tour::played();
    let c = chronicle(&tour.db, "Night Shift");
    assert_eq!(c["game"], "zero_dark");
    // The tour's note names Mission 2, written after it ended: it is told there.
    let (code, log, stderr) = muster(&tour.db, &["--campaign", "Night Shift", "log", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let note = log
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|row| row["kind"] == "note_written")
        .map(|row| row["version"].clone())
        .expect("the tour writes a note on Night Shift");
    let m = c["missions"].as_array().unwrap();
    // Dead Letter: Vega's 1 success to the Courier's 2 wound him twice; Rescue fails with no
    // XP of his, so the team's XP goes 2 → 1.
    assert_eq!(
        played(&m[0]),
        json!({
            "number": 1, "name": "Dead Letter", "result": "failure", "turns": 1,
            "soldiers": ["Vega", "Kato"], "environments": [], "objectives": no_objectives(),
            "casualties": [{
                "soldier": "Vega", "wounds": 2, "downed": false, "kia": false,
                "hero_state": {"state": "wounded", "n": 2}
            }],
            "ekia": [],
            "checks": [{"soldier": "Vega", "ability": "persuasion", "successes": 0, "failures": 1}],
            "k9_encounters": [], "medals": [], "xp": [{"soldier": "the team", "gained": 0, "lost": 1}],
            "rp_award": null, "rp_bank": 0, "squad_rp": 0, "start_rp": 0, "surviving_rp": 0,
            "team_xp": 1, "notes": [], "disputes": [],
            "task_result": {"success": false, "why": "Courier was not persuaded by Vega"}
        })
    );
    assert_eq!(m[0]["zero_dark"]["task"], "rescue");
    assert_eq!(m[0]["zero_dark"]["task_target"], "Courier");
    // Catch the Pigeon: Vega targets five distinct bogeys, +5 XP; Kato persuades the Sentry
    // (3 to 1) and takes its one success as a Wound.
    assert_eq!(
        played(&m[1]),
        json!({
            "number": 2, "name": "Catch the Pigeon", "result": "success", "turns": 1,
            "soldiers": ["Vega", "Kato"], "environments": [], "objectives": no_objectives(),
            "casualties": [{
                "soldier": "Kato", "wounds": 1, "downed": false, "kia": false,
                "hero_state": {"state": "wounded", "n": 1}
            }],
            "ekia": [],
            "checks": [{"soldier": "Kato", "ability": "persuasion", "successes": 1, "failures": 0}],
            "k9_encounters": [], "medals": [], "xp": [{"soldier": "Vega", "gained": 5, "lost": 0}],
            "rp_award": null, "rp_bank": 0, "squad_rp": 0, "start_rp": 0, "surviving_rp": 0,
            "team_xp": 1, "disputes": [], "task_result": {"success": true, "why": "5 distinct bogeys targeted by Vega (5 needed)"},
            "notes": [{"version": note, "soldier": null, "text": "The Sentry's loyalty lasted one activation"}]
        })
    );
    assert_eq!(m[1]["zero_dark"]["persuaded"], json!([["Sentry", "Kato"]]));
    assert_eq!(m[1]["zero_dark"]["bogeys"].as_array().map(Vec::len), Some(7));
}

#[test]
fn the_readme_shows_lodestar_s_mission_2_as_the_chronicle_prints_it() {
    let tour = Tour::played();
    let (code, printed, stderr) = muster(&tour.db, &["--campaign", "Operation Lodestar", "chronicle"]);
    assert_eq!(code, 0, "{stderr}");
    let at = README
        .find("And its Mission 2 in the chronicle")
        .expect("the README shows Mission 2's report");
    let block = README[at..].split("```").nth(1).expect("in a block");
    // When it was played is the tour's own time; every other line is the README's.
    let timeless = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.trim_end().to_owned())
            .filter(|l| !l.is_empty() && !l.starts_with("Played from"))
            .collect()
    };
    let shown = timeless(block);
    assert!(shown.len() > 10, "{shown:?}");
    let section: String = printed
        .split("\nMission 3:")
        .next()
        .and_then(|before| before.split("\nMission 2:").nth(1))
        .map(|s| format!("Mission 2:{s}"))
        .expect("the chronicle has Mission 2 and 3");
    assert_eq!(timeless(&section), shown);
}
