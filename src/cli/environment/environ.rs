//! `muster environ SOLDIER TYPE TARGET` or `muster environ SOLDIER --location CARD.json`; and
//! `muster environ declare|clear`, the Environments in force.

use std::path::PathBuf;

use muster::catalog::location_card;
use muster::domain::command::Command;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::dice_args::{RollArgs, modifiers};
use crate::cli::error::CommandError;
use crate::cli::file::read_text;

use super::declare;

#[derive(Debug, clap::Args)]
#[command(
    allow_negative_numbers = true,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Args {
    #[command(subcommand)]
    declared: Option<declare::Command>,
    /// The Soldier rolling at the start of his Soldier Turn
    #[arg(required = true)]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: Option<String>,
    /// The Environ type: cold, hot, fever…
    #[arg(required_unless_present = "location")]
    environment: Option<String>,
    /// The number to roll or higher (Environ Cold 6+ is 6)
    #[arg(required_unless_present = "location")]
    target: Option<String>,
    /// A Location card file: roll for each of its Environments, separately (one --die each)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["environment", "target"])]
    location: Option<PathBuf>,
    /// A modifier and its source, e.g. +1:Skill; repeat for several (from rules 2, one from Armor or a Shield is refused: rule 002)
    #[arg(long = "mod", value_name = "N:WHY", allow_hyphen_values = true)]
    modifiers: Vec<String>,
    #[command(flatten)]
    roll: RollArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    if let Some(command) = args.declared {
        return declare::run(ctx, command);
    }
    let Some(soldier) = args.soldier else {
        return Err(CommandError::refused(
            "name the Soldier who rolls: `muster environ SOLDIER TYPE TARGET`",
        ));
    };
    let (environments, location) = match &args.location {
        Some(path) => {
            let card = location_card::parse(&read_text(path, "Location card")?, &path.display().to_string())?;
            let environments = card
                .environments
                .iter()
                .map(|e| (e.environment.clone(), i64::from(e.target)))
                .collect();
            (environments, Some(card.name))
        }
        None => {
            let environment = args.environment.clone().unwrap_or_default();
            let target = number(args.target.as_deref().unwrap_or_default(), "TARGET")?;
            (vec![(environment, target)], None)
        }
    };
    let command = Command::Environ {
        soldier,
        environments,
        modifiers: modifiers(&args.modifiers)?,
        location,
    };
    ctx.execute_rolling(&command, &args.roll.entered()?)
}
