//! An invite link opened on a phone: the page fills the code from the link's `#`, uses
//! nothing until Join is tapped, fits and passes axe-core; Join signs the phone in with the
//! invite's role, and its Soldier's card comes first; a second phone is told the invite is
//! used up; the phone stays signed in across a server restart, and is signed out at once when
//! its invite is revoked. A new link opened in the tab of a refused join fills in its own code.

use super::driver::Size;
use super::harness::Campaign;
use super::harness::Server;
use super::{in_browser, lodestar, tab};

#[test]
fn an_invite_link_opened_on_a_phone_joins_when_join_is_tapped() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    let printed = campaign.ok(&[
        "serve",
        "invite",
        "--role",
        "player",
        "--soldier",
        "Kowalski",
        "--url",
        "http://127.0.0.1:9",
    ]);
    let code = printed
        .lines()
        .next()
        .and_then(|link| link.rsplit_once('#'))
        .map(|(_, code)| code.to_owned())
        .unwrap();
    let used = |campaign: &Campaign| -> String {
        let listed = campaign.ok(&["serve", "invite", "list"]);
        listed
            .lines()
            .nth(2)
            .unwrap_or_default()
            .split('|')
            .nth(2)
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let server = Server::start(&campaign.db);
    in_browser(|driver, chromium| {
        let url = server.url.clone();
        let code = code.clone();
        async move {
            let tab = tab(&driver, &chromium, &url, Size::Phone).await?;
            tab.open(&format!("/join#{code}")).await?;
            let filled = tab
                .until(
                    "the code taken from the link",
                    "return document.getElementById('join-invite').value;",
                )
                .await?;
            if filled != code.as_str() {
                return Err(format!("the code field holds {filled}"));
            }
            tab.fits("join").await?;
            tab.axe("join").await?;
            tab.shot("join").await?;
            let _ = tab.client.close().await;
            Ok(())
        }
    });
    assert_eq!(used(&campaign), "0 of 1", "opening the link uses nothing");

    let db = campaign.db.clone();
    let joined_by = &campaign;
    in_browser(|driver, chromium| {
        let url = server.url.clone();
        async move {
            let mut tab = tab(&driver, &chromium, &url, Size::Phone).await?;
            tab.open(&format!("/join#{code}")).await?;
            tab.type_in("#join-name", "Pat").await?;
            tab.click("form#join button[type=submit]").await?;
            tab.until(
                "the campaign list",
                "return document.getElementById('campaigns') !== null;",
            )
            .await?;
            tab.open("/c/Lodestar").await?;
            let first = tab
                .js(
                    "return document.querySelector('article.card').getAttribute('data-name');",
                    vec![],
                )
                .await?;
            if first != "Kowalski" {
                return Err(format!("the first card is {first}, not the invite's Soldier"));
            }
            let forms = tab
                .js("return document.querySelectorAll('form.do').length;", vec![])
                .await?;
            if forms.as_u64().unwrap_or(0) == 0 {
                return Err("a player's page has forms".to_owned());
            }
            tab.shot("joined").await?;

            // A second phone is told the invite is used up.
            let other = super::tab(&driver, &chromium, &url, Size::Phone).await?;
            other.open(&format!("/join#{code}")).await?;
            other.type_in("#join-name", "Sam").await?;
            other.click("form#join button[type=submit]").await?;
            let said = other
                .until(
                    "the refusal",
                    "var m = document.getElementById('message'); return m && m.textContent;",
                )
                .await?;
            if !said.as_str().unwrap_or_default().contains("all it allows") {
                return Err(format!("a used-up invite said {said}"));
            }
            let _ = other.client.close().await;

            // The server restarts: the phone is still signed in, on its cookie.
            drop(server);
            let restarted = Server::start(&db);
            tab.url = restarted.url.clone();
            tab.open("/c/Lodestar").await?;
            let path = tab.js("return window.location.pathname;", vec![]).await?;
            if path != "/c/Lodestar" {
                return Err(format!("after a restart the phone was sent to {path}"));
            }
            if used(joined_by) != "1 of 1" {
                return Err(format!("the invite's uses after one Join: {}", used(joined_by)));
            }
            // Its invite revoked, the phone is signed out at once.
            let listed = joined_by.ok(&["serve", "invite", "list"]);
            let id = listed
                .lines()
                .nth(2)
                .unwrap_or_default()
                .split('|')
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned();
            joined_by.ok(&["serve", "invite", "revoke", &id]);
            tab.open("/c/Lodestar").await?;
            let path = tab.js("return window.location.pathname;", vec![]).await?;
            if path != "/sign-in" {
                return Err(format!("a revoked invite's phone still reached {path}"));
            }
            let _ = tab.client.close().await;
            drop(restarted);
            Ok(())
        }
    });
}

/// A new link opened in the tab of a refused join changes only the address's `#`, so the
/// page is not loaded again: the code field takes the new link's code, and Join joins.
#[test]
fn a_new_link_opened_in_the_tab_of_a_refused_join_fills_in_its_code() {
    let campaign = Campaign::new();
    lodestar(&campaign);
    let code = campaign.player_invite();
    let server = Server::start(&campaign.db);
    in_browser(|driver, chromium| async move {
        let tab = tab(&driver, &chromium, &server.url, Size::Phone).await?;
        tab.open("/join#used-up-code").await?;
        tab.type_in("#join-name", "Sasha").await?;
        tab.click("form#join button[type=submit]").await?;
        tab.until(
            "the refusal",
            "var m = document.getElementById('message'); return m && m.textContent;",
        )
        .await?;
        tab.js("window.musterMark = 'unreloaded'; return true;", vec![])
            .await?;
        tab.open(&format!("/join#{code}")).await?;
        let filled = tab
            .until(
                "the new link's code",
                "var f = document.getElementById('join-invite'); return f.value.indexOf('used-up') < 0 && f.value;",
            )
            .await?;
        let mark = tab.js("return window.musterMark || null;", vec![]).await?;
        if mark != "unreloaded" {
            return Err(format!(
                "the page was loaded again, so the test shows nothing: {mark}"
            ));
        }
        if filled != code.as_str() {
            return Err(format!("the code field holds {filled}"));
        }
        tab.fits("join with a new link").await?;
        tab.axe("join with a new link").await?;
        tab.shot("join-new-link").await?;
        tab.click("form#join button[type=submit]").await?;
        tab.until(
            "the campaign list",
            "return document.getElementById('campaigns') !== null;",
        )
        .await?;
        let _ = tab.client.close().await;
        Ok(())
    });
}
