//! Names players tell apart by sight: a Soldier's, a campaign's. Two names that print alike
//! must be one name, so names are kept in Unicode's composed form (NFC), refuse characters
//! that print as nothing or reorder the text, and compare without case.

use unicode_normalization::{UnicodeNormalization, is_nfc};

/// Whether `c` prints as nothing or reorders what follows it: a zero-width space or joiner,
/// a bidirectional override or isolate (U+202E shows "GNOW" as "WONG"), a byte-order mark.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
    )
}

/// `name` in the composed form muster keeps names in.
pub fn composed(name: &str) -> String {
    name.nfc().collect()
}

/// Why `name` cannot be a name as muster keeps it, or `None`: it holds a character that
/// prints as nothing or reorders the text, or it is not in composed form (NFC).
pub fn problem(name: &str) -> Option<&'static str> {
    if name.chars().any(is_invisible) {
        Some(
            "it holds a character that prints as nothing or reorders the text (a zero-width space, a right-to-left override…)",
        )
    } else if !is_nfc(name) {
        Some("it is not in Unicode's composed form (NFC)")
    } else {
        None
    }
}

/// Whether two names are one: the same letters in any case and either Unicode form.
pub fn same(a: &str, b: &str) -> bool {
    // Most names are ASCII: compared without allocating, as every event's Soldier is
    // looked up by name.
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a == b || fold(a) == fold(b)
}

/// `name` composed and lowercased: the key two names share when they are one.
fn fold(name: &str) -> String {
    // A string's lowercase, not each letter's: a final capital sigma lowers to ς.
    name.nfc().collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_print_alike_are_one_name_or_refused() {
        let composed_asa = "\u{c5}sa";
        let decomposed_asa = "A\u{30a}sa";
        assert!(same(composed_asa, decomposed_asa), "NFC and NFD are one name");
        assert!(same("Wong", "WONG") && same("ÅSA", composed_asa));
        assert_eq!(composed(decomposed_asa), composed_asa);
        assert!(problem(decomposed_asa).is_some_and(|p| p.contains("NFC")));
        for hidden in ["Wong\u{200b}", "\u{202e}GNOW", "\u{200b}", "Wo\u{feff}ng"] {
            assert!(
                problem(hidden).is_some_and(|p| p.contains("prints as nothing")),
                "{hidden:?}"
            );
        }
        assert_eq!(problem("Kowalski"), None);
        assert!(!same("Wong", "Wang"));
    }

    /// `isolate` anywhere in a name makes it one muster refuses.
    fn refused_wherever_it_stands(isolate: char) {
        for name in [
            format!("{isolate}Wong"),
            format!("Wo{isolate}ng"),
            format!("Wong{isolate}"),
        ] {
            assert!(
                problem(&name).is_some_and(|p| p.contains("reorders the text")),
                "{name:?}"
            );
        }
    }

    #[test]
    fn the_left_to_right_isolate_u2066_is_refused() {
        refused_wherever_it_stands('\u{2066}');
    }

    #[test]
    fn the_right_to_left_isolate_u2067_is_refused() {
        refused_wherever_it_stands('\u{2067}');
    }

    #[test]
    fn the_first_strong_isolate_u2068_is_refused() {
        refused_wherever_it_stands('\u{2068}');
    }

    #[test]
    fn the_pop_directional_isolate_u2069_is_refused() {
        refused_wherever_it_stands('\u{2069}');
    }
}
