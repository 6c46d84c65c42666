//! `muster campaign new|list|use|expansion|rules|adopt-rules`.

use clap::{Subcommand, ValueEnum};
use muster::app;
use muster::domain::Game;
use muster::domain::command::Command as Intent;
use muster::domain::rulebook::Expansion;
use muster::domain::rules_version::RulesVersion;
use muster::projection::mission_words::game_name;
use muster::query::{self, Query};

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

/// An expansion, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExpansionArg {
    /// K9 & Handlers (Warfighter Modern Expansion #37)
    K9,
    /// Medals (Warfighter WWII Expansion #44; a Modern campaign may use it too)
    Medals,
}

impl From<ExpansionArg> for Expansion {
    fn from(arg: ExpansionArg) -> Expansion {
        match arg {
            ExpansionArg::K9 => Expansion::K9,
            ExpansionArg::Medals => Expansion::Medals,
        }
    }
}

/// What `campaign expansion` does.
#[derive(Debug, Subcommand)]
pub enum ExpansionChange {
    /// Start using an expansion of the campaign's game
    Add {
        /// The expansion to play from now on
        #[arg(value_enum)]
        expansion: ExpansionArg,
    },
    /// Stop using an expansion no recorded event needs
    Remove {
        /// The expansion to stop playing
        #[arg(value_enum)]
        expansion: ExpansionArg,
    },
}

/// The game a campaign is played with, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum GameArg {
    Wwii,
    Modern,
    ZeroDark,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a campaign and select it
    New {
        /// The campaign's name, e.g. "Operation Lodestar"
        name: String,
        /// The game: Warfighter WWII or Modern, or Horizon Wars: Zero Dark
        #[arg(long, value_enum)]
        game: GameArg,
        /// The Nation you command (WWII), e.g. Canada
        #[arg(long)]
        nation: Option<String>,
        /// An expansion in play (repeat for several); `campaign expansion add` adds one later
        #[arg(long = "expansion", value_name = "NAME", value_enum)]
        expansions: Vec<ExpansionArg>,
    },
    /// List the campaigns in the database
    List,
    /// Select the campaign later commands work on
    Use {
        /// The campaign's name
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::campaigns))]
        name: String,
    },
    /// Add or remove an expansion the campaign was created with (or without)
    Expansion {
        #[command(subcommand)]
        change: ExpansionChange,
    },
    /// The rules versions muster knows, what each changed, and the one in force
    Rules,
    /// Adopt later rules between Missions (a rules fix); the commands before stay decided
    /// under the rules they were played by
    AdoptRules {
        /// The version to adopt [default: the newest]
        version: Option<u32>,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::New {
            name,
            game,
            nation,
            expansions,
        } => {
            let game = match game {
                GameArg::Wwii => Game::Wwii,
                GameArg::Modern => Game::Modern,
                GameArg::ZeroDark => Game::ZeroDark,
            };
            let intent = Intent::CreateCampaign {
                commands_kept: true,
                game,
                nation,
                expansions: expansions.into_iter().map(Expansion::from).collect(),
            };
            let mut store = ctx.open()?;
            let written = app::create_campaign(&mut store, &name, &intent, ctx.clock.as_ref())?;
            ctx.report(&written)
        }
        Command::List => {
            // No file yet is no campaign yet: listing creates nothing.
            let listed = if ctx.db_path()?.exists() {
                let store = ctx.open_read()?;
                let selected = ctx.campaign(&store).ok();
                query::campaign_lines(&store, selected.as_deref(), |name| ctx.reach.admits(name))?
            } else {
                Vec::new()
            };
            // On a server's page the list says so itself; its process's standard error is not
            // the caller's.
            if !output::capturing() {
                for (name, why) in listed
                    .iter()
                    .filter_map(|c| Some((&c.listing.name, c.damaged.as_ref()?)))
                {
                    super::colour::note(&format!(
                        "'{name}' is listed without its game and Missions: its log does not fold ({why}); `muster --campaign {} verify` reports what is wrong",
                        shell_words::quote(name)
                    ));
                }
            }
            match ctx.format {
                Format::Json => output::print_json(&listed),
                Format::Table | Format::Csv | Format::Md if listed.is_empty() => output::print(
                    "no campaigns yet; create one with `muster campaign new NAME --game wwii|modern|zero-dark`\n",
                ),
                Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
                    let rows = listed.iter().map(|c| {
                        vec![
                            if c.listing.selected {
                                "*".to_owned()
                            } else {
                                String::new()
                            },
                            c.listing.name.clone(),
                            c.game.map(game_name).unwrap_or("–").to_owned(),
                            match c.damaged {
                                Some(_) => "–".to_owned(),
                                None => c.missions.to_string(),
                            },
                            c.last_recorded_at.clone().unwrap_or_default(),
                            format!("v{} {}", c.head.version, output::short_hash(&c.head.hash)),
                        ]
                    });
                    let headings = ["", "Campaign", "Game", "Missions", "Last recorded", "Head"];
                    output::print(&format!("{}\n", output::table(&headings, rows)))
                }
            }
        }
        Command::Use { name } => {
            let store = ctx.open()?;
            let name = app::select_campaign(&store, &name)?;
            output::print(&format!("selected campaign '{name}'\n"))
        }
        Command::Expansion { change } => ctx.execute(&match change {
            ExpansionChange::Add { expansion } => Intent::AddExpansion(expansion.into()),
            ExpansionChange::Remove { expansion } => Intent::RemoveExpansion(expansion.into()),
        }),
        Command::Rules => rules(ctx),
        Command::AdoptRules { version } => ctx.execute(&Intent::AdoptRules {
            version: version.map(RulesVersion),
        }),
    }
}

fn rules(ctx: &Context) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let rules = Query::new(&store, &campaign).rules()?;
    match ctx.format {
        Format::Json => output::print_json(&rules),
        Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
            let rows = rules.versions.iter().map(|v| {
                let state = if v.in_force {
                    "in force".to_owned()
                } else if v.version > rules.in_force {
                    format!("adopt with `muster campaign adopt-rules {}`", v.version)
                } else {
                    "earlier".to_owned()
                };
                vec![v.version.to_string(), v.changes.to_owned(), state]
            });
            output::print(&format!(
                "campaign '{}' is decided under rules {}\n{}\n",
                rules.campaign,
                rules.in_force,
                output::table(&["Rules", "What it changed", ""], rows)
            ))
        }
    }
}
