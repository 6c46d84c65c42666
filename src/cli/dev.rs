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
        /// The campaign's name [default: "Synthetic S"]; with --campaigns, each is named
        /// NAME 0001, NAME 0002…
        #[arg(long = "name", value_name = "NAME")]
        name: Option<String>,
        /// How many campaigns of --events each, a community in one file (each with its own
        /// seed: S, S+1…)
        #[arg(long, value_name = "N", default_value = "1")]
        campaigns: String,
    },
}

/// The most events `dev synth` writes in one run, over all its campaigns.
const MOST_EVENTS: u64 = 100_000_000;

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::Synth {
            events,
            seed,
            name,
            campaigns,
        } => {
            let events = u64::try_from(number(&events, "--events")?)
                .ok()
                .filter(|n| (1..=MOST_EVENTS).contains(n))
                .ok_or_else(|| CommandError::refused("--events must be from 1 to 100000000"))?;
            let seed = u64::try_from(number(&seed, "--seed")?)
                .map_err(|_| CommandError::refused("--seed must be 0 or more"))?;
            let campaigns = u64::try_from(number(&campaigns, "--campaigns")?)
                .ok()
                .filter(|n| *n >= 1 && n.saturating_mul(events) <= MOST_EVENTS)
                .ok_or_else(|| {
                    CommandError::refused(format!(
                        "--campaigns must be 1 or more, and --campaigns × --events at most {MOST_EVENTS}"
                    ))
                })?;
            let name = name.unwrap_or_else(|| format!("Synthetic {seed}"));
            let mut store = ctx.open()?;
            // Every name is checked as `campaign new` checks it before any is written: a name
            // refused half way would leave a community half made.
            let names: Vec<String> = match campaigns {
                1 => vec![name],
                n => (1..=n).map(|i| format!("{name} {i:04}")).collect(),
            }
            .iter()
            .map(|name| muster::query::new_campaign_name(&store, name))
            .collect::<Result<_, _>>()?;
            let mut writing = Progress::new("writing", events.saturating_mul(campaigns));
            let mut written = 0;
            let mut heads = Vec::new();
            for (i, name) in (0..).zip(&names) {
                let head =
                    synth::write_with(&mut store, name, events, seed.saturating_add(i), &mut |done| {
                        writing.set(written + done);
                    })?;
                written += head.version;
                heads.push(head);
            }
            drop(writing);
            // Blame's index too, as play would have kept it.
            let mut indexing = Progress::new("indexing blame", written);
            let mut indexed = 0;
            for (name, head) in names.iter().zip(&heads) {
                muster::app::rebuild_index(&store, name, &mut |done| indexing.set(indexed + done))?;
                indexed += head.version;
            }
            drop(indexing);
            let lines: Vec<String> = names
                .iter()
                .zip(&heads)
                .map(|(name, head)| {
                    format!(
                        "campaign '{name}': {} events, head v{} {}\n",
                        head.version,
                        head.version,
                        output::short_hash(&head.hash)
                    )
                })
                .collect();
            output::print(&lines.concat())
        }
    }
}
