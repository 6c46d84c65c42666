//! Voids that revise a Mission's RP award, one after another, and the refusal of a void
//! without `--cascade` naming every command the cascade would take.

use crate::support::{Muster, first_version, num};

/// A Canadian squad of B (7 RP), C (5) and D (2), Health 1 each, on Mission 1 with B and C
/// Killed and the Mission ended (a computed award of 12 RP); the versions of the Mission's
/// start and of the two kills.
fn two_killed() -> (Muster, u64, u64, u64) {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Ridge", "--game", "wwii", "--nation", "Canada"]);
    for (name, rp) in [("B", "7"), ("C", "5"), ("D", "2")] {
        m.ok(&["enlist", name, "--kind", "player", "--rp", rp, "--health", "1"]);
    }
    let started = first_version(&m.json(&["mission", "start", "Hill"]));
    let b = first_version(&m.json(&["kill", "B"]));
    let c = first_version(&m.json(&["kill", "C"]));
    m.ok(&["mission", "end", "--result", "failure"]);
    (m, started, b, c)
}

fn bank(m: &Muster) -> u64 {
    num(&m.roster()["squad"], "rp_bank")
}

#[test]
fn two_wrong_kills_are_voided_one_after_the_other_the_award_revised_each_time() {
    let (m, _, b, c) = two_killed();
    assert_eq!(bank(&m), 12);
    m.ok(&["void", &b.to_string(), "--why", "B was only Downed"]);
    assert_eq!(bank(&m), 5);
    // The second void revises the award as the first left it (5 RP), which the bank holds.
    m.ok(&["void", &c.to_string(), "--why", "C was only Downed"]);
    assert_eq!(bank(&m), 0);
    m.ok(&["verify"]);
}

#[test]
fn a_refused_void_names_every_command_its_cascade_would_take() {
    let (m, started, _, _) = two_killed();
    let spent = first_version(&m.json(&["rp", "spend", "12", "--why", "a truck"]));
    // The Mission's end rests on its start, and the spending on the end: both are named.
    let said = m.refused(
        &["void", &started.to_string(), "--why", "no such Mission"],
        "--cascade",
    );
    assert!(said.contains(&format!("v{spent}")), "{said}");
}
