//! Which of muster's rules a campaign is decided under.
//!
//! A fix to a rule changes what `decide` gives for some commands, so a log played before the
//! fix would no longer be the rules' answer. Each fix is therefore a new version: a campaign is
//! created under the newest, adopts a later one only by an explicit event between Missions,
//! and every earlier version stays reachable (a rule that changed asks
//! `state.rules() >= VERSION` where it changed), so `verify` decides each command again under
//! the version in force at its place.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A version of muster's rules, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RulesVersion(pub u32);

/// The rules as first shipped: every log written before versions were recorded.
pub const FIRST: RulesVersion = RulesVersion(1);

/// Rule 002: an Environment roll gains no protection from Armor or Shields.
pub const ENVIRON_WITHOUT_ARMOR: RulesVersion = RulesVersion(2);

/// An expansion's commands need the campaign to use it: K9s and their Encounters need
/// K9 & Handlers (the first rules let any Modern campaign enlist a K9).
pub const EXPANSIONS_REQUIRED: RulesVersion = RulesVersion(2);

/// Rule 002: a Mission, a Location or an Event declares its Environments, and every Soldier on
/// the Mission (not Enduring, not Downed) owes a roll for each at the start of each turn.
pub const ENVIRONMENTS_DECLARED: RulesVersion = RulesVersion(2);

/// Rule 003, Rescue: the +2 XP needs an agent who did not enter the dead state; a Dependent
/// Ally who strayed is "treated as dead" (the first rules paid it for a dead agent).
pub const RESCUE_AGENT_ALIVE: RulesVersion = RulesVersion(2);

/// Rule 003, Buy Time: the cards set aside are the Spook's D for the Mission, his priority
/// task's bonus counted whichever of the two was recorded first.
pub const BUY_TIME_MISSION_D: RulesVersion = RulesVersion(2);

/// `persuade --ally-to` is refused where it does not apply: the persuader lived, or lost the
/// test (the first rules dropped it without a word).
pub const PERSUADE_ALLY_TO_APPLIES: RulesVersion = RulesVersion(2);

/// Rule 003: a persuaded bogey is an Ally for the Mission it was persuaded in; `ally
/// dependent|strayed` name an Ally of the Mission in progress.
pub const ALLIES_OF_THE_MISSION: RulesVersion = RulesVersion(2);

/// Rule 001: a check names an ability some Soldier of the campaign has or a card names; a
/// word that none does is a typo, refused with the closest ability, not a failed check.
pub const ABILITY_WORDS_KNOWN: RulesVersion = RulesVersion(3);

/// Rule 003, Buy Time: once the set-aside cards are exhausted, "the mission is over as
/// normal": only its end (and voids, amendments and the audit's records) may follow.
pub const SET_ASIDE_EXHAUSTED_ENDS_PLAY: RulesVersion = RulesVersion(4);

/// Rules 000, 001 and 002 on the cards and sheets players type: a Hardy or Environment type
/// one letter from a type rule 002 names or the campaign uses is a typo, refused with that
/// type; an Upgunned target is a better one than the ability's own; a K9's Handler has a
/// Handler Ability; an assertion states values a paper sheet holds.
pub const CARDS_AS_PRINTED: RulesVersion = RulesVersion(5);

/// Rules 000, 001, 002 and 003 on who may act: only an active Soldier on the Mission
/// inflicts an EKIA or rolls for an Environment; a declared Environment is rolled once a
/// turn; a K9, who has no Actions, makes no Success check; an Ally is made Dependent once.
pub const ACTIVE_SOLDIERS_ACT: RulesVersion = RulesVersion(6);

/// Rules 003 and 004 on what a card and a hero's state say: a Spook recorded dead does not
/// choose a priority task, buy time or interact with the dead-drop; a Medal sticker of a card
/// in the loaded Nation deck carries the card's RP.
pub const LIVING_SPOOK_PRINTED_MEDALS: RulesVersion = RulesVersion(7);

/// Rules 000, 001 and 002 on what a table can hold: an Environ or Hardy type is a word of
/// letters, a declaration names at most [`crate::domain::limits::MAX_ENVIRONMENTS`]
/// Environments and so many are in force at once, a failed Environment roll of a Soldier Killed
/// or discharged before its choice lapses, a K9 Encounter card's roll lists each resource to
/// pay once, a card is drawn with the Handler or K9 out of action as another Enters first, and
/// an ability word is a typo only one letter from a known one.
pub const TABLE_SIZED: RulesVersion = RulesVersion(8);

/// Rules 000 and 003 on what happened, once: a Handler or K9 who Enters first without the
/// other (out of action) fails the card's rolls, a roll not made is not paid for, a card's
/// effect deals what the rules record, a hero killed in CQB was wounded by the bogey, a dead
/// hero goes on no Mission, the dead-drop is acquired and the agent extracted once, the last
/// set-aside card's activation and the Mission's end are still recorded, and an assertion
/// states a hero's state as the log writes it.
pub const WHAT_HAPPENED_ONCE: RulesVersion = RulesVersion(9);

/// Rule 004 on the Medal cards: a card is in one place at a time (the deck, drawn, or a
/// Soldier's sticker), a face-down card's turn limit runs from its reveal, and a card is
/// named as printed.
pub const MEDAL_CARDS_ONCE: RulesVersion = RulesVersion(10);
/// Rule 002 on Environments: `assert` reads a Hardy type as every other command reads it,
/// "any" names a Hardy counter and no Environment, and a Soldier Downed and recovered in the
/// same turn owes again the rolls of it he had not made.
pub const ENVIRONMENTS_OWED: RulesVersion = RulesVersion(10);
/// Rule 003 on heroes: a specialism one letter from Spook, or from one a hero of the campaign
/// has, is a typo.
pub const SPECIALISMS_READ: RulesVersion = RulesVersion(10);
/// Warfighter's core rules on who is hurt: while a Mission is in progress a Wound, a Downed or
/// a Killed result lands only on a Soldier taken on it, as Suppress and an EKIA already did.
pub const HARM_ON_THE_MISSION: RulesVersion = RulesVersion(10);
/// Warfighter's core rules on Wounds: a Soldier whose card prints a Health takes no Wound past
/// it (at his Health he is Downed or Killed), by `wound` or carried over from paper.
pub const WOUNDS_WITHIN_HEALTH: RulesVersion = RulesVersion(10);
/// Rule 001 on the once-only checks: the card a check is made on is read however spaced and
/// in any case, as a Medal's or a Hostile's name is, so a doubled space names the same card.
pub const CHECK_CARDS_HOWEVER_SPACED: RulesVersion = RulesVersion(10);
/// Rule 001 on the ability words a card is enlisted with: one letter from an ability known
/// here is a typo, refused as a check's is; and only the words of cards enlisted so, and those
/// a card names, make another word a typo, so one enlisted untested never refuses the right one.
pub const ABILITY_TYPOS_AT_ENLIST: RulesVersion = RulesVersion(10);
/// A Soldier's name that prints as another's (spaced otherwise, a curly quotation mark for a
/// straight one) is refused at enlisting.
pub const NAMES_READ_ALIKE: RulesVersion = RulesVersion(10);
/// What each version changed, from the first, in order.
const CHANGES: &[(RulesVersion, &str)] = &[
    (FIRST, "the rules as first shipped"),
    (
        ENVIRON_WITHOUT_ARMOR,
        concat!(
            "rule 002: an Environment roll refuses a modifier from Armor or a Shield (\"Do not gain protection from Armors or Shields\"); a K9 and his Encounters need the campaign to use the K9 & Handlers expansion",
            "; rule 001: a check by a Soldier without the ability refuses modifiers, which could not count",
            "; rule 000: a K9 Encounter is drawn only from the Mission's first turn, once Discipline is set",
            "; a Soldier's name refuses characters that print as nothing or reorder the text",
            "; rule 002: a Mission, Location or Event declares its Environments, and each turn every active Soldier on the Mission who is not Enduring owes a roll for each, which the next turn and the Mission's end wait for (\"each Soldier in the Location must roll ... at the start of the Soldier Turn\")",
            "; rule 003: Rescue's +2 XP is not paid for an agent in the dead state (a Dependent Ally who strayed)",
            "; rule 003: Buy Time sets aside the Spook's D for the Mission, whether the priority task was chosen before or after",
            "; `persuade --ally-to` is refused unless the persuader died and out-scored the bogey",
            "; rule 003: an Ally belongs to the Mission it was persuaded in, and `ally dependent|strayed` name one of the Mission in progress",
        ),
    ),
    (
        ABILITY_WORDS_KNOWN,
        "rule 001: a check of an ability that no Soldier of the campaign has and no card names (K9 & Handlers' bomb, friendly, rescue, threat and handler where the campaign uses it, the open Encounter card's rolls) is refused as a typo, with the closest ability, rather than recorded as a failed check without a roll",
    ),
    (
        SET_ASIDE_EXHAUSTED_ENDS_PLAY,
        "rule 003: once the set-aside cards Buy Time put in place of the Control Deck are exhausted, the Mission is over (\"At that point, the mission is over as normal\"): play (a turn, a wound, a hero's state, a bogey, another card flipped) is refused until `mission end` records its end; voids, amendments, XP between Missions and the audit's records are not play",
    ),
    (
        CARDS_AS_PRINTED,
        concat!(
            "rule 002: a Hardy or Environment type one letter from Cold, Hot, Fever or a type the campaign already uses (`colt`, `fevr`) is refused as a typo, with the type meant; a type of its own (the rule's list ends in \"etc.\") is still accepted",
            "; rule 001: an Upgunned target must be better than the ability's own (\"This provides a better chance at succeeding\"): `medic=6/8` is refused",
            "; rule 000: a K9's Handler must have a Handler Ability (\"All Handler Soldiers have a Handler Ability\")",
            "; `assert` refuses a value no paper sheet holds (`xp=abc`, `wounds=-1`, `status=dead`), which could never match the log",
        ),
    ),
    (
        ACTIVE_SOLDIERS_ACT,
        concat!(
            "an EKIA by a Soldier who is Downed is refused, as his Suppression already was: only an active Soldier on the Mission attacks",
            "; rule 002: only an active Soldier on the Mission rolls for an Environment, and a roll a declared Environment owed him this turn, once made, is not made again (\"at the start of the Soldier Turn\")",
            "; rules 000 and 001: a K9 makes no check with a Success heading, which costs an Action (\"K9 Soldiers do not have Actions\"); checks on entering (Fail, Trap) are his as before",
            "; rule 003: an Ally already Dependent is not made Dependent again",
        ),
    ),
    (
        LIVING_SPOOK_PRINTED_MEDALS,
        concat!(
            "rule 003: a Spook recorded dead does not choose a priority task, buy time or interact with the dead-drop (\"The Spook must be engaged with the dead-drop and perform an interact\"), as a dead hero already did not target, persuade or put a bogey down; recorded ready again, he does",
            "; rule 004: a Medal sticker (`medal award`, `carry-over --medal`) of a card in the loaded Nation deck carries the card's RP (\"Each Medal has an RP value\"), not another, its name read however spaced; a deck is not loaded while a sticker of one of its cards carries other RP",
        ),
    ),
    (
        TABLE_SIZED,
        concat!(
            "rule 002: an Environ or Hardy type is a word of letters (`cold`, `sand`; not `--help` or `e0`), a declaration names at most 8 Environments and at most 8 are in force at once; a failed Environment roll of a Soldier Killed or discharged before its choice lapses (his record is closed), so it holds up neither the next turn nor the Mission's end",
            "; rule 000: a K9 Encounter card's roll lists each resource to pay once (two Discipline options could not be told apart), and with the Handler or his K9 out of action a card is still drawn (\"If a K9 Soldier is taken on a Mission … draw 1 card\") as another Soldier Enters first (`--first`), its rolls failed",
            "; rule 001: an ability word one letter from a known ability is a typo, refused with it, while one of its own is an ability a card names (\"even if the Soldier doesn't have the ability\"), which a Soldier without it fails (rules 3 to 7 refused every word no Soldier or card had)",
            "; an amendment of a command played in a Mission that has ended is refused: decided now, its correction would land in another Mission (an EKIA scored there, costing another Soldier an Eliminate Medal); a new event records the change",
        ),
    ),
    (
        WHAT_HAPPENED_ONCE,
        concat!(
            "rule 000: an EKIA naming a K9 Encounter drawn this Mission is refused (\"Do not gain XP for the Encounter's Hostile value\"); with the K9 (or the Handler) out of action, the other of the pair Entering first is not \"a Handler and their K9\": the card is drawn (`--first HANDLER`) and its rolls fail; a roll not made (the maker lacks its ability, rule 001) is not paid for (\"You must pay the requirements before performing each roll\"): `--pay` is refused; a card's Wound or Suppress effect deals 1 to 20, as `wound` does (an amount of 0 was written when suffered, and failed `verify`)",
            "; rule 003: a hero is killed in CQB only by the bogey's successes (\"If the hero is killed by this\"): `persuade --hero-died` with the bogey's 0 successes is refused; a persuader killed with no other hero alive on the Mission leaves the persuaded bogey no one to attach to, and it is recorded so",
            "; rule 003: the dead-drop is acquired, and the agent extracted, once; a hero in the dead state goes on no Mission (left out of `mission start`'s team, refused in `--with`), until recorded ready again",
            "; rule 003: once the set-aside cards are exhausted, the last one's activation and the Mission's end (the agent extracted, a hero lost) are still recorded; only another turn is refused, until `mission end`",
            "; `assert` states a hero's state as the log writes it (`state=wounded(2)`, `state=wounded 2` read so) and refuses another (`state=bogus`), and a hero's Wounds are his state (`wounds=` is refused for a hero)",
        ),
    ),
    (
        MEDAL_CARDS_ONCE,
        concat!(
            "rule 004: a Medal card is in one place at a time, the deck, drawn, or one Soldier's sticker (\"These stickers stay with the Soldier until he suffers a Downed or KIA result\"): a deck loaded while a Soldier holds a sticker of one of its cards shuffles that card in as earned, and is refused while two Soldiers hold one card's; a sticker of a deck card carried over or awarded takes the card out of the deck or the discards as earned, and is refused while another Soldier holds it or it is drawn; a card a Soldier holds is not drawn; a face-down card's turn limit runs from its reveal (\"leave it face down ... Reveal it, when the condition is met\"); a sticker of a deck card is named as the card prints it; a Hostile's name is read however spaced, as a Medal's; a Medal lost at its recipient roll to an earlier hit says Hostiles are told apart by name within a Mission",
            "; rule 002: `assert` reads a Hardy type as every other command reads it (`hardy.colt` is refused as one letter from cold), \"any\" is no Environ type but the Hardy Any counter (\"'Hardy Any' means the Hardy counters can be used to fend off any type of Environment\"), and a Soldier Downed and recovered in the same turn owes again the rolls of it he had not made (\"each Soldier in the Location must roll ... at the start of the Soldier Turn\")",
            "; Warfighter's core rules: while a Mission is in progress a Wound, a Downed or a Killed result (`wound`, `down`, `kill`) lands only on a Soldier taken on it, as Suppress and an EKIA already did: one left behind, or enlisted since, is refused, naming who is on it; between Missions any Soldier on the books is hurt as before",
            "; Warfighter's core rules: a Soldier whose card prints a Health takes no Wound past it (`wound`, `carry-over --wounds`): at his Health he is Downed or Killed, and the refusal says how many he can still take",
            "; rule 001: the card a check is made on (`--on`) is read however spaced and in any case, as a Medal's name is (\"Benefits from a Success can only be gained once\"; \"A Fail or Failure check is only checked once\"), and recorded as first named this Mission",
            "; rule 001: an ability one letter from one known here (K9 & Handlers' where used, the open Encounter's rolls, those on Soldiers' cards) is refused at enlisting as at a check (`enlist Doc2 --ability medc=6`: did you mean 'medic'?); only the words of cards enlisted so, and those a card names, make another word a typo, so an ability enlisted untested under rules 9 (`medik`) never refuses the right one (\"An ability check can only be performed with Soldiers that have that ability\")",
            "; rule 003: a hero's specialism one letter from spook or from one a hero of the campaign has (`--specialism spok`) is a typo, refused with the one meant: a hero of it alone chooses the priority task and buys time",
            "; a Soldier's name that prints as one already enlisted (`Sgt.  O'Brien` or `Sgt. O’Brien` beside `Sgt. O'Brien`: spaces and quotation marks as a page prints them) is refused, naming him",
        ),
    ),
];

/// Rule 001: a check by a Soldier without the ability makes no roll (under a Trap, a face
/// of 1 nothing raises), so a modifier given to it is refused rather than recorded unused.
pub const MODIFIERS_ONLY_ON_A_ROLL: RulesVersion = RulesVersion(2);

/// Rule 000: a K9 Encounter is drawn only once the Mission's first turn has set each K9's
/// Discipline, never against the last Mission's leftover counters.
pub const ENCOUNTERS_FROM_TURN_1: RulesVersion = RulesVersion(2);

/// A Soldier's name is kept composed (NFC) and refuses characters that print as nothing or
/// reorder the text, so two names that print alike are never two Soldiers.
pub const NAMES_KEPT_APART: RulesVersion = RulesVersion(2);

/// The newest rules this muster knows: a new campaign is created under them.
pub const NEWEST: RulesVersion = MEDAL_CARDS_ONCE;

impl RulesVersion {
    /// Whether this muster knows these rules.
    pub fn is_known(self) -> bool {
        (FIRST..=NEWEST).contains(&self)
    }

    /// What this version changed, when it is known.
    pub fn changes(self) -> Option<&'static str> {
        CHANGES.iter().find(|(v, _)| *v == self).map(|(_, what)| *what)
    }

    /// Every version this muster knows, with what it changed, oldest first.
    pub fn all() -> impl Iterator<Item = (RulesVersion, &'static str)> {
        CHANGES.iter().copied()
    }
}

impl fmt::Display for RulesVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_from_the_first_to_the_newest_says_what_it_changed() {
        let listed: Vec<u32> = RulesVersion::all().map(|(v, _)| v.0).collect();
        let expected: Vec<u32> = (FIRST.0..=NEWEST.0).collect();
        assert_eq!(listed, expected, "versions are counted without gaps");
        assert!(RulesVersion::all().all(|(v, what)| v.is_known() && !what.is_empty()));
        assert!(!RulesVersion(0).is_known());
        assert!(!RulesVersion(NEWEST.0 + 1).is_known());
    }
}
