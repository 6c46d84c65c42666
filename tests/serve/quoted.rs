//! A page's refusal quotes names and texts whole: a Soldier or a recorder whose name holds
//! `<`, `>` or `|` is named as written (and shown as text, never as markup), while the
//! command line parser's own placeholders are still read as words.

use serde_json::Value;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};
use super::page::texts;

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

/// A browser signed in with `token`, and its CSRF token.
fn signed(server: &Server, token: &str) -> (Browser, String) {
    let mut browser = Browser::new(server);
    browser.signed_in(token);
    let csrf = browser.csrf();
    (browser, csrf)
}

/// Sends `form` to Op's commands, with the CSRF token, answered as JSON when `json`.
fn send(browser: &Browser, csrf: &str, form: &[(&str, &str)], json: bool) -> Answer {
    let mut sent = vec![("csrf", csrf)];
    sent.extend_from_slice(form);
    browser.post("/c/Op/do", &sent, if json { &JSON } else { &[] })
}

/// The refusal a JSON answer gives.
fn refused(answer: &Answer) -> String {
    let body: Value = serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body));
    body["refused"].as_str().unwrap_or_default().to_owned()
}

/// The refusals a page shows, as its reader reads them (the markup's text).
fn shown(page: &Answer) -> String {
    texts(&scraper::Html::parse_document(&page.body), "p.said").join("\n")
}

#[test]
fn a_pages_refusal_names_soldiers_and_recorders_as_written() {
    let campaign = Campaign::new();
    let enlist = ["enlist", "Mac <Doc|Bones>", "--kind", "player", "--rp", "4"];
    campaign.ok(&enlist);
    let odd = "<img src=x onerror=alert(1)>";
    let printed = campaign.ok(&["serve", "token", "add", odd, "--role", "player"]);
    let odds = printed.lines().next().unwrap_or_default().trim().to_owned();
    let kim = campaign.token("kim", "player");
    let server = Server::start(&campaign.db);
    let (kims, kim_csrf) = signed(&server, &kim);

    let wound = [("cmd", "wound"), ("soldier", "Nobody")];
    let said = refused(&send(&kims, &kim_csrf, &wound, true));
    assert!(said.contains("Soldiers here: Wong, Mac <Doc|Bones>"), "{said}");
    let page = shown(&send(&kims, &kim_csrf, &wound, false));
    assert!(page.contains("Soldiers here: Wong, Mac <Doc|Bones>"), "{page}");

    let (theirs, their_csrf) = signed(&server, &odds);
    let wounded = send(
        &theirs,
        &their_csrf,
        &[("cmd", "wound"), ("soldier", "Wong")],
        true,
    );
    let recorded: Value = serde_json::from_str(&wounded.body).unwrap_or_default();
    let version = recorded["recorded"].to_string();
    let undo = [
        ("cmd", "undo"),
        ("version", version.as_str()),
        ("why", "not mine"),
    ];
    let said = refused(&send(&kims, &kim_csrf, &undo, true));
    assert!(said.contains(&format!("recorded by {odd}")), "{said}");
    let page = send(&kims, &kim_csrf, &undo, false);
    assert!(
        shown(&page).contains(&format!("recorded by {odd}")),
        "{}",
        page.body
    );
    let html = scraper::Html::parse_document(&page.body);
    let markup = scraper::Selector::parse("img").unwrap();
    assert_eq!(html.select(&markup).count(), 0, "shown as text: {}", page.body);
}
