//! `roster --format html` as a paper sheet: Health as "Wounds 1 of 3", each ability with its
//! target and the keywords, boxes to pencil in during the next Mission, the head noted in
//! its short form on one line, and a Zero Dark hero's own numbers.

use scraper::{ElementRef, Html, Selector};

use super::formats::{HOSTILE_BOGEY, nightfall};
use super::support::{Muster, num};

fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

/// An element's text, whitespace trimmed.
fn text(element: ElementRef) -> String {
    element.text().collect::<String>().trim().to_owned()
}

/// The texts of the elements `css` selects in `scope`.
fn all(scope: ElementRef, css: &str) -> Vec<String> {
    scope.select(&sel(css)).map(text).collect()
}

/// The text of the one element `css` selects in `scope`.
fn one(scope: ElementRef, css: &str) -> String {
    let found = all(scope, css);
    assert_eq!(found.len(), 1, "expected one {css}, found {found:?}");
    found[0].clone()
}

fn page(m: &Muster) -> (String, Html) {
    let source = m.ok(&["--format", "html", "roster"]);
    let document = Html::parse_document(&source);
    (source, document)
}

/// The Soldier block whose `data-name` is `name`.
fn block<'a>(document: &'a Html, name: &str) -> ElementRef<'a> {
    let found: Vec<ElementRef> = document
        .select(&sel("article.soldier"))
        .filter(|a| a.value().attr("data-name") == Some(name))
        .collect();
    assert_eq!(found.len(), 1, "one block for {name}");
    found[0]
}

#[test]
fn html_sheet_gives_health_abilities_keywords_and_boxes_to_pencil_in() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong", "1"]);
    let (_, document) = page(&m);
    let wong = block(&document, "Wong");
    assert_eq!(one(wong, "[data-field=wounds]"), "1");
    assert_eq!(one(wong, "[data-most]"), "3");
    assert_eq!(one(wong, "td.wounds"), "1 of 3", "Health as on the paper sheet");
    assert_eq!(all(wong, "[data-field=abilities] li"), ["Handler 7+"]);
    let gizmo = block(&document, "Gizmo");
    assert_eq!(
        all(gizmo, "[data-field=abilities] li"),
        ["Bomb 5+", "Threat 5+ [4+]"],
        "the Upgunned target in brackets"
    );
    assert_eq!(all(gizmo, "[data-most]").len(), 0, "his card prints no Health");
    assert_eq!(
        one(block(&document, "Reyes"), "[data-field=keywords]"),
        "Enduring"
    );
    assert_eq!(one(block(&document, "Price"), "[data-field=keywords]"), "none");

    // A box per point of Health, the Wounds already taken crossed; the others blank.
    let boxes = |b: ElementRef| all(b, "[data-pencil=wounds] .box");
    assert_eq!(boxes(wong), ["✕", "", ""]);
    assert_eq!(boxes(block(&document, "Price")), ["", ""]);
    assert_eq!(boxes(gizmo).len(), 0);
    assert_eq!(
        gizmo.select(&sel("[data-pencil=wounds] .write-in")).count(),
        1,
        "without Health, a box to write the Wounds in"
    );
    for soldier in m.roster()["soldiers"].as_array().unwrap() {
        let b = block(&document, soldier["name"].as_str().unwrap());
        for field in ["suppress", "xp"] {
            let found = all(b, &format!("[data-pencil={field}] .write-in"));
            assert_eq!(found, [""], "a blank {field} box for {}", soldier["name"]);
        }
    }
}

#[test]
fn html_sheet_notes_the_short_head_and_its_verify_line_runs() {
    let m = Muster::lodestar();
    let roster = m.roster();
    let full = roster["head"]["hash"].as_str().unwrap();
    let version = num(&roster["head"], "version");
    let (source, document) = page(&m);
    let root = document.root_element();
    assert_eq!(one(root, "footer #head-hash"), full[..20]);
    assert!(!source.contains(full), "the 64-digit head is not printed");
    let commitment = roster["dice_seed_commitment"].as_str().unwrap();
    assert_eq!(one(root, "footer #seed-commitment"), commitment[..20]);
    let line = one(root, "footer code#verify-head");
    assert_eq!(line, format!("muster verify --head v{version}:{}", &full[..20]));
    assert!(!line.contains('\n'), "one line in the source: {line:?}");
    let styles: String = document.select(&sel("style")).map(text).collect();
    let rule = styles
        .lines()
        .find(|l| l.starts_with("footer code {"))
        .expect("a rule for the footer's code");
    assert!(rule.contains("white-space: nowrap"), "{rule}");
    // The line, typed as printed, is one verify takes and passes.
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let report = m.json(&words);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(num(&report["noted_head"], "version"), version);
}

#[test]
fn html_sheet_gives_a_hero_his_own_numbers_not_warfighter_boxes() {
    let m = nightfall();
    let roster = m.roster();
    let (_, document) = page(&m);
    let root = document.root_element();
    assert_eq!(one(root, "#team-xp"), "3");
    assert_eq!(document.select(&sel("#squad-rp")).count(), 0);
    for hero in roster["soldiers"].as_array().unwrap() {
        let name = hero["name"].as_str().unwrap();
        let b = block(&document, name);
        for warfighter in [
            "[data-field=wounds]",
            "[data-field=suppress]",
            "[data-field=rp]",
            "[data-field=medal_rp]",
            "[data-field=discipline]",
            "[data-field=hardy]",
            "[data-field=medals]",
            "[data-pencil=wounds]",
            "[data-pencil=suppress]",
        ] {
            assert_eq!(
                b.select(&sel(warfighter)).count(),
                0,
                "{name} has no {warfighter}"
            );
        }
        assert_eq!(one(b, "[data-field=xp]"), hero["xp"].to_string());
        for stat in ["m", "f", "a", "d"] {
            let shown = one(b, &format!("tr[data-field=stats] [data-stat={stat}]"));
            assert_eq!(shown, hero["stats"][stat].to_string(), "{name}'s {stat}");
        }
        assert_eq!(all(b, "[data-pencil=xp] .write-in").len(), 1);
    }
    let vance = block(&document, "Vance");
    assert_eq!(one(vance, "[data-field=state]"), "wounded(1)");
    assert_eq!(all(vance, "[data-field=allies] li"), ["G1"]);
    let oduya = block(&document, "Oduya");
    assert_eq!(one(oduya, "[data-field=state]"), "wounded(2)");
    assert_eq!(all(oduya, "[data-field=allies] li"), [HOSTILE_BOGEY]);
    assert_eq!(oduya.select(&sel("b")).count(), 0, "the Ally's name is text");
    let kestrel = block(&document, "Kestrel");
    assert_eq!(one(kestrel, "[data-field=specialism]"), "spook");
    assert_eq!(
        one(kestrel, "tr[data-field=mission_stats] [data-stat=a]"),
        "5",
        "Rescue's +1 A for this Mission"
    );
    assert_eq!(
        vance.select(&sel("tr[data-field=mission_stats]")).count(),
        0,
        "no change"
    );
}
