//! What a form is: its fields, each with where its value goes on the command line and what it
//! asks for, and the fields several forms share.

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
    /// Positional words, several in one text parted by commas or spaces (`cold:6, hot:5`).
    Items,
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
    /// The face of the die a pick among those the rules name rolls (a Medal's recipient): its
    /// keypad has the faces the offer of the command has now; without one, muster rolls.
    Pick,
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
    /// The campaigns it is asked in.
    pub only: Only,
}

/// Which campaigns a field of a form shared by the games is asked in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Only {
    Any,
    /// Warfighter's games (Multiple Objectives, an RP award).
    Warfighter,
    /// A campaign using K9 & Handlers.
    K9,
    /// Horizon Wars: Zero Dark (a hero's stats and specialism).
    ZeroDark,
}

impl Field {
    /// This field, asked only in the campaigns `only` names.
    pub const fn only(self, only: Only) -> Field {
        Field { only, ..self }
    }

    /// Whether it is asked in a campaign of Zero Dark (or not) using the `expansions`.
    pub fn asked(&self, zero_dark: bool, expansions: &[String]) -> bool {
        match self.only {
            Only::Any => true,
            Only::Warfighter => !zero_dark,
            Only::K9 => expansions.iter().any(|e| e == "k9"),
            Only::ZeroDark => zero_dark,
        }
    }
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

impl Group {
    /// The heading of the page's section that holds this group's forms.
    pub fn title(self) -> &'static str {
        match self {
            Group::Play => "Record any play",
            Group::Mission => "The Mission",
            Group::Squad => "The squad: enlisting, RP, Medals",
            Group::Corrections => "Corrections",
        }
    }
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

impl Place {
    /// The flag a field in this place is given with on the command line, if one.
    pub fn flag(self) -> Option<&'static str> {
        match self {
            Place::Flag(flag)
            | Place::Switch(flag)
            | Place::Each(flag)
            | Place::Listed(flag)
            | Place::File(flag)
                if !flag.is_empty() =>
            {
                Some(flag)
            }
            _ => None,
        }
    }
}

/// Whether the text at `at` in a refusal is muster's own words: not inside a command line in
/// backticks (an example, `muster void 12 --why TEXT`) nor the start of a value it quotes
/// (`no Soldier named '--why'`).
pub fn said_by_muster(message: &str, at: usize) -> bool {
    let before = &message[..at];
    before.matches('`').count() % 2 == 0 && !before.ends_with('\'')
}

impl Spec {
    /// The field whose flag a refusal names (`--mod: '2 kit' is not accepted…`), so the page
    /// marks and focuses that field rather than the form's first.
    pub fn field_named_in(&self, message: &str) -> Option<&'static str> {
        self.fields.iter().find_map(|field| {
            let flag = field.place.flag()?;
            let named = message.match_indices(&format!("--{flag}")).any(|(at, found)| {
                // `--mod`, not the start of `--mode`; in muster's words, not in a value.
                !message[at + found.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
                    && said_by_muster(message, at)
            });
            named.then_some(field.name)
        })
    }
}

/// A player's form of `group`, for Warfighter (`Some(false)`), Zero Dark (`Some(true)`) or
/// both (`None`).
pub const fn spec(
    cmd: &'static str,
    title: &'static str,
    words: &'static [&'static str],
    fields: &'static [Field],
    group: Group,
    zero_dark: Option<bool>,
) -> Spec {
    Spec {
        cmd,
        title,
        words,
        fields,
        group,
        role: Role::Player,
        zero_dark,
    }
}

pub const fn field(
    name: &'static str,
    label: &'static str,
    place: Place,
    input: Input,
    required: bool,
) -> Field {
    Field {
        name,
        label,
        place,
        input,
        required,
        only: Only::Any,
    }
}
pub const fn word(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Word, Input::Text, required)
}
pub const fn number(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Word, Input::Number, required)
}
pub const fn flag(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Flag(name), Input::Text, required)
}
pub const fn flag_number(name: &'static str, label: &'static str, required: bool) -> Field {
    field(name, label, Place::Flag(name), Input::Number, required)
}
pub const fn choice(
    name: &'static str,
    label: &'static str,
    place: Place,
    options: &'static [&'static str],
) -> Field {
    field(name, label, place, Input::Choice(options), true)
}
pub const fn switch(name: &'static str, label: &'static str) -> Field {
    field(name, label, Place::Switch(name), Input::Switch, false)
}

pub const SOLDIER: Field = field("soldier", "Soldier", Place::Word, Input::Soldier, true);
pub const AMOUNT: Field = number("n", "Amount (1)", false);
pub const DIE: Field = field("die", "Die", Place::Flag("die"), Input::Die, false);
pub const PICK: Field = field("die", "Die", Place::Flag("die"), Input::Pick, false);
pub const WHY: Field = flag("why", "Why", true);
pub const CHANGE: Field = field("amount", "Change (+1, -1)", Place::Word, Input::Change, true);
pub const MEDAL: Field = word("medal", "Medal", true);
pub const VERSION: Field = field("version", "Version", Place::Word, Input::Version, true);

/// The name a sent file's text is kept under for the command that reads it.
pub const SENT_FILE: &str = "sent.json";
