//! `verify` decides an EKIA again: on an Eliminate Medal's Hostile, another Soldier's EKIA
//! loses the Medal, and a log that kept it is found.

use super::*;
use crate::rules::harness::Played;

#[test]
fn an_eliminate_medal_kept_after_another_soldiers_ekia_is_found_when_decided_again() {
    let mut played = Played::new(juno_turn_1());
    played.play(draw_on(DCM, "Able Wounded", SNIPER), &[]);
    played.play(Command::RollMedalRecipient { medal: DCM.into() }, &[1]);
    let ekia = played.play(
        Command::RecordEkia {
            soldier: "Baker".into(),
            hostile: SNIPER.into(),
            value: 2,
        },
        &[],
    );
    assert_eq!(played.decided_otherwise(), vec![], "as the rules decided it");
    assert!(played.log.iter().any(|r| matches!(r.event, Event::MedalLost(_))));
    // The Medal's loss dropped: Able would still earn it.
    played.log.retain(|r| !matches!(r.event, Event::MedalLost(_)));
    assert_eq!(played.state().anomalies, vec![], "each event passes the fold");
    assert_eq!(played.decided_otherwise(), vec![Some(ekia)]);
}
