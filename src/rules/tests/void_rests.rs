//! Voids that would pull the ground from under later results (issue: the log is a proof):
//! each is refused, mended by a revision, or cascades, and what it leaves folds cleanly.

use super::*;
use crate::dice::Seed;
use crate::domain::command::StatusChange;
use crate::domain::soldier::Ability;
use crate::rules::harness::Played;

/// A WWII campaign with Wong (RP 8, Medic 6+) and Park (RP 4).
pub(super) fn squad() -> Played {
    Played::new([
        created(Game::Wwii),
        enlisted(SoldierCard {
            rp: 8,
            abilities: [("medic".to_owned(), "6+".parse::<Ability>().unwrap())].into(),
            ..player("Wong")
        }),
        enlisted(player("Park")),
    ])
}

pub(super) fn kill(soldier: &str) -> Command {
    Command::ChangeStatus {
        change: StatusChange::Kill,
        soldier: soldier.into(),
    }
}

pub(super) fn end() -> Command {
    Command::EndMission {
        result: crate::domain::MissionResult::Success,
        rp_award: None,
    }
}

pub(super) fn medic_check() -> Command {
    Command::Check {
        soldier: "Wong".into(),
        ability: "medic".into(),
        modifiers: vec![],
        upgunned: false,
        trap: false,
        fail: false,
        card: None,
    }
}

/// Folds `played` with the void's `events` appended as one command, and asserts the fold
/// found nothing wrong.
pub(super) fn apply_cleanly(played: &mut Played, events: Vec<Event>) -> CampaignState {
    played.record(events);
    let state = played.state();
    assert_eq!(
        state.anomalies,
        vec![],
        "the history after the void folds cleanly"
    );
    assert_eq!(state.unsettled_awards, vec![], "no award is left unsettled");
    state
}

#[test]
fn a_kia_voided_after_the_mission_award_was_computed_from_it_revises_the_award() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let killed = played.play(kill("Park"), &[]);
    played.play(end(), &[]);
    assert_eq!(played.state().rp_bank, 4, "Park's 4 RP were lost: the award is 4");

    let events = played.void(killed, false).unwrap();
    assert!(matches!(&events[0], Event::CommandVoided(v) if v.version == killed));
    assert_eq!(
        events[1],
        Event::RpAwardRevised(crate::domain::event::RpAwardRevised {
            mission: 1,
            was: 4,
            amount: 0,
            why: format!(
                "computed again without version {killed}: Mission 1's award was 4 RP and is now 0 RP"
            ),
        })
    );
    let state = apply_cleanly(&mut played, events);
    assert_eq!(state.rp_bank, 0, "without the KIA nobody was lost: no award");
    assert_eq!(
        state.soldier("Park").unwrap().status,
        crate::domain::soldier::Status::Active
    );
}

#[test]
fn a_kia_voided_after_its_award_was_spent_is_refused() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let killed = played.play(kill("Park"), &[]);
    played.play(end(), &[]);
    let spent = played.play(
        Command::SpendRp {
            amount: 4,
            why: "a jeep".into(),
        },
        &[],
    );
    let refusal = played.void(killed, false).unwrap_err().to_string();
    // The refusal names what a player can look up: the award, the bank, and the spend to
    // void first; never the version the void's own revision would have had.
    for said in [
        "lowers Mission 1's award from 4 to 0 RP",
        "take 4 RP back from the squad's bank, which holds 0 RP",
        &format!("v{spent} spent 4 RP (a jeep)"),
        "Void the spending first",
    ] {
        assert!(refusal.contains(said), "{said:?} in {refusal}");
    }
    assert!(!refusal.contains(&format!("version {}", spent + 1)), "{refusal}");
}

#[test]
fn an_ekia_voided_after_the_paper_sheet_asserted_its_xp_is_refused() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let ekia = played.play(
        Command::RecordEkia {
            soldier: "Wong".into(),
            hostile: "Rifle Team".into(),
            value: 3,
        },
        &[],
    );
    let asserted = played.play(
        Command::Assert {
            soldier: "Wong".into(),
            fields: vec![("xp".into(), "3".into())],
        },
        &[],
    );
    let refusal = played.void(ekia, false).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!("version {asserted} asserts Wong's xp is 3")),
        "{refusal}"
    );
    // Voiding the assertion with it mends the history: nothing then rests on the EKIA.
    let events = played.void(ekia, true).unwrap();
    let voided: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Event::CommandVoided(v) => Some(v.version),
            _ => None,
        })
        .collect();
    assert_eq!(voided, vec![asserted, ekia], "newest first");
    let state = apply_cleanly(&mut played, events);
    assert_eq!(state.soldier("Wong").unwrap().xp, 0);
}

#[test]
fn a_generated_roll_cannot_be_voided_and_rolled_again() {
    let seed = Seed::from_bytes([7; 32]);
    let mut played = squad();
    played.play(
        Command::CommitSeed {
            commitment: seed.commitment(),
        },
        &[],
    );
    let mut played = played.generating_from(seed);
    played.play(start("Caen", &["Wong"]), &[]);
    let rolled = played.play(medic_check(), &[]);
    let refusal = played.void(rolled, false).unwrap_err().to_string();
    assert!(
        refusal.contains("a face shown to the table is a fact"),
        "{refusal}"
    );
}

#[test]
fn an_entered_roll_can_be_voided() {
    let mut played = squad();
    played.play(start("Caen", &["Wong"]), &[]);
    let rolled = played.play(medic_check(), &[3]);
    let events = played.void(rolled, false).unwrap();
    apply_cleanly(&mut played, events);
}

#[test]
fn voiding_the_commitment_a_later_generated_roll_used_is_refused() {
    let first = Seed::from_bytes([1; 32]);
    let second = Seed::from_bytes([2; 32]);
    let mut played = squad();
    played.play(
        Command::CommitSeed {
            commitment: first.commitment(),
        },
        &[],
    );
    let committed = played.play(
        Command::CommitSeed {
            commitment: second.commitment(),
        },
        &[],
    );
    let mut played = played.generating_from(second);
    played.play(start("Caen", &["Wong"]), &[]);
    let rolled = played.play(medic_check(), &[]);
    let refusal = played.void(committed, false).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!(
            "version {rolled} records a generated face from a seed that was not the one committed"
        )),
        "{refusal}"
    );
    let cascade = played.void(committed, true).unwrap_err().to_string();
    assert!(cascade.contains("cannot be voided"), "{cascade}");
}

#[test]
fn a_void_that_nothing_rests_on_needs_no_cascade_and_writes_one_event() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(
        Command::Harm {
            harm: crate::domain::command::Harm::Wound,
            soldier: "Park".into(),
            amount: 1,
        },
        &[],
    );
    played.play(end(), &[]);
    let events = played.void(wound, true).unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    let state = apply_cleanly(&mut played, events);
    assert_eq!(state.soldier("Park").unwrap().wounds, 0);
}

#[test]
fn a_cascade_from_the_missions_start_leaves_a_void_that_revised_its_award_standing() {
    // Given a Mission ended with Park KIA, the KIA voided since: its void revised the award
    let mut played = squad();
    let started = played.play(start("Caen", &["Wong", "Park"]), &[]);
    let killed = played.play(kill("Park"), &[]);
    let ended = played.play(end(), &[]);
    let revised = played.void(killed, false).unwrap();
    assert!(revised.iter().any(|e| matches!(e, Event::RpAwardRevised(_))));
    let void_at = played.record(revised);
    // When the Mission's start is voided with --cascade, its end goes with it, and the void
    // (a void is never voided) stands: the award it revised left with the end
    let events = played.void(started, true).unwrap_or_else(|e| panic!("{e}"));
    let named: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Event::CommandVoided(v) => Some(v.version),
            _ => None,
        })
        .collect();
    assert_eq!(named, [ended, started]);
    assert!(!named.contains(&void_at));
    played.record(events);
    // Then no Mission and no award are left, and the log verifies
    let state = played.state();
    assert_eq!((state.mission.is_none(), state.rp_bank), (true, 0));
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}

#[test]
fn an_amendment_voids_a_generated_roll_and_decides_the_correction_with_its_face() {
    use crate::dice::{Carried, Cup, Face};
    let (mut played, seed, rolled) = rolled_under_a_seed();
    let original = played.log.last().and_then(|r| r.event.roll()).cloned().unwrap();

    // The ground: the void of the roll, and the state without it.
    let voided = crate::domain::fold::voided_commands(&played.log);
    let at = played.log.iter().position(|r| r.version == rolled).unwrap();
    let (before, tail) = played.log.split_at(at);
    let history = crate::rules::void::History {
        campaign: "test",
        base: crate::domain::fold::fold_skipping(before, &voided),
        tail,
        voided: &voided,
        stored: &crate::rules::void::Stored::new(),
    };
    let request = crate::rules::void::Request {
        version: rolled,
        why: "forgot the kit",
        cascade: false,
    };
    let (mut events, ground) = crate::rules::void::amend(&history, &request).unwrap();
    assert!(matches!(&events[..], [Event::CommandVoided(v)] if v.version == rolled));
    assert_eq!(ground.version, rolled + 1, "the correction follows the void");

    // The correction, decided with the face carried: same face, same key, new modifier.
    let carried = Carried {
        face: Face {
            value: original.faces[0],
            source: crate::domain::roll::Source::Generated,
            key: original.dice.clone(),
        },
        sides: 10,
    };
    let mut cup = Cup::new("test", rolled + 1, vec![], Some(seed)).carrying(vec![carried]);
    let mut corrected = medic_check();
    if let Command::Check { modifiers, .. } = &mut corrected {
        modifiers.push(crate::domain::command::NamedModifier {
            value: 1,
            source: "kit".into(),
        });
    }
    let decided = crate::rules::decide(&ground, &corrected, &mut cup).unwrap();
    let roll = decided[0].roll().unwrap();
    assert_eq!(
        (roll.faces.clone(), roll.dice.clone()),
        (original.faces.clone(), original.dice.clone())
    );
    assert_eq!(roll.total, original.total.map(|t| t + 1));
    assert_eq!((cup.unused_carried(), cup.generated()), (0, 0));
    events.extend(decided);
    apply_cleanly(&mut played, events);
}

/// Wong's Mission under a committed seed, and one medic check whose face that seed
/// generated: the log, the seed, and the check's version.
pub(super) fn rolled_under_a_seed() -> (Played, Seed, u64) {
    let seed = Seed::from_bytes([7; 32]);
    let mut played = squad();
    played.play(
        Command::CommitSeed {
            commitment: seed.commitment(),
        },
        &[],
    );
    let mut played = played.generating_from(seed.clone());
    played.play(start("Caen", &["Wong"]), &[]);
    let rolled = played.play(medic_check(), &[]);
    (played, seed, rolled)
}

/// The history a void of the command at `version` in `played` is decided on, with the
/// commands `stored` as the log stored them.
fn deciding<'a>(
    played: &'a Played,
    version: u64,
    voided: &'a crate::domain::fold::Voided,
    stored: &'a crate::rules::void::Stored,
) -> crate::rules::void::History<'a> {
    let at = played.log.iter().position(|r| r.version == version).unwrap();
    let (before, tail) = played.log.split_at(at);
    crate::rules::void::History {
        campaign: "test",
        base: crate::domain::fold::fold_skipping(before, voided),
        tail,
        voided,
        stored,
    }
}

#[test]
fn a_void_decides_a_later_command_again_from_the_command_the_log_stored() {
    // Given Park Killed in Mission 1, then Mission 2 started with every Soldier fit for duty:
    // its event names Wong alone.
    let mut played = squad();
    played.play(start("One", &[]), &[]);
    let killed = played.play(kill("Park"), &[]);
    played.play(end(), &[]);
    let second = played.play(start("Two", &[]), &[]);
    played.play(end(), &[]);
    let id = played
        .log
        .iter()
        .find(|r| r.version == second)
        .unwrap()
        .command_id
        .clone();
    let voided = crate::domain::fold::voided_commands(&played.log);
    let request = |cascade| crate::rules::void::Request {
        version: killed,
        why: "he lived",
        cascade,
    };

    // From its events alone, Mission 2 would still start with Wong, so the void was allowed.
    let none = crate::rules::void::Stored::new();
    let from_events = crate::rules::void::decide(&deciding(&played, killed, &voided, &none), &request(false));
    assert!(from_events.is_ok(), "{from_events:?}");

    // When the KIA is voided, then the stored command (every Soldier fit for duty) now takes
    // Park too: Mission 2 rests on the KIA, and the void is refused, naming it.
    let stored: crate::rules::void::Stored = [(id, start("Two", &[]))].into();
    let history = deciding(&played, killed, &voided, &stored);
    let refused = crate::rules::void::decide(&history, &request(false)).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains(&format!("version {second} decided again")),
        "{refused}"
    );
    // With --cascade, Mission 2's start and end are voided with it.
    let events = crate::rules::void::decide(&history, &request(true)).unwrap();
    let named: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Event::CommandVoided(v) => Some(v.version),
            _ => None,
        })
        .collect();
    assert_eq!(named, [second + 1, second, killed]);
}

#[test]
fn an_amendment_refused_for_what_rests_on_it_names_no_cascade_it_does_not_have() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let harm = |harm| Command::Harm {
        harm,
        soldier: "Park".into(),
        amount: 1,
    };
    let wound = played.play(harm(crate::domain::command::Harm::Wound), &[]);
    played.play(harm(crate::domain::command::Harm::Heal), &[]);
    let refusal = played.amend(wound).unwrap_err().to_string();
    assert!(refusal.contains("later events depend on version"), "{refusal}");
    assert!(refusal.contains("then amend it"), "{refusal}");
    assert!(!refusal.contains("--cascade"), "{refusal}");
    let void = played.void(wound, false).unwrap_err().to_string();
    assert!(void.contains("add --cascade"), "{void}");
}
