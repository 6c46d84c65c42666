//! Service records: each Soldier's XP and the squad's RP at the end of every Mission, and one
//! Soldier's line of the roster alone, for his own record.
//!
//! The numbers are the roster's own (`roster::squad`, each Soldier's XP from the fold), taken
//! where `--as-of mission:N` puts the end of Mission N: after the last event of the command
//! that ended it, so the Suppress it cleared is cleared.

use serde::Serialize;

use super::roster::{self, Roster, Squad};
use crate::domain::error::RuleError;
use crate::domain::names::same;
use crate::domain::state::CampaignState;
use crate::domain::{Game, MissionResult};

/// The campaign's numbers at the end of one Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionEnd {
    pub number: u32,
    pub name: String,
    pub result: MissionResult,
    /// The last version of the command that ended it.
    pub version: u64,
    pub recorded_at: String,
    pub squad: Squad,
    /// The Zero Dark team's XP (0 in Warfighter).
    pub team_xp: u32,
    /// Every Soldier enlisted by then, in the order they were enlisted, with his XP.
    pub soldiers: Vec<SoldierXp>,
}

/// One Soldier's XP at the end of a Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SoldierXp {
    pub name: String,
    pub xp: u32,
}

/// Mission `number`'s end in `state`, the state at `version`, the end of the command that
/// ended it, recorded at `recorded_at`.
pub fn mission_end(
    state: &CampaignState,
    number: u32,
    version: u64,
    recorded_at: &str,
) -> Option<MissionEnd> {
    let mission = state.mission.as_ref().filter(|m| m.number == number)?;
    Some(MissionEnd {
        number,
        name: mission.name.clone(),
        result: mission.result?,
        version,
        recorded_at: recorded_at.to_owned(),
        squad: roster::squad(state),
        team_xp: state.team_xp,
        soldiers: state
            .soldiers
            .iter()
            .map(|s| SoldierXp {
                name: s.card.name.clone(),
                xp: s.xp,
            })
            .collect(),
    })
}

/// `roster` with `name`'s line alone (named in any case or Unicode form); a name none of its
/// Soldiers has is refused as every command refuses it, naming the Soldiers there are.
pub fn only(mut roster: Roster, name: &str) -> Result<Roster, RuleError> {
    if !roster.soldiers.iter().any(|s| same(&s.name, name)) {
        let known = roster.soldiers.iter().map(|s| s.name.as_str());
        let refusal = RuleError::unknown_soldier(name, known);
        return Err(match roster.game {
            Game::ZeroDark => refusal.among_heroes(),
            Game::Wwii | Game::Modern => refusal,
        });
    }
    roster.soldiers.retain(|s| same(&s.name, name));
    Ok(roster)
}
