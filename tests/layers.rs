//! The library's modules read in dependency order: no two modules import each other, even
//! through others, and no module uses an item its parent (or an ancestor) defines (other than
//! to add methods to the parent's own type), so every folder has a ground floor. Read from the source, so a new import that breaks either fails
//! here, naming the modules.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A library module: its path (`crate::domain::event`) and its text, test code left out.
struct Module {
    text: String,
}

/// Every library module under `src/`, leaving out the binary's front end (`src/cli/`,
/// `src/main.rs`) and test-only modules.
fn modules() -> BTreeMap<String, Module> {
    let mut found = BTreeMap::new();
    collect(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")), &mut found);
    found
}

fn collect(dir: &Path, found: &mut BTreeMap<String, Module>) {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative == "cli" || relative == "serve" || relative == "main.rs" || relative.ends_with("/tests") {
            continue;
        }
        if path.is_dir() {
            collect(&path, found);
            continue;
        }
        let Some(stem) = relative.strip_suffix(".rs") else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let name = match stem {
            "lib" => "crate".to_owned(),
            _ => format!("crate::{}", stem.trim_end_matches("/mod").replace('/', "::")),
        };
        found.insert(
            name,
            Module {
                text: without_tests(&text),
            },
        );
    }
    // Modules declared under `#[cfg(test)]` are test code.
    let test_only: Vec<String> = found
        .iter()
        .flat_map(|(name, module)| {
            let lines: Vec<&str> = module.text.lines().collect();
            lines
                .windows(2)
                .filter(|w| w[0].trim() == "#[cfg(test)]")
                .filter_map(|w| {
                    w[1].trim()
                        .strip_prefix("mod ")
                        .or(w[1].trim().strip_prefix("pub(crate) mod "))
                })
                .map(|m| format!("{name}::{}", m.trim_end_matches(';')))
                .collect::<Vec<_>>()
        })
        .collect();
    for name in test_only {
        found.remove(&name);
    }
}

/// The text without comments and without the `#[cfg(test)]` module at its end.
fn without_tests(text: &str) -> String {
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    code.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path a module's text names from `crate::` or `super::`, made absolute; a brace
/// group (`use super::{a, b::C}`) gives one path per member.
fn paths(module: &str, text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let starts = rest.starts_with("crate::") || rest.starts_with("super::");
        let boundary = at == 0
            || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b':');
        if !(starts && boundary) {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let path = rest[..end].trim_end_matches(':');
        let mut members = vec![String::new()];
        if rest[end..].starts_with('{') && rest[..end].ends_with("::") {
            let close = rest[end..].find('}').map_or(rest.len(), |c| end + c);
            members = rest[end + 1..close]
                .split(',')
                .map(|m| m.trim().split("::").next().unwrap_or_default().trim().to_owned())
                .filter(|m| !m.is_empty() && m != "self")
                .collect();
        }
        for member in members {
            let mut segments: Vec<String> = module.split("::").map(str::to_owned).collect();
            let mut written: Vec<&str> = path.split("::").collect();
            if written.first() == Some(&"crate") {
                segments = vec!["crate".to_owned()];
                written.remove(0);
            }
            while written.first() == Some(&"super") {
                segments.pop();
                written.remove(0);
            }
            segments.extend(written.iter().map(|s| (*s).to_owned()));
            if !member.is_empty() {
                segments.push(member);
            }
            found.push(segments);
        }
        at += end.max(1);
    }
    found
}

/// Each module's imports of other modules (not its ancestors or descendants), and the
/// items it uses from an ancestor that the ancestor defines rather than re-exports.
fn imports(modules: &BTreeMap<String, Module>) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut upward = Vec::new();
    for (name, module) in modules {
        for segments in paths(name, &module.text) {
            let Some(k) = (1..=segments.len())
                .rev()
                .find(|k| modules.contains_key(&segments[..*k].join("::")))
            else {
                continue;
            };
            let target = segments[..k].join("::");
            if target == *name || target.starts_with(&format!("{name}::")) {
                continue;
            }
            if name.starts_with(&format!("{target}::")) {
                let Some(item) = segments.get(k) else { continue };
                let exported = modules[&target].text.lines().any(|l| {
                    l.trim_start().starts_with("pub use")
                        && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .any(|word| word == item)
                });
                // A module that adds methods to its parent's type is that type's own code,
                // split across files (the store's bulk writes, its checkpoints).
                let extends = module.text.lines().any(|l| {
                    let l = l.trim_start();
                    l.starts_with("impl")
                        && !l.contains(" for ")
                        && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .any(|word| word == item)
                });
                if !exported && !extends {
                    upward.push(format!("{name} uses {item}, which its ancestor {target} defines"));
                }
                continue;
            }
            edges.entry(name.clone()).or_default().insert(target);
        }
    }
    (edges, upward)
}

/// A cycle among `edges`, if there is one, as the modules around it.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, done, path) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut done, &mut Vec::new()))
}

#[test]
fn no_two_library_modules_import_each_other_even_through_others() {
    let modules = modules();
    assert!(modules.len() > 50, "the whole library is read: {}", modules.len());
    let (edges, _) = imports(&modules);
    assert_eq!(cycle(&edges), None, "an import loop");
}

#[test]
fn no_library_module_uses_an_item_its_ancestor_defines() {
    let (_, upward) = imports(&modules());
    assert!(upward.is_empty(), "imports from a layer above: {upward:#?}");
}

#[test]
fn the_guard_finds_a_loop_and_an_upward_import_in_made_up_modules() {
    let made_up = |text: &str| Module {
        text: text.to_owned(),
    };
    let modules: BTreeMap<String, Module> = [
        ("crate".to_owned(), made_up("pub mod a;\npub mod b;")),
        (
            "crate::a".to_owned(),
            made_up("mod inner;\npub struct Shared;\nuse crate::b::Thing;"),
        ),
        ("crate::a::inner".to_owned(), made_up("use super::Shared;")),
        (
            "crate::b".to_owned(),
            made_up("use crate::a::{Shared, inner};\npub struct Thing;"),
        ),
    ]
    .into_iter()
    .collect();
    let (edges, upward) = imports(&modules);
    assert_eq!(
        cycle(&edges).map(|c| c.len()),
        Some(2),
        "a and b import each other"
    );
    assert_eq!(
        upward,
        ["crate::a::inner uses Shared, which its ancestor crate::a defines"]
    );
}
