//! The web page as a browser meets it: signing in, the session cookie, the pages a role sees,
//! the forms (recorded, refused with muster's message, or refused as cross-site) and the
//! server-sent head. HTML is parsed with scraper, never matched as a snapshot.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use scraper::{Html, Selector};

use super::client::Browser;
use super::harness::{Campaign, Server};

/// The roster page of Op, parsed.
pub fn roster_page(browser: &Browser) -> Html {
    let page = browser.get("/c/Op");
    assert_eq!(page.status, 200, "{}", page.body);
    Html::parse_document(&page.body)
}

fn select<'a>(html: &'a Html, css: &str) -> Vec<scraper::ElementRef<'a>> {
    html.select(&Selector::parse(css).unwrap()).collect()
}

pub fn texts(html: &Html, css: &str) -> Vec<String> {
    select(html, css)
        .iter()
        .map(|e| e.text().collect::<String>().trim().to_owned())
        .collect()
}

/// The CSRF token the page's forms carry.
fn csrf(html: &Html) -> String {
    let found = select(html, "input[name=csrf]");
    found[0].value().attr("value").unwrap().to_owned()
}

/// Wong's Wounds as his card shows them.
pub fn wounds(html: &Html) -> String {
    texts(html, "article.card[data-name=Wong] [data-field=wounds] .value")[0].clone()
}

#[test]
fn signing_in_sets_a_lax_http_only_cookie_and_pages_without_one_go_to_sign_in() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    for path in [
        "/",
        "/c/Op",
        "/c/Op/log",
        "/c/Op/show/1",
        "/c/Op/blame/Wong",
        "/c/Op/events/stream",
    ] {
        let page = browser.get(path);
        assert_eq!((page.status, page.location.as_str()), (303, "/sign-in"), "{path}");
    }
    let form = Html::parse_document(&browser.get("/sign-in").body);
    assert_eq!(select(&form, "form#sign-in input[name=token]").len(), 1);

    let signed = browser.sign_in(&token);
    assert_eq!((signed.status, signed.location.as_str()), (303, "/"));
    let cookie: Vec<&str> = signed.set_cookie.split(';').map(str::trim).collect();
    assert!(
        cookie[0].starts_with("muster_session=") && cookie[0].len() > 40,
        "{cookie:?}"
    );
    // Lax: a link tapped in a chat app arrives signed in (each POST still needs its CSRF token).
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(&attribute), "{attribute} in {cookie:?}");
    }
    let list = Html::parse_document(&browser.get("/").body);
    assert_eq!(texts(&list, "#campaigns a"), ["Op"]);

    // Revoking the token ends its session on the next request.
    campaign.ok(&["serve", "token", "revoke", "pat"]);
    let page = browser.get("/c/Op");
    assert_eq!((page.status, page.location.as_str()), (303, "/sign-in"));
}

#[test]
fn a_wrong_token_is_refused_and_failed_sign_ins_are_rate_limited() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    let refused = browser.sign_in("muster_0000");
    assert_eq!(refused.status, 401);
    assert!(refused.set_cookie.is_empty());
    let page = Html::parse_document(&refused.body);
    assert_eq!(texts(&page, "#message"), ["the token is unknown or revoked"]);
    for _ in 1..10 {
        assert_eq!(browser.sign_in("wrong").status, 401);
    }
    // The eleventh try is refused however good its token: the address waits a minute.
    let limited = browser.sign_in(&token);
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert!(limited.set_cookie.is_empty());
}

#[test]
fn a_viewer_reads_every_page_but_has_no_forms_and_may_not_post_one() {
    let campaign = Campaign::new();
    campaign.ok(&["wound", "Wong", "1"]);
    campaign.ok(&["void", "4", "--why", "typo"]);
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&viewer);
    let roster = roster_page(&browser);
    assert_eq!(texts(&roster, "article.card h2"), ["Wong"]);
    assert_eq!(wounds(&roster), "0");
    assert!(select(&roster, "form.do").is_empty());
    assert!(
        select(&roster, "#undo, #owed").is_empty(),
        "a viewer records nothing"
    );
    let head = campaign.head();
    let sent = browser.post(
        "/c/Op/do",
        &[
            ("csrf", &csrf(&roster)),
            ("cmd", "wound"),
            ("soldier", "Wong"),
            ("n", "1"),
        ],
        &[],
    );
    assert_eq!(sent.status, 403, "{}", sent.body);
    assert_eq!(campaign.head(), head);

    // The log, newest first, marks the voided Wound; show and blame answer.
    let log = Html::parse_document(&browser.get("/c/Op/log?page=1").body);
    let versions = texts(&log, "#events tbody td:first-child");
    assert_eq!(versions.first().map(String::as_str), Some("v5"));
    assert_eq!(texts(&log, "#events tr.voided td:first-child"), ["v4"]);
    let empty = Html::parse_document(&browser.get("/c/Op/log?page=9").body);
    assert!(select(&empty, "#events tbody tr").is_empty());
    let show = browser.get("/c/Op/show/4");
    assert_eq!(show.status, 200);
    let show = Html::parse_document(&show.body);
    let detail: serde_json::Value = serde_json::from_str(&texts(&show, "#detail")[0]).unwrap();
    assert_eq!(
        (detail["kind"].as_str(), detail["voided"].as_bool()),
        (Some("wounded"), Some(true))
    );
    // Shown as the event's fields in words, the JSON folded away beneath it.
    let labels = texts(&show, "#event dt");
    let values = texts(&show, "#event dd");
    let rows: Vec<(String, String)> = labels.into_iter().zip(values).collect();
    for (label, value) in [("Kind", "wounded"), ("Voided by", "v5"), ("Soldier", "Wong")] {
        assert!(
            rows.contains(&(label.to_owned(), value.to_owned())),
            "{label}: {value} in {rows:?}"
        );
    }
    let hash = detail["hash"].as_str().unwrap();
    let copy = select(&show, "button[data-copy]");
    assert!(
        copy.iter().any(|b| b.value().attr("data-copy") == Some(hash)),
        "the whole hash is one tap from the clipboard"
    );
    assert!(
        rows.contains(&("Hash".to_owned(), format!("{} Copy", &hash[..20]))),
        "shown short as the command line prints it: {rows:?}"
    );
    let stamps: Vec<&str> = select(&show, "#event time")
        .iter()
        .filter_map(|t| t.value().attr("datetime"))
        .collect();
    assert_eq!(
        stamps,
        [detail["recorded_at"].as_str().unwrap()],
        "a time the viewer's clock says"
    );
    let blame = Html::parse_document(&browser.get("/c/Op/blame/Wong").body);
    let json: serde_json::Value = serde_json::from_str(&texts(&blame, "#detail")[0]).unwrap();
    assert_eq!(json["soldier"], "Wong");
    assert_eq!(texts(&blame, "h1"), ["Blame: Wong"]);
    assert_eq!(texts(&blame, "h2#field-wounds"), ["Wounds: 0"]);
    let headings = texts(&blame, "h2");
    let at = |h: &str| headings.iter().position(|x| x.starts_with(h)).unwrap();
    assert!(
        at("Wounds") < at("XP") && at("XP") < at("Medal RP"),
        "as the card orders them: {headings:?}"
    );
    let wound_lines = texts(&blame, "h2#field-wounds + table tbody tr.voided td:first-child");
    assert_eq!(wound_lines, ["v4"], "the voided Wound is a struck-through line");
}

/// A K9 Encounter roll paid with Discipline reads in words on its show page: the roll once,
/// its modifiers and cost as the command line words them, its step as players count; no
/// event's page shows a nested value as JSON.
#[test]
fn a_paid_encounter_roll_shows_its_nested_values_in_words_and_the_roll_once() {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "expansion", "add", "k9"]);
    let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cards");
    let card = |name: &str| cards.join(name).display().to_string();
    campaign.ok(&["enlist", "--card", &card("gizmo.json")]);
    let start = ["mission", "start", "X", "--with", "Wong", "--with", "Gizmo"];
    campaign.ok(&[&start[..], &["--k9-objective", "obj"]].concat());
    campaign.ok(&["turn"]);
    campaign.ok(&["k9", "draw", &card("buried-explosive.json")]);
    campaign.ok(&["k9", "roll", "--pay", "discipline", "--die", "4"]);
    let roll = campaign.head();
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&gm);
    let rows = |version: u64| {
        let page = browser.get(&format!("/c/Op/show/{version}"));
        assert_eq!(page.status, 200, "{}", page.body);
        let show = Html::parse_document(&page.body);
        let labels = texts(&show, "#event dt");
        labels
            .into_iter()
            .zip(texts(&show, "#event dd"))
            .collect::<Vec<_>>()
    };
    for version in 1..=roll {
        for (label, value) in rows(version) {
            assert!(
                !value.contains("{\"") && !value.contains("[{"),
                "v{version} {label}: {value}"
            );
        }
    }
    let shown = rows(roll);
    let said = |label: &str| -> Vec<&str> {
        shown
            .iter()
            .filter(|(l, _)| l == label)
            .map(|(_, v)| v.as_str())
            .collect()
    };
    assert_eq!(said("Kind"), ["k9 roll made"]);
    assert_eq!(said("Roll").len(), 1, "the roll once: {shown:?}");
    assert!(said("Roll")[0].contains("4 -1 (card) +4 (paid 1 Discipline) = 7 vs 5+: success"));
    assert_eq!(said("Modifiers"), ["-1 (card), +4 (paid 1 Discipline)"]);
    assert_eq!(said("Costs"), ["1 Discipline"]);
    assert_eq!(said("Die"), ["d10: 4 (entered from a real die)"]);
    assert_eq!(said("Step"), ["Roll 1"], "counted as players count");
}

#[test]
fn a_players_form_records_and_a_refused_one_shows_musters_message() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&player);
    let roster = roster_page(&browser);
    let wound = select(&roster, "form#form-wound");
    assert_eq!(wound.len(), 1);
    assert_eq!(wound[0].value().attr("action"), Some("/c/Op/do"));
    let token = csrf(&roster);
    let sent = browser.post(
        "/c/Op/do",
        &[
            ("csrf", &token),
            ("cmd", "wound"),
            ("soldier", "Wong"),
            ("n", "1"),
        ],
        &[("Origin", &server.url)],
    );
    assert_eq!(
        (sent.status, sent.location.as_str()),
        (303, "/c/Op?recorded=4"),
        "{}",
        sent.body
    );
    let after = Html::parse_document(&browser.get(&sent.location).body);
    assert_eq!(wounds(&after), "1");
    assert_eq!(texts(&after, "#said"), ["Recorded v4: Wong suffers 1 Wound"]);
    // A link naming a command someone else recorded says nothing was: only one's own is.
    let theirs = Html::parse_document(&browser.get("/c/Op?recorded=2").body);
    assert!(
        texts(&theirs, "#said").iter().all(String::is_empty),
        "{:?}",
        texts(&theirs, "#said")
    );
    let served = campaign.ok(&["log", "-n", "1", "--json"]);
    assert!(served.contains("\"wounded\""), "{served}");

    let refused = browser.post(
        "/c/Op/do",
        &[
            ("csrf", &token),
            ("cmd", "wound"),
            ("soldier", "Nobody"),
            ("n", "1"),
        ],
        &[],
    );
    assert_eq!(refused.status, 422);
    let page = Html::parse_document(&refused.body);
    let message = texts(&page, "form#form-wound .said");
    assert_eq!(message.len(), 1, "{}", refused.body);
    assert!(message[0].contains("no Soldier named 'Nobody'"), "{message:?}");
    let group = select(&page, "details#group-play");
    assert!(
        group[0].value().attr("open").is_some(),
        "the refused form's group is open"
    );
    // A form the page does not offer, a gm's form sent by a player, and a flag smuggled
    // into a field, are refused.
    let unknown = browser.post("/c/Op/do", &[("csrf", &token), ("cmd", "serve-token")], &[]);
    assert_eq!(unknown.status, 400);
    let void = browser.post(
        "/c/Op/do",
        &[("csrf", &token), ("cmd", "void"), ("version", "3"), ("why", "x")],
        &[],
    );
    assert_eq!(void.status, 403, "{}", void.body);
    let smuggled = browser.post(
        "/c/Op/do",
        &[
            ("csrf", &token),
            ("cmd", "wound"),
            ("soldier", "--db=/tmp/x"),
            ("n", "1"),
        ],
        &[],
    );
    assert_eq!(smuggled.status, 422, "{}", smuggled.body);
    assert_eq!(wounds(&roster_page(&browser)), "1");
}

#[test]
fn a_cross_site_post_is_refused_and_writes_nothing() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&player);
    let token = csrf(&roster_page(&browser));
    let head = campaign.head();
    let wound = |csrf: &str| {
        vec![
            ("csrf", csrf.to_owned()),
            ("cmd", "wound".to_owned()),
            ("soldier", "Wong".to_owned()),
        ]
    };
    for (csrf, origin) in [
        ("0".repeat(64), None),
        (String::new(), None),
        (token.clone(), Some("http://evil.example")),
        (token.clone(), Some("null")),
    ] {
        let form = wound(&csrf);
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let origin: Vec<(&str, &str)> = origin.map(|o| ("Origin", o)).into_iter().collect();
        let sent = browser.post("/c/Op/do", &form, &origin);
        assert_eq!(sent.status, 403, "{csrf:?} {origin:?}: {}", sent.body);
    }
    assert_eq!(campaign.head(), head);
}

#[test]
fn the_stream_sends_the_new_head_after_a_write() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&viewer);
    let script = browser.get("/static/play.js");
    assert_eq!(script.status, 200);
    assert!(script.body.contains("EventSource"));
    let head = campaign.head();
    let response = browser
        .agent
        .get(format!("{}/c/Op/events/stream", server.url))
        .header("Cookie", browser.cookie.as_deref().unwrap())
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let reader = BufReader::new(response.into_body().into_reader());
    let (send, heads) = mpsc::channel();
    std::thread::spawn(move || {
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(data) = line.strip_prefix("data: ") {
                if send.send(data.parse::<u64>().unwrap()).is_err() {
                    return;
                }
            }
        }
    });
    assert_eq!(heads.recv_timeout(Duration::from_secs(10)).unwrap(), head);
    campaign.ok(&["wound", "Wong", "1"]);
    // Within a second of the write, give or take a loaded machine.
    assert_eq!(heads.recv_timeout(Duration::from_secs(5)).unwrap(), head + 1);
}

#[test]
fn each_game_offers_its_own_forms() {
    // Zero Dark's own forms: a hero's state, the Red Force's bogeys, the Spook, Allies.
    const ZERO_DARK: &[&str] = &[
        "hero-state",
        "bogey-add",
        "target",
        "bogey-down",
        "bogey-dead",
        "persuade",
        "ally-dependent",
        "ally-strayed",
        "spook-task",
        "spook-buy-time",
        "spook-set-aside",
        "spook-deck-out",
        "spook-flip-set-aside",
        "spook-dead-drop",
        "spook-extracted",
    ];
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "new", "Zed", "--game", "zero-dark"]);
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&gm);
    let page = browser.get("/c/Zed");
    assert_eq!(page.status, 200, "{}", page.body);
    let zero_dark = Html::parse_document(&page.body);
    for form in ["turn", "xp"].iter().chain(ZERO_DARK) {
        assert_eq!(
            select(&zero_dark, &format!("form#form-{form}")).len(),
            1,
            "{form}"
        );
    }
    assert!(select(&zero_dark, "form#form-wound").is_empty());
    assert!(select(&zero_dark, "form#form-environ-declare").is_empty());
    let modern = roster_page(&browser);
    for form in [
        "wound",
        "check",
        "environ",
        "resolve",
        "ekia",
        "environ-declare",
        "environ-clear",
    ] {
        assert_eq!(select(&modern, &format!("form#form-{form}")).len(), 1, "{form}");
    }
    for form in ZERO_DARK {
        assert!(
            select(&modern, &format!("form#form-{form}")).is_empty(),
            "{form} in a Warfighter game"
        );
    }
    // An expansion's forms only where the campaign plays it.
    for form in ["k9-roll", "medal-draw"] {
        assert!(
            select(&modern, &format!("form#form-{form}")).is_empty(),
            "{form} without its expansion"
        );
    }
    campaign.ok(&[
        "campaign",
        "new",
        "Lodestar",
        "--game",
        "modern",
        "--expansion",
        "k9",
        "--expansion",
        "medals",
    ]);
    let page = browser.get("/c/Lodestar");
    assert_eq!(page.status, 200, "{}", page.body);
    let expanded = Html::parse_document(&page.body);
    for form in ["k9-roll", "medal-draw", "medal-reshuffle", "wound"] {
        assert_eq!(select(&expanded, &format!("form#form-{form}")).len(), 1, "{form}");
    }
    // A form both games share asks each only what its rules have, in its words.
    let asks = |page: &Html, field: &str| {
        !select(page, &format!("form#form-mission-start [name={field}]")).is_empty()
    };
    assert!(asks(&expanded, "k9-objective") && asks(&expanded, "objectives"));
    assert!(
        !asks(&modern, "k9-objective"),
        "no K9 Objective without K9 & Handlers"
    );
    assert!(asks(&modern, "objectives"));
    assert!(!asks(&zero_dark, "k9-objective") && !asks(&zero_dark, "objectives"));
    assert!(select(&zero_dark, "form#form-mission-end [name=rp-award]").is_empty());
    let labels = texts(
        &zero_dark,
        "form#form-mission-start label, form#form-mission-start legend",
    );
    assert!(labels.iter().any(|l| l.starts_with("Heroes on it")), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("Soldier")), "{labels:?}");
}

#[test]
fn the_play_page_links_the_printed_roster_the_command_line_prints() {
    let campaign = Campaign::new();
    campaign.ok(&["wound", "Wong", "1"]);
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    assert_eq!(
        browser.get("/c/Op/print").status,
        303,
        "signed out, it goes to sign in"
    );
    browser.signed_in(&viewer);

    let roster = roster_page(&browser);
    let links = select(&roster, "header.bar a[href='/c/Op/print']");
    let src = links[0].value().attr("href").unwrap();

    let print = browser.get(src);
    assert_eq!(print.status, 200, "{}", print.body);
    let printed = super::harness::muster(&campaign.db, &["roster", "--format", "html"]);
    assert!(printed.status.success());
    let printed = String::from_utf8(printed.stdout).unwrap();
    let (served, printed) = (Html::parse_document(&print.body), Html::parse_document(&printed));
    for part in ["h1", "h2", "table", "section", "li"] {
        assert_eq!(
            texts(&served, part),
            texts(&printed, part),
            "the printed page's {part}"
        );
    }
    assert!(!texts(&served, "h2").is_empty());
}

#[test]
fn the_log_pages_newest_first_and_filters_by_soldier_and_mission() {
    let campaign = Campaign::new();
    campaign.ok(&["enlist", "Park", "--kind", "player", "--rp", "4"]);
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong"]);
    for n in 0..26 {
        campaign.ok(&["xp", "Wong", "+1", "--why", &format!("drill {n}")]);
    }
    campaign.ok(&["mission", "end", "--result", "success"]);
    campaign.ok(&["wound", "Park", "1"]);
    let head = campaign.head();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&viewer);
    let versions = |path: &str| -> (Vec<u64>, Vec<String>, Vec<String>) {
        let answer = browser.get(path);
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
        let html = Html::parse_document(&answer.body);
        let versions = texts(&html, "#events tbody td:first-child")
            .iter()
            .map(|v| v.trim_start_matches('v').parse().unwrap())
            .collect();
        (
            versions,
            texts(&html, "#events td.what"),
            texts(&html, "a[rel=next]"),
        )
    };

    // Twenty-five a page, newest first, the next page going on where the first stopped.
    let (first, _, older) = versions("/c/Op/log");
    assert_eq!(first, (head - 24..=head).rev().collect::<Vec<_>>());
    assert_eq!(older, ["Older"]);
    let (second, _, older) = versions("/c/Op/log?page=2");
    assert_eq!(second, (1..=head - 25).rev().collect::<Vec<_>>());
    assert!(older.is_empty(), "the second page reaches version 1");

    // A Soldier's events only; a Mission's only, the Wound after it left out.
    let (_, park, _) = versions("/c/Op/log?soldier=park");
    assert!(
        park.len() >= 2 && park.iter().all(|s| s.contains("Park")),
        "{park:?}"
    );
    let (mission, said, _) = versions("/c/Op/log?mission=1");
    assert_eq!(mission.len(), 25, "a page of the Mission's events");
    assert!(mission.iter().all(|v| *v < head), "{mission:?}");
    assert!(said.iter().all(|s| !s.contains("Park suffers")), "{said:?}");
    let (rest, _, _) = versions("/c/Op/log?mission=1&page=2");
    assert!(!rest.is_empty() && rest.iter().all(|v| v < mission.last().unwrap()));

    // What is not a filter is refused, naming what would be accepted.
    let bad = browser.get("/c/Op/log?mission=first");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("whole number"), "{}", bad.body);
    let nobody = browser.get("/c/Op/log?soldier=Nobody");
    assert_eq!(nobody.status, 404);
    assert!(nobody.body.contains("Nobody"), "{}", nobody.body);
}

#[test]
fn the_manifest_and_its_icons_let_a_phone_install_the_page_signed_in_or_not() {
    let campaign = Campaign::new();
    let server = Server::start(&campaign.db);
    let browser = Browser::new(&server);
    let manifest = browser.get("/manifest.webmanifest");
    assert_eq!(manifest.status, 200);
    let manifest: serde_json::Value = serde_json::from_str(&manifest.body).unwrap();
    assert_eq!(
        (&manifest["start_url"], &manifest["display"]),
        (&serde_json::json!("/"), &serde_json::json!("standalone"))
    );
    // The sign-in page names the manifest and the same theme colour.
    let sign_in = Html::parse_document(&browser.get("/sign-in").body);
    let attr = |css: &str, name: &str| {
        select(&sign_in, css)
            .first()
            .and_then(|e| e.value().attr(name))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(attr("link[rel=manifest]", "href"), "/manifest.webmanifest");
    assert_eq!(attr("meta[name=theme-color]", "content"), manifest["theme_color"]);
    // Each icon is a PNG of the size it is declared.
    let icons = manifest["icons"].as_array().unwrap();
    assert!(icons.iter().any(|i| i["sizes"] == "192x192") && icons.iter().any(|i| i["sizes"] == "512x512"));
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        let response = browser.agent.get(format!("{}{src}", server.url)).call().unwrap();
        assert_eq!(response.headers().get("content-type").unwrap(), "image/png");
        let bytes = response.into_body().read_to_vec().unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{src}");
        let side = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        assert_eq!(
            format!("{}x{}", side(16), side(20)),
            icon["sizes"].as_str().unwrap(),
            "{src}"
        );
    }
}

/// An address edited by hand (a page number or a version that is no number) is answered with
/// a page in muster's words, not the framework's plain text; the sign-in page tells a phone
/// joined by an invite how to come back.
#[test]
fn an_address_that_names_no_page_is_answered_with_a_page() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    for (path, status, said) in [
        ("/c/Op/log?page=abc", 400, "address is not one it reads"),
        ("/c/Op/show/abc", 404, "this address names no page"),
        ("/c/Op/mission/abc", 404, "this address names no page"),
    ] {
        let page = browser.get(path);
        assert_eq!(page.status, status, "{path}: {}", page.body);
        assert!(
            page.body.contains("<html") && page.body.contains(said),
            "{path}: {}",
            page.body
        );
    }
    let sign_in = Browser::new(&server).get("/sign-in");
    assert!(
        sign_in.body.contains("Joined by an invite link?"),
        "{}",
        sign_in.body
    );
}

/// With no Mission in progress, what comes next is starting one: Now points to it and its
/// section is open; once one is under way, neither.
#[test]
fn with_no_mission_in_progress_now_points_to_starting_one() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    let shown = |browser: &Browser| {
        let page = Html::parse_document(&browser.get("/c/Op").body);
        let pointed = Selector::parse("#now p.idle a[href='#group-mission']").unwrap();
        let open = Selector::parse("details#group-mission[open]").unwrap();
        (page.select(&pointed).count(), page.select(&open).count())
    };
    assert_eq!(shown(&browser), (1, 1));
    campaign.ok(&["mission", "start", "Night Run"]);
    assert_eq!(shown(&browser), (0, 0));
}

/// Suppress lands only on a Soldier taken on the Mission in progress: another's card offers
/// no Suppress step.
#[test]
fn a_soldier_off_the_mission_is_offered_no_suppress() {
    let campaign = Campaign::new();
    campaign.ok(&["enlist", "Park", "--kind", "player", "--rp", "4"]);
    campaign.ok(&["mission", "start", "Night Run", "--with", "Wong"]);
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&token);
    let page = Html::parse_document(&browser.get("/c/Op").body);
    let suppress = |name: &str| {
        let css = format!("article.card[data-name={name}] [data-field=suppress] button[value=suppress]");
        let selector = Selector::parse(&css).unwrap();
        page.select(&selector)
            .map(|b| b.value().attr("disabled").is_some())
            .collect::<Vec<bool>>()
    };
    assert_eq!(suppress("Wong"), vec![false]);
    assert_eq!(suppress("Park"), vec![true]);
}
