//! `muster dev synth --campaigns N`: a community of synthetic campaigns in one file, each
//! its own log that verifies, the same for the same seed.

use serde_json::Value;

use crate::support::Muster;

/// Three campaigns of 400 events each, named Club 0001… and seeded from 9.
const CLUB: [&str; 10] = [
    "dev",
    "synth",
    "--events",
    "400",
    "--campaigns",
    "3",
    "--name",
    "Club",
    "--seed",
    "9",
];

/// The campaigns `campaign list` names, oldest first.
fn campaign_names(m: &Muster) -> Vec<String> {
    let listed = m.json(&["campaign", "list"]);
    listed
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn synth_writes_a_community_of_campaigns_each_verifying_and_the_same_for_the_same_seed() {
    let m = Muster::new();
    let printed = m.ok(&CLUB);
    assert_eq!(printed.lines().count(), 3, "{printed}");
    assert_eq!(campaign_names(&m), ["Club 0001", "Club 0002", "Club 0003"]);
    let reports = m.json(&["verify", "--all"]);
    let reports = reports.as_array().unwrap();
    assert!(reports.iter().all(|r| r["ok"] == true), "{reports:?}");
    let heads: Vec<&Value> = reports.iter().map(|r| &r["head_hash"]).collect();
    assert_ne!(heads[0], heads[1], "each campaign its own seed");

    let again = Muster::new();
    again.ok(&CLUB);
    let heads_again: Vec<Value> = again
        .json(&["verify", "--all"])
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["head_hash"].clone())
        .collect();
    assert_eq!(heads_again, heads.into_iter().cloned().collect::<Vec<_>>());
    m.refused(
        &[
            "dev",
            "synth",
            "--events",
            "60000000",
            "--campaigns",
            "2",
            "--name",
            "Big",
        ],
        "at most 100000000",
    );
    m.refused(
        &["dev", "synth", "--events", "10", "--campaigns", "0"],
        "--campaigns must be 1 or more",
    );
}

#[test]
fn synth_names_its_campaigns_as_campaign_new_does_and_refuses_a_bad_name_before_writing_any() {
    let m = Muster::new();
    let synth = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["dev", "synth", "--events", "20"];
        args.extend_from_slice(extra);
        args.into_iter().map(str::to_owned).collect()
    };
    let refused = |extra: &[&str], phrase: &str| {
        let args = synth(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        m.refused(&args, phrase);
    };
    refused(&["--name", ""], "it is empty");
    refused(&["--name", "   "], "it is empty");
    refused(&["--name", "Tab\there"], "control character");
    // The names the campaigns would take are checked first: the second of two is too long,
    // and neither is written.
    let long = "L".repeat(56);
    refused(
        &["--name", &long, "--campaigns", "2"],
        "longer than 60 characters",
    );
    let printed = m.ok(&["dev", "synth", "--events", "20", "--name", "  Club  "]);
    assert!(printed.contains("campaign 'Club'"), "{printed}");
    // A name the file holds in another case is the same campaign's.
    refused(&["--name", "CLUB"], "already exists");
    assert_eq!(campaign_names(&m), ["Club"]);
}
