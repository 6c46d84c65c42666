//! One line per event, in the game's words, for logs, rosters and audits.

use crate::domain::event::{Disproof, EncounterEnd, EnvironmentChoice, Event};
use crate::domain::medals::MedalReturn;
use crate::domain::roll::Roll;
use crate::domain::roll::Source;
use crate::domain::soldier::{SoldierCard, SoldierKind};

use super::words::stats_words;

/// How many hex digits of a hash or a seed's commitment are printed to be noted on paper: 80
/// bits, the same everywhere. Twelve (48 bits) would be within reach of a forger searching for
/// a rewritten log whose head begins with the digits noted.
pub const NOTED_DIGITS: usize = 20;

/// The first [`NOTED_DIGITS`] digits of `hash`.
pub fn noted(hash: &str) -> &str {
    hash.get(..NOTED_DIGITS).unwrap_or(hash)
}

/// One line describing an event, in the game's words.
pub fn summary(event: &Event) -> String {
    let plural = |n: u32, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    match event {
        Event::CampaignCreated(e) => format!(
            "campaign created: {}{}{}, under {}",
            e.game,
            e.nation
                .as_ref()
                .map(|n| format!(", nation {n}"))
                .unwrap_or_default(),
            if e.expansions.is_empty() {
                String::new()
            } else {
                format!(
                    ", expansions {}",
                    e.expansions
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
            e.rules,
        ),
        Event::ExpansionAdded(e) => format!("expansion {} added: {}", e.expansion, e.expansion.title()),
        Event::ExpansionRemoved(e) => format!("expansion {} removed: {}", e.expansion, e.expansion.title()),
        Event::RulesAdopted(e) => format!(
            "{} adopted: {}",
            e.version,
            e.version.changes().unwrap_or("rules this muster does not know")
        ),
        Event::SoldierEnlisted(e) => enlisted(&e.card),
        Event::MissionStarted(e) => format!(
            "Mission {} '{}' started with {}",
            e.mission,
            e.name,
            e.soldiers.join(", ")
        ),
        Event::TurnStarted(e) => format!("Mission {} turn {}", e.mission, e.turn),
        Event::DisciplineReset(e) => format!("{} Discipline set to {}", e.soldier, e.discipline),
        Event::MissionEnded(e) => format!(
            "Mission {} ended: {}{}",
            e.mission,
            e.result,
            e.rp_award
                .as_ref()
                .map(|a| format!(", squad gains {} RP ({})", a.amount, a.why))
                .unwrap_or_default()
        ),
        Event::Wounded(e) => format!("{} suffers {}", e.soldier, plural(e.amount, "Wound")),
        Event::Suppressed(e) => format!("{} suffers {} Suppress", e.soldier, e.amount),
        Event::Healed(e) => format!("{} heals {}", e.soldier, plural(e.amount, "Wound")),
        Event::SuppressCleared(e) => format!("{} Suppress cleared ({})", e.soldier, e.amount),
        Event::Downed(e) => format!("{} Downed", e.soldier),
        Event::Recovered(e) => format!("{} returned to duty", e.soldier),
        Event::Killed(e) => format!("{} KIA", e.soldier),
        Event::Discharged(e) => format!("{} discharged", e.soldier),
        Event::MedalAwarded(e) => format!(
            "{} awarded {} ({} RP): {}",
            e.soldier, e.medal.name, e.medal.rp, e.why
        ),
        Event::MedalStickersRemoved(e) => format!(
            "{} loses Medal stickers ({}): {}",
            e.soldier,
            e.because,
            e.medals
                .iter()
                .map(|m| m.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::XpAdjusted(e) => format!("{} XP {:+}: {}", e.soldier, e.amount, e.why),
        Event::TeamXpAdjusted(e) => format!("team XP {:+}: {}", e.amount, e.why),
        Event::HardyAdjusted(e) => format!("{} Hardy {} {:+}: {}", e.soldier, e.hardy, e.amount, e.why),
        Event::EkiaRecorded(e) => format!("{} EKIA on {} (+{} XP)", e.soldier, e.hostile, e.value),
        Event::RpGranted(e) => format!("squad bank +{} RP: {}", e.amount, e.why),
        Event::RpSpent(e) => format!("squad bank -{} RP: {}", e.amount, e.why),
        Event::RpAwardRevised(e) => format!(
            "Mission {}'s RP award revised from {} to {} RP: {}",
            e.mission, e.was, e.amount, e.why
        ),
        Event::CommandVoided(e) => {
            let mut line = format!("voids the command of version {}: {}", e.version, e.why);
            for d in &e.disproofs {
                line.push_str(&format!(" (disproved: {})", disproof_line(d)));
            }
            line
        }
        Event::SeedCommitted(e) => format!("dice seed committed: {}", noted(&e.commitment)),
        Event::CheckRolled(e) => roll_line(&e.roll),
        Event::EnvironmentRolled(e) => match &e.roll {
            Some(roll) => roll_line(roll),
            None => format!(
                "{} is Enduring: immune to Environ {} {}+",
                e.soldier, e.environment, e.target
            ),
        },
        Event::EnvironmentResolved(e) => format!(
            "{} settles the failed Environ {} roll of v{} with {}",
            e.soldier,
            e.environment,
            e.rolled_at,
            match e.choice {
                EnvironmentChoice::Hardy => "a Hardy counter",
                EnvironmentChoice::HardyAny => "a Hardy Any counter",
                EnvironmentChoice::Wound => "a Wound",
                EnvironmentChoice::Suppress => "a Suppress",
            }
        ),
        Event::EnvironmentDeclared(e) => format!("{} in force from now on", e.declared()),
        Event::EnvironmentCleared(e) => format!("{} no longer in force", e.declared()),
        Event::ObjectiveActivated(e) => format!("Mission {} Objective {} activated", e.mission, e.objective),
        Event::ObjectiveCompleted(e) => format!("Mission {} Objective {} completed", e.mission, e.objective),
        Event::K9EncounterDrawn(e) => format!(
            "K9 Encounter '{}' drawn (Hostile value {}, no XP); {} Entered first",
            e.card.name, e.card.hostile_value, e.first_in
        ),
        Event::K9RollMade(e) => roll_line(&e.roll),
        Event::DisciplineSpent(e) => format!("{} pays {} Discipline: {}", e.soldier, e.amount, e.why),
        Event::K9EncounterResolved(e) => format!(
            "K9 Encounter '{}' {}: {}",
            e.encounter,
            match e.end {
                EncounterEnd::Reward => "succeeds, Reward",
                EncounterEnd::Discarded => "ignored and discarded",
                EncounterEnd::Failure => "fails, Failure",
                EncounterEnd::MajorFailure => "retry fails, major Failure",
            },
            e.text
        ),
        Event::K9ObjectiveResolved(e) => {
            format!("Mission {} K9 Objective resolved: {}", e.mission, e.objective)
        }
        Event::MedalDeckLoaded(e) => format!("{} Medal deck shuffled: {} cards", e.nation, e.medals.len()),
        Event::MedalDrawn(e) => format!(
            "Medal '{}' drawn{} ({}){}",
            e.medal,
            if e.face_down { " and held face down" } else { "" },
            e.trigger,
            e.hostile
                .as_ref()
                .map(|h| format!(", to Eliminate the {h}"))
                .unwrap_or_default()
        ),
        Event::MedalRevealed(e) => format!("Medal '{}' revealed", e.medal),
        Event::MedalRecipientRolled(e) => format!(
            "Medal recipient for '{}': {} rolled {} among {}: {}",
            e.medal,
            e.roll.die,
            e.roll.faces.first().copied().unwrap_or_default(),
            e.candidates.join(", "),
            e.recipient
        ),
        Event::MedalEarned(e) => format!("{} earns the Medal '{}'", e.soldier, e.medal),
        Event::MedalLost(e) => format!(
            "Medal '{}' not earned, {}: {}",
            e.medal,
            match e.to {
                MedalReturn::Deck => "shuffled back into the deck",
                MedalReturn::Discard => "discarded",
            },
            e.why
        ),
        Event::MedalsReshuffled(e) => format!("Medals shuffled back into the deck: {}", e.medals.join(", ")),
        Event::HostileSuppressed(e) => format!("{} places a Suppression on {}", e.soldier, e.hostile),
        Event::RpCardGained(e) => format!("{} gains the {} '{}' ({} RP)", e.soldier, e.card, e.name, e.rp),
        Event::RpCardLost(e) => format!("{} loses the {} '{}' ({} RP)", e.soldier, e.card, e.name, e.rp),
        Event::HeroStateSet(e) => format!("{} is {}", e.hero, e.state),
        Event::BogeyAdded(e) => {
            let b = &e.bogey;
            let mut traits = vec![format!("{:?}", b.bogey_type).to_lowercase()];
            for (flag, word) in [
                (b.synthetic, "synthetic"),
                (b.nemesis, "Nemesis"),
                (b.named, "named"),
            ] {
                if flag {
                    traits.push(word.to_owned());
                }
            }
            format!(
                "bogey {} placed for Mission {} ({})",
                b.name,
                e.mission,
                traits.join(", ")
            )
        }
        Event::BogeyTargeted(e) => format!("{} places {} into the targeted state", e.by, e.bogey),
        Event::BogeyDowned(e) => format!("{} puts {} down", e.by, e.bogey),
        Event::BogeyKilled(e) => format!("{} puts {} into the dead state", e.by, e.bogey),
        Event::BuyTimeDeclared(e) => format!(
            "{} buys time: {} Control Deck cards set aside{}",
            e.spook,
            e.cards,
            match &e.versus {
                Some(v) if v.opponent_buys_time =>
                    format!(" (Versus: both bought time; opponent's D {})", v.opponent_d),
                Some(_) => " (Versus: the opponent did not buy time)".to_owned(),
                None => String::new(),
            }
        ),
        Event::PriorityTaskChosen(e) => format!(
            "{}'s priority task: {}{}",
            e.spook,
            e.task,
            e.target
                .as_ref()
                .map(|t| format!(", target {t}"))
                .unwrap_or_default()
        ),
        Event::DeadDropInteracted(e) => format!("{} acquires the dead-drop's intelligence", e.spook),
        Event::RescueExtracted(e) => format!(
            "{}'s Rescue: the agent is extracted (within 4\" or off the table alive)",
            e.spook
        ),
        Event::PriorityTaskResolved(e) => format!(
            "{}'s {} task {}: {}",
            e.spook,
            e.task,
            if e.success { "succeeds" } else { "fails" },
            e.why
        ),
        Event::PersuasionTested(e) => format!(
            "{} tries to persuade {}: {} to {}{}",
            e.hero,
            e.bogey,
            crate::domain::zero_dark::successes(e.hero_successes),
            e.bogey_successes,
            match (&e.persuaded, &e.ally_of) {
                (true, Some(ally)) => format!(": persuaded, now {ally}'s Ally"),
                _ => ": not persuaded".to_owned(),
            }
        ),
        Event::AllyMadeDependent(e) => format!("{}'s Ally {} becomes Dependent: {}", e.hero, e.ally, e.why),
        Event::AllyDied(e) => format!("{}'s Ally {} is dead: {}", e.hero, e.ally, e.why),
        Event::OpponentBoughtTime(e) => format!(
            "the other side's Spook buys time: {} Control Deck cards set aside (Versus: ours drew his hand)",
            e.opponent_d
        ),
        Event::ControlCardsSetAside(e) => format!(
            "{} Control Deck card(s) flipped and set aside (Buy Time)",
            e.cards
        ),
        Event::ControlDeckRanOut(e) => format!(
            "the Control Deck ran out: the {} set-aside cards are shuffled in its place",
            e.set_aside
        ),
        Event::SetAsideCardsFlipped(e) => format!(
            "{} set-aside card(s) flipped: {}",
            e.cards,
            match e.remaining {
                0 => "none remain, the Mission is over".to_owned(),
                n => format!("{n} remain"),
            }
        ),
        Event::SeedRevealed(e) => format!("dice seed {} revealed: {}", noted(&e.commitment), e.seed),
        Event::CommandsKept(_) => "from here on every command carries its command".to_owned(),
        Event::SoldierCarriedOver(e) => {
            let mut said = Vec::new();
            said.extend(e.xp.map(|xp| format!("XP {xp}")));
            said.extend(e.wounds.map(|w| format!("Wounds {w}")));
            said.extend(e.hardy.iter().map(|(kind, n)| format!("Hardy {kind} {n}")));
            said.extend(e.medals.iter().map(|m| format!("Medal {} ({} RP)", m.name, m.rp)));
            said.extend(e.discipline.map(|d| format!("Discipline {d}")));
            said.extend(e.missions.map(|m| format!("{m} Mission(s) on paper")));
            format!(
                "{} carried over from paper: {}: {}",
                e.soldier,
                said.join(", "),
                e.why
            )
        }
        Event::SquadCarriedOver(e) => {
            let mut said = Vec::new();
            said.extend(e.rp_bank.map(|rp| format!("RP bank {rp}")));
            said.extend(e.missions.map(|m| format!("{m} Mission(s) played on paper")));
            format!(
                "the squad carried over from paper: {}: {}",
                said.join(", "),
                e.why
            )
        }
        Event::NoteWritten(e) => {
            let on = match (&e.soldier, e.mission) {
                (Some(soldier), Some(mission)) => format!(" on {soldier}, Mission {mission}"),
                (Some(soldier), None) => format!(" on {soldier}"),
                (None, Some(mission)) => format!(" on Mission {mission}"),
                (None, None) => String::new(),
            };
            format!("note{on}: {}", e.text)
        }
        Event::AssertionRecorded(e) => format!(
            "{}'s paper sheet says {}",
            e.soldier,
            e.fields
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// A roll in one line: "Gizmo k9 encounter: …: 4 -1 (card) +4 (paid 1 Discipline) = 7 vs 5+: success".
pub fn roll_line(roll: &Roll) -> String {
    let Some(face) = roll.faces.first() else {
        return format!("{} {}: no such ability, no roll: fails", roll.who, roll.purpose);
    };
    let mut line = format!("{} {}: {face}", roll.who, roll.purpose);
    if roll.source == Some(Source::Assumed) {
        line.push_str(" (a Trap: taken as 1, not raised)");
    } else {
        for m in &roll.modifiers {
            line.push_str(&format!(" {:+} ({})", m.value, m.source));
        }
    }
    if let Some(total) = roll.total.filter(|_| !roll.modifiers.is_empty()) {
        line.push_str(&format!(" = {total}"));
    }
    if let Some(target) = roll.target {
        line.push_str(&format!(" vs {target}+"));
    }
    line.push_str(if roll.success { ": success" } else { ": fail" });
    line
}

/// One disproof a void names, in words.
pub fn disproof_line(d: &Disproof) -> String {
    format!(
        "v{} die {} records the face {}, but the seed revealed at v{} gives {}",
        d.roll_version, d.die_index, d.recorded_face, d.revealed_at, d.seed_face
    )
}

/// An enlistment in its game's words: a Warfighter Soldier's kind and RP, a Zero Dark hero's
/// stats and specialism (he has no RP).
fn enlisted(card: &SoldierCard) -> String {
    match (card.kind, card.stats) {
        (SoldierKind::Hero, Some(stats)) => {
            let specialism = card
                .specialism
                .as_ref()
                .map(|s| format!(", {s}"))
                .unwrap_or_default();
            format!(
                "{} enlisted (hero, {}{specialism})",
                card.name,
                stats_words(stats)
            )
        }
        (SoldierKind::Hero, None) => format!("{} enlisted (hero)", card.name),
        (SoldierKind::Player | SoldierKind::Nps | SoldierKind::Squad | SoldierKind::K9, _) => {
            format!("{} enlisted ({}, {} RP)", card.name, card.kind, card.rp)
        }
    }
}
