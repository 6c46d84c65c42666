//! How a command that wrote events reports them: one line per event and the new head.

use muster::app::Written;
use muster::projection::summary::summary;
use serde::Serialize;

use super::error::CommandError;
use super::output::{self, Format};
use muster::store::Head;

#[derive(Serialize)]
struct WrittenJson<'a> {
    written: Vec<WrittenEvent>,
    head: &'a Head,
    /// What the cards say about the events (a Medal's condition, requirement and benefit).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

#[derive(Serialize)]
struct WrittenEvent {
    version: u64,
    kind: &'static str,
    summary: String,
}

/// Prints `written` as text lines or one JSON object, with what the cards say about it.
pub fn print(format: Format, written: &Written, notes: &[String]) -> Result<(), CommandError> {
    let events = written
        .events
        .iter()
        .zip(written.first_version..)
        .map(|(event, version)| WrittenEvent {
            version,
            kind: event.kind(),
            summary: summary(event),
        });
    match format {
        Format::Json => output::print_json(&WrittenJson {
            written: events.collect(),
            head: &written.head,
            notes,
        }),
        Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
            let mut text: String = events
                .map(|e| format!("v{:<5} {}\n", e.version, e.summary))
                .collect();
            for note in notes {
                text.push_str(&format!("       {note}\n"));
            }
            text.push_str(&format!(
                "head v{} {}\n",
                written.head.version,
                output::short_hash(&written.head.hash)
            ));
            output::print(&text)
        }
    }
}
