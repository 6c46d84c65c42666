//! Names and words as typed, from rules 10: a card a check is made on read however spaced, an
//! ability one letter from a known one refused at enlisting, and a Soldier's name that reads as
//! another's refused.

use crate::support::{Muster, kinds};

/// A WWII campaign with Able (Demo 5+) and Baker (Demo 6+) on Mission 1.
fn on_a_mission() -> Muster {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Typed", "--game", "wwii"]);
    for (name, demo) in [("Able", "demo=5"), ("Baker", "demo=6")] {
        m.ok(&["enlist", name, "--kind", "player", "--rp", "5", "--ability", demo]);
    }
    m.ok(&["mission", "start", "M1", "--with", "Able", "--with", "Baker"]);
    m.ok(&["turn"]);
    m
}

#[test]
fn a_check_on_a_card_spaced_otherwise_is_on_the_same_card() {
    // Given Able's Success on the Farm house, and Baker's Fail check on the Mine field
    let m = on_a_mission();
    m.ok(&["check", "Able", "demo", "--on", "Farm house", "--die", "8"]);
    m.ok(&[
        "check",
        "Baker",
        "demo",
        "--fail",
        "--on",
        "Mine field",
        "--die",
        "2",
    ]);
    // When either card is named with a doubled space or in another case
    // Then the once-only rules still hold
    m.refused(
        &["check", "Baker", "demo", "--on", "Farm  house", "--die", "9"],
        "Able already succeeded at the check on Farm house",
    );
    m.refused(
        &[
            "check",
            "Baker",
            "demo",
            "--fail",
            "--on",
            "MINE  FIELD",
            "--die",
            "9",
        ],
        "rolled once",
    );
    // and Able's own Fail check on the Mine field is recorded under the card's first name
    let written = m.json(&[
        "check",
        "Able",
        "demo",
        "--fail",
        "--on",
        " mine\u{a0}field",
        "--die",
        "9",
    ]);
    assert_eq!(kinds(&written), ["check_rolled"]);
    let shown = m.show(crate::support::first_version(&written));
    assert_eq!(shown["payload"]["card"], "Mine field", "{shown}");
}

#[test]
fn an_ability_one_letter_from_a_known_one_is_refused_at_enlisting() {
    // Given Doc with Medic 6+
    let m = Muster::new();
    m.ok(&["campaign", "new", "Medics", "--game", "wwii"]);
    m.ok(&[
        "enlist",
        "Doc",
        "--kind",
        "player",
        "--rp",
        "5",
        "--ability",
        "medic=6",
    ]);
    // When Doc2 is enlisted with `medc`, Then it is refused with the one meant
    m.refused(
        &[
            "enlist",
            "Doc2",
            "--kind",
            "player",
            "--rp",
            "5",
            "--ability",
            "medc=6",
        ],
        "did you mean 'medic'?",
    );
    // while the right word, and an ability of its own, are enlisted, and Doc2 checks medic
    m.ok(&[
        "enlist",
        "Doc2",
        "--kind",
        "player",
        "--rp",
        "5",
        "--ability",
        "medic=6",
    ]);
    m.ok(&[
        "enlist",
        "Cliff",
        "--kind",
        "player",
        "--rp",
        "5",
        "--ability",
        "climbing=5",
    ]);
    m.ok(&["mission", "start", "M1", "--with", "Doc2"]);
    m.ok(&["turn"]);
    let written = m.json(&["check", "Doc2", "medic", "--die", "7"]);
    let shown = m.show(crate::support::first_version(&written));
    assert_eq!(shown["roll"]["success"], true, "{shown}");
}
