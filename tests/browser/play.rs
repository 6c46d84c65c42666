//! Playing from the page: a whole Mission from a phone, which leaves the roster the same
//! commands leave on the command line; then what a table needs of it: undo (one's own, and
//! refused in place where a later command rests on it), a refusal that keeps its input and
//! focus, a success that names its version, a second page that follows without a reload, and
//! a command whose answer was dropped (or that was sent offline, then reloaded) recorded once,
//! and a double tap whose second tap lands on what the first moved there, not sent.

use std::path::Path;

use serde_json::Value;

use super::driver::Size;
use super::harness::{Campaign, Server};
use super::{in_browser, lodestar, tab};

const PLAY: &str = "/c/Lodestar";

fn encounter() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/cards/buried-explosive.json")
        .to_string_lossy()
        .into_owned()
}

/// Lodestar's Soldiers and squad as `roster --json` gives them.
fn roster(campaign: &Campaign) -> (Value, Value) {
    let roster: Value =
        serde_json::from_str(&campaign.ok(&["--campaign", "Lodestar", "roster", "--json"])).unwrap();
    (roster["soldiers"].clone(), roster["squad"].clone())
}

#[test]
fn a_whole_mission_played_from_a_phone_leaves_the_roster_the_command_line_leaves() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    in_browser(|driver, chromium| async move {
        let tab = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        tab.sign_in(&player).await?;
        tab.open(PLAY).await?;

        // A Mission with three Soldiers, from its form one tap away.
        tab.js(
            "document.getElementById('group-mission').open = true; return true;",
            vec![],
        )
        .await?;
        tab.type_in("#form-mission-start input[name=name]", "Night Run")
            .await?;
        for soldier in ["Wong", "Gizmo", "Reyes"] {
            tab.click(&format!("#form-mission-start input[name=with][value={soldier}]"))
                .await?;
        }
        tab.type_in("#form-mission-start input[name=k9-objective]", "Find the cache")
            .await?;
        tab.click("#form-mission-start button").await?;
        tab.recorded("the Mission's start").await?;

        // The next turn, owed at the top.
        tab.click_named("#owed button", "Next turn").await?;
        tab.recorded("the next turn").await?;

        // Reyes' medic check, its face from the keypad on his card.
        tab.click("article.card[data-name=Reyes] details.check summary")
            .await?;
        tab.click("article.card[data-name=Reyes] details.check button[name=die][value='7']")
            .await?;
        let said = tab.recorded("the check").await?;
        if !said.contains("medic check: 7") {
            return Err(format!("the check's face was not the keypad's: {said}"));
        }

        // A Wound, from his card's +.
        tab.click("article.card[data-name=Reyes] [data-field=wounds] button[value=wound]")
            .await?;
        tab.recorded("the Wound").await?;

        // The K9 Encounter: its card file, picked (here, its text put where the picker puts it).
        tab.js(
            "document.getElementById('group-play').open = true; return true;",
            vec![],
        )
        .await?;
        let card = std::fs::read_to_string(encounter()).map_err(|e| e.to_string())?;
        tab.js(
            "document.querySelector('#form-k9-draw textarea').value = arguments[0]; return true;",
            vec![Value::from(card)],
        )
        .await?;
        tab.click("#form-k9-draw button").await?;
        tab.recorded("the Encounter drawn").await?;

        // Its rolls, each offered at the top with the keypad: the second fails.
        tab.js("window.scrollTo(0, 0); return true;", vec![]).await?;
        // Roll 1 pays the card's "pay 1 Discipline: +4" first, its box ticked.
        tab.click("#owed input[name=pay][value=discipline]").await?;
        for (roll, face) in [("Roll 1", "4"), ("Roll 2", "1")] {
            pick_key(&tab, roll, face).await?;
            tab.recorded(roll).await?;
        }
        // The retry is offered in the first screen, and taken.
        tab.js("window.scrollTo(0, 0); return true;", vec![]).await?;
        let shown = tab
            .js(
                "var f = Array.from(document.querySelectorAll('#owed form')).find(function (f) { return f.textContent.indexOf('Retry') >= 0; }); \
                 if (!f) { return 'no retry offered'; } var b = f.querySelector('button[value=\"10\"]').getBoundingClientRect(); \
                 return b.bottom <= window.innerHeight && b.top >= document.getElementById('nowbar').getBoundingClientRect().bottom;",
                vec![],
            )
            .await?;
        if shown != Value::Bool(true) {
            return Err(format!("the retry is not in the first screen: {shown}"));
        }
        tab.shot("play-retry-offered").await?;
        pick_key(&tab, "Retry", "10").await?;
        tab.recorded("the retry").await?;

        // Ending the Mission cannot be taken back at the table: it asks once more.
        tab.click_named("#owed summary", "End Mission 1: success…")
            .await?;
        tab.click_named("#owed button", "Yes: End Mission 1: success")
            .await?;
        tab.recorded("the Mission's end").await?;
        tab.shot("play-mission-ended").await?;
        let _ = tab.client.close().await;
        Ok(())
    });

    // The same commands, typed.
    let typed = Campaign::new();
    lodestar(&typed);
    for line in [
        &[
            "mission",
            "start",
            "Night Run",
            "--with",
            "Wong",
            "--with",
            "Gizmo",
            "--with",
            "Reyes",
            "--k9-objective",
            "Find the cache",
        ][..],
        &["turn"],
        &["check", "Reyes", "medic", "--die", "7"],
        &["wound", "Reyes", "1"],
        &["k9", "draw", &encounter()],
        &["k9", "roll", "--pay", "discipline", "--die", "4"],
        &["k9", "roll", "--die", "1"],
        &["k9", "retry", "--die", "10"],
        &["mission", "end", "--result", "success"],
    ] {
        typed.ok(&[&["--campaign", "Lodestar"][..], line].concat());
    }
    assert_eq!(roster(&campaign), roster(&typed));
    let verified: Value =
        serde_json::from_str(&campaign.ok(&["--campaign", "Lodestar", "verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
}

/// Taps `face` on the keypad of the offer labelled with `label`.
async fn pick_key(tab: &super::tab::Tab, label: &str, face: &str) -> Result<(), String> {
    let found = tab
        .js(
            "var label = arguments[0], face = arguments[1]; \
             document.querySelectorAll('[data-key-picked]').forEach(function (e) { e.removeAttribute('data-key-picked'); }); \
             var f = Array.from(document.querySelectorAll('#owed form')).find(function (f) { return f.textContent.indexOf(label) >= 0; }); \
             if (!f) { return false; } f.querySelector('button[value=\"' + face + '\"]').setAttribute('data-key-picked', '1'); return true;",
            vec![Value::from(label), Value::from(face)],
        )
        .await?;
    if found != Value::Bool(true) {
        return Err(format!("no offer '{label}' with a keypad"));
    }
    tab.click("[data-key-picked='1']").await
}

/// How many commands the tab keeps pending.
async fn pending(tab: &super::tab::Tab) -> Result<usize, String> {
    let kept = tab
        .js(
            "return JSON.parse(localStorage.getItem('muster-pending:Lodestar') || '[]').length;",
            vec![],
        )
        .await?;
    Ok(usize::try_from(kept.as_u64().unwrap_or(u64::MAX)).unwrap_or(usize::MAX))
}

/// A double tap on Next turn: the first records the turn and the page changes under the
/// finger; the second a moment later, on the button now at that point (or on Next turn again,
/// where none is), is not sent, and the page says so.
#[test]
fn a_double_taps_second_tap_on_a_page_that_changed_under_it_is_not_sent() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    campaign.ok(&[
        "--campaign",
        "Lodestar",
        "mission",
        "start",
        "Night Run",
        "--with",
        "Wong",
    ]);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    in_browser(|driver, chromium| async move {
        let tab = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        tab.sign_in(&player).await?;
        tab.open(PLAY).await?;
        let first = tab
            .js(
                "var all = document.querySelectorAll('#owed button'); \
                 for (var i = 0; i < all.length; i++) { if (all[i].textContent.indexOf('Next turn') >= 0) { \
                 all[i].scrollIntoView({block: 'center'}); var r = all[i].getBoundingClientRect(); \
                 window.tapAt = [r.left + r.width / 2, r.top + r.height / 2]; \
                 all[i].click(); return true; } } return false;",
                vec![],
            )
            .await?;
        if first != Value::Bool(true) {
            return Err("no Next turn to tap".to_owned());
        }
        tab.recorded("the first tap's turn").await?;
        let after_first = tab.head().await?;
        let second = tab
            .js(
                "var at = document.elementFromPoint(window.tapAt[0], window.tapAt[1]); \
                 var button = at && at.closest('button'); \
                 if (!button) { var all = document.querySelectorAll('#owed button'); \
                   for (var i = 0; i < all.length; i++) { if (all[i].textContent.indexOf('Next turn') >= 0) { button = all[i]; } } } \
                 if (button) { button.click(); } return !!button;",
                vec![],
            )
            .await?;
        if second != Value::Bool(true) {
            return Err("nothing to tap a second time: no button at the point, nor Next turn".to_owned());
        }
        let said = tab
            .until(
                "the second tap's word",
                "var s = document.getElementById('said'); return s && s.textContent.indexOf('changed under your tap') >= 0 ? s.textContent : null;",
            )
            .await?;
        tokio::time::sleep(std::time::Duration::from_millis(800)).await;
        let after_second = tab.head().await?;
        if after_second != after_first {
            return Err(format!(
                "the second tap was sent: the head went from v{after_first} to v{after_second} ({said})"
            ));
        }
        Ok(())
    });
    assert_eq!(
        campaign
            .ok(&["--campaign", "Lodestar", "log", "--json"])
            .matches("turn_started")
            .count(),
        1,
        "one turn recorded"
    );
}

/// A refusal says what was true when it was given: once a command from the page is recorded,
/// the campaign moved on, and no refusal is left standing (here Next turn's with no Mission,
/// in a section the page does not draw again, after the Mission's start).
#[test]
fn a_refusal_is_gone_once_the_next_command_is_recorded() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    in_browser(|driver, chromium| async move {
        let tab = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        tab.sign_in(&player).await?;
        tab.open(PLAY).await?;
        // Now's "Start a Mission" opens its section, folded or not.
        tab.js(
            "document.getElementById('group-mission').open = false; return true;",
            vec![],
        )
        .await?;
        tab.click(".idle a").await?;
        tab.until(
            "the Mission's section opened by Now's link",
            "return document.getElementById('group-mission').open || null;",
        )
        .await?;
        // The forms of a Mission under way are folded after Start a Mission: unfolded, its
        // Next turn is refused at its form.
        tab.click("#later-mission summary").await?;
        tab.click_named("#group-mission button", "Next turn").await?;
        if tab.recorded("Next turn with no Mission").await.is_ok() {
            return Err("Next turn with no Mission was recorded".to_owned());
        }
        let standing = "var s = document.querySelectorAll('#group-mission form .said'); \
             for (var i = 0; i < s.length; i++) { if (s[i].textContent.trim()) { return s[i].textContent; } } return null;";
        tab.until("the refusal at its form", standing).await?;
        tab.type_in("#form-mission-start input[name=name]", "Night Run")
            .await?;
        tab.click("#form-mission-start input[name=with][value=Wong]")
            .await?;
        tab.click("#form-mission-start button").await?;
        tab.recorded("the Mission's start").await?;
        let left = tab.js(standing, vec![]).await?;
        if left != Value::Null {
            return Err(format!("a refusal stayed after the Mission started: {left}"));
        }
        Ok(())
    });
}

#[test]
fn undo_refusals_a_second_page_and_a_dropped_answer_behave_as_a_table_needs() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    campaign.ok(&[
        "--campaign",
        "Lodestar",
        "mission",
        "start",
        "Night Run",
        "--with",
        "Wong",
        "--with",
        "Reyes",
    ]);
    campaign.ok(&["--campaign", "Lodestar", "turn"]);
    let pat = campaign.token("pat", "player");
    let kim = campaign.token("kim", "player");
    let server = Server::start(&campaign.db);
    let db = campaign.db.clone();
    in_browser(|driver, chromium| async move {
        let a = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        let b = tab(&driver, &chromium, &server.url, Size::Desktop).await?;
        a.sign_in(&pat).await?;
        b.sign_in(&kim).await?;
        a.open(PLAY).await?;
        b.open(PLAY).await?;
        b.js("window.musterMark = 'unreloaded'; return true;", vec![])
            .await?;

        // A Wound on the phone: the phone names its version, the other page follows.
        a.click("article.card[data-name=Wong] [data-field=wounds] button[value=wound]")
            .await?;
        let said = a.recorded("the Wound").await?;
        if !said.starts_with("Recorded v") || !said.contains("Wong suffers 1 Wound") {
            return Err(format!("the success does not name its version: {said}"));
        }
        b.until("the second page's Wounds", "var v = document.querySelector('article.card[data-name=Wong] [data-field=wounds] .value'); return v && v.textContent.trim().indexOf('1') === 0;")
            .await?;
        let mark = b.js("return window.musterMark || null;", vec![]).await?;
        if mark != "unreloaded" {
            return Err(format!("the second page was reloaded: {mark}"));
        }

        // The undo names the Wound; a heal recorded since rests on it, so it is refused in place.
        let undo = a
            .js(
                "return document.querySelector('#undo button').textContent;",
                vec![],
            )
            .await?;
        if !undo.as_str().is_some_and(|u| u.contains("Wong suffers 1 Wound")) {
            return Err(format!("the undo does not name the Wound: {undo}"));
        }
        let heal = muster_on(&db, &["--campaign", "Lodestar", "heal", "Wong", "1"]);
        if !heal.status.success() {
            return Err(format!("heal: {}", String::from_utf8_lossy(&heal.stderr)));
        }
        a.until("the heal reaching the phone", "var v = document.querySelector('article.card[data-name=Wong] [data-field=wounds] .value'); return v && v.textContent.trim().indexOf('0') === 0;")
            .await?;
        // The page knows the rules would refuse it now: the Undo is shown, not offered.
        let shown = a
            .until(
                "the undo shown as refused",
                "var b = document.querySelector('#undo button'); var w = document.getElementById('undo-why'); return b && b.disabled && w ? w.textContent : null;",
            )
            .await?;
        if !shown.as_str().is_some_and(|w| w.contains("depend")) {
            return Err(format!("the refused undo does not say why: {shown}"));
        }
        // A page a step behind (the heal not yet drawn) sends it, and is refused in place.
        a.js(
            "var b = document.querySelector('#undo button'); b.disabled = false; b.type = 'submit'; return true;",
            vec![],
        )
        .await?;
        a.click("#undo button").await?;
        let refused = a
            .until(
                "the undo's refusal",
                "var s = document.querySelector('#undo .said'); return s && s.textContent.trim();",
            )
            .await?;
        if !refused.as_str().is_some_and(|r| r.contains("depend")) {
            return Err(format!(
                "the undo's refusal does not give the void's reason: {refused}"
            ));
        }
        // In the sticky Now it stays short, and is put away with its Dismiss.
        let bar = a
            .js(
                "return document.getElementById('nowbar').getBoundingClientRect().height / window.innerHeight;",
                vec![],
            )
            .await?;
        if bar.as_f64().is_none_or(|share| share > 0.45) {
            return Err(format!("the refusal makes the sticky Now {bar} of the window"));
        }
        a.shot("play-undo-refused").await?;
        a.click("#undo .said .dismiss").await?;
        a.until(
            "the refusal put away",
            "var s = document.querySelector('#undo .said'); return !s || s.textContent === '';",
        )
        .await?;
        a.js(
            "document.getElementById('said').textContent = ''; return true;",
            vec![],
        )
        .await?;

        // The player's own last command undone: a Suppress, then its undo.
        a.click("article.card[data-name=Wong] [data-field=suppress] button[value=suppress]")
            .await?;
        a.recorded("the Suppress").await?;
        a.click("#undo button").await?;
        let said = a.recorded("the undo").await?;
        if !said.contains("void") && !said.contains("Void") {
            return Err(format!("the undo recorded something else: {said}"));
        }

        // A refusal keeps what was typed and takes the focus.
        a.js(
            "document.getElementById('group-play').open = true; return true;",
            vec![],
        )
        .await?;
        a.js(
            "document.querySelector('#form-heal select[name=soldier]').value = 'Reyes'; return true;",
            vec![],
        )
        .await?;
        a.type_in("#form-heal input[name=n]", "2").await?;
        a.click("#form-heal button").await?;
        a.until(
            "the heal's refusal",
            "var s = document.querySelector('#form-heal .said'); return s && s.textContent.trim();",
        )
        .await?;
        let kept = a
            .js("return [document.querySelector('#form-heal input[name=n]').value, document.getElementById('form-heal').contains(document.activeElement)];", vec![])
            .await?;
        if kept != serde_json::json!(["2", true]) {
            return Err(format!("the refused form's input and focus: {kept}"));
        }
        a.js(
            "document.getElementById('said').textContent = ''; return true;",
            vec![],
        )
        .await?;

        // An answer dropped on the way back: sent again under its id, recorded once.
        let before = a.head().await?;
        a.js(
            "window.realFetch = window.fetch; var dropped = false;              window.fetch = function (url, options) { var sent = window.realFetch(url, options);              if (!dropped && options && options.method === 'POST') { dropped = true; return sent.then(function () { throw new TypeError('dropped'); }); }              return sent; }; return true;",
            vec![],
        )
        .await?;
        a.click("article.card[data-name=Wong] [data-field=wounds] button[value=wound]")
            .await?;
        a.recorded("the Wound sent again").await?;
        let after = a.head().await?;
        if after != before + 1 || pending(&a).await? != 0 {
            return Err(format!("the retried Wound moved the head {before} to {after}"));
        }

        // Sent with no network, then the page reloaded: sent from the pending list, once.
        a.js(
            "window.fetch = function (url, options) { if (options && options.method === 'POST') { return Promise.reject(new TypeError('offline')); } return window.realFetch(url, options); }; return true;",
            vec![],
        )
        .await?;
        a.click("article.card[data-name=Reyes] [data-field=suppress] button[value=suppress]")
            .await?;
        a.until(
            "the Suppress kept pending",
            "return document.querySelector('article.card[data-name=Reyes] form.steps.pending') !== null;",
        )
        .await?;
        if pending(&a).await? != 1 || a.head().await? != after {
            return Err("the offline Suppress is not kept pending, or was recorded".to_owned());
        }
        a.shot("play-pending").await?;
        a.open(PLAY).await?;
        a.recorded("the pending Suppress after the reload").await?;
        if pending(&a).await? != 0 {
            return Err("the pending list was not emptied".to_owned());
        }
        let _ = a.client.close().await;
        let _ = b.client.close().await;
        Ok(())
    });
    // Every command above once: mission start, turn, then the Wound, the heal, the Suppress and
    // its undo, the retried Wound and the reloaded Suppress.
    let log = campaign.ok(&["--campaign", "Lodestar", "log", "--json"]);
    let wounds = log.lines().filter(|l| l.contains("\"wounded\"")).count();
    assert_eq!(wounds, 2, "two Wounds, the retried one once: {log}");
    let suppressed = log.lines().filter(|l| l.contains("\"suppressed\"")).count();
    assert_eq!(
        suppressed, 2,
        "the undone Suppress and the reloaded one, once: {log}"
    );
}

fn muster_on(db: &Path, args: &[&str]) -> std::process::Output {
    super::harness::muster(db, args)
}
