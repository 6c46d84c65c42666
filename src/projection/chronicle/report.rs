//! The chronicle's plain data: the JSON contract of `muster chronicle --json`.

use serde::Serialize;

use super::faces::Faces;
use crate::domain::zero_dark::{HeroState, ZeroDarkMission};
use crate::domain::{Game, MissionResult};

/// `muster chronicle`, as one object (the JSON contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Chronicle {
    pub campaign: String,
    pub game: Game,
    /// How many Missions were played on paper before the campaign was carried over into
    /// muster: those numbered up to it are not told.
    pub paper_missions: u32,
    /// Notes on the campaign or a Soldier, written outside any Mission.
    pub notes: Vec<Note>,
    /// Every Mission reported, oldest first.
    pub missions: Vec<MissionReport>,
    pub statistics: Statistics,
}

/// One Mission's after-action report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionReport {
    pub number: u32,
    pub name: String,
    /// When its start and its end were recorded (RFC 3339).
    pub started_at: String,
    pub ended_at: Option<String>,
    /// `None` while it is in progress.
    pub result: Option<MissionResult>,
    pub turns: u32,
    pub soldiers: Vec<String>,
    /// Each Environment met: declared for it, or rolled against ("cold 6+").
    pub environments: Vec<String>,
    pub objectives: Objectives,
    /// Every Soldier harmed, in the order first harmed.
    pub casualties: Vec<Casualty>,
    /// EKIAs by Soldier, in the order first scored (Zero Dark: bogeys down or dead, each
    /// bogey once: a Boss put down and then made dead is one).
    pub ekia: Vec<Ekia>,
    /// Zero Dark: the bogeys already counted as an EKIA this Mission.
    #[serde(skip)]
    pub taken_out: Vec<String>,
    /// Checks and rolls by Soldier and ability, in the order first made.
    pub checks: Vec<CheckTally>,
    pub k9_encounters: Vec<K9Encounter>,
    /// Medals drawn, earned, awarded and lost, and stickers removed, in order.
    pub medals: Vec<MedalLine>,
    /// XP gained by Soldier (EKIAs and XP awards; XP spent not taken off), and in Zero Dark
    /// the XP a failed priority task took off, in order.
    pub xp: Vec<XpGain>,
    /// The RP award, as last revised; `None` when none was recorded.
    pub rp_award: Option<u32>,
    /// The squad's RP bank when the Mission ended (moved by any revision since of its award
    /// or an earlier Mission's).
    pub rp_bank: u32,
    /// The squad's RP when it ended: its Soldiers on the books, cards held counted, Medals not.
    pub squad_rp: u32,
    /// The RP of the Soldiers who went, when it started (Medals not counted), as its end
    /// line says it.
    pub start_rp: u32,
    /// The starting RP of those who went and are not KIA: at its end, or now while it runs.
    pub surviving_rp: u32,
    /// Zero Dark: the team's XP when it ended (0 in Warfighter).
    pub team_xp: u32,
    /// Zero Dark: its Red Force and what became of each bogey, the priority task and Buy
    /// Time, as `mission show` gives them; null in Warfighter.
    pub zero_dark: Option<ZeroDarkMission>,
    /// Zero Dark: whether the priority task succeeded, once resolved at the Mission's end;
    /// null before then, with no task, and in Warfighter.
    pub task_result: Option<TaskResult>,
    pub notes: Vec<Note>,
    /// The voids (and so the amendments) recorded during it or striking its events.
    pub disputes: Vec<Dispute>,
}

/// A Mission's Objectives: those placed and completed, and its K9 Objective.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Objectives {
    pub placed: Option<u32>,
    pub completed: u32,
    pub k9: Option<String>,
    pub k9_resolved: bool,
}

/// What one Soldier suffered on a Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Casualty {
    pub soldier: String,
    pub wounds: u32,
    pub downed: bool,
    pub kia: bool,
    /// Zero Dark: the state the hero was last put into on the Mission (dead, lost,
    /// captured…); null in Warfighter.
    pub hero_state: Option<HeroState>,
}

/// How a Zero Dark priority task came out, and what the log showed of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaskResult {
    pub success: bool,
    pub why: String,
}

/// One Soldier's EKIAs: how many, and the XP their values gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ekia {
    pub soldier: String,
    pub count: u32,
    pub xp: u32,
}

/// One Soldier's checks of one ability (an Environment's rolls are named "TYPE Environment",
/// a Zero Dark persuasion "persuasion").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckTally {
    pub soldier: String,
    pub ability: String,
    pub successes: u32,
    pub failures: u32,
}

/// A K9 Encounter card drawn, and how it ended (`None`: still open).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct K9Encounter {
    pub card: String,
    pub k9: String,
    pub handler: String,
    pub end: Option<String>,
}

/// A Medal's part in the Mission: drawn, earned, awarded, lost (drawn and not earned), or
/// its sticker removed from a Soldier Downed or KIA.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MedalLine {
    pub medal: String,
    pub what: String,
    pub soldier: Option<String>,
}

/// XP one Soldier gained, and lost to a failed priority task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct XpGain {
    pub soldier: String,
    pub gained: u32,
    /// Zero Dark: the XP a failed priority task took off (from the Spook, else the team).
    pub lost: u32,
}

/// A note, with the version that wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub version: u64,
    pub soldier: Option<String>,
    pub text: String,
}

/// A void recorded in the story: its version, the version it voided, and its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dispute {
    pub version: u64,
    pub voided: u64,
    pub why: String,
}

/// The campaign's numbers over every Mission.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statistics {
    /// EKIAs by Soldier, most first.
    pub ekia: Vec<Ekia>,
    /// Checks by ability and Soldier, in ability order.
    pub checks: Vec<CheckTally>,
    pub k9: K9Record,
    /// The d10 faces rolled from the seed, and typed in from real dice, told apart.
    pub faces: FacesRolled,
}

/// The K9's record: Encounters drawn and how they ended, and its rolls.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct K9Record {
    pub encounters: u32,
    pub rewards: u32,
    pub discarded: u32,
    pub failures: u32,
    pub major_failures: u32,
    pub rolls: u32,
    pub rolls_succeeded: u32,
}

/// The d10 faces, generated and entered apart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FacesRolled {
    pub generated: Faces,
    pub entered: Faces,
}
