//! `muster dev synth`: tools for developers and benchmarks.

use clap::Subcommand;
use muster::synth;

use super::args::number;
use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write a synthetic, rule-valid campaign (the same for the same seed), for benchmarks
    #[command(allow_negative_numbers = true)]
    Synth {
        /// About how many events (it ends with a whole command)
        #[arg(long, value_name = "N")]
        events: String,
        /// The seed of the synthetic campaign's choices and dice
        #[arg(long, value_name = "S", default_value = "1")]
        seed: String,
        /// The campaign's name [default: "Synthetic S"]
        #[arg(long = "name", value_name = "NAME")]
        name: Option<String>,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::Synth { events, seed, name } => {
            let events = u64::try_from(number(&events, "--events")?)
                .ok()
                .filter(|n| (1..=100_000_000).contains(n))
                .ok_or_else(|| CommandError::refused("--events must be from 1 to 100000000"))?;
            let seed = u64::try_from(number(&seed, "--seed")?)
                .map_err(|_| CommandError::refused("--seed must be 0 or more"))?;
            let name = name.unwrap_or_else(|| format!("Synthetic {seed}"));
            let mut store = ctx.open()?;
            let mut writing = Progress::new("writing", events);
            let head = synth::write_with(&mut store, &name, events, seed, &mut |done| writing.set(done))?;
            drop(writing);
            // Blame's index too, as play would have kept it.
            let mut indexing = Progress::new("indexing blame", head.version);
            muster::app::rebuild_index(&store, &name, &mut |done| indexing.set(done))?;
            drop(indexing);
            output::print(&format!(
                "campaign '{name}': {} events, head v{} {}\n",
                head.version,
                head.version,
                output::short_hash(&head.hash)
            ))
        }
    }
}
