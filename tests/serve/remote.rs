//! `muster --remote`: the command line typed on one machine and run on a server, printing
//! what it prints locally, with the same exit codes; and the messages for a server that
//! cannot be reached, a refused token and a server of another API.

use std::path::Path;

use super::common::readme::block_lines;
use super::common::{NOW, Runner};
use super::harness::{Server, muster};

const README: &str = include_str!("../../README.md");
/// A fixed seed for every campaign either side creates, so their dice and heads agree.
const SEED: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

/// A gm's token on `db`.
fn gm_token(db: &Path) -> String {
    new_token(db, "gina", "gm")
}

/// A new token of `role` named `name` on `db`.
fn new_token(db: &Path, name: &str, role: &str) -> String {
    let out = muster(db, &["serve", "token", "add", name, "--role", role]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .trim()
        .to_owned()
}

/// `muster ARGS` at the fixed time and seed, on `db` when one is given. A command run here is
/// recorded by the gm's token's name, as the server records one run through it, so both
/// logs are the same byte for byte.
fn run(db: Option<&Path>, args: &[&str]) -> (i32, String, String) {
    let runner = match db {
        Some(db) => Runner::on(db),
        None => Runner::new(),
    };
    runner
        .at(NOW)
        .env("MUSTER_SEED", SEED)
        .env("MUSTER_AS", "gina")
        .args(args)
        .run()
        .into_parts()
}

#[test]
fn every_line_of_the_readme_tour_prints_the_same_and_lands_the_same_head_locally_and_through_a_server() {
    let dir = tempfile::tempdir().unwrap();
    let (here, there) = (dir.path().join("here.db"), dir.path().join("there.db"));
    let token = gm_token(&there);
    let server = Server::start_with(&there, &[("MUSTER_NOW", NOW), ("MUSTER_SEED", SEED)]);
    let lines = block_lines(README, "tour");
    assert!(lines.len() > 55, "the whole tour is played");
    for line in &lines {
        let args: Vec<&str> = line.args.iter().map(String::as_str).collect();
        let local = run(Some(&here), &args);
        let mut remote_args = vec!["--remote", &server.url, "--token", &token];
        remote_args.extend(&args);
        let remote = run(None, &remote_args);
        assert_eq!(
            remote, local,
            "`muster {}` locally and through the server",
            line.text
        );
    }
    for campaign in ["Operation Lodestar", "Winter Storm", "Juno Beach", "Night Shift"] {
        let head = |db: &Path| {
            let (code, out, err) = run(Some(db), &["--campaign", campaign, "--json", "roster"]);
            assert_eq!(code, 0, "{err}");
            let roster: serde_json::Value = serde_json::from_str(&out).unwrap();
            roster["head"].clone()
        };
        assert_eq!(head(&there), head(&here), "{campaign}'s head");
        // The logs are the same byte for byte: so are their exports, read from the server.
        let export = ["--campaign", campaign, "export"];
        let mut remote_export = vec!["--remote", &server.url, "--token", &token];
        remote_export.extend(export);
        let (local, remote) = (run(Some(&here), &export), run(None, &remote_export));
        assert_eq!(remote, local, "{campaign}'s export");
        assert!(local.1.ends_with("}}\n") && local.1.contains("\"trailer\""));
    }
    let written = dir.path().join("served.jsonl");
    let written_arg = written.to_string_lossy().into_owned();
    let (code, _, err) = run(
        None,
        &[
            "--remote",
            &server.url,
            "--token",
            &token,
            "export",
            "--output",
            &written_arg,
        ],
    );
    assert_eq!(code, 0, "{err}");
    let selected = run(Some(&here), &["export"]).1;
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        selected,
        "the server's selected campaign, to a file here"
    );
}

#[test]
fn a_refusal_and_a_usage_error_exit_as_they_do_locally_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (here, there) = (dir.path().join("here.db"), dir.path().join("there.db"));
    let token = gm_token(&there);
    let server = Server::start_with(&there, &[("MUSTER_NOW", NOW), ("MUSTER_SEED", SEED)]);
    let remote = |args: &[&str]| {
        let mut all = vec!["--remote", &server.url, "--token", &token];
        all.extend(args);
        run(None, &all)
    };
    for setup in [
        &["campaign", "new", "Op", "--game", "modern"][..],
        &["enlist", "Wong", "--kind", "player", "--rp", "4"],
    ] {
        assert_eq!(remote(setup), run(Some(&here), setup));
    }
    for refused in [
        &["wound", "Wongg", "1"][..],
        &["heal", "Wong", "5"],
        &["roster", "--as-of", "v99"],
        &["log", "--format", "html"],
    ] {
        let local = run(Some(&here), refused);
        assert_ne!(local.0, 0, "{refused:?} is refused locally");
        assert_eq!(remote(refused), local, "{refused:?}");
    }
    assert_eq!(
        remote(&["--json", "roster"]),
        run(Some(&here), &["--json", "roster"])
    );
    // A file on the client's disk is sent; the server reads none of its own.
    let card = dir.path().join("card.json");
    std::fs::write(&card, r#"{"name": "Price", "kind": "player", "rp": 5}"#).unwrap();
    let card = card.to_string_lossy().into_owned();
    let enlisted = remote(&["enlist", "--card", &card]);
    assert_eq!(enlisted, run(Some(&here), &["enlist", "--card", &card]));
    assert_eq!(enlisted.0, 0, "{}", enlisted.2);
}

#[test]
fn an_unreachable_server_a_refused_token_and_another_api_say_so_with_their_exit_codes() {
    // Nothing listens on a port just freed.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = format!("http://{}", free.local_addr().unwrap());
    drop(free);
    let (code, out, err) = run(None, &["--remote", &gone, "--token", "t", "roster"]);
    assert_eq!((code, out.as_str()), (4, ""), "{err}");
    assert!(
        err.contains("cannot reach the server at") && err.contains("hint:"),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let there = dir.path().join("there.db");
    let token = gm_token(&there);
    let server = Server::start(&there);
    let (code, _, err) = run(
        None,
        &["--remote", &server.url, "--token", "muster_wrong", "roster"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("refused the token"), "{err}");
    let viewer = new_token(&there, "vic", "viewer");
    run(
        None,
        &[
            "--remote",
            &server.url,
            "--token",
            &token,
            "campaign",
            "new",
            "Op",
            "--game",
            "modern",
        ],
    );
    let (code, _, err) = run(
        None,
        &[
            "--remote",
            &server.url,
            "--token",
            &viewer,
            "rp",
            "grant",
            "1",
            "--why",
            "x",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("needs a player token"),
        "the right missing is named: {err}"
    );

    // A server of another API version: it answers every request with its version, 3.
    let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", other.local_addr().unwrap());
    let answering = std::thread::spawn(move || {
        for stream in other.incoming().take(2) {
            let mut stream = stream.unwrap();
            let mut buffer = [0u8; 4096];
            let _ = std::io::Read::read(&mut stream, &mut buffer);
            let body = r#"{"api": 3}"#;
            let reply = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            std::io::Write::write_all(&mut stream, reply.as_bytes()).unwrap();
        }
    });
    let (code, _, err) = run(None, &["--remote", &url, "--token", "t", "roster"]);
    answering.join().unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("speaks muster's API v3, and this muster speaks v2"),
        "{err}"
    );
}

#[test]
fn a_saved_remote_is_called_by_name_and_its_file_is_the_owners_alone() {
    let dir = tempfile::tempdir().unwrap();
    let there = dir.path().join("there.db");
    let token = gm_token(&there);
    let server = Server::start(&there);
    let config = dir.path().join("config");
    let with_config = |args: &[&str]| in_config(&config, args);
    let (code, out, err) = with_config(&["remote", "add", "table", &server.url, "--token", &token]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("remote 'table' saved"), "{out}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(config.join("remotes.toml"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "only its owner reads the tokens");
    }
    let (_, listed, _) = with_config(&["--json", "remote", "list"]);
    let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(listed[0]["name"], "table");
    assert!(!listed.to_string().contains(&token), "a token is never listed");

    let (code, out, err) = with_config(&["--remote", "table", "campaign", "new", "Op", "--game", "modern"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("campaign created"), "{out}");
    let (code, _, err) = with_config(&["--remote", "tabel", "roster"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean 'table'?"), "{err}");
    let (code, _, err) = with_config(&["--remote", "table", "remote", "list"]);
    assert_eq!(code, 2, "--remote on a command that works here: {err}");

    assert_eq!(with_config(&["remote", "remove", "table"]).0, 0);
    let (code, _, err) = with_config(&["--remote", "table", "roster"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn a_remote_log_goes_through_the_pager_on_a_terminal_as_a_local_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let there = dir.path().join("there.db");
    let token = gm_token(&there);
    let server = Server::start(&there);
    let remote = |args: &[&str]| {
        let mut all = vec!["--remote", &server.url, "--token", &token];
        all.extend(args);
        run(None, &all)
    };
    assert_eq!(remote(&["campaign", "new", "Op", "--game", "modern"]).0, 0);
    let marker = dir.path().join("pager-ran");
    let pager = format!("/usr/bin/touch {}", marker.display());
    let on_a_terminal = |args: &[&str]| {
        Runner::new()
            .env("PAGER", &pager)
            .args(["--remote", &server.url, "--token", &token])
            .args(args)
            .on_a_terminal()
            .run()
    };
    let unpaged = on_a_terminal(&["log", "--no-pager"]);
    assert_eq!(unpaged.code(), 0, "{}", unpaged.describe());
    assert!(unpaged.stdout.contains("campaign created"), "{}", unpaged.stdout);
    assert!(!marker.exists(), "--no-pager started the pager");
    let paged = on_a_terminal(&["log"]);
    assert_eq!(paged.code(), 0, "{}", paged.describe());
    assert!(marker.exists(), "no pager was started on a terminal");
    // Piped, no pager.
    std::fs::remove_file(&marker).unwrap();
    let piped = Runner::new()
        .env("PAGER", &pager)
        .args(["--remote", &server.url, "--token", &token, "log"])
        .run();
    assert_eq!(piped.code(), 0);
    assert!(!marker.exists(), "the pager ran though the output was piped");
}

#[test]
fn a_remote_whose_address_or_token_holds_a_line_break_is_refused_and_the_file_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let with_config = |args: &[&str]| in_config(&config, args);
    let (code, _, err) = with_config(&[
        "remote",
        "add",
        "table",
        "http://127.0.0.1:7878",
        "--token",
        "muster_a",
    ]);
    assert_eq!(code, 0, "{err}");
    let saved = std::fs::read(config.join("remotes.toml")).unwrap();
    for (url, token, says) in [
        (
            "http://127.0.0.1:7878\r\nX-Evil: 1",
            "muster_b",
            "cannot be a server's address",
        ),
        (
            "http://127.0.0.1:7878/\nx",
            "muster_b",
            "cannot be a server's address",
        ),
        (
            "http://127.0.0.1:7878",
            "muster_b\r\nX-Evil: 1",
            "the token holds a control character",
        ),
    ] {
        let (code, out, err) = with_config(&["remote", "add", "other", url, "--token", token]);
        assert_eq!((code, out.as_str()), (1, ""), "{url:?} {token:?}: {err}");
        assert!(err.contains(says) && err.contains("on one line"), "{err}");
        assert_eq!(
            std::fs::read(config.join("remotes.toml")).unwrap(),
            saved,
            "unchanged"
        );
    }
}

/// Runs muster with its saved remotes kept in `config`: the exit code, stdout and stderr.
fn in_config(config: &Path, args: &[&str]) -> (i32, String, String) {
    Runner::new()
        .at(NOW)
        .env("MUSTER_CONFIG_DIR", config)
        .args(args)
        .run()
        .into_parts()
}
