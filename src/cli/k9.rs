//! `muster k9 draw|ignore|roll|accept|retry|objective`: K9 Encounters and the K9 Objective.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use muster::catalog::encounter_card;
use muster::domain::command::Command as Intent;
use muster::domain::k9::Resource;

use super::context::Context;
use super::dice_args::RollArgs;
use super::error::CommandError;
use super::file::read_text;

/// A paid option, by what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PayArg {
    /// Pay the K9's Discipline
    Discipline,
    /// Pay the roller's XP
    Xp,
    /// Discard cards
    Discards,
}

impl From<PayArg> for Resource {
    fn from(pay: PayArg) -> Self {
        match pay {
            PayArg::Discipline => Resource::Discipline,
            PayArg::Xp => Resource::Xp,
            PayArg::Discards => Resource::Discards,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw a K9 Encounter for a new Location, from its card file
    Draw {
        /// The Encounter card (JSON)
        card: PathBuf,
        /// Who Entered the Location first [default: the Handler]; anyone but the Handler
        /// or his K9 fails the rolls automatically
        #[arg(long, value_name = "SOLDIER")]
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        first: Option<String>,
    },
    /// Ignore the open Encounter: a d10 at or above the card's Ignore target discards it
    Ignore {
        #[command(flatten)]
        roll: RollArgs,
    },
    /// Make the Encounter's next roll, paying the options named first
    Roll {
        /// An option to pay before the roll; repeat for several
        #[arg(long, value_enum, value_name = "COST")]
        pay: Vec<PayArg>,
        #[command(flatten)]
        roll: RollArgs,
    },
    /// After a failed roll on a card with a choice: suffer the Failure
    Accept,
    /// After a failed roll on a card with a choice: a fresh roll, risking the major harm
    Retry {
        /// An option to pay before the roll; repeat for several
        #[arg(long, value_enum, value_name = "COST")]
        pay: Vec<PayArg>,
        #[command(flatten)]
        roll: RollArgs,
    },
    /// The Mission's K9 Objective is resolved: the Mission is complete
    Objective,
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let payments = |pay: &[PayArg]| pay.iter().copied().map(Resource::from).collect();
    match command {
        Command::Draw { card, first } => ctx.execute(&Intent::DrawEncounter {
            card: Box::new(encounter_card::parse(
                &read_text(&card, "Encounter card")?,
                &card.display().to_string(),
            )?),
            first_in: first,
        }),
        Command::Ignore { roll } => ctx.execute_rolling(&Intent::IgnoreEncounter, &roll.entered()?),
        Command::Roll { pay, roll } => ctx.execute_rolling(
            &Intent::RollEncounter {
                payments: payments(&pay),
            },
            &roll.entered()?,
        ),
        Command::Accept => ctx.execute(&Intent::AcceptFailure),
        Command::Retry { pay, roll } => ctx.execute_rolling(
            &Intent::RetryEncounter {
                payments: payments(&pay),
            },
            &roll.entered()?,
        ),
        Command::Objective => ctx.execute(&Intent::ResolveK9Objective),
    }
}
