//! An amendment among later corrections: a `void --cascade` reaching an amendment's
//! correction voids it with the rest (what it replaced stays voided), and `undo` counts an
//! amendment as its recorder's last command, never skipping it for an older one.

use crate::support::{Muster, first_version, kinds, num, versions_written};

/// A WWII campaign in Russia on Mission 1's first turn, Environ cold 6+ and fever 4+ in force,
/// Petrov (Hardy cold 1) to roll against each.
fn frozen_stream() -> Muster {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Frost",
        "--game",
        "wwii",
        "--nation",
        "Soviet Union",
    ]);
    m.ok(&[
        "enlist", "Petrov", "--kind", "player", "--rp", "7", "--hardy", "cold=1",
    ]);
    m.ok(&["mission", "start", "Stream", "--environ", "cold:6"]);
    m.ok(&["environ", "declare", "fever:4", "--location", "Stream"]);
    m.ok(&["turn"]);
    m
}

/// Records `args` and amends its command with `correction`; the amendment's versions.
fn amended(m: &Muster, args: &[&str], correction: &[&str]) -> Vec<u64> {
    let first = first_version(&m.json(args));
    let mut amend = vec![
        "amend".to_owned(),
        first.to_string(),
        "--why".to_owned(),
        "he took a Wound".to_owned(),
        "--".to_owned(),
    ];
    amend.extend(correction.iter().map(|s| (*s).to_owned()));
    let amend: Vec<&str> = amend.iter().map(String::as_str).collect();
    versions_written(&m.json(&amend))
}

#[test]
fn a_roll_whose_settling_was_amended_is_voided_with_the_amendment_by_cascade() {
    let m = frozen_stream();
    let roll = first_version(&m.json(&["environ", "Petrov", "cold", "6", "--die", "2"]));
    let amendment = amended(
        &m,
        &["resolve", "Petrov", "hardy"],
        &["resolve", "Petrov", "wound"],
    );
    assert_eq!(num(&m.soldier("Petrov"), "wounds"), 1);
    // Without --cascade the amendment's correction, which rests on the roll, refuses it.
    let roll_arg = roll.to_string();
    m.refused(
        &["void", &roll_arg, "--why", "the wrong Soldier"],
        "later events depend on",
    );
    // With it, the correction goes with the roll, and what it replaced stays voided.
    let voided = m.json(&["void", &roll_arg, "--cascade", "--why", "the wrong Soldier"]);
    assert_eq!(kinds(&voided), ["command_voided", "command_voided"]);
    let petrov = m.soldier("Petrov");
    assert_eq!(
        (num(&petrov, "wounds"), petrov["hardy"]["cold"].as_u64()),
        (0, Some(1))
    );
    assert_eq!(m.show(amendment[1])["voided"], true);
    m.ok(&["verify"]);
    // The roll is owed again.
    m.ok(&["environ", "Petrov", "cold", "6", "--die", "7"]);
    m.ok(&["verify"]);
}

#[test]
fn undo_after_an_amendment_names_the_amendment_and_takes_back_nothing_older() {
    let m = frozen_stream();
    m.ok(&["environ", "Petrov", "cold", "6", "--die", "2"]);
    let fever = first_version(&m.json(&["environ", "Petrov", "fever", "4", "--die", "1"]));
    let amendment = amended(
        &m,
        &["resolve", "Petrov", "hardy"],
        &["resolve", "Petrov", "wound"],
    );
    // The last command is the amendment: an undo of it is refused with the way to change it
    // (amend it again), and the fever roll before it is not taken back instead.
    m.refused(
        &["undo", "--why", "oops"],
        &format!("version {} is the void of version", amendment[0]),
    );
    assert_eq!(m.show(fever)["voided"], false);
    m.ok(&["verify"]);
}
