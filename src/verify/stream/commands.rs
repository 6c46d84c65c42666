//! What a command's rows must hold beyond the fold: its events together, its command carried
//! once the campaign keeps every command's, and a void naming an earlier command once.

use super::verifier::{Earlier, RECENT, Verifier};
use crate::domain::event::Event;
use crate::domain::state::RecordedEvent;
use crate::store::StoreError;

/// Sets `slot` to `text`, reusing its buffer.
fn overwrite(slot: &mut Option<String>, text: &str) {
    let buffer = slot.get_or_insert_with(String::new);
    buffer.clear();
    buffer.push_str(text);
}

impl Verifier {
    /// The command id and kind at `version`, from the rows at hand or else from the log.
    fn command_at(
        &self,
        version: u64,
        earlier: &mut impl Earlier,
    ) -> Result<Option<(String, String)>, StoreError> {
        let near = self
            .recent
            .iter()
            .rev()
            .find(|(v, _, _)| *v == version)
            .map(|(_, id, kind)| (id.clone(), kind.clone()));
        match near {
            Some(found) => Ok(Some(found)),
            None if self.events <= RECENT && self.resumed_after.is_none() => Ok(None),
            None => earlier.at(version),
        }
    }

    /// After the campaign's mark (`commands_kept`), every command's first row carries its
    /// command: one that does not is held until its events are read.
    pub(super) fn kept(&mut self, recorded: &RecordedEvent) {
        let v = recorded.version;
        if v != self.command_start {
            return;
        }
        self.uncommanded_read(v);
        if let (Some(since), false) = (self.state.commands_kept, self.row_carries_command) {
            self.uncommanded = Some((v, recorded.command_id.clone(), since));
        }
    }

    /// Reports the command held by [`Verifier::kept`], read whole before version `end`, unless
    /// its events were found wrong otherwise (what is wrong with them is said first; the tail
    /// is refused either way).
    pub(super) fn uncommanded_read(&mut self, end: u64) {
        let Some((first, id, since)) = self.uncommanded.take() else {
            return;
        };
        let found = end
            .checked_sub(1)
            .is_some_and(|last| self.found_between(first, last));
        if found {
            return;
        }
        let problem = format!(
            "command {id} carries no command, but this campaign keeps every command's command since version {since}: a muster that does not keep them wrote it, or its command was taken off. After the mark only commands that carry their command are accepted: record it again with this muster"
        );
        self.found(first, "command", problem);
    }

    /// A command's events are written together: its id must not come back after another's.
    pub(super) fn contiguity(
        &mut self,
        recorded: &RecordedEvent,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let id = recorded.command_id.as_str();
        if self.previous_command.as_deref() == Some(id) {
            return Ok(());
        }
        self.command_start = recorded.version;
        self.dice_in_command = 0;
        self.commands_read += 1;
        // An amendment begins with the void of the command it corrects, whose faces it
        // carries: their keys name that command's place, or, when it corrects an amendment,
        // the place that one's keys named.
        self.amends = match &recorded.event {
            Event::CommandVoided(v) => {
                let origin = self.origins.get(&v.command_id).copied().unwrap_or(v.version);
                self.origins.insert(id.to_owned(), origin);
                Some(origin)
            }
            _ => None,
        };
        // Time-ordered ids (UUID version 7, as muster writes them) grow along the log: one
        // past the greatest so far is new without asking anything.
        let newest = self
            .greatest_command
            .as_deref()
            .is_none_or(|greatest| id > greatest);
        if newest {
            overwrite(&mut self.greatest_command, id);
        }
        // The filter holds only the ids this verifier read: after a resume, an older id may
        // be one of the rows it was not shown.
        let in_filter = self.commands.insert(id) || self.resumed_after.is_some();
        let maybe_seen = !newest && in_filter;
        let asks_the_log = self.events > RECENT || self.resumed_after.is_some();
        let seen = maybe_seen
            && (self.recent.iter().any(|(_, earlier_id, _)| earlier_id == id)
                || (asks_the_log && earlier.command_before(id, recorded.version)?));
        if seen {
            let problem = format!("command {id} resumes after other commands: its events are not contiguous");
            self.found(recorded.version, "command", problem);
        }
        overwrite(&mut self.previous_command, id);
        Ok(())
    }

    /// A void must name an earlier event of the command it voids, once.
    pub(super) fn void(
        &mut self,
        v: u64,
        command_id: &str,
        target: u64,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let found = if target < v {
            self.command_at(target, earlier)?
        } else {
            None
        };
        let problem = match found {
            None => format!("voids version {target}, which does not precede it"),
            Some((id, _)) if id != command_id => format!("names version {target} but a different command"),
            Some((_, kind))
                if kind == "campaign_created" || kind == "command_voided" || kind == "commands_kept" =>
            {
                format!("voids version {target}, which cannot be voided")
            }
            Some(_) if !self.voided_so_far.insert(command_id.to_owned()) => {
                format!("voids the command of version {target} a second time")
            }
            Some(_) => return Ok(()),
        };
        self.found(v, "void", problem);
        Ok(())
    }
}
