//! `void` as a proof keeper: a void that later results rest on is refused (exit 1, the log
//! unchanged) or cascades, a computed RP award is revised, a generated face stays a fact,
//! and whatever a void leaves verifies.

use crate::support::{Muster, card, first_version, kinds, num};

/// Voids `version` with a reason, with `more` options after it.
fn void_args(version: u64, more: &[&'static str]) -> Vec<String> {
    let mut args = vec![
        "void".to_owned(),
        version.to_string(),
        "--why".to_owned(),
        "entered by mistake".to_owned(),
    ];
    args.extend(more.iter().map(|s| (*s).to_owned()));
    args
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Lodestar after Mission 1 (Wong, RP 8, and Price, RP 4) ended with Price KIA, and the
/// version of the kill.
fn price_killed_on_an_ended_mission() -> (Muster, u64) {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong", "--with", "Price"]);
    let killed = first_version(&m.json(&["kill", "Price"]));
    m.ok(&["mission", "end", "--result", "success"]);
    (m, killed)
}

#[test]
fn a_kia_voided_after_the_award_was_computed_from_it_revises_the_award() {
    let (m, killed) = price_killed_on_an_ended_mission();
    assert_eq!(num(&m.roster()["squad"], "rp_bank"), 4, "Price's 4 RP were lost");
    let written = m.json(&strs(&void_args(killed, &[])));
    assert_eq!(kinds(&written), ["command_voided", "rp_award_revised"]);
    let roster = m.roster();
    assert_eq!(num(&roster["squad"], "rp_bank"), 0, "nobody was lost: no award");
    m.ok(&["verify"]);
}

#[test]
fn mission_show_after_the_kia_behind_its_award_was_voided_agrees_with_the_roster() {
    let (m, killed) = price_killed_on_an_ended_mission();
    let ended = m.json(&["mission", "show", "1"]);
    assert_eq!(
        (num(&ended, "surviving_rp"), num(&ended["rp_award"], "amount")),
        (8, 4),
        "Price's 4 RP were lost: {ended}"
    );
    m.ok(&strs(&void_args(killed, &[])));
    let shown = m.json(&["mission", "show", "1"]);
    assert_eq!(num(&shown, "surviving_rp"), 8 + 4, "nobody was lost: {shown}");
    assert_eq!(num(&shown["rp_award"], "amount"), 0, "{shown}");
    assert_eq!(num(&shown, "rp_bank"), 0, "{shown}");
    assert_eq!(
        num(&m.roster()["squad"], "rp_bank"),
        0,
        "the roster says the same"
    );
    assert_eq!(shown["result"], "success");
    let text = m.ok(&["mission", "show", "1"]);
    let line = |label: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(label))
            .map(str::split_whitespace)
    };
    let words = |label: &str| line(label).map(Iterator::collect::<Vec<_>>).unwrap_or_default();
    assert_eq!(words("surviving RP"), ["surviving", "RP", "12"], "{text}");
    assert_eq!(words("bank"), ["bank", "0", "RP"], "{text}");
    assert_eq!(words("RP gained").get(2), Some(&"0"), "{text}");
}

#[test]
fn a_revised_award_reaches_the_bank_of_every_later_mission_in_mission_show_and_the_chronicle() {
    let (m, killed) = price_killed_on_an_ended_mission();
    m.ok(&["mission", "start", "Falaise", "--with", "Wong"]);
    m.ok(&["mission", "end", "--result", "success"]);
    m.ok(&strs(&void_args(killed, &[])));
    let roster = num(&m.roster()["squad"], "rp_bank");
    assert_eq!(
        roster, 0,
        "Mission 1's award revised to nothing, Mission 2's nothing"
    );
    let chronicle = m.json(&["chronicle"]);
    let told: Vec<(u64, u64)> = chronicle["missions"]
        .as_array()
        .unwrap_or_else(|| panic!("missions is an array: {chronicle}"))
        .iter()
        .map(|r| (num(r, "number"), num(r, "rp_bank")))
        .collect();
    assert_eq!(told, [(1, 0), (2, 0)], "no RP appear from nowhere: {chronicle}");
    for number in ["1", "2"] {
        let shown = m.json(&["mission", "show", number]);
        assert_eq!(num(&shown, "rp_bank"), roster, "Mission {number}: {shown}");
    }
}

#[test]
fn a_kia_voided_after_its_award_was_spent_is_refused() {
    let (m, killed) = price_killed_on_an_ended_mission();
    m.ok(&["rp", "spend", "4", "--why", "a jeep"]);
    m.refused(&strs(&void_args(killed, &[])), "has spent that RP since");
    m.refused(
        &strs(&void_args(killed, &["--cascade"])),
        "has spent that RP since",
    );
}

#[test]
fn a_generated_roll_voided_to_roll_again_is_refused() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let rolled = m.json(&["check", "Wong", "handler"]);
    assert_eq!(kinds(&rolled), ["check_rolled"]);
    m.refused(
        &strs(&void_args(first_version(&rolled), &[])),
        "a face shown to the table is a fact",
    );
    m.ok(&["verify"]);
}

#[test]
fn an_ekia_voided_after_the_paper_sheet_recorded_its_xp_is_refused_or_cascades() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let ekia = first_version(&m.json(&["ekia", "Wong", "--hostile", "Rifle Team", "--value", "3"]));
    let asserted = first_version(&m.json(&["assert", "Wong", "xp=3"]));
    let refusal = m.refused(&strs(&void_args(ekia, &[])), "later events depend on version");
    assert!(
        refusal.contains(&format!("version {asserted} asserts Wong's xp is 3")),
        "{refusal}"
    );
    assert!(refusal.contains("--cascade"), "{refusal}");
    // As the sheet stood, `roster --as-of` the assertion still shows 3.
    let as_of = m.json(&["roster", "--as-of", &asserted.to_string()]);
    assert_eq!(num(&crate::support::soldier_in(&as_of, "Wong"), "xp"), 3);

    let written = m.json(&strs(&void_args(ekia, &["--cascade"])));
    assert_eq!(kinds(&written), ["command_voided", "command_voided"]);
    assert_eq!(num(&m.soldier("Wong"), "xp"), 0);
    m.ok(&["verify"]);
}

#[test]
fn a_failed_k9_roll_voided_after_the_retry_that_answered_it_is_refused() {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    m.ok(&["turn"]);
    m.ok(&["k9", "draw", &card("buried-explosive.json")]);
    m.ok(&["k9", "roll", "--pay", "discipline", "--die", "4"]);
    let failed = m.json(&["k9", "roll", "--pay", "discards", "--die", "2"]);
    let failed = *crate::support::versions_written(&failed).last().expect("a roll");
    m.ok(&["k9", "retry", "--die", "9"]);
    m.refused(&strs(&void_args(failed, &[])), "is not awaiting a choice");
    m.ok(&["verify"]);
}

#[test]
fn the_spooks_task_choice_voided_after_mission_end_paid_for_it_is_refused() {
    // Kestrel is the X Team's Spook.
    let m = super::zero_dark::x_team();
    m.ok(&["mission", "start", "Dead Letter"]);
    let chosen = first_version(&m.json(&["spook", "task", "acquisition"]));
    let dropped = first_version(&m.json(&["spook", "dead-drop"]));
    m.ok(&["mission", "end", "--result", "success"]);
    assert_eq!(num(&m.soldier("Kestrel"), "xp"), 5);
    m.refused(
        &strs(&void_args(dropped, &[])),
        "the dead-drop was never interacted with",
    );
    m.refused(
        &strs(&void_args(chosen, &[])),
        "priority task this Mission is not Acquisition (none)",
    );
    assert_eq!(num(&m.soldier("Kestrel"), "xp"), 5);
    m.ok(&["verify"]);
}

#[test]
fn on_an_imported_campaign_the_seed_its_copy_committed_cannot_be_voided_from_under_a_roll() {
    let m = Muster::lodestar();
    let file = m.path("lodestar.jsonl");
    std::fs::write(&file, m.ok(&["export"])).unwrap();
    let copy = Muster::new();
    copy.ok(&["import", file.to_str().unwrap()]);
    copy.ok(&["mission", "start", "Dawn", "--with", "Wong"]);
    // The copy's first generated roll commits a seed of its own in the same command; the
    // second roll uses it.
    let first = copy.json(&["check", "Wong", "handler"]);
    assert_eq!(kinds(&first), ["seed_committed", "check_rolled"]);
    copy.ok(&["check", "Wong", "handler"]);
    copy.refused(
        &strs(&void_args(first_version(&first), &["--cascade"])),
        "a face shown to the table is a fact",
    );
    // Every generated roll's seed can still be revealed, and checks out.
    copy.ok(&["seed", "reveal"]);
    copy.ok(&["verify"]);
}

/// `amend VERSION --why TEXT -- COMMAND…` as arguments.
fn amend_args(version: u64, command: &[&str]) -> Vec<String> {
    let mut args = vec![
        "amend".to_owned(),
        version.to_string(),
        "--why".to_owned(),
        "forgot the card's modifier".to_owned(),
        "--".to_owned(),
    ];
    args.extend(command.iter().map(|s| (*s).to_owned()));
    args
}

#[test]
fn amend_corrects_a_generated_roll_with_the_face_it_showed() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let rolled = first_version(&m.json(&["check", "Wong", "handler"]));
    let shown = m.show(rolled);
    let face = &shown["roll"]["faces"][0];
    assert_eq!(shown["roll"]["source"], "generated");

    let written = m.json(&strs(&amend_args(
        rolled,
        &["check", "Wong", "handler", "--mod", "+2:card"],
    )));
    assert_eq!(kinds(&written), ["command_voided", "check_rolled"]);
    let corrected = m.show(*crate::support::versions_written(&written).last().unwrap());
    assert_eq!(&corrected["roll"]["faces"][0], face, "the same face");
    assert_eq!(corrected["roll"]["source"], "generated");
    assert_eq!(
        corrected["roll"]["dice"], shown["roll"]["dice"],
        "the same key: the same die"
    );
    assert_eq!(
        num(&corrected["roll"], "total"),
        face.as_u64().unwrap() + 2,
        "the corrected modifier applies"
    );
    assert_eq!(m.show(rolled)["voided"], true);
    m.ok(&["verify"]);
    // The correction carries generated faces in its turn: it is amended, never voided.
    let last = *crate::support::versions_written(&written).last().unwrap();
    m.refused(&strs(&void_args(last, &[])), "amend it again");
    m.refused(
        &strs(&void_args(first_version(&written), &[])),
        "a void is not undone by another void",
    );
    let again = m.json(&strs(&amend_args(
        last,
        &["check", "Wong", "handler", "--mod", "+1:card"],
    )));
    let last = *crate::support::versions_written(&again).last().unwrap();
    let twice = m.show(last);
    assert_eq!(&twice["roll"]["faces"][0], face, "still the face the table saw");
    assert_eq!(
        twice["roll"]["dice"], shown["roll"]["dice"],
        "still the first roll's key"
    );
    m.ok(&["verify"]);
    // Once the seed is revealed, the carried face checks out against its original key; it
    // can no longer be carried, since the seed in force is another.
    m.ok(&["seed", "reveal"]);
    m.ok(&["verify"]);
    m.refused(
        &strs(&amend_args(last, &["check", "Wong", "handler"])),
        "is no longer the one in force",
    );
}

#[test]
fn a_generated_roll_in_an_imported_copy_rolling_on_its_own_seed_is_corrected_by_a_new_event() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let rolled = first_version(&m.json(&["check", "Wong", "handler"]));
    let export = m.path("lodestar.jsonl");
    m.ok(&["export", "-o", &export.display().to_string()]);
    // The copy does not hold the first seed: its next roll commits its own.
    let copy = Muster::new();
    copy.ok(&["import", &export.display().to_string()]);
    copy.ok(&["--campaign", "Operation Lodestar", "check", "Wong", "handler"]);
    let amend = amend_args(rolled, &["check", "Wong", "handler", "--mod", "+1:kit"]);
    let mut in_copy = vec!["--campaign", "Operation Lodestar"];
    in_copy.extend(strs(&amend));
    let refusal = copy.refused(&in_copy, "is no longer the one in force");
    assert!(
        !refusal.contains("revealed since"),
        "nothing was revealed: {refusal}"
    );
    let mut void = vec!["--campaign", "Operation Lodestar"];
    let void_args = void_args(rolled, &[]);
    void.extend(strs(&void_args));
    let refusal = copy.refused(&void, "an amendment cannot carry its faces either");
    assert!(
        refusal.contains("record what should change with a new event"),
        "{refusal}"
    );
    assert!(!refusal.contains("muster amend"), "{refusal}");
}

#[test]
fn amend_keeps_an_entered_face_and_refuses_new_dice_or_a_different_number_of_them() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let rolled = first_version(&m.json(&["check", "Wong", "handler", "--die", "3"]));
    m.refused(
        &strs(&amend_args(rolled, &["wound", "Wong"])),
        "an amendment rolls the same dice",
    );
    m.refused(
        &strs(&amend_args(rolled, &["check", "Wong", "handler", "--die", "9"])),
        "drop --die",
    );
    // What is not play is refused, read off the same rights as the server's: a read inside
    // a Mission's command, and the server itself, are no corrections.
    for not_play in [
        &["roster"][..],
        &["mission", "show", "1"],
        &["serve", "token", "list"],
    ] {
        m.refused(
            &strs(&amend_args(rolled, not_play)),
            "amend corrects a command of play",
        );
    }
    let written = m.json(&strs(&amend_args(
        rolled,
        &["check", "Wong", "handler", "--mod", "+1:kit"],
    )));
    let corrected = m.show(*crate::support::versions_written(&written).last().unwrap());
    assert_eq!(corrected["roll"]["faces"][0], 3);
    assert_eq!(corrected["roll"]["source"], "entered");
    m.ok(&["verify"]);
}

#[test]
fn amend_is_refused_when_later_events_rest_on_the_mistaken_command() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let ekia = first_version(&m.json(&["ekia", "Wong", "--hostile", "Rifle Team", "--value", "3"]));
    m.ok(&["assert", "Wong", "xp=3"]);
    m.refused(
        &strs(&amend_args(
            ekia,
            &["ekia", "Wong", "--hostile", "Rifle Team", "--value", "2"],
        )),
        "later events depend on version",
    );
}

/// The correcting command runs on amend's own database, campaign and recorder: a global
/// option of its own would be ignored without a word, so it is refused.
#[test]
fn amend_refuses_a_global_option_inside_its_correcting_command() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let wound = first_version(&m.json(&["wound", "Wong", "1"]));
    for (flag, value) in [
        ("--db", "/tmp/elsewhere.db"),
        ("--campaign", "Other"),
        ("--as", "Sam"),
    ] {
        m.refused(
            &strs(&amend_args(wound, &["wound", "Wong", "2", flag, value])),
            &format!("the correcting command gives {flag}"),
        );
    }
    m.refused(
        &strs(&amend_args(wound, &["wound", "--help"])),
        "the correcting command asks for help",
    );
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 1);
}

#[test]
fn an_amendment_that_rolled_nothing_is_amended_again_and_never_voided() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let wound = first_version(&m.json(&["wound", "Wong", "1"]));
    let written = m.json(&strs(&amend_args(wound, &["suppress", "Wong", "1"])));
    assert_eq!(kinds(&written), ["command_voided", "suppressed"]);
    // Named by its void's version or by its correction's, it is amended again.
    let again = m.json(&strs(&amend_args(
        first_version(&written),
        &["suppress", "Wong", "2"],
    )));
    assert_eq!(kinds(&again), ["command_voided", "suppressed"]);
    let correction = *crate::support::versions_written(&again).last().unwrap();
    let third = m.json(&strs(&amend_args(correction, &["suppress", "Wong", "3"])));
    assert_eq!(kinds(&third), ["command_voided", "suppressed"]);
    assert_eq!(num(&m.soldier("Wong"), "suppress"), 3);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0);
    // Voided, it would bring back nothing and lose the correction: amended, never voided.
    let last = *crate::support::versions_written(&third).last().unwrap();
    m.refused(&strs(&void_args(last, &[])), "amend it again");
    m.refused(
        &strs(&void_args(first_version(&third), &[])),
        "a void is not undone by another void: amend it again instead",
    );
    m.ok(&["verify"]);
}

#[test]
fn void_last_voids_the_command_that_wrote_the_head_and_is_not_undone() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let wound = m.json(&["wound", "Wong", "1"]);
    let wounded = first_version(&wound);
    let written = m.json(&["void", "last", "--why", "the wrong Soldier"]);
    assert_eq!(kinds(&written), ["command_voided"]);
    assert_eq!(m.show(wounded)["voided"], true);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0);
    // The head is now the void: an undo is not undone.
    let void = first_version(&written);
    m.refused(
        &["void", "LAST", "--why", "changed my mind"],
        &format!("version {void} is itself a void"),
    );
    // A word that is neither a version nor `last` is refused, naming both.
    m.refused(
        &["void", "lats", "--why", "typo"],
        "or `last` for the command that wrote the head",
    );
    m.ok(&["verify"]);
}

#[test]
fn undo_takes_back_ones_own_last_command_by_the_void_rules() {
    let m = Muster::lodestar();
    m.ok(&[
        "--as", "Sam", "mission", "start", "Caen", "--with", "Wong", "--with", "Reyes",
    ]);
    let wound = first_version(&m.json(&["--as", "Ana", "wound", "Wong", "1"]));
    m.ok(&["--as", "Sam", "xp", "Reyes", "1", "--why", "EKIA"]);
    m.ok(&["--as", "Ana", "heal", "Wong", "1"]);
    // Sam's undo takes back his XP, not Ana's heal at the head.
    let undone = m.json(&["--as", "Sam", "undo", "--why", "no EKIA"]);
    assert_eq!(kinds(&undone), ["command_voided"]);
    assert_eq!(num(&m.soldier("Reyes"), "xp"), 0);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0, "Ana's heal stands");
    // Ana's Wound, which her heal rests on, is refused by the void rules; Sam may not undo it.
    let wound_arg = wound.to_string();
    m.refused(
        &["--as", "Ana", "undo", &wound_arg, "--why", "x"],
        "later events depend on version",
    );
    m.refused(
        &["--as", "Sam", "undo", &wound_arg, "--why", "x"],
        "recorded by Ana, not by Sam",
    );
    // An undo is not undone: Ana's next undo takes back her heal, then her Wound.
    m.ok(&["--as", "Ana", "undo", "--why", "the heal was wrong"]);
    m.ok(&["--as", "Ana", "undo", "--why", "the Wound was wrong"]);
    assert_eq!(m.show(wound)["voided"], true);
    m.ok(&["verify"]);
}

#[test]
fn an_amendment_of_a_command_from_an_ended_mission_is_refused_naming_a_new_event() {
    // Given an EKIA of Mission 1, which has ended, and Mission 2 in progress
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    let ekia = first_version(&m.json(&["ekia", "Wong", "--hostile", "Sniper", "--value", "2"]));
    m.ok(&["mission", "end", "--result", "success"]);
    m.ok(&["mission", "start", "Falaise", "--with", "Wong"]);
    // When it is amended, the correction would land in Mission 2: it is refused
    let args = amend_args(ekia, &["ekia", "Wong", "--hostile", "Sniper", "--value", "3"]);
    let stderr = m.refused(&strs(&args), "was played in Mission 1, which has ended");
    assert!(stderr.contains("muster xp"), "{stderr}");
    // While its Mission is in progress, the same amendment is recorded
    let now = first_version(&m.json(&["ekia", "Wong", "--hostile", "MG", "--value", "2"]));
    let args = amend_args(now, &["ekia", "Wong", "--hostile", "MG", "--value", "3"]);
    assert_eq!(kinds(&m.json(&strs(&args))), ["command_voided", "ekia_recorded"]);
    m.ok(&["verify"]);
}

#[test]
fn a_kia_voided_after_a_mission_started_with_every_soldier_fit_for_duty_is_refused_or_cascades() {
    // Mission 2 was started without `--with`: every Soldier fit for duty, which after the
    // void would be Price too, so it rests on the KIA.
    let (m, killed) = price_killed_on_an_ended_mission();
    let start = ["mission", "start", "Falaise", "--k9-objective", "Find the cache"];
    let second = first_version(&m.json(&start));
    m.ok(&["mission", "end", "--result", "success"]);
    let refusal = m.refused(&strs(&void_args(killed, &[])), "later events depend on version");
    assert!(
        refusal.contains(&format!("version {second} decided again")),
        "{refusal}"
    );
    let written = m.json(&strs(&void_args(killed, &["--cascade"])));
    assert_eq!(
        kinds(&written)[..3],
        ["command_voided", "command_voided", "command_voided"]
    );
    assert_eq!(m.soldier("Price")["status"], "active");
    // The void is decided again by `verify` as it was decided: from the stored commands.
    m.ok(&["verify"]);
}
