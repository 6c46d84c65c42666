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

/// Whether `c` prints as nothing, reorders the text or breaks a line, as [`is_invisible`]'s
/// do, or is one of the rarer such characters it leaves out: the invisible tags, the
/// supplementary variation selectors, the interlinear annotation and musical formatting
/// controls, the line and paragraph separators, the blank braille pattern, the object
/// replacement character, the shorthand and hieroglyph format controls, and the
/// noncharacters. Every name a front end records by refuses it, and every output escapes
/// it; a Soldier's name from rules 5 ([`hidden_problem`]).
pub fn is_hidden(c: char) -> bool {
    is_invisible(c)
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{2800}'
                | '\u{fdd0}'..='\u{fdef}'
                | '\u{fff9}'..='\u{fffc}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e007f}'
                | '\u{e0100}'..='\u{e01ef}'
        )
        // U+FFFE and U+FFFF of every plane.
        || u32::from(c) & 0xfffe == 0xfffe
}

/// [`problem`] with every character [`is_hidden`] names, and a name that begins with a mark
/// joining the letter before it (there is none, so it shows on whatever precedes the name).
pub fn hidden_problem(name: &str) -> Option<&'static str> {
    if name.chars().any(is_hidden) {
        Some(INVISIBLE)
    } else if begins_on_a_mark(name) {
        Some("it begins with a mark that joins the letter before it")
    } else {
        problem(name)
    }
}

/// Whether `name` holds a character [`is_hidden`] names or begins with a mark joining the
/// letter before it: [`hidden_problem`] but for the composed form, which a name need not
/// keep where it is only shown (a recorder's). An ASCII name never does, told at once:
/// `verify` asks it of every stored command.
pub fn hides_itself(name: &str) -> bool {
    !name.is_ascii() && (name.chars().any(is_hidden) || begins_on_a_mark(name))
}

/// Whether `name` begins with a combining mark.
fn begins_on_a_mark(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(unicode_normalization::char::is_combining_mark)
}

/// Why a name holding a character that prints as nothing is refused.
const INVISIBLE: &str = "it holds a character that prints as nothing or reorders the text (a zero-width space, a right-to-left override…)";

/// `name` in the composed form muster keeps names in.
pub fn composed(name: &str) -> String {
    name.nfc().collect()
}

/// Why `name` cannot be a name as muster keeps it, or `None`: it holds a character that
/// prints as nothing or reorders the text, or it is not in composed form (NFC).
pub fn problem(name: &str) -> Option<&'static str> {
    if name.chars().any(is_invisible) {
        Some(INVISIBLE)
    } else if !is_nfc(name) {
        Some("it is not in Unicode's composed form (NFC)")
    } else {
        None
    }
}

/// Whether two names are one: the same letters in any case and either Unicode form.
pub fn same(a: &str, b: &str) -> bool {
    // Every event's Soldier is looked up by name among the squad's: most names compared are
    // told apart by a letter at either end, and most are ASCII, compared without allocating.
    if apart_at_an_end(a, b) {
        return false;
    }
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a == b || fold(a) == fold(b)
}

/// Whether `a` and `b` begin, or end, with ASCII characters that differ but for case: then
/// they are not one name in any form, as composing never merges an ASCII character into the
/// one before it nor makes one of two different ones, and lowering keeps letters apart.
fn apart_at_an_end(a: &str, b: &str) -> bool {
    let apart = |x: Option<&u8>, y: Option<&u8>| matches!((x, y), (Some(x), Some(y)) if x.is_ascii() && y.is_ascii() && !x.eq_ignore_ascii_case(y));
    let (a, b) = (a.as_bytes(), b.as_bytes());
    apart(a.first(), b.first()) || apart(a.last(), b.last())
}

/// Whether two names print alike to a reader: [`same`], or the same once compatibility forms
/// are read as their letters (`ｐａｔ` is `pat`) and every run of spaces as one space (a page
/// shows `command  line` as `command line`, and a no-break or an ideographic space as any
/// other), none at either end. A recorder's name is kept apart from every other by this, so no
/// two writers in one log read as one.
pub fn look_alike(a: &str, b: &str) -> bool {
    same(a, b) || as_read(a) == as_read(b)
}

/// `name` as a reader takes it in: its compatibility forms as their letters, lowercased, each
/// run of spaces of any kind one space, none at either end, and each quotation mark that
/// prints as a straight one (’ ‘ ʼ ` ´, “ ”) as that one.
fn as_read(name: &str) -> String {
    let read: String = name
        .nfkc()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '\u{02BC}' | '`' | '\u{00B4}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            c => c,
        })
        .collect::<String>()
        .to_lowercase();
    read.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn names_that_print_alike_look_alike_and_others_do_not() {
        assert!(look_alike("keeper", "KEEPER"));
        assert!(look_alike("pat", "ｐａｔ"));
        assert!(!look_alike("pat", "pa t"));
        assert!(!look_alike("keeper", "keepers"));
    }

    #[test]
    fn names_that_differ_in_a_quotation_marks_shape_look_alike() {
        for curly in [
            "Sgt. O\u{2019}Brien",
            "Sgt. O\u{2018}Brien",
            "Sgt. O\u{02BC}Brien",
            "Sgt. O`Brien",
        ] {
            assert!(look_alike("Sgt. O'Brien", curly), "{curly}");
        }
        assert!(look_alike("the \"Ghost\"", "the \u{201C}Ghost\u{201D}"));
        assert!(!look_alike("Sgt. O'Brien", "Sgt. OBrien"));
    }

    #[test]
    fn names_that_differ_only_in_their_spaces_look_alike() {
        for spaced in [
            "command  line",
            "command\u{a0}line",
            "Command\u{3000}Line",
            "command\u{1680}line",
            "command \u{2003}\u{202f} line",
            " command line ",
        ] {
            assert!(look_alike("command line", spaced), "{spaced:?}");
        }
        assert!(!look_alike("command line", "commandline"));
        assert!(!look_alike("command line", "command lines"));
    }

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

    #[test]
    fn the_rarer_characters_that_print_as_nothing_are_hidden_and_a_name_may_not_begin_on_a_mark() {
        for hidden in [
            "command line\u{e0041}",
            "\u{e0020}",
            "Wo\u{2028}ng",
            "\u{2800}",
            "Wong\u{fffc}",
            "Wong\u{ffff}",
            "Wong\u{1fffe}",
            "Wo\u{1d173}ng",
            "Wong\u{e0100}",
        ] {
            assert!(hidden.chars().any(is_hidden), "{hidden:?}");
            assert!(
                hidden_problem(hidden).is_some_and(|p| p.contains("prints as nothing")),
                "{hidden:?}"
            );
            // Rules 2's set leaves them to rules 5.
            assert_eq!(problem(hidden), None, "{hidden:?}");
        }
        assert!(hidden_problem("\u{301}Wong").is_some_and(|p| p.contains("joins the letter before it")));
        for shown in ["Kowalski", "Åsa", "Émile", "李", "Zoë", "O'Neil", "\u{1f415} Rex"] {
            assert_eq!(hidden_problem(shown), None, "{shown:?}");
        }
    }

    proptest::proptest! {
        /// Telling names apart at an end agrees with the full comparison, on names built of
        /// ASCII letters beside marks that compose with them, letters whose lowercase is ASCII
        /// or more than one letter, and signs that compose with `<`; the second name is the
        /// first with some of its pieces in another case or form, or another name.
        #[test]
        fn names_told_apart_at_an_end_are_not_one(
            a in proptest::collection::vec((0..PIECES.len(), 0..4_u8), 1..6),
            other in proptest::collection::vec(0..PIECES.len(), 1..6),
            twin in proptest::bool::ANY,
        ) {
            let piece = |i: usize| PIECES.get(i).copied().unwrap_or_default();
            let first: String = a.iter().map(|(i, _)| piece(*i)).collect();
            let second: String = if twin {
                a.iter()
                    .map(|(i, form)| match form {
                        0 => piece(*i).to_owned(),
                        1 => piece(*i).to_uppercase(),
                        2 => piece(*i).to_lowercase(),
                        _ => piece(*i).nfd().collect(),
                    })
                    .collect()
            } else {
                other.iter().map(|i| piece(*i)).collect()
            };
            let one = first == second || fold(&first) == fold(&second);
            proptest::prop_assert_eq!(same(&first, &second), one, "{:?} and {:?}", first, second);
        }
    }

    const PIECES: &[&str] = &[
        "a", "A", "s", "S", "k", "K", "i", "I", "1", " ", "<", "\u{338}", "\u{30a}", "\u{301}", "\u{307}",
        "\u{c5}", "\u{e5}", "\u{212a}", "\u{212b}", "\u{130}", "\u{131}", "\u{df}", "\u{1e9e}", "\u{3a3}",
        "\u{3c3}", "\u{3c2}", "\u{e9}", "\u{2126}",
    ];

    #[test]
    fn names_that_differ_at_an_end_in_case_alone_are_still_one() {
        assert!(same("soldier 03", "Soldier 03") && same("Wong", "wonG"));
        assert!(!same("Soldier 03", "Soldier 05") && !same("Wong", "Kong"));
        // Kelvin's sign lowers to an ASCII k, and composing makes an Å of A and a ring.
        assert!(same("\u{212a}ane", "kane") && same("A\u{30a}", "\u{e5}"));
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
