//! The mark from which every command carries its command (`commands_kept`): written once,
//! never voided, and held by `verify`.

use super::*;
use crate::rules::harness::Played;

fn grant() -> Command {
    Command::GrantRp {
        amount: 1,
        why: "supply drop".into(),
    }
}

#[test]
fn a_campaign_created_before_commands_were_kept_is_marked_once() {
    let state = given([created(Game::Wwii)])
        .when(Command::KeepCommands)
        .then([Event::CommandsKept(CommandsKept {})]);
    assert_eq!(state.commands_kept, Some(2));
    given([created(Game::Wwii), Event::CommandsKept(CommandsKept {})])
        .when(Command::KeepCommands)
        .then_refused(&["keeps every command's command since version 2", "marked once"]);
}

#[test]
fn a_campaign_created_keeping_commands_is_marked_from_its_creation() {
    let state = given([])
        .when(Command::CreateCampaign {
            commands_kept: true,
            game: Game::Wwii,
            nation: None,
            expansions: vec![],
        })
        .then([Event::CampaignCreated(CampaignCreated {
            commands_kept: true,
            game: Game::Wwii,
            nation: None,
            expansions: vec![],
            rules: crate::domain::rules_version::NEWEST,
            unrecognized_expansions: vec![],
        })]);
    assert_eq!(state.commands_kept, Some(1));
    let Event::CampaignCreated(marked) = created(Game::Wwii) else {
        panic!("created() gives a campaign_created");
    };
    given([Event::CampaignCreated(CampaignCreated {
        commands_kept: true,
        ..marked
    })])
    .when(Command::KeepCommands)
    .then_refused(&["since version 1"]);
}

#[test]
fn the_mark_is_never_voided_with_or_without_cascade() {
    let mut played = Played::new([created(Game::Wwii)]);
    played.play(grant(), &[]);
    let mark = played.play(Command::KeepCommands, &[]);
    played.play(grant(), &[]);
    for cascade in [false, true] {
        let refused = played.void(mark, cascade).map_err(|e| e.to_string());
        assert!(
            matches!(&refused, Err(why) if why.contains("marks the campaign as keeping every command's command")),
            "{refused:?}"
        );
    }
}

#[test]
fn verify_finds_a_command_without_its_command_after_the_mark_and_none_before_it() {
    // The harness's rows carry no command, as an older muster wrote them.
    let mut played = Played::new([created(Game::Wwii)]);
    played.play(grant(), &[]);
    assert!(played.findings("command").is_empty());
    let mark = played.play(Command::KeepCommands, &[]);
    assert!(
        played.findings("command").is_empty(),
        "the mark itself is no such command"
    );
    let after = played.play(grant(), &[]);
    let found = played.findings("command");
    assert_eq!(found.len(), 1, "{found:?}");
    let (version, problem) = &found[0];
    assert_eq!(*version, Some(after));
    assert!(problem.contains("carries no command"), "{problem}");
    assert!(problem.contains(&format!("since version {mark}")), "{problem}");
    assert!(
        problem.contains("only commands that carry their command are accepted"),
        "{problem}"
    );
}

#[test]
fn verify_finds_a_second_mark_and_a_void_of_the_mark() {
    let mut played = Played::new([created(Game::Wwii)]);
    let mark = played.play(Command::KeepCommands, &[]);
    let again = played.record(vec![Event::CommandsKept(CommandsKept {})]);
    let report = crate::verify::verify("test", &played.rows());
    assert!(
        report.findings.iter().any(|f| f.version == Some(again)),
        "a second mark is found: {:?}",
        report.findings
    );
    let mut voiding = Played::new([created(Game::Wwii)]);
    let mark_of = voiding.play(Command::KeepCommands, &[]);
    assert_eq!(mark, mark_of);
    let void = voiding.record(vec![Event::CommandVoided(CommandVoided {
        disproofs: vec![],
        version: mark,
        command_id: format!("cmd-{mark}"),
        why: "forged".into(),
    })]);
    let found = voiding.findings("void");
    assert!(
        found
            .iter()
            .any(|(v, p)| *v == Some(void) && p.contains("cannot be voided")),
        "{found:?}"
    );
}
