//! Joining by invite and sessions kept in the database: the link's page uses nothing, Join
//! signs in with the invite's role and its Soldiers first, a session outlives a restart, and a
//! revoked invite, token or session, a used-up or expired invite, are refused at once.

use scraper::Html;

use super::client::{Answer, Browser};
use super::harness::{Campaign, Server};
use super::page::texts;

/// Makes an invite with `flags` on the command line and gives its code (after the link's #).
fn invite(campaign: &Campaign, flags: &[&str]) -> String {
    let mut args = vec!["serve", "invite", "--url", "http://127.0.0.1:9"];
    args.extend_from_slice(flags);
    let printed = campaign.ok(&args);
    let link = printed.lines().next().unwrap_or_default().to_owned();
    assert!(link.starts_with("http://127.0.0.1:9/join#"), "{printed}");
    link.rsplit('#').next().unwrap_or_default().to_owned()
}

/// Joins as `name` with `code`, keeping the cookie a success sets.
fn join(browser: &mut Browser, code: &str, name: &str) -> Answer {
    let joined = browser.post("/join", &[("invite", code), ("name", name)], &[]);
    if let Some(pair) = joined.set_cookie.split(';').next().filter(|p| p.contains('=')) {
        browser.cookie = Some(pair.trim().to_owned());
    }
    joined
}

/// Column `column` of the first row `muster serve invite|session list` prints.
fn first_row(campaign: &Campaign, listed: &str, column: usize) -> String {
    let printed = campaign.ok(&["serve", listed, "list"]);
    let row = printed.lines().nth(2).unwrap_or_default().to_owned();
    row.split('|').nth(column).unwrap_or_default().trim().to_owned()
}

/// The "Used" column of the first invite listed.
fn used(campaign: &Campaign) -> String {
    first_row(campaign, "invite", 2)
}

#[test]
fn the_links_page_uses_nothing_and_join_signs_in_with_the_invites_role_and_soldiers() {
    let campaign = Campaign::new();
    campaign.ok(&["enlist", "Reyes", "--kind", "player", "--rp", "4"]);
    let code = invite(&campaign, &["--role", "player", "--soldier", "reyes"]);
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);

    // A chat app's preview: the page, no cookie, nothing used.
    let preview = browser.get("/join");
    assert_eq!(preview.status, 200);
    assert!(preview.set_cookie.is_empty());
    assert!(
        !preview.body.contains(&code),
        "the code is never in what the server sends"
    );
    assert_eq!(used(&campaign), "0 of 1");

    let joined = join(&mut browser, &code, "Pat");
    assert_eq!(
        (joined.status, joined.location.as_str()),
        (303, "/"),
        "{}",
        joined.body
    );
    assert!(joined.set_cookie.contains("HttpOnly") && joined.set_cookie.contains("SameSite=Lax"));
    assert_eq!(used(&campaign), "1 of 1");
    // A player: the page has forms, and Reyes, named by the invite, comes first.
    let page = Html::parse_document(&browser.get("/c/Op").body);
    assert_eq!(
        texts(&page, "article.card h2").first().map(String::as_str),
        Some("Reyes")
    );
    let csrf = browser.csrf();
    let head = campaign.head();
    let wound = browser.post(
        "/c/Op/do",
        &[("csrf", &csrf), ("cmd", "wound"), ("soldier", "Wong"), ("n", "1")],
        &[("Accept", "application/json")],
    );
    assert_eq!(wound.status, 200, "{}", wound.body);
    assert_eq!(campaign.head(), head + 1);
    let log = campaign.ok(&["log", "--json", "-n", "1"]);
    let event: serde_json::Value = serde_json::from_str(log.trim()).unwrap();
    assert_eq!(event["recorded_by"], "Pat", "recorded by the name given at Join");

    // Used up: a second phone is told so, and nothing is opened.
    let mut second = Browser::new(&server);
    let refused = join(&mut second, &code, "Sam");
    assert_eq!(refused.status, 410);
    assert!(refused.body.contains("all it allows"), "{}", refused.body);
    assert!(refused.set_cookie.is_empty());
    let sessions = campaign.ok(&["serve", "session", "list"]);
    assert!(
        sessions.contains("Pat") && !sessions.contains("Sam"),
        "{sessions}"
    );
}

#[test]
fn a_session_outlives_a_restart_and_ends_at_once_when_revoked() {
    let campaign = Campaign::new();
    let viewer_code = invite(&campaign, &["--role", "viewer", "--uses", "5"]);
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let mut phone = Browser::new(&server);
    assert_eq!(join(&mut phone, &viewer_code, "Vic").status, 303);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gm);
    drop(server);

    // Restarted: both are still signed in, on the same cookies.
    let server = Server::start(&campaign.db);
    let (phone, desk) = (again(phone, &server), again(desk, &server));
    assert_eq!(phone.get("/c/Op").status, 200);
    let viewed = Html::parse_document(&phone.get("/c/Op").body);
    assert!(texts(&viewed, "form.do").is_empty(), "a viewer has no forms");
    assert_eq!(desk.get("/c/Op").status, 200);

    // Revoking the invite signs its phone out at once; the gm's token session stays.
    let id = first_row(&campaign, "invite", 0);
    campaign.ok(&["serve", "invite", "revoke", &id]);
    assert_eq!(phone.get("/c/Op").location, "/sign-in");
    let mut late = Browser::new(&server);
    assert_eq!(join(&mut late, &viewer_code, "Lee").status, 401);
    assert_eq!(desk.get("/c/Op").status, 200);

    // Ending the session by its id, and revoking a token, sign out at once too.
    let mut other = Browser::new(&server);
    other.signed_in(&gm);
    let first = first_row(&campaign, "session", 0);
    campaign.ok(&["serve", "session", "revoke", &first]);
    let signed_in = [desk.get("/c/Op").status, other.get("/c/Op").status];
    assert_eq!(
        signed_in.iter().filter(|s| **s == 200).count(),
        1,
        "{signed_in:?}"
    );
    campaign.ok(&["serve", "token", "revoke", "gina"]);
    assert_eq!(desk.get("/c/Op").location, "/sign-in");
    assert_eq!(other.get("/c/Op").location, "/sign-in");
    let left = campaign.ok(&["serve", "session", "list"]);
    assert_eq!(left.lines().filter(|l| l.contains("gina")).count(), 0, "{left}");
}

/// `browser`'s cookie on a browser of `server`.
fn again(browser: Browser, server: &Server) -> Browser {
    let mut moved = Browser::new(server);
    moved.cookie = browser.cookie;
    moved
}

#[test]
fn an_expired_or_unknown_invite_and_a_token_name_are_refused_saying_why() {
    let campaign = Campaign::new();
    let _gm = campaign.token("gina", "gm");
    let code = invite(&campaign, &["--role", "player"]);
    let brief = invite(&campaign, &["--role", "viewer", "--expires", "1s"]);
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    std::thread::sleep(std::time::Duration::from_millis(2100));
    let expired = join(&mut browser, &brief, "Pat");
    assert_eq!(expired.status, 410);
    assert!(expired.body.contains("expired at"), "{}", expired.body);
    let taken = join(&mut browser, &code, "GINA");
    assert_eq!(taken.status, 422);
    assert!(taken.body.contains("tokens"), "{}", taken.body);
    assert!(taken.body.contains(&code), "the code typed is kept in the form");
    assert_eq!(used(&campaign), "0 of 1", "a refused name uses nothing");
    let unknown = join(&mut browser, "0123456789abcdef0123456789abcdef", "Pat");
    assert_eq!(unknown.status, 401);
    assert!(
        unknown.body.contains("unknown or was revoked"),
        "{}",
        unknown.body
    );
    let empty = join(&mut browser, &code, "  ");
    assert_eq!(empty.status, 422);

    // A command line refuses what an invite cannot be.
    for (flags, said) in [
        (&["--role", "player", "--uses", "0"][..], "uses"),
        (&["--role", "player", "--expires", "soon"], "30m, 12h, 7d"),
        (&["--role", "player", "--url", "ftp://x"], "http://HOST:PORT"),
    ] {
        let mut args = vec!["serve", "invite"];
        args.extend_from_slice(flags);
        if !flags.contains(&"--url") {
            args.extend(["--url", "http://127.0.0.1:9"]);
        }
        let out = campaign.muster(&args);
        assert_eq!(out.status.code(), Some(1), "{flags:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{flags:?}: {out:?}"
        );
    }
    let out = campaign.muster(&["serve", "invite", "--role", "player"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--url"), "{out:?}");
}

#[test]
fn a_gm_makes_an_invite_on_the_page_and_a_player_may_not() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gm);
    let page = Html::parse_document(&desk.get("/c/Op").body);
    assert_eq!(texts(&page, "#group-invite summary"), ["Invite a phone"]);
    let csrf = desk.csrf();
    let form = [
        ("csrf", csrf.as_str()),
        ("role", "viewer"),
        ("soldier", "Wong"),
        ("uses", "2"),
        ("expires", "30d"),
    ];
    // The gm's browser on the server's address on the network (a loopback one is refused).
    let lan = lan_host(&server);
    let made = desk.post("/c/Op/invite", &form, &[("Host", &lan)]);
    assert_eq!(made.status, 200, "{}", made.body);
    let shown = Html::parse_document(&made.body);
    let link = texts(&shown, "#invite-link").pop().unwrap_or_default();
    let prefix = format!("http://{lan}/join#");
    assert!(
        link.starts_with(&prefix),
        "{link} on the address the gm's browser used"
    );
    assert_eq!(
        shown
            .select(&scraper::Selector::parse(".qr svg").unwrap())
            .count(),
        1
    );
    assert_eq!(used(&campaign), "0 of 2");

    // Two phones join by it, as viewers.
    for name in ["Vic", "Val"] {
        let mut phone = Browser::new(&server);
        assert_eq!(join(&mut phone, &link[prefix.len()..], name).status, 303);
        let viewed = Html::parse_document(&phone.get("/c/Op").body);
        assert!(
            texts(&viewed, "form.do").is_empty(),
            "a viewer's page has no forms"
        );
    }
    assert_eq!(used(&campaign), "2 of 2");

    // Refused: a player, another site, a role no invite has.
    let mut pat = Browser::new(&server);
    pat.signed_in(&player);
    let pat_csrf = pat.csrf();
    let page = Html::parse_document(&pat.get("/c/Op").body);
    assert!(texts(&page, "#group-invite").is_empty());
    let mut by_player = form;
    by_player[0].1 = &pat_csrf;
    assert_eq!(pat.post("/c/Op/invite", &by_player, &[]).status, 403);
    let other_site = desk.post("/c/Op/invite", &form, &[("Origin", "http://evil.example")]);
    assert_eq!(other_site.status, 403);
    let mut gm_role = form;
    gm_role[1].1 = "gm";
    assert_eq!(desk.post("/c/Op/invite", &gm_role, &[]).status, 422);
    let listed = campaign.ok(&["serve", "invite", "list"]);
    assert_eq!(listed.lines().count(), 3, "one invite made: {listed}");
}

/// The server's port under an address on the club's network, as a gm's browser there names
/// it in `Host`.
pub fn lan_host(server: &Server) -> String {
    let port = server.url.rsplit(':').next().unwrap_or_default();
    format!("192.168.1.20:{port}")
}

#[test]
fn an_invite_on_loopback_is_refused_on_the_page_as_on_the_command_line() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    // The server on its default address, loopback, told no other.
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gm);
    let csrf = desk.csrf();
    let form = [
        ("csrf", csrf.as_str()),
        ("role", "player"),
        ("uses", "1"),
        ("expires", "7d"),
    ];
    let port = server.url.rsplit(':').next().unwrap_or_default();
    for host in [None, Some("localhost"), Some("[::1]")] {
        let named = host.map(|h| format!("{h}:{port}"));
        let headers: Vec<(&str, &str)> = named.iter().map(|h| ("Host", h.as_str())).collect();
        let refused = desk.post("/c/Op/invite", &form, &headers);
        assert_eq!(refused.status, 422, "{host:?}: {}", refused.body);
        for said in ["no phone can open", "loopback", "--public-url", "--url"] {
            assert!(refused.body.contains(said), "{host:?}: {said}: {}", refused.body);
        }
        assert!(!refused.body.contains("invite-link"), "{}", refused.body);
    }
    let listed = campaign.ok(&["serve", "invite", "list"]);
    assert_eq!(listed.lines().count(), 2, "nothing made: {listed}");
    // The command line refuses the same invite.
    let cli = campaign.muster(&["serve", "invite", "--role", "player"]);
    assert_eq!(cli.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&cli.stderr).contains("no phone can open"));
    drop(server);

    // Told its address (`--public-url`), as `--url` tells the command line, the server makes
    // the invite on it.
    let server = Server::start_public(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gm);
    let csrf = desk.csrf();
    let mut told = form;
    told[0].1 = &csrf;
    let made = desk.post("/c/Op/invite", &told, &[]);
    assert_eq!(made.status, 200, "{}", made.body);
    let link = texts(&Html::parse_document(&made.body), "#invite-link").pop();
    assert!(
        link.as_deref()
            .is_some_and(|l| l.starts_with(&format!("{}/join#", server.url))),
        "{link:?}"
    );
}
