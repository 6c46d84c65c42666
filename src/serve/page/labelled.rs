//! A refusal of a form's command in the form's words: the command line's parser's complaint
//! without its usage text, each flag named by its field's label, and a group of flags given as
//! alternatives cut to those the form has a field for.

use super::specs::{Spec, said_by_muster};

/// A refusal of `spec`'s command in its form's words: the command line's usage text cut to
/// its complaint (no `Usage:` or `--help` advice, which a phone cannot follow), and each of the
/// form's flags named by its field's label (`--rp <N>` is “RP”).
pub fn for_form(message: &str, spec: &Spec) -> String {
    let complaint = complaint(message)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut said = offered_flags(&complaint.replacen("error: ", "", 1), spec);
    for field in spec.fields {
        let Some(flag) = field.place.flag() else {
            continue;
        };
        said = named_flag(&said, flag, field.label);
    }
    // Only the parser's complaint has groups and placeholders to read as words; muster's
    // own refusals quote names and texts, which keep every character.
    match message.trim_start().starts_with("error: ") {
        true => parser_words(&said),
        false => said,
    }
}

/// The parser's complaint `said` with its groups of alternatives (`<A|B>`) and placeholders
/// (`<N>`) read as words, `A or B` and `N`; a value it quotes (`invalid value 'Mac <Doc>'`)
/// is left as typed, while a flag it quotes (`'--rp <N>'`) is read as words too.
fn parser_words(said: &str) -> String {
    let read = |text: &str| text.replace('|', " or ").replace(['<', '>'], "");
    let mut out = String::with_capacity(said.len());
    let mut rest = said;
    while let Some((open, close)) = quoted(rest) {
        out.push_str(&read(&rest[..=open]));
        let value = &rest[open + 1..close];
        match value.starts_with("--") || value.starts_with('<') {
            true => out.push_str(&read(value)),
            false => out.push_str(value),
        }
        out.push('\'');
        rest = &rest[close + 1..];
    }
    out.push_str(&read(rest));
    out
}

/// Where the first value quoted in `text` opens and closes: a `'` after a space (or at the
/// start) to the next `'` before a space, a stop or the end. An apostrophe within a word (a
/// label's `Mission's`, a name's `O'Brien`) neither opens nor closes one.
fn quoted(text: &str) -> Option<(usize, usize)> {
    let opens = |at: usize| {
        text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || "([{“".contains(c))
    };
    let closes = |at: usize| {
        text[at + 1..]
            .chars()
            .next()
            .is_none_or(|c| c.is_whitespace() || ".,;:)]}”".contains(c))
    };
    let open = text.match_indices('\'').map(|(at, _)| at).find(|&at| opens(at))?;
    let close = text[open + 1..]
        .match_indices('\'')
        .map(|(at, _)| open + 1 + at)
        .find(|&at| closes(at))?;
    Some((open, close))
}

/// `said` with each of the parser's groups of flags given as alternatives
/// (`<--mission|--location <NAME>|--card <FILE>>`) cut to the flags `spec`'s form has a field
/// for: a phone cannot give one it has no control for.
fn offered_flags(said: &str, spec: &Spec) -> String {
    let flags: Vec<&str> = spec.fields.iter().filter_map(|f| f.place.flag()).collect();
    let mut out = String::with_capacity(said.len());
    let mut rest = said;
    while let Some(open) = rest.find('<') {
        // An unclosed `<` is text, left as it is.
        let Some(length) = closing(&rest[open..]) else {
            break;
        };
        out.push_str(&rest[..open]);
        let group = &rest[open..open + length];
        let alternatives = top_level(&group[1..group.len() - 1]);
        let kept: Vec<&str> = alternatives
            .iter()
            .copied()
            .filter(|alternative| {
                let flag = alternative
                    .trim_start_matches("--")
                    .split([' ', '<'])
                    .next()
                    .unwrap_or_default();
                flags.contains(&flag)
            })
            .collect();
        let of_flags = alternatives.len() > 1 && alternatives.iter().all(|a| a.starts_with("--"));
        if of_flags && !kept.is_empty() {
            out.push('<');
            out.push_str(&kept.join("|"));
            out.push('>');
        } else {
            out.push_str(group);
        }
        rest = &rest[open + length..];
    }
    out.push_str(rest);
    out
}

/// The length of the group `text` opens with its `<`, up to its matching `>`.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` parted at each `|` outside a group of its own.
fn top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => {
                parts.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// What the command line's parser complained of, without the usage it prints after.
pub fn complaint(message: &str) -> &str {
    message.split("\n\nUsage:").next().unwrap_or(message)
}

/// `said` with its first `--flag` (not the start of a longer one, nor in a value or an
/// example) as the field's `label`, and the placeholder the command line prints after it
/// (`<N>`, `TEXT`) left out; the flag's later mentions (`e.g. --mod -1:card`) say the value
/// alone, as it is typed in the field.
fn named_flag(said: &str, flag: &str, label: &str) -> String {
    let written = format!("--{flag}");
    let mut out = String::with_capacity(said.len());
    let mut rest = said;
    let mut named = false;
    while let Some(at) = rest.find(&written) {
        let after = &rest[at + written.len()..];
        out.push_str(&rest[..at]);
        let at_here = said.len() - rest.len() + at;
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            || !said_by_muster(said, at_here)
        {
            out.push_str(&written);
            rest = after;
            continue;
        }
        rest = match after.strip_prefix(' ') {
            Some(value) if value.starts_with('<') => value.find('>').map_or(after, |end| &value[end + 1..]),
            Some(value) if placeholder(value) => value.trim_start_matches(|c: char| c.is_ascii_uppercase()),
            // A later mention is an example of the value: it stands alone.
            Some(value) if named => value,
            _ => after,
        };
        if !named {
            out.push_str(&format!("“{label}”"));
            named = true;
        } else if out.ends_with(' ') && rest.starts_with(' ') {
            out.pop();
        }
    }
    out.push_str(rest);
    out
}

/// Whether `text` begins with a placeholder the command line prints after a flag (`TEXT`,
/// `N`): capitals ending the word.
fn placeholder(text: &str) -> bool {
    let word: String = text
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != ',' && *c != ')')
        .collect();
    !word.is_empty() && word.chars().all(|c| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::page::specs;

    #[test]
    fn a_forms_refusal_names_its_fields_by_their_labels_and_drops_the_usage() {
        let Some(enlist) = specs::named("enlist-card") else {
            panic!("no enlist-card form");
        };
        let parser = "error: the following required arguments were not provided:\n  --rp <N>\n\nUsage: muster enlist --json --rp <N> <NAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            for_form(parser, enlist),
            "the following required arguments were not provided: “RP”"
        );
        let Some(check) = specs::named("check") else {
            panic!("no check form");
        };
        let said = for_form(
            "--mod '+1 cover' is not accepted; write N:WHY (--mode is another)",
            check,
        );
        let Some(declare) = specs::named("environ-declare") else {
            panic!("no environ-declare form");
        };
        assert_eq!(
            for_form(
                "error: the following required arguments were not provided:\n  <--mission|--location <NAME>|--event <NAME>|--card <FILE>>\n\nUsage: muster environ declare\n",
                declare
            ),
            "the following required arguments were not provided: “The Mission's own (until it ends)” or “Or a Location's: its name” or “Or an Event's: its name”"
        );
        // A `<` that opens no group is left as it is, and what follows it; a value the parser
        // quotes keeps its own.
        assert_eq!(
            for_form(
                "error: 'a <b|c>' is not accepted; <--location <NAME>|--card <FILE>",
                declare
            ),
            "'a <b|c>' is not accepted; “Or a Location's: its name” or --card FILE"
        );
        // Muster's own refusal quotes names as written.
        let own = "no Soldier named 'Nobody' in campaign 'Op'; Soldiers here: Mac <Doc|Bones>";
        assert_eq!(for_form(own, declare), own);
        assert!(said.starts_with("“Modifier"), "{said}");
        assert!(said.ends_with("(--mode is another)"), "{said}");
    }

    #[test]
    fn a_flag_is_named_once_and_its_examples_say_the_value_alone() {
        let Some(check) = specs::named("check") else {
            panic!("no check form");
        };
        assert_eq!(
            for_form(
                "--mod 'plus one' is not accepted; write N:WHY, e.g. --mod -1:card or --mod +2:\"Skill card\"",
                check
            ),
            "“Modifier (N:WHY)” 'plus one' is not accepted; write N:WHY, e.g. -1:card or +2:\"Skill card\""
        );
        let Some(start) = specs::named("mission-start") else {
            panic!("no mission-start form");
        };
        assert_eq!(
            for_form(
                "add --k9-objective TEXT, e.g. --k9-objective \"Find the cache\"",
                start
            ),
            "add “K9 Objective”, e.g. \"Find the cache\""
        );
    }

    #[test]
    fn a_flag_in_a_value_or_an_example_is_left_as_it_is() {
        let Some(xp) = specs::named("xp") else {
            panic!("no xp form");
        };
        let said = "no Soldier named '--why' in campaign 'Op'";
        assert_eq!(for_form(said, xp), said);
        assert_eq!(xp.field_named_in(said), None);
        let example = "recorded by kim: a gm voids it with `muster void 12 --why TEXT`";
        assert_eq!(for_form(example, xp), example);
        assert_eq!(xp.field_named_in(example), None);
        assert_eq!(xp.field_named_in("--why: give a reason"), Some("why"));
    }
}
