//! `muster rp grant|spend N --why TEXT`: the squad's RP bank.

use clap::Subcommand;
use muster::domain::command::Command as Intent;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Put RP in the bank
    #[command(allow_negative_numbers = true)]
    Grant {
        /// How much RP
        amount: String,
        /// Why (kept in the log)
        #[arg(long)]
        why: String,
    },
    /// Spend RP from the bank (an overdraft is refused)
    #[command(allow_negative_numbers = true)]
    Spend {
        /// How much RP
        amount: String,
        /// On what (kept in the log)
        #[arg(long)]
        why: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Grant { amount, why } => Intent::GrantRp {
            amount: number(&amount, "the RP amount")?,
            why,
        },
        Command::Spend { amount, why } => Intent::SpendRp {
            amount: number(&amount, "the RP amount")?,
            why,
        },
    };
    ctx.execute(&intent)
}
