//! Warfighter's forms as the page draws them and its script sends them: what each asks for,
//! recorded as the command line records it, or refused in the page's words with nothing
//! written.

use scraper::{Html, Selector};
use serde_json::Value;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

fn json(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body))
}

/// `campaign` served, with Pat (a player) signed in: the server, Pat's browser and its CSRF
/// token.
fn served_to_pat(campaign: &Campaign) -> (Server, Browser, String) {
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    let csrf = browser.csrf();
    (server, browser, csrf)
}

/// Sends `form` (with the session's CSRF token) as the page's script does.
fn send(browser: &Browser, csrf: &str, form: &[(&str, &str)]) -> Answer {
    let mut sent = vec![("csrf", csrf)];
    sent.extend_from_slice(form);
    browser.post("/c/Op/do", &sent, &JSON)
}

/// Op's play page as `browser` sees it.
fn page(browser: &Browser) -> Html {
    let page = browser.get("/c/Op");
    assert_eq!(page.status, 200, "{}", page.body);
    Html::parse_document(&page.body)
}

/// The names of the fields of the form `cmd`, in order.
fn fields(page: &Html, cmd: &str) -> Vec<String> {
    let css = format!("form#form-{cmd} [name]:not([type=hidden])");
    let mut names: Vec<String> = page
        .select(&Selector::parse(&css).unwrap())
        .filter_map(|e| e.value().attr("name").map(str::to_owned))
        .collect();
    names.dedup();
    names
}

/// The Soldier `name` as `roster --json` gives him.
fn soldier(campaign: &Campaign, name: &str) -> Value {
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("no {name} in {roster}"))
}

/// Rule 002: a card may begin with Hardy counters; the page enlists him with them, as
/// `enlist --hardy cold=1` does, in the one event.
#[test]
fn enlisting_from_the_card_takes_its_hardy_counters() {
    let campaign = Campaign::new();
    let (_server, browser, csrf) = served_to_pat(&campaign);
    assert!(
        fields(&page(&browser), "enlist-card").contains(&"hardy".to_owned()),
        "{:?}",
        fields(&page(&browser), "enlist-card")
    );
    let head = campaign.head();
    let enlisted = send(
        &browser,
        &csrf,
        &[
            ("cmd", "enlist-card"),
            ("name", "Petrov"),
            ("kind", "player"),
            ("rp", "7"),
            ("hardy", "cold=1, hot=2"),
        ],
    );
    assert_eq!(enlisted.status, 200, "{}", enlisted.body);
    assert_eq!(json(&enlisted)["recorded"], head + 1);
    assert_eq!(
        soldier(&campaign, "Petrov")["hardy"],
        serde_json::json!({"cold": 1, "hot": 2})
    );
    // A count the card cannot have is refused at the field, by its label.
    let refused = send(
        &browser,
        &csrf,
        &[
            ("cmd", "enlist-card"),
            ("name", "Orlov"),
            ("kind", "player"),
            ("rp", "7"),
            ("hardy", "cold=lots"),
        ],
    );
    assert_eq!(json(&refused)["field"], "hardy", "{}", refused.body);
    assert!(!json(&refused)["refused"].as_str().unwrap().contains("--hardy"));
    assert_eq!(campaign.head(), head + 1, "refusals write nothing");
}

/// The kind of each event of the log, oldest first.
fn kinds(campaign: &Campaign) -> Vec<String> {
    campaign
        .ok(&["log", "--json"])
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Rule 004's Eliminate watches who Suppresses the Hostile, and RP cards add to a Soldier's
/// RP: the page records both, as `suppress-hostile` and `rp-card gain|lose` do.
#[test]
fn a_hostile_suppressed_and_an_rp_card_gained_and_lost_are_recorded_from_the_page() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let shown = page(&browser);
    assert_eq!(fields(&shown, "suppress-hostile"), ["soldier", "hostile"]);
    assert_eq!(fields(&shown, "rp-card-gain"), ["soldier", "kind", "name", "rp"]);
    assert_eq!(fields(&shown, "rp-card-lose"), ["soldier", "kind", "name"]);
    let head = campaign.head();
    let recorded = |form: &[(&str, &str)]| {
        let answer = send(&browser, &csrf, form);
        assert_eq!(answer.status, 200, "{form:?}: {}", answer.body);
        json(&answer)["recorded"].as_u64().unwrap()
    };
    recorded(&[
        ("cmd", "suppress-hostile"),
        ("soldier", "Wong"),
        ("hostile", "Sniper"),
    ]);
    recorded(&[
        ("cmd", "rp-card-gain"),
        ("soldier", "Wong"),
        ("kind", "service-record"),
        ("name", "Hill 112"),
        ("rp", "2"),
    ]);
    assert_eq!(soldier(&campaign, "Wong")["rp"], 6);
    let lost = recorded(&[
        ("cmd", "rp-card-lose"),
        ("soldier", "Wong"),
        ("kind", "service-record"),
        ("name", "Hill 112"),
    ]);
    assert_eq!(lost, head + 3);
    assert_eq!(
        kinds(&campaign)[usize::try_from(head).unwrap()..],
        ["hostile_suppressed", "rp_card_gained", "rp_card_lost"]
    );
    assert_eq!(soldier(&campaign, "Wong")["rp"], 4);
}

/// A refusal names what the form can give: the source of declared Environments is one of its
/// fields, never a flag it has no control for.
#[test]
fn declaring_environments_without_a_source_is_refused_in_the_forms_words() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let refused = send(
        &browser,
        &csrf,
        &[("cmd", "environ-declare"), ("environments", "cold:6")],
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    for label in [
        "“The Mission's own (until it ends)”",
        "“Or a Location's: its name”",
        "“Or an Event's: its name”",
    ] {
        assert!(said.contains(label), "{label}: {said}");
    }
    for command_line in ["--", "FILE", "<", "|"] {
        assert!(!said.contains(command_line), "{command_line}: {said}");
    }
    assert_eq!(campaign.head(), head, "refusals write nothing");
}

/// Rule 004's recipient is picked with a die of as many faces as there are Soldiers to pick
/// from: the Medal's recipient form has the keypad of that die, as Owed now's offer has.
#[test]
fn the_medal_recipients_keypad_has_the_faces_of_the_die_it_rolls() {
    let campaign = Campaign::new().with_ortona();
    let draw = [
        "medal",
        "draw",
        "Military Medal",
        "--trigger",
        "a Location played",
    ];
    campaign.ok(&[&["--campaign", "Ortona"][..], &draw].concat());
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    let page = browser.get("/c/Ortona");
    assert_eq!(page.status, 200, "{}", page.body);
    let page = Html::parse_document(&page.body);
    let faces = |css: &str| -> Vec<String> {
        page.select(&Selector::parse(css).unwrap())
            .filter_map(|b| b.value().attr("value").map(str::to_owned))
            .collect()
    };
    assert_eq!(
        faces("form#form-medal-recipient button[name=die]"),
        ["1", "2", "3"]
    );
    assert_eq!(
        faces("form#offer-medal-recipient-military-medal button[name=die]"),
        ["1", "2", "3"]
    );
    let csrf = browser.csrf_of("Ortona");
    let picked = browser.post(
        "/c/Ortona/do",
        &[
            ("csrf", csrf.as_str()),
            ("cmd", "medal-recipient"),
            ("medal", "Military Medal"),
            ("die", "3"),
        ],
        &JSON,
    );
    assert_eq!(picked.status, 200, "{}", picked.body);
    assert!(
        json(&picked)["summary"].as_str().unwrap().contains("Fraser"),
        "{}",
        picked.body
    );
}

/// A face tapped for a check that rolls no die (a Trap, by a Soldier without the ability) is
/// refused in words a phone can act on: the keypad's field by its label, and "muster rolls"
/// as the way to record it; nothing is written.
#[test]
fn a_face_given_for_a_check_that_rolls_no_die_is_refused_naming_the_way_on_the_page() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let check = [
        ("cmd", "check"),
        ("soldier", "Wong"),
        ("ability", "demolitions"),
        ("trap", "on"),
    ];
    let refused = send(&browser, &csrf, &[&check[..], &[("die", "9")]].concat());
    assert_eq!(refused.status, 422, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap_or_default().to_owned();
    assert!(said.contains("rolled no die"), "{said}");
    assert!(said.ends_with("(on a page, “muster rolls”)"), "{said}");
    assert!(!said.contains("--die"), "{said}");
    assert_eq!(campaign.head(), head, "nothing written");
    // Sent with no face, as "muster rolls" sends it, it is recorded: a Trap's 1, a failure.
    let recorded = send(&browser, &csrf, &check);
    assert!(recorded.status < 300, "{}", recorded.body);
}

/// The enlistment form of a Warfighter campaign without K9 & Handlers asks only what its
/// cards have: no K9's Discipline or Handler, no hero's stats or specialism, and its kinds.
#[test]
fn enlisting_from_the_card_asks_only_what_the_campaigns_soldiers_have() {
    let campaign = Campaign::new();
    let (_server, browser, _csrf) = served_to_pat(&campaign);
    let shown = page(&browser);
    let asked = fields(&shown, "enlist-card");
    for absent in ["discipline", "handler", "stat", "specialism"] {
        assert!(!asked.contains(&absent.to_owned()), "{absent}: {asked:?}");
    }
    for present in ["name", "kind", "rp", "health", "hardy"] {
        assert!(asked.contains(&present.to_owned()), "{present}: {asked:?}");
    }
    let kinds: Vec<String> = shown
        .select(&Selector::parse("form#form-enlist-card select[name=kind] option").unwrap())
        .filter_map(|o| o.value().attr("value").map(str::to_owned))
        .filter(|v| !v.is_empty())
        .collect();
    assert_eq!(kinds, ["player", "nps", "squad"]);
}
