//! Zero Dark's forms: a hero's state, targeting, the Spook's task and persuasion.

use super::form::{DIE, Field, Group, Place, Spec, choice, flag, number, spec, switch, word};

const fn form(
    cmd: &'static str,
    title: &'static str,
    words: &'static [&'static str],
    fields: &'static [Field],
    group: Group,
) -> Spec {
    spec(cmd, title, words, fields, group, Some(true))
}

pub const FORMS: &[Spec] = &[
    form(
        "hero-state",
        "Hero state",
        &["hero-state"],
        &[
            word("hero", "Hero", true),
            choice(
                "state",
                "State",
                Place::Word,
                &[
                    "ready",
                    "targeted",
                    "wounded",
                    "stunned",
                    "down",
                    "dead",
                    "persuaded",
                    "captured",
                ],
            ),
            number("n", "Wounds (with wounded)", false),
        ],
        Group::Play,
    ),
    form(
        "target",
        "Target a bogey",
        &["target"],
        &[word("bogey", "Bogey", true), flag("by", "By hero", true)],
        Group::Play,
    ),
    form(
        "spook-task",
        "Spook: priority task",
        &["spook", "task"],
        &[
            choice(
                "task",
                "Task",
                Place::Word,
                &["rescue", "assassination", "observation", "acquisition"],
            ),
            DIE,
        ],
        Group::Mission,
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
            word("hero", "Hero", true),
            word("bogey", "Bogey", true),
            flag("hero", "Hero's successes", true),
            flag("bogey", "Bogey's successes", true),
            switch("hero-died", "Hero died"),
            flag("ally-to", "Ally to (hero died)", false),
        ],
        Group::Play,
    ),
];
