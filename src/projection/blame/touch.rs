//! Which Soldiers an event's fold can move: none, only the one it names, or any of them. A
//! tracker watching every Soldier then looks at one sheet, or none, rather than every one.

use crate::domain::event::Event;

/// The Soldiers whose state an event's fold can change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    /// No Soldier's.
    Nobody,
    /// Only that of the Soldier [`Event::soldier`] names.
    Named,
    /// Any Soldier's: every sheet is looked at.
    Anyone,
}

/// The Soldiers `event`'s fold can change. Any kind not named here is taken to reach anyone.
pub(super) fn reach(event: &Event) -> Reach {
    match event {
        Event::CheckRolled(_)
        | Event::CommandVoided(_)
        | Event::AssertionRecorded(_)
        | Event::NoteWritten(_)
        | Event::RpGranted(_)
        | Event::SeedCommitted(_)
        | Event::SeedRevealed(_)
        | Event::ObjectiveActivated(_)
        | Event::ObjectiveCompleted(_)
        | Event::TurnStarted(_) => Reach::Nobody,
        Event::Wounded(_)
        | Event::Suppressed(_)
        | Event::Healed(_)
        | Event::SuppressCleared(_)
        | Event::XpAdjusted(_)
        | Event::HardyAdjusted(_)
        | Event::DisciplineReset(_)
        | Event::DisciplineSpent(_)
        | Event::Downed(_)
        | Event::Recovered(_)
        | Event::Killed(_)
        | Event::Discharged(_)
        | Event::MedalAwarded(_)
        | Event::MedalStickersRemoved(_)
        | Event::EkiaRecorded(_)
        | Event::HeroStateSet(_) => Reach::Named,
        _ => Reach::Anyone,
    }
}
