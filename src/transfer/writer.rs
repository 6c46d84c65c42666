//! The import's writer: a thread that owns the database while the reader parses, hashes and
//! verifies, so that SQLite's inserts on one core overlap the reading on the other.
//!
//! The reader hands rows over in batches and asks the writer the few questions the verifier
//! has about earlier rows; the writer answers them in turn, after every batch sent before.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::settle_hash;
use crate::store::{ROWS_PER_INSERT, Store, StoreError, StoredRow};
use crate::verify::Earlier;

/// Rows handed over at a time: few enough messages that passing them costs little.
const BATCH: usize = 8 * ROWS_PER_INSERT;

/// Batches in flight between the reader and the writer: enough to keep both busy.
const IN_FLIGHT: usize = 4;

type Reply<T> = SyncSender<Result<T, StoreError>>;

/// What the reader sends the writer.
pub(super) enum Message {
    /// Rows to write, in order, with their line numbers.
    Rows(Vec<(usize, StoredRow)>),
    /// The command id and kind of the event at a version.
    At(u64, Reply<Option<(String, String)>>),
    /// Whether a command wrote an event before a version.
    Before(String, u64, Reply<bool>),
}

/// The reader's end: rows wait here until a batch is full.
pub(super) struct Client {
    sender: SyncSender<Message>,
    pending: Vec<(usize, StoredRow)>,
}

/// A channel between a reader and [`serve`].
pub(super) fn channel() -> (Client, Receiver<Message>) {
    let (sender, receiver) = sync_channel(IN_FLIGHT);
    let client = Client {
        sender,
        pending: Vec::with_capacity(BATCH),
    };
    (client, receiver)
}

impl Client {
    /// Queues a row to be written, sending a batch once it is full.
    pub(super) fn write(&mut self, number: usize, row: StoredRow) {
        self.pending.push((number, row));
        if self.pending.len() >= BATCH {
            self.flush();
        }
    }

    /// Sends the rows queued so far. A writer that has gone away has failed: it says why
    /// when it is joined.
    pub(super) fn flush(&mut self) {
        if !self.pending.is_empty() {
            let batch = std::mem::replace(&mut self.pending, Vec::with_capacity(BATCH));
            let _gone = self.sender.send(Message::Rows(batch));
        }
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
        match self.pending.iter().find(|(_, row)| row.version == version) {
            Some((_, row)) => Ok(Some((row.command_id.clone(), row.kind.clone()))),
            None => self.ask(|reply| Message::At(version, reply)),
        }
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        let pending = self
            .pending
            .iter()
            .any(|(_, row)| row.version < version && row.command_id == command_id);
        Ok(pending || self.ask(|reply| Message::Before(command_id.to_owned(), version, reply))?)
    }
}

/// Checks the hashes of the rows and writes them, and answers the questions `messages`
/// brings, in order, until the reader hangs up. Nothing more is written after a batch
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
    /// The versions whose hash did not match their row.
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
                for (_, row) in &mut batch {
                    if !settle_hash(row) {
                        edited.push(row.version);
                    }
                }
                let rows: Vec<&StoredRow> = batch.iter().map(|(_, row)| row).collect();
                if let Err(e) = inserts.write(&rows) {
                    let (first, last) = (batch.first(), batch.last());
                    failed = Some(format!(
                        "lines {} to {} (versions {} to {}) cannot be written: {e}",
                        first.map_or(0, |(n, _)| *n),
                        last.map_or(0, |(n, _)| *n),
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
