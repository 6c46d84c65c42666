//! The command line: clap definitions, one module per command, and the dispatch.

mod amend;
mod args;
mod audit;
mod backup;
mod campaign;
mod carry_over;
mod chart;
mod checks;
mod chronicle;
mod colour;
mod complete;
mod context;
mod copies;
mod demo;
mod dev;
mod dice_args;
mod enlist;
mod environment;
mod error;
mod export;
mod file;
mod help;
mod honours;
mod import;
mod info;
mod invite;
mod k9;
mod line;
mod log;
mod man;
mod medals;
mod mission;
mod named;
mod note;
mod now;
mod output;
mod pager;
mod paths;
mod progress;
mod pull;
mod push;
mod rebuild;
mod remote;
mod roster;
mod roster_html;
mod roster_words;
mod serve;
mod served;
mod shell;
mod show;
mod turn;
mod undo;
mod upgrading;
mod verify;
mod void;
mod warfighter;
mod width;
mod written;
mod xp;
mod zero_dark;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::parser::ValueSource;
use clap::{ArgMatches, ColorChoice, CommandFactory, FromArgMatches, Parser, Subcommand};

use checks::{check, objective};
use context::Context;
use environment::{environ, hardy, resolve};
use error::CommandError;
use muster::app::Needs;
use muster::domain::command::{Harm, StatusChange};
use output::Format;
use warfighter::{ekia, harm, rp, rp_card, status, suppress_hostile};

/// Keeps a Warfighter or Horizon Wars: Zero Dark campaign as an append-only,
/// hash-chained log of events, and prints the roster any point of it makes.
#[derive(Debug, Parser)]
#[command(name = "muster", version, about, max_term_width = 100)]
#[command(
    after_help = "Exit codes: 0 done; 1 refused (nothing written); 2 usage error; \
3 verify found the log altered; 4 storage failure."
)]
pub struct Cli {
    /// The database file [default: the platform data directory's muster/muster.db; `muster
    /// info` prints it]
    #[arg(long, global = true, env = "MUSTER_DB", value_name = "PATH", help_heading = help::GLOBAL)]
    db: Option<PathBuf>,
    /// The campaign to work on [default: the one last created or selected with `campaign use`]
    #[arg(long, global = true, env = "MUSTER_CAMPAIGN", value_name = "NAME", help_heading = help::GLOBAL)]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::campaigns))]
    campaign: Option<String>,
    /// How to print data; a command refuses a format it does not print
    #[arg(long, global = true, value_parser = output::formats(), default_value = Format::Table.word(), help_heading = help::GLOBAL)]
    format: Format,
    /// Short for --format json
    #[arg(long, global = true, help_heading = help::GLOBAL)]
    json: bool,
    /// When to colour: auto (on a terminal, unless NO_COLOR is set), always or never
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, help_heading = help::GLOBAL)]
    color: ColorChoice,
    /// Run the command on this server (a URL, or a name saved with `muster remote add`)
    /// rather than on this machine's file
    #[arg(long, global = true, env = "MUSTER_REMOTE", value_name = "URL|NAME", help_heading = help::GLOBAL)]
    remote: Option<String>,
    /// The token to call the server with [default: the saved remote's]
    #[arg(long, global = true, env = "MUSTER_TOKEN", hide_env_values = true, value_name = "TOKEN", help_heading = help::GLOBAL)]
    token: Option<String>,
    /// Who records the commands this runs: the name the log keeps with each command
    /// [default: "command line"; through `muster serve`, the token's or session's name]
    #[arg(long = "as", global = true, env = "MUSTER_AS", value_name = "NAME", help_heading = help::GLOBAL)]
    recorded_by: Option<String>,
    /// Whether --campaign was given on the command line rather than by MUSTER_CAMPAIGN.
    #[arg(skip)]
    campaign_flag: bool,
    /// The paths the command line names (card and deck files), with the options naming them.
    #[arg(skip)]
    paths: Vec<(String, PathBuf)>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay the bundled example campaign into a temporary database and print it
    Demo(demo::Args),
    /// Create, list and select campaigns
    #[command(subcommand)]
    Campaign(campaign::Command),
    /// Enlist a Soldier (or a Zero Dark hero), from flags or a card file
    Enlist(enlist::Args),
    /// Start, end and sum up Missions
    #[command(subcommand)]
    Mission(mission::Command),
    /// Start the next turn of the Mission (turn 1 sets each K9's Discipline)
    Turn(turn::Args),
    /// A Soldier suffers Wounds
    Wound(harm::Args),
    /// A Soldier suffers Suppress (cleared at the end of the Mission)
    Suppress(harm::Args),
    /// Heal a Soldier's Wounds
    Heal(harm::Args),
    /// A Soldier suffers a Downed result (his Medal stickers are removed)
    Down(status::Args),
    /// Return a Downed Soldier to duty
    Recover(status::Args),
    /// A Soldier is Killed (KIA; his Medal stickers are removed)
    Kill(status::Args),
    /// A Soldier leaves the campaign alive
    Discharge(status::Args),
    /// Change a Soldier's XP, or the Zero Dark team's (`team`)
    Xp(xp::Args),
    /// Add or expend a Soldier's Hardy counters of one type
    Hardy(hardy::Args),
    /// A Soldier inflicts an EKIA on a Hostile and gains its value in XP
    Ekia(ekia::Args),
    /// The squad's RP bank: grant and spend
    #[command(subcommand)]
    Rp(rp::Command),
    /// Medals: the Nation's deck, drawing, the recipient, earning and losing, stickers
    #[command(subcommand)]
    Medal(medals::Command),
    /// A Soldier places a Suppression on a Hostile card
    SuppressHostile(suppress_hostile::Args),
    /// Skills, Equipment and Service Records that add to a Soldier's RP
    #[command(subcommand)]
    RpCard(rp_card::Command),
    /// An ability check: d10 plus modifiers against the target on the Soldier's card
    Check(check::Args),
    /// An Environment roll (a failure awaits `muster resolve`); `environ declare|clear`: the
    /// Environments in force, whose rolls each turn waits for
    Environ(environ::Args),
    /// Settle a failed Environment roll: a Hardy counter, a Wound or a Suppress
    Resolve(resolve::Args),
    /// Multiple Objectives: activate and complete them left to right
    #[command(subcommand)]
    Objective(objective::Command),
    /// K9 Encounters: draw, ignore, roll, accept or retry; and the K9 Objective
    #[command(subcommand)]
    K9(k9::Command),
    /// Zero Dark: a hero's state (ready, targeted, wounded N, stunned, down, dead, persuaded, captured, lost)
    HeroState(zero_dark::HeroStateArgs),
    /// Zero Dark: bogeys of the Red Force: add, down, dead
    #[command(subcommand)]
    Bogey(zero_dark::BogeyCommand),
    /// Zero Dark: a hero places a bogey into the targeted state
    Target(zero_dark::TargetArgs),
    /// Zero Dark: the Spook's Buy Time and priority task
    #[command(subcommand)]
    Spook(zero_dark::SpookCommand),
    /// Zero Dark: persuade a bogey in CQB (A successes against the bogey's)
    Persuade(zero_dark::PersuadeArgs),
    /// Zero Dark: Allies: the Dependent upgrade, and straying more than 4"
    #[command(subcommand)]
    Ally(zero_dark::AllyCommand),
    /// Print the roster, now or as of an earlier point
    Roster(roster::Args),
    /// What may be recorded now, asked of the rules (the turn, what is owed, what waits)
    Now(now::Args),
    /// Take back your own last command (or the one that wrote VERSION), by the void rules
    Undo(undo::Args),
    /// Print the log of events
    Log(log::Args),
    /// For every number in a Soldier's roster row, the events that made it
    Blame(audit::BlameArgs),
    /// Record what a Soldier's paper sheet says; `verify` checks it against the log
    Assert(audit::AssertArgs),
    /// The campaign's story: an after-action report for each Mission, the timeline, statistics and notes
    Chronicle(chronicle::Args),
    /// Carry a Soldier's or the squad's paper sheet over into muster, once, before play here
    CarryOver(carry_over::Args),
    /// Write a note on the campaign, a Soldier or a Mission (the one in progress by default)
    Note(note::Args),
    /// What changed on the roster between two points
    Diff(audit::DiffArgs),
    /// The dice seed: reveal it so anyone can recompute the generated faces
    #[command(subcommand)]
    Seed(audit::SeedCommand),
    /// Explain one event: its command, whether it was voided, its hash
    Show(show::Args),
    /// Void every event of the command that wrote VERSION (the fix for a mistake)
    Void(void::Args),
    /// Correct the command that wrote VERSION with the faces it rolled: `amend V --why T -- COMMAND…`
    Amend(amend::Args),
    /// Check the chain, gaps, voids, rolls, seeds, assertions and the fold; exit 3 on a finding
    Verify(verify::Args),
    /// Write a campaign as JSON Lines to standard output
    Export(export::Args),
    /// Read a file written by `export` into this database
    Import(import::Args),
    /// Copy the whole database (every campaign, seeds, tokens) into one verified file, while others use it
    Backup(backup::Args),
    /// Fold the whole log again and write a fresh checkpoint (checkpoints are only a cache)
    Rebuild(rebuild::Args),
    /// Developer tools: synthetic campaigns for benchmarks
    #[command(subcommand)]
    Dev(dev::Command),
    /// Print a completion script for bash, zsh or fish
    Completions(shell::CompletionsArgs),
    /// Where the data is: the database file, its size and schema, its campaigns, the one selected
    Info(info::Args),
    /// Print the manual page (roff), e.g. `muster man > muster.1`; `--dir DIR` writes one per command
    Man(man::Args),
    /// Serve the database over HTTP (a JSON API under /api/v1); `serve token`: who may call it
    Serve(serve::Args),
    /// Save, list and forget the servers `--remote NAME` calls
    #[command(subcommand)]
    Remote(remote::Command),
    /// Bring a server's campaign into this database: the events after this copy's head
    Pull(pull::Args),
    /// Send this copy's events the server lacks, when the server has not moved on
    Push(push::Args),
}

/// Parses the process's command line: clap's help and errors coloured as `--color` asks, and
/// a global option the command does not honour refused as a usage error (exit 2).
pub fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    let grammar = || help::command(Cli::command).color(colour::asked(&args));
    let mut command = grammar();
    let matches = command
        .try_get_matches_from_mut(&args)
        .unwrap_or_else(|e| served_hint(honours::usage_as_typed(e, grammar, &args)).exit());
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    cli.campaign_flag = matches.value_source("campaign") == Some(ValueSource::CommandLine);
    cli.paths = paths::given(&command, &matches);
    if let Err(message) = honours::check(cli.command.name().needs().honours, cli.format(), &matches) {
        honours::usage_error(&mut command, &matches, message).exit();
    }
    if let Err(message) = remote_check(&cli, &matches) {
        honours::usage_error(&mut command, &matches, message).exit();
    }
    cli
}

/// A usage error for `muster token …` (or `invite`, `session`), told that the server's
/// commands sit under `serve`: clap's own suggestion only knows the top level's names.
fn served_hint(mut error: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let served = match error.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(word)) if ["token", "invite", "session"].contains(&word.as_str()) => {
            format!("serve {word}")
        }
        _ => return error,
    };
    if error.kind() == ErrorKind::InvalidSubcommand {
        error.insert(
            ContextKind::SuggestedSubcommand,
            ContextValue::Strings(vec![served]),
        );
    }
    error
}

/// Refuses `--remote` on the command line of a command that runs here, and `--db` beside a
/// remote, whose database is the server's.
fn remote_check(cli: &Cli, matches: &clap::ArgMatches) -> Result<(), String> {
    let typed = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    if typed("remote") && !cli.command.name().needs().remotely {
        return Err(
            "--remote is not honoured by this command, which works on this machine; drop it".to_owned(),
        );
    }
    if cli.remote.is_some() && cli.command.name().needs().remotely && typed("db") {
        return Err(
            "--db names this machine's file, and --remote runs the command on the server's; give one of them"
                .to_owned(),
        );
    }
    Ok(())
}

impl Cli {
    /// The format asked for: `--json` is `--format json`.
    fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }
}

/// The command line as the server runs it, for a client.
impl line::CommandLine for Cli {
    fn grammar() -> clap::Command {
        help::command(Cli::command)
    }

    fn from_matches(matches: &ArgMatches) -> Result<Cli, clap::Error> {
        Cli::from_arg_matches(matches)
    }

    fn needs(&self) -> Needs {
        self.command.name().needs()
    }

    fn creates(&self) -> Option<&str> {
        self.command.creates()
    }

    fn run(self, ctx: &Context) -> Result<(), CommandError> {
        dispatch(ctx, self.command)
    }
}

/// Answers the shell and exits when it asks for completions; returns otherwise.
pub fn complete_if_asked() {
    complete::answer_if_asked(Cli::command);
}

/// Runs a parsed command line and returns the process's exit code.
pub fn run(cli: Cli) -> ExitCode {
    colour::apply(cli.color);
    muster::store::on_waiting(colour::waiting_for_another_writer);
    muster::store::on_upgrading(upgrading::note);
    let format = cli.format();
    let result = match (&cli.remote, &cli.command) {
        // The export is read as a stream and written here, where --output names a file.
        (Some(remote), Command::Export(args)) => remote::Remote::resolve(remote, cli.token.as_deref())
            .and_then(|server| remote::export(&server, cli.campaign.as_deref(), args.output())),
        (Some(remote), command) if command.name().needs().remotely => {
            let created = cli.command.creates().map(str::to_owned);
            remote::forward(&remote::Forwarded {
                remote,
                token: cli.token.as_deref(),
                campaign: created.as_deref().or(cli.campaign.as_deref()),
                format,
                paged: matches!(command, Command::Log(args) if args.pages()),
                paths: &cli.paths,
            })
        }
        _ => Context::new(cli.db, (cli.campaign, cli.campaign_flag), format).and_then(|mut ctx| {
            ctx.token = cli.token;
            ctx.recorder = cli.recorded_by.as_deref().map(recorder).transpose()?;
            dispatch(&ctx, cli.command)
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            colour::error(&error.message);
            if let Some(hint) = &error.hint {
                colour::hint(hint);
            }
            error.exit_code()
        }
    }
}

/// The name given with `--as`, spaces around it dropped and composed: refused when nothing
/// is left or it holds a control character or one that prints as nothing or reorders the
/// text, which the log would keep with every command.
fn recorder(name: &str) -> Result<String, CommandError> {
    use muster::domain::names;
    let name = names::composed(name.trim());
    if !muster::domain::logged::printable_recorder(&name) {
        return Err(CommandError::refused(format!(
            "--as '{}' is not a name to record commands by: give a printable name, e.g. --as Sam, or drop --as to record them as \"{}\"",
            name.escape_debug(),
            muster::domain::logged::COMMAND_LINE
        )));
    }
    Ok(name)
}

fn dispatch(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::Demo(args) => demo::run(ctx, args),
        Command::Campaign(command) => campaign::run(ctx, command),
        Command::Enlist(args) => enlist::run(ctx, args),
        Command::Mission(command) => mission::run(ctx, command),
        Command::Turn(args) => turn::run(ctx, args),
        Command::Wound(args) => harm::run(ctx, Harm::Wound, args),
        Command::Suppress(args) => harm::run(ctx, Harm::Suppress, args),
        Command::Heal(args) => harm::run(ctx, Harm::Heal, args),
        Command::Down(args) => status::run(ctx, StatusChange::Down, args),
        Command::Recover(args) => status::run(ctx, StatusChange::Recover, args),
        Command::Kill(args) => status::run(ctx, StatusChange::Kill, args),
        Command::Discharge(args) => status::run(ctx, StatusChange::Discharge, args),
        Command::Xp(args) => xp::run(ctx, args),
        Command::Hardy(args) => hardy::run(ctx, args),
        Command::Ekia(args) => ekia::run(ctx, args),
        Command::Rp(command) => rp::run(ctx, command),
        Command::Medal(command) => medals::run(ctx, command),
        Command::SuppressHostile(args) => suppress_hostile::run(ctx, args),
        Command::RpCard(command) => rp_card::run(ctx, command),
        Command::Check(args) => check::run(ctx, args),
        Command::Environ(args) => environ::run(ctx, args),
        Command::Resolve(args) => resolve::run(ctx, args),
        Command::Objective(command) => objective::run(ctx, command),
        Command::K9(command) => k9::run(ctx, command),
        Command::HeroState(args) => zero_dark::hero_state(ctx, args),
        Command::Bogey(command) => zero_dark::bogey(ctx, command),
        Command::Target(args) => zero_dark::target(ctx, args),
        Command::Spook(command) => zero_dark::spook(ctx, command),
        Command::Persuade(args) => zero_dark::persuade(ctx, args),
        Command::Ally(command) => zero_dark::ally(ctx, command),
        Command::Roster(args) => roster::run(ctx, args),
        Command::Now(args) => now::run(ctx, args),
        Command::Undo(args) => undo::run(ctx, args),
        Command::Log(args) => log::run(ctx, args),
        Command::Blame(args) => audit::blame(ctx, args),
        Command::Assert(args) => audit::assert(ctx, args),
        Command::Note(args) => note::run(ctx, args),
        Command::CarryOver(args) => carry_over::run(ctx, args),
        Command::Chronicle(args) => chronicle::run(ctx, args),
        Command::Diff(args) => audit::diff(ctx, args),
        Command::Seed(command) => audit::seed(ctx, command),
        Command::Show(args) => show::run(ctx, args),
        Command::Void(args) => void::run(ctx, args),
        Command::Amend(args) => amend::run::<Cli>(ctx, args),
        Command::Verify(args) => verify::run(ctx, args),
        Command::Export(args) => export::run(ctx, args),
        Command::Import(args) => import::run(ctx, args),
        Command::Backup(args) => backup::run(ctx, args),
        Command::Remote(command) => remote::run(ctx, command),
        Command::Pull(args) => pull::run(ctx, args),
        Command::Push(args) => push::run(ctx, args),
        Command::Rebuild(args) => rebuild::run(ctx, args),
        Command::Dev(command) => dev::run(ctx, command),
        Command::Completions(args) => shell::completions(args, Cli::command),
        Command::Info(args) => info::run(ctx, args),
        Command::Man(args) => man::run(args, Cli::command),
        Command::Serve(args) => serve::run(ctx, args, served::prepare::<Cli>),
    }
}
