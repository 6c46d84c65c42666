//! Notes on the campaign, a Soldier or a Mission.

use crate::domain::event::NoteWritten;
use crate::rules::tests::*;

fn note(text: &str, soldier: Option<&str>, mission: Option<u32>) -> Command {
    Command::Note {
        text: text.into(),
        soldier: soldier.map(Into::into),
        mission,
    }
}

fn written(text: &str, soldier: Option<&str>, mission: Option<u32>) -> Event {
    Event::NoteWritten(NoteWritten {
        mission,
        soldier: soldier.map(Into::into),
        text: text.into(),
    })
}

#[test]
fn a_note_between_missions_is_on_the_campaign_and_changes_no_number() {
    let before = crate::rules::harness::Played::new(modern_squad()).state();
    let after = given(modern_squad())
        .when(note("  The squad forms up at Fort Bragg  ", None, None))
        .then([written("The squad forms up at Fort Bragg", None, None)]);
    assert_eq!(after.soldiers, before.soldiers);
    assert_eq!(after.rp_bank, before.rp_bank);
}

#[test]
fn a_note_during_a_mission_is_on_it_and_names_the_soldier_as_enlisted() {
    given(on_mission())
        .when(note("carried Kowalski out", Some("wong"), None))
        .then([written("carried Kowalski out", Some("Wong"), Some(1))]);
}

#[test]
fn a_note_may_name_a_mission_already_played() {
    let mut log = on_mission();
    log.push(mission_ended(1));
    given(log.clone())
        .when(note("a hard fight", None, Some(1)))
        .then([written("a hard fight", None, Some(1))]);
    given(log)
        .when(note("after the fight", None, None))
        .then([written("after the fight", None, None)]);
}

#[test]
fn a_note_on_a_mission_not_recorded_or_an_unknown_soldier_is_refused() {
    given(modern_squad())
        .when(note("x", None, Some(1)))
        .then_refused(&["no Mission is recorded yet", "leave out --mission"]);
    given(on_mission())
        .when(note("x", None, Some(2)))
        .then_refused(&["there is no Mission 2", "1 to 1"]);
    given(on_mission())
        .when(note("x", None, Some(0)))
        .then_refused(&["there is no Mission 0"]);
    given(on_mission())
        .when(note("x", Some("Nobody"), None))
        .then_refused(&["Nobody"]);
}

#[test]
fn a_note_is_plain_text_of_the_usual_length() {
    given(modern_squad())
        .when(note("   ", None, None))
        .then_refused(&["a note is empty"]);
    given(modern_squad())
        .when(note("line one\nline two", None, None))
        .then_refused(&["control character"]);
    given(modern_squad())
        .when(note(&"x".repeat(201), None, None))
        .then_refused(&["201 characters long", "at most 200"]);
}
