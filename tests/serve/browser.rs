//! The web page in a real browser: headless Chromium, driven through chromedriver (Debian's
//! `chromium` and `chromium-driver`; `.ci/run` installs them), signs in on two pages, records
//! a Wound through the form on one, and the other, never reloaded, shows the roster change:
//! /static/live.js and the server-sent head work in a browser, not only in theory.
//!
//! Without the programs the test fails, saying how to install them: a browser test that
//! passes without a browser would prove nothing.

use std::ffi::OsStr;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use super::harness::{Campaign, Server};

/// The programs the test drives, each with the Debian package that installs it.
const CHROMIUM: (&str, &str) = ("chromium", "chromium");
const CHROMEDRIVER: (&str, &str) = ("chromedriver", "chromium-driver");
/// How to install both.
const INSTALL: &str = "apt-get install chromium chromium-driver";

/// How long chromedriver may take to listen.
const DRIVER_START: Duration = Duration::from_secs(20);
/// How long page B may take to show the change.
const LIVE: Duration = Duration::from_secs(10);
/// The whole browser conversation, sessions included.
const WHOLE: Duration = Duration::from_secs(120);

/// A running chromedriver, in a process group of its own so that the browsers it started go
/// with it; the group is killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start(chromedriver: &Path) -> Driver {
        use std::os::unix::process::CommandExt;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let address = SocketAddr::from(([127, 0, 0, 1], port));
        let deadline = Instant::now() + DRIVER_START;
        while TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on {port} within {DRIVER_START:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group chromedriver leads (process_group(0)): it and the browsers it started.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The browser and its driver, found on `path` (a `PATH`-style list of folders); `Err`
/// naming what is missing and how to install it.
fn programs(path: Option<&OsStr>) -> Result<(PathBuf, PathBuf), String> {
    let chromium = locate(CHROMIUM.0, path);
    let chromedriver = locate(CHROMEDRIVER.0, path);
    match (chromium, chromedriver) {
        (Some(chromium), Some(chromedriver)) => Ok((chromium, chromedriver)),
        (chromium, chromedriver) => {
            let missing: Vec<String> = [(chromium, CHROMIUM), (chromedriver, CHROMEDRIVER)]
                .into_iter()
                .filter(|(found, _)| found.is_none())
                .map(|(_, (program, package))| format!("{program} (package {package})"))
                .collect();
            Err(format!(
                "the real-browser test drives headless Chromium through chromedriver, and \
                 found on PATH no {}; install them: {INSTALL} (.ci/run does)",
                missing.join(" and no ")
            ))
        }
    }
}

/// The executable file `program` in the first folder of `path` that has one.
fn locate(program: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path?)
        .map(|dir| dir.join(program))
        .find(|file| {
            file.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// A missing browser fails the test, saying how to install it; found, both are returned.
#[test]
fn a_path_without_the_browser_is_an_error_saying_how_to_install_it() {
    let empty = tempfile::tempdir().unwrap();
    let error = programs(Some(empty.path().as_os_str())).unwrap_err();
    assert!(error.contains(INSTALL), "{error}");
    assert!(error.contains("chromium (package chromium)"), "{error}");
    assert!(
        error.contains("chromedriver (package chromium-driver)"),
        "{error}"
    );
    assert!(programs(None).is_err(), "no PATH at all finds nothing");

    // Only the browser: the driver is named missing, the browser not.
    let half = tempfile::tempdir().unwrap();
    let fake = |dir: &Path, name: &str, mode: u32| {
        use std::os::unix::fs::PermissionsExt;
        let file = dir.join(name);
        std::fs::write(&file, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
        file
    };
    fake(half.path(), "chromium", 0o755);
    fake(half.path(), "chromedriver", 0o644);
    let error = programs(Some(half.path().as_os_str())).unwrap_err();
    assert!(!error.contains("chromium (package"), "{error}");
    assert!(
        error.contains("chromedriver (package chromium-driver)"),
        "a file that is not executable is not the driver: {error}"
    );

    // Both, in the second folder of the list: found there.
    let both = tempfile::tempdir().unwrap();
    let chromium = fake(both.path(), "chromium", 0o755);
    let chromedriver = fake(both.path(), "chromedriver", 0o755);
    let path = std::env::join_paths([empty.path(), both.path()]).unwrap();
    assert_eq!(programs(Some(&path)), Ok((chromium, chromedriver)));
}

/// A new headless Chromium session of its own (its own profile, so its own cookies).
async fn browser(driver: &Driver, chromium: &Path) -> Result<Client, String> {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .map_err(|e| format!("a Chromium session: {e}"))
}

/// Signs in through the /sign-in form with `token`, then opens the roster of Op.
async fn sign_in_and_open_roster(client: &Client, url: &str, token: &str) -> Result<(), String> {
    let e = |what: &'static str| move |err: fantoccini::error::CmdError| format!("{what}: {err}");
    client
        .goto(&format!("{url}/sign-in"))
        .await
        .map_err(e("open /sign-in"))?;
    let form = client
        .find(Locator::Css("form#sign-in"))
        .await
        .map_err(e("the sign-in form"))?;
    form.find(Locator::Css("input[name=token]"))
        .await
        .map_err(e("the token field"))?
        .send_keys(token)
        .await
        .map_err(e("type the token"))?;
    form.find(Locator::Css("button[type=submit]"))
        .await
        .map_err(e("the sign-in button"))?
        .click()
        .await
        .map_err(e("sign in"))?;
    // Signed in, the server sends the browser to the campaign list.
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#campaigns"))
        .await
        .map_err(e("the campaign list after signing in"))?;
    client
        .goto(&format!("{url}/c/Op"))
        .await
        .map_err(e("open /c/Op"))?;
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#roster"))
        .await
        .map_err(e("the roster"))?;
    Ok(())
}

/// Wong's cell in the roster's column headed Wounds, as the page shows it now.
const WOUNDS: &str = r##"
    var headings = Array.from(document.querySelectorAll("#roster thead th"));
    var column = headings.findIndex(function (h) { return h.textContent.trim() === "Wounds"; });
    var row = document.querySelector("#roster tbody tr");
    if (column < 0 || !row) { return null; }
    return row.children[column].textContent.trim();
"##;

async fn wounds(client: &Client) -> Result<Value, String> {
    client
        .execute(WOUNDS, vec![])
        .await
        .map_err(|e| format!("read the Wounds cell: {e}"))
}

/// The conversation: A and B sign in, A records a Wound, B shows it without a reload.
async fn live_update(a: &Client, b: &Client, url: &str, token: &str) -> Result<(), String> {
    sign_in_and_open_roster(a, url, token).await?;
    sign_in_and_open_roster(b, url, token).await?;
    let before = wounds(b).await?;
    if before != json!("0") {
        return Err(format!("B's Wounds cell before the wound: {before}"));
    }
    // A mark on B's window: a navigation or reload would lose it.
    b.execute("window.musterMark = 'unreloaded'; return true;", vec![])
        .await
        .map_err(|e| format!("mark B: {e}"))?;

    let e = |what: &'static str| move |err: fantoccini::error::CmdError| format!("{what}: {err}");
    let form = a
        .find(Locator::Css("form#form-wound"))
        .await
        .map_err(e("A's wound form"))?;
    for (name, value) in [("soldier", "Wong"), ("n", "1")] {
        form.find(Locator::Css(&format!("[name={name}]")))
            .await
            .map_err(e("a field of the wound form"))?
            .send_keys(value)
            .await
            .map_err(e("type in the wound form"))?;
    }
    form.find(Locator::Css("button[type=submit]"))
        .await
        .map_err(e("the wound form's button"))?
        .click()
        .await
        .map_err(e("submit the wound form"))?;

    let deadline = Instant::now() + LIVE;
    let mut seen = before;
    while seen != json!("1") {
        if Instant::now() >= deadline {
            let a_sees = wounds(a).await.unwrap_or(Value::Null);
            return Err(format!(
                "B's Wounds cell was still {seen} after {LIVE:?} (A's page shows {a_sees})"
            ));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        seen = wounds(b).await?;
    }
    let mark = b
        .execute(
            "return window.musterMark === undefined ? null : window.musterMark;",
            vec![],
        )
        .await
        .map_err(|e| format!("read B's mark: {e}"))?;
    if mark != json!("unreloaded") {
        return Err(format!("B was reloaded or navigated: its mark is {mark}"));
    }
    Ok(())
}

#[test]
fn headless_chromium_sees_a_wound_recorded_on_another_page_without_a_reload() {
    let (chromium, chromedriver) =
        programs(std::env::var_os("PATH").as_deref()).unwrap_or_else(|reason| panic!("{reason}"));
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let before = campaign.head();
    let server = Server::start(&campaign.db);
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let outcome = runtime.block_on(async {
        tokio::time::timeout(WHOLE, async {
            let a = browser(&driver, &chromium).await?;
            let b = match browser(&driver, &chromium).await {
                Ok(b) => b,
                Err(error) => {
                    let _ = a.close().await;
                    return Err(error);
                }
            };
            let outcome = live_update(&a, &b, &server.url, &token).await;
            let _ = a.close().await;
            let _ = b.close().await;
            outcome
        })
        .await
        .unwrap_or_else(|_| Err(format!("the browsers took over {WHOLE:?}")))
    });
    drop(runtime);
    drop(driver);
    outcome.unwrap();
    assert_eq!(campaign.head(), before + 1, "the one wound was recorded once");
}
