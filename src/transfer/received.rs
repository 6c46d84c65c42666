//! An export received from elsewhere (a server's answer), checked whole before anything is
//! made of it: every line an event of the campaign asked, its versions in order from 1, and
//! the trailer last, agreeing with them.

use std::io::BufRead;

use serde_json::value::RawValue;

use super::line::{Line, read_line};
use super::lines::each_line;
use super::trailer::{Ending, LastEvent, Trailer};
use crate::Error;
use crate::domain::codec::canonical_payload;

/// Reads the export of `campaign` that `input` holds, to its end, calling `each` with every
/// event line in order, its payload in the canonical form `muster export` writes; gives the
/// trailer. Refuses a line that is not an exported event, an event of another campaign or
/// out of order, and an export without its trailer or whose trailer disagrees with it.
pub fn read_received<R: BufRead>(
    input: R,
    campaign: &str,
    each: &mut dyn FnMut(&Line) -> Result<(), Error>,
) -> Result<Trailer, Error> {
    let mut ending = Ending::default();
    let mut events: u64 = 0;
    let mut last = (0, String::new());
    each_line(input, |number, text| {
        if ending.read(number, text)? {
            return Ok(());
        }
        let mut line = read_line(number, text)?;
        if line.campaign != campaign {
            return Err(Error::input(format!(
                "line {number} is an event of '{}', not of '{campaign}', the campaign asked for",
                line.campaign.escape_debug()
            )));
        }
        if line.version != events + 1 {
            return Err(Error::input(format!(
                "line {number} holds version {}, where version {} comes next: an export holds every event from version 1, in order",
                line.version,
                events + 1
            )));
        }
        events += 1;
        last = (number, line.hash.clone());
        // Whatever spacing the text had, the payload is written as muster writes it.
        let value: serde_json::Value = serde_json::from_str(line.payload.get())
            .map_err(|e| Error::input(format!("line {number}'s payload is not JSON: {e}")))?;
        line.payload = RawValue::from_string(canonical_payload(&value))
            .map_err(|e| Error::input(format!("line {number}'s payload is not JSON: {e}")))?;
        each(&line)
    })?;
    let (number, hash) = last;
    if events == 0 {
        return Err(Error::input(format!(
            "it holds no event of '{campaign}'; an export holds at least the campaign's creation"
        )));
    }
    if ending.line().is_none() {
        return Err(Error::input(format!(
            "it ends after line {number} without the trailer `muster export` writes last: it was cut short"
        )));
    }
    let last_event = LastEvent {
        number,
        version: events,
        hash: &hash,
    };
    if let Some(disagreement) = ending.disagreement(campaign, events, &last_event) {
        return Err(Error::input(format!(
            "{disagreement}: it is not the whole export it ends with"
        )));
    }
    let head = crate::store::Head {
        version: events,
        hash,
    };
    Ok(Trailer::of(campaign, events, &head))
}
