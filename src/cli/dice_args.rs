//! The flags every rolling command shares: `--die N` and `--mod N:WHY`.

use muster::domain::command::NamedModifier;

use super::args::number;
use super::error::CommandError;

/// A real die's face, and the modifiers the player names.
#[derive(Debug, clap::Args)]
pub struct RollArgs {
    /// The face of the real d10 you rolled (1 to 10), one per roll; without it, muster
    /// generates the face from the campaign's committed seed
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    die: Vec<String>,
}

impl RollArgs {
    /// The entered faces, in the order given.
    pub fn entered(&self) -> Result<Vec<i64>, CommandError> {
        self.die.iter().map(|d| number(d, "--die")).collect()
    }
}

/// Reads `--mod N:WHY` values: `-1:card`, `+2:Skill card`.
pub fn modifiers(texts: &[String]) -> Result<Vec<NamedModifier>, CommandError> {
    texts
        .iter()
        .map(|text| {
            let (value, source) = text.split_once(':').ok_or_else(|| {
                CommandError::refused(format!(
                    "--mod '{}' is not accepted; write N:WHY, e.g. --mod -1:card or --mod +2:\"Skill card\"",
                    text.escape_debug()
                ))
            })?;
            Ok(NamedModifier {
                value: number(value.trim(), "--mod")?,
                source: source.to_owned(),
            })
        })
        .collect()
}
