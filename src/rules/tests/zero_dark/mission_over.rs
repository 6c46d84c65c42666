//! Buy Time's end (rule 003): "You may now continue to play until these cards are exhausted.
//! At that point, the mission is over as normal." From rules 4, once the set-aside cards are
//! exhausted, play is refused until `mission end` records the end; older campaigns keep the
//! meaning their logs were played under.

use super::*;

use crate::domain::command::XpTarget;
use crate::domain::rules_version::{ABILITY_WORDS_KNOWN, NEWEST, SET_ASIDE_EXHAUSTED_ENDS_PLAY};
use crate::rules::harness::Played;

/// Kestrel (D 2) bought time, both cards were set aside, the Control Deck ran out and
/// `flipped` of the two set-aside cards were flipped since, on Mission 1's first turn, under
/// `rules`.
fn flipped_under(rules: RulesVersion, flipped: u32) -> Vec<Event> {
    let mut events = under(rules, deployed());
    events.push(Event::BuyTimeDeclared(BuyTimeDeclared {
        cards: 2,
        spook: SPOOK.into(),
        versus: None,
    }));
    events.push(turn_started(1));
    events.push(Event::ControlCardsSetAside(ControlCardsSetAside { cards: 2 }));
    events.push(Event::ControlDeckRanOut(ControlDeckRanOut { set_aside: 2 }));
    if flipped > 0 {
        events.push(Event::SetAsideCardsFlipped(SetAsideCardsFlipped {
            cards: flipped,
            remaining: 2 - flipped,
        }));
    }
    events
}

/// Commands of play after the cards are exhausted: a turn, a hero's state, a bogey, another
/// card flipped.
fn play() -> Vec<Command> {
    vec![
        Command::NextTurn,
        Command::SetHeroState {
            hero: GUNNER.into(),
            state: HeroState::Stunned,
        },
        Command::AddBogey(grunt("Pigeon")),
        Command::FlipSetAside(1),
    ]
}

#[test]
fn from_rules_4_play_after_the_set_aside_cards_are_exhausted_is_refused_naming_mission_end() {
    assert!(NEWEST >= SET_ASIDE_EXHAUSTED_ENDS_PLAY);
    for command in play() {
        given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 2))
            .when(command)
            .then_refused(&[
                "Mission 1 is over",
                "the set-aside cards",
                "are exhausted",
                "muster mission end",
            ]);
    }
}

#[test]
fn from_rules_4_the_missions_end_xp_and_the_audit_still_follow_exhausted_cards() {
    let ended = given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 2))
        .when(end_mission())
        .result
        .expect("the Mission's end is recorded");
    assert!(matches!(ended.first(), Some(Event::MissionEnded(_))), "{ended:?}");
    given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 2))
        .when(Command::AdjustXp {
            target: XpTarget::Soldier(GUNNER.into()),
            amount: 1,
            why: "bought between turns".into(),
        })
        .then([Event::XpAdjusted(XpAdjusted {
            amount: 1,
            soldier: GUNNER.into(),
            why: "bought between turns".into(),
        })]);
}

#[test]
fn from_rules_4_play_goes_on_while_a_set_aside_card_remains() {
    given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 1))
        .when(Command::NextTurn)
        .then([turn_started(2)]);
    given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 1))
        .when(Command::FlipSetAside(1))
        .then([Event::SetAsideCardsFlipped(SetAsideCardsFlipped {
            cards: 1,
            remaining: 0,
        })]);
}

#[test]
fn under_rules_3_play_after_the_set_aside_cards_are_exhausted_is_still_recorded() {
    given(flipped_under(ABILITY_WORDS_KNOWN, 2))
        .when(Command::NextTurn)
        .then([turn_started(2)]);
    given(flipped_under(ABILITY_WORDS_KNOWN, 2))
        .when(Command::SetHeroState {
            hero: GUNNER.into(),
            state: HeroState::Stunned,
        })
        .then([hero_state(GUNNER, HeroState::Stunned)]);
}

#[test]
fn an_amendment_after_the_cards_are_exhausted_corrects_play_recorded_before() {
    let state = given(flipped_under(SET_ASIDE_EXHAUSTED_ENDS_PLAY, 2)).state;
    let command = Command::SetHeroState {
        hero: GUNNER.into(),
        state: HeroState::Stunned,
    };
    let mut cup = crate::dice::Cup::empty();
    assert!(crate::rules::decide(&state, &command, &mut cup).is_err());
    let corrected = crate::rules::decide_amendment(&state, &command, &mut cup);
    assert_eq!(
        corrected.map_err(|e| e.to_string()),
        Ok(vec![hero_state(GUNNER, HeroState::Stunned)])
    );
}

#[test]
fn a_turn_forged_after_the_cards_are_exhausted_is_found_by_verify_under_rules_4_only() {
    for (rules, found) in [
        (SET_ASIDE_EXHAUSTED_ENDS_PLAY, true),
        (ABILITY_WORDS_KNOWN, false),
    ] {
        let mut played = Played::new(flipped_under(rules, 2));
        let turn = played.record(vec![turn_started(2)]);
        let findings = played.findings("decide");
        let at_turn = findings
            .iter()
            .any(|(v, p)| *v == Some(turn) && p.contains("Mission 1 is over"));
        assert_eq!(at_turn, found, "under {rules}: {findings:?}");
    }
}
