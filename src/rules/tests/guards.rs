//! Second, independent tests of three guards (issue 28, "Tests to trust"): `verify`'s
//! re-decision finds a command whose events are all there but one says otherwise than the
//! rules, where the checked fold passes each; `void --cascade` voids exactly what rests on the mistake, newest first; and the
//! expansion gate holds from exactly the rules version that brought it, not before.

use super::*;
use crate::domain::command::{Harm, XpTarget};
use crate::domain::rules_version::{EXPANSIONS_REQUIRED, FIRST, RulesVersion};
use crate::rules::harness::Played;

/// The one "decide" finding of `played`, at `version`.
#[track_caller]
fn decided_otherwise_at(played: &Played, version: u64) -> String {
    let found = played.findings("decide");
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![Some(version)],
        "{found:?}"
    );
    found[0].1.clone()
}

/// A Downed Soldier loses his Medal stickers with the result that downed him; a log saying
/// they went for another reason (kia) passes the checked fold, event by event, but is not
/// what the rules give: only the re-decision finds it.
#[test]
fn a_downed_soldiers_stickers_removed_for_another_reason_are_found() {
    let mut events = modern_squad();
    events.push(medal_awarded("Park", "Bronze Star", 2));
    let mut played = Played::new(events);
    let downed = played.play(
        Command::ChangeStatus {
            change: crate::domain::command::StatusChange::Down,
            soldier: "Park".into(),
        },
        &[],
    );
    assert_eq!(played.findings("decide"), vec![]);
    let stickers = played
        .log
        .iter_mut()
        .find_map(|r| match &mut r.event {
            Event::MedalStickersRemoved(e) => Some(e),
            _ => None,
        })
        .expect("the Downed result removes Park's stickers");
    assert_eq!(stickers.because, "downed");
    stickers.because = "kia".into();
    assert_eq!(played.findings("fold"), vec![], "the fold passes each event");
    let problem = decided_otherwise_at(&played, downed);
    assert!(problem.contains("the first to differ"), "{problem}");
}

fn harm(harm: Harm, soldier: &str) -> Command {
    Command::Harm {
        harm,
        soldier: soldier.into(),
        amount: 1,
    }
}

/// A Heal rests on the Wound before it; voiding the Wound alone is refused naming the Heal,
/// and with --cascade voids both (the Heal first, naming the Wound it rested on), while the
/// XP recorded between them, which rests on neither, stays.
#[test]
fn a_cascade_voids_exactly_the_commands_that_rest_on_the_mistake_newest_first() {
    let mut played = Played::new(modern_squad());
    let wound = played.play(harm(Harm::Wound, "Park"), &[]);
    let xp = played.play(
        Command::AdjustXp {
            target: XpTarget::Soldier("Wong".into()),
            amount: 2,
            why: "drill".into(),
        },
        &[],
    );
    let heal = played.play(harm(Harm::Heal, "Park"), &[]);

    let refused = played.void(wound, false).unwrap_err().to_string();
    assert!(
        refused.contains(&format!("version {heal}")) && refused.contains("--cascade"),
        "{refused}"
    );
    assert!(!refused.contains(&format!("version {xp} ")), "{refused}");

    let events = played.void(wound, true).unwrap();
    let voided: Vec<(u64, &str)> = events
        .iter()
        .map(|e| match e {
            Event::CommandVoided(v) => (v.version, v.why.as_str()),
            other => panic!("a cascade of voids only: {other:?}"),
        })
        .collect();
    assert_eq!(voided.len(), 2, "{events:?}");
    assert_eq!(voided[0].0, heal, "newest first: {events:?}");
    assert!(
        voided[0].1.contains(&format!("rested on version {wound}")),
        "{events:?}"
    );
    assert_eq!(voided[1], (wound, "entered by mistake"));

    played.record(events);
    let state = played.state();
    assert_eq!(state.anomalies, vec![]);
    assert_eq!(state.soldier("Park").map(|s| s.wounds), Some(0));
    assert_eq!(state.soldier("Wong").map(|s| s.xp), Some(2), "the XP stays");
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}

/// A Modern campaign under `rules` without K9 & Handlers, Wong enlisted.
fn modern_without_k9(rules: RulesVersion) -> Vec<Event> {
    vec![
        Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            expansions: vec![],
            game: Game::Modern,
            nation: None,
            rules,
            unrecognized_expansions: vec![],
        }),
        enlisted(player("Wong")),
    ]
}

/// `k9 encounter` with a card of no rolls.
fn encounter() -> Command {
    use crate::domain::k9::{EncounterCard, Outcome};
    let card = EncounterCard {
        name: "Tripwire".into(),
        hostile_value: 1,
        ignore_target: 3,
        rolls: vec![],
        reward: "found".into(),
        failure: Outcome {
            text: "none".into(),
            effects: vec![],
        },
        retry: None,
    };
    Command::DrawEncounter {
        card: Box::new(card),
        first_in: None,
    }
}

fn gizmo() -> Command {
    Command::Enlist(Box::new(k9("Gizmo", "Wong", 2)))
}

/// The expansion gate at its edge: under the version before [`EXPANSIONS_REQUIRED`] a K9
/// enlists without the expansion, under exactly that version he does not, and a campaign
/// that adopts it between Missions is held to it from the adoption on, `verify` finding a
/// K9 forged in after it.
#[test]
fn the_expansion_gate_holds_from_exactly_the_version_that_brought_it() {
    let before = RulesVersion(EXPANSIONS_REQUIRED.0 - 1);
    assert!(given(modern_without_k9(before)).when(gizmo()).result.is_ok());
    given(modern_without_k9(EXPANSIONS_REQUIRED))
        .when(gizmo())
        .then_refused(&["K9 & Handlers", "this campaign does not use", "expansion add k9"]);
    // An Encounter, which only the gate refuses for the expansion: at exactly the version,
    // the gate's words; the version before, not them (whatever else it is refused for).
    given(modern_without_k9(EXPANSIONS_REQUIRED))
        .when(encounter())
        .then_refused(&["this campaign does not use the K9 & Handlers expansion"]);
    let earlier = given(modern_without_k9(before)).when(encounter()).result;
    assert!(
        !matches!(&earlier, Err(e) if e.to_string().contains("does not use the K9")),
        "{earlier:?}"
    );

    let mut played = Played::new(modern_without_k9(FIRST));
    played.play(start("Dawn", &["Wong"]), &[]);
    played.play(
        Command::EndMission {
            result: crate::domain::MissionResult::Success,
            rp_award: None,
        },
        &[],
    );
    played.play(
        Command::AdoptRules {
            version: Some(EXPANSIONS_REQUIRED),
        },
        &[],
    );
    let refused = played.try_play(&gizmo(), &[]).unwrap_err().to_string();
    assert!(refused.contains("this campaign does not use"), "{refused}");
    // The same enlistment decided under the first rules, written after the adoption.
    let forged = given(modern_without_k9(FIRST)).when(gizmo()).result.unwrap();
    let at = played.record(forged);
    let found: Vec<Option<u64>> = crate::verify::verify("test", &played.rows())
        .findings
        .into_iter()
        .map(|f| f.version)
        .collect();
    assert!(found.contains(&Some(at)), "the forged K9 at v{at}: {found:?}");
}
