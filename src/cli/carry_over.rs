//! `muster carry-over`: a Soldier's or the squad's paper sheet brought into muster, once,
//! before play recorded here touches it.

use muster::domain::command::Command;

use super::args::{count, pair};
use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(
    allow_negative_numbers = true,
    after_help = "A campaign half played on paper starts here: enlist each Soldier from his card, carry over what his sheet says (`carry-over Reyes --xp 7 --wounds 1 --medal \"Bronze Star=2\" --missions 3 --why \"sheet of 12 May\"`), and the squad's (`carry-over --squad --rp-bank 9 --missions 4 --why ...`). Numbers given replace the log's; those left out stay. A Soldier is carried over once, before his first Mission recorded in muster; the squad once, before the campaign's first. The next Mission is numbered after the paper ones, and a Mission played on paper cannot be named (mission show, --mission, mission:N)."
)]
pub struct Args {
    /// The Soldier whose sheet it is (or --squad)
    #[arg(required_unless_present = "squad", conflicts_with = "squad")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: Option<String>,
    /// The squad's sheet: its RP bank and the Missions played on paper
    #[arg(long)]
    squad: bool,
    /// His XP on the sheet
    #[arg(long, value_name = "N", conflicts_with = "squad")]
    xp: Option<String>,
    /// His Wounds on the sheet
    #[arg(long, value_name = "N", conflicts_with = "squad")]
    wounds: Option<String>,
    /// His Hardy counters of a type (repeat for each type): cold=2
    #[arg(long, value_name = "TYPE=N", conflicts_with = "squad")]
    hardy: Vec<String>,
    /// A Medal sticker on his sheet with its RP (repeat for each): "Bronze Star=2"
    #[arg(long, value_name = "NAME=RP", conflicts_with = "squad")]
    medal: Vec<String>,
    /// A K9's Discipline counters on the sheet
    #[arg(long, value_name = "N", conflicts_with = "squad")]
    discipline: Option<String>,
    /// The squad's RP bank on the sheet
    #[arg(long, value_name = "N", conflicts_with = "soldier")]
    rp_bank: Option<String>,
    /// The Missions played on paper: the squad's (the next is numbered after them), or his
    #[arg(long, value_name = "N")]
    missions: Option<String>,
    /// Where the numbers come from (kept in the log): "the sheet of 12 May"
    #[arg(long)]
    why: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let number = |text: &Option<String>, what: &str| text.as_deref().map(|n| count(n, what)).transpose();
    let missions = number(&args.missions, "--missions")?;
    if args.squad {
        return ctx.execute(&Command::CarrySquadOver {
            rp_bank: number(&args.rp_bank, "--rp-bank")?,
            missions,
            why: args.why,
        });
    }
    let hardy = args
        .hardy
        .iter()
        .map(|text| {
            let (kind, n) = pair(text, "--hardy", "cold=2")?;
            Ok((kind, count(n, "--hardy")?))
        })
        .collect::<Result<Vec<_>, CommandError>>()?;
    let medals = args
        .medal
        .iter()
        .map(|text| {
            let (name, rp) = text
                .rsplit_once('=')
                .filter(|(name, rp)| !name.trim().is_empty() && !rp.trim().is_empty())
                .ok_or_else(|| {
                    CommandError::refused(format!(
                        "--medal: '{}' is not accepted; write NAME=RP, e.g. \"Bronze Star=2\"",
                        text.escape_debug()
                    ))
                })?;
            Ok((name.trim().to_owned(), count(rp.trim(), "--medal")?))
        })
        .collect::<Result<Vec<_>, CommandError>>()?;
    ctx.execute(&Command::CarrySoldierOver {
        soldier: args.soldier.unwrap_or_default(),
        xp: number(&args.xp, "--xp")?,
        wounds: number(&args.wounds, "--wounds")?,
        hardy,
        medals,
        missions,
        discipline: number(&args.discipline, "--discipline")?,
        why: args.why,
    })
}
