//! A push's body (up to 32 MiB) is read only for a caller who may push to its campaign, and
//! by only two pushes at once: a viewer's token, or one bound to another group's campaign, is
//! refused before its body has come, and a third push waits, its body unread, while the
//! server goes on answering. Raw sockets send the pushes, each read bounded by a deadline.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

use super::harness::{Server, agent};
use super::reach::{Community, community};

/// A push to `campaign` with `token` whose body will be `length` bytes, of which only `sent`
/// are sent: its socket, left open.
fn push(
    server: &Server,
    (campaign, token): (&str, &str),
    if_match: &str,
    (length, sent): (usize, usize),
) -> TcpStream {
    let address = server.url.trim_start_matches("http://");
    let mut socket = TcpStream::connect(address).unwrap();
    let head = format!(
        "POST /api/v1/campaigns/{campaign}/events HTTP/1.1\r\nHost: muster\r\nAuthorization: Bearer {token}\r\nIf-Match: {if_match}\r\nContent-Type: application/x-ndjson\r\nContent-Length: {length}\r\n\r\n"
    );
    socket.write_all(head.as_bytes()).unwrap();
    socket.write_all(&vec![b' '; sent]).unwrap();
    socket
}

/// The answer on `socket` within `within`: its status and JSON, or `None` if none came.
fn answer(socket: &mut TcpStream, within: Duration) -> Option<(u16, Value)> {
    socket.set_read_timeout(Some(within)).unwrap();
    let mut reader = BufReader::new(socket);
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(0) => return None,
        Ok(_) => {}
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return None,
        Err(e) => panic!("{e}"),
    }
    let status: u16 = line.split(' ').nth(1)?.parse().ok()?;
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    Some((status, serde_json::from_slice(&body).unwrap()))
}

/// Op's head as `If-Match` gives it.
fn head_of_op(server: &Server, token: &str) -> String {
    let (status, body) = server.get(token, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 200, "{body}");
    let roster: Value = serde_json::from_str(&body).unwrap();
    let head = &roster["head"];
    format!("{}:{}", head["version"], head["hash"].as_str().unwrap())
}

#[test]
fn a_push_by_a_viewer_or_into_another_groups_campaign_is_refused_before_its_body_is_read() {
    let Community {
        campaign,
        alice,
        gina,
        ..
    } = community();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let op = head_of_op(&server, &viewer);
    let juno = format!("1:{}", "0".repeat(64));
    // 30 MB announced, 1 KiB sent: the rest never comes.
    for (who, token, campaign, if_match, status) in [
        ("a viewer", &viewer, "Op", &op, 403),
        ("a player of Op", &alice, "Juno", &juno, 404),
        ("a gm of Op", &gina, "Juno", &juno, 404),
    ] {
        let mut socket = push(&server, (campaign, token), if_match, (30_000_000, 1024));
        let answered = answer(&mut socket, Duration::from_secs(5));
        let Some((got, body)) = answered else {
            panic!("{who}'s push to {campaign} was not refused before its body came");
        };
        assert_eq!(got, status, "{who}: {body}");
        assert_eq!(body["exit"], 1, "{body}");
        assert!(body["error"].is_string(), "{body}");
    }
}

#[test]
fn a_third_push_waits_with_its_body_unread_while_two_are_read_and_others_are_answered() {
    let Community { campaign, alice, .. } = community();
    let server = Server::start(&campaign.db);
    let op = head_of_op(&server, &alice);
    // Two pushes whose bodies trickle: each holds a place while its body is read.
    let mut slow: Vec<TcpStream> = (0..2)
        .map(|_| push(&server, ("Op", &alice), &op, (1000, 10)))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // The third is whole, and has nothing to add: answered at once once it is read.
    let mut third = push(&server, ("Op", &alice), &op, (0, 0));
    assert!(
        answer(&mut third, Duration::from_millis(1500)).is_none(),
        "a third push was read beside two"
    );
    let mut version = agent().get(format!("{}/api/v1", server.url)).call().unwrap();
    let said: Value = serde_json::from_str(&version.body_mut().read_to_string().unwrap()).unwrap();
    assert!(said["api"].is_u64(), "the server answers meanwhile: {said}");

    // One of the two gives up: the third takes its place.
    drop(slow.remove(0));
    let (status, body) = answer(&mut third, Duration::from_secs(10)).expect("the third push answered");
    assert_eq!((status, body["added"].as_u64()), (201, Some(0)), "{body}");
    // The other is answered once its body has come (as JSON Lines, it is blank).
    slow[0].write_all(&[b' '; 990]).unwrap();
    let (status, body) = answer(&mut slow[0], Duration::from_secs(10)).expect("the slow push answered");
    assert_eq!(status, 201, "{body}");
}
