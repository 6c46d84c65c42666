//! The audit's records: revealing the dice seed, and a paper sheet's assertions.

use crate::dice::Seed;
use crate::domain::event::{AssertionRecorded, SeedCommitted, SeedRevealed};
use crate::rules::tests::*;

fn with_seed(seed: &Seed) -> Vec<Event> {
    let mut events = modern_squad();
    events.push(Event::SeedCommitted(SeedCommitted {
        commitment: seed.commitment(),
    }));
    events
}

fn reveal(seed: &str) -> Command {
    Command::RevealSeed {
        seed: seed.into(),
        next_commitment: "ab".repeat(32),
    }
}

#[test]
fn revealing_the_seed_in_force_logs_it_and_commits_the_next() {
    let seed = Seed::from_bytes([9; 32]);
    let state = given(with_seed(&seed)).when(reveal(&seed.to_hex())).then([
        Event::SeedRevealed(SeedRevealed {
            commitment: seed.commitment(),
            seed: seed.to_hex(),
        }),
        Event::SeedCommitted(SeedCommitted {
            commitment: "ab".repeat(32),
        }),
    ]);
    assert_eq!(state.seed_commitment, Some("ab".repeat(32)));
}

#[test]
fn a_seed_that_does_not_match_the_commitment_is_refused() {
    let seed = Seed::from_bytes([9; 32]);
    let other = Seed::from_bytes([8; 32]);
    given(with_seed(&seed))
        .when(reveal(&other.to_hex()))
        .then_refused(&["does not match the commitment in force"]);
    given(with_seed(&seed))
        .when(reveal("xyz"))
        .then_refused(&["64 hex digits"]);
    given(modern_squad())
        .when(reveal(&seed.to_hex()))
        .then_refused(&["no dice seed is committed"]);
}

fn assert_cmd(soldier: &str, fields: &[(&str, &str)]) -> Command {
    Command::Assert {
        soldier: soldier.into(),
        fields: fields.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect(),
    }
}

#[test]
fn an_assertion_records_the_paper_sheet_whatever_the_log_says() {
    // It records; `verify` is what compares it with the log.
    given(modern_squad())
        .when(assert_cmd("wong", &[("XP", "7"), ("hardy.cold", "2")]))
        .then([Event::AssertionRecorded(AssertionRecorded {
            soldier: "Wong".into(),
            fields: [
                ("hardy.cold".to_owned(), "2".to_owned()),
                ("xp".to_owned(), "7".to_owned()),
            ]
            .into_iter()
            .collect(),
        })]);
}

#[test]
fn an_assertion_of_an_unknown_field_or_a_field_he_lacks_is_refused() {
    given(modern_squad())
        .when(assert_cmd("Wong", &[("luck", "3")]))
        .then_refused(&["'luck' is not a field of the roster", "hardy.TYPE"]);
    given(modern_squad())
        .when(assert_cmd("Wong", &[("discipline", "2")]))
        .then_refused(&["Wong has no discipline"]);
    given(modern_squad())
        .when(assert_cmd("Wong", &[("xp", "1"), ("XP", "2")]))
        .then_refused(&["xp is stated twice"]);
    given(modern_squad())
        .when(assert_cmd("Wong", &[]))
        .then_refused(&["name at least one field"]);
}

#[test]
fn from_rules_5_an_assertion_of_a_value_no_sheet_holds_is_refused() {
    for (field, value, accepted) in [
        ("xp", "abc", "give a whole number of 0 or more"),
        ("wounds", "-1", "give a whole number of 0 or more"),
        ("hardy.cold", "1.5", "give a whole number of 0 or more"),
        ("status", "dead", "a status is active, downed, kia or discharged"),
    ] {
        given(modern_squad())
            .when(assert_cmd("Wong", &[(field, value)]))
            .then_refused(&[
                &format!("{field}={value} is no value a paper sheet holds"),
                accepted,
            ]);
    }
    // A value a sheet holds is recorded, whatever the log says; under rules 4 any is.
    given(modern_squad())
        .when(assert_cmd("Wong", &[("status", "KIA")]))
        .then([Event::AssertionRecorded(AssertionRecorded {
            soldier: "Wong".into(),
            fields: [("status".to_owned(), "kia".to_owned())].into_iter().collect(),
        })]);
    let mut older = modern_squad();
    if let Some(Event::CampaignCreated(created)) = older.first_mut() {
        created.rules = crate::domain::rules_version::SET_ASIDE_EXHAUSTED_ENDS_PLAY;
    }
    given(older)
        .when(assert_cmd("Wong", &[("xp", "abc")]))
        .then([Event::AssertionRecorded(AssertionRecorded {
            soldier: "Wong".into(),
            fields: [("xp".to_owned(), "abc".to_owned())].into_iter().collect(),
        })]);
}

#[test]
fn from_rules_9_a_heros_state_is_asserted_as_the_log_writes_it() {
    let team = || vec![created(Game::ZeroDark), enlisted(hero("Vega"))];
    let recorded = |value: &str| {
        Event::AssertionRecorded(AssertionRecorded {
            soldier: "Vega".into(),
            fields: [("state".to_owned(), value.to_owned())].into_iter().collect(),
        })
    };
    for typed in ["wounded 2", "Wounded(2)", "wounded2"] {
        given(team())
            .when(assert_cmd("Vega", &[("state", typed)]))
            .then([recorded("wounded(2)")]);
    }
    given(team())
        .when(assert_cmd("Vega", &[("state", "lost")]))
        .then([recorded("lost")]);
    for (field, value, said) in [
        ("state", "bogus", "state=bogus is no state a hero is in"),
        ("state", "wounded", "state=wounded is no state a hero is in"),
        ("wounds", "2", "Vega is a hero, whose wounds are his state"),
    ] {
        given(team())
            .when(assert_cmd("Vega", &[(field, value)]))
            .then_refused(&[said]);
    }
    // Under rules 8 the state was recorded as typed.
    let mut older = team();
    if let Some(Event::CampaignCreated(created)) = older.first_mut() {
        created.rules = crate::domain::rules_version::TABLE_SIZED;
    }
    given(older)
        .when(assert_cmd("Vega", &[("state", "bogus")]))
        .then([recorded("bogus")]);
}

#[test]
fn an_earlier_seed_whose_faces_are_on_the_log_is_revealed_without_committing_another() {
    let (first, second) = (Seed::from_bytes([9; 32]), Seed::from_bytes([7; 32]));
    let mut events = on_mission();
    events.push(Event::SeedCommitted(SeedCommitted {
        commitment: first.commitment(),
    }));
    let mut played = crate::rules::harness::Played::new(events).generating_from(first.clone());
    played.play(
        Command::Check {
            soldier: "Wong".into(),
            ability: "handler".into(),
            modifiers: vec![],
            upgunned: false,
            trap: false,
            fail: false,
            card: None,
        },
        &[],
    );
    // Another seed took its place (a pushed copy's): the first is revealed all the same.
    played.record(vec![Event::SeedCommitted(SeedCommitted {
        commitment: second.commitment(),
    })]);
    let revealed = Event::SeedRevealed(SeedRevealed {
        commitment: first.commitment(),
        seed: first.to_hex(),
    });
    assert_eq!(played.try_play(&reveal(&first.to_hex()), &[]).map(|_| ()), Ok(()));
    assert_eq!(played.log.last().map(|r| &r.event), Some(&revealed));
    let state = played.state();
    assert_eq!(
        state.seed_commitment,
        Some(second.commitment()),
        "the seed in force stays"
    );
    // Once revealed it is not revealed again, and a seed that rolled nothing here is not one.
    let again = played.try_play(&reveal(&first.to_hex()), &[]).unwrap_err();
    assert!(again.to_string().contains("still unrevealed"), "{again}");
    let unused = Seed::from_bytes([5; 32]);
    let refused = played.try_play(&reveal(&unused.to_hex()), &[]).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("does not match the commitment in force"),
        "{refused}"
    );
}
