//! A refusal said in the page's words: a command line it names (`muster mission start NAME`)
//! becomes the button or the form that records it on the page, since a phone has no command
//! line to type it on.

use muster::query::Offer;

use super::specs::{self, Spec};

/// `message` with each command line in backticks that the page records named as the page
/// names it: an offer shown now by its label, else a form by its title and where it is. A
/// command the page has no button or form for keeps its command-line words. A bare word in
/// backticks after a command line (`muster k9 roll`, `ignore` or `accept`) is read as that
/// command's sibling (`muster k9 ignore`).
pub fn in_page_words(message: &str, offers: &[Offer]) -> String {
    let mut said = String::with_capacity(message.len());
    let mut rest = message;
    let mut last: Vec<String> = Vec::new();
    while let Some(open) = rest.find('`') {
        let Some(length) = rest[open + 1..].find('`') else {
            break;
        };
        let span = &rest[open + 1..open + 1 + length];
        said.push_str(&rest[..open]);
        let words: Vec<String> = match span.strip_prefix("muster ") {
            // Split as a shell would: a name in quotes is one word.
            Some(line) => shell_words::split(line).unwrap_or_default(),
            None if is_command_word(span) && last.len() > 1 => {
                let mut sibling = last[..last.len() - 1].to_vec();
                sibling.push(span.to_owned());
                sibling
            }
            None => Vec::new(),
        };
        match named(&words, offers) {
            Some(name) => said.push_str(&name),
            None => said.push_str(&rest[open..open + 2 + length]),
        }
        if !words.is_empty() {
            last = words;
        }
        rest = &rest[open + 2 + length..];
    }
    said.push_str(rest);
    said
}

/// A subcommand's word (`accept`, `set-aside`), as against a value or a placeholder.
fn is_command_word(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// How the page names the command line `words`, when it records it: the offer of exactly
/// these words, or the one offer they begin (`muster medal reveal` of the one Medal held face
/// down), else the form.
fn named(words: &[String], offers: &[Offer]) -> Option<String> {
    if words.is_empty() {
        return None;
    }
    // A word of alternatives (`hardy|wound|suppress`) names each offer it spells.
    if let Some(at) = words.iter().position(|w| w.contains('|')) {
        let chosen: Vec<String> = words[at]
            .split('|')
            .filter_map(|alternative| {
                let mut one = words.to_vec();
                one[at] = alternative.to_owned();
                offers
                    .iter()
                    .find(|o| o.args == one)
                    .map(|o| format!("“{}”", o.label))
            })
            .collect();
        if !chosen.is_empty() {
            return Some(format!("{} in Owed now", chosen.join(" or ")));
        }
    }
    let begun: Vec<&Offer> = offers.iter().filter(|o| o.args.starts_with(words)).collect();
    let offer = offers.iter().find(|o| o.args == words).or(match begun[..] {
        [one] => Some(one),
        _ => None,
    });
    // Owed now offers every one, in these words (a Soldier's card his own too, shorter).
    if let Some(offer) = offer {
        return Some(format!("“{}” in Owed now", offer.label));
    }
    let spec = form_for(words)?;
    Some(format!("“{}” in {}", spec.title, spec.group.title()))
}

/// The form whose command's words begin `words` (the longest, the first of equals), when
/// what follows them is that form's values rather than another command's word.
fn form_for(words: &[String]) -> Option<&'static Spec> {
    let mut found: Option<&'static Spec> = None;
    for spec in specs::all() {
        let fits = !spec.words.is_empty()
            && words.len() >= spec.words.len()
            && words.iter().zip(spec.words).all(|(w, s)| w == s)
            && words
                .get(spec.words.len())
                .is_none_or(|next| !is_command_word(next));
        if fits && found.is_none_or(|f| spec.words.len() > f.words.len()) {
            found = Some(spec);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(label: &str, args: &[&str], soldier: Option<&str>) -> Offer {
        Offer {
            label: label.to_owned(),
            args: args.iter().map(|w| (*w).to_owned()).collect(),
            refused: None,
            dice: 0,
            sides: Vec::new(),
            soldier: soldier.map(str::to_owned),
            pays: Vec::new(),
        }
    }

    const NONE: &[Offer] = &[];

    #[test]
    fn a_command_a_form_records_is_named_by_its_form() {
        assert_eq!(
            in_page_words(
                "no Mission in progress; start one with `muster mission start NAME`",
                NONE
            ),
            "no Mission in progress; start one with “Start a Mission” in The Mission"
        );
        assert_eq!(
            in_page_words(
                "end it first (`muster mission end --result success|failure`)",
                NONE
            ),
            "end it first (“End the Mission” in The Mission)"
        );
    }

    #[test]
    fn a_command_offered_now_is_named_by_its_button() {
        let offers = [
            offer(
                "Accept the Failure of 'Buried Explosive'",
                &["k9", "accept"],
                None,
            ),
            offer("Retry 'Buried Explosive'", &["k9", "retry"], None),
            offer("Roll 2 of 'Buried Explosive'", &["k9", "roll"], None),
        ];
        assert_eq!(
            in_page_words(
                "a choice: accept the Failure (`muster k9 accept`) or retry (`muster k9 retry`)",
                &offers
            ),
            "a choice: accept the Failure (“Accept the Failure of 'Buried Explosive'” in Owed now) or retry (“Retry 'Buried Explosive'” in Owed now)"
        );
        // Bare words after a command line are its siblings: `ignore` is the form's.
        assert_eq!(
            in_page_words(
                "finish it first (`muster k9 roll`, `ignore`, `accept` or `retry`)",
                &offers
            ),
            "finish it first (“Roll 2 of 'Buried Explosive'” in Owed now, “K9: ignore the Encounter” in Record any play, “Accept the Failure of 'Buried Explosive'” in Owed now or “Retry 'Buried Explosive'” in Owed now)"
        );
    }

    #[test]
    fn a_name_in_quotes_is_one_word_and_a_command_begun_names_its_one_offer() {
        let offers = [
            offer(
                "Van Dyke's failed Environ cold roll: wound",
                &["resolve", "Van Dyke", "wound"],
                None,
            ),
            offer(
                "Reveal 'Military Cross' once its condition is met",
                &["medal", "reveal", "Military Cross"],
                None,
            ),
        ];
        assert_eq!(
            in_page_words("choose `muster resolve 'Van Dyke' wound`", &offers),
            "choose “Van Dyke's failed Environ cold roll: wound” in Owed now"
        );
        assert_eq!(
            in_page_words(
                "reveal it when its condition is met (`muster medal reveal`)",
                &offers
            ),
            "reveal it when its condition is met (“Reveal 'Military Cross' once its condition is met” in Owed now)"
        );
    }

    #[test]
    fn a_command_the_page_does_not_record_keeps_its_words() {
        let said = "the log is behind; run `muster rebuild`, then `muster xp team 2` and `muster campaign adopt-rules`";
        assert_eq!(in_page_words(said, NONE), said);
        // A value in backticks is not a command.
        assert_eq!(
            in_page_words("`--mod`: '2 kit' is not accepted", NONE),
            "`--mod`: '2 kit' is not accepted"
        );
        // An unclosed backtick is left as it is.
        assert_eq!(in_page_words("see `muster turn", NONE), "see `muster turn");
    }

    #[test]
    fn a_word_of_alternatives_names_each_offer_it_spells() {
        let offers = [
            offer(
                "Wong's failed Environ cold roll: suffer 1 Wound",
                &["resolve", "Wong", "wound"],
                None,
            ),
            offer(
                "Wong's failed Environ cold roll: suffer 1 Suppress",
                &["resolve", "Wong", "suppress"],
                None,
            ),
        ];
        assert_eq!(
            in_page_words(
                "choose first (`muster resolve Wong hardy|wound|suppress`)",
                &offers
            ),
            "choose first (“Wong's failed Environ cold roll: suffer 1 Wound” or “Wong's failed Environ cold roll: suffer 1 Suppress” in Owed now)"
        );
    }

    #[test]
    fn a_gm_form_is_named_with_its_title_which_says_so() {
        assert_eq!(
            in_page_words("take it back with `muster void VERSION --why TEXT`", NONE),
            "take it back with “Void a command (gm)” in Corrections"
        );
    }
}
