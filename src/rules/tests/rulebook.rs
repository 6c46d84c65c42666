//! The gate: every command names its rulebook, a rulebook is played only in its games, and
//! from rules 2 an expansion's commands need the campaign to use it; `campaign expansion
//! add|remove` mends the list, never past what recorded events need.

use super::*;
use crate::domain::k9::{EncounterCard, Outcome};
use crate::domain::rulebook::{Expansion, Rulebook};
use crate::domain::rules_version::{FIRST, NEWEST};
use crate::rules::harness::Played;

/// A Modern campaign created under `rules` with `expansions`, Wong enlisted.
fn modern(rules: crate::domain::rules_version::RulesVersion, expansions: &[Expansion]) -> Vec<Event> {
    vec![
        Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            expansions: expansions.to_vec(),
            game: Game::Modern,
            nation: None,
            rules,
            unrecognized_expansions: vec![],
        }),
        enlisted(handler("Wong")),
    ]
}

fn gizmo() -> Command {
    Command::Enlist(Box::new(k9("Gizmo", "Wong", 2)))
}

fn added(expansion: Expansion) -> Event {
    Event::ExpansionAdded(ExpansionChanged { expansion })
}

fn removed(expansion: Expansion) -> Event {
    Event::ExpansionRemoved(ExpansionChanged { expansion })
}

#[test]
fn from_rules_2_a_k9_needs_the_k9_and_handlers_expansion() {
    given(modern(NEWEST, &[]))
        .when(gizmo())
        .then_refused(&["K9 & Handlers expansion", "muster campaign expansion add k9"]);
}

#[test]
fn under_the_first_rules_any_modern_campaign_enlists_a_k9() {
    let result = given(modern(FIRST, &[])).when(gizmo()).result;
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn from_rules_2_a_k9_encounter_in_a_campaign_without_the_expansion_is_refused_naming_it() {
    let card = EncounterCard {
        name: "Tripwire".into(),
        hostile_value: 1,
        ignore_target: 3,
        rolls: vec![],
        reward: "found".into(),
        failure: Outcome {
            text: "none".into(),
            effects: vec![],
        },
        retry: None,
    };
    given(modern(NEWEST, &[]))
        .when(Command::DrawEncounter {
            card: Box::new(card),
            first_in: None,
        })
        .then_refused(&[
            "does not use the K9 & Handlers expansion",
            "muster campaign expansion add k9",
        ]);
}

#[test]
fn adding_the_k9_expansion_then_enlisting_a_k9_is_accepted() {
    let mut played = Played::new(modern(NEWEST, &[]));
    played.play(Command::AddExpansion(Expansion::K9), &[]);
    played.play(gizmo(), &[]);
    assert!(played.state().uses(Expansion::K9));
    assert!(
        played.findings("fold").is_empty(),
        "{:?}",
        played.findings("fold")
    );
}

#[test]
fn adding_an_expansion_already_used_or_of_another_game_is_refused() {
    given(modern(NEWEST, &[Expansion::K9]))
        .when(Command::AddExpansion(Expansion::K9))
        .then_refused(&["already uses the K9 & Handlers expansion"]);
    given([created(Game::Wwii)])
        .when(Command::AddExpansion(Expansion::K9))
        .then_refused(&["played with Warfighter modern", "this is a wwii campaign"]);
    given([created(Game::ZeroDark)])
        .when(Command::AddExpansion(Expansion::Medals))
        .then_refused(&["this is a zero-dark campaign"]);
}

#[test]
fn removing_an_expansion_a_recorded_event_needs_is_refused_naming_it() {
    let mut events = modern(NEWEST, &[Expansion::K9]);
    events.push(enlisted(k9("Gizmo", "Wong", 2)));
    given(events)
        .when(Command::RemoveExpansion(Expansion::K9))
        .then_refused(&["cannot be removed", "the K9 Gizmo was enlisted under it"]);
}

#[test]
fn removing_an_expansion_nothing_needs_is_accepted_and_one_not_used_is_refused() {
    let state = given(modern(NEWEST, &[Expansion::K9, Expansion::Medals]))
        .when(Command::RemoveExpansion(Expansion::Medals))
        .then([removed(Expansion::Medals)]);
    assert_eq!(state.info.map(|i| i.expansions), Some(vec![Expansion::K9]));
    given(modern(NEWEST, &[Expansion::K9]))
        .when(Command::RemoveExpansion(Expansion::Medals))
        .then_refused(&["does not use the Medals expansion", "it uses k9"]);
}

#[test]
fn expansion_events_the_rules_refuse_are_found_by_deciding_them_again() {
    let mut twice = modern(NEWEST, &[Expansion::K9]);
    twice.push(added(Expansion::K9));
    let found = Played::new(twice).findings("decide");
    assert!(found.iter().any(|(_, p)| p.contains("already uses")), "{found:?}");

    let mut needed = modern(NEWEST, &[Expansion::K9]);
    needed.push(enlisted(k9("Gizmo", "Wong", 2)));
    needed.push(removed(Expansion::K9));
    let found = Played::new(needed).findings("decide");
    assert!(
        found
            .iter()
            .any(|(v, p)| *v == Some(4) && p.contains("cannot be removed: the K9 Gizmo")),
        "{found:?}"
    );

    let mut k9_without = modern(NEWEST, &[]);
    k9_without.push(enlisted(k9("Gizmo", "Wong", 2)));
    let found = Played::new(k9_without).findings("decide");
    assert!(
        found
            .iter()
            .any(|(v, p)| *v == Some(3) && p.contains("a K9 belongs to the K9 & Handlers expansion")),
        "{found:?}"
    );

    let wrong_game = vec![Event::CampaignCreated(CampaignCreated {
        commands_kept: false,
        expansions: vec![Expansion::K9],
        game: Game::Wwii,
        nation: None,
        rules: NEWEST,
        unrecognized_expansions: vec![],
    })];
    let found = Played::new(wrong_game).findings("decide");
    assert!(
        found
            .iter()
            .any(|(_, p)| p.contains("is played with Warfighter modern, and this is a wwii campaign")),
        "{found:?}"
    );
}

#[test]
fn a_k9_log_under_the_first_rules_without_the_expansion_is_not_a_finding() {
    let mut events = modern(FIRST, &[]);
    events.push(enlisted(k9("Gizmo", "Wong", 2)));
    assert!(Played::new(events).findings("fold").is_empty());
}

#[test]
fn every_command_of_a_rulebook_not_played_in_the_game_is_refused_by_the_gate() {
    // Each rulebook's games, as the gate reads them: the Warfighter books never in Zero
    // Dark, Zero Dark's never in Warfighter, K9 & Handlers only in Modern.
    let expected = [
        (Rulebook::Campaign, vec![Game::Wwii, Game::Modern, Game::ZeroDark]),
        (Rulebook::Warfighter, vec![Game::Wwii, Game::Modern]),
        (Rulebook::Checks, vec![Game::Wwii, Game::Modern]),
        (Rulebook::Environment, vec![Game::Wwii, Game::Modern]),
        (Rulebook::K9, vec![Game::Modern]),
        (Rulebook::Medals, vec![Game::Wwii, Game::Modern]),
        (Rulebook::ZeroDark, vec![Game::ZeroDark]),
    ];
    for (book, games) in expected {
        assert_eq!(book.games(), games.as_slice(), "{book:?}");
    }
    given([created(Game::Wwii)])
        .when(Command::AcceptFailure)
        .then_refused(&["K9 Encounters belong to Warfighter Modern"]);
}
