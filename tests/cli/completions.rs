//! Completions that know the campaign: muster answers the shell itself (`COMPLETE=SHELL`),
//! with the names and versions of the database the typed words name. Candidates are read
//! in fish's format, one `value<TAB>help` a line.

use crate::common::Runner;
use crate::support::{LODESTAR, Muster, card};

/// What the shell is offered for the last of `words` (the command line typed so far) on
/// `m`'s database: each candidate and its help.
fn offered(m: &Muster, words: &[&str]) -> Vec<(String, String)> {
    let ran = Runner::on(&m.db)
        .env("COMPLETE", "fish")
        .args(["--", "muster"])
        .args(words)
        .run();
    assert_eq!(ran.code(), 0, "{}", ran.describe());
    ran.stdout
        .lines()
        .map(|line| {
            let (value, help) = line.split_once('\t').unwrap_or((line, ""));
            (value.to_owned(), help.to_owned())
        })
        .collect()
}

fn values(m: &Muster, words: &[&str]) -> Vec<String> {
    offered(m, words).into_iter().map(|(v, _)| v).collect()
}

#[test]
fn a_soldier_completes_from_the_campaign_with_what_he_is() {
    let m = Muster::lodestar();
    let offered = offered(&m, &["wound", "w"]);
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(offered[0].0, "Wong");
    assert!(offered[0].1.contains("XP"), "{offered:?}");
    let all = values(&m, &["blame", ""]);
    for soldier in ["Wong", "Gizmo", "Reyes", "Price"] {
        assert!(
            all.contains(&soldier.to_owned()),
            "{soldier} missing from {all:?}"
        );
    }
    let flags = all.iter().position(|v| v.starts_with('-')).unwrap_or(all.len());
    assert_eq!(flags, 4, "the names, then the flags: {all:?}");
    assert_eq!(
        values(&m, &["mission", "start", "Recon", "--with", "Re"]),
        ["Reyes"]
    );
}

#[test]
fn campaigns_and_versions_complete_as_muster_prints_them() {
    let m = Muster::lodestar();
    m.ok(&["campaign", "new", "Red Dawn", "--game", "wwii"]);
    let campaigns = values(&m, &["--campaign", ""]);
    assert_eq!(campaigns.len(), 2, "{campaigns:?}");
    assert!(campaigns.contains(&LODESTAR.to_owned()) && campaigns.contains(&"Red Dawn".to_owned()));
    assert_eq!(values(&m, &["campaign", "use", "red"]), ["Red Dawn"]);
    // The Soldiers of the campaign named on the line, not of the one in use.
    assert_eq!(values(&m, &["--campaign", LODESTAR, "wound", "W"]), ["Wong"]);
    let head = m.json(&["--campaign", LODESTAR, "roster"])["head"]["version"].clone();
    let versions = offered(&m, &["--campaign", LODESTAR, "show", "v"]);
    assert_eq!(versions[0].0, format!("v{head}"), "newest first: {versions:?}");
    assert!(
        versions
            .iter()
            .all(|(v, help)| v.starts_with('v') && !help.is_empty())
    );
}

#[test]
fn medals_complete_from_the_deck() {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Ortona",
        "--game",
        "wwii",
        "--nation",
        "Canada",
        "--expansion",
        "medals",
    ]);
    m.ok(&["medal", "deck", &card("medals-canada.json")]);
    let medals = offered(&m, &["medal", "draw", ""]);
    let cards: Vec<&(String, String)> = medals.iter().filter(|(v, _)| !v.starts_with('-')).collect();
    assert_eq!(cards.len(), 4, "the Canadian deck's four cards: {medals:?}");
    assert!(cards.iter().all(|(_, help)| help.contains("RP")), "{medals:?}");
}

#[test]
fn completing_without_a_database_offers_no_names_and_creates_none() {
    let m = Muster::new();
    assert!(!m.db.exists());
    let names = values(&m, &["wound", ""]);
    assert!(names.iter().all(|v| v.starts_with('-')), "{names:?}");
    assert!(!m.db.exists(), "a completion created the database");
}

#[test]
fn the_shell_script_registers_muster_as_its_own_completer() {
    for shell in ["bash", "zsh", "fish"] {
        let ran = Runner::new().env("COMPLETE", shell).run();
        assert_eq!(ran.code(), 0, "{}", ran.describe());
        assert!(ran.stdout.contains("muster"), "{shell}: {}", ran.stdout);
        assert!(ran.stdout.contains("COMPLETE"), "{shell}: {}", ran.stdout);
    }
}

/// What bash's completion function, as muster registers it, leaves in `COMPREPLY` for the
/// command line `words` (the last the word being completed, as typed), one candidate a line.
fn bash_completes(m: &Muster, words: &[&str]) -> Vec<String> {
    // bash hands the function the word typed without an opening quote, and keeps the word
    // as typed in COMP_WORDS.
    let script = r#"
        source <(COMPLETE=bash "$0")
        COMP_WORDS=(muster "$@"); COMP_CWORD=$#; COMP_TYPE=9
        COMP_LINE="muster $*"; COMP_POINT=${#COMP_LINE}
        current=${COMP_WORDS[COMP_CWORD]}
        _clap_complete_muster muster "${current#[\"\']}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let ran = Runner::on(&m.db)
        .through(["/bin/bash", "-c", script])
        .args(words)
        .run();
    assert_eq!(ran.code(), 0, "{}\n{}", ran.describe(), ran.stderr);
    ran.stdout.lines().map(str::to_owned).collect()
}

/// Lodestar with a second campaign whose name shares its first word with none, and a
/// Soldier and a campaign named with spaces.
fn spaced() -> Muster {
    let m = Muster::lodestar();
    m.ok(&["campaign", "new", "Winter Storm", "--game", "modern"]);
    m.ok(&["enlist", "The Colonel", "--kind", "player", "--rp", "1"]);
    m
}

#[test]
fn bash_gets_a_name_with_spaces_back_quoted_as_one_word() {
    let m = spaced();
    let offered = bash_completes(&m, &["--campaign", "Wi"]);
    assert_eq!(offered, ["Winter\\ Storm"]);
    let words = shell_words::split(&format!("muster --campaign {}", offered[0])).unwrap();
    assert_eq!(
        words,
        ["muster", "--campaign", "Winter Storm"],
        "one word to the shell"
    );
    assert_eq!(
        bash_completes(&m, &["--campaign", "Winter\\ S"]),
        ["Winter\\ Storm"]
    );
    assert_eq!(
        bash_completes(&m, &["--campaign", "'Winter S"]),
        ["Winter Storm"],
        "within the quote the user opened, bash closes it"
    );
    assert_eq!(
        bash_completes(&m, &["--campaign", "'Winter Storm'", "wound", "the"]),
        ["The\\ Colonel"],
        "the campaign typed quoted names the Soldiers"
    );
    assert_eq!(
        bash_completes(&m, &["--campaign", "'Operation Lodestar'", "wound", "Wo"]),
        ["Wong"],
        "a plain name unchanged"
    );
}

#[test]
fn zsh_and_fish_get_names_whole_and_read_the_words_typed_without_their_quotes() {
    let m = spaced();
    let zsh = Runner::on(&m.db)
        .env("COMPLETE", "zsh")
        .env("_CLAP_COMPLETE_INDEX", "4")
        .env("_CLAP_IFS", "\n")
        .args(["--", "muster", "--campaign", "'Winter Storm'", "wound", "The\\ C"])
        .run();
    assert_eq!(zsh.code(), 0, "{}", zsh.describe());
    // zsh's format is `value:help`; zsh quotes the value as it inserts it.
    let named: Vec<&str> = zsh
        .stdout
        .lines()
        .map(|l| l.split(':').next().unwrap_or(l))
        .collect();
    assert_eq!(named, ["The Colonel"], "{}", zsh.stdout);
    // fish hands over the earlier words unquoted, the one being typed as typed.
    assert_eq!(
        values(&m, &["--campaign", "Winter Storm", "wound", "The\\ C"]),
        ["The Colonel"]
    );
    assert_eq!(values(&m, &["--campaign", "Winter\\ S"]), ["Winter Storm"]);
}
