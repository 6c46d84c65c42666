//! Paying for a roll's options: Discipline, XP and discards, and what cannot be paid.

use super::*;

#[test]
fn discipline_no_longer_there_cannot_be_paid() {
    // The worked example spends one counter; a second Encounter spends the other.
    let mut log = after_gizmos_roll();
    log.extend([
        k9_roll(EncounterStep::Roll(1), wong_discarding(6, 9, true)),
        resolved(EncounterEnd::Reward, REWARD),
    ]);
    step(&mut log, draw(None), &[], vec![drawn("Wong")]);
    step(
        &mut log,
        roll(&[Resource::Discipline]),
        &[5],
        vec![
            discipline_spent(PAID_ROLL_1),
            k9_roll(EncounterStep::Roll(0), gizmo_paid(ROLL_1, 5, 8, true)),
        ],
    );
    let state = step(
        &mut log,
        roll(&[Resource::Discards]),
        &[1],
        vec![k9_roll(EncounterStep::Roll(1), wong_discarding(1, 4, false))],
    );
    assert_eq!(state.soldier("Gizmo").unwrap().discipline, Some(0));
    given(log.clone())
        .when_rolling(retry(&[Resource::Discipline]), &[9])
        .then_refused(&["Gizmo has 0 Discipline; paying 1 is refused"]);
    // Paying is optional: the retry without it goes ahead.
    given(log).when_rolling(retry(&[]), &[7]).then([
        k9_roll(
            EncounterStep::Retry,
            Roll {
                modifiers: vec![modifier(-1, "card")],
                total: Some(6),
                success: true,
                ..d10("Gizmo", RETRY, 7, 5, true)
            },
        ),
        resolved(EncounterEnd::Reward, REWARD),
    ]);
}

#[test]
fn xp_the_handler_does_not_have_cannot_be_paid() {
    given(after_gizmos_roll())
        .when_rolling(roll(&[Resource::Xp, Resource::Discards]), &[6])
        .then_refused(&["Wong has 0 XP; paying 1 is refused"]);
}

#[test]
fn xp_the_handler_has_is_paid_before_the_roll() {
    // Wong has 1 XP from earlier service; 3 + 1 + 3 = 7 ≥ 7.
    let mut log = squad();
    log.push(xp_adjusted("Wong", 1));
    log.extend(after_gizmos_roll().into_iter().skip(squad().len()));
    let state = step(
        &mut log,
        roll(&[Resource::Xp, Resource::Discards]),
        &[3],
        vec![
            Event::XpAdjusted(XpAdjusted {
                soldier: "Wong".into(),
                amount: -1,
                why: "k9 encounter: Buried Explosive, roll 2: +1".into(),
            }),
            k9_roll(
                EncounterStep::Roll(1),
                Roll {
                    modifiers: vec![modifier(1, "paid 1 XP"), modifier(3, "discarded 2 cards")],
                    costs: vec![cost("xp", 1), cost("discards", 2)],
                    total: Some(7),
                    success: true,
                    ..d10(
                        "Wong",
                        "k9 encounter: Buried Explosive, roll 2 (handler)",
                        3,
                        7,
                        true,
                    )
                },
            ),
            resolved(EncounterEnd::Reward, REWARD),
        ],
    );
    assert_eq!(
        state.soldier("Wong").unwrap().xp,
        0,
        "the XP paid, and none gained"
    );
}

#[test]
fn paying_an_option_the_roll_does_not_offer_is_refused() {
    let log = on_mission()
        .into_iter()
        .chain([drawn("Wong")])
        .collect::<Vec<_>>();
    given(log.clone())
        .when_rolling(roll(&[Resource::Xp]), &[4])
        .then_refused(&[
            "this roll offers no option paid with xp",
            "it offers: discipline (+4)",
        ]);
    given(log.clone())
        .when_rolling(roll(&[Resource::Discards]), &[4])
        .then_refused(&["no option paid with discards"]);
    given(log)
        .when_rolling(roll(&[Resource::Discipline, Resource::Discipline]), &[4])
        .then_refused(&["--pay discipline is named twice"]);
    given(after_gizmos_roll())
        .when_rolling(roll(&[Resource::Discipline]), &[4])
        .then_refused(&["it offers: xp (+1), discards (+3)"]);
}
