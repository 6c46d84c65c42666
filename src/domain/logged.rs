//! The command on the log: what a command's first row carries in its `command` column, so
//! that `verify` can decide it again under the rules in force at its place.
//!
//! Its form is canonical JSON (keys sorted, no whitespace), numbered by [`COMMAND_SCHEMA`]:
//!
//! ```json
//! {"command":{"harm":{"amount":1,"harm":"wound","soldier":"Reyes"}},
//!  "command_schema":1,"faces":[],"recorded_by":"Sam"}
//! ```
//!
//! - `command`: the [`Asked`] intent: a [`Command`] in serde's snake_case form (a unit
//!   command is a string, `"next_turn"`), or a `void` or an `amend` of an earlier command.
//!   Names are as the player typed them: `decide` resolves them, in any case, the same way
//!   each time it is asked. A card or deck file is carried by its content (the card's fields,
//!   the deck's cards), never by its path.
//! - `faces`: the faces entered for it from real dice (`--die`), in order. Faces muster
//!   generated are not here: they follow from the committed seed (and are shown, with their
//!   keys, in the rolls of the events).
//! - `recorded_by`: who recorded it: the served token's or session's name through
//!   `muster serve`, or on the command line the name given with `--as NAME` (default
//!   `command line`).
//!
//! A shipped shape is never changed in place: a change bumps [`COMMAND_SCHEMA`] and adds a
//! step to [`upcast`], which brings an older form up to the current one on read.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use super::command::Command;

/// The schema of the logged command's form this muster writes.
pub const COMMAND_SCHEMA: u32 = 1;

/// Who a command run on the command line is recorded by, without `--as NAME`.
pub const COMMAND_LINE: &str = "command line";

/// What was asked: a command decided by `rules::decide`, or a void or an amendment of an
/// earlier command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Asked {
    /// Voids the command that wrote `version` (and, with `cascade`, the commands after it
    /// that rest on it).
    Void {
        version: u64,
        why: String,
        cascade: bool,
    },
    /// Voids the command that wrote `version` and decides `command` in its place, with the
    /// faces it rolled.
    Amend {
        version: u64,
        why: String,
        command: Command,
    },
    #[serde(untagged)]
    Command(Command),
}

impl Asked {
    /// Reads an intent that [`Stored`] did not read as a command of play: a void or an
    /// amendment, told by its first key (serde's derived reading of an enum with an untagged
    /// variant would copy the whole text into a tree of values), else a command, to say what
    /// is wrong with it.
    fn read(text: &str) -> serde_json::Result<Asked> {
        match serde_json::from_str::<FirstKey>(text)?.0.as_deref() {
            Some("void" | "amend") => serde_json::from_str(text),
            _ => serde_json::from_str(text).map(Asked::Command),
        }
    }
}

/// The stored form, its command read as `C`: a command of play read at once, or the intent
/// left as text, to be read by [`Asked::read`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<C> {
    command: C,
    command_schema: u32,
    faces: Vec<i64>,
    recorded_by: String,
}

impl<C> Stored<C> {
    /// The stored command, its intent what `read` makes of its command, if anything.
    fn read_with(self, read: impl FnOnce(C) -> Option<Asked>) -> Option<Logged> {
        let Stored {
            command,
            command_schema,
            faces,
            recorded_by,
        } = self;
        Some(Logged {
            command: read(command)?,
            command_schema,
            faces,
            recorded_by,
        })
    }
}

/// The first key of a JSON object (the variant of an externally tagged enum), or `None` for
/// a string (a unit variant); the rest is skipped unread.
struct FirstKey(Option<String>);

impl<'de> Deserialize<'de> for FirstKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<FirstKey, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = FirstKey;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a command: a string or an object of one key")
            }

            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<FirstKey, E> {
                Ok(FirstKey(None))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<FirstKey, A::Error> {
                let key = map.next_key::<String>()?;
                if key.is_some() {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(FirstKey(key))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// A command as its first row carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Logged {
    pub command: Asked,
    /// The schema of this form: [`COMMAND_SCHEMA`] once read.
    pub command_schema: u32,
    /// The faces entered for it (`--die`), in order.
    pub faces: Vec<i64>,
    pub recorded_by: String,
}

/// A stored command that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoggedError {
    #[error(
        "the command is in command schema {found}, but this muster reads up to schema {known}: the log was written by a newer muster; upgrade muster to read it"
    )]
    Newer { found: u64, known: u32 },
    #[error("the stored command is not valid: {0}")]
    Bad(String),
}

impl Logged {
    /// A command recorded by `recorded_by`, with the faces entered for it.
    pub fn new(command: Asked, faces: &[i64], recorded_by: &str) -> Logged {
        Logged {
            command,
            command_schema: COMMAND_SCHEMA,
            faces: faces.to_vec(),
            recorded_by: recorded_by.to_owned(),
        }
    }

    /// The command of play it asked, if it asked one rather than a void or an amendment.
    pub fn played(self) -> Option<Command> {
        match self.command {
            Asked::Command(command) => Some(command),
            Asked::Void { .. } | Asked::Amend { .. } => None,
        }
    }

    /// The canonical JSON text the `command` column holds: keys sorted, no whitespace.
    pub fn encode(&self) -> String {
        // A JSON value's maps sort their keys; every field is plain data, so this holds.
        serde_json::to_value(self).map_or_else(|_| "{}".to_owned(), |value| value.to_string())
    }

    /// Reads a stored command, upcasting an older schema to the current form; one whose
    /// recorder is no name to record commands by ([`printable_recorder`]) is refused, as
    /// every front end refuses to record by such a name.
    pub fn decode(text: &str) -> Result<Logged, LoggedError> {
        let logged = Logged::read(text)?;
        if !printable_recorder(&logged.recorded_by) {
            // Named by its start: the name may be as long as the payload allows.
            let start: String = logged.recorded_by.chars().take(MAX_RECORDER).collect();
            let cut = if start.len() < logged.recorded_by.len() {
                "…"
            } else {
                ""
            };
            return Err(LoggedError::Bad(format!(
                "it is recorded by '{}{cut}', which is no name to record commands by (it is empty, longer than {MAX_RECORDER} characters, or holds a control character, or one that prints as nothing or reorders the text)",
                start.escape_debug()
            )));
        }
        Ok(logged)
    }

    /// Reads a stored command's form, upcasting an older schema to the current one.
    fn read(text: &str) -> Result<Logged, LoggedError> {
        // Nearly every stored command is a command of play of the current schema: read in one
        // pass, its command with it (`verify` reads one per command). Any other (a void, an
        // amendment, an older schema) fails this reading and is read below.
        if let Ok(played) = serde_json::from_str::<Stored<Command>>(text)
            && played.command_schema == COMMAND_SCHEMA
            && let Some(logged) = played.read_with(|command| Some(Asked::Command(command)))
        {
            return Ok(logged);
        }
        // Of the current schema, it is read straight, without the value tree the upcasters
        // work on.
        if let Ok(stored) = serde_json::from_str::<Stored<&serde_json::value::RawValue>>(text)
            && stored.command_schema == COMMAND_SCHEMA
            && let Some(logged) = stored.read_with(|intent| Asked::read(intent.get()).ok())
        {
            return Ok(logged);
        }
        let value: Value = serde_json::from_str(text).map_err(|e| LoggedError::Bad(e.to_string()))?;
        let value = upcast(value)?;
        serde_json::from_value(value).map_err(|e| LoggedError::Bad(e.to_string()))
    }
}

/// The longest name commands are recorded by, in characters: a token's is 64 at most, a
/// phone's 40; a stored command names its recorder on every page of the log.
pub const MAX_RECORDER: usize = 100;

/// Whether `name` is one to record commands by: not empty nor longer than [`MAX_RECORDER`],
/// and no control character, nor one that prints as nothing, reorders the text or joins the
/// letter before it (a terminal, a page or a JSON reader shown the log is shown the name as
/// it is). It need not be composed: `--as` composes it, a token's name is kept as typed.
/// `verify` asks it of every stored command, so an ASCII name costs a scan or two.
pub fn printable_recorder(name: &str) -> bool {
    !name.trim().is_empty()
        && name.chars().count() <= MAX_RECORDER
        && !name.chars().any(char::is_control)
        && !super::names::hides_itself(name)
}

/// Brings a stored command's form up to [`COMMAND_SCHEMA`], one schema at a time.
///
/// There is one schema so far, so nothing changes; the next change to a command's shape adds
/// its step here, `match schema { 1 => to_2(value), … }`, with a test of the form before and
/// after. The form of schema 1 reads as it was written:
///
/// ```
/// use muster::domain::command::Command;
/// use muster::domain::logged::{Asked, Logged};
///
/// let before = r#"{"command":"next_turn","command_schema":1,"faces":[],"recorded_by":"Sam"}"#;
/// let after = Logged::decode(before).unwrap();
/// assert_eq!(after.command, Asked::Command(Command::NextTurn));
/// assert_eq!(after.recorded_by, "Sam");
/// assert_eq!(after.encode(), before);
/// ```
pub fn upcast(value: Value) -> Result<Value, LoggedError> {
    let schema = value
        .get("command_schema")
        .and_then(Value::as_u64)
        .ok_or_else(|| LoggedError::Bad("it has no command_schema number".to_owned()))?;
    match schema {
        1 => Ok(value),
        0 => Err(LoggedError::Bad("command schema 0 was never written".to_owned())),
        found => Err(LoggedError::Newer {
            found,
            known: COMMAND_SCHEMA,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::Harm;

    #[test]
    fn a_resolve_stored_before_it_could_name_its_roll_reads_and_writes_as_it_was() {
        // `rolled_at` is left out when not given, so the shipped form is unchanged.
        let before = r#"{"command":{"resolve":{"choice":"wound","soldier":"Petrov"}},"command_schema":1,"faces":[],"recorded_by":"Sam"}"#;
        let read = Logged::decode(before).unwrap();
        assert!(matches!(
            &read.command,
            Asked::Command(Command::Resolve { rolled_at: None, .. })
        ));
        assert_eq!(read.encode(), before);
        let named = Logged::new(
            Asked::Command(Command::Resolve {
                soldier: "Petrov".into(),
                choice: crate::domain::event::EnvironmentChoice::Wound,
                rolled_at: Some(98),
            }),
            &[],
            "Sam",
        );
        assert_eq!(Logged::decode(&named.encode()), Ok(named));
    }

    #[test]
    fn a_command_is_written_canonically_and_read_back() {
        let logged = Logged::new(
            Asked::Command(Command::Harm {
                harm: Harm::Wound,
                soldier: "Reyes".into(),
                amount: 1,
            }),
            &[4],
            "Sam",
        );
        let text = logged.encode();
        assert_eq!(
            text,
            r#"{"command":{"harm":{"amount":1,"harm":"wound","soldier":"Reyes"}},"command_schema":1,"faces":[4],"recorded_by":"Sam"}"#
        );
        assert_eq!(Logged::decode(&text), Ok(logged));
    }

    #[test]
    fn a_void_and_an_amendment_have_their_own_words() {
        let void = Logged::new(
            Asked::Void {
                version: 3,
                why: "a slip".into(),
                cascade: false,
            },
            &[],
            "command line",
        );
        assert!(
            void.encode().starts_with(r#"{"command":{"void":{"#),
            "{}",
            void.encode()
        );
        assert_eq!(Logged::decode(&void.encode()), Ok(void));
        let amend = Logged::new(
            Asked::Amend {
                version: 3,
                why: "a slip".into(),
                command: Command::NextTurn,
            },
            &[],
            "Sam",
        );
        assert_eq!(Logged::decode(&amend.encode()), Ok(amend));
    }

    #[test]
    fn a_newer_or_missing_schema_and_unknown_fields_are_refused() {
        let newer = r#"{"command":"next_turn","command_schema":2,"faces":[],"recorded_by":"Sam"}"#;
        assert!(matches!(
            Logged::decode(newer),
            Err(LoggedError::Newer { found: 2, .. })
        ));
        let none = r#"{"command":"next_turn","faces":[],"recorded_by":"Sam"}"#;
        assert!(matches!(Logged::decode(none), Err(LoggedError::Bad(_))));
        // As JSON writes them: a bidi override, an escape sequence, a line break.
        for recorder in ["", " ", r"Baker\u202e", r"Sam\u001b]0;x\u0007", r"a\nb"] {
            let text = format!(
                r#"{{"command":"next_turn","command_schema":1,"faces":[],"recorded_by":"{recorder}"}}"#
            );
            match Logged::decode(&text) {
                Err(LoggedError::Bad(why)) => assert!(why.contains("no name to record commands by"), "{why}"),
                other => panic!("{recorder:?} was read: {other:?}"),
            }
        }
        // Characters rarer than those, and a name past the longest, are refused alike.
        let long = "a".repeat(MAX_RECORDER + 1);
        for recorder in ["command line\u{e0041}", "\u{2800}", "\u{301}Sam", long.as_str()] {
            let text = Logged::new(Asked::Command(Command::NextTurn), &[], recorder).encode();
            assert!(
                matches!(Logged::decode(&text), Err(LoggedError::Bad(_))),
                "{recorder:?}"
            );
        }
        let longest = "a".repeat(MAX_RECORDER);
        let text = Logged::new(Asked::Command(Command::NextTurn), &[], &longest).encode();
        assert!(Logged::decode(&text).is_ok());
        let extra = r#"{"command":"next_turn","command_schema":1,"faces":[],"recorded_by":"Sam","x":1}"#;
        assert!(matches!(Logged::decode(extra), Err(LoggedError::Bad(_))));
        assert!(matches!(Logged::decode("not json"), Err(LoggedError::Bad(_))));
    }
}
