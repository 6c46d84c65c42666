//! `muster now`: what may be recorded now, asked of the rules: each command of play the
//! campaign's state suggests, the ones allowed with their command line, the others with the
//! rules' reason.

use muster::domain::Game;
use muster::query::{Offer, Query};
use serde::Serialize;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each command is decided on the campaign as it stands and nothing is written: what the rules allow is listed with the command line that records it (a roll takes --die N, or a face generated from the committed seed), what they refuse with their reason. Outside a Mission only what comes next for a Soldier whose Wounds reached his Health is suggested."
)]
pub struct Args {}

/// `now --json`: the README's JSON contract documents each field.
#[derive(Serialize)]
struct NowJson<'a> {
    campaign: &'a str,
    offers: &'a [Offer],
}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let query = Query::new(&store, &campaign);
    let offers = query.offers()?;
    if ctx.format == Format::Json {
        return output::print_json(&NowJson {
            campaign: &campaign,
            offers: &offers,
        });
    }
    if offers.is_empty() {
        // Who goes on a Mission is named in the game's words.
        let who = match query.game()? {
            Some(Game::ZeroDark) => "HERO",
            Some(Game::Wwii | Game::Modern) | None => "SOLDIER",
        };
        return output::print(&format!(
            "campaign '{campaign}': no Mission is in progress; start one with `muster mission start NAME --with {who}…`\n"
        ));
    }
    output::print(&printed(&campaign, &offers))
}

/// The offers as the terminal shows them: those allowed first, each with its command line.
fn printed(campaign: &str, offers: &[Offer]) -> String {
    let mut text = format!("campaign '{campaign}': what the rules allow now\n");
    for offer in offers.iter().filter(|o| o.refused.is_none()) {
        // As typed: a name with a space in quotes.
        text.push_str(&format!(
            "  muster {:<32} {}\n",
            shell_words::join(&offer.args),
            offer.label
        ));
        for pay in &offer.pays {
            text.push_str(&format!("    --pay {:<30} {pay}\n", pay.resource));
        }
    }
    let refused: Vec<&Offer> = offers.iter().filter(|o| o.refused.is_some()).collect();
    if !refused.is_empty() {
        text.push_str("not now:\n");
        for offer in refused {
            text.push_str(&format!(
                "  {}: {}\n",
                offer.label,
                offer.refused.as_deref().unwrap_or_default()
            ));
        }
    }
    text
}
