//! The import's writer: a thread that owns the database while the reader parses, hashes and
//! verifies, so that SQLite's inserts on one core overlap the reading on the other.
//!
//! The reader hands rows over in batches and asks the writer the few questions the verifier
//! has about earlier rows; the writer answers them in turn, after every batch sent before.

use std::ops::Range;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use super::line::settle;
use crate::store::{ROWS_PER_INSERT, RowRef, Store, StoreError};
use crate::verify::Earlier;

/// Rows handed over at a time: few enough messages that passing them costs little.
const BATCH: usize = 8 * ROWS_PER_INSERT;

/// Batches in flight between the reader and the writer: enough to keep both busy.
const IN_FLIGHT: usize = 4;

type Reply<T> = SyncSender<Result<T, StoreError>>;

/// What the reader sends the writer.
pub(super) enum Message {
    /// Rows to write, in order.
    Rows(Batch),
    /// The command id and kind of the event at a version.
    At(u64, Reply<Option<(String, String)>>),
    /// Whether a command wrote an event before a version.
    Before(String, u64, Reply<bool>),
}

/// Rows on their way to the writer, their text columns side by side in one string: a
/// batch costs a few allocations, not ten for every row.
pub(super) struct Batch {
    text: String,
    rows: Vec<Placed>,
    /// Whether the rows' hashes have been checked (by [`Batch::settle`]).
    settled: bool,
}

/// The place of the payload among a [`Placed`] row's columns.
const PAYLOAD: usize = 5;

/// The place of the command among a [`Placed`] row's columns.
const COMMAND: usize = 8;

/// Where a row of a [`Batch`] is: its line number, its numbers, and its text columns.
struct Placed {
    number: usize,
    version: u64,
    schema: u32,
    /// campaign, event_id, command_id, recorded_at, kind, payload, prev_hash, hash, command.
    columns: [Range<usize>; 9],
    /// Whether the row carries a command (else its column is empty and stands for none).
    has_command: bool,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            text: String::with_capacity(BATCH * 512),
            rows: Vec::with_capacity(BATCH),
            settled: false,
        }
    }

    /// Checks the rows' hashes and gives the versions that do not match. A payload
    /// re-spaced by hand is replaced by the canonical form it hashes in, which is written.
    fn settle(&mut self) -> Vec<u64> {
        let mut edited = Vec::new();
        let mut respaced = Vec::new();
        for (i, (_, row)) in self.rows().enumerate() {
            let (hashes, canonical) = settle(row);
            if !hashes {
                edited.push(row.version);
            }
            respaced.extend(canonical.payload.map(|payload| (i, PAYLOAD, payload)));
            respaced.extend(canonical.command.map(|command| (i, COMMAND, command)));
        }
        for (i, column, text) in respaced {
            let start = self.text.len();
            self.text.push_str(&text);
            if let Some(slot) = self
                .rows
                .get_mut(i)
                .and_then(|placed| placed.columns.get_mut(column))
            {
                *slot = start..self.text.len();
            }
        }
        self.settled = true;
        edited
    }

    fn len(&self) -> usize {
        self.rows.len()
    }

    fn push(&mut self, number: usize, row: RowRef<'_>) {
        let mut place = |column: &str| {
            let start = self.text.len();
            self.text.push_str(column);
            start..self.text.len()
        };
        let columns = [
            place(row.campaign),
            place(row.event_id),
            place(row.command_id),
            place(row.recorded_at),
            place(row.kind),
            place(row.payload),
            place(row.prev_hash),
            place(row.hash),
            place(row.command.unwrap_or_default()),
        ];
        self.rows.push(Placed {
            number,
            version: row.version,
            schema: row.schema,
            columns,
            has_command: row.command.is_some(),
        });
    }

    /// The rows with their line numbers, in order.
    fn rows(&self) -> impl DoubleEndedIterator<Item = (usize, RowRef<'_>)> {
        self.rows.iter().map(|placed| {
            // The ranges were cut from this text as it was written: each is in bounds.
            let column = |i: usize| {
                placed
                    .columns
                    .get(i)
                    .and_then(|range| self.text.get(range.clone()))
                    .unwrap_or_default()
            };
            let row = RowRef {
                campaign: column(0),
                version: placed.version,
                event_id: column(1),
                command_id: column(2),
                recorded_at: column(3),
                kind: column(4),
                schema: placed.schema,
                payload: column(PAYLOAD),
                prev_hash: column(6),
                hash: column(7),
                command: placed.has_command.then(|| column(COMMAND)),
            };
            (placed.number, row)
        })
    }
}

/// The reader's end: rows wait here until a batch is full.
pub(super) struct Client {
    sender: SyncSender<Message>,
    pending: Batch,
    /// The versions whose hash did not match, of the batches checked here.
    pub(super) edited: Vec<u64>,
}

/// A channel between a reader and [`serve`].
pub(super) fn channel() -> (Client, Receiver<Message>) {
    let (sender, receiver) = sync_channel(IN_FLIGHT);
    let client = Client {
        sender,
        pending: Batch::new(),
        edited: Vec::new(),
    };
    (client, receiver)
}

impl Client {
    /// Queues a row to be written, sending a batch once it is full.
    pub(super) fn write(&mut self, number: usize, row: RowRef<'_>) {
        self.pending.push(number, row);
        if self.pending.len() >= BATCH {
            self.flush();
        }
    }

    /// Sends the rows queued so far. A writer that has gone away has failed: it says why
    /// when it is joined.
    pub(super) fn flush(&mut self) {
        if self.pending.len() == 0 {
            return;
        }
        let batch = std::mem::replace(&mut self.pending, Batch::new());
        // Whichever side would otherwise wait checks the hashes: a writer still busy with
        // earlier batches leaves this one's to the reader.
        let message = match self.sender.try_send(Message::Rows(batch)) {
            Err(TrySendError::Full(Message::Rows(mut batch))) => {
                self.edited.extend(batch.settle());
                Message::Rows(batch)
            }
            Err(TrySendError::Full(message)) => message,
            Ok(()) | Err(TrySendError::Disconnected(_)) => return,
        };
        let _gone = self.sender.send(message);
    }

    fn ask<T>(&self, message: impl FnOnce(Reply<T>) -> Message) -> Result<T, StoreError> {
        let (reply, answer) = sync_channel(1);
        self.sender
            .send(message(reply))
            .map_err(|_| StoreError::Damaged("the import's writer stopped".to_owned()))?;
        answer
            .recv()
            .map_err(|_| StoreError::Damaged("the import's writer stopped".to_owned()))?
    }
}

// The rows not yet sent are asked first; the writer answers for the rest.
impl Earlier for Client {
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError> {
        let pending = self.pending.rows().find(|(_, row)| row.version == version);
        match pending {
            Some((_, row)) => Ok(Some((row.command_id.to_owned(), row.kind.to_owned()))),
            None => self.ask(|reply| Message::At(version, reply)),
        }
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        let pending = self
            .pending
            .rows()
            .any(|(_, row)| row.version < version && row.command_id == command_id);
        Ok(pending || self.ask(|reply| Message::Before(command_id.to_owned(), version, reply))?)
    }
}

/// Writes the rows, checking the hashes of batches the reader has not checked, and answers
/// the questions `messages` brings, in order, until the reader hangs up. Nothing more is written after a batch
/// fails, but questions are still answered.
pub(super) fn serve(store: &mut Store, campaign: &str, messages: Receiver<Message>) -> Written {
    match store.without_triggers(|store| write(store, campaign, messages)) {
        Ok(written) => written,
        Err(e) => Written {
            failed: Some(format!("the triggers cannot be set aside for the import: {e}")),
            edited: Vec::new(),
        },
    }
}

/// What the writer did with the rows it was sent.
pub(super) struct Written {
    /// Why writing stopped, if it did.
    pub(super) failed: Option<String>,
    /// The versions whose hash did not match their row, of the batches checked here.
    pub(super) edited: Vec<u64>,
}

fn write(store: &Store, campaign: &str, messages: Receiver<Message>) -> Written {
    // A writer that cannot write still answers the reader's questions, so that the import
    // ends with this reason rather than a hung-up channel.
    let (mut inserts, mut failed) = match store.inserts() {
        Ok(inserts) => (Some(inserts), None),
        Err(e) => (None, Some(format!("the import's INSERT cannot be prepared: {e}"))),
    };
    let mut edited = Vec::new();
    for message in messages {
        match message {
            Message::Rows(mut batch) if failed.is_none() => {
                let Some(inserts) = inserts.as_mut() else { continue };
                if !batch.settled {
                    edited.extend(batch.settle());
                }
                let rows: Vec<RowRef<'_>> = batch.rows().map(|(_, row)| row).collect();
                if let Err(e) = inserts.write(&rows) {
                    let (first, last) = (batch.rows().next(), batch.rows().next_back());
                    failed = Some(format!(
                        "lines {} to {} (versions {} to {}) cannot be written: {e}",
                        first.map_or(0, |(n, _)| n),
                        last.map_or(0, |(n, _)| n),
                        first.map_or(0, |(_, r)| r.version),
                        last.map_or(0, |(_, r)| r.version),
                    ));
                }
            }
            Message::Rows(_) => {}
            Message::At(version, reply) => {
                let _gone = reply.send(store.command_at(campaign, version));
            }
            Message::Before(command_id, version, reply) => {
                let _gone = reply.send(store.command_before(campaign, &command_id, version));
            }
        }
    }
    Written { failed, edited }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoredRow;
    use crate::store::chain::{self, GENESIS};

    /// A row chained from the genesis hash, its hash made over `payload`.
    fn row(version: u64, payload: &str) -> StoredRow {
        let mut row = StoredRow {
            seq: 0,
            campaign: "Lodestar \"Two\"".into(),
            version,
            event_id: format!("e{version}"),
            command_id: format!("c{version}"),
            recorded_at: "2026-01-01T18:00:00Z".into(),
            kind: "rp_granted".into(),
            schema: 1,
            payload: payload.into(),
            prev_hash: GENESIS.into(),
            hash: String::new(),
            command: None,
        };
        row.hash = chain::hash(&row.prev_hash, &row.link()).unwrap();
        row
    }

    #[test]
    fn a_batch_gives_back_each_row_it_was_given_with_its_line_number() {
        let rows = [row(1, r#"{"amount":3,"why":"loot"}"#), row(2, "{}")];
        let mut batch = Batch::new();
        batch.push(7, rows[0].borrowed());
        batch.push(9, rows[1].borrowed());
        let back: Vec<(usize, StoredRow)> = batch.rows().map(|(n, r)| (n, r.to_stored())).collect();
        assert_eq!(back, vec![(7, rows[0].clone()), (9, rows[1].clone())]);
    }

    #[test]
    fn settling_a_batch_names_the_edited_rows_and_writes_a_respaced_payload_canonically() {
        let good = row(1, r#"{"amount":3,"why":"loot"}"#);
        let respaced = StoredRow {
            payload: r#"{ "why": "loot", "amount": 3 }"#.into(),
            ..good.clone()
        };
        let edited = StoredRow {
            payload: r#"{"amount":4,"why":"loot"}"#.into(),
            version: 2,
            ..good.clone()
        };
        let mut batch = Batch::new();
        for (number, r) in [&good, &respaced, &edited].into_iter().enumerate() {
            batch.push(number, r.borrowed());
        }
        assert_eq!(batch.settle(), vec![2]);
        assert!(batch.settled);
        let payloads: Vec<String> = batch.rows().map(|(_, r)| r.payload.to_owned()).collect();
        assert_eq!(payloads[0], good.payload);
        assert_eq!(
            payloads[1], good.payload,
            "the re-spaced payload is written as hashed"
        );
        assert_eq!(payloads[2], edited.payload);
    }

    /// [`row`], carrying `command` and hashed with it.
    fn commanded(version: u64, command: &str) -> StoredRow {
        let mut row = StoredRow {
            command: Some(command.into()),
            ..row(version, r#"{"amount":3,"why":"loot"}"#)
        };
        row.hash = chain::hash(&row.prev_hash, &row.link()).unwrap();
        row
    }

    #[test]
    fn a_batch_keeps_each_rows_command_or_its_absence_and_writes_a_respaced_command_canonically() {
        let command = r#"{"command":{"grant_rp":{"amount":3,"why":"loot"}},"command_schema":1,"faces":[],"recorded_by":"Sam"}"#;
        let good = commanded(1, command);
        let bare = row(2, "{}");
        let respaced = StoredRow {
            command: Some(command.replace(',', ", ").replace(':', ": ")),
            ..good.clone()
        };
        // A command taken off its row, or put on one that had none, is an edit.
        let taken = StoredRow {
            command: None,
            ..good.clone()
        };
        let put = StoredRow {
            command: Some(command.into()),
            ..bare.clone()
        };
        let empty = StoredRow {
            command: Some(String::new()),
            ..bare.clone()
        };
        let mut batch = Batch::new();
        for (number, r) in [&good, &bare, &respaced, &taken, &put, &empty]
            .into_iter()
            .enumerate()
        {
            batch.push(number, r.borrowed());
        }
        assert_eq!(batch.settle(), vec![1, 2, 2]);
        let commands: Vec<Option<String>> = batch.rows().map(|(_, r)| r.command.map(str::to_owned)).collect();
        assert_eq!(
            commands,
            vec![
                good.command.clone(),
                None,
                good.command.clone(),
                None,
                Some(command.to_owned()),
                Some(String::new()),
            ]
        );
    }
}
