//! The history: the log's events in order, with their Mission, voided flag and a summary.

use serde::Serialize;
use serde_json::Value;

use super::summary::summary;
use crate::domain::codec;
use crate::domain::event::Event;
use crate::domain::fold::voided_commands;
use crate::domain::soldier::same_name;
use crate::domain::state::RecordedEvent;

/// One event as `muster log` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub version: u64,
    pub kind: &'static str,
    pub recorded_at: String,
    pub command_id: String,
    /// The Mission in progress when it was recorded.
    pub mission: Option<u32>,
    pub voided: bool,
    /// One line a player can read.
    pub summary: String,
    pub payload: Value,
    /// Who recorded its command, as the command's first row names them; null for a command
    /// recorded before the log kept its command.
    pub recorded_by: Option<String>,
}

/// Which events to list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only events about this Soldier (any case).
    pub soldier: Option<String>,
    /// Only events recorded during this Mission, its start and end included.
    pub mission: Option<u32>,
}

/// The entries of `log` that pass `filter`. Voided flags count the voids within `log`.
pub fn entries(log: &[RecordedEvent], filter: &Filter) -> Vec<Entry> {
    let voided = voided_commands(log);
    let mut current_mission = None;
    // The command that ended the Mission: its later events (Suppress cleared) still belong
    // to the Mission, as `--as-of mission:N` counts them.
    let mut ending_command: Option<&str> = None;
    let mut entries = Vec::new();
    for recorded in log {
        let is_voided = voided.contains(&recorded.command_id);
        if ending_command.is_some_and(|id| id != recorded.command_id) {
            current_mission = None;
            ending_command = None;
        }
        match (&recorded.event, is_voided) {
            (Event::MissionStarted(e), false) => current_mission = Some(e.mission),
            (Event::MissionEnded(_), false) => ending_command = Some(&recorded.command_id),
            _ => {}
        }
        let mission = current_mission;
        let about_soldier = filter
            .soldier
            .as_deref()
            .is_none_or(|wanted| about(&recorded.event, wanted));
        let in_mission = filter.mission.is_none_or(|wanted| mission == Some(wanted));
        if about_soldier && in_mission {
            entries.push(entry(recorded, mission, is_voided));
        }
    }
    entries
}

/// Whether `event` is about the Soldier named `wanted` (any case): his own event, or the
/// start of a Mission he was sent on.
pub fn about(event: &Event, wanted: &str) -> bool {
    event.soldier().is_some_and(|s| same_name(s, wanted))
        || matches!(event, Event::MissionStarted(e) if e.soldiers.iter().any(|s| same_name(s, wanted)))
}

/// The entry of one event, recorded during `mission`, its command voided or not.
pub fn entry(recorded: &RecordedEvent, mission: Option<u32>, voided: bool) -> Entry {
    let encoded = codec::encode(&recorded.event);
    Entry {
        version: recorded.version,
        kind: encoded.kind,
        recorded_at: recorded.recorded_at.clone(),
        command_id: recorded.command_id.clone(),
        mission,
        voided,
        summary: summary(&recorded.event),
        payload: serde_json::from_str(&encoded.payload).unwrap_or(Value::Null),
        recorded_by: None,
    }
}
