//! The play page as a table reads it: each Soldier's card in the card's order, and Owed now
//! carrying every command the rules offer. HTML is parsed with scraper.

use scraper::{ElementRef, Html, Selector};

use super::client::Browser;
use super::harness::{Campaign, Server};

/// Op's play page as the player `pat` sees it.
fn page_of_pat(campaign: &Campaign) -> Html {
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    let page = browser.get("/c/Op");
    assert_eq!(page.status, 200, "{}", page.body);
    Html::parse_document(&page.body)
}

fn select(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

/// Where the first element `css` matches stands among `root`'s elements, in document order.
fn place(root: ElementRef<'_>, css: &str) -> usize {
    let wanted = select(css);
    root.descendants()
        .filter_map(ElementRef::wrap)
        .position(|e| wanted.matches(&e))
        .unwrap_or_else(|| panic!("no {css} in {}", root.html()))
}

/// Rule 002's Hardy counters are among a card's numbers: drawn with them, before his
/// status buttons, not after them.
#[test]
fn a_cards_hardy_counters_stand_with_his_numbers_before_his_status_buttons() {
    let campaign = Campaign::new();
    campaign.ok(&["hardy", "Wong", "cold", "+1", "--why", "his card"]);
    let page = page_of_pat(&campaign);
    let card = page
        .select(&select("article.card[data-name=Wong]"))
        .next()
        .expect("Wong's card");
    let (numbers, hardy, actions) = (
        place(card, "dl.numbers"),
        place(card, "form.hardy"),
        place(card, "div.actions"),
    );
    assert!(
        numbers < hardy && hardy < actions,
        "numbers at {numbers}, Hardy at {hardy}, the status buttons at {actions}"
    );
    // Said once, as its −/+ row, not again as a line of text.
    let said: Vec<String> = card
        .select(&select("p.entry .label"))
        .map(|l| l.text().collect())
        .collect();
    assert!(!said.iter().any(|l| l == "Hardy"), "{said:?}");
}
