//! The play page's forms as its script sends them: JSON answers, a command id answered once
//! and recorded once, a command the rules offer recorded only while they offer it, undo and a
//! gm's void, a card file, and a Mission with several Soldiers.

use std::path::Path;

use serde_json::Value;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};

const JSON: [(&str, &str); 1] = [("Accept", "application/json")];

fn json(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body))
}

/// Sends `form` (with the session's CSRF token) as the page's script does.
fn send(browser: &Browser, csrf: &str, form: &[(&str, &str)]) -> Answer {
    let mut sent = vec![("csrf", csrf)];
    sent.extend_from_slice(form);
    browser.post("/c/Op/do", &sent, &JSON)
}

fn signed(server: &Server, token: &str) -> (Browser, String) {
    let mut browser = Browser::new(server);
    browser.signed_in(token);
    let csrf = browser.csrf();
    (browser, csrf)
}

/// `campaign` served, with Pat (a player) signed in: the server, Pat's browser and its CSRF
/// token.
fn served_to_pat(campaign: &Campaign) -> (Server, Browser, String) {
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let (browser, csrf) = signed(&server, &player);
    (server, browser, csrf)
}

/// A card file of the fixtures, by its name.
fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/cards")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_command_id_is_answered_once_and_recorded_once_and_a_refusal_names_its_field() {
    let campaign = Campaign::new();
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let wound = [
        ("cmd", "wound"),
        ("soldier", "Wong"),
        ("n", "1"),
        ("command_id", "page-1"),
    ];
    let first = send(&browser, &csrf, &wound);
    assert_eq!(first.status, 200, "{}", first.body);
    let answer = json(&first);
    assert_eq!(answer["recorded"], head + 1);
    assert_eq!(answer["summary"], "Wong suffers 1 Wound");
    // Sent again after a dropped answer: the same answer, nothing recorded again.
    let again = send(&browser, &csrf, &wound);
    assert_eq!((again.status, json(&again)), (200, answer));
    assert_eq!(campaign.head(), head + 1);

    let missing = send(&browser, &csrf, &[("cmd", "wound"), ("n", "1")]);
    assert_eq!(missing.status, 422);
    assert_eq!(json(&missing)["field"], "soldier");
    let refused = send(
        &browser,
        &csrf,
        &[("cmd", "heal"), ("soldier", "Wong"), ("n", "5")],
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("Wong"), "{said}");
    assert_eq!(campaign.head(), head + 1, "refusals write nothing");
}

#[test]
fn a_command_the_rules_offer_is_recorded_only_while_they_offer_it() {
    let campaign = Campaign::new();
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let offer = |args: &str, die: &str| {
        let mut form = vec![("cmd", "offer"), ("args", args)];
        if !die.is_empty() {
            form.push(("die", die));
        }
        send(&browser, &csrf, &form)
    };
    // No Mission: nothing is offered.
    let head = campaign.head();
    let early = offer(r#"["turn"]"#, "");
    assert_eq!(early.status, 409, "{}", early.body);
    assert!(
        json(&early)["refused"]
            .as_str()
            .unwrap()
            .contains("no longer offered")
    );
    campaign.ok(&["mission", "start", "Night Run"]);
    let turn = offer(r#"["turn"]"#, "");
    assert_eq!(turn.status, 200, "{}", turn.body);
    assert!(json(&turn)["summary"].as_str().unwrap().contains("turn 1"));
    // A command line the rules did not offer is never run, whatever it says.
    let head_now = campaign.head();
    for args in [
        r#"["kill","Wong"]"#,
        r#"["serve","token","add","eve"]"#,
        "not json",
    ] {
        let refused = offer(args, "");
        assert!([400, 409].contains(&refused.status), "{args}: {}", refused.body);
    }
    assert_eq!(campaign.head(), head_now);
    assert!(head_now > head);
}

/// A phone has no command line: a refusal names the page's form where the command line
/// would name a command.
#[test]
fn a_refusal_on_the_page_names_the_form_not_the_command_line() {
    let campaign = Campaign::new();
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let refused = send(&browser, &csrf, &[("cmd", "turn")]);
    assert_eq!(refused.status, 422, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("“Start a Mission” in The Mission"), "{said}");
    assert!(!said.contains("muster mission"), "{said}");
    assert_eq!(campaign.head(), head, "refusals write nothing");
}

/// A form the command line's parser refuses (a flag it needs left empty) is answered with the
/// complaint alone, in the form's words, at the field: no usage text a phone cannot follow.
#[test]
fn a_forms_missing_flag_is_named_by_its_label_without_the_usage_text() {
    let campaign = Campaign::new();
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let refused = send(
        &browser,
        &csrf,
        &[("cmd", "enlist-card"), ("name", "Reyes"), ("kind", "player")],
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(json(&refused)["field"], "rp", "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("“RP”"), "{said}");
    for command_line in ["Usage:", "--help", "--rp", "error:", "\n"] {
        assert!(!said.contains(command_line), "{command_line}: {said}");
    }
    assert_eq!(campaign.head(), head, "refusals write nothing");
}

/// An offer recorded is no longer offered: sent again under its id (its first answer lost),
/// it is answered from that first answer, as any command sent again is, and recorded once.
#[test]
fn an_offer_sent_again_under_its_id_is_answered_from_the_first() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    campaign.ok(&["mission", "start", "Night Run"]);
    campaign.ok(&["environ", "declare", "--mission", "cold:6"]);
    campaign.ok(&["turn"]);
    let server = Server::start(&campaign.db);
    let (browser, csrf) = signed(&server, &player);
    let roll = |id: &str| {
        let form = [
            ("cmd", "offer"),
            ("args", r#"["environ","Wong","cold","6"]"#),
            ("die", "8"),
            ("command_id", id),
        ];
        send(&browser, &csrf, &form)
    };
    let first = roll("c-1");
    assert_eq!(first.status, 200, "{}", first.body);
    let head = campaign.head();
    let again = roll("c-1");
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(json(&again)["recorded"], json(&first)["recorded"]);
    assert_eq!(campaign.head(), head, "recorded once");
    // Under a new id it is no longer offered: refused, nothing written.
    let anew = roll("c-2");
    assert_eq!(anew.status, 409, "{}", anew.body);
    assert_eq!(campaign.head(), head);
}

/// A refusal naming one of the form's flags is that field's, so the page marks the field the
/// player got wrong rather than the form's first.
#[test]
fn a_refusal_naming_a_flag_of_the_form_names_its_field() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    campaign.ok(&["mission", "start", "Night Run"]);
    let server = Server::start(&campaign.db);
    let (browser, csrf) = signed(&server, &player);
    let head = campaign.head();
    let refused = send(
        &browser,
        &csrf,
        &[
            ("cmd", "check"),
            ("soldier", "Wong"),
            ("ability", "handler"),
            ("mod", "2 kit"),
            ("die", "5"),
        ],
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(json(&refused)["field"], "mod", "{}", refused.body);
    // Named as the form names the field, not by the command line's flag.
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("“Modifier (N:WHY)”"), "{said}");
    assert!(!said.contains("--mod"), "{said}");
    assert_eq!(campaign.head(), head, "nothing written");
}

#[test]
fn undo_takes_back_only_ones_own_command_and_a_gm_voids_any() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let kim = campaign.token("kim", "player");
    let gina = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let (pats, pat_csrf) = signed(&server, &pat);
    let (kims, kim_csrf) = signed(&server, &kim);
    let (ginas, gina_csrf) = signed(&server, &gina);
    let wounded = json(&send(&pats, &pat_csrf, &[("cmd", "wound"), ("soldier", "Wong")]));
    let version = wounded["recorded"].to_string();
    // Kim may not undo Pat's Wound.
    let theirs = send(
        &kims,
        &kim_csrf,
        &[("cmd", "undo"), ("version", &version), ("why", "not mine")],
    );
    assert_eq!(theirs.status, 422, "{}", theirs.body);
    assert!(
        json(&theirs)["refused"]
            .as_str()
            .unwrap()
            .contains("recorded by pat"),
        "{}",
        theirs.body
    );
    // The page offers Pat the undo of the Wound, by its version, and it is taken back.
    let page = pats.get("/c/Op");
    let html = scraper::Html::parse_document(&page.body);
    let selector = scraper::Selector::parse("#undo input[name=version]").unwrap();
    let offered = html
        .select(&selector)
        .next()
        .unwrap()
        .value()
        .attr("value")
        .unwrap();
    assert_eq!(offered, version);
    let undone = send(
        &pats,
        &pat_csrf,
        &[("cmd", "undo"), ("version", &version), ("why", "typo")],
    );
    assert_eq!(undone.status, 200, "{}", undone.body);
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 0);
    // A gm voids anyone's command from the page.
    let kims_wound = json(&send(&kims, &kim_csrf, &[("cmd", "wound"), ("soldier", "Wong")]));
    let voided = send(
        &ginas,
        &gina_csrf,
        &[
            ("cmd", "void"),
            ("version", &kims_wound["recorded"].to_string()),
            ("why", "misheard"),
        ],
    );
    assert_eq!(voided.status, 200, "{}", voided.body);
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 0);
}

#[test]
fn a_gm_amends_a_command_from_the_page_and_the_correction_is_recorded() {
    let campaign = Campaign::new();
    let gina = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let (ginas, csrf) = signed(&server, &gina);
    let wounded = json(&send(&ginas, &csrf, &[("cmd", "wound"), ("soldier", "Wong")]));
    let version = wounded["recorded"].to_string();
    // The version is amend's own word, before the `--` its correcting command follows.
    let amended = send(
        &ginas,
        &csrf,
        &[
            ("cmd", "amend"),
            ("version", &version),
            ("why", "two Wounds, not one"),
            ("command", "wound Wong 2"),
        ],
    );
    assert_eq!(amended.status, 200, "{}", amended.body);
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 2);
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
}

#[test]
fn a_card_file_enlists_and_a_mission_takes_several_soldiers() {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "expansion", "add", "k9"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let card = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cards/gizmo.json");
    let card = std::fs::read_to_string(card).unwrap();
    let enlisted = send(&browser, &csrf, &[("cmd", "enlist"), ("card", &card)]);
    assert_eq!(enlisted.status, 200, "{}", enlisted.body);
    assert!(json(&enlisted)["summary"].as_str().unwrap().contains("Gizmo"));
    // Pat's own Soldier comes first on Pat's page; Wong, enlisted on the command line, after.
    let page = scraper::Html::parse_document(&browser.get("/c/Op").body);
    let cards = scraper::Selector::parse("article.card").unwrap();
    let order: Vec<&str> = page
        .select(&cards)
        .filter_map(|c| c.value().attr("data-name"))
        .collect();
    assert_eq!(order, ["Gizmo", "Wong"]);
    let typed = send(
        &browser,
        &csrf,
        &[
            ("cmd", "enlist-card"),
            ("name", "Reyes"),
            ("kind", "player"),
            ("rp", "6"),
            ("health", "3"),
            ("ability", "medic=6, bomb=7"),
        ],
    );
    assert_eq!(typed.status, 200, "{}", typed.body);
    let started = send(
        &browser,
        &csrf,
        &[
            ("cmd", "mission-start"),
            ("name", "Night Run"),
            ("with", "Wong"),
            ("with", "Gizmo"),
            ("with", "Reyes"),
            ("k9-objective", "Find the cache"),
        ],
    );
    assert_eq!(started.status, 200, "{}", started.body);
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(
        roster["mission"]["soldiers"],
        serde_json::json!(["Wong", "Gizmo", "Reyes"])
    );
    let reyes = roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "Reyes")
        .unwrap();
    assert_eq!(reyes["abilities"].as_object().unwrap().len(), 2, "{reyes}");
}

#[test]
fn a_soldier_at_his_health_is_offered_what_the_rules_allow_next_on_his_card() {
    use super::page::{roster_page, texts};
    let campaign = Campaign::new();
    campaign.ok(&[
        "enlist", "Reyes", "--kind", "player", "--rp", "4", "--health", "3",
    ]);
    campaign.ok(&["wound", "Reyes", "3"]);
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let page = roster_page(&browser);
    let reyes = "article.card[data-name=Reyes]";
    // His card offers the rules' next steps, KIA behind a confirmation, in place of its
    // own status buttons; Wong, unwounded, keeps his.
    assert_eq!(texts(&page, &format!("{reyes} .warning")).len(), 1);
    assert_eq!(
        texts(&page, &format!("{reyes} .next form button")),
        vec!["Downed", "Yes: Killed in Action"]
    );
    assert_eq!(
        texts(&page, &format!("{reyes} .next details.confirm summary")),
        vec!["Killed in Action…"]
    );
    assert!(texts(&page, &format!("{reyes} .actions button")).is_empty());
    assert_eq!(
        texts(&page, "article.card[data-name=Wong] .actions > button"),
        vec!["Down"]
    );
    // The Mission's steps stay at the top, after his, which Owed now offers too.
    let owed = texts(&page, "#owed li");
    assert!(owed.iter().any(|o| o.contains("Next turn")), "{owed:?}");
    assert!(owed[0].contains("Reyes"), "{owed:?}");
    // Downed at his Health, he may still Recover from his card, beside what the rules allow.
    campaign.ok(&["down", "Reyes"]);
    let downed = roster_page(&browser);
    assert_eq!(
        texts(&downed, &format!("{reyes} .actions > button")),
        vec!["Recover"]
    );
    campaign.ok(&["recover", "Reyes"]);

    let head = campaign.head();
    let killed = send(
        &browser,
        &csrf,
        &[("cmd", "offer"), ("args", r#"["kill","Reyes"]"#)],
    );
    assert_eq!(killed.status, 200, "{}", killed.body);
    assert_eq!(json(&killed)["recorded"], head + 1);
    // Killed, he is offered nothing more, and nothing is said of his Health.
    let page = roster_page(&browser);
    assert!(texts(&page, &format!("{reyes} .next button")).is_empty());
    assert!(texts(&page, &format!("{reyes} .warning")).is_empty());
    let again = send(
        &browser,
        &csrf,
        &[("cmd", "offer"), ("args", r#"["kill","Reyes"]"#)],
    );
    assert_eq!(again.status, 422, "{}", again.body);
    assert_eq!(campaign.head(), head + 1);
}

/// The card's paid options are offered beside the Encounter's roll: a box ticked is paid
/// first; one the card does not offer is refused and writes nothing.
#[test]
fn an_encounter_roll_from_owed_now_pays_what_its_card_offers_and_nothing_else() {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "expansion", "add", "k9"]);
    campaign.ok(&["enlist", "--card", &fixture("gizmo.json")]);
    campaign.ok(&[
        "mission",
        "start",
        "Night Run",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Cache",
    ]);
    campaign.ok(&["turn"]);
    campaign.ok(&["k9", "draw", &fixture("buried-explosive.json")]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let page = scraper::Html::parse_document(&browser.get("/c/Op").body);
    let boxes = scraper::Selector::parse("#owed input[type=checkbox][name=pay]").unwrap();
    let offered: Vec<&str> = page
        .select(&boxes)
        .filter_map(|b| b.value().attr("value"))
        .collect();
    assert_eq!(offered, ["discipline"]);

    let head = campaign.head();
    let roll = |pay: &str| {
        send(
            &browser,
            &csrf,
            &[
                ("cmd", "offer"),
                ("args", r#"["k9","roll"]"#),
                ("pay", pay),
                ("die", "4"),
            ],
        )
    };
    let refused = roll("xp");
    assert_eq!(refused.status, 422, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(
        said.contains("'xp' is not paid for this roll; it offers discipline"),
        "{said}"
    );
    assert_eq!(campaign.head(), head, "refusals write nothing");

    let paid = roll("discipline");
    assert_eq!(paid.status, 200, "{}", paid.body);
    let log: Vec<Value> = campaign
        .ok(&["log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = log
        .iter()
        .rev()
        .take(2)
        .rev()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["discipline_spent", "k9_roll_made"]);
    // 4, −1 on the card, +4 paid: 7 against Bomb 5+.
    assert!(
        json(&paid)["summary"].as_str().unwrap().contains("success"),
        "{}",
        paid.body
    );
}

/// A Soldier Killed has his record closed: his card offers nothing to record, while another's
/// card keeps its buttons.
#[test]
fn a_killed_soldiers_card_offers_nothing_to_record() {
    let campaign = Campaign::new();
    campaign.ok(&[
        "enlist", "Reyes", "--kind", "player", "--rp", "4", "--health", "3",
    ]);
    campaign.ok(&["mission", "start", "Night Run"]);
    campaign.ok(&["kill", "Wong"]);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let (browser, _) = signed(&server, &player);
    let page = scraper::Html::parse_document(&browser.get("/c/Op").body);
    let controls = |name: &str| {
        let css = format!("article.card[data-name={name}] button, article.card[data-name={name}] form");
        let selector = scraper::Selector::parse(&css).unwrap();
        page.select(&selector).count()
    };
    assert_eq!(controls("Wong"), 0, "Wong was Killed");
    assert!(controls("Reyes") > 0, "Reyes is active");
    // Now says who went, and that Wong is out of it.
    let lines = scraper::Selector::parse("#now .lines li").unwrap();
    let said: Vec<String> = page.select(&lines).map(|l| l.text().collect()).collect();
    assert!(said.iter().any(|l| l == "On it: Wong (kia), Reyes"), "{said:?}");
}

/// The Environments in force are declared and ended from the page: several in one field,
/// from a Location named there.
#[test]
fn environments_are_declared_and_ended_from_the_page() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let in_force = || {
        let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
        roster["mission"]["environments"].as_array().map_or(0, Vec::len)
    };
    let declared = send(
        &browser,
        &csrf,
        &[
            ("cmd", "environ-declare"),
            ("location", "Stream"),
            ("environments", "fever:4, hot:5"),
        ],
    );
    assert_eq!(declared.status, 200, "{}", declared.body);
    assert_eq!(in_force(), 2);
    let head = campaign.head();
    let refused = send(
        &browser,
        &csrf,
        &[("cmd", "environ-declare"), ("environments", "cold:6")],
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(!said.contains("Usage:"), "{said}");
    assert_eq!(campaign.head(), head, "refusals write nothing");
    let ended = send(
        &browser,
        &csrf,
        &[("cmd", "environ-clear"), ("location", "Stream")],
    );
    assert_eq!(ended.status, 200, "{}", ended.body);
    assert_eq!(in_force(), 0);
}

/// A Soldier's Hardy counters are said once on his card: each with its −/+.
#[test]
fn a_soldiers_hardy_counters_are_said_once_on_his_card() {
    let campaign = Campaign::new();
    campaign.ok(&["hardy", "Wong", "cold", "+1", "--why", "Service Record"]);
    let (_server, browser, _) = served_to_pat(&campaign);
    let page = scraper::Html::parse_document(&browser.get("/c/Op").body);
    let texts = |css: &str| {
        let selector = scraper::Selector::parse(css).unwrap();
        page.select(&selector)
            .map(|e| e.text().collect::<String>())
            .collect::<Vec<_>>()
    };
    let hardy = texts("article.card[data-name=Wong] form.hardy .label");
    assert_eq!(hardy, ["Hardy cold 1"]);
    let entries = texts("article.card[data-name=Wong] p.entry");
    assert!(!entries.iter().any(|e| e.starts_with("Hardy")), "{entries:?}");
}

/// A field that is not UTF-8 once decoded is refused, as the command line and the API refuse
/// it, never recorded with a replacement character.
#[test]
fn a_field_that_is_not_utf8_is_refused_and_nothing_is_written() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let head = campaign.head();
    let body = format!("csrf={csrf}&cmd=note&text=%ff%fe");
    let refused = browser.post_encoded("/c/Op/do", &body, &JSON);
    assert_eq!(refused.status, 400, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("the field 'text' is not UTF-8 text"), "{said}");
    assert_eq!(campaign.head(), head, "nothing written");
    // The same note as UTF-8 is recorded.
    let body = format!("csrf={csrf}&cmd=note&text=caf%C3%A9");
    let recorded = browser.post_encoded("/c/Op/do", &body, &JSON);
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    assert_eq!(campaign.head(), head + 1);
}

/// An offer naming a Soldier whose name begins with `-` puts `--` before it, and the page's
/// keypad face goes before that `--`, so it is recorded as offered.
#[test]
fn an_owed_roll_of_a_soldier_named_with_a_dash_records_from_its_keypad() {
    let campaign = Campaign::new();
    campaign.ok(&["enlist", "--kind", "player", "--rp", "4", "--", "-x"]);
    campaign.ok(&[
        "mission",
        "start",
        "Night Run",
        "--with=-x",
        "--environ",
        "cold:6",
    ]);
    campaign.ok(&["turn"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let args = r#"["environ","--","-x","cold","6"]"#;
    let rolled = send(&browser, &csrf, &[("cmd", "offer"), ("args", args), ("die", "9")]);
    assert_eq!(rolled.status, 200, "{}", rolled.body);
    let summary = json(&rolled)["summary"].as_str().unwrap().to_owned();
    assert!(summary.contains("-x") && summary.contains("9"), "{summary}");
}

/// A form with a stale session check is refused, nothing written; the page's script is told in
/// JSON it can show at the form, not a page it cannot read.
#[test]
fn a_stale_session_check_is_refused_in_json_to_the_pages_script() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, _) = served_to_pat(&campaign);
    let head = campaign.head();
    let refused = send(&browser, "not-this-sessions", &[("cmd", "turn")]);
    assert_eq!(refused.status, 403, "{}", refused.body);
    let said = json(&refused)["refused"].as_str().unwrap().to_owned();
    assert!(said.contains("reload the page"), "{said}");
    assert_eq!(campaign.head(), head, "nothing written");
}

/// A check's Fail heading, Trap and Upgunned target are the form's to give, on the card and
/// in Record any play.
#[test]
fn a_trap_check_of_an_ability_no_soldier_has_is_recorded_from_the_page() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Run"]);
    let (_server, browser, csrf) = served_to_pat(&campaign);
    let page = scraper::Html::parse_document(&browser.get("/c/Op").body);
    for name in ["fail", "trap", "upgunned"] {
        let on_card = format!("article.card[data-name=Wong] details.check input[name={name}]");
        let selector = scraper::Selector::parse(&on_card).unwrap();
        assert_eq!(page.select(&selector).count(), 1, "{name} on the card");
    }
    let trapped = send(
        &browser,
        &csrf,
        &[
            ("cmd", "check"),
            ("soldier", "Wong"),
            ("ability", "climbing"),
            ("on", "Cliff"),
            ("trap", "on"),
        ],
    );
    assert_eq!(trapped.status, 200, "{}", trapped.body);
    let shown: Value =
        serde_json::from_str(&campaign.ok(&["show", &campaign.head().to_string(), "--json"])).unwrap();
    assert_eq!(shown["payload"]["trap"], true, "{shown}");
    assert_eq!(shown["roll"]["faces"], serde_json::json!([1]), "{shown}");
}
