//! `muster amend VERSION --why TEXT -- COMMAND…`: correct a mistaken command with the faces
//! it rolled, where a void would have let its dice be rolled again.

use muster::Error;
use muster::projection::as_of;
use muster::query::Query;

use super::context::{Amendment, Context};
use super::error::CommandError;
use super::line::{self, CommandLine};

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// Any version written by the mistaken command, as `muster log` prints it (v12) or bare
    /// (12), or `last` for the command that wrote the head
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    version: String,
    /// Why it is corrected (kept in the log, on the void of the mistaken command)
    #[arg(long)]
    why: String,
    /// The command as it should have been, after `--`, e.g. `-- check Reyes medic --mod +1:kit`;
    /// it must roll the same dice, whose faces it keeps
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

pub fn run<C: CommandLine>(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let version = if args.version.trim().eq_ignore_ascii_case("last") {
        // The head now, resolved once, as a void's `last` is.
        let (store, campaign) = ctx.open_campaign_read()?;
        Query::new(&store, &campaign).head()?.version
    } else {
        as_of::version(&args.version, "VERSION")
            .map_err(|e| Error::input(format!("{e}, or `last` for the command that wrote the head")))?
    };
    let inner = line::parse_inner::<C>(args.command).map_err(|e| match e {
        line::Inner::Unread(e) => CommandError::refused(match e.kind() {
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                "the correcting command asks for help, which amend does not print: run `muster COMMAND --help` on its own".to_owned()
            }
            kind => format!("the correcting command does not read: {kind}"),
        }),
        line::Inner::Global(long) => CommandError::refused(format!(
            "the correcting command gives --{long}, which it would ignore: it runs on amend's own database, campaign and recorder; give --{long} before `amend`, or drop it"
        )),
    })?;
    if !inner.needs().right.records_play() {
        return Err(CommandError::refused(
            "amend corrects a command of play (a check, a roll, a Wound, XP…); campaigns, voids, seeds, imports and reports are not amended",
        ));
    }
    ctx.amend(Amendment {
        version,
        why: args.why,
    });
    inner.run(ctx)?;
    if ctx.amendment_pending() {
        return Err(CommandError::refused(
            "the correcting command recorded nothing, so nothing was amended",
        ));
    }
    Ok(())
}
