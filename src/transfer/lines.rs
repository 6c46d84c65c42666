//! Reading an export file line by line, never whole: each line's text and number.

use std::io::BufRead;

use crate::Error;

/// The longest line an export may hold: one event, and the largest (a Medal deck) is a few
/// kilobytes. A longer line (a device such as /dev/zero, a file that is not an export) is
/// refused before it fills the memory.
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// Reads `reader` to its end, calling `f` with each line's number (from 1) and bytes, its
/// newline included; a byte-order mark before the first line is left out.
pub(super) fn each_raw_line<R: BufRead>(
    mut reader: R,
    mut f: impl FnMut(usize, &[u8]) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        number += 1;
        line.clear();
        let read = read_line(&mut reader, &mut line)
            .map_err(|e| Error::input(format!("cannot read line {number} of the file: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        if line.len() > MAX_LINE {
            return Err(Error::input(format!(
                "line {number} of the file is longer than {} MiB; an export line holds one event, a few kilobytes at most: is this a file written by `muster export`?",
                MAX_LINE / (1024 * 1024)
            )));
        }
        let bom = "\u{feff}".as_bytes();
        let text = if number == 1 {
            line.strip_prefix(bom).unwrap_or(&line)
        } else {
            &line
        };
        f(number, text)?;
    }
}

/// The text of line `number`, refused when it is not UTF-8.
pub(super) fn text(number: usize, line: &[u8]) -> Result<&str, Error> {
    std::str::from_utf8(line).map_err(|_| {
        Error::input(format!(
            "line {number} of the file is not UTF-8 text; save it as UTF-8"
        ))
    })
}

/// Calls `f` with each non-blank line and its number (from 1), in file order.
pub(super) fn each_line<R: BufRead>(
    reader: R,
    mut f: impl FnMut(usize, &str) -> Result<(), Error>,
) -> Result<(), Error> {
    each_raw_line(reader, |number, line| {
        let text = text(number, line)?;
        if text.trim().is_empty() {
            Ok(())
        } else {
            f(number, text)
        }
    })
}

/// Appends the next line of `reader` to `line`, its newline included, and says how many
/// bytes it read (0 at the end): `BufRead::read_until` with a vectorised newline search.
fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (taken, done) = match memchr::memchr(b'\n', available) {
            Some(end) => (end + 1, true),
            None => (available.len(), available.is_empty()),
        };
        line.extend_from_slice(available.get(..taken).unwrap_or_default());
        reader.consume(taken);
        read += taken;
        // Past the limit the line is refused whole: reading on would only fill the memory.
        if done || line.len() > MAX_LINE {
            return Ok(read);
        }
    }
}
