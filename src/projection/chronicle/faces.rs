//! The faces of a campaign's d10s against a fair die's: counts, Pearson's chi-square and
//! its p-value, and a warning while there are too few rolls to say anything.

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};

/// The sides of the die whose faces are tallied.
pub const FAIR_SIDES: u8 = 10;

/// The rolls below which the test says nothing: five expected on each face, the usual
/// condition for Pearson's chi-square to hold.
pub const MIN_ROLLS: u64 = 5 * FAIR_SIDES as u64;

/// The faces of one kind of d10 roll (generated, or entered).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Faces {
    /// How many dice were rolled.
    pub rolls: u64,
    /// How many came up 1, 2, … 10.
    pub counts: Vec<u64>,
    /// How many of each face a fair d10 would give: a tenth of the rolls.
    pub expected: f64,
    /// Pearson's statistic, with 9 degrees of freedom; `None` with no rolls.
    pub chi_square: Option<f64>,
    /// The chance a fair die strays this far or further; `None` with no rolls.
    pub p_value: Option<f64>,
    /// Why the p-value says little, when it does.
    pub warning: Option<String>,
}

/// A running tally of faces, made into [`Faces`] at the end.
#[derive(Debug, Clone, Default)]
pub(super) struct Tally {
    counts: [u64; FAIR_SIDES as usize],
}

impl Tally {
    /// Counts one face; a face off the die is not a d10's and is left out.
    pub(super) fn add(&mut self, face: u8) {
        if let Some(count) = face
            .checked_sub(1)
            .and_then(|i| self.counts.get_mut(usize::from(i)))
        {
            *count += 1;
        }
    }

    /// The tally against a fair die.
    pub(super) fn faces(&self) -> Faces {
        let rolls: u64 = self.counts.iter().sum();
        // A count is far below 2^53, so it is exact as an f64.
        let expected = rolls as f64 / f64::from(FAIR_SIDES);
        let chi_square = (rolls > 0).then(|| {
            self.counts
                .iter()
                .map(|&observed| (observed as f64 - expected).powi(2) / expected)
                .sum::<f64>()
        });
        let freedom = f64::from(FAIR_SIDES - 1);
        let p_value = chi_square.and_then(|x| {
            ChiSquared::new(freedom)
                .ok()
                .map(|distribution| distribution.sf(x))
        });
        let warning = (rolls < MIN_ROLLS).then(|| {
            format!("only {rolls} roll(s): too few to say anything; the test needs {MIN_ROLLS} (five a face)")
        });
        Faces {
            rolls,
            counts: self.counts.to_vec(),
            expected,
            chi_square,
            p_value,
            warning,
        }
    }
}
