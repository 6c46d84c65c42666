//! The play page's "Now": the Mission in progress and its turn, who is on it, what the
//! Hostiles are drawn at, the K9 Objective, every decision and roll owed now (each one tap,
//! as the rules offer it), and the undo of the signed-in player's last command.

use muster::projection::mission_words::{environments_line, game_name, objectives_line, zero_dark_lines};
use muster::projection::roster::Roster;
use muster::query::Offer;

/// What is happening now.
pub struct Now {
    pub game: &'static str,
    /// `Mission 4 'Hill 112', turn 2`, or that none is in progress.
    pub mission: String,
    pub lines: Vec<String>,
    pub offers: Vec<OfferView>,
    /// The signed-in player's last command that still stands.
    pub undo: Option<(u64, String)>,
}

/// One command the rules were asked about.
pub struct OfferView {
    pub label: String,
    /// Its command line, as JSON: the server records it only while the rules still offer it.
    pub args: String,
    /// The rules' reason it may not be recorded now; empty when it may.
    pub refused: String,
    /// True when it rolls one d10: the keypad takes its face.
    pub keypad: bool,
}

/// "Now" for `roster`, with the rules' `offers` and the caller's `undo`.
pub fn now(roster: &Roster, offers: &[Offer], undo: Option<(u64, String)>) -> Now {
    let mut lines = Vec::new();
    let mission = match &roster.mission {
        None => "No Mission in progress".to_owned(),
        Some(m) => {
            lines.push(format!("On it: {}", m.soldiers.join(", ")));
            if roster.team_xp.is_none() {
                lines.push(format!("Hostiles drawn at {} RP", m.start_hostile_draw_rp));
            }
            if let Some(objective) = &m.k9_objective {
                lines.push(format!("K9 Objective: {objective}"));
            }
            lines.extend(objectives_line(m));
            lines.extend(environments_line(m));
            lines.extend(m.zero_dark.iter().flat_map(zero_dark_lines));
            format!("Mission {} '{}', turn {}", m.number, m.name, m.turn)
        }
    };
    Now {
        game: game_name(roster.game),
        mission,
        lines,
        offers: offers
            .iter()
            .map(|o| OfferView {
                label: o.label.clone(),
                args: serde_json::to_string(&o.args).unwrap_or_default(),
                refused: o.refused.clone().unwrap_or_default(),
                keypad: o.dice == 1,
            })
            .collect(),
        undo,
    }
}
