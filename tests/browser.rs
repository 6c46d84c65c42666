//! The served pages in a real browser, headless Chromium at a phone's 390×844 (touch user
//! agent) and a desktop's 1280×900: every page fits its window and passes axe-core, with
//! screenshots under target/screenshots; a whole Mission is played from a phone; undo, a
//! refusal, a second page and a command retried after a dropped answer behave as a table needs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "browser/driver.rs"]
mod driver;
#[path = "browser/fresh.rs"]
mod fresh;
#[path = "serve/harness.rs"]
#[allow(dead_code)]
mod harness;
#[path = "browser/join.rs"]
mod join;
#[path = "browser/overtaken.rs"]
mod overtaken;
#[path = "browser/pages.rs"]
mod pages;
#[path = "browser/play.rs"]
mod play;
#[path = "browser/tab.rs"]
mod tab;
#[path = "browser/ticked.rs"]
mod ticked;

use std::future::Future;
use std::path::Path;
use std::time::Duration;

use driver::{Driver, Size};
use tab::Tab;

/// The whole conversation of one test, sessions included.
const WHOLE: Duration = Duration::from_secs(300);

/// A campaign `Lodestar` (Modern, with K9s) beside the harness's `Op`: Wong and his K9 Gizmo
/// from their card files, Reyes (a medic) and Kowalski.
pub fn lodestar(campaign: &harness::Campaign) {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cards");
    let card = |name: &str| cards.join(name).to_string_lossy().into_owned();
    campaign.ok(&[
        "campaign",
        "new",
        "Lodestar",
        "--game",
        "modern",
        "--expansion",
        "k9",
    ]);
    campaign.ok(&["enlist", "--card", &card("wong.json")]);
    campaign.ok(&["enlist", "--card", &card("gizmo.json")]);
    campaign.ok(&[
        "enlist",
        "Reyes",
        "--kind",
        "player",
        "--rp",
        "6",
        "--health",
        "3",
        "--ability",
        "medic=6",
    ]);
    campaign.ok(&[
        "enlist", "Kowalski", "--kind", "squad", "--rp", "3", "--health", "2",
    ]);
}

/// Runs `test` against a chromedriver of its own, within [`WHOLE`]; the driver and the
/// browsers it started are stopped however it ends.
pub fn in_browser<F, Fut>(test: F)
where
    F: FnOnce(std::sync::Arc<Driver>, std::path::PathBuf) -> Fut,
    Fut: Future<Output = Result<(), String>>,
{
    let (chromium, chromedriver) = driver::installed();
    let driver = std::sync::Arc::new(Driver::start(&chromedriver));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let outcome = runtime.block_on(async {
        tokio::time::timeout(WHOLE, test(std::sync::Arc::clone(&driver), chromium))
            .await
            .unwrap_or_else(|_| Err(format!("the browsers took over {WHOLE:?}")))
    });
    drop(runtime);
    drop(driver);
    outcome.unwrap();
}

/// A new tab of `size` on `url`.
pub async fn tab(driver: &Driver, chromium: &Path, url: &str, size: Size) -> Result<Tab, String> {
    Ok(Tab {
        client: driver::browser(driver, chromium, size).await?,
        url: url.to_owned(),
        size,
    })
}
