//! `muster serve invite` on the server's machine: how long an invite may last. A time that
//! would end it past the last year muster records is refused like any other refusal, and no
//! invite is made.

use super::support::{Muster, Runner};

/// `muster serve invite --role player --expires EXPIRES` at the clock `now`.
fn invite(m: &Muster, now: &str, expires: &str) -> (i32, String, String) {
    let args = [
        "serve",
        "invite",
        "--role",
        "player",
        "--url",
        "http://127.0.0.1:9",
        "--expires",
        expires,
    ];
    Runner::on(&m.db).at(now).args(args).run().into_parts()
}

/// Each invite's expiry as the file keeps it, soonest first, `never` last.
fn kept(m: &Muster) -> Vec<Option<String>> {
    let conn = rusqlite::Connection::open(&m.db).unwrap();
    let mut stmt = conn
        .prepare("SELECT expires_at FROM invites ORDER BY expires_at IS NULL, expires_at")
        .unwrap();
    stmt.query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn an_invite_that_would_expire_past_the_year_9999_is_refused_and_none_is_made() {
    let m = Muster::lodestar();
    let now = "2026-11-29T21:00:00Z";
    // The first two overflowed chrono's sum (a panic, exit 101); the third made an invite
    // dated +10076, listed as usable and refused as expired at its first join.
    for expires in ["99999999w", "2000000000000m", "420000w"] {
        let (code, stdout, stderr) = invite(&m, now, expires);
        assert_eq!(code, 1, "--expires {expires}: {stdout}{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(
            stderr.contains("after the year 9999") && stderr.contains(expires),
            "the refusal names the time and the last year: {stderr}"
        );
    }
    assert_eq!(kept(&m), Vec::<Option<String>>::new(), "no invite was made");

    // In muster's last days, a week still ends in 9999 and two weeks do not.
    let late = "9999-12-20T00:00:00Z";
    let (code, _, stderr) = invite(&m, late, "2w");
    assert_eq!(code, 1, "{stderr}");
    let (code, _, stderr) = invite(&m, late, "1w");
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = invite(&m, late, "never");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        kept(&m),
        vec![Some("9999-12-27T00:00:00Z".to_owned()), None],
        "the end kept is the end checked"
    );
}
