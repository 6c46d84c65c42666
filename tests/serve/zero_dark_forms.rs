//! Zero Dark's forms as the page's script sends them: bogeys placed, down and dead, the
//! Spook's Buy Time and its Control Deck cards, Allies made Dependent and strayed, and a hero
//! lost; each recorded as the command line records it, or refused with nothing written.

use serde_json::Value;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

fn json(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body))
}

/// A campaign with Op (Modern, Wong) and Zed (Zero Dark, selected): Kestrel the Spook and
/// Vance, on Mission Nightjar.
fn zed() -> Campaign {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "new", "Zed", "--game", "zero-dark"]);
    campaign.ok(&[
        "enlist",
        "Kestrel",
        "--kind",
        "hero",
        "--rp",
        "0",
        "--stat",
        "M=3",
        "--stat",
        "F=2",
        "--stat",
        "A=4",
        "--stat",
        "D=3",
        "--specialism",
        "spook",
    ]);
    campaign.ok(&[
        "enlist", "Vance", "--kind", "hero", "--rp", "0", "--stat", "M=4", "--stat", "F=4", "--stat", "A=2",
        "--stat", "D=3",
    ]);
    campaign.ok(&["mission", "start", "Nightjar"]);
    campaign
}

/// Zed's roster, as `roster --json` prints it.
fn roster(campaign: &Campaign) -> Value {
    serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap()
}

/// `mission.zero_dark` of Zed's roster.
fn zero_dark(campaign: &Campaign) -> Value {
    roster(campaign)["mission"]["zero_dark"].clone()
}

/// The hero `name` of Zed's roster.
fn hero(campaign: &Campaign, name: &str) -> Value {
    roster(campaign)["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} on the roster"))
        .clone()
}

/// A signed-in player's browser and the CSRF token its forms carry.
struct Phone {
    browser: Browser,
    csrf: String,
}

impl Phone {
    fn new(server: &Server, token: &str) -> Phone {
        let mut browser = Browser::new(server);
        browser.signed_in(token);
        // The session's token, read from Op's page, which has the wound form.
        let csrf = browser.csrf();
        Phone { browser, csrf }
    }

    /// Sends Zed's form `cmd` with `fields` as the page's script does.
    fn send(&self, cmd: &str, fields: &[(&str, &str)]) -> Answer {
        let mut sent = vec![("csrf", self.csrf.as_str()), ("cmd", cmd)];
        sent.extend_from_slice(fields);
        self.browser.post("/c/Zed/do", &sent, &JSON)
    }

    /// Sends the form and asserts it was recorded as the campaign's next version.
    fn recorded(&self, campaign: &Campaign, cmd: &str, fields: &[(&str, &str)]) -> String {
        let head = campaign.head();
        let answer = self.send(cmd, fields);
        assert_eq!(answer.status, 200, "{cmd}: {}", answer.body);
        let answer = json(&answer);
        assert_eq!(answer["recorded"], head + 1, "{cmd}: {answer}");
        answer["summary"].as_str().unwrap().to_owned()
    }

    /// Sends the form, asserts it was refused with 422 and nothing written, and gives the
    /// answer's JSON.
    fn refused(&self, campaign: &Campaign, cmd: &str, fields: &[(&str, &str)]) -> Value {
        let head = campaign.head();
        let answer = self.send(cmd, fields);
        assert_eq!(answer.status, 422, "{cmd}: {}", answer.body);
        assert_eq!(campaign.head(), head, "{cmd}: a refusal writes nothing");
        json(&answer)
    }
}

#[test]
fn a_phone_places_bogeys_and_puts_them_down_and_dead() {
    let campaign = zed();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let phone = Phone::new(&server, &player);

    // With no bogey, targeting one names the form that places one, not the command line.
    let none = phone.refused(&campaign, "target", &[("bogey", "G1"), ("by", "Vance")]);
    let said = none["refused"].as_str().unwrap();
    assert!(said.contains("“Place a bogey” in Record any play"), "{said}");
    assert!(!said.contains("muster bogey add"), "{said}");

    let placed = phone.recorded(
        &campaign,
        "bogey-add",
        &[
            ("name", "The Colonel"),
            ("type", "elite"),
            ("synthetic", "on"),
            ("nemesis", "on"),
            ("named", "on"),
        ],
    );
    assert!(placed.contains("The Colonel"), "{placed}");
    phone.recorded(&campaign, "bogey-add", &[("name", "G1"), ("type", "grunt")]);
    let bogeys = zero_dark(&campaign)["bogeys"].clone();
    assert_eq!(
        bogeys,
        serde_json::json!([
            {"name": "The Colonel", "type": "elite", "synthetic": true, "nemesis": true, "named": true},
            {"name": "G1", "type": "grunt", "synthetic": false, "nemesis": false, "named": false},
        ])
    );

    // A type the game has not is refused at its field; a name taken, by the rules.
    let general = phone.refused(&campaign, "bogey-add", &[("name", "G2"), ("type", "general")]);
    assert_eq!(general["field"], "type", "{general}");
    let twice = phone.refused(&campaign, "bogey-add", &[("name", "g1"), ("type", "grunt")]);
    assert!(
        twice["refused"]
            .as_str()
            .unwrap()
            .contains("already on Mission 1"),
        "{twice}"
    );

    campaign.ok(&["turn"]);
    phone.recorded(&campaign, "target", &[("bogey", "G1"), ("by", "Vance")]);
    let missing = phone.refused(&campaign, "bogey-down", &[("bogey", "G1")]);
    assert_eq!(missing["field"], "by", "{missing}");
    phone.recorded(&campaign, "bogey-down", &[("bogey", "G1"), ("by", "Vance")]);
    assert_eq!(zero_dark(&campaign)["down"], serde_json::json!(["G1"]));
    phone.recorded(&campaign, "bogey-dead", &[("bogey", "G1"), ("by", "Vance")]);
    let z = zero_dark(&campaign);
    assert_eq!(z["dead"], serde_json::json!([["G1", "Vance"]]));
    let again = phone.refused(&campaign, "bogey-dead", &[("bogey", "G1"), ("by", "Kestrel")]);
    assert!(
        again["refused"]
            .as_str()
            .unwrap()
            .contains("no longer a bogey in play"),
        "{again}"
    );
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
}

#[test]
fn a_phone_buys_time_and_counts_the_control_decks_cards() {
    let campaign = zed();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let phone = Phone::new(&server, &player);

    // The other Spook's D is needed when the other side buys time too.
    let no_d = phone.refused(
        &campaign,
        "spook-buy-time",
        &[("versus", "on"), ("opponent-buys", "on")],
    );
    assert_eq!(no_d["field"], "opponent-d", "{no_d}");
    // Only the other side buying is a Versus mission's: a usage error, at the Versus box.
    let head = campaign.head();
    let not_versus = phone.send("spook-buy-time", &[("opponent-only", "on"), ("opponent-d", "4")]);
    assert_eq!(not_versus.status, 400, "{}", not_versus.body);
    assert_eq!(json(&not_versus)["field"], "versus", "{}", not_versus.body);
    assert_eq!(campaign.head(), head, "a usage error writes nothing");
    phone.recorded(
        &campaign,
        "spook-buy-time",
        &[("versus", "on"), ("opponent-buys", "on"), ("opponent-d", "4")],
    );
    // Kestrel's D 3 and the other Spook's D 4.
    let z = zero_dark(&campaign);
    assert_eq!(
        (z["bought_time"].clone(), z["bought_time_by"].clone()),
        (7.into(), "both".into())
    );
    phone.refused(&campaign, "spook-buy-time", &[]);

    campaign.ok(&["turn"]);
    phone.recorded(&campaign, "spook-set-aside", &[("n", "2")]);
    // Left blank, one card.
    phone.recorded(&campaign, "spook-set-aside", &[("n", "")]);
    assert_eq!(zero_dark(&campaign)["set_aside"], 3);
    // The deck runs out only once every card bought is set aside; the refusal names the form.
    let early = phone.refused(&campaign, "spook-deck-out", &[]);
    let said = early["refused"].as_str().unwrap();
    assert!(
        said.contains("record the other 4 with “Buy Time: Control Deck cards set aside”"),
        "{said}"
    );
    phone.recorded(&campaign, "spook-set-aside", &[("n", "4")]);
    phone.recorded(&campaign, "spook-deck-out", &[]);
    assert_eq!(zero_dark(&campaign)["control_deck_ran_out"], true);
    let too_many = phone.refused(&campaign, "spook-flip-set-aside", &[("n", "9")]);
    assert!(
        too_many["refused"]
            .as_str()
            .unwrap()
            .contains("7 set-aside cards remain"),
        "{too_many}"
    );
    phone.recorded(&campaign, "spook-flip-set-aside", &[("n", "6")]);
    // Left blank, one card: the last.
    phone.recorded(&campaign, "spook-flip-set-aside", &[]);
    assert_eq!(zero_dark(&campaign)["set_aside_flipped"], 7);
}

#[test]
fn a_phone_makes_an_ally_dependent_and_records_him_strayed_and_a_hero_lost() {
    let campaign = zed();
    campaign.ok(&["bogey", "add", "G1", "--type", "grunt"]);
    campaign.ok(&["bogey", "add", "G2", "--type", "grunt"]);
    campaign.ok(&["turn"]);
    campaign.ok(&["persuade", "Kestrel", "G1", "--hero", "3", "--bogey", "0"]);
    campaign.ok(&["persuade", "Vance", "G2", "--hero", "2", "--bogey", "0"]);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let phone = Phone::new(&server, &player);

    // G2 is Vance's Ally, not Kestrel's; and only a Dependent Ally strays to his death.
    let not_his = phone.refused(
        &campaign,
        "ally-dependent",
        &[("hero", "Kestrel"), ("ally", "G2")],
    );
    assert!(
        not_his["refused"]
            .as_str()
            .unwrap()
            .contains("no living Ally named 'G2'"),
        "{not_his}"
    );
    let not_dependent = phone.refused(&campaign, "ally-strayed", &[("hero", "Vance"), ("ally", "G2")]);
    assert!(
        not_dependent["refused"]
            .as_str()
            .unwrap()
            .contains("G2 is not Dependent"),
        "{not_dependent}"
    );

    phone.recorded(
        &campaign,
        "ally-dependent",
        &[("hero", "Kestrel"), ("ally", "G1")],
    );
    assert_eq!(
        hero(&campaign, "Kestrel")["allies"],
        serde_json::json!([{"name": "G1", "mission": 1, "dependent": true, "dead": false}])
    );
    phone.recorded(&campaign, "ally-strayed", &[("hero", "Kestrel"), ("ally", "G1")]);
    assert_eq!(hero(&campaign, "Kestrel")["allies"][0]["dead"], true);

    let lost = phone.refused(
        &campaign,
        "hero-state",
        &[("hero", "Vance"), ("state", "missing")],
    );
    assert_eq!(lost["field"], "state", "{lost}");
    phone.recorded(&campaign, "hero-state", &[("hero", "Vance"), ("state", "lost")]);
    assert_eq!(
        hero(&campaign, "Vance")["state"],
        serde_json::json!({"state": "lost"})
    );
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
}
