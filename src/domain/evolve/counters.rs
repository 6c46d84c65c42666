//! Counters the fold moves: clamped at zero, an overdraw described for the checked fold.

use crate::domain::soldier::Status;
use crate::domain::state::SoldierState;

/// Moves a Soldier to status `to`, describing the move when he was not in one of `from`.
pub(super) fn change_status(soldier: &mut SoldierState, from: &[Status], to: Status) -> Option<String> {
    let before = soldier.status;
    soldier.status = to;
    (!from.contains(&before)).then(|| format!("makes {} {to}, who was {before}", soldier.card.name))
}

/// Subtracts `amount` from `counter`, clamping at zero and describing an overdraw.
pub(super) fn take(counter: &mut u32, amount: u32, what: &str, who: &str) -> Option<String> {
    let before = *counter;
    *counter = before.saturating_sub(amount);
    (amount > before).then(|| format!("takes {amount} {what} from {who}, who had {before}"))
}

/// Adds a signed `amount` to `counter`, clamping at zero and describing an overdraw.
pub(super) fn adjust(counter: &mut u32, amount: i64, what: &str, who: &str) -> Option<String> {
    let magnitude = u32::try_from(amount.unsigned_abs()).unwrap_or(u32::MAX);
    if amount >= 0 {
        *counter = counter.saturating_add(magnitude);
        None
    } else {
        take(counter, magnitude, what, who)
    }
}
