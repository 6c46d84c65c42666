//! The Horizon Wars: Zero Dark commands: `hero-state`, `bogey`, `target`, `spook`,
//! `persuade` and `ally`.

use clap::{Subcommand, ValueEnum};
use muster::domain::command::Command as Intent;
use muster::domain::zero_dark::{Bogey, BogeyType, HeroState, PriorityTask};

use super::args::{count, number};
use super::context::Context;
use super::dice_args::RollArgs;
use super::error::CommandError;

/// A hero's state, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StateArg {
    Ready,
    Targeted,
    Wounded,
    Stunned,
    Down,
    Dead,
    Persuaded,
    Captured,
    Lost,
}

/// `muster hero-state HERO STATE [N]`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct HeroStateArgs {
    /// The hero
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    hero: String,
    /// His state
    #[arg(value_enum)]
    state: StateArg,
    /// With wounded: how many wounds
    n: Option<String>,
}

pub fn hero_state(ctx: &Context, args: HeroStateArgs) -> Result<(), CommandError> {
    let state = match (args.state, args.n.as_deref()) {
        (StateArg::Wounded, n) => HeroState::Wounded(count(n.unwrap_or("1"), "the wounds")?),
        (_, Some(_)) => {
            return Err(CommandError::refused(
                "a number goes only with wounded: `muster hero-state HERO wounded 2`",
            ));
        }
        (StateArg::Ready, None) => HeroState::Ready,
        (StateArg::Targeted, None) => HeroState::Targeted,
        (StateArg::Stunned, None) => HeroState::Stunned,
        (StateArg::Down, None) => HeroState::Down,
        (StateArg::Dead, None) => HeroState::Dead,
        (StateArg::Persuaded, None) => HeroState::Persuaded,
        (StateArg::Captured, None) => HeroState::Captured,
        (StateArg::Lost, None) => HeroState::Lost,
    };
    ctx.execute(&Intent::SetHeroState {
        hero: args.hero,
        state,
    })
}

/// A bogey's type, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TypeArg {
    Grunt,
    Elite,
    Boss,
}

#[derive(Debug, Subcommand)]
pub enum BogeyCommand {
    /// Place a bogey of the Red Force for the Mission
    Add {
        /// A name to tell it apart, e.g. "Grunt 2" or "The Colonel"
        name: String,
        /// Its type in the Red Force: a grunt, an elite or a Boss (an Assassination's target is a Boss)
        #[arg(long = "type", value_enum)]
        bogey_type: TypeArg,
        /// A synthetic bogey (cannot be persuaded)
        #[arg(long)]
        synthetic: bool,
        /// A Nemesis: never picked as a Rescue's double agent
        #[arg(long)]
        nemesis: bool,
        /// A named bogey (a character of the story, not rank and file): never picked as a Rescue's double agent
        #[arg(long)]
        named: bool,
    },
    /// A hero puts a bogey into the down state
    Down {
        /// The bogey put down, by the name it was placed under
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::bogeys))]
        bogey: String,
        /// The hero who put it down
        #[arg(long, value_name = "HERO")]
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        by: String,
    },
    /// A hero puts a bogey into the dead state (an Assassination Boss: down, then the Spook's verifying action)
    Dead {
        /// The bogey put into the dead state, by the name it was placed under
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::bogeys))]
        bogey: String,
        /// The hero who put it into the dead state (for an Assassination's Boss, the Spook engaged with it)
        #[arg(long, value_name = "HERO")]
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        by: String,
    },
}

pub fn bogey(ctx: &Context, command: BogeyCommand) -> Result<(), CommandError> {
    let intent = match command {
        BogeyCommand::Add {
            name,
            bogey_type,
            synthetic,
            nemesis,
            named,
        } => Intent::AddBogey(Bogey {
            name,
            bogey_type: match bogey_type {
                TypeArg::Grunt => BogeyType::Grunt,
                TypeArg::Elite => BogeyType::Elite,
                TypeArg::Boss => BogeyType::Boss,
            },
            synthetic,
            nemesis,
            named,
        }),
        BogeyCommand::Down { bogey, by } => Intent::DownBogey { bogey, by },
        BogeyCommand::Dead { bogey, by } => Intent::KillBogey { bogey, by },
    };
    ctx.execute(&intent)
}

/// `muster target BOGEY --by HERO`.
#[derive(Debug, clap::Args)]
pub struct TargetArgs {
    /// The bogey placed into the targeted state
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::bogeys))]
    bogey: String,
    /// The hero who targeted it
    #[arg(long, value_name = "HERO")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    by: String,
}

pub fn target(ctx: &Context, args: TargetArgs) -> Result<(), CommandError> {
    ctx.execute(&Intent::TargetBogey {
        bogey: args.bogey,
        by: args.by,
    })
}

/// A priority task, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TaskArg {
    Rescue,
    Assassination,
    Observation,
    Acquisition,
}

#[derive(Debug, Subcommand)]
pub enum SpookCommand {
    /// Buy time instead of drawing the hand: cards set aside equal the Spook's D
    #[command(allow_negative_numbers = true)]
    BuyTime {
        /// A Versus mission: record the other side's revealed choice too
        #[arg(long)]
        versus: bool,
        /// Versus: the other side also bought time
        #[arg(long, requires = "versus")]
        opponent_buys: bool,
        /// Versus: only the other side bought time; our Spook (if any) drew his hand
        #[arg(long, requires_all = ["versus", "opponent_d"], conflicts_with = "opponent_buys")]
        opponent_only: bool,
        /// Versus: the other Spook's D
        #[arg(long, value_name = "N", requires = "versus")]
        opponent_d: Option<String>,
    },
    /// Choose the Spook's priority task for this Mission (one; at its start)
    // The die picks the target among the bogeys that may be it, so it is no d10.
    #[command(mut_arg("die", |arg| arg.help(
        "Rescue or Assassination among several: the face of the real die you rolled to pick the target, a dN over the bogeys that may be it in the order placed (Rescue: those not a Nemesis, named or synthetic; Assassination: the Bosses), 1 to N; without it, muster generates the face from the campaign's committed seed"
    )))]
    Task {
        /// The priority task: rescue (persuade and extract a double agent), assassination (verify a Boss's death), observation (target five of the Red Force) or acquisition (the dead-drop's intelligence)
        #[arg(value_enum)]
        task: TaskArg,
        #[command(flatten)]
        roll: RollArgs,
    },
    /// Acquisition: the Spook interacted with the dead-drop (A(16))
    DeadDrop,
    /// Rescue: the persuaded agent ended within 4" of the Spook, or left the table alive
    Extracted,
    /// Buy Time: the first Control Deck cards flipped go to one side (default 1)
    #[command(allow_negative_numbers = true)]
    SetAside {
        /// How many were flipped and set aside
        n: Option<String>,
    },
    /// Buy Time: the last Control Deck card was flipped; the set-aside cards take its place
    DeckOut,
    /// Buy Time: set-aside cards flipped after the Control Deck ran out (default 1)
    #[command(allow_negative_numbers = true)]
    FlipSetAside {
        /// How many were flipped
        n: Option<String>,
    },
}

pub fn spook(ctx: &Context, command: SpookCommand) -> Result<(), CommandError> {
    match command {
        SpookCommand::BuyTime {
            versus,
            opponent_buys,
            opponent_only,
            opponent_d,
        } => {
            let versus = match (versus, opponent_d) {
                (false, _) => None,
                (true, Some(d)) => Some((opponent_buys, number(&d, "--opponent-d")?)),
                (true, None) if opponent_buys => {
                    return Err(CommandError::refused(
                        "both sides bought time: give the other Spook's D with --opponent-d N",
                    ));
                }
                (true, None) => Some((false, 0)),
            };
            let versus = versus.map(|(buys, d)| (buys || opponent_only, d));
            ctx.execute(&Intent::BuyTime {
                ours: !opponent_only,
                versus,
            })
        }
        SpookCommand::SetAside { n } => ctx.execute(&Intent::SetAside(cards(n.as_deref())?)),
        SpookCommand::DeckOut => ctx.execute(&Intent::ControlDeckOut),
        SpookCommand::FlipSetAside { n } => ctx.execute(&Intent::FlipSetAside(cards(n.as_deref())?)),
        SpookCommand::Task { task, roll } => {
            let task = match task {
                TaskArg::Rescue => PriorityTask::Rescue,
                TaskArg::Assassination => PriorityTask::Assassination,
                TaskArg::Observation => PriorityTask::Observation,
                TaskArg::Acquisition => PriorityTask::Acquisition,
            };
            ctx.execute_rolling(&Intent::ChooseTask(task), &roll.entered()?)
        }
        SpookCommand::DeadDrop => ctx.execute(&Intent::InteractDeadDrop),
        SpookCommand::Extracted => ctx.execute(&Intent::RescueExtracted),
    }
}

/// A count of Control Deck cards as typed, 1 when left out.
fn cards(n: Option<&str>) -> Result<i64, CommandError> {
    n.map_or(Ok(1), |n| number(n, "the cards"))
}

/// `muster persuade HERO BOGEY --hero N --bogey M [--hero-died --ally-to HERO]`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct PersuadeArgs {
    /// The hero, engaged, testing A instead of D in CQB
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    hero: String,
    /// The bogey
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::bogeys))]
    bogey: String,
    /// The hero's A successes
    #[arg(long = "hero", value_name = "N")]
    hero_successes: String,
    /// The bogey's successes (they still wound the hero)
    #[arg(long = "bogey", value_name = "N")]
    bogey_successes: String,
    /// The hero was killed in this CQB
    #[arg(long)]
    hero_died: bool,
    /// With --hero-died, when he out-scored the bogey: the nearest hero who isn't dead takes the Ally
    #[arg(long, value_name = "HERO", requires = "hero_died")]
    ally_to: Option<String>,
}

pub fn persuade(ctx: &Context, args: PersuadeArgs) -> Result<(), CommandError> {
    ctx.execute(&Intent::Persuade {
        hero: args.hero,
        bogey: args.bogey,
        hero_successes: number(&args.hero_successes, "--hero")?,
        bogey_successes: number(&args.bogey_successes, "--bogey")?,
        hero_died: args.hero_died,
        ally_to: args.ally_to,
    })
}

#[derive(Debug, Subcommand)]
pub enum AllyCommand {
    /// Give an Ally the Dependent upgrade (no cost; half an upgrade)
    Dependent {
        /// The hero
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        hero: String,
        /// His Ally
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::allies))]
        ally: String,
    },
    /// A Dependent Ally that strayed more than 4" from its hero is still that far at the end
    /// of the activation that had to bring them together (its own or its hero's, the next one,
    /// rule 003): it is dead
    Strayed {
        /// The hero
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        hero: String,
        /// His Ally
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::allies))]
        ally: String,
    },
}

pub fn ally(ctx: &Context, command: AllyCommand) -> Result<(), CommandError> {
    ctx.execute(&match command {
        AllyCommand::Dependent { hero, ally } => Intent::MakeDependent { hero, ally },
        AllyCommand::Strayed { hero, ally } => Intent::AllyStrayed { hero, ally },
    })
}
