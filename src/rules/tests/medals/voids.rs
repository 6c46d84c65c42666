//! A Medal earned rests on its recipient roll: voiding the roll afterwards is refused, so
//! no sticker and benefit are left with nobody chosen.

use super::*;
use crate::rules::harness::Played;

#[test]
fn voiding_the_recipient_roll_of_an_earned_medal_is_refused() {
    let mut played = Played::new(juno_turn_1());
    played.play(draw(MM, "played the Farmhouse Location"), &[]);
    let rolled = played.play(Command::RollMedalRecipient { medal: MM.into() }, &[1]);
    let earned = played.play(earn(MM), &[]);
    assert_eq!(played.state().soldier("Able").unwrap().medal_rp(), 2);

    let refusal = played.void(rolled, false).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!(
            "version {earned} decided again, the rules refuse it: '{MM}' has no recipient yet"
        )),
        "{refusal}"
    );
    // Voided with the earning, the sticker and its benefit go too.
    let events = played.void(rolled, true).unwrap();
    played.record(events);
    let state = played.state();
    assert_eq!(state.anomalies, vec![]);
    assert_eq!(state.soldier("Able").unwrap().medal_rp(), 0);
    assert_eq!(state.soldier("Able").unwrap().rp_cards.len(), 0);
}
