//! `muster rp-card gain|lose SOLDIER skill|equipment|service-record NAME [--rp N]`: the cards
//! that add to a Soldier's RP.

use clap::{Subcommand, ValueEnum};
use muster::domain::command::Command as Intent;
use muster::domain::medals::RpCardKind;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

/// The kind of card, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum KindArg {
    Skill,
    Equipment,
    ServiceRecord,
}

impl From<KindArg> for RpCardKind {
    fn from(kind: KindArg) -> Self {
        match kind {
            KindArg::Skill => RpCardKind::Skill,
            KindArg::Equipment => RpCardKind::Equipment,
            KindArg::ServiceRecord => RpCardKind::ServiceRecord,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// A Soldier gains a card worth RP
    #[command(allow_negative_numbers = true)]
    Gain {
        /// The Soldier
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        soldier: String,
        /// What kind of card
        #[arg(value_enum)]
        kind: KindArg,
        /// The card's name
        name: String,
        /// The card's RP
        #[arg(long, value_name = "N")]
        rp: String,
    },
    /// A Soldier loses a card he holds
    Lose {
        /// The Soldier
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        soldier: String,
        /// What kind of card
        #[arg(value_enum)]
        kind: KindArg,
        /// The card's name
        name: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Gain {
            soldier,
            kind,
            name,
            rp,
        } => Intent::GainRpCard {
            soldier,
            kind: kind.into(),
            name,
            rp: number(&rp, "--rp")?,
        },
        Command::Lose { soldier, kind, name } => Intent::LoseRpCard {
            soldier,
            kind: kind.into(),
            name,
        },
    };
    ctx.execute(&intent)
}
