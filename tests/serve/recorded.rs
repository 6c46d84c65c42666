//! A command the server runs is recorded by its caller: the token's name, which the log keeps
//! with the command; `--as` cannot name another.

use serde_json::Value;

use super::harness::{Campaign, Server, args};

/// The newest entry of the log, as the command line reads it.
fn newest(campaign: &Campaign) -> Value {
    let printed = campaign.ok(&["log", "--json", "--reverse", "-n", "1"]);
    serde_json::from_str(printed.lines().next().unwrap()).unwrap()
}

#[test]
fn a_served_command_is_recorded_by_its_tokens_name_and_as_is_refused() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let quinn = campaign.token("quinn", "player");
    let server = Server::start(&campaign.db);
    let (status, answer) = server.post(Some(&pat), &args(&["xp", "Wong", "1", "--why", "EKIA"]));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(newest(&campaign)["recorded_by"], "pat");
    let (status, answer) = server.post(Some(&quinn), &args(&["wound", "Wong", "1"]));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(
        newest(&campaign)["recorded_by"],
        "quinn",
        "each turn names its own caller"
    );

    let head = campaign.head();
    let (status, answer) = server.post(Some(&pat), &args(&["heal", "Wong", "1", "--as", "quinn"]));
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.to_string().contains("--as is refused by the server"),
        "{answer}"
    );
    assert_eq!(campaign.head(), head, "nothing was written");

    // The command line on the same file records its own name.
    campaign.ok(&["heal", "Wong", "1"]);
    assert_eq!(newest(&campaign)["recorded_by"], "command line");
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
    assert_eq!(
        verified["decided_from_command"], verified["commands"],
        "{verified}"
    );
}
