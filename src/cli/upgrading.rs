//! What the command line says as a large file is brought up to this version's schema, so a
//! command or a server that spends minutes on it before anything else is not taken for stuck.

use muster::store::Upgrade;

use super::colour;

/// From how many events an upgrade is worth a note: a group's file upgrades at once, and a
/// note on every small file would be noise.
const TOLD_FROM: u64 = 100_000;

/// Writes the note of [`said`] to standard error, if there is one.
pub fn note(upgrade: &Upgrade) {
    if let Some(note) = said(upgrade) {
        colour::note(&note);
    }
}

/// The note for `upgrade`, or `None` for a file small enough to upgrade at once.
fn said(upgrade: &Upgrade) -> Option<String> {
    (upgrade.events >= TOLD_FROM).then(|| {
        format!(
            "bringing this file's log of {} events up to this version of muster (schema {} to {}); on a large file this can take minutes, once (10 million events took 8 on two cores); stopping it loses nothing, and the next command starts it again",
            upgrade.events, upgrade.from, upgrade.to
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upgrade(events: u64) -> Upgrade {
        Upgrade {
            from: 21,
            to: 22,
            events,
        }
    }

    #[test]
    fn a_large_file_is_told_of_with_its_size_and_schemas_and_a_small_one_is_not() {
        assert_eq!(said(&upgrade(TOLD_FROM - 1)), None);
        let note = said(&upgrade(1_250_000)).unwrap_or_default();
        assert!(note.contains("log of 1250000 events"), "{note}");
        assert!(note.contains("schema 21 to 22"), "{note}");
        assert!(note.contains("stopping it loses nothing"), "{note}");
    }
}
