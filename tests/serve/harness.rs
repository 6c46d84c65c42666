//! Starting and stopping the server, running the command line beside it, and a client.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_muster");

/// How long the server may take to say where it listens.
const START: Duration = Duration::from_secs(20);

/// A temporary database with a Modern campaign `Op` and a Soldier, Wong.
pub struct Campaign {
    _dir: tempfile::TempDir,
    pub db: PathBuf,
}

impl Campaign {
    pub fn new() -> Campaign {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("muster.db");
        let campaign = Campaign { _dir: dir, db };
        campaign.ok(&["campaign", "new", "Op", "--game", "modern"]);
        campaign.ok(&[
            "enlist",
            "Wong",
            "--kind",
            "player",
            "--rp",
            "4",
            "--ability",
            "handler=7",
        ]);
        campaign
    }

    /// Another campaign beside Op: "Ortona", WWII in Canada with Medals (the Canadian deck
    /// loaded), Baker and Dubois (players) and Fraser (NPS), on Mission "Ortona 1" with all three.
    pub fn with_ortona(self) -> Campaign {
        let deck = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/cards/medals-canada.json")
            .display()
            .to_string();
        let new = [
            "campaign", "new", "Ortona", "--game", "wwii", "--nation", "Canada",
        ];
        self.ok(&[&new[..], &["--expansion", "medals"]].concat());
        for line in [
            &[
                "enlist", "Baker", "--kind", "player", "--rp", "10", "--health", "3",
            ][..],
            &[
                "enlist", "Dubois", "--kind", "player", "--rp", "10", "--health", "3",
            ],
            &["enlist", "Fraser", "--kind", "nps", "--rp", "6", "--health", "2"],
            &["medal", "deck", &deck],
            &["mission", "start", "Ortona 1"],
        ] {
            self.ok(&[&["--campaign", "Ortona"][..], line].concat());
        }
        self
    }

    /// Runs the command line on this database.
    pub fn muster(&self, args: &[&str]) -> Output {
        muster(&self.db, args)
    }

    /// Runs the command line and asserts it succeeded.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.muster(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// A new token of `role` named `name`.
    pub fn token(&self, name: &str, role: &str) -> String {
        let printed = self.ok(&["serve", "token", "add", name, "--role", role]);
        printed.lines().next().unwrap().trim().to_owned()
    }

    /// A player's invite made on the command line: its code, after the link's `#`.
    pub fn player_invite(&self) -> String {
        self.invite_code(&[])
    }

    /// A player's invite code made on the command line, reaching `campaign` alone.
    pub fn player_invite_to(&self, campaign: &str) -> String {
        self.invite_code(&["--only", campaign])
    }

    /// The code of a player's invite made with `more` options.
    fn invite_code(&self, more: &[&str]) -> String {
        let mut args = vec![
            "serve",
            "invite",
            "--role",
            "player",
            "--url",
            "http://127.0.0.1:9",
        ];
        args.extend_from_slice(more);
        let printed = self.ok(&args);
        let link = printed.lines().next().unwrap_or_default();
        link.rsplit_once('#').map(|(_, code)| code.to_owned()).unwrap()
    }

    /// The campaign's head version, read by the command line.
    pub fn head(&self) -> u64 {
        let roster: Value = serde_json::from_str(&self.ok(&["roster", "--json"])).unwrap();
        roster["head"]["version"].as_u64().unwrap()
    }
}

/// The command line with a cleared environment, on the database `db`.
pub fn muster(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_clear()
        .env("MUSTER_DB", db)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A running server, killed when dropped.
pub struct Server {
    pub child: Child,
    pub url: String,
}

impl Server {
    /// Starts `muster serve` on any free loopback port of `db` and waits for its address.
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// Like [`Server::start`], with the server's environment holding `env` too.
    pub fn start_with(db: &Path, env: &[(&str, &str)]) -> Server {
        Server::spawn(db, env, &[])
    }

    /// Like [`Server::start`], with `flags` after `muster serve`.
    pub fn start_flagged(db: &Path, flags: &[&str]) -> Server {
        Server::spawn(db, &[], flags)
    }

    /// Like [`Server::start`], on a free loopback port the server is told is its public
    /// address too (`--public-url`), as a keeper behind a name tells it: the page's invites
    /// are made on it.
    pub fn start_public(db: &Path) -> Server {
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = free.local_addr().unwrap().to_string();
        drop(free);
        let public = format!("http://{addr}");
        Server::spawn_on(db, &addr, &[], &["--public-url", &public])
    }

    fn spawn(db: &Path, env: &[(&str, &str)], flags: &[&str]) -> Server {
        Server::spawn_on(db, "127.0.0.1:0", env, flags)
    }

    fn spawn_on(db: &Path, addr: &str, env: &[(&str, &str)], flags: &[&str]) -> Server {
        let child = Command::new(BIN)
            .args(["serve", "--addr", addr])
            .args(flags)
            .env_clear()
            .env("MUSTER_DB", db)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        Server::listening(child)
    }

    /// The server `child` (started with its standard output piped), once it says where it
    /// listens.
    pub fn listening(mut child: Child) -> Server {
        let stdout = child.stdout.take().unwrap();
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let mut server = Server {
            child,
            url: String::new(),
        };
        let line = receive
            .recv_timeout(START)
            .expect("the server says where it listens");
        server.url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line: {line:?}"))
            .to_owned();
        server
    }

    /// POSTs `body` to the campaign's commands with `token` and gives the status and JSON.
    pub fn post(&self, token: Option<&str>, body: &Value) -> (u16, Value) {
        self.post_with(token, body, &[])
    }

    /// Like [`Server::post`], with extra headers.
    pub fn post_with(&self, token: Option<&str>, body: &Value, headers: &[(&str, &str)]) -> (u16, Value) {
        let mut request = agent().post(format!("{}/api/v1/campaigns/Op/commands", self.url));
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send_json(body).unwrap();
        answer(response)
    }

    /// What a POST of `body` to `campaign`'s commands with `token` answered: its status,
    /// whether it was a replay of an earlier answer (`Muster-Replayed`), and its JSON.
    pub fn command(&self, campaign: &str, token: &str, body: &Value) -> (u16, bool, Value) {
        let mut response = agent()
            .post(format!("{}/api/v1/campaigns/{campaign}/commands", self.url))
            .header("Authorization", format!("Bearer {token}"))
            .send_json(body)
            .unwrap();
        let replayed = response
            .headers()
            .get("muster-replayed")
            .is_some_and(|v| v == "true");
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap();
        (status, replayed, serde_json::from_str(&text).unwrap())
    }

    /// GETs `path` (after the server's address) with `token` and gives the status and body.
    pub fn get(&self, token: &str, path: &str) -> (u16, String) {
        let mut response = agent()
            .get(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {token}"))
            .call()
            .unwrap();
        let status = response.status().as_u16();
        (status, response.body_mut().read_to_string().unwrap())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that reads every status as an answer and gives up on a request after 60 s.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

fn answer(mut response: ureq::http::Response<ureq::Body>) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} {text:?}: {e}"));
    (status, json)
}

/// `{"args": [...]}` for a command line.
pub fn args(words: &[&str]) -> Value {
    serde_json::json!({ "args": words })
}

/// Every row of the events table, every column as text (the stored command included, and any
/// column a later migration adds): the log byte for byte.
pub fn events(db: &Path) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT * FROM events ORDER BY seq").unwrap();
    let columns = stmt.column_count();
    stmt.query_map([], |row| {
        (0..columns)
            .map(|i| row.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
            .collect()
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// The version blame's index of `campaign` in `db` reaches, and the campaign's head.
pub fn indexed_and_head(db: &Path, campaign: &str) -> (Option<u64>, u64) {
    rusqlite::Connection::open(db)
        .unwrap()
        .query_row(
            "SELECT (SELECT version FROM blame_index WHERE campaign = ?1),
                    (SELECT max(version) FROM events WHERE campaign = ?1)",
            [campaign],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
}
