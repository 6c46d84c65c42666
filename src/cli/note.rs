//! `muster note TEXT [--soldier NAME] [--mission N]`: a note kept with the campaign's story.

use muster::domain::command::Command;

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "A note is an event like any other: it shows in `log`, `show`, the export and the chronicle. Without --mission it is on the Mission in progress, if one is. Take one back with `muster undo VERSION --why TEXT` (the player who wrote it) or `muster void VERSION` (a gm)."
)]
pub struct Args {
    /// The note, up to 200 characters of plain text (quote it: "Reyes carried Kowalski out")
    text: String,
    /// The Soldier it is about
    #[arg(long, value_name = "NAME")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: Option<String>,
    /// The Mission it is about, by number (default: the one in progress)
    #[arg(long, value_name = "N")]
    mission: Option<u32>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::Note {
        text: args.text,
        soldier: args.soldier,
        mission: args.mission,
    })
}
