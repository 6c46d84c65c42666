//! Set-up: the campaign's Nation deck, shuffled face down, once (rule 004 "Set-Up").

use super::*;

fn load(file: MedalDeckFile) -> Command {
    Command::LoadMedalDeck(file)
}

#[test]
fn loading_the_nations_deck_shuffles_every_card_face_down() {
    let state = given([canadian_campaign()])
        .when(load(canada()))
        .then([deck_loaded()]);
    let deck = deck(&state);
    assert_eq!(deck.nation, "Canada");
    assert_eq!(deck.cards, canada().medals);
    assert_eq!(deck.in_deck, names(&[MM, DCM, MC, MID]));
    assert!(deck.drawn.is_empty());
    assert!(deck.discarded.is_empty());
    assert!(deck.earned.is_empty());
}

#[test]
fn the_deck_is_kept_in_the_campaign_state_so_replaying_needs_no_file() {
    let state = given([canadian_campaign(), deck_loaded()]).state;
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MC, MID]));
    assert!(state.anomalies.is_empty());
}

#[test]
fn loading_a_deck_without_the_medals_expansion_is_refused() {
    given([wwii(Some("Canada"), &[])])
        .when(load(canada()))
        .then_refused(&[
            "this campaign does not use the Medals expansion",
            "muster campaign expansion add medals",
        ]);
}

#[test]
fn under_the_first_rules_loading_a_deck_without_the_medals_expansion_is_refused_too() {
    let Event::CampaignCreated(mut created) = wwii(Some("Canada"), &[]) else {
        panic!("a campaign creation");
    };
    created.rules = crate::domain::rules_version::FIRST;
    given([Event::CampaignCreated(created)])
        .when(load(canada()))
        .then_refused(&[
            "this campaign does not use the Medals expansion",
            "muster campaign expansion add medals",
        ]);
}

#[test]
fn loading_a_deck_with_only_other_expansions_is_refused() {
    given([wwii(Some("Canada"), &["objectives", "environment"])])
        .when(load(canada()))
        .then_refused(&["does not use the Medals expansion"]);
}

#[test]
fn loading_another_nations_deck_is_refused() {
    given([wwii(Some("France"), &["medals"])])
        .when(load(canada()))
        .then_refused(&[
            "this is the Canada Medal deck, but the campaign commands France",
            "use only your Nation's Medal cards",
        ]);
}

#[test]
fn the_nation_is_compared_without_case() {
    given([wwii(Some("canada"), &["medals"])])
        .when(load(canada()))
        .then([deck_loaded()]);
}

#[test]
fn a_campaign_that_names_no_nation_takes_the_deck_it_is_given() {
    given([wwii(None, &["medals"])])
        .when(load(canada()))
        .then([deck_loaded()]);
}

#[test]
fn loading_a_second_deck_is_refused() {
    given([canadian_campaign(), deck_loaded()])
        .when(load(canada()))
        .then_refused(&[
            "the Canada Medal deck is already shuffled for this campaign",
            "one deck per campaign",
        ]);
}

#[test]
fn a_deck_listing_a_card_twice_is_refused() {
    let mut file = canada();
    let mut again = file.medals[0].clone();
    again.name = "military medal".into();
    file.medals.push(again);
    given([canadian_campaign()]).when(load(file)).then_refused(&[
        "the deck lists 'military medal' twice",
        "give each Medal card a distinct name",
    ]);
}

#[test]
fn a_deck_with_no_cards_is_refused() {
    let file = MedalDeckFile {
        nation: "Canada".into(),
        medals: vec![],
    };
    given([canadian_campaign()])
        .when(load(file))
        .then_refused(&["the deck file lists no Medal cards"]);
}

#[test]
fn a_card_with_a_turn_limit_of_zero_is_refused() {
    let mut file = canada();
    file.medals[0].turn_limit = Some(0);
    given([canadian_campaign()])
        .when(load(file))
        .then_refused(&["a Medal's turn limit must be from 1 to 10; got 0"]);
}

#[test]
fn a_card_worth_more_than_twenty_rp_is_refused() {
    let mut file = canada();
    file.medals[1].rp = 21;
    given([canadian_campaign()])
        .when(load(file))
        .then_refused(&["a Medal's RP must be from 0 to 20; got 21"]);
}

#[test]
fn card_names_are_trimmed_when_loaded() {
    let mut file = canada();
    file.medals[0].name = "  Military Medal ".into();
    given([canadian_campaign()])
        .when(load(file))
        .then([deck_loaded()]);
}

#[test]
fn loading_a_deck_before_the_campaign_exists_is_refused() {
    given([])
        .when(load(canada()))
        .then_refused(&["the campaign does not exist yet"]);
}

#[test]
fn a_second_deck_loaded_event_is_noted_and_changes_nothing() {
    let mut second = canada();
    second.nation = "France".into();
    second.medals.truncate(1);
    let state = given([
        canadian_campaign(),
        deck_loaded(),
        Event::MedalDeckLoaded(MedalDeckLoaded {
            nation: "France".into(),
            medals: second.medals,
        }),
    ])
    .state;
    assert_eq!(deck(&state).nation, "Canada");
    assert_eq!(deck(&state).in_deck.len(), 4);
    assert_eq!(state.anomalies.len(), 1);
}
