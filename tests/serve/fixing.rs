//! A command put right from its show page: the corrections each caller may give, its version
//! filled in, and why the rules would not take it back alone.

use scraper::{Html, Selector};
use serde_json::Value;

use super::client::Browser;
use super::harness::{Campaign, Server};

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

/// The show page of `version` as `browser` sees it.
fn show(browser: &Browser, version: u64) -> Html {
    let page = browser.get(&format!("/c/Op/show/{version}"));
    assert_eq!(page.status, 200, "{}", page.body);
    Html::parse_document(&page.body)
}

/// The forms under "Put it right", each as its `cmd` and the version filled in.
fn fixes(page: &Html) -> Vec<(String, String)> {
    let forms = Selector::parse("#fix form").unwrap();
    let cmd = Selector::parse("input[name=cmd]").unwrap();
    let version = Selector::parse("input[name=version]").unwrap();
    let value = |form: scraper::ElementRef<'_>, field: &Selector| {
        form.select(field)
            .next()
            .and_then(|f| f.value().attr("value"))
            .unwrap_or("")
            .to_owned()
    };
    page.select(&forms)
        .map(|form| (value(form, &cmd), value(form, &version)))
        .collect()
}

/// What "Put it right" says of why the command is not taken back alone.
fn said(page: &Html) -> String {
    let said = Selector::parse("#fix > p").unwrap();
    page.select(&said).flat_map(|p| p.text()).collect()
}

fn signed(server: &Server, token: &str) -> (Browser, String) {
    let mut browser = Browser::new(server);
    browser.signed_in(token);
    let csrf = browser.csrf();
    (browser, csrf)
}

fn recorded(browser: &Browser, csrf: &str, form: &[(&str, &str)]) -> u64 {
    let mut sent = vec![("csrf", csrf)];
    sent.extend_from_slice(form);
    let answer = browser.post("/c/Op/do", &sent, &JSON);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer: Value = serde_json::from_str(&answer.body).unwrap();
    answer["recorded"].as_u64().unwrap()
}

#[test]
fn a_command_is_put_right_from_its_show_page_by_whom_it_may() {
    let campaign = Campaign::new();
    let (pat, kim, gina, vic) = (
        campaign.token("pat", "player"),
        campaign.token("kim", "player"),
        campaign.token("gina", "gm"),
        campaign.token("vic", "viewer"),
    );
    let server = Server::start(&campaign.db);
    let (pats, pat_csrf) = signed(&server, &pat);
    let (kims, _) = signed(&server, &kim);
    let (ginas, gina_csrf) = signed(&server, &gina);
    let mut vics = Browser::new(&server);
    vics.signed_in(&vic);
    let wound = [("cmd", "wound"), ("soldier", "Wong"), ("n", "2")];
    let wounded = recorded(&pats, &pat_csrf, &wound);
    let v = wounded.to_string();

    // Pat sent it: an undo, its version filled in. Kim and a viewer are offered nothing; the
    // gm a void and an amendment.
    let undo = [("undo".to_owned(), v.clone())];
    let (void, amend) = (("void".to_owned(), v.clone()), ("amend".to_owned(), v.clone()));
    assert_eq!(fixes(&show(&pats, wounded)), undo);
    assert!(said(&show(&pats, wounded)).is_empty());
    for other in [&kims, &vics] {
        let page = show(other, wounded);
        assert!(page.select(&Selector::parse("#fix").unwrap()).next().is_none());
    }
    assert_eq!(fixes(&show(&ginas, wounded)), [void.clone(), amend.clone()]);

    // Once a Heal rests on it, Pat's undo is said to be refused, not offered; the gm still
    // voids it with what rests on it.
    let heal = [("cmd", "heal"), ("soldier", "Wong"), ("n", "1")];
    let healed = recorded(&pats, &pat_csrf, &heal);
    let pats_page = show(&pats, wounded);
    assert!(fixes(&pats_page).is_empty());
    // Each says what rests on it by its version and summary, and what the caller may do.
    let why = said(&pats_page);
    assert!(why.contains(&format!("version {v}: v{healed} Wong")), "{why}");
    assert!(why.contains("Undo those first"), "{why}");
    assert!(!why.contains("--cascade"), "{why}");
    let ginas_page = show(&ginas, wounded);
    assert_eq!(fixes(&ginas_page), [void, amend]);
    let gm_why = said(&ginas_page);
    assert!(gm_why.contains(&format!("v{healed} Wong")), "{gm_why}");
    assert!(gm_why.contains("tick “Also void what rests on it”"), "{gm_why}");
    let cascade = Selector::parse("#fix #form-void input[name=cascade]").unwrap();
    assert!(ginas_page.select(&cascade).next().is_some());
    recorded(
        &ginas,
        &gina_csrf,
        &[
            ("cmd", "void"),
            ("version", &v),
            ("why", "misheard"),
            ("cascade", "on"),
        ],
    );
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 0);
    // Voided, neither command has anything left to put right.
    for version in [wounded, healed] {
        assert!(fixes(&show(&ginas, version)).is_empty());
        assert!(said(&show(&ginas, version)).is_empty());
    }
}

/// A player's undo refused because a later command rests on it says so in the player's
/// words: what rests on it as the log shows it, and what the player may do. No event's JSON,
/// nor the command line's `--cascade`, which a player has no control for.
#[test]
fn an_undo_refused_for_what_rests_on_it_is_said_in_a_players_words() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong"]);
    campaign.ok(&["environ", "declare", "--mission", "cold:6"]);
    campaign.ok(&["environ", "declare", "--location", "Stream", "fever:4"]);
    campaign.ok(&["turn"]);
    let server = Server::start(&campaign.db);
    let (pats, csrf) = signed(&server, &pat);
    let rolled = recorded(
        &pats,
        &csrf,
        &[
            ("cmd", "environ"),
            ("soldier", "Wong"),
            ("environment", "cold"),
            ("target", "6"),
            ("die", "2"),
        ],
    );
    campaign.ok(&["environ", "Wong", "fever", "4", "--die", "1"]);
    // Settles the older failed roll, Pat's: without it, it would settle the fever roll.
    campaign.ok(&["resolve", "Wong", "suppress"]);
    let settled = rolled + 2;
    let head = campaign.head();
    let roll = rolled.to_string();
    let undo = [("cmd", "undo"), ("version", roll.as_str()), ("why", "misread")];
    let mut sent = vec![("csrf", csrf.as_str())];
    sent.extend_from_slice(&undo);
    let refused = pats.post("/c/Op/do", &sent, &JSON);
    assert_eq!(refused.status, 422, "{}", refused.body);
    let answer: Value = serde_json::from_str(&refused.body).unwrap();
    let said = answer["refused"].as_str().unwrap();
    assert!(
        said.contains(&format!(
            "v{settled} Wong settles the failed Environ cold roll of v{rolled} with a Suppress"
        )),
        "{said}"
    );
    assert!(said.contains("ask the gm"), "{said}");
    for command_line in ["{", "environment_resolved", "--cascade", "Void those"] {
        assert!(!said.contains(command_line), "{command_line}: {said}");
    }
    // A gm's void names its own box for what rests on it.
    let gina = campaign.token("gina", "gm");
    let (ginas, gina_csrf) = signed(&server, &gina);
    let void = [
        ("csrf", gina_csrf.as_str()),
        ("cmd", "void"),
        ("version", roll.as_str()),
        ("why", "misread"),
    ];
    let refused = ginas.post("/c/Op/do", &void, &JSON);
    assert_eq!(refused.status, 422, "{}", refused.body);
    let answer: Value = serde_json::from_str(&refused.body).unwrap();
    let said = answer["refused"].as_str().unwrap();
    assert!(said.contains("tick “Also void what rests on it”"), "{said}");
    assert!(!said.contains('{') && !said.contains("--cascade"), "{said}");
    assert_eq!(campaign.head(), head, "refusals write nothing");
}

/// A gm's void with what rests on it, sent from the event page without the page's script:
/// the page it opens says every void the one command wrote, not the last alone.
#[test]
fn a_cascade_sent_from_the_event_page_says_every_void_it_wrote() {
    let campaign = Campaign::new();
    let gina = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let (ginas, csrf) = signed(&server, &gina);
    let wounded = recorded(&ginas, &csrf, &[("cmd", "wound"), ("soldier", "Wong")]);
    let healed = recorded(&ginas, &csrf, &[("cmd", "heal"), ("soldier", "Wong"), ("n", "1")]);
    let version = wounded.to_string();
    let sent = ginas.post(
        "/c/Op/do",
        &[
            ("csrf", csrf.as_str()),
            ("cmd", "void"),
            ("version", &version),
            ("why", "the wrong Soldier"),
            ("cascade", "on"),
        ],
        &[("Origin", &server.url)],
    );
    assert_eq!(sent.status, 303, "{}", sent.body);
    let page = Html::parse_document(&ginas.get(&sent.location).body);
    let banner: String = page
        .select(&Selector::parse("#said").unwrap())
        .flat_map(|e| e.text())
        .collect();
    assert!(
        banner.contains(&format!("voids the command of version {healed}")),
        "{banner}"
    );
    assert!(
        banner.contains(&format!("voids the command of version {wounded}")),
        "{banner}"
    );
}
