//! A group's phones on a community's server: an invite made on a campaign's page reaches that
//! campaign alone, a session opens on it, another group's phone under the same name shares
//! nothing with it (not its command ids, not its token names), and the group's gm revokes its
//! own invites, signs its own phones out and makes and revokes its players' tokens on the
//! page, and no one else's.

use scraper::Html;

use super::client::Browser;
use super::harness::{Campaign, Server, events};
use super::page::texts;
use super::reach::{Community, community};

/// A player's invite made on the command line, reaching `only` (every campaign without):
/// its code (after the link's #) and its id.
fn invite(campaign: &Campaign, only: Option<&str>) -> (String, String) {
    let mut args = vec![
        "serve",
        "invite",
        "--role",
        "player",
        "--url",
        "http://127.0.0.1:9",
    ];
    args.extend(only.map(|name| ["--only", name]).iter().flatten());
    let printed = campaign.ok(&args);
    let code = printed
        .lines()
        .next()
        .and_then(|link| link.rsplit_once('#'))
        .map(|(_, code)| code.to_owned());
    let id = printed
        .split("invite ")
        .nth(1)
        .and_then(|rest| rest.split([' ', ':']).next())
        .map(str::to_owned);
    (code.unwrap_or_default(), id.unwrap_or_default())
}

#[test]
fn an_invite_made_on_a_campaigns_page_lets_its_phones_into_that_campaign_alone() {
    let Community {
        campaign,
        alice,
        root,
        ..
    } = community();
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&root);
    let csrf = desk.csrf();
    let form = [
        ("csrf", csrf.as_str()),
        ("role", "player"),
        ("uses", "1"),
        ("expires", "30d"),
    ];
    let lan = super::invites::lan_host(&server);
    let made = desk.post("/c/Op/invite", &form, &[("Host", &lan)]);
    assert_eq!(made.status, 200, "{}", made.body);
    let link = texts(&Html::parse_document(&made.body), "#invite-link")
        .pop()
        .unwrap_or_default();
    let code = link.rsplit('#').next().unwrap_or_default();
    let listed = campaign.ok(&["serve", "invite", "list"]);
    assert!(
        listed
            .lines()
            .nth(2)
            .is_some_and(|row| row.trim_end().ends_with("| Op")),
        "{listed}"
    );

    let mut phone = Browser::new(&server);
    let joined = phone.post("/join", &[("invite", code), ("name", "Pat")], &[]);
    assert_eq!(
        (joined.status, joined.location.as_str()),
        (303, "/c/Op"),
        "a phone joining by its campaign's invite lands on its play page: {}",
        joined.body
    );
    phone.cookie = joined
        .set_cookie
        .split(';')
        .next()
        .map(|pair| pair.trim().to_owned());
    // Signed in with a bound token, a browser is bound alike.
    let mut alices = Browser::new(&server);
    let signed = alices.sign_in(&alice);
    assert_eq!((signed.status, signed.location.as_str()), (303, "/c/Op"));

    for browser in [&phone, &alices] {
        assert_eq!(browser.get("/c/Op").status, 200);
        let index = browser.get("/");
        assert!(
            index.body.contains("/c/Op") && !index.body.contains("Juno"),
            "{}",
            index.body
        );
        for path in [
            "/c/Juno",
            "/c/Juno/log",
            "/c/Juno/chronicle",
            "/c/Juno/events/stream",
            "/c/Juno/print",
        ] {
            let refused = browser.get(path);
            assert!(refused.status >= 400, "{path}: {}", refused.status);
            assert!(!refused.body.contains("Baker"), "{path}: {}", refused.body);
        }
    }
    let before = events(&campaign.db);
    let csrf = phone.csrf();
    let wound = [
        ("csrf", csrf.as_str()),
        ("cmd", "wound"),
        ("soldier", "Baker"),
        ("n", "1"),
    ];
    let refused = phone.post("/c/Juno/do", &wound, &[]);
    assert!(refused.status >= 400, "{}", refused.status);
    assert_eq!(events(&campaign.db), before, "the refused form wrote nothing");
    let sessions = campaign.ok(&["serve", "session", "list"]);
    let bound = sessions
        .lines()
        .skip(2)
        .filter(|row| row.trim_end().ends_with("| Op"))
        .count();
    assert_eq!(
        bound, 2,
        "Pat's and alice's sessions reach Op alone, the desk's every one: {sessions}"
    );
}

#[test]
fn two_groups_phones_under_one_name_keep_their_own_command_ids() {
    let Community { campaign, .. } = community();
    let server = Server::start(&campaign.db);
    let phone = |only: &str| Browser::joined(&server, &invite(&campaign, Some(only)).0, "Pat");
    let (juno, op) = (phone("Juno"), phone("Op"));
    let json = [("Accept", "application/json")];
    let wound = |browser: &Browser, campaign: &str, soldier: &str| {
        let csrf = browser.csrf_of(campaign);
        let form = [
            ("csrf", csrf.as_str()),
            ("cmd", "wound"),
            ("soldier", soldier),
            ("n", "1"),
            ("command_id", "c-1"),
        ];
        browser.post(&format!("/c/{campaign}/do"), &form, &json)
    };
    let recorded = wound(&juno, "Juno", "Baker");
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    let before = events(&campaign.db).len();
    // Op's Pat's c-1 is Op's Pat's own: it runs, neither refused nor answered with Juno's.
    let own = wound(&op, "Op", "Wong");
    assert_eq!(own.status, 200, "{}", own.body);
    assert!(
        own.body.contains("Wong") && !own.body.contains("Baker"),
        "{}",
        own.body
    );
    assert_eq!(events(&campaign.db).len(), before + 1, "Wong's Wound was written");
}

/// A phone undoes only the commands the server kept it as having sent: not another phone's
/// under the same name (two invites, one name), and a phone may not join under the name the
/// log gives the keeper's own command line.
#[test]
fn a_phone_undoes_only_what_it_sent_never_another_phones_under_its_name() {
    let Community { campaign, .. } = community();
    let server = Server::start(&campaign.db);
    let json = [("Accept", "application/json")];
    let as_keeper = Browser::new(&server).post(
        "/join",
        &[
            ("invite", &invite(&campaign, Some("Juno")).0),
            ("name", "Command Line"),
        ],
        &[],
    );
    assert_eq!(as_keeper.status, 422, "{}", as_keeper.body);
    assert!(as_keeper.body.contains("own command line"), "{}", as_keeper.body);
    let (first, second) = (
        Browser::joined(&server, &invite(&campaign, Some("Juno")).0, "Sam"),
        Browser::joined(&server, &invite(&campaign, Some("Juno")).0, "Sam"),
    );
    let send = |phone: &Browser, form: &[(&str, &str)]| {
        let csrf = phone.csrf_of("Juno");
        let mut form = form.to_vec();
        form.push(("csrf", csrf.as_str()));
        phone.post("/c/Juno/do", &form, &json)
    };
    let wounded = send(&first, &[("cmd", "wound"), ("soldier", "Baker"), ("n", "1")]);
    assert_eq!(wounded.status, 200, "{}", wounded.body);
    let recorded: serde_json::Value = serde_json::from_str(&wounded.body).unwrap();
    let version = recorded["recorded"].to_string();
    // The other Sam is neither offered the undo nor let take it: nothing is written.
    let offered = |phone: &Browser| {
        let page = Html::parse_document(&phone.get("/c/Juno").body);
        let selector = scraper::Selector::parse("#undo input[name=version]").unwrap();
        page.select(&selector)
            .filter_map(|input| input.value().attr("value").map(str::to_owned))
            .collect::<Vec<String>>()
    };
    assert_eq!(offered(&first), vec![version.clone()]);
    assert_eq!(offered(&second), Vec::<String>::new());
    // The other Sam's later command hides neither's own last from its undo.
    let theirs = send(&second, &[("cmd", "wound"), ("soldier", "Baker"), ("n", "1")]);
    assert_eq!(theirs.status, 200, "{}", theirs.body);
    let theirs: serde_json::Value = serde_json::from_str(&theirs.body).unwrap();
    assert_eq!(offered(&first), vec![version.clone()]);
    assert_eq!(offered(&second), vec![theirs["recorded"].to_string()]);
    let before = events(&campaign.db);
    let theirs = send(
        &second,
        &[("cmd", "undo"), ("version", &version), ("why", "not mine")],
    );
    assert_eq!(theirs.status, 422, "{}", theirs.body);
    assert!(
        theirs.body.contains("was not sent to this server by you"),
        "{}",
        theirs.body
    );
    assert_eq!(events(&campaign.db), before, "nothing was written");
    // The Sam who sent it takes it back.
    let undone = send(&first, &[("cmd", "undo"), ("version", &version), ("why", "typo")]);
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(events(&campaign.db).len(), before.len() + 1);
}

/// The values of the hidden `field` inputs of the list `list` on `browser`'s phones page of Op.
fn listed_on_phones(browser: &Browser, list: &str, field: &str) -> Vec<String> {
    let page = browser.get("/c/Op/phones");
    assert_eq!(page.status, 200, "{}", page.body);
    let html = Html::parse_document(&page.body);
    let selector = scraper::Selector::parse(&format!("#{list} input[name={field}]")).unwrap();
    html.select(&selector)
        .filter_map(|input| input.value().attr("value").map(str::to_owned))
        .collect()
}

#[test]
fn a_groups_gm_revokes_its_own_invites_and_signs_its_phones_out_on_the_page_and_no_one_elses() {
    let Community {
        campaign,
        alice,
        gina,
        root,
    } = community();
    let ((op_code, op_id), (_, juno_id), (_, every_id)) = (
        invite(&campaign, Some("Op")),
        invite(&campaign, Some("Juno")),
        invite(&campaign, None),
    );
    let server = Server::start(&campaign.db);
    let phone = Browser::joined(&server, &op_code, "Pat");
    assert_eq!(phone.get("/c/Op").status, 200);

    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    assert_eq!(
        listed_on_phones(&desk, "invites", "invite"),
        std::slice::from_ref(&op_id),
        "Op's alone"
    );
    let sessions = listed_on_phones(&desk, "sessions", "session");
    assert_eq!(sessions.len(), 2, "Pat's and gina's own: {sessions:?}");
    let mut keeper = Browser::new(&server);
    keeper.signed_in(&root);
    let mut kept = listed_on_phones(&keeper, "invites", "invite");
    kept.sort();
    let mut expected = vec![op_id.clone(), every_id.clone()];
    expected.sort();
    assert_eq!(
        kept, expected,
        "the keeper's: Op's and every campaign's, not Juno's"
    );

    let csrf = desk.csrf();
    let listed_by_cli = || campaign.ok(&["serve", "invite", "list"]);
    let before = listed_by_cli();
    for other in [&juno_id, &every_id] {
        let refused = desk.post("/c/Op/phones", &[("csrf", &csrf), ("invite", other)], &[]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("that you manage"), "{}", refused.body);
    }
    let forged = desk.post("/c/Op/phones", &[("invite", &op_id)], &[]);
    assert_eq!(forged.status, 403, "no session check: {}", forged.body);
    let mut player = Browser::new(&server);
    player.signed_in(&alice);
    assert_eq!(player.get("/c/Op/phones").status, 403);
    assert_eq!(listed_by_cli(), before, "nothing was revoked");

    // Pat's phone is signed out from the page at once; then Op's invite is revoked.
    let page = Html::parse_document(&desk.get("/c/Op/phones").body);
    let rows = scraper::Selector::parse("#sessions li").unwrap();
    let field = scraper::Selector::parse("input[name=session]").unwrap();
    let pats = page
        .select(&rows)
        .find(|row| row.text().collect::<String>().contains("Pat"))
        .and_then(|row| row.select(&field).next())
        .and_then(|input| input.value().attr("value"))
        .unwrap_or_default()
        .to_owned();
    assert!(sessions.contains(&pats), "{pats} among {sessions:?}");
    let ended = desk.post("/c/Op/phones", &[("csrf", &csrf), ("session", &pats)], &[]);
    assert_eq!(
        (ended.status, ended.location.as_str()),
        (303, "/c/Op/phones"),
        "{}",
        ended.body
    );
    assert_eq!(
        phone.get("/c/Op").location,
        "/sign-in",
        "Pat's phone is signed out"
    );
    let revoked = desk.post("/c/Op/phones", &[("csrf", &csrf), ("invite", &op_id)], &[]);
    assert_eq!(revoked.status, 303, "{}", revoked.body);
    let after = listed_by_cli();
    assert!(
        !after.contains(&op_id) && after.contains(&juno_id) && after.contains(&every_id),
        "{after}"
    );
}

#[test]
fn a_joining_name_is_refused_only_for_a_token_of_the_invites_campaigns_and_only_with_a_real_invite() {
    let Community { campaign, .. } = community();
    let ((op_code, _), (juno_code, _)) = (invite(&campaign, Some("Op")), invite(&campaign, Some("Juno")));
    let server = Server::start(&campaign.db);
    let join = |code: &str, name: &str| {
        Browser::new(&server).post("/join", &[("invite", code), ("name", name)], &[])
    };
    // No code of a real invite: told so, never whether a token has the name.
    let bogus = join("00000000000000000000000000000000", "alice");
    assert!(bogus.status >= 400, "{}", bogus.status);
    assert!(!bogus.body.contains("tokens"), "{}", bogus.body);
    // alice is a token of Op: Op's invite refuses her name, Juno's does not know it.
    let taken = join(&op_code, "Alice");
    assert_eq!(taken.status, 422, "{}", taken.body);
    assert!(taken.body.contains("tokens"), "{}", taken.body);
    let joined = join(&juno_code, "Alice");
    assert_eq!(
        (joined.status, joined.location.as_str()),
        (303, "/c/Juno"),
        "{}",
        joined.body
    );
    // root reaches every campaign: its name is refused by every invite.
    assert_eq!(join(&op_code, "root").status, 422);
    // A name of spaces alone is said to be empty.
    let blank = join(&juno_code, "   ");
    assert_eq!(blank.status, 422, "{}", blank.body);
    assert!(
        blank.body.contains("is empty: give 1 to 40 printable characters"),
        "{}",
        blank.body
    );
}

#[test]
fn a_groups_gm_makes_a_players_token_of_its_campaign_on_the_page_and_revokes_only_its_own() {
    let Community {
        campaign,
        alice,
        gina,
        root,
    } = community();
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    let csrf = desk.csrf();
    let make = |name: &str, role: &str| {
        desk.post(
            "/c/Op/tokens",
            &[("csrf", csrf.as_str()), ("name", name), ("role", role)],
            &[],
        )
    };
    let made = make("Sam", "player");
    assert_eq!(made.status, 200, "{}", made.body);
    let shown = Html::parse_document(&made.body);
    let sam = texts(&shown, "#token").pop().unwrap_or_default();
    assert!(sam.starts_with("muster_"), "{}", made.body);
    let remote = texts(&shown, "#token-remote").pop().unwrap_or_default();
    assert!(
        remote.starts_with(&format!("muster remote add club {}", server.url)),
        "{remote}"
    );

    // Sam's token reaches Op alone, as a player.
    let (status, body) = server.get(&sam, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 200, "{body}");
    let (status, _) = server.get(&sam, "/api/v1/campaigns/Juno/roster");
    assert_eq!(status, 422);
    let listed = campaign.ok(&["serve", "token", "list"]);
    let row = listed
        .lines()
        .find(|row| row.trim_start().starts_with("Sam"))
        .unwrap_or_default();
    assert!(
        row.contains("player") && row.trim_end().ends_with("| Op"),
        "{listed}"
    );
    // A gm's token, or a name a token has, is refused; nothing is made.
    assert_eq!(make("Ann", "gm").status, 422);
    assert_eq!(make("root", "player").status, 422);
    assert_eq!(campaign.ok(&["serve", "token", "list"]), listed);

    // Listed for Op's gm: Op's tokens (alice, gina, Sam), never the keeper's of every campaign.
    let page = Html::parse_document(&desk.get("/c/Op/phones").body);
    let selector = scraper::Selector::parse("#tokens input[name=token]").unwrap();
    let mut names: Vec<String> = page
        .select(&selector)
        .filter_map(|input| input.value().attr("value").map(str::to_owned))
        .collect();
    names.sort();
    assert_eq!(names, ["Sam", "alice", "gina"]);
    let revoke = |name: &str| desk.post("/c/Op/phones", &[("csrf", csrf.as_str()), ("token", name)], &[]);
    assert_eq!(revoke("root").status, 422, "the keeper's token is not Op's gm's");
    let (status, _) = server.get(&root, "/api/v1/campaigns");
    assert_eq!(status, 200, "the keeper's token still works");
    assert_eq!(revoke("Sam").status, 303);
    let (status, _) = server.get(&sam, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 401, "Sam's token is refused at once");
    let (status, _) = server.get(&alice, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 200, "alice's token is untouched");
}

/// A joining phone's name is read strictly: one that is not UTF-8 is refused and the invite
/// stays unused, never a phone named with a replacement character.
#[test]
fn a_joining_name_that_is_not_utf8_is_refused_and_the_invite_stays_unused() {
    let campaign = Campaign::new();
    let (code, _) = invite(&campaign, None);
    let server = Server::start(&campaign.db);
    let phone = Browser::new(&server);
    let refused = phone.post_encoded("/join", &format!("invite={code}&name=p%ffat"), &[]);
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("the field &#39;name&#39; is not UTF-8 text"),
        "{}",
        refused.body
    );
    // The same invite still lets a phone in.
    Browser::joined(&server, &code, "pat");
}

/// Each revoke and sign-out on the phones page asks once more, and the gm's own token says
/// that revoking it signs the gm out.
#[test]
fn a_revoke_asks_once_more_and_the_gms_own_token_says_so() {
    let Community { campaign, gina, .. } = community();
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    let page = Html::parse_document(&desk.get("/c/Op/phones").body);
    let forms = scraper::Selector::parse("form[action='/c/Op/phones']").unwrap();
    let all = page.select(&forms).count();
    assert!(all >= 3, "gina's session and Op's tokens: {all}");
    let folded = scraper::Selector::parse("details.confirm form[action='/c/Op/phones']").unwrap();
    assert_eq!(page.select(&folded).count(), all, "no revoke is one tap away");
    let warned: Vec<String> = texts(&page, "#tokens details.confirm p")
        .into_iter()
        .filter(|p| p.contains("This is the token you signed in with"))
        .collect();
    assert_eq!(warned.len(), 1, "gina's own token, and no other: {warned:?}");
    assert_eq!(texts(&page, "#sessions details.confirm p").len(), 1);
    assert!(texts(&page, "#sessions details.confirm p")[0].contains("your own browser"));
}

/// A refused form on the phones page answers the page again, saying why at the top in the
/// page's words and keeping the name typed.
#[test]
fn a_refused_token_or_revoke_answers_the_phones_page_again_saying_why() {
    let Community { campaign, gina, .. } = community();
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    let csrf = desk.csrf();
    let make = |name: &str| {
        desk.post(
            "/c/Op/tokens",
            &[("csrf", csrf.as_str()), ("name", name), ("role", "player")],
            &[],
        )
    };
    assert_eq!(make("Sam").status, 200);
    let again = make("Sam");
    assert_eq!(again.status, 422, "{}", again.body);
    let page = Html::parse_document(&again.body);
    let said = texts(&page, "#said").pop().unwrap_or_default();
    assert!(said.starts_with("Not made: a token named 'Sam' exists"), "{said}");
    assert!(said.contains("Revoke… among the tokens below"), "{said}");
    assert!(!said.contains("muster serve"), "{said}");
    let typed = scraper::Selector::parse("#token-name").unwrap();
    let kept = page.select(&typed).next().and_then(|i| i.value().attr("value"));
    assert_eq!(kept, Some("Sam"));
    assert!(
        !texts(&page, "#tokens li").is_empty(),
        "the lists are shown again"
    );
    let gone = desk.post(
        "/c/Op/phones",
        &[("csrf", csrf.as_str()), ("invite", "no-such-invite")],
        &[],
    );
    assert_eq!(gone.status, 422);
    let said = texts(&Html::parse_document(&gone.body), "#said")
        .pop()
        .unwrap_or_default();
    assert!(said.starts_with("Not done: no invite 'no-such-invite'"), "{said}");
}

/// To the keeper, a campaign's phones page says which tokens reach every campaign, as
/// revoking one there ends it everywhere.
#[test]
fn the_phones_page_says_which_tokens_reach_every_campaign() {
    let Community { campaign, root, .. } = community();
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&root);
    let page = Html::parse_document(&desk.get("/c/Op/phones").body);
    let lines = texts(&page, "#tokens li > p");
    let line = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("{name} (")))
            .cloned()
            .unwrap_or_default()
    };
    assert!(
        line("root").contains("reaches every campaign on this server"),
        "{lines:?}"
    );
    assert!(
        !line("alice").is_empty() && !line("alice").contains("every campaign"),
        "{lines:?}"
    );
}
