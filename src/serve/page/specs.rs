//! The forms the page offers: for each, the command's words and a fixed list of fields, each
//! placed on the command line as a word, a `--flag=VALUE`, a switch, a flag per ticked box, a
//! file or the words of a command; one list for Warfighter's games and Zero Dark's.

mod campaign;
mod warfighter;
mod zero_dark;

use std::collections::{BTreeMap, HashMap};

use muster::app::Role;

/// How a field's value joins the command line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A positional word, after `--` so it is never read as a flag.
    Word,
    /// `--flag=VALUE`, one word.
    Flag(&'static str),
    /// A checkbox: `--flag` when ticked.
    Switch(&'static str),
    /// `--flag=VALUE` for each value sent under the field's name (a box per Soldier).
    Each(&'static str),
    /// `--flag=ITEM` for each item of one text, the items parted by commas.
    Listed(&'static str),
    /// A file's text, kept under a fixed name and given as `--flag=NAME` (as a word when the
    /// flag is empty).
    File(&'static str),
    /// A command typed as words (amend's), split as a shell would, after `--`.
    Words,
}

/// What a field asks for, which says how the page draws it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Text,
    /// A whole number: a numeric keypad.
    Number,
    /// A change such as `+1` or `-2`.
    Change,
    /// A d10's face: the 1–10 keypad, each key recording on one tap; blank, muster rolls.
    Die,
    /// One Soldier of the roster.
    Soldier,
    /// Any of the roster's Soldiers, a box each.
    Soldiers,
    /// One of a fixed list.
    Choice(&'static [&'static str]),
    /// A checkbox.
    Switch,
    /// A card file, picked on the phone (or its text pasted).
    CardFile,
    /// A version as the log prints it.
    Version,
}

/// One field of a form.
pub struct Field {
    pub name: &'static str,
    pub label: &'static str,
    pub place: Place,
    pub input: Input,
    pub required: bool,
}

/// Where a form sits on the page.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    /// On a Soldier's card, or in the Mission's strip.
    Play,
    /// Starting and ending Missions, Environments, Objectives.
    Mission,
    /// Enlisting, RP, Hardy, Medals outside play.
    Squad,
    /// Taking back or correcting a command.
    Corrections,
}

/// One form: the command's words and its fields in order.
pub struct Spec {
    pub cmd: &'static str,
    pub title: &'static str,
    pub words: &'static [&'static str],
    pub fields: &'static [Field],
    pub group: Group,
    /// The least role that may record it (the command's own check decides too).
    pub role: Role,
    /// True for Zero Dark's forms, false for Warfighter's; `None` for both.
    pub zero_dark: Option<bool>,
}

const fn field(name: &'static str, label: &'static str, place: Place, input: Input, required: bool) -> Field {
    Field {
        name,
        label,
        place,
        input,
        required,
    }
}
const fn word(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Word, Input::Text, required)
}
const fn number(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Word, Input::Number, required)
}
const fn flag(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Flag(name), Input::Text, required)
}
const fn flag_number(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Flag(name), Input::Number, required)
}
const fn choice(
    name: &'static str,
    label: &'static str,
    place: Place,
    options: &'static [&'static str],
) -> Field {
    field(name, label, place, Input::Choice(options), true)
}
const fn switch(name: &'static str, label: &'static str) -> Field {
    field(name, label, Place::Switch(name), Input::Switch, false)
}

const SOLDIER: Field = field("soldier", "Soldier", Place::Word, Input::Soldier, true);
const AMOUNT: Field = number("n", "Amount (1)", false);
const DIE: Field = field("die", "Die", Place::Flag("die"), Input::Die, false);
const WHY: Field = flag("why", "Why", true);
const CHANGE: Field = field("amount", "Change (+1, -1)", Place::Word, Input::Change, true);
const MEDAL: Field = word("medal", "Medal", true);
const VERSION: Field = field("version", "Version", Place::Word, Input::Version, true);

/// The name a sent file's text is kept under for the command that reads it.
pub const SENT_FILE: &str = "sent.json";

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
                words.extend(split);
            }
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
    if !words.is_empty() {
        // The runner adds `--json` at the end unless the line has it: before `--`, it is a flag.
        args.push("--json".to_owned());
        args.push("--".to_owned());
        args.extend(words);
    }
    Ok(Line { args, files })
}
