//! `roster` (the JSON contract and `--as-of`), `log` and `show`.

use serde_json::Value;

use crate::support::{LODESTAR, Muster, first_version, kinds, num, soldier_in, versions_written};

/// Lodestar plus one Mission, and the version of each event it wrote.
struct OneMission {
    m: Muster,
    /// Mission 1 started with Wong, Gizmo and Reyes.
    start: u64,
    /// Gizmo's Discipline set at turn 1.
    discipline: u64,
    /// Reyes suffers a Suppress.
    suppress: u64,
    /// Wong suffers a Wound.
    wound: u64,
    /// Mission 1 ends ...
    end: u64,
    /// ... and, in the same command, Reyes's Suppress is cleared.
    cleared: u64,
    /// Price suffers a Wound between Missions: the head.
    price_wound: u64,
}

fn one_mission() -> OneMission {
    let m = Muster::lodestar();
    let start = m.json(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--with",
        "Reyes",
        "--k9-objective",
        "Find the cache",
    ]);
    let turn = m.json(&["turn"]);
    assert_eq!(kinds(&turn), ["turn_started", "discipline_reset"]);
    let suppress = m.json(&["suppress", "Reyes"]);
    let wound = m.json(&["wound", "Wong"]);
    let end = m.json(&["mission", "end", "--result", "success"]);
    assert_eq!(kinds(&end), ["mission_ended", "suppress_cleared"]);
    let price_wound = m.json(&["wound", "Price"]);
    OneMission {
        start: first_version(&start),
        discipline: versions_written(&turn)[1],
        suppress: first_version(&suppress),
        wound: first_version(&wound),
        end: versions_written(&end)[0],
        cleared: versions_written(&end)[1],
        price_wound: first_version(&price_wound),
        m,
    }
}

fn versions(entries: &[Value]) -> Vec<u64> {
    entries.iter().map(|e| num(e, "version")).collect()
}

#[test]
fn roster_json_has_the_contract_fields() {
    let m = Muster::lodestar();
    let medal = m.json(&[
        "medal",
        "award",
        "Wong",
        "Military Medal",
        "--rp",
        "2",
        "--why",
        "x",
    ]);
    let roster = m.roster();
    assert_eq!(roster["campaign"], LODESTAR);
    assert_eq!(roster["game"], "modern");
    assert_eq!(num(&roster["as_of"], "version"), first_version(&medal));
    assert_eq!(roster["as_of"]["recorded_at"], "2026-11-29T21:00:00Z");
    assert_eq!(roster["head"], medal["head"]);
    let hash = roster["head"]["hash"].as_str().expect("head.hash");
    assert!(
        hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{hash}"
    );
    for soldier in roster["soldiers"].as_array().expect("soldiers") {
        for field in [
            "name",
            "kind",
            "status",
            "wounds",
            "suppress",
            "hardy",
            "xp",
            "discipline",
            "medals",
            "rp",
            "medal_rp",
        ] {
            assert!(soldier.get(field).is_some(), "{field} missing from {soldier}");
        }
        assert!(soldier["hardy"].is_object() && soldier["medals"].is_array());
    }
    let wong = soldier_in(&roster, "Wong");
    assert_eq!(wong["medals"][0]["name"], "Military Medal");
    assert_eq!(num(&wong["medals"][0], "rp"), 2);
    assert_eq!(num(&wong, "medal_rp"), 2);
    assert_eq!(wong["handler_of"], "Gizmo");
    assert!(wong.get("handler").is_none());
    let gizmo = soldier_in(&roster, "Gizmo");
    assert_eq!(gizmo["handler"], "Wong");
    assert!(gizmo["discipline"]["current"].is_u64() && gizmo["discipline"]["stat"].is_u64());
    let squad = &roster["squad"];
    assert_eq!((num(squad, "rp"), num(squad, "medal_rp")), (22, 2));
    assert_eq!((num(squad, "hostile_draw_rp"), num(squad, "rp_bank")), (24, 0));
    assert_eq!(roster["team_xp"], Value::Null);
    assert_eq!(roster["pending"], serde_json::json!([]));
    assert_eq!(roster["mission"], Value::Null);
    let commitment = roster["dice_seed_commitment"]
        .as_str()
        .expect("dice_seed_commitment is a string");
    let committed = m.json_lines(&["log"]);
    let committed: Vec<&str> = committed
        .iter()
        .filter(|e| e["kind"] == "seed_committed")
        .filter_map(|e| e["payload"]["commitment"].as_str())
        .collect();
    assert_eq!(committed, [commitment], "the roster shows the seed committed");
    let text = m.ok(&["roster"]);
    assert!(
        text.contains(LODESTAR) && text.contains("Gizmo") && text.contains(&hash[..20]),
        "{text}"
    );
}

#[test]
fn roster_as_of_gives_the_numbers_as_they_were() {
    let m = Muster::new();
    m.ok_at(
        "2026-09-05T19:00:00Z",
        &["campaign", "new", "Lodestar", "--game", "modern"],
    );
    let enlisted = m.json_at(
        "2026-09-05T19:02:00Z",
        &["enlist", "Wong", "--kind", "player", "--rp", "8"],
    );
    m.ok_at("2026-09-05T19:04:00Z", &["mission", "start", "Cold Start"]);
    let wound = m.json_at("2026-09-05T19:06:00Z", &["wound", "Wong"]);
    let end = m.json_at(
        "2026-09-05T19:08:00Z",
        &[
            "mission",
            "end",
            "--result",
            "success",
            "--rp-award",
            "3",
            "--why",
            "x",
        ],
    );
    m.ok_at("2026-09-12T19:00:00Z", &["wound", "Wong", "2"]);
    let last = m.json_at("2026-09-12T19:02:00Z", &["xp", "Wong", "+2", "--why", "x"]);
    let at = |reference: &str| m.json(&["roster", "--as-of", reference]);
    let wong_at = |reference: &str| soldier_in(&at(reference), "Wong");
    let wounded = first_version(&wound);

    let then = at(&wounded.to_string());
    assert_eq!(num(&then["as_of"], "version"), wounded);
    assert_eq!(then["as_of"]["recorded_at"], "2026-09-05T19:06:00Z");
    assert_eq!(then["head"], last["head"], "the head is today's");
    assert_eq!(num(&soldier_in(&then, "Wong"), "wounds"), 1);
    assert_eq!(num(&then["mission"], "number"), 1);
    assert_eq!(num(&at(&first_version(&enlisted).to_string())["squad"], "rp"), 8);
    for instant in [
        "2026-09-05T19:06:00Z",
        "2026-09-05T19:07:59Z",
        "2026-09-05T21:06:00+02:00",
    ] {
        assert_eq!(num(&at(instant)["as_of"], "version"), wounded, "as of {instant}");
    }
    let mission_end = at("mission:1");
    assert_eq!(num(&mission_end["as_of"], "version"), first_version(&end));
    assert_eq!(mission_end["mission"], Value::Null);
    assert_eq!(num(&mission_end["squad"], "rp_bank"), 3);
    assert_eq!(num(&wong_at("2026-09-05"), "wounds"), 1, "a date means its end");
    assert_eq!(num(&wong_at("2026-09-12T19:01:00Z"), "xp"), 0);
    let now = m.soldier("Wong");
    assert_eq!((num(&now, "wounds"), num(&now, "xp")), (3, 2));
}

#[test]
fn roster_refuses_a_bad_as_of() {
    let OneMission { m, price_wound, .. } = one_mission();
    m.refused(&["roster", "--as-of", "bogus"], "is not a point in the log");
    m.refused(&["roster", "--as-of", "0"], "version 0 does not exist");
    m.refused(
        &["roster", "--as-of", &(price_wound + 1).to_string()],
        &format!("runs from 1 to {price_wound}"),
    );
    m.refused(&["roster", "--as-of", "mission:x"], "mission:N");
    m.refused(&["roster", "--as-of", "mission:2"], "there is no Mission 2");
    m.refused(&["roster", "--as-of", "mission:2"], "missions so far: 1");
    // A campaign with no Mission yet says so, rather than listing none.
    let fresh = Muster::lodestar();
    fresh.refused(
        &["diff", "mission:1", "now"],
        "there is no Mission 1 in campaign 'Operation Lodestar'; no Mission has started yet",
    );
    m.refused(
        &["roster", "--as-of", "2026-01-01T00:00:00+02:00"],
        "2025-12-31T22:00:00Z is before the campaign began",
    );
    m.ok(&["mission", "start", "Hill 112", "--with", "Reyes"]);
    m.refused(&["roster", "--as-of", "mission:2"], "has not ended yet");
}

#[test]
fn log_json_is_one_object_per_event() {
    let one = one_mission();
    let entries = one.m.json_lines(&["log"]);
    assert_eq!(versions(&entries), (1..=one.price_wound).collect::<Vec<_>>());
    for entry in &entries {
        assert!(entry["kind"].is_string(), "{entry}");
        assert_eq!(entry["recorded_at"], "2026-11-29T21:00:00Z");
        assert_eq!(entry["voided"], false);
        assert!(entry["payload"].is_object(), "{entry}");
    }
    let wound = &entries[usize::try_from(one.wound - 1).expect("a small version")];
    assert_eq!(num(wound, "version"), one.wound);
    assert_eq!(wound["kind"], "wounded");
    assert_eq!(wound["payload"]["soldier"], "Wong");
    let text = one.m.ok(&["log"]);
    assert!(text.contains("Wong suffers 1 Wound"), "{text}");
}

#[test]
fn log_filters_by_soldier_and_mission() {
    let one = one_mission();
    let m = &one.m;
    assert_eq!(
        versions(&m.json_lines(&["log", "--soldier", "gizmo"])),
        [m.enlisted("Gizmo"), one.start, one.discipline]
    );
    assert_eq!(
        versions(&m.json_lines(&["log", "--soldier", "Price"])),
        [m.enlisted("Price"), one.price_wound]
    );
    let mission = m.json_lines(&["log", "--mission", "1"]);
    let listed = versions(&mission);
    assert!((one.start..=one.end).all(|v| listed.contains(&v)), "{listed:?}");
    assert!(
        !listed.contains(&m.enlisted("Price")) && !listed.contains(&one.price_wound),
        "{listed:?}"
    );
    m.refused(&["log", "--soldier", "Nobody"], "no Soldier named 'Nobody'");
    m.refused(&["log", "--mission", "one"], "--mission");
}

/// `mission end` writes the end of Mission 1 and, in the same command, the clearing of
/// its Suppress: both belong to the Mission, for `roster --as-of mission:1` and for
/// `log --mission 1` alike.
#[test]
fn log_mission_filter_lists_the_suppress_cleared_by_the_missions_end() {
    let one = one_mission();
    assert_eq!(
        num(
            &one.m.json(&["roster", "--as-of", "mission:1"])["as_of"],
            "version"
        ),
        one.cleared
    );
    let listed = versions(&one.m.json_lines(&["log", "--mission", "1"]));
    assert!(
        listed.contains(&one.cleared),
        "v{} (Reyes Suppress cleared at the end of Mission 1) missing: {listed:?}",
        one.cleared
    );
}

#[test]
fn show_explains_one_event() {
    let one = one_mission();
    let m = &one.m;
    let show = |version: u64| m.json(&["show", &version.to_string()]);
    let shown = show(one.wound);
    assert_eq!(num(&shown, "version"), one.wound);
    assert_eq!(shown["kind"], "wounded");
    assert_eq!(shown["voided"], false);
    assert_eq!(shown["voided_by"], Value::Null);
    assert_eq!(shown["payload"]["soldier"], "Wong");
    assert_eq!(shown["roll"], Value::Null, "a Wound records no roll");
    assert_eq!(shown["recomputed"], Value::Null);
    assert_eq!(one.suppress + 1, one.wound);
    assert_eq!(shown["prev_hash"], show(one.suppress)["hash"]);
    assert_eq!(shown["command"].as_array().map(Vec::len), Some(1));
    let end = show(one.end);
    let siblings: Vec<u64> = end["command"]
        .as_array()
        .expect("command")
        .iter()
        .map(|s| num(s, "version"))
        .collect();
    assert_eq!(
        siblings,
        [one.end, one.cleared],
        "mission end and its Suppress clearing are one command"
    );
    assert_eq!(show(one.price_wound)["hash"], m.head().as_str());
    assert_eq!(show(1)["prev_hash"], "0".repeat(64));
    let text = m.ok(&["show", &one.wound.to_string()]);
    assert!(
        text.contains("Wong suffers 1 Wound") && text.contains("voided"),
        "{text}"
    );
    let beyond = one.price_wound + 1;
    m.refused(
        &["show", &beyond.to_string()],
        &format!("version {beyond} does not exist"),
    );
    m.refused(&["show", "0"], "version 0 does not exist");
}

#[test]
fn a_roster_as_of_a_version_inside_a_command_is_shown_at_the_commands_end_and_says_so() {
    let m = Muster::lodestar();
    m.ok(&[
        "medal",
        "award",
        "Reyes",
        "Bronze Star",
        "--rp",
        "2",
        "--why",
        "the Sniper",
    ]);
    let killed = m.json(&["kill", "Reyes"]);
    let versions = versions_written(&killed);
    assert_eq!(versions.len(), 2, "killed, then his stickers removed: {killed}");
    let inside = versions[0].to_string();
    let roster = m.json(&["roster", "--as-of", &inside]);
    assert_eq!(num(&roster["as_of"], "version"), versions[1]);
    assert_eq!(num(&roster["as_of"], "asked"), versions[0]);
    let reyes = soldier_in(&roster, "Reyes");
    assert_eq!(
        (reyes["status"].as_str(), reyes["medals"].as_array().map(Vec::len)),
        (Some("kia"), Some(0))
    );
    let text = m.ok(&["roster", "--as-of", &inside]);
    assert!(text.contains("falls inside the command that ends at"), "{text}");
    let at_the_end = m.json(&["roster", "--as-of", &versions[1].to_string()]);
    assert!(
        at_the_end["as_of"].get("asked").is_none(),
        "a command's end is asked as itself"
    );
}
