//! A tap on a page that did not yet show another's command: the script sends the version the
//! page shows, and the server refuses the tap, which the page says.

use super::driver::Size;
use super::harness::{Campaign, Server, muster};
use super::{in_browser, lodestar, tab};

#[test]
fn a_tap_on_a_page_behind_another_phones_command_is_refused_and_said() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let db = campaign.db.clone();
    in_browser(|driver, chromium| async move {
        let page = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        page.sign_in(&pat).await?;
        page.open("/c/Lodestar").await?;
        let shown = page.head().await?;
        // Another Wound lands from the command line; the page follows it, and then, as a
        // page that had not drawn it yet would, still shows the version before.
        let wounded = muster(&db, &["--campaign", "Lodestar", "wound", "Wong"]);
        if !wounded.status.success() {
            return Err(format!("the command line's Wound: {wounded:?}"));
        }
        page.until(
            "the page following the command line",
            &format!("return Number(document.getElementById('now').getAttribute('data-head')) > {shown};"),
        )
        .await?;
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
        page.js(
            &format!("document.getElementById('now').setAttribute('data-head', '{shown}'); return true;"),
            vec![],
        )
        .await?;
        page.click("article.card[data-name=Wong] [data-field=wounds] button[value=wound]")
            .await?;
        let said = match page.recorded("the Wound tapped on a page behind").await {
            Ok(recorded) => return Err(format!("recorded on a page behind: {recorded}")),
            Err(said) => said,
        };
        if !said.contains(&format!("since your page showed v{shown}")) {
            return Err(format!("the refusal does not say why: {said}"));
        }
        let roster = muster(&db, &["--campaign", "Lodestar", "roster", "--json"]);
        let wounds: serde_json::Value = serde_json::from_slice(&roster.stdout).map_err(|e| e.to_string())?;
        let wong = wounds["soldiers"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["name"] == "Wong"))
            .map(|s| s["wounds"].clone());
        if wong != Some(serde_json::json!(1)) {
            return Err(format!("Wong's Wounds: {wong:?}, not the command line's 1"));
        }
        Ok(())
    });
}
