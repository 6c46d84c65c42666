//! Versions and heads are read back as muster prints them: `v12` as well as `12`, a head as
//! the roster prints it, everywhere a version or a point is typed.

use crate::support::{Muster, kinds, num};

/// The head as the table roster prints it, e.g. `v12 3fa2…`: the words after "head".
fn printed_head(m: &Muster) -> String {
    let text = m.ok(&["roster"]);
    let line = text
        .lines()
        .find(|l| l.starts_with("head v"))
        .unwrap_or_else(|| panic!("no head line in:\n{text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    format!("{} {}", words[1], words[2])
}

#[test]
fn a_version_is_read_as_printed_with_or_without_its_v() {
    let m = Muster::lodestar();
    let price = m.enlisted("Price");
    let v = format!("v{price}");
    assert_eq!(m.json(&["show", &v]), m.show(price));
    let printed = m.ok(&["log"]);
    assert!(printed.contains(&format!("{v} ")), "log prints {v}:\n{printed}");
    let as_of = m.json(&["roster", "--as-of", &v]);
    assert_eq!(num(&as_of["as_of"], "version"), price);
    assert_eq!(as_of, m.json(&["roster", "--as-of", &price.to_string()]));
    let logged = m.json_lines(&["log", "--as-of", &v]);
    assert_eq!(logged.last().map(|e| num(e, "version")), Some(price));
    assert!(m.json(&["blame", "Wong", "--as-of", &v]).is_object());
    assert!(m.json(&["diff", "v1", &v]).is_array());
    let voided = m.json(&["void", &v, "--why", "enlisted twice"]);
    assert_eq!(kinds(&voided), ["command_voided"]);
}

#[test]
fn a_head_is_read_as_the_roster_prints_it_and_its_hash_is_checked() {
    let m = Muster::lodestar();
    let head = printed_head(&m);
    let (version, hash) = head.split_once(' ').unwrap();
    let version_number: u64 = version.trim_start_matches('v').parse().unwrap();
    for point in [head.clone(), format!("{version}:{hash}"), format!("head {head}")] {
        let roster = m.json(&["roster", "--as-of", &point]);
        assert_eq!(num(&roster["as_of"], "version"), version_number, "{point}");
    }
    let report = m.json(&["verify", "--head", &head]);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(num(&report["noted_head"], "version"), version_number);

    let earlier = format!("v{}:{hash}", version_number - 1);
    m.refused(&["roster", "--as-of", &earlier], "hash begins");
}

#[test]
fn a_version_or_point_that_is_not_one_names_what_is_accepted() {
    let m = Muster::lodestar();
    for args in [&["show", "x12"][..], &["void", "v-1", "--why", "x"][..]] {
        let stderr = m.refused(args, "is not a version");
        assert!(stderr.contains("e.g. 12 or v12"), "{stderr}");
    }
    let stderr = m.refused(&["roster", "--as-of", "v12x"], "is not a point in the log");
    for form in ["12 or v12", "v12:HASH", "mission:N", "2026-11-29"] {
        assert!(stderr.contains(form), "{form} not in {stderr}");
    }
    m.refused(&["show", "v999"], "version 999 does not exist");
}
