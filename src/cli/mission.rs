//! `muster mission start|end|show`.

use clap::{Subcommand, ValueEnum};
use muster::domain::MissionResult;
use muster::domain::command::Command as Intent;

use muster::projection::mission::{MissionSummary, ZeroDarkSummary};
use muster::query::Query;

use super::args::{count, number};
use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::roster_words as words;

/// How the Mission ended, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ResultArg {
    Success,
    Failure,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sum up a Mission: who went, the squad's RP, Medal RP, Hostile-draw RP, the award
    #[command(allow_negative_numbers = true)]
    Show {
        /// The Mission's number [default: the latest]
        n: Option<String>,
    },
    /// Start a Mission (every active Soldier goes unless --with names them)
    #[command(allow_negative_numbers = true)]
    Start {
        /// The Mission's name, e.g. "Hill 112"
        name: String,
        /// A Soldier taken on the Mission; repeat for each (a K9 only with his Handler)
        #[arg(long = "with", value_name = "SOLDIER")]
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
        soldiers: Vec<String>,
        /// Track Multiple Objectives: N placed left to right; success needs all completed
        #[arg(long, value_name = "N")]
        objectives: Option<String>,
        /// The K9 Objective chosen when a K9 goes on the Mission (exactly one)
        #[arg(long = "k9-objective", value_name = "TEXT")]
        k9_objectives: Vec<String>,
        /// An Environment of the whole Mission as TYPE:TARGET, e.g. cold:6; repeat for each
        #[arg(long = "environ", value_name = "TYPE:TARGET")]
        environments: Vec<String>,
    },
    /// End the Mission in progress (Suppress is cleared)
    #[command(allow_negative_numbers = true)]
    End {
        /// How it ended
        #[arg(long, value_enum)]
        result: ResultArg,
        /// RP the squad gains to make purchases, into the bank
        #[arg(long, value_name = "N", requires = "why")]
        rp_award: Option<String>,
        /// Why the squad gains that RP
        #[arg(long, value_name = "TEXT", requires = "rp_award")]
        why: Option<String>,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Show { n } => {
            let number = n
                .as_deref()
                .map(|n| count(n, "the Mission's number"))
                .transpose()?;
            let (store, campaign) = ctx.open_campaign_read()?;
            let query = Query::new(&store, &campaign);
            let summary = query.mission(number).map_err(|e| query.explain(e))?;
            return print(ctx.format, &summary);
        }
        Command::Start {
            name,
            soldiers,
            objectives,
            k9_objectives,
            environments,
        } => {
            if k9_objectives.len() > 1 {
                return Err(CommandError::refused(format!(
                    "{} K9 Objectives were given; a Mission with a K9 chooses one K9 Objective (rule 000)",
                    k9_objectives.len()
                )));
            }
            Intent::StartMission {
                name,
                soldiers,
                objectives: objectives.map(|n| count(&n, "--objectives")).transpose()?,
                k9_objective: k9_objectives.into_iter().next(),
                environments: super::environment::declare::pairs(&environments)?,
            }
        }
        Command::End {
            result,
            rp_award,
            why,
        } => Intent::EndMission {
            result: match result {
                ResultArg::Success => MissionResult::Success,
                ResultArg::Failure => MissionResult::Failure,
            },
            rp_award: match rp_award {
                Some(n) => Some((number(&n, "--rp-award")?, why.unwrap_or_default())),
                None => None,
            },
        },
    };
    ctx.execute(&intent)
}

fn print(format: Format, m: &MissionSummary) -> Result<(), CommandError> {
    if format == Format::Json {
        return output::print_json(m);
    }
    let state = match m.result {
        Some(result) => format!("ended: {result}"),
        None => format!("in progress, turn {}", m.turn),
    };
    let mut text = format!("Mission {} '{}', {state}\n", m.number, m.name);
    match &m.zero_dark {
        // Zero Dark keeps no RP: its heroes, its Red Force and its task are the Mission.
        Some(z) => {
            text.push_str(&format!("  Heroes           {}\n", m.soldiers.join(", ")));
            text.push_str(&zero_dark_text(z));
        }
        None => {
            text.push_str(&format!("  Soldiers         {}\n", m.soldiers.join(", ")));
            text.push_str(&rp_text(m));
        }
    }
    output::print(&text)
}

/// A Warfighter Mission's RP: at its start, for drawing Hostiles, surviving, gained and banked.
fn rp_text(m: &MissionSummary) -> String {
    let mut text = format!(
        "  squad RP         {} at the start, Medals not counted\n",
        m.start_rp
    );
    text.push_str(&format!("  Medal RP         {}\n", m.start_medal_rp));
    text.push_str(&format!(
        "  Hostile-draw RP  {} (squad RP + Medal RP)\n",
        m.hostile_draw_rp
    ));
    text.push_str(&format!("  surviving RP     {}\n", m.surviving_rp));
    let gained = m.start_rp.saturating_sub(m.surviving_rp);
    match (&m.rp_award, m.result) {
        (Some(award), _) => text.push_str(&format!("  RP gained        {} ({})\n", award.amount, award.why)),
        (None, None) => text.push_str(&format!(
            "  RP gained        {gained} if it ended now (starting RP less surviving RP)\n"
        )),
        (None, Some(_)) => text.push_str("  RP gained        none recorded\n"),
    }
    text.push_str(&format!("  bank             {} RP\n", m.rp_bank));
    text
}

/// A Zero Dark Mission's Red Force with what became of each bogey, its Allies, the priority
/// task and Buy Time.
fn zero_dark_text(z: &ZeroDarkSummary) -> String {
    let play = &z.play;
    let red_force: Vec<String> = play
        .bogeys
        .iter()
        .map(|b| {
            let state = words::bogey_state(play, &b.name).unwrap_or_else(|| "in play".to_owned());
            format!("{} ({state})", b.name)
        })
        .collect();
    let allies: Vec<String> = z
        .allies
        .iter()
        .map(|a| {
            let mut marks = Vec::new();
            if a.dependent {
                marks.push("Dependent");
            }
            if a.dead {
                marks.push("dead");
            }
            let marks = if marks.is_empty() {
                String::new()
            } else {
                format!(" ({})", marks.join(", "))
            };
            format!("{}, {}'s Ally{marks}", a.name, a.hero)
        })
        .collect();
    let none = |list: Vec<String>| {
        if list.is_empty() {
            "none".to_owned()
        } else {
            list.join("; ")
        }
    };
    let mut text = format!("  Red Force        {}\n", none(red_force));
    text.push_str(&format!("  Allies           {}\n", none(allies)));
    if let (Some(spook), Some(task)) = (&play.spook, play.task) {
        let target = play
            .task_target
            .as_ref()
            .map(|t| format!(", target {t}"))
            .unwrap_or_default();
        text.push_str(&format!("  priority task    {spook}, {task}{target}\n"));
    }
    if let Some(words) = words::buy_time_words(play) {
        text.push_str(&format!("  Buy Time         {words}\n"));
    }
    text
}
