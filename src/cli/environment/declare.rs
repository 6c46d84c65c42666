//! `muster environ declare|clear`: the Environments a Mission, a Location or an Event puts in
//! force during a Mission (rule 002), which every Soldier on it owes a roll for each turn.

use std::path::PathBuf;

use clap::Subcommand;
use muster::catalog::location_card;
use muster::domain::command::Command as Intent;
use muster::domain::environment::EnvironmentScope;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;
use crate::cli::file::read_text;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Declare Environments in force from now on; each Soldier on the Mission owes a roll for
    /// each at the start of every turn (Enduring Soldiers owe none)
    Declare(DeclareArgs),
    /// End declared Environments: the Soldiers left the Location, or the Event ended
    Clear(ClearArgs),
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["mission", "location", "event", "card"])))]
pub struct DeclareArgs {
    /// Each Environment as TYPE:TARGET, e.g. cold:6 (Environ Cold 6+)
    #[arg(
        value_name = "TYPE:TARGET",
        required_unless_present = "card",
        conflicts_with = "card"
    )]
    environments: Vec<String>,
    /// The Mission's own (Missions in Russia have Cold), until the Mission ends
    #[arg(long)]
    mission: bool,
    /// A Location's, while the Soldiers are in it
    #[arg(long, value_name = "NAME")]
    location: Option<String>,
    /// An Event's, while it lasts
    #[arg(long, value_name = "NAME")]
    event: Option<String>,
    /// A Location card file: its name and every Environment it lists
    #[arg(long, value_name = "FILE")]
    card: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["mission", "location", "event"])))]
pub struct ClearArgs {
    /// The Environments to end, as TYPE:TARGET [default: every one of that source]
    #[arg(value_name = "TYPE:TARGET")]
    environments: Vec<String>,
    /// The Mission's own
    #[arg(long)]
    mission: bool,
    /// The Location the Soldiers left
    #[arg(long, value_name = "NAME")]
    location: Option<String>,
    /// The Event that ended
    #[arg(long, value_name = "NAME")]
    event: Option<String>,
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Declare(args) => {
            let (scope, name, environments) = match &args.card {
                Some(path) => {
                    let text = read_text(path, "Location card")?;
                    let card = location_card::parse(&text, &path.display().to_string())?;
                    let environments = card
                        .environments
                        .iter()
                        .map(|e| (e.environment.clone(), i64::from(e.target)))
                        .collect();
                    (EnvironmentScope::Location, Some(card.name), environments)
                }
                None => {
                    let (scope, name) = source(args.mission, args.location, args.event);
                    (scope, name, pairs(&args.environments)?)
                }
            };
            Intent::DeclareEnvironments {
                scope,
                name,
                environments,
            }
        }
        Command::Clear(args) => {
            let (scope, name) = source(args.mission, args.location, args.event);
            Intent::ClearEnvironments {
                scope,
                name,
                environments: pairs(&args.environments)?,
            }
        }
    };
    ctx.execute(&intent)
}

/// What declared them, from the one of `--mission`, `--location` and `--event` clap let through.
fn source(
    mission: bool,
    location: Option<String>,
    event: Option<String>,
) -> (EnvironmentScope, Option<String>) {
    match (mission, location, event) {
        (false, Some(location), _) => (EnvironmentScope::Location, Some(location)),
        (false, None, Some(event)) => (EnvironmentScope::Event, Some(event)),
        _ => (EnvironmentScope::Mission, None),
    }
}

/// Reads each `TYPE:TARGET`, e.g. `cold:6`.
pub fn pairs(texts: &[String]) -> Result<Vec<(String, i64)>, CommandError> {
    texts
        .iter()
        .map(|text| {
            let (environment, target) = text
                .split_once(':')
                .filter(|(e, t)| !e.trim().is_empty() && !t.trim().is_empty())
                .ok_or_else(|| {
                    CommandError::refused(format!(
                        "the Environment '{}' is not accepted; write TYPE:TARGET, e.g. cold:6 for Environ Cold 6+",
                        text.escape_debug()
                    ))
                })?;
            Ok((
                environment.trim().to_lowercase(),
                number(target.trim(), "the Environ target")?,
            ))
        })
        .collect()
}
