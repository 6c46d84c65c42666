//! Horizon Wars: Zero Dark: hero states, bogeys, the Spook's priority tasks, and allies.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::soldier::Stats;

/// A hero's state in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", content = "n", rename_all = "snake_case")]
pub enum HeroState {
    Ready,
    Targeted,
    Wounded(u32),
    Stunned,
    Down,
    Dead,
    /// Persuaded by the other side (a Versus mission).
    Persuaded,
    Captured,
    Lost,
}

/// The words of a hero's states, as `hero-state` takes them and the log writes them (wounded
/// with its count: `wounded(2)`).
pub const HERO_STATES: [&str; 9] = [
    "ready",
    "targeted",
    "wounded",
    "stunned",
    "down",
    "dead",
    "persuaded",
    "captured",
    "lost",
];

impl fmt::Display for HeroState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeroState::Ready => f.write_str("ready"),
            HeroState::Targeted => f.write_str("targeted"),
            HeroState::Wounded(n) => write!(f, "wounded({n})"),
            HeroState::Stunned => f.write_str("stunned"),
            HeroState::Down => f.write_str("down"),
            HeroState::Dead => f.write_str("dead"),
            HeroState::Persuaded => f.write_str("persuaded"),
            HeroState::Captured => f.write_str("captured"),
            HeroState::Lost => f.write_str("lost"),
        }
    }
}

/// A bogey's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BogeyType {
    Grunt,
    Elite,
    Boss,
}

/// A bogey of the Red Force on one Mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bogey {
    pub name: String,
    pub named: bool,
    pub nemesis: bool,
    pub synthetic: bool,
    #[serde(rename = "type")]
    pub bogey_type: BogeyType,
}

/// The Spook's priority task for a Mission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PriorityTask {
    /// +1 A; a randomly selected bogey must be persuaded by the Spook.
    Rescue,
    /// +1 D; the Boss must die by the Spook's verifying action.
    Assassination,
    /// The Dotlight upgrade; five distinct bogeys targeted by the Spook.
    Observation,
    /// +1 M; the dead-drop interaction, and the Spook not lost.
    Acquisition,
}

impl fmt::Display for PriorityTask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PriorityTask::Rescue => "Rescue",
            PriorityTask::Assassination => "Assassination",
            PriorityTask::Observation => "Observation",
            PriorityTask::Acquisition => "Acquisition",
        })
    }
}

impl fmt::Display for BogeyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BogeyType::Grunt => "grunt",
            BogeyType::Elite => "elite",
            BogeyType::Boss => "boss",
        })
    }
}

impl ZeroDarkMission {
    /// True when nothing of Zero Dark happened on the Mission.
    pub fn is_unused(&self) -> bool {
        *self == ZeroDarkMission::default()
    }
}

/// An Ally attached to a hero.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ally {
    pub dead: bool,
    /// Dependent: an upgrade at no cost that counts as half an upgrade.
    pub dependent: bool,
    /// The Mission he was persuaded in, which he belongs to.
    pub mission: u32,
    pub name: String,
}

/// Who bought time in a Mission (rule 003: in Versus, "either or both players").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeBuyers {
    /// Our Spook, alone (or in a solo Mission).
    Ours,
    /// Only the other side's Spook, in Versus: ours drew his hand.
    Opponent,
    /// Both Spooks, in Versus: the sum of both D.
    Both,
}

impl TimeBuyers {
    /// Whether our Spook's D is among the cards set aside.
    pub fn ours(self) -> bool {
        matches!(self, TimeBuyers::Ours | TimeBuyers::Both)
    }
}

/// What happened to the bogeys and the Spook on the Mission in progress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZeroDarkMission {
    pub bogeys: Vec<Bogey>,
    /// Control Deck cards set aside by Buying Time.
    pub bought_time: Option<u32>,
    /// Whose Spook bought time, once recorded.
    pub bought_time_by: Option<TimeBuyers>,
    /// Buy Time: the Control Deck ran out, and the set-aside cards took its place.
    pub control_deck_ran_out: bool,
    /// (bogey, hero whose action made it dead).
    pub dead: Vec<(String, String)>,
    pub dead_drop: bool,
    /// Bogeys in the down state.
    pub down: Vec<String>,
    /// Rescue: the player recorded the persuaded bogey within 4" at the end (or exited alive).
    pub extracted: bool,
    /// (bogey, hero who persuaded it).
    pub persuaded: Vec<(String, String)>,
    /// Buy Time: Control Deck cards flipped and set aside so far.
    pub set_aside: u32,
    /// Buy Time: set-aside cards flipped since the Control Deck ran out.
    pub set_aside_flipped: u32,
    pub spook: Option<String>,
    /// (bogey, hero) for every time a hero placed a bogey into the targeted state.
    pub targeted: Vec<(String, String)>,
    pub task: Option<PriorityTask>,
    /// The task's target: the Rescue bogey or the Assassination Boss.
    pub task_target: Option<String>,
}

impl ZeroDarkMission {
    /// The set-aside cards still to be played before the Mission is over: all of those
    /// bought until the Control Deck runs out, then those not yet flipped; `None` when no
    /// one bought time.
    pub fn set_aside_remaining(&self) -> Option<u32> {
        self.bought_time
            .map(|cards| cards.saturating_sub(self.set_aside_flipped))
    }
}

/// A Spook's stats for a Mission, with his priority task's bonus (rule 003): Rescue +1 A,
/// Assassination +1 D, Acquisition +1 M; Observation gives the Dotlight upgrade instead.
pub fn mission_stats(stats: Stats, task: Option<PriorityTask>) -> Stats {
    match task {
        Some(PriorityTask::Rescue) => Stats {
            a: stats.a + 1,
            ..stats
        },
        Some(PriorityTask::Assassination) => Stats {
            d: stats.d + 1,
            ..stats
        },
        Some(PriorityTask::Acquisition) => Stats {
            m: stats.m + 1,
            ..stats
        },
        Some(PriorityTask::Observation) | None => stats,
    }
}

/// A count of successes as a player says it: "1 success", "3 successes".
pub fn successes(n: u32) -> String {
    format!("{n} success{}", if n == 1 { "" } else { "es" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hero_states_print_as_the_rules_name_them() {
        assert_eq!(HeroState::Wounded(2).to_string(), "wounded(2)");
        assert_eq!(HeroState::Persuaded.to_string(), "persuaded");
        let json = serde_json::to_value(HeroState::Wounded(2)).unwrap();
        assert_eq!(json, serde_json::json!({"state": "wounded", "n": 2}));
    }

    #[test]
    fn each_task_gives_its_own_bonus() {
        let stats = Stats {
            m: 3,
            f: 2,
            a: 4,
            d: 3,
        };
        assert_eq!(mission_stats(stats, Some(PriorityTask::Rescue)).a, 5);
        assert_eq!(mission_stats(stats, Some(PriorityTask::Assassination)).d, 4);
        assert_eq!(mission_stats(stats, Some(PriorityTask::Acquisition)).m, 4);
        assert_eq!(mission_stats(stats, Some(PriorityTask::Observation)), stats);
    }
}
