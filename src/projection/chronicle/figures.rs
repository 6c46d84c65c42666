//! The campaign's statistics in words: EKIAs, checks by ability, the K9's record, and the
//! faces rolled against a fair d10's.

use super::faces::Faces;
use super::report::Statistics;
use super::sections::{Block, Section, table, who};
use crate::domain::Game;

/// The statistics of a campaign of `game`, in its words.
pub(super) fn statistics(game: Game, s: &Statistics) -> Section {
    let mut blocks = Vec::new();
    match game {
        // A bogey put down or dead is Zero Dark's EKIA, and gives no XP of its own.
        Game::ZeroDark => table(
            &mut blocks,
            "Bogeys put down or dead, by hero",
            &["Hero", "Bogeys"],
            &s.ekia,
            |e| vec![e.soldier.clone(), e.count.to_string()],
        ),
        Game::Wwii | Game::Modern => table(
            &mut blocks,
            "EKIA by Soldier",
            &["Soldier", "EKIA", "XP"],
            &s.ekia,
            |e| vec![e.soldier.clone(), e.count.to_string(), e.xp.to_string()],
        ),
    }
    table(
        &mut blocks,
        "Checks by ability",
        &["Ability", who(game), "Successes", "Failures", "Success rate"],
        &s.checks,
        |c| {
            let made = c.successes + c.failures;
            vec![
                c.ability.clone(),
                c.soldier.clone(),
                c.successes.to_string(),
                c.failures.to_string(),
                format!("{}%", (c.successes * 100).checked_div(made).unwrap_or(0)),
            ]
        },
    );
    let k9 = &s.k9;
    if k9.encounters > 0 {
        blocks.push(Block::Line(format!(
            "The K9's record: {} Encounter(s): {} reward(s), {} discarded, {} failure(s), {} major failure(s); {} of {} roll(s) succeeded.",
            k9.encounters,
            k9.rewards,
            k9.discarded,
            k9.failures,
            k9.major_failures,
            k9.rolls_succeeded,
            k9.rolls
        )));
    }
    let faces = &s.faces;
    if faces.generated.rolls + faces.entered.rolls == 0 {
        blocks.push(Block::Line("No d10 was rolled.".to_owned()));
        return Section {
            heading: "Statistics".to_owned(),
            mission: None,
            blocks,
        };
    }
    let rows = (0..10)
        .map(|i| {
            let count = |f: &Faces| f.counts.get(i).copied().unwrap_or(0).to_string();
            vec![
                (i + 1).to_string(),
                count(&faces.generated),
                count(&faces.entered),
            ]
        })
        .collect();
    blocks.push(Block::Table {
        caption: "d10 faces rolled",
        header: vec!["Face", "Generated", "Entered"],
        rows,
    });
    blocks.push(Block::Line(fairness("Generated", &faces.generated)));
    blocks.push(Block::Line(fairness("Entered", &faces.entered)));
    Section {
        heading: "Statistics".to_owned(),
        mission: None,
        blocks,
    }
}

/// What a fair die would give, and the test's verdict, in a sentence.
fn fairness(which: &str, f: &Faces) -> String {
    let mut line = format!(
        "{which}: {} d10(s), a fair die gives {:.1} of each face",
        f.rolls, f.expected
    );
    if let (Some(x), Some(p)) = (f.chi_square, f.p_value) {
        line.push_str(&format!("; chi-square {x:.2} (9 degrees of freedom), p = {p:.3}"));
    }
    match &f.warning {
        Some(warning) => line.push_str(&format!(" ({warning})")),
        None => line.push('.'),
    }
    line
}
