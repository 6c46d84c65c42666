//! What a new gm meets first on the page: with no campaign, the whole command that makes
//! one; with no Mission in progress, Start a Mission leading its section, the forms of a
//! Mission under way folded after it.

use scraper::{Html, Selector};

use super::client::Browser;
use super::harness::{Campaign, Server, muster};
use super::page::texts;

#[test]
fn with_no_campaign_the_page_gives_the_whole_command_that_makes_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("muster.db");
    let made = muster(&db, &["serve", "token", "add", "gina", "--role", "gm"]);
    assert!(made.status.success(), "{made:?}");
    let token = String::from_utf8(made.stdout).unwrap();
    let server = Server::start(&db);
    let mut browser = Browser::new(&server);
    browser.signed_in(token.lines().next().unwrap().trim());
    let page = Html::parse_document(&browser.get("/").body);
    let hint = texts(&page, "main p code");
    assert_eq!(hint, ["muster campaign new NAME --game wwii|modern|zero-dark"]);
    // The command as shown is one the command line takes.
    let shown: Vec<&str> = hint[0].split(' ').skip(1).collect();
    let out = muster(&db, &[&shown[..2], &["Op", "--game", "modern"]].concat());
    assert!(out.status.success(), "{out:?}");
}

/// The ids of the forms directly in the Mission's section, and of those folded in it.
fn mission_forms(page: &Html) -> (Vec<String>, Vec<String>, bool) {
    let ids = |css: &str| -> Vec<String> {
        page.select(&Selector::parse(css).unwrap())
            .filter_map(|f| f.value().attr("id").map(str::to_owned))
            .collect()
    };
    let folded_open = page
        .select(&Selector::parse("details#later-mission[open]").unwrap())
        .count()
        > 0;
    (
        ids("details#group-mission > form"),
        ids("details#later-mission > form"),
        folded_open,
    )
}

#[test]
fn with_no_mission_in_progress_start_a_mission_leads_and_the_rest_is_folded() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&gm);
    let (shown, folded, open) = mission_forms(&Html::parse_document(&browser.get("/c/Op").body));
    assert_eq!(shown, ["form-mission-start"], "Start a Mission alone leads");
    for id in ["form-turn", "form-mission-end"] {
        assert!(folded.contains(&id.to_owned()), "{id} folded: {folded:?}");
    }
    assert!(!open, "folded away");

    // Once one is under way, today's order: the turn first, nothing folded.
    campaign.ok(&["mission", "start", "Night Run"]);
    let (shown, folded, _) = mission_forms(&Html::parse_document(&browser.get("/c/Op").body));
    assert_eq!(shown.first().map(String::as_str), Some("form-turn"), "{shown:?}");
    assert!(shown.contains(&"form-mission-end".to_owned()), "{shown:?}");
    assert!(folded.is_empty(), "{folded:?}");
}
