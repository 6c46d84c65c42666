//! The form serde reads an event in, `{"kind":KIND,"payload":PAYLOAD}`, read without
//! building it: the log keeps its two parts in two columns, and `verify` reads a million.

use serde::Deserialize;
use serde::de::value::{BorrowedStrDeserializer, MapAccessDeserializer};
use serde::de::{DeserializeSeed, MapAccess};

use crate::domain::event::Event;

/// Reads the event of `kind` whose payload is `payload`, as serde reads the tagged form,
/// without copying the two into one text.
pub(super) fn read(kind: &str, payload: &str) -> serde_json::Result<Event> {
    Event::deserialize(MapAccessDeserializer::new(Parts {
        kind,
        payload,
        next: Part::Kind,
    }))
}

/// Which of the tagged form's two entries comes next.
#[derive(Clone, Copy)]
enum Part {
    Kind,
    Payload,
    Done,
}

/// The tagged form's entries, handed to serde one after the other: the kind as a string,
/// then the payload read as JSON (all of it: text after its end is an error).
struct Parts<'a> {
    kind: &'a str,
    payload: &'a str,
    next: Part,
}

impl<'de> MapAccess<'de> for Parts<'de> {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> serde_json::Result<Option<K::Value>> {
        let key = match self.next {
            Part::Kind => "kind",
            Part::Payload => "payload",
            Part::Done => return Ok(None),
        };
        seed.deserialize(BorrowedStrDeserializer::new(key)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> serde_json::Result<V::Value> {
        match self.next {
            Part::Kind => {
                self.next = Part::Payload;
                seed.deserialize(BorrowedStrDeserializer::new(self.kind))
            }
            Part::Payload | Part::Done => {
                self.next = Part::Done;
                let mut payload = serde_json::Deserializer::from_str(self.payload);
                let value = seed.deserialize(&mut payload)?;
                payload.end()?;
                Ok(value)
            }
        }
    }
}
