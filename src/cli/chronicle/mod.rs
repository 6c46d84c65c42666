//! `muster chronicle [--mission N]`: the campaign's story, an after-action report for each Mission
//! with the timeline, statistics and notes, for the table, forums and a player's folder.

mod html;
mod text;

use muster::app::Format;
use muster::projection::chronicle::words as document;
use muster::query::Query;

use super::context::Context;
use super::error::CommandError;
use super::output;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Formats: the global --format table (default), md (Markdown for forums), bbcode (BoardGameGeek's forums), html (a printable page, one section a Mission) or json (a documented contract; with --mission, the Mission's report alone). Voided events are left out; the voids themselves are listed with the Mission they strike."
)]
pub struct Args {
    /// Only Mission N's after-action report
    #[arg(long, value_name = "N")]
    mission: Option<u32>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let query = Query::new(&store, &campaign);
    let (doc, game, missions) = match args.mission {
        Some(number) => {
            let (chronicle, report) = query.mission_report(number)?;
            if ctx.format == Format::Json {
                return output::print_json(&report);
            }
            let doc = document::mission_alone(&campaign, chronicle.game, &report);
            (doc, chronicle.game, vec![report])
        }
        None => {
            let chronicle = query.chronicle()?;
            if ctx.format == Format::Json {
                return output::print_json(&chronicle);
            }
            (
                document::chronicle(&chronicle),
                chronicle.game,
                chronicle.missions,
            )
        }
    };
    match ctx.format {
        Format::Md => output::print(&text::markdown(&doc)),
        Format::Bbcode => output::print(&text::bbcode(&doc)),
        Format::Html => output::print(&html::page(&doc, game, &missions)?),
        Format::Table | Format::Csv | Format::Json => output::print(&text::plain(&doc)),
    }
}
