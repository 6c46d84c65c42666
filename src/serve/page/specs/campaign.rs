//! The forms of both games: the turn, Missions, XP, enlisting, and the corrections.

use muster::app::Role;

use super::form::{
    CHANGE, Field, Group, Input, Only, Place, SOLDIER, Spec, VERSION, WHY, choice, field, flag, flag_number,
    spec, switch, word,
};

const fn play(
    cmd: &'static str,
    title: &'static str,
    words: &'static [&'static str],
    fields: &'static [Field],
    group: Group,
) -> Spec {
    spec(cmd, title, words, fields, group, None)
}

pub const FORMS: &[Spec] = &[
    play("turn", "Next turn", &["turn"], &[], Group::Mission),
    play(
        "mission-start",
        "Start a Mission",
        &["mission", "start"],
        &[
            word("name", "Name", true),
            field(
                "with",
                "Soldiers on it (none ticked: every active one)",
                Place::Each("with"),
                Input::Soldiers,
                false,
            ),
            flag_number("objectives", "Objectives (Multiple Objectives)", false).only(Only::Warfighter),
            flag("k9-objective", "K9 Objective", false).only(Only::K9),
        ],
        Group::Mission,
    ),
    play(
        "mission-end",
        "End the Mission",
        &["mission", "end"],
        &[
            choice("result", "Result", Place::Flag("result"), &["success", "failure"]),
            flag_number("rp-award", "RP award", false).only(Only::Warfighter),
            flag("why", "Why (with an award)", false).only(Only::Warfighter),
        ],
        Group::Mission,
    ),
    play("xp", "XP", &["xp"], &[SOLDIER, CHANGE, WHY], Group::Play),
    play(
        "note",
        "Write a note",
        &["note"],
        &[
            word("text", "Note (up to 200 characters)", true),
            field(
                "soldier",
                "About a Soldier",
                Place::Flag("soldier"),
                Input::Soldier,
                false,
            ),
            flag_number("mission", "On Mission (default: the one in progress)", false),
        ],
        Group::Play,
    ),
    play(
        "enlist-card",
        "Enlist from the card",
        &["enlist"],
        &[
            word("name", "Name, as on the card", true),
            choice(
                "kind",
                "Kind",
                Place::Flag("kind"),
                &["player", "nps", "squad", "k9", "hero"],
            ),
            flag_number("rp", "RP", false).only(Only::Warfighter),
            flag_number("health", "Health", false).only(Only::Warfighter),
            field(
                "ability",
                "Abilities (handler=7, medic=6/4)",
                Place::Listed("ability"),
                Input::Text,
                false,
            )
            .only(Only::Warfighter),
            field(
                "keyword",
                "Keywords (enduring, fire)",
                Place::Listed("keyword"),
                Input::Text,
                false,
            )
            .only(Only::Warfighter),
            // Rule 002: a card may begin with Hardy counters, which its enlistment carries.
            field(
                "hardy",
                "Hardy counters (cold=1, hot=1)",
                Place::Listed("hardy"),
                Input::Text,
                false,
            )
            .only(Only::Warfighter),
            flag_number("discipline", "Discipline (a K9)", false).only(Only::K9),
            flag("handler", "Handler (a K9)", false).only(Only::K9),
            field(
                "stat",
                "Stats (M=3, F=2, A=4, D=3: a hero)",
                Place::Listed("stat"),
                Input::Text,
                false,
            )
            .only(Only::ZeroDark),
            flag("specialism", "Specialism (a hero)", false).only(Only::ZeroDark),
        ],
        Group::Squad,
    ),
    play(
        "enlist",
        "Enlist from a card file",
        &["enlist"],
        &[
            field("card", "Card file", Place::File("card"), Input::CardFile, true),
            flag("name", "Enlist under another name", false),
        ],
        Group::Squad,
    ),
    play(
        "undo",
        "Undo my command",
        &["undo"],
        &[VERSION, WHY],
        Group::Corrections,
    ),
    Spec {
        role: Role::Gm,
        ..play(
            "void",
            "Void a command (gm)",
            &["void"],
            &[VERSION, WHY, switch("cascade", "Also void what rests on it")],
            Group::Corrections,
        )
    },
    Spec {
        role: Role::Gm,
        ..play(
            "amend",
            "Amend a command (gm)",
            &["amend"],
            &[
                VERSION,
                WHY,
                field(
                    "command",
                    "The command as it should have been",
                    Place::Words,
                    Input::Text,
                    true,
                ),
            ],
            Group::Corrections,
        )
    },
];
