//! The chronicle in words, once for every front end: sections of headings, lines, tables
//! and lists, which the terminal, Markdown, BBCode, the printed page and the served page
//! each lay out.

use super::figures::statistics;
use super::report::{Chronicle, MissionReport, Note};
pub use super::sections::{Block, Document, Section};
use super::sections::{table, who};
use crate::domain::zero_dark::ZeroDarkMission;
use crate::domain::{Game, MissionResult};

/// The game's name as the rulebooks spell it.
pub fn game_name(game: Game) -> &'static str {
    match game {
        Game::Wwii => "Warfighter WWII",
        Game::Modern => "Warfighter Modern",
        Game::ZeroDark => "Horizon Wars: Zero Dark",
    }
}

/// The whole chronicle in words.
pub fn chronicle(c: &Chronicle) -> Document {
    let mut sections = vec![timeline(c)];
    sections.extend(c.missions.iter().map(|m| mission(c.game, m)));
    sections.push(statistics(c.game, &c.statistics));
    if !c.notes.is_empty() {
        sections.push(Section {
            heading: "Notes".to_owned(),
            mission: None,
            blocks: vec![Block::Items {
                caption: "Notes",
                items: c.notes.iter().map(note).collect(),
            }],
        });
    }
    Document {
        title: format!("{}: the chronicle ({})", c.campaign, game_name(c.game)),
        sections,
    }
}

/// One Mission's report alone.
pub fn mission_alone(campaign: &str, game: Game, report: &MissionReport) -> Document {
    Document {
        title: format!("{campaign}: Mission {}", report.number),
        sections: vec![mission(game, report)],
    }
}

/// How a Mission came out, in a word.
pub fn outcome(result: Option<MissionResult>) -> String {
    result.map_or_else(|| "in progress".to_owned(), |r| r.to_string())
}

/// How many Soldiers a Mission harmed.
pub fn casualties(report: &MissionReport) -> usize {
    report.casualties.len()
}

fn timeline(c: &Chronicle) -> Section {
    let zero_dark = c.game == Game::ZeroDark;
    let rows = c
        .missions
        .iter()
        .map(|m| {
            let mut row = vec![
                m.number.to_string(),
                m.name.clone(),
                outcome(m.result),
                m.turns.to_string(),
                casualties(m).to_string(),
            ];
            match zero_dark {
                true => row.push(m.team_xp.to_string()),
                false => row.extend([m.squad_rp.to_string(), m.rp_bank.to_string()]),
            }
            row
        })
        .collect::<Vec<_>>();
    let mut header = vec!["Mission", "Name", "Result", "Turns", "Casualties"];
    match zero_dark {
        true => header.push("Team XP"),
        false => header.extend(["Squad RP", "RP bank"]),
    }
    let mut blocks = match c.paper_missions {
        0 => Vec::new(),
        1 => vec![Block::Line(
            "Mission 1 was played on paper, before the campaign was carried over into muster.".to_owned(),
        )],
        n => vec![Block::Line(format!(
            "Missions 1 to {n} were played on paper, before the campaign was carried over into muster."
        ))],
    };
    if rows.is_empty() {
        blocks.push(Block::Line("No Mission is recorded yet.".to_owned()));
    } else {
        blocks.push(Block::Table {
            caption: "Missions",
            header,
            rows,
        });
    }
    Section {
        heading: "Timeline".to_owned(),
        mission: None,
        blocks,
    }
}

fn mission(game: Game, m: &MissionReport) -> Section {
    let played = match &m.ended_at {
        Some(end) => format!("Played from {} to {}", when(&m.started_at), when(end)),
        None => format!("Started {}, still in progress", when(&m.started_at)),
    };
    let mut blocks = vec![Block::Line(format!(
        "{played}, {} turn(s). Went: {}.",
        m.turns,
        m.soldiers.join(", ")
    ))];
    // Zero Dark has no Objectives: its Mission's aim is the Spook's priority task.
    match (game, &m.zero_dark) {
        (Game::ZeroDark, Some(zd)) => red_force(&mut blocks, zd, m),
        (Game::ZeroDark, None) => {}
        (Game::Wwii | Game::Modern, _) => blocks.push(Block::Line(objectives(m))),
    }
    if !m.environments.is_empty() {
        blocks.push(Block::Line(format!(
            "Environments: {}.",
            m.environments.join(", ")
        )));
    }
    let zero_dark = game == Game::ZeroDark;
    let yes = |b: bool| if b { "yes" } else { "no" }.to_owned();
    match zero_dark {
        true => table(
            &mut blocks,
            "Heroes harmed",
            &["Hero", "Wounds", "Last state"],
            &m.casualties,
            |c| {
                let state = c.hero_state.map(|s| s.to_string()).unwrap_or_default();
                vec![c.soldier.clone(), c.wounds.to_string(), state]
            },
        ),
        false => table(
            &mut blocks,
            "Casualties",
            &["Soldier", "Wounds", "Downed", "KIA"],
            &m.casualties,
            |c| vec![c.soldier.clone(), c.wounds.to_string(), yes(c.downed), yes(c.kia)],
        ),
    }
    match zero_dark {
        // A bogey put down or dead is Zero Dark's EKIA, and gives no XP of its own.
        true => table(
            &mut blocks,
            "Bogeys put down or dead",
            &["Hero", "Bogeys"],
            &m.ekia,
            |e| vec![e.soldier.clone(), e.count.to_string()],
        ),
        false => table(&mut blocks, "EKIA", &["Soldier", "EKIA", "XP"], &m.ekia, |e| {
            vec![e.soldier.clone(), e.count.to_string(), e.xp.to_string()]
        }),
    }
    table(
        &mut blocks,
        "Checks and rolls",
        &[who(game), "Ability", "Successes", "Failures"],
        &m.checks,
        |c| {
            vec![
                c.soldier.clone(),
                c.ability.clone(),
                c.successes.to_string(),
                c.failures.to_string(),
            ]
        },
    );
    table(
        &mut blocks,
        "K9 Encounters",
        &["Card", "K9", "Handler", "End"],
        &m.k9_encounters,
        |k| {
            vec![
                k.card.clone(),
                k.k9.clone(),
                k.handler.clone(),
                k.end.clone().unwrap_or_else(|| "open".to_owned()),
            ]
        },
    );
    table(
        &mut blocks,
        "Medals",
        &["Medal", "What", "Soldier"],
        &m.medals,
        |l| {
            vec![
                l.medal.clone(),
                l.what.clone(),
                l.soldier.clone().unwrap_or_default(),
            ]
        },
    );
    match zero_dark {
        true => table(
            &mut blocks,
            "XP gained and lost",
            &["Hero", "Gained", "Lost"],
            &m.xp,
            |x| vec![x.soldier.clone(), x.gained.to_string(), x.lost.to_string()],
        ),
        false => table(&mut blocks, "XP gained", &["Soldier", "XP"], &m.xp, |x| {
            vec![x.soldier.clone(), x.gained.to_string()]
        }),
    }
    let award = m.rp_award.map_or_else(
        || "No RP award recorded".to_owned(),
        |rp| format!("RP award {rp}"),
    );
    let at = if m.result.is_some() {
        "at its end"
    } else {
        "so far"
    };
    blocks.push(Block::Line(match game {
        Game::ZeroDark => format!("Team XP {} {at}.", m.team_xp),
        _ => format!(
            "{award} (those who went: {} RP at its start, {} {at}); RP bank {}; squad RP on the books {} {at}.",
            m.start_rp, m.surviving_rp, m.rp_bank, m.squad_rp
        ),
    }));
    if !m.notes.is_empty() {
        blocks.push(Block::Items {
            caption: "Notes",
            items: m.notes.iter().map(note).collect(),
        });
    }
    if !m.disputes.is_empty() {
        blocks.push(Block::Items {
            caption: "Voids and amendments",
            items: m
                .disputes
                .iter()
                .map(|d| format!("v{} voided the command of v{}: {}", d.version, d.voided, d.why))
                .collect(),
        });
    }
    Section {
        heading: format!("Mission {}: {} ({})", m.number, m.name, outcome(m.result)),
        mission: Some(m.number),
        blocks,
    }
}

/// A Zero Dark Mission's priority task and how it came out, and what became of each bogey
/// of its Red Force.
fn red_force(blocks: &mut Vec<Block>, zd: &ZeroDarkMission, m: &MissionReport) {
    if let Some(task) = zd.task {
        let whose = zd
            .spook
            .as_ref()
            .map(|spook| format!("{spook}'s "))
            .unwrap_or_default();
        let target = zd
            .task_target
            .as_ref()
            .map(|t| format!(" (target: {t})"))
            .unwrap_or_default();
        let came_out = match (&m.task_result, m.result) {
            (Some(r), _) if r.success => format!(" succeeded: {}", r.why),
            (Some(r), _) => format!(" failed: {}", r.why),
            (None, None) => ", to be resolved at the Mission's end".to_owned(),
            (None, Some(_)) => ", not resolved".to_owned(),
        };
        blocks.push(Block::Line(format!(
            "Priority task: {whose}{task}{target}{came_out}."
        )));
    }
    let by = |list: &[(String, String)], bogey: &str| {
        let mut heroes: Vec<&str> = Vec::new();
        for (_, hero) in list.iter().filter(|(b, _)| b == bogey) {
            if !heroes.contains(&hero.as_str()) {
                heroes.push(hero);
            }
        }
        heroes.join(", ")
    };
    table(
        blocks,
        "Red Force",
        &["Bogey", "Type", "Became", "By"],
        &zd.bogeys,
        |b| {
            let (became, heroes) = if zd.dead.iter().any(|(d, _)| *d == b.name) {
                ("dead", by(&zd.dead, &b.name))
            } else if zd.persuaded.iter().any(|(p, _)| *p == b.name) {
                ("persuaded", by(&zd.persuaded, &b.name))
            } else if zd.down.contains(&b.name) {
                ("down", String::new())
            } else if zd.targeted.iter().any(|(t, _)| *t == b.name) {
                ("targeted", by(&zd.targeted, &b.name))
            } else {
                ("untouched", String::new())
            };
            vec![
                b.name.clone(),
                b.bogey_type.to_string(),
                became.to_owned(),
                heroes,
            ]
        },
    );
}

/// A recorded time to the minute, as a person notes it: "2026-11-29 20:14 UTC".
fn when(recorded_at: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(recorded_at) {
        Ok(t) => t
            .with_timezone(&chrono::Utc)
            .format("%Y-%m-%d %H:%M UTC")
            .to_string(),
        Err(_) => recorded_at.to_owned(),
    }
}

fn objectives(m: &MissionReport) -> String {
    let o = &m.objectives;
    let mut said = match o.placed {
        Some(placed) => format!("Objectives: {} of {placed} completed", o.completed),
        None => "Objectives: the Mission's own".to_owned(),
    };
    if let Some(k9) = &o.k9 {
        let resolved = if o.k9_resolved { "resolved" } else { "not resolved" };
        said.push_str(&format!("; K9 Objective \"{k9}\" {resolved}"));
    }
    said.push('.');
    said
}

fn note(n: &Note) -> String {
    match &n.soldier {
        Some(soldier) => format!("v{} on {soldier}: {}", n.version, n.text),
        None => format!("v{}: {}", n.version, n.text),
    }
}
