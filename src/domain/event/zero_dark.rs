//! Payloads of the Horizon Wars: Zero Dark events (rule 003): the team's XP, hero states,
//! bogeys, the Spook's tasks, persuasion and allies.

use serde::{Deserialize, Serialize};

use crate::domain::roll::Roll;
use crate::domain::zero_dark::{Bogey, HeroState, PriorityTask};

/// The payload of [`super::Event::TeamXpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamXpAdjusted {
    pub amount: i64,
    pub why: String,
}

/// The payload of [`super::Event::HeroStateSet`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroStateSet {
    pub hero: String,
    pub state: HeroState,
}

/// The payload of [`super::Event::BogeyAdded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BogeyAdded {
    pub bogey: Bogey,
    pub mission: u32,
}

/// A hero's action on a bogey: targeting it, putting it down, making it dead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BogeyAction {
    pub bogey: String,
    pub by: String,
}

/// The other side's choice in a Versus mission, recorded once both are revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersusChoice {
    pub opponent_buys_time: bool,
    /// The opponent Spook's D.
    pub opponent_d: u32,
}

/// The payload of [`super::Event::BuyTimeDeclared`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuyTimeDeclared {
    /// Control Deck cards set aside: the Spook's D, plus the opponent's when both buy time.
    pub cards: u32,
    pub spook: String,
    pub versus: Option<VersusChoice>,
}

/// The payload of [`super::Event::PriorityTaskChosen`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriorityTaskChosen {
    /// The roll that chose it at random, when there was a choice.
    pub roll: Option<Roll>,
    pub spook: String,
    /// The Rescue bogey or the Assassination Boss.
    pub target: Option<String>,
    pub task: PriorityTask,
}

/// The payload of [`super::Event::DeadDropInteracted`] and [`super::Event::RescueExtracted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadDropInteracted {
    pub spook: String,
}

/// The payload of [`super::Event::PriorityTaskResolved`]; the XP follows as its own events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriorityTaskResolved {
    pub spook: String,
    pub success: bool,
    pub task: PriorityTask,
    /// What the log showed.
    pub why: String,
}

/// The payload of [`super::Event::PersuasionTested`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersuasionTested {
    /// The hero the new Ally attaches to: the persuader, or the nearest living hero when he died.
    pub ally_of: Option<String>,
    pub bogey: String,
    pub bogey_successes: u32,
    pub hero: String,
    /// The hero's A successes; they never wound the bogey.
    pub hero_successes: u32,
    pub persuaded: bool,
}

/// The payload of [`super::Event::AllyMadeDependent`] and [`super::Event::AllyDied`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllyEvent {
    pub ally: String,
    pub hero: String,
    pub why: String,
}

/// The payload of [`super::Event::OpponentBoughtTime`]: in Versus, only the other side's
/// Spook bought time, and ours drew his hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentBoughtTime {
    /// The opponent Spook's D: the Control Deck cards set aside.
    pub opponent_d: u32,
}

/// The payload of [`super::Event::ControlCardsSetAside`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlCardsSetAside {
    /// How many of the first Control Deck cards flipped went to one side.
    pub cards: u32,
}

/// The payload of [`super::Event::ControlDeckRanOut`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlDeckRanOut {
    /// The set-aside cards, shuffled face down in place of the Control Deck.
    pub set_aside: u32,
}

/// The payload of [`super::Event::SetAsideCardsFlipped`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAsideCardsFlipped {
    pub cards: u32,
    /// The set-aside cards left to flip; at 0 the Mission is over.
    pub remaining: u32,
}
