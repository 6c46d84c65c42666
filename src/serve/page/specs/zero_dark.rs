//! Zero Dark's forms: a hero's state, the Red Force's bogeys placed, targeted, down and dead,
//! the Spook's task and Buy Time with its Control Deck cards, persuasion and Allies.

use muster::domain::zero_dark::HERO_STATES;

use super::form::{
    Field, Group, Input, Place, Spec, choice, field, flag, flag_number, number, spec, switch, word,
};

const fn form(
    cmd: &'static str,
    title: &'static str,
    words: &'static [&'static str],
    fields: &'static [Field],
    group: Group,
) -> Spec {
    spec(cmd, title, words, fields, group, Some(true))
}

/// A hero of the roster, by name, as the command's first word.
const HERO: Field = field("hero", "Hero", Place::Word, Input::Soldier, true);
/// The hero who acts on a bogey (`--by`).
const BY: Field = field("by", "By hero", Place::Flag("by"), Input::Soldier, true);
const BOGEY: Field = word("bogey", "Bogey", true);
const ALLY: Field = word("ally", "His Ally", true);

pub const FORMS: &[Spec] = &[
    form(
        "hero-state",
        "Hero state",
        &["hero-state"],
        &[
            HERO,
            choice("state", "State", Place::Word, &HERO_STATES),
            number("n", "Wounds (with wounded)", false),
        ],
        Group::Play,
    ),
    form(
        "bogey-add",
        "Place a bogey",
        &["bogey", "add"],
        &[
            word("name", "Name (Grunt 2, The Colonel)", true),
            choice("type", "Type", Place::Flag("type"), &["grunt", "elite", "boss"]),
            switch("synthetic", "Synthetic (cannot be persuaded)"),
            switch("nemesis", "Nemesis"),
            switch("named", "Named"),
        ],
        Group::Play,
    ),
    form("target", "Target a bogey", &["target"], &[BOGEY, BY], Group::Play),
    form(
        "bogey-down",
        "Bogey down",
        &["bogey", "down"],
        &[BOGEY, BY],
        Group::Play,
    ),
    form(
        "bogey-dead",
        "Bogey dead",
        &["bogey", "dead"],
        &[BOGEY, BY],
        Group::Play,
    ),
    form(
        "spook-task",
        "Spook: priority task",
        &["spook", "task"],
        &[choice(
            "task",
            "Task",
            Place::Word,
            &["rescue", "assassination", "observation", "acquisition"],
        )],
        Group::Mission,
    ),
    form(
        "spook-buy-time",
        "Spook: Buy Time",
        &["spook", "buy-time"],
        &[
            switch("versus", "A Versus mission"),
            switch("opponent-buys", "Versus: the other side also bought time"),
            switch("opponent-only", "Versus: only the other side bought time"),
            flag_number("opponent-d", "Versus: the other Spook's D", false),
        ],
        Group::Mission,
    ),
    form(
        "spook-set-aside",
        "Buy Time: Control Deck cards set aside",
        &["spook", "set-aside"],
        &[number("n", "Cards flipped and set aside (1)", false)],
        Group::Play,
    ),
    form(
        "spook-deck-out",
        "Buy Time: the Control Deck ran out",
        &["spook", "deck-out"],
        &[],
        Group::Play,
    ),
    form(
        "spook-flip-set-aside",
        "Buy Time: set-aside cards flipped",
        &["spook", "flip-set-aside"],
        &[number("n", "Cards flipped (1)", false)],
        Group::Play,
    ),
    form(
        "spook-dead-drop",
        "Spook: dead-drop",
        &["spook", "dead-drop"],
        &[],
        Group::Mission,
    ),
    form(
        "spook-extracted",
        "Spook: agent extracted",
        &["spook", "extracted"],
        &[],
        Group::Mission,
    ),
    form(
        "persuade",
        "Persuade",
        &["persuade"],
        &[
            HERO,
            BOGEY,
            flag("hero", "Hero's successes", true),
            flag("bogey", "Bogey's successes", true),
            switch("hero-died", "Hero died"),
            field(
                "ally-to",
                "Ally to (hero died)",
                Place::Flag("ally-to"),
                Input::Soldier,
                false,
            ),
        ],
        Group::Play,
    ),
    form(
        "ally-dependent",
        "Ally: Dependent upgrade",
        &["ally", "dependent"],
        &[HERO, ALLY],
        Group::Play,
    ),
    form(
        "ally-strayed",
        "Ally: strayed more than 4\"",
        &["ally", "strayed"],
        &[HERO, ALLY],
        Group::Play,
    ),
];
