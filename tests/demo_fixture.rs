//! The bundled demo campaign: it verifies, and it uses every Warfighter event kind.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use muster::domain::event::KINDS;
use muster::transfer;
use muster::verify::verify;

const DEMO: &str = include_str!("../fixtures/campaigns/demo.jsonl");

/// The kinds a Warfighter demo does not hold: Zero Dark's (a team, heroes and bogeys) and
/// the Medals expansion's (WWII), which the README's tour covers instead, and the audit's.
const NOT_IN_THE_DEMO: &[&str] = &[
    "team_xp_adjusted",
    // Written only by a void that lowers a computed award; tested in rules::tests::void_rests.
    "rp_award_revised",
    // The demo was played under the first rules and never adopts later ones; adoptions are
    // tested in rules::tests::rules_version and the CLI's rules tests.
    "rules_adopted",
    // It was created with its expansions; `campaign expansion add|remove` is tested in
    // rules::tests::rulebook and the CLI's rules tests.
    "expansion_added",
    "expansion_removed",
    // Declared Environments came with rules 2, which the demo never adopts; they are tested
    // in rules::tests::environment::declared and the CLI's environment tests.
    "environment_declared",
    "environment_cleared",
    "medal_deck_loaded",
    "medal_drawn",
    "medal_revealed",
    "medal_recipient_rolled",
    "medal_earned",
    "medal_lost",
    "medals_reshuffled",
    "hostile_suppressed",
    "rp_card_gained",
    "rp_card_lost",
    "hero_state_set",
    "bogey_added",
    "bogey_targeted",
    "bogey_downed",
    "bogey_killed",
    "buy_time_declared",
    "priority_task_chosen",
    "dead_drop_interacted",
    "rescue_extracted",
    "priority_task_resolved",
    "persuasion_tested",
    "ally_made_dependent",
    "ally_died",
    // Zero Dark, like the kinds above (the demo is a Warfighter campaign): Buy Time by the
    // other side alone and the Control Deck it sets aside, tested in rules::tests::zero_dark
    // and the CLI's Zero Dark tests.
    "opponent_bought_time",
    "control_cards_set_aside",
    "control_deck_ran_out",
    "set_aside_cards_flipped",
    "seed_revealed",
    "assertion_recorded",
    // The demo was recorded before commands were kept: it is an unmarked campaign, which the
    // first command recorded on it marks (tests/serve/kept.rs, rules::tests::campaign::kept).
    "commands_kept",
    // The demo's log was recorded before notes were kept; the README's tour writes them
    // (rules::tests::campaign::notes, tests/cli/notes.rs).
    "note_written",
    // A campaign carried over from paper: tested in rules::tests::campaign::carry_over and
    // tests/cli/carry_over.rs.
    "soldier_carried_over",
    "squad_carried_over",
];

#[test]
fn the_demo_campaign_verifies_and_uses_every_warfighter_event_kind() {
    let rows = transfer::parse(DEMO).unwrap();
    let report = verify(&rows[0].campaign, &rows);
    assert!(report.ok, "{:?}", report.findings);
    let kinds: BTreeSet<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    for kind in KINDS.iter().filter(|k| !NOT_IN_THE_DEMO.contains(k)) {
        assert!(kinds.contains(kind), "the demo never records a {kind} event");
    }
}

#[test]
fn verify_decides_every_command_of_the_demo_again_but_the_command_its_void_voided() {
    let rows = transfer::parse(DEMO).unwrap();
    let report = verify(&rows[0].campaign, &rows);
    assert!(report.ok, "{:?}", report.findings);
    assert_eq!(report.commands, 56, "the demo's commands");
    assert_eq!(
        (report.voids, report.voided),
        (1, 1),
        "its one void, of one command"
    );
    assert_eq!(
        report.decided_again,
        report.commands - report.voided,
        "every command but the command voided is decided again, the void on its ground"
    );
}
