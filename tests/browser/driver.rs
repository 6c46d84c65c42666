//! Headless Chromium, driven through chromedriver (Debian's `chromium` and `chromium-driver`;
//! `.ci/run` installs them), in a phone's window or a desktop's.
//!
//! Without the programs a test fails, saying how to install them: a browser test that passes
//! without a browser would prove nothing.

use std::ffi::OsStr;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// The programs the test drives, each with the Debian package that installs it.
const CHROMIUM: (&str, &str) = ("chromium", "chromium");
const CHROMEDRIVER: (&str, &str) = ("chromedriver", "chromium-driver");
/// How to install both.
const INSTALL: &str = "apt-get install chromium chromium-driver";

/// How long chromedriver may take to listen.
const DRIVER_START: Duration = Duration::from_secs(20);

/// A running chromedriver, in a process group of its own so that the browsers it started go
/// with it; the group is killed when dropped.
pub struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    pub fn start(chromedriver: &Path) -> Driver {
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
pub fn programs(path: Option<&OsStr>) -> Result<(PathBuf, PathBuf), String> {
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

/// The two windows every page is tried in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// 390×844 with a phone's touch user agent.
    Phone,
    /// 1280×900.
    Desktop,
}

impl Size {
    pub fn word(self) -> &'static str {
        match self {
            Size::Phone => "phone",
            Size::Desktop => "desktop",
        }
    }
}

/// A phone's user agent: a touch browser the page must serve as it serves a desktop's.
const PHONE_AGENT: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

/// A new headless Chromium session of its own (its own profile, so its own cookies) in a
/// window of `size`.
pub async fn browser(driver: &Driver, chromium: &Path, size: Size) -> Result<Client, String> {
    let mut options = json!({
        "binary": chromium,
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"],
    });
    match size {
        Size::Phone => {
            options["mobileEmulation"] = json!({
                "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1.0, "touch": true},
                "userAgent": PHONE_AGENT,
            });
        }
        Size::Desktop => {
            if let Some(args) = options["args"].as_array_mut() {
                args.push(json!("--window-size=1280,900"));
            }
        }
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_owned(), options);
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .map_err(|e| format!("a Chromium session: {e}"))
}

/// The browser and its driver on this machine's `PATH`; a missing one fails the test, saying
/// how to install it.
pub fn installed() -> (PathBuf, PathBuf) {
    programs(std::env::var_os("PATH").as_deref()).unwrap_or_else(|reason| panic!("{reason}"))
}
