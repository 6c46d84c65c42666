//! What a new gm meets first on the page: with no campaign, the whole command that makes
//! one.

use scraper::Html;

use super::client::Browser;
use super::harness::{Server, muster};
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
