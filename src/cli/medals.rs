//! `muster medal deck|draw|reveal|recipient|earn|lose|reshuffle|award`: the Medals
//! expansion's deck and stickers.

use std::path::PathBuf;

use clap::Subcommand;
use muster::catalog::medal_deck;
use muster::domain::command::Command as Intent;
use muster::domain::medals::MedalReturn;

use super::args::number;
use super::context::Context;
use super::dice_args::RollArgs;
use super::error::CommandError;
use super::file::read_text;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Shuffle your Nation's Medal deck for the campaign, from its deck file
    Deck {
        /// The deck file (JSON)
        file: PathBuf,
    },
    /// Draw the deck's top card, named as it turned up, because its condition was met
    Draw {
        /// The Medal drawn
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
        /// What met the condition, e.g. "played the Farmhouse Location" (one card per trigger)
        #[arg(long)]
        trigger: String,
        /// For an Eliminate Medal: the Hostile card the recipient must Eliminate. Hostiles are told apart by name within a Mission (a hit on any card of this name counts), so name a second card of one name distinctly from its first hit on, e.g. "Rifle Team 2"
        #[arg(long, value_name = "NAME")]
        hostile: Option<String>,
    },
    /// Reveal a Medal held face down, when its condition is met
    Reveal {
        /// The Medal
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
    },
    /// Choose the Medal's potential recipient at random among the Mission's Soldiers
    // The die picks one of the Mission's Soldiers, so it is no d10.
    #[command(mut_arg("die", |arg| arg.help(
        "The face of the real die you rolled to pick the recipient, a dN over the Mission's Soldiers still on the books (not KIA or discharged) in the order they went, 1 to N (a d5 among five); without it, muster generates the face from the campaign's committed seed"
    )))]
    Recipient {
        /// The Medal
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
        #[command(flatten)]
        roll: RollArgs,
    },
    /// The recipient met the requirement: his sticker and the benefit
    Earn {
        /// The Medal
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
    },
    /// The Medal is not earned (a turn limit passed): shuffled back, or discarded
    Lose {
        /// The Medal
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
        /// Discard it, as the printed example does, instead of shuffling it back
        #[arg(long)]
        discard: bool,
        /// Why (kept in the log)
        #[arg(long)]
        why: String,
    },
    /// Shuffle the discarded Medals back into the deck
    Reshuffle,
    /// Put a Medal sticker (name and RP) on a Soldier directly, outside the deck
    #[command(allow_negative_numbers = true)]
    Award {
        /// The Soldier, by name
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        soldier: String,
        /// The Medal's name, e.g. "Military Medal"
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::medals))]
        medal: String,
        /// The Medal's RP value
        #[arg(long, value_name = "N")]
        rp: String,
        /// Why he earned it (kept in the log)
        #[arg(long)]
        why: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Deck { file } => {
            let text = read_text(&file, "Medal deck file")?;
            Intent::LoadMedalDeck(medal_deck::parse(&text, &file.display().to_string())?)
        }
        Command::Draw {
            medal,
            trigger,
            hostile,
        } => Intent::DrawMedal {
            medal,
            trigger,
            hostile,
        },
        Command::Reveal { medal } => Intent::RevealMedal { medal },
        Command::Recipient { medal, roll } => {
            return ctx.execute_rolling(&Intent::RollMedalRecipient { medal }, &roll.entered()?);
        }
        Command::Earn { medal } => Intent::EarnMedal { medal },
        Command::Lose { medal, discard, why } => Intent::LoseMedal {
            medal,
            to: if discard {
                MedalReturn::Discard
            } else {
                MedalReturn::Deck
            },
            why,
        },
        Command::Reshuffle => Intent::ReshuffleMedals,
        Command::Award {
            soldier,
            medal,
            rp,
            why,
        } => Intent::AwardMedal {
            soldier,
            medal,
            rp: number(&rp, "--rp")?,
            why,
        },
    };
    ctx.execute(&intent)
}
