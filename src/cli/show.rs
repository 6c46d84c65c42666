//! `muster show VERSION`: one event explained.

use muster::domain::roll::source_words;
use muster::projection::as_of::{self, AsOf};
use muster::projection::show::Shown;
use muster::projection::summary::{disproof_line, roll_line};
use muster::query::Query;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The event's campaign version, as `muster log` prints it (v12) or bare (12)
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    version: String,
    /// As the log stood at REF (a later void is not yet known): a version, a head, a time, mission:N, or now
    #[arg(long, value_name = "REF")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    as_of: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let version = as_of::version(&args.version, "VERSION")?;
    let at = args.as_of.as_deref().map(str::parse::<AsOf>).transpose()?;
    let query = Query::new(&store, &campaign);
    let shown = query.show(version, at).map_err(|e| query.explain(e))?;
    print(ctx.format, &shown)
}

/// Prints one explained event in the chosen format.
pub fn print(format: Format, shown: &Shown) -> Result<(), CommandError> {
    match format {
        Format::Json => output::print_json(shown),
        Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
            output::print(&render(shown))
        }
    }
}

fn render(shown: &Shown) -> String {
    let mut text = format!("v{} {}\n", shown.version, shown.summary);
    let mut field = |name: &str, value: &str| text.push_str(&format!("  {name:<12} {value}\n"));
    field("kind", &format!("{} (schema {})", shown.kind, shown.schema));
    field("recorded", &shown.recorded_at);
    field("event id", &shown.event_id);
    field("command id", &shown.command_id);
    if let Some(by) = &shown.recorded_by {
        field("recorded by", by);
    }
    if let Some(roll) = &shown.roll {
        field("roll", &roll_line(roll));
        field(
            "die",
            &format!("{} {:?} ({})", roll.die, roll.faces, source_words(roll.source)),
        );
        if let Some(target) = roll.target {
            field("target", &format!("{target}+ as printed"));
        }
        for m in &roll.modifiers {
            field("modifier", &format!("{:+} from {}", m.value, m.source));
        }
        for c in &roll.costs {
            field("cost", &format!("{} {}", c.amount, c.resource));
        }
        if let Some(key) = &roll.dice {
            field(
                "generated",
                &format!(
                    "seed {}, version {}, die {}",
                    output::short_hash(&key.commitment),
                    key.version,
                    key.index
                ),
            );
        }
    }
    if let Some(again) = &shown.recomputed {
        field("recomputed", &again.verdict());
        let generated = shown.roll.as_ref().is_some_and(|r| r.dice.is_some());
        match again.face_from_seed {
            Some(face) => field("seed check", &format!("the revealed seed gives the face {face}")),
            None if generated => field(
                "seed check",
                "the seed is not revealed yet (`muster seed reveal`)",
            ),
            None => {}
        }
        match again.seed_held {
            Some(true) => field(
                "rolled",
                "here: this file keeps the seed that made it, and checks every face that seed made when it comes in",
            ),
            Some(false) if again.face_from_seed.is_some() => field(
                "rolled",
                "on another copy: this file does not keep its seed, and the seed revealed since checks the face",
            ),
            Some(false) => field(
                "rolled",
                "on another copy, offline: this file does not keep its seed, so the face is checked only once that seed is revealed, and that copy's holder could foresee it",
            ),
            None => {}
        }
        if generated {
            field(
                "fair against",
                "whoever does not hold the database file: its holder can read the seed and foresee or steer the next faces; where that matters, enter faces from real dice (--die)",
            );
        }
    }
    field("payload", &shown.payload.to_string());
    match &shown.voided_by {
        Some(void) => {
            field("voided", &format!("yes, by v{}: {}", void.version, void.why));
            for d in &void.disproofs {
                field("disproved", &disproof_line(d));
            }
        }
        None => field("voided", "no"),
    }
    field("prev hash", &shown.prev_hash);
    field("hash", &shown.hash);
    if shown.command.len() > 1 {
        text.push_str("  the same command wrote:\n");
        for sibling in &shown.command {
            text.push_str(&format!("    v{:<5} {}\n", sibling.version, sibling.summary));
        }
    }
    text
}
