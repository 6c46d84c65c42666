//! The campaign's story on the page: the chronicle and a Mission's report read from the same
//! query as `muster chronicle`, escaped, for any signed-in role; the page to print.

use scraper::{Html, Selector};

use super::client::Browser;
use super::harness::{Campaign, Server};

fn texts(html: &Html, css: &str) -> Vec<String> {
    let selector = Selector::parse(css).unwrap();
    html.select(&selector)
        .map(|e| e.text().collect::<String>().trim().to_owned())
        .collect()
}

#[test]
fn a_viewer_reads_the_chronicle_and_each_mission_s_report() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Dawn <Raid>", "--with", "Wong"]);
    campaign.ok(&["turn"]);
    campaign.ok(&["wound", "Wong", "2"]);
    campaign.ok(&["note", "Wong <b>held</b> the bridge", "--soldier", "Wong"]);
    campaign.ok(&["mission", "end", "--result", "success"]);
    campaign.ok(&["mission", "start", "Dusk", "--with", "Wong"]);
    let told: serde_json::Value = serde_json::from_str(&campaign.ok(&["--json", "chronicle"])).unwrap();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&viewer);

    let page = browser.get("/c/Op/chronicle");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(!page.body.contains("<b>held"), "a note's markup is escaped");
    let html = Html::parse_document(&page.body);
    assert_eq!(texts(&html, "h1"), ["Op: the chronicle (Warfighter Modern)"]);
    assert_eq!(
        texts(&html, "ul.missions a"),
        ["Mission 1: Dawn <Raid>", "Mission 2: Dusk"]
    );
    assert_eq!(
        texts(&html, "section#mission-1 h2"),
        ["Mission 1: Dawn <Raid> (success)"]
    );
    assert!(
        texts(&html, "section#mission-1 li")
            .iter()
            .any(|li| li.ends_with("on Wong: Wong <b>held</b> the bridge")),
        "the note, as words"
    );
    let shown: serde_json::Value = serde_json::from_str(&texts(&html, "#detail")[0]).unwrap();
    assert_eq!(shown, told, "the page's JSON is the command line's");

    let report = Html::parse_document(&browser.get("/c/Op/mission/1").body);
    assert_eq!(texts(&report, "section h2"), ["Mission 1: Dawn <Raid> (success)"]);
    let cells = texts(&report, "section#mission-1 td");
    assert_eq!(&cells[..4], ["Wong", "2", "no", "no"], "Wong's Wounds");
    let missing = browser.get("/c/Op/mission/3");
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("1 to 2"), "{}", missing.body);

    let printed = browser.get("/c/Op/chronicle/print");
    assert_eq!(printed.status, 200);
    assert!(printed.body.contains(r#"id="mission-2""#));
}

#[test]
fn a_player_writes_a_note_from_the_page_and_only_they_take_it_back() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Dawn", "--with", "Wong"]);
    let pat = campaign.token("pat", "player");
    let ann = campaign.token("ann", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&pat);
    let csrf = browser.csrf();
    let json = [("Accept", "application/json")];
    let sent = browser.post(
        "/c/Op/do",
        &[
            ("csrf", csrf.as_str()),
            ("cmd", "note"),
            ("text", "- Wong held <the> bridge"),
            ("soldier", "Wong"),
            ("mission", ""),
        ],
        &json,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    let answer: serde_json::Value = serde_json::from_str(&sent.body).unwrap();
    let version = answer["recorded"].as_u64().unwrap();
    let told: serde_json::Value = serde_json::from_str(&campaign.ok(&["--json", "chronicle"])).unwrap();
    assert_eq!(
        told["missions"][0]["notes"][0],
        serde_json::json!({"version": version, "soldier": "Wong", "text": "- Wong held <the> bridge"})
    );
    // Another player may not take it back; the one who wrote it may.
    let mut other = Browser::new(&server);
    other.signed_in(&ann);
    let other_csrf = other.csrf();
    let v = version.to_string();
    let undo = |browser: &Browser, csrf: &str| {
        browser.post(
            "/c/Op/do",
            &[
                ("csrf", csrf),
                ("cmd", "undo"),
                ("version", v.as_str()),
                ("why", "not so"),
            ],
            &json,
        )
    };
    assert_eq!(undo(&other, &other_csrf).status, 422);
    assert_eq!(undo(&browser, &csrf).status, 200);
    let told: serde_json::Value = serde_json::from_str(&campaign.ok(&["--json", "chronicle"])).unwrap();
    assert_eq!(told["missions"][0]["notes"], serde_json::json!([]));
}

#[test]
fn a_mission_played_on_paper_is_refused_on_the_page_as_on_the_command_line() {
    let campaign = Campaign::new();
    campaign.ok(&[
        "carry-over",
        "--squad",
        "--missions",
        "3",
        "--why",
        "the paper sheet",
    ]);
    campaign.ok(&["mission", "start", "Fourth", "--with", "Wong"]);
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&viewer);
    let paper = browser.get("/c/Op/mission/2");
    assert_eq!(paper.status, 404);
    assert!(paper.body.contains("was played on paper"), "{}", paper.body);
    let missing = browser.get("/c/Op/mission/5");
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("4 to 4"), "{}", missing.body);
    assert_eq!(browser.get("/c/Op/mission/4").status, 200);
}
