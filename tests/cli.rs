//! The command line, run as a player runs it: the `muster` binary against a temporary
//! database, with a cleared environment and a fixed clock. JSON output is parsed, never
//! matched as text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

#[path = "cli/quoted.rs"]
mod quoted;
#[path = "cli/recorded.rs"]
mod recorded;
#[path = "cli/restore.rs"]
mod restore;
#[path = "cli/revised.rs"]
mod revised;
#[path = "cli/rules.rs"]
mod rules;
#[path = "cli/support.rs"]
mod support;

#[path = "cli/amend_last.rs"]
mod amend_last;
#[path = "cli/amendments.rs"]
mod amendments;
#[path = "cli/audit.rs"]
mod audit;
#[path = "cli/backup.rs"]
mod backup;
#[path = "cli/blame.rs"]
mod blame;
#[path = "cli/campaign.rs"]
mod campaign;
#[path = "cli/carry_over.rs"]
mod carry_over;
#[path = "cli/chronicle.rs"]
mod chronicle;
#[path = "cli/colour.rs"]
mod colour;
#[path = "cli/completions.rs"]
mod completions;
#[path = "cli/environment.rs"]
mod environment;
#[path = "cli/exit_codes.rs"]
mod exit_codes;
#[path = "cli/formats.rs"]
mod formats;
#[path = "cli/harm.rs"]
mod harm;
#[path = "cli/help.rs"]
mod help;
#[path = "cli/history.rs"]
mod history;
#[path = "cli/honoured.rs"]
mod honoured;
#[path = "cli/html.rs"]
mod html;
#[path = "cli/html_sheet.rs"]
mod html_sheet;
#[path = "cli/info.rs"]
mod info;
#[path = "cli/integrity.rs"]
mod integrity;
#[path = "cli/invites.rs"]
mod invites;
#[path = "cli/k9.rs"]
mod k9;
#[path = "cli/log.rs"]
mod log;
#[path = "cli/markdown.rs"]
mod markdown;
#[path = "cli/medal_cards.rs"]
mod medal_cards;
#[path = "cli/medals.rs"]
mod medals;
#[path = "cli/mission.rs"]
mod mission;
#[path = "cli/notes.rs"]
mod notes;
#[path = "cli/now.rs"]
mod now;
#[path = "cli/numbers.rs"]
mod numbers;
#[path = "cli/play.rs"]
mod play;
#[path = "cli/printed.rs"]
mod printed;
#[path = "cli/progress.rs"]
mod progress;
#[path = "cli/proof.rs"]
mod proof;
#[path = "cli/service_record.rs"]
mod service_record;
#[path = "cli/suggestions.rs"]
mod suggestions;
#[path = "cli/synth.rs"]
mod synth;
#[path = "cli/transfer.rs"]
mod transfer;
#[path = "cli/typed.rs"]
mod typed;
#[path = "cli/voids.rs"]
mod voids;
#[path = "cli/zero_dark.rs"]
mod zero_dark;
#[path = "cli/zero_dark_missions.rs"]
mod zero_dark_missions;
#[path = "cli/zero_dark_words.rs"]
mod zero_dark_words;
