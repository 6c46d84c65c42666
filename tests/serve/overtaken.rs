//! A tap decided on what its page showed: the page sends the version it showed, and a tap is
//! refused when another phone's command landed since (its own, sent before it, do not count).

use serde_json::Value;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

fn signed(server: &Server, token: &str) -> (Browser, String) {
    let mut browser = Browser::new(server);
    browser.signed_in(token);
    let csrf = browser.csrf();
    (browser, csrf)
}

/// A Wound for Wong, tapped on a page that showed the campaign at `seen`.
fn wound_seen_at(browser: &Browser, csrf: &str, seen: Option<u64>) -> Answer {
    let seen = seen.map(|v| v.to_string());
    let mut form = vec![("csrf", csrf), ("cmd", "wound"), ("soldier", "Wong"), ("n", "1")];
    if let Some(seen) = &seen {
        form.push(("seen", seen));
    }
    browser.post("/c/Op/do", &form, &JSON)
}

fn refusal(answer: &Answer) -> String {
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    body["refused"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_tap_on_a_page_another_phone_has_moved_on_is_refused_and_ones_own_are_not() {
    let campaign = Campaign::new();
    let (pat, kim) = (campaign.token("pat", "player"), campaign.token("kim", "player"));
    let server = Server::start(&campaign.db);
    let (pats, pat_csrf) = signed(&server, &pat);
    let (kims, kim_csrf) = signed(&server, &kim);
    let shown = campaign.head();

    // Both pages show the same version; Pat's tap lands first, and Kim's is refused.
    assert_eq!(wound_seen_at(&pats, &pat_csrf, Some(shown)).status, 200);
    let late = wound_seen_at(&kims, &kim_csrf, Some(shown));
    assert_eq!(late.status, 409, "{}", late.body);
    let said = refusal(&late);
    assert!(
        said.contains(&format!(
            "since your page showed v{shown}, v{} was recorded",
            shown + 1
        )),
        "{said}"
    );
    assert!(said.contains("by pat"), "{said}");
    assert_eq!(campaign.head(), shown + 1, "nothing of Kim's was written");

    // Pat's second tap, sent before the page drew the first, still stands on Pat's page.
    assert_eq!(wound_seen_at(&pats, &pat_csrf, Some(shown)).status, 200);
    // Kim's page, drawn again, records; so does a form sent without the script.
    assert_eq!(wound_seen_at(&kims, &kim_csrf, Some(shown + 2)).status, 200);
    assert_eq!(wound_seen_at(&kims, &kim_csrf, None).status, 200);
    // A page past the head, or far behind it, is refused.
    let ahead = wound_seen_at(&kims, &kim_csrf, Some(shown + 99));
    assert_eq!(ahead.status, 409, "{}", ahead.body);
    assert!(refusal(&ahead).contains("look at it again"));
    assert_eq!(campaign.head(), shown + 4);
}
