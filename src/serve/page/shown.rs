//! The page's forms as the template draws them, grouped as the page shows them, with a
//! refused form's message at it, its values kept and the field it is about marked.

use axum::http::StatusCode;
use muster::app::Role;
use muster::domain::Game;
use muster::domain::soldier::Status;
use muster::projection::roster::Roster;
use muster::query::Offer;

use super::specs::{self, Input, Spec};

/// A refused form: the status answered, the form it came from, the field it is about and
/// muster's message, with the values sent (shown again in their fields).
pub struct Refusal {
    pub status: StatusCode,
    pub cmd: &'static str,
    pub field: Option<&'static str>,
    pub message: String,
    pub values: Vec<(String, String)>,
}

/// A group of forms, one tap away from the cards.
pub struct Group {
    pub id: &'static str,
    pub title: &'static str,
    pub forms: Vec<FormView>,
    /// True when a refused form is in it: the group is shown open.
    pub open: bool,
    /// The forms folded away after the others: with no Mission in progress, the Mission's
    /// own (its turn, its end, its steps), so starting one leads.
    pub later: Vec<FormView>,
    /// True when a refused form is among those folded away: they are shown open.
    pub later_open: bool,
}

/// One form as the template shows it.
pub struct FormView {
    pub cmd: &'static str,
    pub title: &'static str,
    pub fields: Vec<FieldView>,
    /// The sides of the die the form rolls, when it rolls one: its keypad records a face on
    /// one tap.
    pub keypad: Option<u8>,
    pub message: String,
}

/// One field as the template shows it.
pub struct FieldView {
    pub id: String,
    pub name: &'static str,
    pub label: String,
    /// How it is drawn: `text`, `number`, `change`, `soldier`, `soldiers`, `choice`,
    /// `switch`, `file`, `version`.
    pub input: &'static str,
    pub options: Vec<String>,
    pub required: bool,
    /// The value sent with a refused form, kept.
    pub value: String,
    /// True for the field a refusal is about.
    pub invalid: bool,
}

fn input_word(input: Input) -> &'static str {
    match input {
        Input::Text => "text",
        Input::Number => "number",
        Input::Change => "change",
        Input::Die | Input::Pick => "die",
        Input::Soldier => "soldier",
        Input::Soldiers => "soldiers",
        Input::Choice(_) => "choice",
        Input::Switch => "switch",
        Input::CardFile => "file",
        Input::Version => "version",
    }
}

/// The campaign a form is drawn for: its game, the expansions it uses, its Soldiers' names
/// (and of those the ones still serving) and what the rules offer now.
struct Drawn<'a> {
    zero_dark: bool,
    expansions: &'a [String],
    names: &'a [String],
    /// Those neither Killed nor discharged: a closed record never goes on a Mission again,
    /// so the boxes of Soldiers to take leave them out.
    serving: &'a [String],
    offers: &'a [Offer],
}

/// A label in the campaign's words: Zero Dark's heroes where Warfighter has Soldiers.
fn in_the_games_words(label: &str, zero_dark: bool) -> String {
    match zero_dark {
        true => label.replace("Soldiers", "Heroes").replace("Soldier", "Hero"),
        false => label.to_owned(),
    }
}

fn view(spec: &'static Spec, drawn: &Drawn<'_>, refusal: Option<&Refusal>) -> FormView {
    let refused = refusal
        .filter(|r| r.cmd == spec.cmd)
        .map(|r| (r.values.as_slice(), r.field, r.message.as_str()));
    filled(spec, drawn, refused)
}

/// What a form is drawn with: the values in its fields, the field a refusal is about and
/// the refusal's message.
type Kept<'a> = (&'a [(String, String)], Option<&'a str>, &'a str);

/// `spec`'s form with the values `refused` keeps in its fields, and its refusal at it.
fn filled(spec: &'static Spec, drawn: &Drawn<'_>, refused: Option<Kept<'_>>) -> FormView {
    let names = drawn.names;
    let fields = spec
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            !matches!(f.input, Input::Die | Input::Pick) && f.asked(drawn.zero_dark, drawn.expansions)
        })
        .map(|(i, f)| FieldView {
            id: format!("f-{}-{}-{i}", spec.cmd, f.name),
            name: f.name,
            label: in_the_games_words(f.label, drawn.zero_dark),
            input: input_word(f.input),
            options: match f.input {
                Input::Choice(options) => options
                    .iter()
                    .filter(|o| of_this_campaign(f.name, o, drawn))
                    .map(|o| (*o).to_owned())
                    .collect(),
                Input::Soldier => names.to_vec(),
                Input::Soldiers => drawn.serving.to_vec(),
                _ => Vec::new(),
            },
            required: f.required,
            value: refused
                .and_then(|(values, ..)| values.iter().find(|(n, _)| n == f.name))
                .map(|(_, v)| v.clone())
                .unwrap_or_default(),
            invalid: refused.is_some_and(|(_, field, _)| field == Some(f.name)),
        })
        .collect();
    FormView {
        cmd: spec.cmd,
        title: spec.title,
        fields,
        keypad: spec.fields.iter().find_map(|f| match f.input {
            Input::Die => Some(10),
            Input::Pick => picked_with(spec, drawn.offers),
            _ => None,
        }),
        message: refused
            .map(|(_, _, message)| message.to_owned())
            .unwrap_or_default(),
    }
}

/// Whether the choice `option` of the field `name` is one this campaign has: a Soldier's kind
/// is a hero in Zero Dark, a K9 with K9 & Handlers, and another kind in Warfighter.
fn of_this_campaign(name: &str, option: &str, drawn: &Drawn<'_>) -> bool {
    match (name, option) {
        ("kind", "hero") => drawn.zero_dark,
        ("kind", "k9") => !drawn.zero_dark && drawn.expansions.iter().any(|e| e == "k9"),
        ("kind", _) => !drawn.zero_dark,
        _ => true,
    }
}

/// The sides of the die a pick of `spec`'s command rolls now, as the rules' offer of it says
/// (as many as those it picks among); `None` when they offer none, and muster rolls.
fn picked_with(spec: &Spec, offers: &[Offer]) -> Option<u8> {
    offers
        .iter()
        .filter(|o| {
            o.refused.is_none()
                && o.args.len() >= spec.words.len()
                && o.args.iter().zip(spec.words).all(|(a, w)| a == w)
        })
        .find_map(|o| match o.sides[..] {
            [sides] => Some(sides),
            _ => None,
        })
}

/// The corrections `role` may give of the command that wrote `version`, its version filled
/// in: a gm's void and amendment, or a player's undo of a command the caller sent (`mine`).
pub fn corrections(version: u64, role: Role, mine: bool) -> Vec<FormView> {
    let drawn = Drawn {
        zero_dark: false,
        expansions: &[],
        names: &[],
        serving: &[],
        offers: &[],
    };
    let values = [("version".to_owned(), version.to_string())];
    specs::all()
        .filter(|spec| spec.group == specs::Group::Corrections && role >= spec.role)
        .filter(|spec| match role >= Role::Gm {
            true => spec.role >= Role::Gm,
            false => mine,
        })
        .map(|spec| filled(spec, &drawn, Some((&values, None, ""))))
        .collect()
}

/// The groups of forms `role` may record in `roster`'s campaign (a pick's keypad from the
/// rules' `offers`), the status the page is answered with, and a refusal's message when its form is not among them.
pub fn groups(
    (roster, offers): (&Roster, &[Offer]),
    expansions: &[String],
    role: Role,
    refusal: Option<Refusal>,
) -> (StatusCode, String, Vec<Group>) {
    let names: Vec<String> = roster.soldiers.iter().map(|s| s.name.clone()).collect();
    let serving: Vec<String> = roster
        .soldiers
        .iter()
        .filter(|s| !matches!(s.status, Status::Kia | Status::Discharged))
        .map(|s| s.name.clone())
        .collect();
    let drawn = Drawn {
        zero_dark: roster.game == Game::ZeroDark,
        expansions,
        names: &names,
        serving: &serving,
        offers,
    };
    let refusal = refusal.as_ref();
    let groups: Vec<Group> = [
        (specs::Group::Play, "play"),
        (specs::Group::Mission, "mission"),
        (specs::Group::Squad, "squad"),
        (specs::Group::Corrections, "corrections"),
    ]
    .into_iter()
    .map(|(group, id)| {
        let forms: Vec<FormView> = if role >= Role::Player {
            specs::forms_for(roster.game == Game::ZeroDark, expansions, role)
                .filter(|spec| spec.group == group)
                .map(|spec| view(spec, &drawn, refusal))
                .collect()
        } else {
            Vec::new()
        };
        // With no Mission in progress, starting one is what comes next: its section is open,
        // Start a Mission leads it, and the forms of a Mission under way are folded after it.
        let next = group == specs::Group::Mission && roster.mission.is_none();
        let (forms, later): (Vec<FormView>, Vec<FormView>) = match next {
            true => forms.into_iter().partition(|f| f.cmd == "mission-start"),
            false => (forms, Vec::new()),
        };
        Group {
            id,
            title: match (group, drawn.zero_dark) {
                (specs::Group::Squad, true) => "The team: enlisting heroes",
                _ => group.title(),
            },
            open: next || forms.iter().chain(&later).any(|f| !f.message.is_empty()),
            later_open: later.iter().any(|f| !f.message.is_empty()),
            forms,
            later,
        }
    })
    .filter(|g| !g.forms.is_empty() || !g.later.is_empty())
    .collect();
    let placed = groups
        .iter()
        .any(|g| g.forms.iter().chain(&g.later).any(|f| !f.message.is_empty()));
    match refusal {
        Some(r) => (
            r.status,
            if placed { String::new() } else { r.message.clone() },
            groups,
        ),
        None => (StatusCode::OK, String::new(), groups),
    }
}
