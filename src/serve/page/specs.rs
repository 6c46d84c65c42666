//! The forms the page offers: for each, the command's words and a fixed list of fields, each
//! placed on the command line as a word, a `--flag=VALUE`, a switch, a flag per ticked box, a
//! file or the words of a command; one list for Warfighter's games and Zero Dark's.

mod campaign;
mod form;
mod warfighter;
mod zero_dark;

use std::collections::{BTreeMap, HashMap};

use muster::app::Role;

pub use form::{Group, Input, Place, SENT_FILE, Spec, said_by_muster};

/// Every form the page offers, in the order shown.
pub fn all() -> impl Iterator<Item = &'static Spec> {
    campaign::FORMS
        .iter()
        .chain(warfighter::FORMS)
        .chain(zero_dark::FORMS)
}

/// The form named `cmd`.
pub fn named(cmd: &str) -> Option<&'static Spec> {
    all().find(|spec| spec.cmd == cmd)
}

/// The forms shown for a campaign of `game` (`zero_dark` or a Warfighter game) played with
/// `expansions` (as `roster --json` names them) to `role`: an expansion's commands only where
/// it is used, a gm's only to a gm.
pub fn forms_for<'a>(
    zero_dark: bool,
    expansions: &'a [String],
    role: Role,
) -> impl Iterator<Item = &'static Spec> + 'a {
    all()
        .filter(move |spec| spec.zero_dark.is_none_or(|z| z == zero_dark))
        .filter(move |spec| role >= spec.role)
        .filter(move |spec| match spec.words.first() {
            Some(&"k9") => expansions.iter().any(|e| e == "k9"),
            Some(&"medal") => expansions.iter().any(|e| e == "medals"),
            _ => true,
        })
}

/// A command line a form made, with the files it names.
pub struct Line {
    pub args: Vec<String>,
    pub files: BTreeMap<String, String>,
}

/// A refused form's message and the field it is about, if one.
pub struct Unfit {
    pub field: Option<&'static str>,
    pub message: String,
}

/// The values sent under `name`, trimmed, in order.
fn sent<'a>(values: &'a [(String, String)], name: &'a str) -> impl Iterator<Item = &'a str> {
    values
        .iter()
        .filter(move |(n, _)| n == name)
        .map(|(_, v)| v.trim())
}

/// The command line `spec` makes of the sent `values`, or what is missing. Persuade's hero and
/// bogey names and counts share a field name, so a field's values are taken in order.
pub fn command_line(spec: &Spec, values: &[(String, String)]) -> Result<Line, Unfit> {
    let mut taken: HashMap<&str, usize> = HashMap::new();
    let mut flags = Vec::new();
    let mut words = Vec::new();
    // A command line of its own (amend's COMMAND), which only `--` may precede.
    let mut line = Vec::new();
    let mut files = BTreeMap::new();
    for field in spec.fields {
        let unfit = |message: String| Unfit {
            field: Some(field.name),
            message,
        };
        if let Place::Each(flag) = field.place {
            flags.extend(
                sent(values, field.name)
                    .filter(|v| !v.is_empty())
                    .map(|v| format!("--{flag}={v}")),
            );
            continue;
        }
        let nth = taken.entry(field.name).or_insert(0);
        let value = sent(values, field.name).nth(*nth).unwrap_or("");
        *nth += 1;
        if value.is_empty() {
            if field.required {
                return Err(unfit(format!("{}: '{}' is needed", spec.title, field.label)));
            }
            continue;
        }
        if let Input::Choice(options) = field.input
            && !options.contains(&value)
        {
            return Err(unfit(format!(
                "{}: '{}' is one of {}",
                spec.title,
                field.label,
                options.join(", ")
            )));
        }
        match field.place {
            Place::Word => words.push(value.to_owned()),
            Place::Flag(flag) => flags.push(format!("--{flag}={value}")),
            Place::Switch(flag) => flags.push(format!("--{flag}")),
            Place::File(flag) => {
                files.insert(SENT_FILE.to_owned(), value.to_owned());
                if flag.is_empty() {
                    words.push(SENT_FILE.to_owned());
                } else {
                    flags.push(format!("--{flag}={SENT_FILE}"));
                }
            }
            Place::Words => {
                let split = shell_words::split(value).map_err(|e| {
                    unfit(format!(
                        "{}: '{}' is a command as you would type it after `muster` ({e})",
                        spec.title, field.label
                    ))
                })?;
                line.extend(split);
            }
            Place::Items => words.extend(
                value
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|item| !item.is_empty())
                    .map(str::to_owned),
            ),
            Place::Listed(flag) => flags.extend(
                value
                    .split(',')
                    .map(str::trim)
                    .filter(|item| !item.is_empty())
                    .map(|item| format!("--{flag}={item}")),
            ),
            Place::Each(_) => {}
        }
    }
    let mut args: Vec<String> = spec.words.iter().map(|w| (*w).to_owned()).collect();
    args.extend(flags);
    // The words go after `--`, so a value such as `-2` is never read as a flag; but a command
    // taking a line of its own there (amend: `amend VERSION --why TEXT -- COMMAND…`) takes
    // its words before it. `--json` stands before `--`, where it is a flag.
    let (before, after) = if line.is_empty() {
        (Vec::new(), words)
    } else {
        (words, line)
    };
    args.extend(before);
    if !after.is_empty() {
        args.push("--json".to_owned());
        args.push("--".to_owned());
        args.extend(after);
    }
    Ok(Line { args, files })
}
