//! The bundled demo campaign: it verifies, and it uses every Warfighter event kind.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use muster::transfer;
use muster::verify::verify;

const DEMO: &str = include_str!("../fixtures/campaigns/demo.jsonl");

/// Every event kind a Warfighter campaign can hold. (`team_xp_adjusted` belongs to Zero
/// Dark, whose campaigns have a team instead of a squad.)
const WARFIGHTER_KINDS: &[&str] = &[
    "campaign_created",
    "soldier_enlisted",
    "mission_started",
    "turn_started",
    "discipline_reset",
    "mission_ended",
    "wounded",
    "suppressed",
    "healed",
    "suppress_cleared",
    "downed",
    "recovered",
    "killed",
    "discharged",
    "medal_awarded",
    "medal_stickers_removed",
    "xp_adjusted",
    "hardy_adjusted",
    "ekia_recorded",
    "rp_granted",
    "rp_spent",
    "command_voided",
    "seed_committed",
    "check_rolled",
    "environment_rolled",
    "environment_resolved",
    "objective_activated",
    "objective_completed",
    "k9_encounter_drawn",
    "k9_roll_made",
    "discipline_spent",
    "k9_encounter_resolved",
    "k9_objective_resolved",
];

#[test]
fn the_demo_campaign_verifies_and_uses_every_warfighter_event_kind() {
    let rows = transfer::parse(DEMO).unwrap();
    let report = verify(&rows[0].campaign, &rows);
    assert!(report.ok, "{:?}", report.findings);
    let kinds: BTreeSet<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    for kind in WARFIGHTER_KINDS {
        assert!(kinds.contains(kind), "the demo never records a {kind} event");
    }
}
