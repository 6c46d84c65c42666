//! Every module under `src/`, the library's and the binary's (`src/cli/`, `src/serve/`,
//! `src/main.rs`) alike, read in dependency order:
//! - no two modules import each other, even through others;
//! - no module uses an item its parent (or an ancestor) defines (other than to add methods to
//!   the parent's own type), so every folder has a ground floor;
//! - each layer of ARCHITECTURE.md's table imports only the layers below it ([`LAYERS`]);
//! - the front ends (`src/cli/`, `src/serve/`) reach the store only through `query` and `app`:
//!   of `muster::store` they name only the few items [`FRONT_ENDS_MAY_NAME`] lists, each with
//!   its reason, and never open a store themselves.
//!
//! Read from the source, so a new import that breaks any of these fails here, naming the
//! modules. The library's modules are named from `muster`, the binary's from `main`: in a
//! binary file `crate::` is `main` and `muster::` is the library.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module: its text, test code and comments left out.
struct Module {
    text: String,
}

/// The layers of ARCHITECTURE.md's table, lowest first: a module of one layer imports only
/// modules of its own layer or of the layers before it. Each entry names the top-level
/// modules it holds.
const LAYERS: &[&[&str]] = &[
    // Ground: no muster code of their own to import.
    &["muster::clock", "muster::progress", "main::url"],
    &["muster::domain"],
    &["muster::dice", "muster::ids"],
    &["muster::rules"],
    &["muster::store"],
    // The library's error: a refusal, a storage failure or a bad input, below every module
    // that can give more than one of them.
    &["muster::error"],
    &["muster::checkpoint", "muster::catalog"],
    &["muster::verify", "muster::projection", "muster::transfer"],
    &["muster::query", "muster::synth"],
    &["muster::app"],
    // The library's root only declares its modules and re-exports the error.
    &["muster"],
    &["main::serve"],
    &["main::cli"],
    &["main"],
];

/// The items of `muster::store` a front end may still name, and why: none of them reads or
/// writes the log.
const FRONT_ENDS_MAY_NAME: &[(&str, &str)] = &[
    (
        "Store",
        "the connection `app::open` and `query::open_read_only` give, held by the command line's context and the server and lent to the command that runs (the server's sequence holds its write lock through `app::held`)",
    ),
    ("Head", "a version and hash as plain data, printed and compared"),
    ("StoreError", "mapped to exit code 4 and the API's 500"),
    (
        "StoredRow",
        "an exported row as plain data, sent to and received from a server",
    ),
    (
        "ServedAnswer",
        "a kept answer as plain data, given again to a retried command id",
    ),
    (
        "is_open_here",
        "whether another command of this process holds the file, asked before opening it",
    ),
    (
        "on_waiting",
        "where the note about a writer kept waiting is printed",
    ),
    (
        "NOTICE_AFTER",
        "how long a writer waits before that note, in its doc comment",
    ),
    (
        "on_upgrading",
        "where the note about a large file being upgraded is printed",
    ),
    ("Upgrade", "what that note says, as plain data"),
];

/// The methods of `Store` a front end still calls itself, by module, and why. Every other
/// read goes through `query`, every other write through `app`.
const FRONT_ENDS_MAY_CALL: &[(&str, &[&str], &str)] = &[(
    "main::cli::context",
    &["is_read_only"],
    "whether the connection lent to a command may write",
)];

fn src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// Every module under `src/`, test-only modules left out.
fn modules() -> BTreeMap<String, Module> {
    let binary = std::fs::read_to_string(src().join("main.rs")).unwrap();
    // The top-level modules the binary declares itself; the rest are the library's.
    let own: BTreeSet<String> = binary
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod "))
        .map(|m| m.trim_end_matches(';').trim().to_owned())
        .collect();
    let mut found = BTreeMap::new();
    collect(src(), &own, &mut found);
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
                .map(|m| format!("{name}::{}", m.trim_end_matches(';').trim_end_matches(" {")))
                .collect::<Vec<_>>()
        })
        .collect();
    for name in test_only {
        found.retain(|n, _| *n != name && !n.starts_with(&format!("{name}::")));
    }
    found
}

fn collect(dir: &Path, own: &BTreeSet<String>, found: &mut BTreeMap<String, Module>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let relative = path
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative.ends_with("/tests") || relative.ends_with("/tests.rs") {
            continue;
        }
        if path.is_dir() {
            collect(&path, own, found);
            continue;
        }
        let Some(stem) = relative.strip_suffix(".rs") else {
            continue;
        };
        let top = stem.split('/').next().unwrap_or_default();
        let name = match stem {
            "lib" => "muster".to_owned(),
            "main" => "main".to_owned(),
            _ => {
                let root = if own.contains(top) { "main" } else { "muster" };
                format!("{root}::{}", stem.trim_end_matches("/mod").replace('/', "::"))
            }
        };
        let text = std::fs::read_to_string(&path).unwrap();
        found.insert(
            name,
            Module {
                text: without_tests(&text),
            },
        );
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

/// The methods `Store` defines (a `pub fn` in an `impl Store` block under `src/store/`), each
/// with whether it takes arguments besides `self`: a call `.head(&campaign)` is the store's,
/// `Query`'s `.head()` is not.
fn store_methods() -> BTreeMap<String, bool> {
    let mut methods = BTreeMap::new();
    let mut files = vec![src().join("store")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = without_tests(&std::fs::read_to_string(&path).unwrap());
        let mut depth: Option<i64> = None;
        for (at, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if depth.is_none() && trimmed.starts_with("impl") && trimmed.ends_with(" Store {") {
                depth = Some(0);
            }
            let Some(d) = depth else { continue };
            if d == 1
                && let Some(rest) = trimmed.strip_prefix("pub fn ")
            {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let signature: String = text.lines().skip(at).take(12).collect::<Vec<_>>().join(" ");
                let params = signature
                    .split_once('(')
                    .and_then(|(_, rest)| rest.split_once(')'))
                    .map_or("", |(params, _)| params);
                methods.insert(name, params.contains(','));
            }
            let opened = line.matches('{').count() as i64 - line.matches('}').count() as i64;
            depth = Some(d + opened).filter(|d| *d > 0);
        }
    }
    methods
}

/// The crate a module belongs to: `muster` or `main`.
fn root(module: &str) -> &str {
    module.split("::").next().unwrap_or_default()
}

/// Every path a module's text names from `crate::`, `super::` or (in the binary) `muster::`,
/// made absolute; a brace group (`use super::{a, b::C}`) gives one path per member.
fn paths(module: &str, text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    let prefixes: &[&str] = match root(module) {
        "main" => &["crate::", "super::", "muster::"],
        _ => &["crate::", "super::"],
    };
    while at < text.len() {
        let rest = &text[at..];
        let starts = prefixes.iter().any(|p| rest.starts_with(p));
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
            match written.first() {
                Some(&"crate") => {
                    segments = vec![root(module).to_owned()];
                    written.remove(0);
                }
                Some(&"muster") => {
                    segments = vec!["muster".to_owned()];
                    written.remove(0);
                }
                _ => {}
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

/// The child module of `parent` an item it re-exports comes from (`pub use child::Item;`,
/// `pub use child::{Item, …};`), if its text says so.
fn re_exported_from(parent: &str, text: &str, item: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let used = line.trim_start().strip_prefix("pub use ")?;
        let words = |s: &str| {
            s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == item)
        };
        if !words(used) {
            return None;
        }
        let first = used.split("::").next()?.trim();
        match first {
            "crate" | "super" | "self" | "std" => None,
            child => Some(format!("{parent}::{child}")),
        }
    })
}

/// Each module's imports of other modules (not its ancestors or descendants), and the
/// items it uses from an ancestor that the ancestor defines rather than re-exports. An item
/// an ancestor re-exports from one of its modules is an import of that module.
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
            let mut target = segments[..k].join("::");
            if target == *name || target.starts_with(&format!("{name}::")) {
                continue;
            }
            if name.starts_with(&format!("{target}::")) {
                let Some(item) = segments.get(k) else { continue };
                let text = &modules[&target].text;
                match re_exported_from(&target, text, item) {
                    Some(child) if modules.contains_key(&child) => target = child,
                    Some(_) => continue,
                    None => {
                        // A module that adds methods to its parent's type is that type's own
                        // code, split across files (the store's bulk writes, its checkpoints).
                        let extends = module.text.lines().any(|l| {
                            let l = l.trim_start();
                            l.starts_with("impl")
                                && !l.contains(" for ")
                                && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                    .any(|word| word == item)
                        });
                        let exported = text.lines().any(|l| {
                            l.trim_start().starts_with("pub use")
                                && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                    .any(|word| word == item)
                        });
                        if !exported && !extends {
                            upward.push(format!("{name} uses {item}, which its ancestor {target} defines"));
                        }
                        continue;
                    }
                }
                if target == *name || name.starts_with(&format!("{target}::")) {
                    continue;
                }
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

/// The layer `module` belongs to: the index in `layers` of the entry naming it or its
/// nearest ancestor.
fn layer_of(layers: &[&[&str]], module: &str) -> Option<usize> {
    let mut name = module;
    loop {
        if let Some(at) = layers.iter().position(|layer| layer.contains(&name)) {
            return Some(at);
        }
        name = &name[..name.rfind("::")?];
    }
}

/// The top-level module (`muster::store`, `main::cli`) `module` belongs to.
fn unit(module: &str) -> String {
    module.split("::").take(2).collect::<Vec<_>>().join("::")
}

/// Every import that reaches a layer above its own, and every module no layer names.
fn against_the_layers(layers: &[&[&str]], edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, targets) in edges {
        for to in targets {
            match (layer_of(layers, from), layer_of(layers, to)) {
                (Some(a), Some(b)) if b > a => wrong.push(format!(
                    "{from} imports {to}, a layer above its own ({} above {})",
                    unit(to),
                    unit(from)
                )),
                (Some(_), Some(_)) => {}
                (None, _) => wrong.push(format!("{from} is in no layer of LAYERS")),
                (_, None) => wrong.push(format!("{to} is in no layer of LAYERS")),
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn no_two_modules_import_each_other_even_through_others() {
    let modules = modules();
    assert!(
        modules.keys().filter(|m| root(m) == "muster").count() > 50,
        "the whole library is read"
    );
    for front_end in ["main::cli", "main::serve", "main::serve::api", "main::cli::push"] {
        assert!(modules.contains_key(front_end), "{front_end} is read");
    }
    let (edges, _) = imports(&modules);
    assert_eq!(cycle(&edges), None, "an import loop");
    // Nor do two top-level modules, each through modules of its own.
    let mut units: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in &edges {
        for to in targets.iter().filter(|to| unit(to) != unit(from)) {
            units.entry(unit(from)).or_default().insert(unit(to));
        }
    }
    assert_eq!(cycle(&units), None, "an import loop between top-level modules");
}

#[test]
fn no_module_uses_an_item_its_ancestor_defines() {
    let (_, upward) = imports(&modules());
    assert!(upward.is_empty(), "imports from a layer above: {upward:#?}");
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let (edges, _) = imports(&modules());
    let wrong = against_the_layers(LAYERS, &edges);
    assert!(
        wrong.is_empty(),
        "imports against the layers of ARCHITECTURE.md: {wrong:#?}"
    );
}

#[test]
fn the_front_ends_reach_the_store_only_through_query_and_app() {
    let modules = modules();
    let mut wrong = Vec::new();
    for (name, module) in modules.iter().filter(|(n, _)| root(n) == "main") {
        for segments in paths(name, &module.text) {
            if segments.len() < 2 || segments[0] != "muster" || segments[1] != "store" {
                continue;
            }
            match segments.get(2) {
                Some(item) if FRONT_ENDS_MAY_NAME.iter().any(|(may, _)| may == item) => {}
                Some(item) => wrong.push(format!("{name} names muster::store::{item}")),
                None => wrong.push(format!("{name} names muster::store itself")),
            }
        }
        for (method, takes) in &store_methods() {
            if matches!(method.as_str(), "open" | "open_read_only") {
                continue;
            }
            let called = module
                .text
                .match_indices(&format!(".{method}("))
                .any(|(at, call)| {
                    let next = module.text[at + call.len()..].trim_start().chars().next();
                    *takes == (next != Some(')'))
                });
            let allowed = FRONT_ENDS_MAY_CALL
                .iter()
                .any(|(m, methods, _)| m == name && methods.contains(&method.as_str()));
            if called && !allowed {
                wrong.push(format!(
                    "{name} calls the store's {method} itself; a read goes through query, a write through app"
                ));
            }
        }
        for opens in ["Store::open", "Store::create"] {
            if module.text.contains(opens) {
                wrong.push(format!("{name} opens a store itself ({opens}); app::open does"));
            }
        }
    }
    assert!(wrong.is_empty(), "front ends reaching the store: {wrong:#?}");
    let methods = store_methods();
    for needed in ["head", "row_at", "rows_between", "hold_write_lock", "append"] {
        assert!(
            methods.contains_key(needed),
            "the store's {needed} is read: {methods:?}"
        );
    }
}

#[test]
fn the_guard_finds_a_loop_and_an_upward_import_in_made_up_modules() {
    let made_up = |text: &str| Module {
        text: text.to_owned(),
    };
    let modules: BTreeMap<String, Module> = [
        ("muster".to_owned(), made_up("pub mod a;\npub mod b;")),
        (
            "muster::a".to_owned(),
            made_up("mod inner;\npub struct Shared;\nuse crate::b::Thing;"),
        ),
        ("muster::a::inner".to_owned(), made_up("use super::Shared;")),
        (
            "muster::b".to_owned(),
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
        ["muster::a::inner uses Shared, which its ancestor muster::a defines"]
    );
}

#[test]
fn the_guard_follows_the_binary_into_the_library_and_re_exports_to_their_module() {
    let made_up = |text: &str| Module {
        text: text.to_owned(),
    };
    let modules: BTreeMap<String, Module> = [
        ("muster".to_owned(), made_up("pub mod low;\npub mod high;")),
        ("muster::low".to_owned(), made_up("use crate::high::Thing;")),
        ("muster::high".to_owned(), made_up("pub struct Thing;")),
        ("main".to_owned(), made_up("mod front;")),
        (
            "main::front".to_owned(),
            made_up("mod shared;\nmod handler;\npub use shared::Caller;\nuse muster::low;"),
        ),
        (
            "main::front::shared".to_owned(),
            made_up("use super::handler::refuse;"),
        ),
        (
            "main::front::handler".to_owned(),
            made_up("use super::Caller;\nuse crate::front::shared;"),
        ),
    ]
    .into_iter()
    .collect();
    let (edges, upward) = imports(&modules);
    assert!(upward.is_empty(), "a re-export is no upward use: {upward:?}");
    assert_eq!(
        cycle(&edges),
        Some(vec![
            "main::front::handler".to_owned(),
            "main::front::shared".to_owned()
        ]),
        "the handler reaches the shared module through its parent's re-export"
    );
    assert!(
        edges["main::front"].contains("muster::low"),
        "muster:: is the library"
    );
    let layers: &[&[&str]] = &[&["muster::low"], &["muster::high"], &["main::front"]];
    assert_eq!(
        against_the_layers(layers, &edges),
        ["muster::low imports muster::high, a layer above its own (muster::high above muster::low)"]
    );
}

#[test]
fn no_statement_binds_its_limit() {
    // SQLite prepares a statement again at every run whose LIMIT is a bound parameter: the
    // checkpoint read's did, a tenth of a served roster read's time. A limit is written in.
    let bound: Vec<String> = modules()
        .into_iter()
        .filter(|(_, module)| {
            let code = without_tests(&module.text);
            code.contains("LIMIT ?") || code.contains("LIMIT :") || code.contains("LIMIT $")
        })
        .map(|(name, _)| name)
        .collect();
    assert!(bound.is_empty(), "a statement binds its LIMIT in {bound:?}");
}

#[test]
fn the_server_finds_a_campaign_only_within_its_callers_reach() {
    // A caller bound to some campaigns is refused every other one as if it did not exist:
    // the server finds each request's campaign with `resolve_within`, never with the
    // file-wide `resolve_campaign`, whose refusal names the file's other campaigns.
    let modules = modules();
    let wide: Vec<&String> = modules
        .iter()
        .filter(|(name, module)| {
            (name.starts_with("main::serve") || name.starts_with("main::cli"))
                && without_tests(&module.text).contains("resolve_campaign")
        })
        .map(|(name, _)| name)
        .collect();
    assert!(wide.is_empty(), "resolve_campaign named in {wide:?}");
    assert!(
        modules
            .iter()
            .any(|(name, module)| name.starts_with("main::serve") && module.text.contains("resolve_within(")),
        "the server resolves its callers' campaigns"
    );
}
