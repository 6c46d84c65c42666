//! Every page at both sizes: nothing passes the window's width or scrolls sideways but a code
//! block, axe-core finds no serious or critical violation (with every folded section opened
//! too), and a screenshot of each is written under target/screenshots.

use std::path::Path;

use super::driver::Size;
use super::harness::{Campaign, Server};
use super::{in_browser, lodestar, tab};

/// A Mission under way in Lodestar: three Soldiers on it, a check, a Wound, and a K9
/// Encounter whose failed roll awaits the Failure or a retry; a Soldier at his Health; and a
/// long name to wrap.
fn mission_under_way(campaign: &Campaign) -> u64 {
    lodestar(campaign);
    let encounter = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cards/buried-explosive.json");
    for line in [
        &[
            "enlist",
            "Maximilian Hohenzollern-Sigmaringen",
            "--kind",
            "squad",
            "--rp",
            "2",
        ][..],
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
            "--with",
            "Kowalski",
            "--k9-objective",
            "Find the cache",
        ],
        &["turn"],
        &["check", "Reyes", "medic", "--die", "7"],
        &["wound", "Reyes"],
        &["hardy", "Reyes", "cold", "+1", "--why", "Service Record"],
        // Kowalski at his card's Health: his card offers the rules' next steps.
        &["wound", "Kowalski", "2"],
        &["k9", "draw", &encounter.to_string_lossy()],
        &["k9", "roll", "--die", "10"],
        &["k9", "roll", "--die", "1"],
        &[
            "note",
            "Reyes dragged Kowalski behind the wall <and> held the line",
            "--soldier",
            "Reyes",
        ],
    ] {
        campaign.ok(&[&["--campaign", "Lodestar"][..], line].concat());
    }
    // The check's version: a roll, for the show page.
    let log = campaign.ok(&["--campaign", "Lodestar", "log", "--json"]);
    log.lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|e| e["summary"].as_str().is_some_and(|s| s.contains("medic check")))
        .and_then(|e| e["version"].as_u64())
        .unwrap()
}

#[test]
fn every_page_fits_a_phone_and_a_desktop_and_axe_finds_nothing_serious() {
    let campaign = Campaign::new();
    let roll = mission_under_way(&campaign);
    let gm = campaign.token("gina", "gm");
    // Told its address, as a server whose page makes invites must be (a loopback one the
    // gm's browser names is refused).
    let server = Server::start_public(&campaign.db);
    let pages = [
        ("campaigns", "/".to_owned()),
        ("join", "/join".to_owned()),
        ("play", "/c/Lodestar".to_owned()),
        ("log", "/c/Lodestar/log".to_owned()),
        ("show", format!("/c/Lodestar/show/{roll}")),
        ("blame", "/c/Lodestar/blame/Reyes".to_owned()),
        ("print", "/c/Lodestar/print".to_owned()),
        ("chronicle", "/c/Lodestar/chronicle".to_owned()),
        ("mission", "/c/Lodestar/mission/1".to_owned()),
        ("chronicle-print", "/c/Lodestar/chronicle/print".to_owned()),
    ];
    in_browser(|driver, chromium| async move {
        let mut problems = Vec::new();
        for size in [Size::Phone, Size::Desktop] {
            let tab = tab(&driver, &chromium, &server.url, size).await?;
            tab.open("/sign-in").await?;
            for check in [tab.fits("sign-in").await, tab.axe("sign-in").await] {
                problems.extend(check.err());
            }
            tab.shot("sign-in").await?;
            tab.sign_in(&gm).await?;
            for (name, path) in &pages {
                tab.open(path).await?;
                for check in [tab.fits(name).await, tab.axe(name).await] {
                    problems.extend(check.err());
                }
                tab.shot(name).await?;
                let folded = tab
                    .js("var d = document.querySelectorAll('details'); d.forEach(function (x) { x.open = true; }); return d.length;", vec![])
                    .await?;
                if folded.as_u64().unwrap_or(0) > 0 {
                    let opened = format!("{name} with every section open");
                    for check in [tab.fits(&opened).await, tab.axe(&opened).await] {
                        problems.extend(check.err());
                    }
                }
            }
            // The printed pages as they print, in a window no wider than a sheet of paper.
            if size == Size::Phone {
                for (name, path) in [
                    ("print", "/c/Lodestar/print"),
                    ("chronicle-print", "/c/Lodestar/chronicle/print"),
                ] {
                    tab.open(path).await?;
                    let printed = format!("{name} as printed");
                    if tab.as_printed().await? == 0 {
                        problems.push(format!("{printed}: the page has no print rules"));
                    }
                    problems.extend(tab.fits(&printed).await.err());
                    tab.shot(&format!("{name}-as-printed")).await?;
                }
            }
            // The play page's cards and its forms, as a thumb scrolls to them.
            tab.open("/c/Lodestar").await?;
            tab.js(
                "document.getElementById('soldiers').scrollIntoView(); return true;",
                vec![],
            )
            .await?;
            tab.shot("play-cards").await?;
            tab.js(
                "document.querySelector('article[data-name=Kowalski]').scrollIntoView(); return true;",
                vec![],
            )
            .await?;
            tab.shot("play-card-at-health").await?;
            tab.js("var g = document.getElementById('group-play'); g.open = true; g.scrollIntoView(); return true;", vec![])
                .await?;
            tab.shot("play-forms").await?;
            // A gm puts a command right from its show page: its void and amendment.
            tab.open(&format!("/c/Lodestar/show/{roll}")).await?;
            let fixes = tab
                .js("var f = document.getElementById('fix'); if (f) { f.scrollIntoView(); } return f ? f.querySelectorAll('form').length : 0;", vec![])
                .await?;
            if fixes.as_u64() != Some(2) {
                problems.push(format!(
                    "show: a gm is offered {fixes} corrections, not a void and an amendment"
                ));
            }
            tab.shot("show-put-it-right").await?;
            tab.open("/c/Lodestar").await?;
            // A gm's invite, made on the page: its link and QR code.
            tab.js(
                "document.getElementById('group-invite').open = true; return true;",
                vec![],
            )
            .await?;
            tab.js(
                "document.getElementById('group-invite').scrollIntoView(); return true;",
                vec![],
            )
            .await?;
            tab.shot("play-invite-group").await?;
            tab.click("form#form-invite input[name=soldier][value=Reyes]")
                .await?;
            tab.click("form#form-invite button").await?;
            tab.until(
                "the invite's page",
                "return document.getElementById('invite-link') !== null;",
            )
            .await?;
            for check in [tab.fits("invite").await, tab.axe("invite").await] {
                problems.extend(check.err());
            }
            tab.shot("invite").await?;
            // The invite just made, and this browser, on the gm's list of invites and phones.
            tab.open("/c/Lodestar/phones").await?;
            for check in [tab.fits("phones").await, tab.axe("phones").await] {
                problems.extend(check.err());
            }
            tab.shot("phones").await?;
            tab.js(
                "document.getElementById('form-token').scrollIntoView(); return true;",
                vec![],
            )
            .await?;
            tab.shot("phones-token-form").await?;
            // A player's token made there, shown once with its remote's command line; the
            // token's name differs by the window's size, as token names are unique.
            let name = format!("Sam {}", size.word());
            tab.type_in("form#form-token input[name=name]", &name).await?;
            tab.click("form#form-token button").await?;
            tab.until(
                "the token's page",
                "return document.getElementById('token-remote') !== null;",
            )
            .await?;
            for check in [tab.fits("token").await, tab.axe("token").await] {
                problems.extend(check.err());
            }
            tab.shot("token").await?;
            let _ = tab.client.close().await;
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    });
}
