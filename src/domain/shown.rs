//! JSON text as muster shows it to a reader, on a terminal or a page: a character that prints
//! as nothing or reorders the text ([`is_hidden`]), or a control character serde leaves as it
//! is (DEL and the C1 controls, which a terminal may take for an escape), is written as its
//! `\uXXXX` escape, which a JSON reader turns back into it.

use std::io::{self, Write};

use super::names::is_hidden;

/// Whether `c` is written escaped: such a character stands only inside a JSON string, where its
/// escape reads back the same. A line break stands between a pretty JSON's lines; inside a
/// string serde has escaped it already.
pub fn escaped(c: char) -> bool {
    is_hidden(c) || (c.is_control() && c != '\n')
}

/// Writes `json` (JSON text, or a fragment of one of its strings) to `out`, each character
/// [`escaped`] names as its `\uXXXX` escape (a surrogate pair beyond the first plane).
pub fn write_json_shown<W: ?Sized + Write>(out: &mut W, json: &str) -> io::Result<()> {
    let mut rest = json;
    while let Some(at) = rest.find(escaped) {
        let (plain, from) = rest.split_at(at);
        out.write_all(plain.as_bytes())?;
        let mut chars = from.chars();
        for c in chars.by_ref().take(1) {
            let mut units = [0_u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(out, "\\u{unit:04x}")?;
            }
        }
        rest = chars.as_str();
    }
    out.write_all(rest.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_and_control_characters_are_escaped_and_read_back_the_same() {
        let value = serde_json::json!({ "by": "Baker\u{202e}\u{e0041}\u{9b}\u{7f}", "n": [1, 2] });
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let mut shown = Vec::new();
        write_json_shown(&mut shown, &pretty).unwrap();
        let shown = String::from_utf8(shown).unwrap();
        assert!(!shown.chars().any(escaped), "{shown:?}");
        assert!(
            shown.contains("\\u202e") && shown.contains("\\udb40\\udc41") && shown.contains('\n'),
            "{shown}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&shown).unwrap(), value);
    }
}
