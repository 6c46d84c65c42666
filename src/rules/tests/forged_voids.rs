//! Forged voids: a log written around the rules, with voids `muster void` would refuse, is
//! caught by `verify` under check `void` at the forged void's version.

use super::*;
use crate::rules::harness::Played;

/// Create (version 1), enlist Wong (2), wound him (3), give him XP (4): one command each,
/// `cmd-1` to `cmd-4`.
fn history() -> Played {
    Played::new([
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Wounded(amount("Wong", 2)),
        xp_adjusted("Wong", 3),
    ])
}

/// A void of `version`, naming `command_id` as the command that wrote it.
fn void_of(version: u64, command_id: &str) -> Event {
    Event::CommandVoided(CommandVoided {
        disproofs: Vec::new(),
        command_id: command_id.into(),
        version,
        why: "forged".into(),
    })
}

#[test]
fn a_void_naming_another_commands_version_is_found_at_the_void() {
    let mut played = history();
    let forged = played.record(vec![void_of(3, "cmd-4")]);
    assert_eq!(
        played.findings("void"),
        [(Some(forged), "names version 3 but a different command".to_owned())]
    );
}

#[test]
fn a_void_of_the_campaigns_creation_is_found_at_the_void() {
    let mut played = history();
    let forged = played.record(vec![void_of(1, "cmd-1")]);
    assert_eq!(
        played.findings("void"),
        [(Some(forged), "voids version 1, which cannot be voided".to_owned())]
    );
}

#[test]
fn a_void_of_a_void_is_found_at_the_second_void() {
    let mut played = history();
    let void = played.record(vec![void_of(3, "cmd-3")]);
    assert_eq!(played.findings("void"), [], "the first void is a real one");
    let forged = played.record(vec![void_of(void, &format!("cmd-{void}"))]);
    assert_eq!(
        played.findings("void"),
        [(
            Some(forged),
            format!("voids version {void}, which cannot be voided")
        )]
    );
}

#[test]
fn a_second_void_of_one_command_is_found_at_the_second() {
    let mut played = history();
    played.record(vec![void_of(3, "cmd-3")]);
    let forged = played.record(vec![void_of(3, "cmd-3")]);
    assert_eq!(
        played.findings("void"),
        [(
            Some(forged),
            "voids the command of version 3 a second time".to_owned()
        )]
    );
}

#[test]
fn a_second_void_of_one_command_through_another_of_its_events_is_found() {
    let mut played = history();
    let both = played.record(vec![xp_adjusted("Wong", 1), Event::RpGranted(rp(2, "loot"))]);
    played.record(vec![void_of(both, &format!("cmd-{both}"))]);
    let forged = played.record(vec![void_of(both + 1, &format!("cmd-{both}"))]);
    assert_eq!(
        played.findings("void"),
        [(
            Some(forged),
            format!("voids the command of version {} a second time", both + 1)
        )]
    );
}

#[test]
fn a_void_of_itself_or_of_a_later_version_is_found_at_the_void() {
    let mut played = history();
    let forged = played.record(vec![void_of(5, "cmd-5")]);
    let later = played.record(vec![void_of(9, "cmd-9")]);
    assert_eq!(
        played.findings("void"),
        [
            (
                Some(forged),
                "voids version 5, which does not precede it".to_owned()
            ),
            (
                Some(later),
                "voids version 9, which does not precede it".to_owned()
            ),
        ]
    );
}
