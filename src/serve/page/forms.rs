//! The page's forms for the commands a table records most, and POST /c/{campaign}/do, which
//! builds each command line from its form's fixed list of fields (never words a browser chose
//! freely) and records it as the API does: in the server's sequence, by the token's role, with
//! its actor kept.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{self, Role};
use muster::clock::SystemClock;
use muster::store::ServedAnswer;

use super::session::{forged, redirect, signed};
use super::views::{Refusal, roster_page};
use super::{message_page, status_of};
use crate::serve::{Answer, Outcome, Server};

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
    words: &'static [&'static str],
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

/// The forms shown for a campaign of `game` (`zero_dark` or a Warfighter game).
pub fn forms_for(game: &str) -> impl Iterator<Item = &'static Spec> {
    let zero_dark = game == "zero_dark";
    FORMS
        .iter()
        .filter(move |spec| spec.zero_dark.is_none_or(|z| z == zero_dark))
}

/// The command line `spec` makes of the sent `values`, or what is missing. Persuade's hero and
/// bogey names and counts share a field name, so a field's values are taken in order.
fn command_line(spec: &Spec, values: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut taken: HashMap<&str, usize> = HashMap::new();
    let mut flags = Vec::new();
    let mut words = Vec::new();
    for field in spec.fields {
        let nth = taken.entry(field.name).or_insert(0);
        let value = values
            .iter()
            .filter(|(name, _)| name == field.name)
            .nth(*nth)
            .map(|(_, value)| value.trim())
            .unwrap_or("");
        *nth += 1;
        if value.is_empty() {
            if field.required {
                return Err(format!("{}: '{}' is needed", spec.title, field.label));
            }
            continue;
        }
        if !field.options.is_empty() && !field.options.contains(&value) {
            return Err(format!(
                "{}: '{}' is one of {}",
                spec.title,
                field.label,
                field.options.join(", ")
            ));
        }
        match field.place {
            Place::Word => words.push(value.to_owned()),
            Place::Flag(flag) => flags.push(format!("--{flag}={value}")),
            Place::Switch(flag) => flags.push(format!("--{flag}")),
        }
    }
    let mut line: Vec<String> = spec.words.iter().map(|w| (*w).to_owned()).collect();
    line.extend(flags);
    if !words.is_empty() {
        // The runner adds `--json` at the end unless the line has it: before `--`, it is a flag.
        line.push("--json".to_owned());
        line.push("--".to_owned());
        line.extend(words);
    }
    Ok(line)
}

/// POST /c/{campaign}/do: the form named by `cmd`, checked (session, CSRF token, same site,
/// a player's or gm's token) and recorded; 303 back to the roster when done, else the roster
/// again with muster's message beside the form.
pub async fn record(
    State(server): State<Arc<Server>>,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Form(values): Form<Vec<(String, String)>>,
) -> Response {
    let signed = match signed(&server, &headers).await {
        Ok(signed) => signed,
        Err(answer) => return answer,
    };
    let value = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    if let Some(refused) = forged(&signed, &headers, value("csrf")) {
        return refused;
    }
    if signed.caller.role < Role::Player {
        return message_page(
            StatusCode::FORBIDDEN,
            "a viewer token may not record commands; it needs a player token",
        );
    }
    let cmd = value("cmd").unwrap_or("");
    let Some(spec) = FORMS.iter().find(|spec| spec.cmd == cmd) else {
        return message_page(StatusCode::BAD_REQUEST, &format!("no form records '{cmd}'"));
    };
    let refused = |status, message: String| Refusal {
        status,
        cmd: spec.cmd,
        message,
    };
    let line = match command_line(spec, &values) {
        Ok(line) => line,
        Err(message) => {
            let refusal = refused(StatusCode::UNPROCESSABLE_ENTITY, message);
            return roster_page(&server, &signed, &campaign, Some(refusal)).await;
        }
    };
    let (actor, role, db_campaign) = (signed.caller.name.clone(), signed.caller.role, campaign.clone());
    let sequencing = Arc::clone(&server);
    let answer =
        tokio::task::spawn_blocking(move || sequenced(&sequencing, &actor, role, &db_campaign, &line))
            .await
            .unwrap_or_else(|e| Answer {
                outcome: Outcome::Storage,
                output: String::new(),
                message: format!("the request failed: {e}"),
            });
    if answer.outcome == Outcome::Done {
        return redirect(&format!("/c/{}", super::views::path_part(&campaign)));
    }
    let refusal = refused(status_of(answer.outcome), answer.message);
    roster_page(&server, &signed, &campaign, Some(refusal)).await
}

/// The command's turn in the server's sequence, as the API's commands take theirs: run, and
/// kept with its actor when it wrote events.
fn sequenced(server: &Server, actor: &str, role: Role, campaign: &str, line: &[String]) -> Answer {
    let _turn = server
        .sequencer
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let failed = |message: String| Answer {
        outcome: Outcome::Storage,
        output: String::new(),
        message,
    };
    let store = match app::open(&server.db) {
        Ok(store) => store,
        Err(e) => return failed(e.to_string()),
    };
    let campaign = match app::resolve_campaign(&store, Some(campaign)) {
        Ok(campaign) => campaign,
        Err(e) => {
            return Answer {
                outcome: Outcome::Refused,
                output: String::new(),
                message: e.to_string(),
            };
        }
    };
    let before = match store.head(&campaign) {
        Ok(head) => head,
        Err(e) => return failed(e.to_string()),
    };
    let answer = (server.runner)(&server.db, Some(&campaign), role, line);
    if store.head(&campaign).is_ok_and(|after| after != before) {
        let kept = ServedAnswer {
            actor: actor.to_owned(),
            status: StatusCode::CREATED.as_u16(),
            body: answer.output.clone(),
        };
        let id = uuid::Uuid::now_v7().to_string();
        if let Err(e) = app::record_served(&store, &campaign, &id, line, &kept, &SystemClock) {
            eprintln!("muster serve: the answer to command {id} was not kept: {e}");
        }
    }
    answer
}
