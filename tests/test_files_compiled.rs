//! A guard on the test tree: every `.rs` file under `tests/` is compiled into a test binary.
//! A top-level `tests/*.rs` is a binary of its own; a file in a subfolder counts only when a
//! `mod` line (with or without `#[path = "…"]`) of a compiled file reaches it, since cargo
//! silently ignores any other, and its tests would never run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

/// The files of `sources` (paths relative to `tests/`, with their text) that no test binary
/// compiles, in path order.
fn orphans(sources: &BTreeMap<PathBuf, String>) -> Vec<PathBuf> {
    // A file is read once as a crate root and once as a module, as it may be both: a
    // module's own modules live in a folder of its name, a root's beside it.
    let mut read: BTreeSet<(PathBuf, bool)> = BTreeSet::new();
    let mut to_read: Vec<(PathBuf, bool)> = sources
        .keys()
        .filter(|path| path.components().count() == 1)
        .map(|path| (path.clone(), true))
        .collect();
    while let Some((file, as_root)) = to_read.pop() {
        if !read.insert((file.clone(), as_root)) {
            continue;
        }
        let Some(text) = sources.get(&file) else {
            continue;
        };
        for module in modules(&file, as_root, text) {
            let found = module.candidates.into_iter().find(|c| sources.contains_key(c));
            to_read.extend(found.map(|path| (path, false)));
        }
    }
    let reached: BTreeSet<&PathBuf> = read.iter().map(|(path, _)| path).collect();
    sources
        .keys()
        .filter(|path| !reached.contains(path))
        .cloned()
        .collect()
}

/// A `mod NAME;` line of a file: the files it may name, in the order the compiler tries them.
struct Module {
    candidates: Vec<PathBuf>,
}

/// The file modules `text` (the source of `file`, read as a crate root or as a module)
/// declares.
fn modules(file: &Path, as_root: bool, text: &str) -> Vec<Module> {
    let dir = file.parent().unwrap_or(Path::new(""));
    // A crate root or a mod.rs keeps its modules beside it; any other file in a folder of
    // its own name.
    let beside = as_root || file.file_name() == Some("mod.rs".as_ref());
    let children = if beside {
        dir.to_owned()
    } else {
        dir.join(file.file_stem().unwrap_or_default())
    };
    let mut found = Vec::new();
    let mut path_attribute: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        if let Some(path) = path_of(line) {
            path_attribute = Some(path);
        }
        let declared = line
            .rsplit_once("mod ")
            .and_then(|(before, name)| Some((before, name.strip_suffix(';')?)))
            .filter(|(before, name)| is_visibility_or_attribute(before) && is_identifier(name));
        if let Some((_, name)) = declared {
            let candidates = match path_attribute.take() {
                Some(path) => vec![normalise(&dir.join(path))],
                None => vec![
                    children.join(format!("{name}.rs")),
                    children.join(name).join("mod.rs"),
                ],
            };
            found.push(Module { candidates });
        } else if !line.starts_with("#[") {
            path_attribute = None;
        }
    }
    found
}

/// The file named by a `#[path = "…"]` attribute at the start of `line`.
fn path_of(line: &str) -> Option<String> {
    let rest = line
        .strip_prefix("#[path")?
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_owned())
}

/// Whether what comes before `mod ` on a line is only attributes and a visibility.
fn is_visibility_or_attribute(before: &str) -> bool {
    let before = match before.rfind(']') {
        Some(end) if before.trim_start().starts_with("#[") => &before[end + 1..],
        _ => before,
    };
    matches!(before.trim(), "" | "pub" | "pub(crate)" | "pub(super)")
}

fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// `path` with its `.` and `..` steps resolved, as a `#[path]` may use them.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Every `.rs` file under `dir`, relative to `root`, with its text.
fn read_tree(root: &Path, dir: &Path, into: &mut BTreeMap<PathBuf, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read_tree(root, &path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            into.insert(path.strip_prefix(root).unwrap().to_owned(), text);
        }
    }
}

fn tree(files: &[(&str, &str)]) -> BTreeMap<PathBuf, String> {
    files
        .iter()
        .map(|(path, text)| (PathBuf::from(path), (*text).to_owned()))
        .collect()
}

#[test]
fn every_rust_file_under_tests_is_compiled_into_a_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut sources = BTreeMap::new();
    read_tree(&root, &root, &mut sources);
    // The tree is really read: the CLI tests' helpers and the common runner are in it.
    for known in ["cli.rs", "cli/support.rs", "common/mod.rs"] {
        assert!(
            sources.contains_key(Path::new(known)),
            "tests/{known} was not read"
        );
    }
    let orphans = orphans(&sources);
    assert!(
        orphans.is_empty(),
        "these files under tests/ are compiled into no test binary, so their tests never run; \
         reach each with a `mod` (or `#[path = \"…\"] mod`) line of a compiled file: {orphans:?}"
    );
}

#[test]
fn a_file_in_a_subfolder_no_mod_line_reaches_is_an_orphan() {
    let sources = tree(&[
        (
            "cli.rs",
            "mod common;\n#[path = \"cli/support.rs\"]\nmod support;\n",
        ),
        ("common/mod.rs", "//! shared\n"),
        ("cli/support.rs", "pub fn run() {}\n"),
        ("cli/forgotten.rs", "#[test]\nfn never_runs() {}\n"),
        ("store/left_out.rs", "#[test]\nfn never_runs_either() {}\n"),
        ("store.rs", "// mod left_out;\nfn helper() {}\n"),
    ]);
    assert_eq!(
        orphans(&sources),
        [
            PathBuf::from("cli/forgotten.rs"),
            PathBuf::from("store/left_out.rs")
        ],
        "a commented-out mod line reaches nothing"
    );
}

#[test]
fn mod_lines_reach_files_beside_a_root_under_a_file_and_through_parent_paths() {
    let sources = tree(&[
        ("store.rs", "mod helpers;\n#[cfg(unix)]\npub(crate) mod unix;\n"),
        ("helpers.rs", "mod deeper;\n"),
        ("helpers/deeper.rs", "#[path = \"../shared/one.rs\"] mod one;\n"),
        ("shared/one.rs", ""),
        ("unix/mod.rs", "mod inner;\n"),
        ("unix/inner.rs", ""),
    ]);
    assert_eq!(orphans(&sources), Vec::<PathBuf>::new());
}

#[test]
fn an_attribute_path_is_used_once_and_not_carried_to_a_later_mod_line() {
    let sources = tree(&[
        ("a.rs", "#[path = \"x/one.rs\"]\nmod one;\nfn f() {}\nmod two;\n"),
        ("x/one.rs", ""),
        ("x/two.rs", ""),
    ]);
    assert_eq!(orphans(&sources), [PathBuf::from("x/two.rs")]);
}
