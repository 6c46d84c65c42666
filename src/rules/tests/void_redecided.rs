//! `verify` decides every void again, on the log it was decided on (the state before the
//! command it voids, with the voids before it applied, and the log from that command up to
//! it), and requires the same events: a void the rules would have written otherwise is found,
//! though each of its events passes the checked fold.

use super::void_rests::{end, kill, squad};
use super::*;
use crate::domain::command::{Harm, XpTarget};
use crate::domain::error::RuleError;
use crate::rules::harness::Played;

fn harm(harm: Harm, soldier: &str) -> Command {
    Command::Harm {
        harm,
        soldier: soldier.into(),
        amount: 1,
    }
}

/// On a Mission with Wong and Park: Park wounded, then healed (the heal rests on the Wound);
/// the Wound's version.
fn wounded_then_healed() -> (Played, u64) {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    played.play(harm(Harm::Heal, "Park"), &[]);
    (played, wound)
}

/// The void `muster void` decides for `version`, recorded; its first version.
fn voided(played: &mut Played, version: u64, cascade: bool) -> u64 {
    let events = played
        .void(version, cascade)
        .unwrap_or_else(|e| panic!("the void of version {version} was refused: {e}"));
    played.record(events)
}

/// `verify`'s report on `played`, which must find nothing and decide every command again but
/// those voided.
fn verified_whole(played: &Played) -> crate::verify::Report {
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
    assert_eq!(
        report.decided_again,
        report.commands - report.voided,
        "{report:?}"
    );
    report
}

/// The versions and problems `verify` finds deciding the log's commands again.
fn decided_otherwise(played: &Played) -> Vec<(Option<u64>, String)> {
    played.findings("decide")
}

/// The void of the command that wrote `version`, written around the rules.
fn forged_void(version: u64) -> Event {
    Event::CommandVoided(CommandVoided {
        command_id: format!("cmd-{version}"),
        disproofs: Vec::new(),
        version,
        why: "entered by mistake".into(),
    })
}

/// Asserts `verify` finds one command decided otherwise, at `version`, saying `how` and that
/// later events depend on what it voids.
#[track_caller]
fn refused_at(played: &Played, version: u64, how: &str) {
    let found = decided_otherwise(played);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Some(version));
    assert!(found[0].1.contains(how), "{found:?}");
    assert!(found[0].1.contains("later events depend on version"), "{found:?}");
}

#[test]
fn a_void_is_decided_again_and_counted_among_the_commands_decided_again() {
    // Given a Wound voided as `muster void` decides it
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    voided(&mut played, wound, false);
    // When the log is verified
    // Then the void is decided again, agrees, and only the Wound it voided is left out
    let report = verified_whole(&played);
    assert_eq!((report.voids, report.voided), (1, 1), "{report:?}");
}

#[test]
fn a_cascade_is_decided_again_and_agrees() {
    let (mut played, wound) = wounded_then_healed();
    let void = voided(&mut played, wound, true);
    assert_eq!(
        played.log.len() as u64,
        void + 1,
        "the Heal's void, then the Wound's"
    );
    verified_whole(&played);
}

#[test]
fn a_void_is_decided_on_the_voids_before_it_not_on_a_later_one_reaching_further_back() {
    // Given Park killed on a Mission whose end computed its award without him, Wong's XP
    // between the two voided, and only then the kill voided (which revises the award)
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let killed = played.play(kill("Park"), &[]);
    let xp = played.play(
        Command::AdjustXp {
            target: XpTarget::Soldier("Wong".into()),
            amount: 1,
            why: "a find".into(),
        },
        &[],
    );
    played.play(end(), &[]);
    let first = voided(&mut played, xp, false);
    assert_eq!(
        played.log.len() as u64,
        first,
        "the kill stood: no award to revise"
    );
    voided(&mut played, killed, false);
    // When the log is verified
    // Then the first void is decided with the kill standing, as it stood then: without it,
    // the award would have been revised there already
    let report = verified_whole(&played);
    assert_eq!((report.voids, report.voided), (2, 2), "{report:?}");
}

#[test]
fn a_cascade_that_lost_the_void_of_a_command_resting_on_it_is_found_at_the_void() {
    // Given the cascade of the Wound, without the void of the Heal that rests on it
    let (mut played, wound) = wounded_then_healed();
    let mut events = played.void(wound, true).unwrap();
    events.remove(0);
    let void = played.record(events);
    // When verified, then deciding the void again refuses it, naming the Heal
    let found = decided_otherwise(&played);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Some(void));
    assert!(found[0].1.contains("later events depend on version"), "{found:?}");
}

#[test]
fn a_cascaded_voids_reason_edited_is_found_only_by_deciding_the_void_again() {
    let (mut played, wound) = wounded_then_healed();
    let mut events = played.void(wound, true).unwrap();
    if let Event::CommandVoided(v) = &mut events[0] {
        v.why = "it never happened".into();
    }
    let void = played.record(events);
    let report = crate::verify::verify("test", &played.rows());
    let found: Vec<_> = report.findings.iter().map(|f| (f.version, f.check)).collect();
    assert_eq!(found, vec![(Some(void), "decide")], "{:?}", report.findings);
    assert!(
        report.findings[0]
            .problem
            .contains("the first to differ is number 1"),
        "{:?}",
        report.findings
    );
}

#[test]
fn a_void_of_a_command_a_later_one_rests_on_without_cascade_is_found_at_the_void() {
    // Given a plain void of the Wound the Heal rests on, written around the rules
    let (mut played, wound) = wounded_then_healed();
    let void = played.record(vec![forged_void(wound)]);
    // Then deciding it again refuses it, as `muster void` would have
    refused_at(&played, void, "rules refuse it");
}

#[test]
fn a_void_that_revised_an_award_by_another_amount_is_found() {
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let killed = played.play(kill("Park"), &[]);
    played.play(end(), &[]);
    let mut events = played.void(killed, false).unwrap();
    match &mut events[1] {
        Event::RpAwardRevised(r) => r.amount = 2,
        other => panic!("a revision, not {other:?}"),
    }
    let void = played.record(events);
    let report = crate::verify::verify("test", &played.rows());
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.version.is_some_and(|v| v >= void)),
        "{:?}",
        report.findings
    );
}

#[test]
fn while_an_early_command_waits_for_its_void_each_void_is_decided_on_the_voids_before_it() {
    let grant = |amount: i64| Command::GrantRp {
        amount,
        why: "a find".into(),
    };
    let spend = |amount: i64| Command::SpendRp {
        amount,
        why: "a jeep".into(),
    };
    // Given 10 RP banked, then Wong's XP (voided last of all, so that every void before its
    // own is decided while it waits), a spend of 5, two grants of 1, a grant of 3 and a
    // spend of 6
    let mut played = squad();
    played.play(grant(10), &[]);
    let xp = played.play(
        Command::AdjustXp {
            target: XpTarget::Soldier("Wong".into()),
            amount: 1,
            why: "a find".into(),
        },
        &[],
    );
    let spent = played.play(spend(5), &[]);
    let one = played.play(grant(1), &[]);
    let other = played.play(grant(1), &[]);
    let three = played.play(grant(3), &[]);
    played.play(spend(6), &[]);
    // When the two grants of 1 are voided, then the spend of 5 before them (which the ground
    // of the second void still held), then the grant of 3 (which the spend of 6 rests on
    // only while the spend of 5 stands), and last Wong's XP
    for version in [one, other, spent, three, xp] {
        voided(&mut played, version, false);
    }
    // Then every void is decided again on the ground it was decided on, and agrees
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
    assert_eq!((report.voids, report.voided), (5, 5), "{report:?}");
    assert_eq!(
        report.decided_again,
        report.commands - report.voided,
        "{report:?}"
    );
}

#[test]
fn an_amendment_whose_void_a_later_command_rests_on_is_found_at_the_amendment() {
    // Given the Wound the Heal rests on, amended around the rules: `muster amend` refuses it
    let (mut played, wound) = wounded_then_healed();
    let amended = played.record(vec![
        forged_void(wound),
        Event::Wounded(crate::domain::event::SoldierAmount {
            amount: 1,
            soldier: "Park".into(),
        }),
    ]);
    // Then its correction decides again as it was written, but its void does not
    refused_at(&played, amended, "its void decided again");
}

#[test]
fn an_amendment_nothing_rests_on_is_decided_again_whole() {
    // Given a Wound amended as `muster amend` decides it: its void, then the correction
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    amended(&mut played, wound, harm(Harm::Suppress, "Park"))
        .unwrap_or_else(|e| panic!("the amendment was refused: {e}"));
    // Then verify finds nothing, and decides every command but the voided again
    verified_whole(&played);
}

#[test]
fn an_amendment_that_rolled_nothing_is_amended_again_not_voided() {
    // Given a Wound amended to a Suppress: nothing rolled
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    let amendment = amended(&mut played, wound, harm(Harm::Suppress, "Park"))
        .unwrap_or_else(|e| panic!("the amendment was refused: {e}"));
    let correction = played.log.len() as u64;
    // When it is voided, the void is refused and says to amend it again
    let refusal = played.void(correction, false).unwrap_err().to_string();
    assert!(refusal.contains("amend it again"), "{refusal}");
    // When its void is named to the rules (`muster amend` names the correction), it is refused
    let refusal = amended(&mut played, amendment, harm(Harm::Wound, "Wong")).unwrap_err();
    assert!(
        refusal.to_string().contains("amend it again instead"),
        "{refusal}"
    );
    // When it is amended again by its correction, the second correction stands, and the log
    // verifies whole
    amended(&mut played, correction, harm(Harm::Wound, "Wong"))
        .unwrap_or_else(|e| panic!("the second amendment was refused: {e}"));
    let state = played.state();
    let (park, wong) = (state.soldier("Park").unwrap(), state.soldier("Wong").unwrap());
    assert_eq!((park.wounds, park.suppress, wong.wounds), (0, 0, 1));
    verified_whole(&played);
}

/// Amends the command that wrote `version` with `command`, as `muster amend` does, and records
/// the amendment; its first version.
fn amended(played: &mut Played, version: u64, command: Command) -> Result<u64, RuleError> {
    let (mut events, after) = played.amend(version)?;
    let mut cup = crate::dice::Cup::new("test", after.version + 1, Vec::new(), None);
    events.extend(crate::rules::decide_amendment(&after, &command, &mut cup)?);
    Ok(played.record(events))
}

#[test]
fn a_cascade_reaching_an_amendment_voids_its_correction_and_what_it_replaced_stays_voided() {
    // Given Park wounded, the heal resting on the Wound, and the heal amended to another heal
    let (mut played, wound) = wounded_then_healed();
    let heal = played.log.len() as u64;
    let amendment = amended(&mut played, heal, harm(Harm::Heal, "Park"))
        .unwrap_or_else(|e| panic!("the amendment was refused: {e}"));
    let correction = played.log.len() as u64;
    // When the Wound is voided without --cascade, the correction resting on it refuses it
    let refusal = played.void(wound, false).unwrap_err().to_string();
    assert!(refusal.contains(&format!("version {correction}")), "{refusal}");
    // When it is voided with --cascade, the amendment's correction goes with it, named by
    // its own version (a void never names the void an amendment begins with)
    let events = played
        .void(wound, true)
        .unwrap_or_else(|e| panic!("the cascade was refused: {e}"));
    let named: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Event::CommandVoided(v) => Some(v.version),
            _ => None,
        })
        .collect();
    assert_eq!(named, [correction, wound]);
    assert!(!named.contains(&amendment));
    played.record(events);
    // Then Park has neither Wound nor heal, the first heal stays voided, and the log verifies
    assert_eq!(played.state().soldier("Park").map(|s| s.wounds), Some(0));
    verified_whole(&played);
}

#[test]
fn an_amendment_cut_after_its_void_is_found_and_counted_once() {
    // Given a Wound amended to a Suppress, the log then cut after the amendment's void
    let mut played = squad();
    played.play(start("Caen", &["Wong", "Park"]), &[]);
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    let amendment = amended(&mut played, wound, harm(Harm::Suppress, "Park"))
        .unwrap_or_else(|e| panic!("the amendment was refused: {e}"));
    let mut rows = played.rows();
    rows.retain(|r| r.version <= amendment);
    // Its first row carries its command, as `muster amend` writes it; the chain made anew.
    let asked = crate::domain::logged::Asked::Amend {
        version: wound,
        why: "a Suppress".into(),
        command: harm(Harm::Suppress, "Park"),
    };
    let mut prev = crate::store::chain::GENESIS.to_owned();
    for row in &mut rows {
        if row.version == amendment {
            row.command = Some(crate::domain::logged::Logged::new(asked.clone(), &[], "Sam").encode());
        }
        row.prev_hash.clone_from(&prev);
        row.hash = crate::store::chain::hash(&prev, &row.link()).unwrap_or_default();
        prev.clone_from(&row.hash);
    }
    // When verify reads it, then it finds the amendment decided otherwise, and counts it as
    // one command decided again, never also as a plain void
    let report = crate::verify::verify("test", &rows);
    assert!(!report.ok);
    assert!(
        report.findings.iter().any(|f| f.version == Some(amendment)),
        "{:?}",
        report.findings
    );
    assert_eq!(report.voids, 0, "{report:?}");
    assert!(
        report.decided_again <= report.commands - report.voided,
        "{report:?}"
    );
}
