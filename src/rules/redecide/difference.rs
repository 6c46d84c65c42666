//! How a command decided again differs from what the log holds: the counts and the first
//! event that differs, as `verify` words it for a stored command and for an inverted one.

use crate::domain::codec::encode;
use crate::domain::event::Event;

/// Says how `decided` (what the rules give) differs from `logged`: how many events each
/// holds and the first that differs, after `what` (which names how it was decided again).
pub(crate) fn first_difference(what: &str, decided: &[Event], logged: &[Event]) -> String {
    let at = decided
        .iter()
        .zip(logged)
        .position(|(decided, logged)| decided != logged)
        .unwrap_or(decided.len().min(logged.len()));
    // As the log writes it: its kind and its payload.
    let shown = |e: Option<&Event>| {
        e.map_or("nothing".to_owned(), |e| {
            let encoded = encode(e);
            format!("{} {}", encoded.kind, encoded.payload)
        })
    };
    format!(
        "{what} {} event(s) where the log has {}; the first to differ is number {}: the rules give {}, the log has {}",
        decided.len(),
        logged.len(),
        at + 1,
        shown(decided.get(at)),
        shown(logged.get(at)),
    )
}
