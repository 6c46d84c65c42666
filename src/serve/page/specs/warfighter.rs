//! Warfighter's forms: a Soldier's Wounds, Suppress, Hardy and status, checks and rolls, EKIA
//! and Suppressions on Hostiles, RP and RP cards, K9 Encounters and Medals.

use super::form::{
    AMOUNT, DIE, Field, Group, Input, MEDAL, PICK, Place, SOLDIER, Spec, WHY, choice, field, flag,
    flag_number, number, spec, switch, word,
};

const fn form(
    cmd: &'static str,
    title: &'static str,
    words: &'static [&'static str],
    fields: &'static [Field],
    group: Group,
) -> Spec {
    spec(cmd, title, words, fields, group, Some(false))
}

const PAY: Field = field(
    "pay",
    "Pay",
    Place::Flag("pay"),
    Input::Choice(&["", "discipline", "xp", "discards"]),
    false,
);

/// The Environments declared, each `TYPE:TARGET`.
const ENVIRONMENTS: Field = field(
    "environments",
    "Environments (cold:6, hot:5)",
    Place::Items,
    Input::Text,
    true,
);

/// The kind of a card that adds to a Soldier's RP.
const RP_CARD: Field = choice(
    "kind",
    "Kind of card",
    Place::Word,
    &["skill", "equipment", "service-record"],
);

pub const FORMS: &[Spec] = &[
    form("wound", "Wound", &["wound"], &[SOLDIER, AMOUNT], Group::Play),
    form("heal", "Heal", &["heal"], &[SOLDIER, AMOUNT], Group::Play),
    form(
        "suppress",
        "Suppress",
        &["suppress"],
        &[SOLDIER, AMOUNT],
        Group::Play,
    ),
    form(
        "hardy",
        "Hardy",
        &["hardy"],
        &[
            SOLDIER,
            word("hardy", "Hardy type (cold, hot, any…)", true),
            field("amount", "Change (+1, -1)", Place::Word, Input::Change, true),
            WHY,
        ],
        Group::Play,
    ),
    form("down", "Down", &["down"], &[SOLDIER], Group::Play),
    form("recover", "Recover", &["recover"], &[SOLDIER], Group::Play),
    form("kill", "KIA", &["kill"], &[SOLDIER], Group::Play),
    form(
        "check",
        "Ability check",
        &["check"],
        &[
            SOLDIER,
            word("ability", "Ability", true),
            flag("mod", "Modifier (N:WHY)", false),
            flag("on", "On card", false),
            switch("fail", "A Fail heading: rolled on entering"),
            switch("trap", "A Trap: without the ability, its face is taken as 1"),
            switch("upgunned", "Upgunned: the [bracket] target"),
            DIE,
        ],
        Group::Play,
    ),
    form(
        "environ",
        "Environ roll",
        &["environ"],
        &[
            SOLDIER,
            word("environment", "Environ type", true),
            number("target", "Target", true),
            DIE,
        ],
        Group::Play,
    ),
    form(
        "resolve",
        "Resolve a failed Environ",
        &["resolve"],
        &[
            SOLDIER,
            choice("choice", "Gives up", Place::Word, &["hardy", "wound", "suppress"]),
            switch("any", "With hardy: his Hardy Any counter"),
        ],
        Group::Play,
    ),
    form(
        "environ-declare",
        "Environments in force: declare",
        &["environ", "declare"],
        &[
            switch("mission", "The Mission's own (until it ends)"),
            flag("location", "Or a Location's: its name", false),
            flag("event", "Or an Event's: its name", false),
            ENVIRONMENTS,
        ],
        Group::Mission,
    ),
    form(
        "environ-clear",
        "Environments in force: end",
        &["environ", "clear"],
        &[
            switch("mission", "The Mission's own"),
            flag("location", "Or the Location left: its name", false),
            flag("event", "Or the Event ended: its name", false),
            field(
                "environments",
                "Which (cold:6, hot:5; none: every one of that source)",
                Place::Items,
                Input::Text,
                false,
            ),
        ],
        Group::Mission,
    ),
    form(
        "ekia",
        "EKIA",
        &["ekia"],
        &[
            SOLDIER,
            flag("hostile", "Hostile", true),
            flag_number("value", "Value", true),
        ],
        Group::Play,
    ),
    // Rule 004: an Eliminate Medal watches who places a Suppression on its Hostile.
    form(
        "suppress-hostile",
        "Suppress a Hostile",
        &["suppress-hostile"],
        &[SOLDIER, flag("hostile", "Hostile card (Sniper)", true)],
        Group::Play,
    ),
    form(
        "rp-grant",
        "RP: grant to the bank",
        &["rp", "grant"],
        &[number("amount", "RP", true), WHY],
        Group::Squad,
    ),
    form(
        "rp-spend",
        "RP: spend from the bank",
        &["rp", "spend"],
        &[number("amount", "RP", true), WHY],
        Group::Squad,
    ),
    form(
        "rp-card-gain",
        "RP card: gained",
        &["rp-card", "gain"],
        &[
            SOLDIER,
            RP_CARD,
            word("name", "The card's name", true),
            flag_number("rp", "Its RP", true),
        ],
        Group::Squad,
    ),
    form(
        "rp-card-lose",
        "RP card: lost",
        &["rp-card", "lose"],
        &[SOLDIER, RP_CARD, word("name", "The card's name", true)],
        Group::Squad,
    ),
    form(
        "k9-draw",
        "K9: draw an Encounter",
        &["k9", "draw"],
        &[
            field(
                "card",
                "Encounter card file",
                Place::File(""),
                Input::CardFile,
                true,
            ),
            flag(
                "first",
                "Who Entered first, if not the Handler and his K9 (the rolls then fail)",
                false,
            ),
        ],
        Group::Play,
    ),
    form(
        "k9-ignore",
        "K9: ignore the Encounter",
        &["k9", "ignore"],
        &[DIE],
        Group::Play,
    ),
    form(
        "k9-roll",
        "K9: the Encounter's next roll",
        &["k9", "roll"],
        &[PAY, DIE],
        Group::Play,
    ),
    form(
        "k9-accept",
        "K9: suffer the Failure",
        &["k9", "accept"],
        &[],
        Group::Play,
    ),
    form(
        "k9-retry",
        "K9: retry, risking the major harm",
        &["k9", "retry"],
        &[PAY, DIE],
        Group::Play,
    ),
    form(
        "k9-objective",
        "K9: Objective resolved (ends the Mission: a success)",
        &["k9", "objective"],
        &[],
        Group::Mission,
    ),
    form(
        "medal-draw",
        "Medal: draw",
        &["medal", "draw"],
        &[
            MEDAL,
            flag("trigger", "Trigger", true),
            flag("hostile", "Hostile (Eliminate)", false),
        ],
        Group::Mission,
    ),
    form(
        "medal-recipient",
        "Medal: choose the recipient",
        &["medal", "recipient"],
        &[MEDAL, PICK],
        Group::Mission,
    ),
    form(
        "medal-earn",
        "Medal: earned",
        &["medal", "earn"],
        &[MEDAL],
        Group::Mission,
    ),
    form(
        "medal-lose",
        "Medal: not earned",
        &["medal", "lose"],
        &[MEDAL, WHY, switch("discard", "Discard it")],
        Group::Mission,
    ),
    form(
        "medal-award",
        "Medal: award a sticker",
        &["medal", "award"],
        &[SOLDIER, MEDAL, flag_number("rp", "Its RP", true), WHY],
        Group::Squad,
    ),
    form(
        "medal-reshuffle",
        "Medal: shuffle the discards back into the deck",
        &["medal", "reshuffle"],
        &[],
        Group::Squad,
    ),
    form(
        "medal-deck",
        "Medal: shuffle the Nation's deck",
        &["medal", "deck"],
        &[field("deck", "Deck file", Place::File(""), Input::CardFile, true)],
        Group::Squad,
    ),
];
