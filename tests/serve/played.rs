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

/// The command lines of the offers in Owed now, in order, each parsed from its form.
fn owed(page: &Html) -> Vec<Vec<String>> {
    page.select(&select("#owed form.offer input[name=args]"))
        .map(|args| serde_json::from_str(args.value().attr("value").unwrap()).unwrap())
        .collect()
}

/// `muster now` lists a Soldier's Downed and Killed once his Wounds reach his Health: so does
/// Owed now, first, as well as his card; and no id is drawn twice.
#[test]
fn owed_now_carries_what_comes_next_for_a_soldier_at_his_health() {
    let campaign = Campaign::new();
    campaign.ok(&["enlist", "Kim", "--kind", "squad", "--rp", "2", "--health", "2"]);
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong", "--with", "Kim"]);
    campaign.ok(&["turn"]);
    campaign.ok(&["wound", "Kim", "2"]);
    let now: serde_json::Value = serde_json::from_str(&campaign.ok(&["now", "--json"])).unwrap();
    let allowed: Vec<Vec<String>> = now["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["refused"].is_null())
        .map(|o| serde_json::from_value(o["args"].clone()).unwrap())
        .collect();
    let page = page_of_pat(&campaign);
    let shown = owed(&page);
    let mut sorted = shown.clone();
    sorted.sort();
    let mut wanted = allowed.clone();
    wanted.sort();
    assert_eq!(sorted, wanted, "Owed now, beside `muster now`");
    let kim = |word: &str| vec![word.to_owned(), "Kim".to_owned()];
    assert_eq!(shown[..2], [kim("down"), kim("kill")], "{shown:?}");
    // His card offers them too.
    let card = page
        .select(&select("article.card[data-name=Kim] form.offer"))
        .count();
    assert_eq!(card, 2);
    let mut ids: Vec<&str> = page
        .select(&select("[id]"))
        .filter_map(|e| e.value().attr("id"))
        .collect();
    ids.sort_unstable();
    let twice: Vec<&&str> = ids.windows(2).filter(|w| w[0] == w[1]).map(|w| &w[0]).collect();
    assert!(twice.is_empty(), "ids drawn twice: {twice:?}");
}

/// A Soldier Killed in Action or discharged never goes on a Mission again: Start a Mission
/// offers no box for him, while every picker of one Soldier (a note about him) still names him.
#[test]
fn start_a_mission_offers_no_box_for_a_soldier_whose_record_is_closed() {
    let campaign = Campaign::new();
    for name in ["Kim", "Lee", "Moe"] {
        campaign.ok(&["enlist", name, "--kind", "squad", "--rp", "2", "--health", "2"]);
    }
    campaign.ok(&["kill", "Kim"]);
    campaign.ok(&["discharge", "Lee"]);
    let page = page_of_pat(&campaign);
    let boxes: Vec<&str> = page
        .select(&select("#form-mission-start input[name=with]"))
        .filter_map(|b| b.value().attr("value"))
        .collect();
    assert_eq!(boxes, ["Wong", "Moe"]);
    let about: Vec<&str> = page
        .select(&select("#form-note select[name=soldier] option"))
        .filter_map(|o| o.value().attr("value"))
        .collect();
    assert_eq!(about, ["", "Wong", "Kim", "Lee", "Moe"]);
}
