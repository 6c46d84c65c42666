//! Reading the vocabulary and the code from the source: the `Event` and `Command` variants
//! with their rulebooks, the fields of a roster line and of a Soldier's state, and whether a
//! file's code (comment lines left out) names a word whole.

use std::collections::BTreeMap;
use std::path::Path;

pub fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The code of a file or of every file under a folder, comment lines left out.
pub fn code(path: &str) -> String {
    let mut texts = Vec::new();
    collect(Path::new(path), &mut texts);
    texts
        .iter()
        .flat_map(|t| t.lines())
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn collect(path: &Path, texts: &mut Vec<String>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            collect(&entry, texts);
        }
    } else if path.extension().is_some_and(|x| x == "rs") {
        texts.push(std::fs::read_to_string(path).unwrap());
    }
}

/// The text of the block that opens at the first line containing `opening`, to its close.
pub fn block<'a>(text: &'a str, opening: &str) -> &'a str {
    let start = text.find(opening).unwrap_or_else(|| panic!("no `{opening}`"));
    let body = &text[start..];
    let open = body.find('{').unwrap();
    let mut depth = 0;
    for (at, c) in body[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &body[open + 1..open + at];
                }
            }
            _ => {}
        }
    }
    panic!("`{opening}` never closes")
}

/// The identifiers that open a line at the block's own indent (four spaces): an enum's
/// variants or a struct's fields.
pub fn members(block: &str) -> Vec<String> {
    block
        .lines()
        .filter(|line| line.starts_with("    ") && !line.starts_with("     "))
        .map(|line| line.trim_start().trim_start_matches("pub "))
        .filter(|line| !line.starts_with("//") && !line.starts_with('#'))
        .map(|line| {
            line.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Each variant of `enum_name` in `file` with its rulebook's one name, from its
/// `rulebook()` match.
pub fn vocabulary(file: &str, enum_name: &str) -> BTreeMap<String, String> {
    let text = read(file);
    let variants = members(block(&text, &format!("pub enum {enum_name} ")));
    let arms = block(&text, "pub fn rulebook(&self) -> Rulebook");
    let mut book_of = BTreeMap::new();
    let mut pending = Vec::new();
    let mut rest = arms;
    while let Some(at) = rest.find("::") {
        let before: String = rest[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let name: String = rest[at + 2..]
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .collect();
        if before == enum_name {
            pending.push(name.clone());
        } else if before == "Rulebook" {
            for variant in pending.drain(..) {
                book_of.insert(variant, snake(&name));
            }
        }
        rest = &rest[at + 2 + name.len()..];
    }
    for variant in &variants {
        assert!(
            book_of.contains_key(variant),
            "{file}: {enum_name}::{variant} has no rulebook arm"
        );
    }
    book_of
}

/// `ZeroDark` as `zero_dark`, `K9` as `k9`.
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

pub fn events() -> BTreeMap<String, String> {
    vocabulary("src/domain/event/mod.rs", "Event")
}

pub fn commands() -> BTreeMap<String, String> {
    vocabulary("src/domain/command.rs", "Command")
}

/// Each event variant with its payload's type: `Wounded(SoldierAmount)`.
pub fn payloads() -> Vec<(String, String)> {
    let text = read("src/domain/event/mod.rs");
    block(&text, "pub enum Event ")
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with(|c: char| c.is_uppercase()))
        .filter_map(|line| {
            let (variant, rest) = line.split_once('(')?;
            let payload = rest.trim_end_matches("),");
            // A large payload is held in a box (`Box<CheckRolled>`): its type is the one boxed.
            let payload = payload
                .strip_prefix("Box<")
                .and_then(|boxed| boxed.strip_suffix('>'))
                .unwrap_or(payload);
            Some((variant.to_owned(), payload.to_owned()))
        })
        .collect()
}

pub fn state_fields() -> Vec<String> {
    members(block(&read("src/domain/state.rs"), "pub struct SoldierState "))
}

pub fn roster_fields() -> Vec<String> {
    members(block(
        &read("src/projection/roster.rs"),
        "pub struct SoldierLine ",
    ))
}

/// The names the command line gives the library's `Command` (`use …::Command as Intent`).
pub fn aliases(code: &str) -> Vec<String> {
    let mut found = vec!["Command".to_owned()];
    for (at, _) in code.match_indices("command::Command as ") {
        let rest = &code[at + "command::Command as ".len()..];
        found.push(rest.chars().take_while(|c| c.is_alphanumeric()).collect());
    }
    found
}

/// Whether `code` names `word` whole (not as part of a longer identifier).
pub fn names(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        let after = code[at + word.len()..].chars().next();
        let before = code[..at].chars().next_back();
        !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}
