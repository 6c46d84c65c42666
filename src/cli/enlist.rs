//! `muster enlist`: a Soldier from flags, or from a card file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use muster::catalog::soldier_card;
use muster::domain::command::Command;
use muster::domain::soldier::{Ability, SoldierCard, SoldierKind, Stats};

use super::args::{count, once, pair};
use super::context::Context;
use super::error::CommandError;
use super::file::read_text;

/// A Soldier's kind, as typed.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum KindArg {
    Player,
    Nps,
    Squad,
    K9,
    Hero,
}

impl From<KindArg> for SoldierKind {
    fn from(kind: KindArg) -> Self {
        match kind {
            KindArg::Player => SoldierKind::Player,
            KindArg::Nps => SoldierKind::Nps,
            KindArg::Squad => SoldierKind::Squad,
            KindArg::K9 => SoldierKind::K9,
            KindArg::Hero => SoldierKind::Hero,
        }
    }
}

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier's name, as on his card (names are compared without case)
    #[arg(required_unless_present = "card")]
    name: Option<String>,
    /// Read the Soldier from a card file (JSON); the other card flags are then not allowed
    #[arg(long, value_name = "FILE", conflicts_with_all = ["kind", "rp", "health", "abilities", "keywords", "discipline", "handler", "hardy", "stats", "specialism"])]
    card: Option<PathBuf>,
    /// With --card: enlist under this name instead of the card's
    #[arg(long = "name", value_name = "NAME", requires = "card")]
    rename: Option<String>,
    /// The card's kind
    #[arg(long, value_enum, required_unless_present = "card")]
    kind: Option<KindArg>,
    /// The card's RP (Warfighter's; a Zero Dark hero has none, and may leave it out)
    // A hero's card carries RP 0, as `--rp 0` gives it: the command is the same either way.
    #[arg(long, value_name = "N", required_if_eq_any = [("kind", "player"), ("kind", "nps"), ("kind", "squad"), ("kind", "k9")])]
    rp: Option<String>,
    /// The card's Health
    #[arg(long, value_name = "N")]
    health: Option<String>,
    /// An ability and its target: handler=7, bomb=5/4 (5+, Upgunned 4+); repeat for several
    #[arg(long = "ability", value_name = "KEY=N[/M]")]
    abilities: Vec<String>,
    /// A keyword on the card, e.g. enduring or fire; repeat for several
    #[arg(long = "keyword", value_name = "WORD")]
    keywords: Vec<String>,
    /// A K9's Discipline stat
    #[arg(long, value_name = "N")]
    discipline: Option<String>,
    /// A K9's Handler (enlist the Handler first)
    #[arg(long, value_name = "NAME")]
    handler: Option<String>,
    /// Hardy counters the card starts with: cold=1; repeat for several types
    #[arg(long, value_name = "TYPE=N")]
    hardy: Vec<String>,
    /// A Zero Dark hero's stat: M=3, F=4, A=3, D=5; give all four
    #[arg(long = "stat", value_name = "M|F|A|D=N")]
    stats: Vec<String>,
    /// A Zero Dark hero's specialism, e.g. spook
    #[arg(long, value_name = "WORD")]
    specialism: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let card = match &args.card {
        Some(path) => from_file(path, args.rename.as_deref().or(args.name.as_deref()))?,
        None => from_flags(&args)?,
    };
    ctx.execute(&Command::Enlist(Box::new(card)))
}

fn from_file(path: &Path, rename: Option<&str>) -> Result<SoldierCard, CommandError> {
    let text = read_text(path, "card file")?;
    let mut card = soldier_card::parse(&text, &path.display().to_string())?;
    if let Some(name) = rename {
        card.name = name.to_owned();
    }
    Ok(card)
}

fn from_flags(args: &Args) -> Result<SoldierCard, CommandError> {
    let mut abilities = BTreeMap::new();
    for text in &args.abilities {
        let (key, target) = pair(text, "--ability", "handler=7 or bomb=5/4")?;
        let ability: Ability = target
            .parse()
            .map_err(|e: String| CommandError::refused(format!("--ability {key}: {e}")))?;
        once(&mut abilities, key, ability, "--ability")?;
    }
    let mut hardy = BTreeMap::new();
    for text in &args.hardy {
        let (key, n) = pair(text, "--hardy", "cold=1")?;
        let n = count(n, "--hardy")?;
        once(&mut hardy, key, n, "--hardy")?;
    }
    Ok(SoldierCard {
        name: args.name.clone().unwrap_or_default(),
        kind: args.kind.map_or(SoldierKind::Player, SoldierKind::from),
        rp: count(args.rp.as_deref().unwrap_or("0"), "--rp")?,
        health: args.health.as_deref().map(|n| count(n, "--health")).transpose()?,
        abilities,
        keywords: args.keywords.iter().map(|k| k.to_lowercase()).collect(),
        discipline: args
            .discipline
            .as_deref()
            .map(|n| count(n, "--discipline"))
            .transpose()?,
        handler: args.handler.clone(),
        hardy,
        stats: stats(&args.stats)?,
        specialism: args.specialism.clone(),
    })
}

/// Reads the four `--stat` flags, or none.
fn stats(flags: &[String]) -> Result<Option<Stats>, CommandError> {
    if flags.is_empty() {
        return Ok(None);
    }
    let mut values = BTreeMap::new();
    for text in flags {
        let (key, n) = pair(text, "--stat", "M=3")?;
        let n = u8::try_from(count(n, "--stat")?)
            .map_err(|_| CommandError::refused(format!("--stat {key}: give a number from 0 to 20")))?;
        once(&mut values, key, n, "--stat")?;
    }
    let get = |key: &str| {
        values.get(key).copied().ok_or_else(|| {
            CommandError::refused(format!(
                "--stat {} is missing; give all four: --stat M=N --stat F=N --stat A=N --stat D=N",
                key.to_uppercase()
            ))
        })
    };
    if let Some(unknown) = values
        .keys()
        .find(|k| !["m", "f", "a", "d"].contains(&k.as_str()))
    {
        return Err(CommandError::refused(format!(
            "--stat {unknown} is not a Zero Dark stat; the stats are M, F, A and D"
        )));
    }
    Ok(Some(Stats {
        m: get("m")?,
        f: get("f")?,
        a: get("a")?,
        d: get("d")?,
    }))
}
