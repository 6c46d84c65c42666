//! A box ticked in "Owed now" (what a roll is paid with first): kept while its offer stands
//! and another command lands, and no hold on the page once the offer is gone.

use std::path::Path;

use serde_json::Value;

use super::driver::Size;
use super::harness::{Campaign, Server, muster};
use super::{in_browser, lodestar, tab};

/// Lodestar on Mission 1's first turn, the K9 Encounter 'Buried Explosive' drawn: its first
/// roll may be paid with 1 Discipline first.
fn encounter_open(campaign: &Campaign) {
    lodestar(campaign);
    let card = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cards/buried-explosive.json");
    let card = card.to_string_lossy().into_owned();
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
        &["k9", "draw", &card],
    ] {
        campaign.ok(&[&["--campaign", "Lodestar"][..], line].concat());
    }
}

/// Whether an offer of "Owed now" has `words` in its label.
fn offered(words: &str) -> String {
    format!(
        "return Array.from(document.querySelectorAll('#owed form')).some(function (f) {{ return f.textContent.indexOf('{words}') >= 0; }});"
    )
}

#[test]
fn a_ticked_box_stays_while_its_offer_stands_and_holds_nothing_once_it_is_gone() {
    let campaign = Campaign::new();
    encounter_open(&campaign);
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let db = campaign.db.clone();
    in_browser(|driver, chromium| async move {
        let page = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        page.sign_in(&pat).await?;
        page.open("/c/Lodestar").await?;
        // The box ticked (and so focused) on Roll 1's offer.
        page.click("#owed input[name=pay][value=discipline]").await?;
        let shown = page.head().await?;
        // Another program's note lands: the page follows it, the offer and its tick stay.
        let noted = muster(&db, &["--campaign", "Lodestar", "note", "the culvert is flooded"]);
        if !noted.status.success() {
            return Err(format!("the note: {noted:?}"));
        }
        page.until(
            "the page following the note",
            &format!("return Number(document.getElementById('now').getAttribute('data-head')) > {shown};"),
        )
        .await?;
        let kept = page
            .js(
                "var b = document.querySelector('#owed input[name=pay][value=discipline]'); return b ? b.checked : null;",
                vec![],
            )
            .await?;
        if kept != Value::Bool(true) {
            return Err(format!("the box ticked before the note: {kept}"));
        }
        // Another phone's Roll 1 lands: its offer is gone, and Now shows Roll 2 in its place,
        // though the box was ticked on the offer taken.
        let rolled = muster(&db, &["--campaign", "Lodestar", "k9", "roll", "--die", "9"]);
        if !rolled.status.success() {
            return Err(format!("the other phone's roll: {rolled:?}"));
        }
        page.until("Roll 2 offered", &offered("Roll 2")).await?;
        if page.js(&offered("Roll 1 "), vec![]).await? != Value::Bool(false) {
            return Err("Roll 1 is still offered after it was made".to_owned());
        }
        page.fits("owed after another phone's roll").await?;
        Ok(())
    });
}
