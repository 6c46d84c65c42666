//! What a push brings is held to what the server would write itself: its times in the one
//! form muster writes, and none after the server's clock.

use muster::store::StoredRow;
use muster::transfer::{self, Line};
use serde_json::Value;

use super::common::Runner;
use super::harness::{Campaign, Server, agent, args, events};
use super::sync::{head, on, pulled_copy};

/// The rows of `db`'s `Op` after version `after`, as `muster export` writes them, parsed.
fn tail(db: &std::path::Path, after: u64) -> Vec<StoredRow> {
    let (code, out, err) = on(db, &["--campaign", "Op", "export"]);
    assert_eq!(code, 0, "{err}");
    transfer::parse(&out)
        .unwrap()
        .into_iter()
        .filter(|row| row.version > after)
        .collect()
}

/// `rows` chained again from their first `prev_hash`, every hash made good: what a copy
/// that knows the chain sends after editing them.
fn rechained(mut rows: Vec<StoredRow>) -> Vec<StoredRow> {
    let mut prev = rows[0].prev_hash.clone();
    for row in &mut rows {
        row.prev_hash = prev;
        row.hash = muster::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
        prev = row.hash.clone();
    }
    rows
}

/// POSTs `rows` to the server's `Op` events with `token` (a dry run with `dry`), continuing
/// the head `at`: the status and the JSON answered.
fn push(server: &Server, token: &str, at: &Value, rows: &[StoredRow], dry: bool) -> (u16, Value) {
    let body: String = rows
        .iter()
        .map(|r| serde_json::to_string(&Line::of(r)).unwrap() + "\n")
        .collect();
    let query = if dry { "?dry_run=true" } else { "" };
    let mut response = agent()
        .post(format!("{}/api/v1/campaigns/Op/events{query}", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .header(
            "If-Match",
            format!("{}:{}", at["version"], at["hash"].as_str().unwrap()),
        )
        .send(body)
        .unwrap();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} {text}: {e}"));
    (status, json)
}

#[test]
fn a_pushed_time_not_written_as_muster_writes_it_is_refused_naming_its_version_and_the_form() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    let at = head(&campaign.db);
    let after = at["version"].as_u64().unwrap();
    let (code, _, err) = on(&copy, &["--campaign", "Op", "note", "offline"]);
    assert_eq!(code, 0, "{err}");
    let written = tail(&copy, after);
    let first = &written[0].recorded_at;
    let instant = chrono::DateTime::parse_from_rfc3339(first).unwrap();
    let plus_fourteen = chrono::FixedOffset::east_opt(14 * 3600).unwrap();
    let others = [
        instant
            .with_timezone(&plus_fourteen)
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        first.replace('Z', ".0Z"),
        first.replace('Z', "+00:00"),
        first.replace('Z', "z"),
        first.replace('T', " "),
        format!("{}60Z", &first[..17]),
    ];
    let before = events(&campaign.db);
    for other in &others {
        let mut rows = written.clone();
        rows[0].recorded_at = other.clone();
        let rows = rechained(rows);
        for dry in [true, false] {
            let (status, answer) = push(&server, &token, &at, &rows, dry);
            assert_eq!(status, 422, "{other}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(
                error.contains(&format!("(version {})", after + 1))
                    && error.contains("not a time as muster writes it")
                    && error.contains("YYYY-MM-DDThh:mm:ssZ"),
                "{other}: {error}"
            );
        }
        assert_eq!(events(&campaign.db), before, "{other}: the log changed");
    }
    // The copy's own rows, as it wrote them, land.
    let (status, answer) = push(&server, &token, &at, &written, false);
    assert_eq!(status, 201, "{answer}");
}

#[test]
fn a_push_dated_a_minute_after_the_servers_clock_is_refused_and_the_table_plays_on() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    // A copy whose clock runs a minute fast records a note offline.
    let ahead = (chrono::Utc::now() + chrono::Duration::seconds(60))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let noted = Runner::on(&copy)
        .at(&ahead)
        .args(["--campaign", "Op", "note", "a fast clock"])
        .run();
    assert_eq!(noted.into_parts().0, 0);
    let before = events(&campaign.db);
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &token]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("was recorded at {ahead}, after the server's clock")),
        "{err}"
    );
    assert_eq!(events(&campaign.db), before, "the log changed");
    // Nothing dated ahead landed, so the gm's next command is recorded at once.
    let (status, answer) = server.post(Some(&gm), &args(&["wound", "Wong", "1"]));
    assert_eq!(status, 201, "{answer}");
}
