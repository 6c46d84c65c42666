//! `verify` decides a K9 roll again: one paid with XP begins with the XP paid, and an amount
//! paid other than the card's option is found, though each number passes the fold.

use super::*;
use crate::rules::harness::Played;

#[test]
fn an_xp_payment_other_than_the_cards_option_is_found_when_decided_again() {
    // Played command by command, as the store holds it.
    let mut played = Played::new(squad());
    played.play(
        start_k9("Location 2", &["Wong", "Gizmo", "Park"], "Find the cache"),
        &[],
    );
    played.play(Command::NextTurn, &[]);
    played.play(
        Command::AdjustXp {
            target: crate::domain::command::XpTarget::Soldier("Wong".into()),
            amount: 2,
            why: "patrol".into(),
        },
        &[],
    );
    played.play(draw(None), &[]);
    played.play(roll(&[Resource::Discipline]), &[4]);
    let paid = played.play(roll(&[Resource::Xp]), &[6]);
    assert_eq!(played.findings("decide"), vec![], "as the rules decided it");
    // Two XP paid for the card's "pay 1 XP: +1".
    for recorded in played.log.iter_mut().filter(|r| r.version == paid) {
        if let Event::XpAdjusted(e) = &mut recorded.event {
            e.amount = -2;
        }
    }
    assert_eq!(played.state().anomalies, vec![], "each number passes the fold");
    assert_eq!(played.decided_otherwise(), vec![Some(paid)]);
}
