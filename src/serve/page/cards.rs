//! The play page's Soldier cards, drawn from the roster line's description: the title and its
//! badges, each number with its −/+ where a table changes it during a Mission, the entries,
//! and the rest of the card, opened in place.

use muster::domain::Game;
use muster::projection::roster::SoldierLine;
use muster::projection::roster_line::{Cell, Field, Kind, Shown, cells};
use muster::query::Offer;

use super::now::{OfferView, view};

/// One Soldier's card.
pub struct Card {
    pub name: String,
    pub link: String,
    pub note: String,
    pub badges: Vec<String>,
    pub numbers: Vec<Number>,
    /// The lists and texts on the card's face (Hardy only when he has any).
    pub entries: Vec<(&'static str, String)>,
    /// The rest of the card, shown when it is opened.
    pub record: Vec<(&'static str, String)>,
    /// Buttons for his status: Down, Recover; KIA behind a confirmation.
    pub status: Vec<Step>,
    pub kia: bool,
    /// Killed or discharged: his record is closed, so his card offers nothing to record.
    pub closed: bool,
    /// A warning when his Wounds reached his Health and the rules allow what comes next.
    pub warning: String,
    /// What the rules allow next for him alone (Downed, Killed in Action once his Wounds
    /// reached his Health), in place of his status buttons.
    pub next: Vec<OfferView>,
    /// The abilities a check may name, lowercase; empty for a hero.
    pub abilities: Vec<String>,
    /// The Hardy types he holds, for the −/+ of each.
    pub hardy: Vec<(String, u32)>,
}

/// One number on a card's face, with its steps.
pub struct Number {
    pub key: &'static str,
    pub heading: &'static str,
    pub text: String,
    pub down: Option<Step>,
    pub up: Option<Step>,
    /// True when a step needs a reason kept in the log (XP).
    pub why: bool,
}

/// A one-tap button on a card: the command it records for him (his card's form sends his
/// name and an amount of 1; XP's own form sends its amount and reason).
pub struct Step {
    pub cmd: &'static str,
    pub label: &'static str,
    /// Said to a screen reader: `Wound Wong once`.
    pub says: String,
    pub disabled: bool,
}

fn step(cmd: &'static str, label: &'static str, says: String) -> Step {
    Step {
        cmd,
        label,
        says,
        disabled: false,
    }
}

/// `soldier`'s card in `game`, with what the rules' `offers` allow for him alone; `on` says
/// whether he is on the Mission in progress, where alone Suppress lands.
pub fn card((game, on): (Game, bool), soldier: &SoldierLine, offers: &[Offer]) -> Card {
    let cells = cells(game, soldier);
    let name = soldier.name.clone();
    let shown = |place: Shown| cells.iter().filter(move |c| c.column.shown == place);
    let next: Vec<OfferView> = offers
        .iter()
        .filter(|o| o.soldier.as_deref() == Some(name.as_str()) && o.refused.is_none())
        .map(|o| {
            // The warning above says why ("Wounds reached his Health"); the button says what.
            let mut shown = view(o, offers);
            if let Some((_, what)) = shown.label.rsplit_once(": ") {
                shown.label = what.to_owned();
            }
            // Owed now offers it too, under the offer's own id.
            shown.id = format!("card-{}", shown.id);
            shown
        })
        .collect();
    let warning = match next.is_empty() {
        true => String::new(),
        false => format!("{name}'s Wounds reached his Health: the rules allow what comes next"),
    };
    // A number the Soldier does not have (a Discipline without a K9's card) is left off his
    // card's face.
    let numbers = shown(Shown::Number)
        .filter(|c| !c.is_empty())
        .map(|c| {
            let (down, mut up, why) = steps(c, &name);
            // Rule: Suppress lands only on a Soldier taken on the Mission in progress.
            if let Some(up) = up.as_mut().filter(|_| c.column.field == Field::Suppress && !on) {
                up.disabled = true;
                up.says = format!("{name} is not on the Mission in progress: no Suppress lands on him");
            }
            Number {
                key: c.column.key,
                heading: c.column.heading,
                text: value(c),
                down,
                up,
                why,
            }
        })
        .collect();
    let status = shown(Shown::Badge)
        .filter(|c| c.column.field == Field::Status)
        .flat_map(|c| c.items.clone())
        .next()
        .unwrap_or_default();
    let hero = game == Game::ZeroDark;
    let mut buttons = Vec::new();
    // What the rules allow next at his Health takes the place of Down; a Downed Soldier may
    // still Recover from his card.
    if !hero {
        match status.as_str() {
            "active" if next.is_empty() => buttons.push(step("down", "Down", format!("{name} is Downed"))),
            "downed" => buttons.push(step("recover", "Recover", format!("{name} recovers"))),
            _ => {}
        }
    }
    Card {
        link: crate::url::segment(&name),
        note: shown(Shown::Title)
            .find_map(|c| c.note.clone())
            .unwrap_or_default(),
        badges: shown(Shown::Badge)
            .filter(|c| !c.is_empty())
            .map(Cell::text)
            .collect(),
        numbers,
        entries: shown(Shown::Entry)
            .filter(|c| !c.is_empty())
            .map(|c| (c.column.heading, c.text()))
            .collect(),
        record: shown(Shown::Record)
            .map(|c| (c.column.heading, value(c)))
            .collect(),
        kia: !hero && next.is_empty() && matches!(status.as_str(), "active" | "downed"),
        closed: matches!(status.as_str(), "kia" | "discharged"),
        status: buttons,
        warning,
        next,
        abilities: soldier.abilities.keys().cloned().collect(),
        hardy: soldier.hardy.iter().map(|(k, n)| (k.clone(), *n)).collect(),
        name,
    }
}

/// A cell as the card prints it (`2 of 3` where the card bounds it, as the table), a dash for
/// none.
fn value(c: &Cell) -> String {
    match c.is_empty() {
        true => "–".to_owned(),
        false => c.text(),
    }
}

/// The −/+ of a number a table changes during a Mission, and whether they need a reason.
fn steps(c: &Cell, name: &str) -> (Option<Step>, Option<Step>, bool) {
    if !c.column.tally || c.column.kind != Kind::Count {
        return (None, None, false);
    }
    let n = c.count.unwrap_or(0);
    match c.column.field {
        Field::Wounds => {
            let mut heal = step("heal", "−", format!("Heal one of {name}'s Wounds"));
            heal.disabled = n == 0;
            let mut wound = step("wound", "+", format!("Wound {name} once"));
            wound.disabled = c.most.is_some_and(|most| n >= most);
            (Some(heal), Some(wound), false)
        }
        Field::Suppress => (
            None,
            Some(step("suppress", "+", format!("Suppress {name} once"))),
            false,
        ),
        Field::Xp => {
            let mut spend = step("xp", "−", format!("Take one XP from {name}"));
            spend.disabled = n == 0;
            let gain = step("xp", "+", format!("Give {name} one XP"));
            (Some(spend), Some(gain), true)
        }
        _ => (None, None, false),
    }
}
