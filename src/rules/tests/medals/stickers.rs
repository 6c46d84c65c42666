//! Medal stickers stay with the Soldier across Missions until he suffers a Downed or KIA
//! result (rule 004), and count in the squad's Medal RP at each Mission's start.

use super::*;

const ALL: [&str; 3] = ["Able", "Baker", "Charlie"];

/// [`juno_turn_1`] where Able earned the Mention in Despatches (1 RP) and Mission 1 ended.
fn able_decorated() -> Vec<Event> {
    let mut log = juno_turn_1();
    log.extend([
        drawn(MID, "played the Caen Objective", 1),
        recipient_rolled(MID, &ALL, 1, "Able"),
        earned(MID, "Able"),
        sticker_on("Able", MID, 1, "Place an EKIA this turn"),
        mission_ended_computed(1, 12, 12),
    ]);
    log
}

fn removed(soldier: &str, medals: Vec<MedalSticker>, because: &str) -> Event {
    Event::MedalStickersRemoved(MedalStickersRemoved {
        soldier: soldier.into(),
        medals,
        because: because.into(),
    })
}

#[test]
fn stickers_stay_across_three_missions_when_nothing_happens_to_him() {
    let mut log = able_decorated();
    for (number, name) in [(2, "Caen"), (3, "Carpiquet"), (4, "Falaise")] {
        let state = step(
            &mut log,
            start(name, &[]),
            &[],
            vec![mission_started(number, name, &ALL)],
        );
        let mission = state.mission.as_ref().unwrap();
        assert_eq!((mission.start_rp, mission.start_medal_rp), (12, 1));
        let state = step(
            &mut log,
            end(None),
            &[],
            vec![mission_ended_computed(number, 12, 12)],
        );
        assert_eq!(state.soldier("Able").unwrap().medals, vec![sticker(MID, 1)]);
    }
    let state = given(log).state;
    assert_eq!(state.mission.as_ref().unwrap().number, 4);
    assert!(state.anomalies.is_empty());
}

#[test]
fn wounds_and_suppress_leave_the_stickers_on() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    log.push(Event::Wounded(amount("Able", 2)));
    log.push(Event::Suppressed(amount("Able", 1)));
    let state = given(log).when(end(None)).then([
        mission_ended_computed(2, 12, 12),
        Event::SuppressCleared(amount("Able", 1)),
    ]);
    assert_eq!(state.soldier("Able").unwrap().medals, vec![sticker(MID, 1)]);
}

#[test]
fn a_downed_result_removes_his_stickers() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    log.push(medal_awarded("Able", MC, 3));
    let state = given(log).when(status(StatusChange::Down, "Able")).then([
        Event::Downed(named("Able")),
        removed("Able", vec![sticker(MID, 1), sticker(MC, 3)], "downed"),
    ]);
    let able = state.soldier("Able").unwrap();
    assert!(able.medals.is_empty());
    assert_eq!(able.medal_rp(), 0);
}

#[test]
fn recovering_does_not_bring_the_stickers_back() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    log.push(Event::Downed(named("Able")));
    log.push(removed("Able", vec![sticker(MID, 1)], "downed"));
    log.push(mission_ended_computed(2, 12, 12));
    step(
        &mut log,
        status(StatusChange::Recover, "Able"),
        &[],
        vec![Event::Recovered(named("Able"))],
    );
    let state = step(
        &mut log,
        start("Carpiquet", &[]),
        &[],
        vec![mission_started(3, "Carpiquet", &ALL)],
    );
    assert!(state.soldier("Able").unwrap().medals.is_empty());
    assert_eq!(state.mission.as_ref().unwrap().start_medal_rp, 0);
}

#[test]
fn a_kia_result_removes_his_stickers() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    let state = given(log).when(status(StatusChange::Kill, "able")).then([
        Event::Killed(named("Able")),
        removed("Able", vec![sticker(MID, 1)], "kia"),
    ]);
    assert!(state.soldier("Able").unwrap().medals.is_empty());
}

#[test]
fn killing_a_downed_soldier_has_no_stickers_left_to_remove() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    log.push(Event::Downed(named("Able")));
    log.push(removed("Able", vec![sticker(MID, 1)], "downed"));
    given(log)
        .when(status(StatusChange::Kill, "Able"))
        .then([Event::Killed(named("Able"))]);
}

#[test]
fn a_discharge_is_neither_downed_nor_kia_and_leaves_the_stickers() {
    let state = given(able_decorated())
        .when(status(StatusChange::Discharge, "Able"))
        .then([Event::Discharged(named("Able"))]);
    assert_eq!(state.soldier("Able").unwrap().medals, vec![sticker(MID, 1)]);
}

#[test]
fn a_soldier_without_stickers_is_downed_with_no_removal() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    given(log)
        .when(status(StatusChange::Down, "Baker"))
        .then([Event::Downed(named("Baker"))]);
}

#[test]
fn the_next_missions_medal_rp_drops_once_the_stickers_are_removed() {
    let mut log = able_decorated();
    log.push(mission_started(2, "Caen", &ALL));
    log.push(Event::Killed(named("Able")));
    log.push(removed("Able", vec![sticker(MID, 1)], "kia"));
    // Able (4 RP) is lost: the squad started at 12 RP and ends at 8.
    step(&mut log, end(None), &[], vec![mission_ended_computed(2, 12, 8)]);
    let state = step(
        &mut log,
        start("Carpiquet", &[]),
        &[],
        vec![mission_started(3, "Carpiquet", &["Baker", "Charlie"])],
    );
    let mission = state.mission.as_ref().unwrap();
    assert_eq!((mission.start_rp, mission.start_medal_rp), (8, 0));
    assert_eq!(state.rp_bank, 4);
}
