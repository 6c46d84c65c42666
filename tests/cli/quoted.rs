//! A command line muster suggests names a Soldier or campaign as the shell reads it: one with
//! a space or a quotation mark in it is quoted, so the line can be pasted as printed.

use crate::support::Muster;

/// Each command line between backticks in `text`, split into words as a shell splits it.
fn suggested(text: &str) -> Vec<Vec<String>> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|line| line.starts_with("muster "))
        .map(|line| shell_words::split(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

#[test]
fn the_roster_and_a_wrong_campaign_name_a_quoted_soldier_and_campaign_as_typed() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Hale's Raid", "--game", "modern"]);
    m.ok(&["enlist", "Hale", "--kind", "player", "--rp", "4"]);
    m.ok(&["campaign", "new", "Winter", "--game", "modern"]);
    m.ok(&["enlist", "Sgt. O'Brien", "--kind", "player", "--rp", "4"]);
    m.ok(&["mission", "start", "Dawn", "--with", "Sgt. O'Brien"]);
    m.ok(&["environ", "Sgt. O'Brien", "cold", "6", "--die", "1"]);

    let roster = m.ok(&["roster"]);
    let lines = suggested(&roster);
    let resolve = lines
        .iter()
        .find(|words| words[1] == "resolve")
        .unwrap_or_else(|| panic!("no resolve line in:\n{roster}"));
    assert_eq!(resolve[2], "Sgt. O'Brien", "{roster}");

    let refusal = m.refused(&["wound", "Hale"], "Hale's Raid");
    let lines = suggested(&refusal);
    assert!(
        lines
            .iter()
            .any(|words| words[1..] == ["campaign", "use", "Hale's Raid"]),
        "{refusal}"
    );
}

#[test]
fn the_turn_refused_for_an_owed_roll_names_its_soldier_as_the_shell_reads_him() {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Frost",
        "--game",
        "wwii",
        "--nation",
        "Soviet Union",
    ]);
    m.ok(&["enlist", "Sgt. O'Brien", "--kind", "player", "--rp", "4"]);
    m.ok(&["mission", "start", "Dawn", "--environ", "cold:6"]);
    m.ok(&["turn"]);
    let said = m.refused(&["turn"], "roll each first");
    let environ = suggested(&said)
        .into_iter()
        .find(|words| words[1] == "environ")
        .unwrap_or_else(|| panic!("no environ line in {said}"));
    assert_eq!(environ, ["muster", "environ", "Sgt. O'Brien", "cold", "6"]);
}
