//! The forms the page offers: for each, the command's words and a fixed list of fields, each
//! placed on the command line as a word, a `--flag=VALUE` or a switch; one list for Warfighter's
//! games and Zero Dark's.

/// How a field's value joins the command line.
#[derive(Clone, Copy)]
pub enum Place {
    /// A positional word, after `--` so it is never read as a flag.
    Word,
    /// `--flag=VALUE`, one word.
    Flag(&'static str),
    /// A checkbox: `--flag` when ticked.
    Switch(&'static str),
}

/// One field of a form.
pub struct Field {
    pub name: &'static str,
    pub label: &'static str,
    pub place: Place,
    pub required: bool,
    /// The values a select offers; empty for a text box.
    pub options: &'static [&'static str],
}

/// One form: the command's words and its fields in order.
pub struct Spec {
    pub cmd: &'static str,
    pub title: &'static str,
    pub words: &'static [&'static str],
    pub fields: &'static [Field],
    /// True for Zero Dark's forms, false for Warfighter's; `None` for both.
    zero_dark: Option<bool>,
}

const fn word(name: &'static str, label: &'static str, required: bool) -> Field {
    Field {
        name,
        label,
        place: Place::Word,
        required,
        options: &[],
    }
}
const fn flag(name: &'static str, label: &'static str, required: bool) -> Field {
    Field {
        name,
        label,
        place: Place::Flag(name),
        required,
        options: &[],
    }
}
const fn choice(
    name: &'static str,
    label: &'static str,
    place: Place,
    options: &'static [&'static str],
) -> Field {
    Field {
        name,
        label,
        place,
        required: true,
        options,
    }
}
const fn switch(name: &'static str, label: &'static str) -> Field {
    Field {
        name,
        label,
        place: Place::Switch(name),
        required: false,
        options: &[],
    }
}

const SOLDIER: Field = word("soldier", "Soldier", true);
const AMOUNT: Field = word("n", "Amount (1)", false);
const DIE: Field = flag("die", "Die (blank: muster rolls)", false);
const WHY: Field = flag("why", "Why", true);
const MEDAL: Field = word("medal", "Medal", true);
const PAY: Field = Field {
    name: "pay",
    label: "Pay",
    place: Place::Flag("pay"),
    required: false,
    options: &["", "discipline", "xp", "discards"],
};

/// Every form the page offers, in the order shown.
pub const FORMS: &[Spec] = &[
    Spec {
        cmd: "turn",
        title: "Next turn",
        words: &["turn"],
        fields: &[],
        zero_dark: None,
    },
    Spec {
        cmd: "mission-start",
        title: "Start a Mission",
        words: &["mission", "start"],
        fields: &[
            word("name", "Name", true),
            flag("with", "Only with (one Soldier)", false),
            flag("objectives", "Objectives", false),
        ],
        zero_dark: None,
    },
    Spec {
        cmd: "mission-end",
        title: "End the Mission",
        words: &["mission", "end"],
        fields: &[
            choice("result", "Result", Place::Flag("result"), &["success", "failure"]),
            flag("rp-award", "RP award", false),
            flag("why", "Why (with an award)", false),
        ],
        zero_dark: None,
    },
    Spec {
        cmd: "wound",
        title: "Wound",
        words: &["wound"],
        fields: &[SOLDIER, AMOUNT],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "suppress",
        title: "Suppress",
        words: &["suppress"],
        fields: &[SOLDIER, AMOUNT],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "heal",
        title: "Heal",
        words: &["heal"],
        fields: &[SOLDIER, AMOUNT],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "check",
        title: "Ability check",
        words: &["check"],
        fields: &[
            SOLDIER,
            word("ability", "Ability", true),
            flag("mod", "Modifier (N:WHY)", false),
            flag("on", "On card", false),
            DIE,
        ],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "environ",
        title: "Environ roll",
        words: &["environ"],
        fields: &[
            SOLDIER,
            word("environment", "Environ type", true),
            word("target", "Target", true),
            DIE,
        ],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "resolve",
        title: "Resolve a failed Environ",
        words: &["resolve"],
        fields: &[
            SOLDIER,
            choice("choice", "Gives up", Place::Word, &["hardy", "wound", "suppress"]),
        ],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "xp",
        title: "XP",
        words: &["xp"],
        fields: &[SOLDIER, word("amount", "Change (+/-)", true), WHY],
        zero_dark: None,
    },
    Spec {
        cmd: "ekia",
        title: "EKIA",
        words: &["ekia"],
        fields: &[
            SOLDIER,
            flag("hostile", "Hostile", true),
            flag("value", "Value", true),
        ],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "k9-ignore",
        title: "K9: ignore the Encounter",
        words: &["k9", "ignore"],
        fields: &[DIE],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "k9-roll",
        title: "K9: the Encounter's next roll",
        words: &["k9", "roll"],
        fields: &[PAY, DIE],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "k9-accept",
        title: "K9: suffer the Failure",
        words: &["k9", "accept"],
        fields: &[],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "k9-retry",
        title: "K9: retry, risking the major harm",
        words: &["k9", "retry"],
        fields: &[PAY, DIE],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "k9-objective",
        title: "K9: Objective resolved",
        words: &["k9", "objective"],
        fields: &[],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "medal-draw",
        title: "Medal: draw",
        words: &["medal", "draw"],
        fields: &[
            MEDAL,
            flag("trigger", "Trigger", true),
            flag("hostile", "Hostile (Eliminate)", false),
        ],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "medal-recipient",
        title: "Medal: choose the recipient",
        words: &["medal", "recipient"],
        fields: &[MEDAL, DIE],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "medal-earn",
        title: "Medal: earned",
        words: &["medal", "earn"],
        fields: &[MEDAL],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "medal-lose",
        title: "Medal: not earned",
        words: &["medal", "lose"],
        fields: &[MEDAL, WHY, switch("discard", "Discard it")],
        zero_dark: Some(false),
    },
    Spec {
        cmd: "hero-state",
        title: "Hero state",
        words: &["hero-state"],
        fields: &[
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
            word("n", "Wounds (with wounded)", false),
        ],
        zero_dark: Some(true),
    },
    Spec {
        cmd: "target",
        title: "Target a bogey",
        words: &["target"],
        fields: &[word("bogey", "Bogey", true), flag("by", "By hero", true)],
        zero_dark: Some(true),
    },
    Spec {
        cmd: "spook-task",
        title: "Spook: priority task",
        words: &["spook", "task"],
        fields: &[
            choice(
                "task",
                "Task",
                Place::Word,
                &["rescue", "assassination", "observation", "acquisition"],
            ),
            DIE,
        ],
        zero_dark: Some(true),
    },
    Spec {
        cmd: "spook-dead-drop",
        title: "Spook: dead-drop",
        words: &["spook", "dead-drop"],
        fields: &[],
        zero_dark: Some(true),
    },
    Spec {
        cmd: "spook-extracted",
        title: "Spook: agent extracted",
        words: &["spook", "extracted"],
        fields: &[],
        zero_dark: Some(true),
    },
    Spec {
        cmd: "persuade",
        title: "Persuade",
        words: &["persuade"],
        fields: &[
            word("hero", "Hero", true),
            word("bogey", "Bogey", true),
            flag("hero", "Hero's successes", true),
            flag("bogey", "Bogey's successes", true),
            switch("hero-died", "Hero died"),
            flag("ally-to", "Ally to (hero died)", false),
        ],
        zero_dark: Some(true),
    },
];

/// The forms shown for a campaign of `game` (`zero_dark` or a Warfighter game) played with
/// `expansions` (as `roster --json` names them): an expansion's commands only where it is used.
pub fn forms_for<'a>(game: &str, expansions: &'a [String]) -> impl Iterator<Item = &'static Spec> + 'a {
    let zero_dark = game == "zero_dark";
    FORMS
        .iter()
        .filter(move |spec| spec.zero_dark.is_none_or(|z| z == zero_dark))
        .filter(move |spec| match spec.words.first() {
            Some(&"k9") => expansions.iter().any(|e| e == "k9"),
            Some(&"medal") => expansions.iter().any(|e| e == "medals"),
            _ => true,
        })
}
