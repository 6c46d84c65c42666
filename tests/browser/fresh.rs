//! A form's lists of Soldiers follow the campaign without a reload: a Soldier enlisted from the
//! page (or by another program) is at once in every Soldier picker and among the boxes of
//! Start a Mission, while what a player chose or is typing in the forms stays as it was.

use serde_json::Value;

use super::driver::Size;
use super::harness::{Campaign, Server};
use super::{in_browser, tab};

const PLAY: &str = "/c/Op";

/// The values of the options of the select `css`, or of the boxes it names.
const VALUES: &str =
    "return Array.from(document.querySelectorAll(arguments[0])).map(function (e) { return e.value; });";

/// A script: whether every picker of one Soldier and the boxes of Start a Mission name `name`.
fn every_list_names(name: &str) -> String {
    EVERY_LIST_NAMES.replace("NAME", name)
}

const EVERY_LIST_NAMES: &str = "var name = 'NAME'; \
     var pickers = Array.from(document.querySelectorAll('details.group select[data-fresh]')); \
     var boxes = document.querySelectorAll('#form-mission-start input[name=with][value=\"' + name + '\"]'); \
     return pickers.length > 0 && boxes.length === 1 && pickers.every(function (s) { \
       return Array.from(s.options).some(function (o) { return o.value === name; }); });";

#[test]
fn a_soldier_enlisted_is_in_every_forms_list_at_once_and_what_was_chosen_stays() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let db = campaign.db.clone();
    in_browser(|driver, chromium| async move {
        let phone = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        let desk = tab(&driver, &chromium, &server.url, Size::Desktop).await?;
        phone.sign_in(&player).await?;
        desk.sign_in(&player).await?;
        phone.open(PLAY).await?;
        desk.open(PLAY).await?;
        phone
            .js(
                "document.querySelectorAll('details.group').forEach(function (d) { d.open = true; }); \
             window.musterMark = 'unreloaded'; return true;",
                vec![],
            )
            .await?;

        // Chosen before: Wong in Heal's picker and its amount, Wong ticked for a Mission.
        phone
            .js(
                "document.querySelector('#form-heal select[name=soldier]').value = 'Wong'; return true;",
                vec![],
            )
            .await?;
        phone.type_in("#form-heal input[name=n]", "2").await?;
        phone
            .click("#form-mission-start input[name=with][value=Wong]")
            .await?;

        // Enlisted from the page.
        phone
            .type_in("#form-enlist-card input[name=name]", "Volkov")
            .await?;
        phone
            .js(
                "document.querySelector('#form-enlist-card select[name=kind]').value = 'nps'; return true;",
                vec![],
            )
            .await?;
        phone.type_in("#form-enlist-card input[name=rp]", "5").await?;
        phone.type_in("#form-enlist-card input[name=health]", "3").await?;
        phone.click("#form-enlist-card button").await?;
        phone.recorded("Volkov's enlistment").await?;
        phone
            .until("Volkov in every list of the forms", &every_list_names("Volkov"))
            .await?;
        let kept = phone
            .js(
                "return [document.querySelector('#form-heal select[name=soldier]').value, \
                 document.querySelector('#form-heal input[name=n]').value, \
                 Array.from(document.querySelectorAll('#form-mission-start input[name=with]:checked')).map(function (b) { return b.value; }), \
                 window.musterMark || null];",
                vec![],
            )
            .await?;
        if kept != serde_json::json!(["Wong", "2", ["Wong"], "unreloaded"]) {
            return Err(format!("what was chosen before the enlistment: {kept}"));
        }
        let picked = phone
            .js(
                VALUES,
                vec![Value::from("#form-wound select[name=soldier] option")],
            )
            .await?;
        if picked != serde_json::json!(["", "Wong", "Volkov"]) {
            return Err(format!("Wound's picker: {picked}"));
        }
        phone.fits("play after an enlistment").await?;
        phone.axe("play after an enlistment").await?;
        phone
            .js(
                "document.getElementById('form-mission-start').scrollIntoView({block: 'center'}); return true;",
                vec![],
            )
            .await?;
        phone.shot("play-fresh-lists").await?;

        // Another program enlists one while a note is being typed: the note and its focus stay,
        // and the lists follow.
        phone.click("#form-note input[name=text]").await?;
        phone
            .type_in("#form-note input[name=text]", "half a note")
            .await?;
        let enlisted = super::harness::muster(
            &db,
            &["enlist", "Orlov", "--kind", "squad", "--rp", "2", "--health", "2"],
        );
        if !enlisted.status.success() {
            return Err(String::from_utf8_lossy(&enlisted.stderr).into_owned());
        }
        phone
            .until("Orlov in every list of the forms", &every_list_names("Orlov"))
            .await?;
        let typing = phone
            .js(
                "var f = document.querySelector('#form-note input[name=text]'); return [f.value, document.activeElement === f];",
                vec![],
            )
            .await?;
        if typing != serde_json::json!(["half a note", true]) {
            return Err(format!("the note being typed: {typing}"));
        }
        // The other page, a desktop's, follows too.
        desk.until("Orlov on the desktop's page", &every_list_names("Orlov"))
            .await?;
        desk.js(
            "document.querySelectorAll('details.group').forEach(function (d) { d.open = true; }); return true;",
            vec![],
        )
        .await?;
        desk.fits("play after an enlistment").await?;
        desk.axe("play after an enlistment").await?;
        desk.shot("play-fresh-lists").await?;
        let _ = phone.client.close().await;
        let _ = desk.client.close().await;
        Ok(())
    });
}

/// A Medal drawn by another program: the recipient's form takes the keypad of the die the
/// rules now roll for it (1 to 3 among three Soldiers) without a reload, as Owed now does.
#[test]
fn a_picks_keypad_comes_with_what_the_rules_offer_without_a_reload() {
    let campaign = Campaign::new().with_ortona();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let db = campaign.db.clone();
    in_browser(|driver, chromium| async move {
        let phone = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        phone.sign_in(&player).await?;
        phone.open("/c/Ortona").await?;
        let faces = "return Array.from(document.querySelectorAll('#form-medal-recipient button[name=die]')).map(function (b) { return b.value; }).join(' ');";
        let before = phone.js(faces, vec![]).await?;
        if before != "" {
            return Err(format!("a keypad before any Medal is drawn: {before}"));
        }
        let drawn = super::harness::muster(
            &db,
            &[
                "--campaign",
                "Ortona",
                "medal",
                "draw",
                "Military Medal",
                "--trigger",
                "a Location played",
            ],
        );
        if !drawn.status.success() {
            return Err(String::from_utf8_lossy(&drawn.stderr).into_owned());
        }
        let after = phone.until("the recipient's keypad", faces).await?;
        if after != "1 2 3" {
            return Err(format!("the recipient's keypad: {after}"));
        }
        phone
            .js(
                "var g = document.getElementById('group-mission'); g.open = true; \
                 document.getElementById('form-medal-recipient').scrollIntoView({block: 'center'}); return true;",
                vec![],
            )
            .await?;
        phone.fits("play with a Medal drawn").await?;
        phone.axe("play with a Medal drawn").await?;
        phone.shot("play-fresh-pick").await?;
        let _ = phone.client.close().await;
        Ok(())
    });
}
