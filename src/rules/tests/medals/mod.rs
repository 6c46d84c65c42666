//! Medals (RULES 5, rule 004): the Nation's deck, drawing one card per trigger, face-down
//! cards, the random recipient, earning, Eliminate, turn limits, stickers and Medal RP.
//!
//! The scenarios are grouped by topic; this module holds the Canadian fixture deck, the squad
//! and the builders they share.

mod award;
mod decided_again;
mod drawing;
mod earning;
mod eliminate;
mod once;
mod recipient;
mod setup;
mod stickers;
mod turns;
mod voids;

use super::*;

use crate::domain::command::StatusChange;
use crate::domain::medals::{MedalDeckFile, MedalReturn, RpCardKind};
use crate::domain::roll::Source;
use crate::rules::harness::given;

/// Military Medal: 2 RP, turn limit 1, benefit a 2 RP Skill "Veteran".
const MM: &str = "Military Medal";
/// Distinguished Conduct Medal: 3 RP, Eliminate, benefit 2 XP.
const DCM: &str = "Distinguished Conduct Medal";
/// Military Cross: 3 RP, drawn face down, benefit 1 Hardy Any counter.
const MC: &str = "Military Cross";
/// Mention in Despatches: 1 RP, turn limit 1, no tracked benefit.
const MID: &str = "Mention in Despatches";

/// The Hostile card the Eliminate scenarios name.
const SNIPER: &str = "Sniper";

/// The fixture deck, fixtures/cards/medals-canada.json.
fn canada() -> MedalDeckFile {
    crate::catalog::medal_deck::parse(
        include_str!("../../../../fixtures/cards/medals-canada.json"),
        "fixtures/cards/medals-canada.json",
    )
    .unwrap()
}

/// A WWII campaign commanding `nation`, with `expansions`.
fn wwii(nation: Option<&str>, expansions: &[&str]) -> Event {
    Event::CampaignCreated(CampaignCreated {
        commands_kept: false,
        game: crate::domain::Game::Wwii,
        nation: nation.map(Into::into),
        expansions: expansions
            .iter()
            .filter_map(|e| crate::domain::rulebook::Expansion::named(e))
            .collect(),
        rules: crate::domain::rules_version::NEWEST,
        unrecognized_expansions: vec![],
    })
}

/// `log` with the campaign created under `rules`, for the outcomes of earlier rules.
fn under(rules: crate::domain::rules_version::RulesVersion, mut log: Vec<Event>) -> Vec<Event> {
    if let Some(Event::CampaignCreated(created)) = log.first_mut() {
        created.rules = rules;
    }
    log
}

/// A Canadian WWII campaign played with the Medals expansion.
fn canadian_campaign() -> Event {
    wwii(Some("Canada"), &["medals"])
}

/// The Canadian deck as `medal deck` records it.
fn deck_loaded() -> Event {
    Event::MedalDeckLoaded(MedalDeckLoaded {
        nation: "Canada".into(),
        medals: canada().medals,
    })
}

/// A Player Soldier's card worth `rp`.
fn worth(name: &str, rp: u32) -> SoldierCard {
    SoldierCard { rp, ..player(name) }
}

/// A Canadian campaign, its Medal deck shuffled, with Able, Baker and Charlie (4 RP each).
fn squad() -> Vec<Event> {
    vec![
        canadian_campaign(),
        deck_loaded(),
        enlisted(player("Able")),
        enlisted(player("Baker")),
        enlisted(player("Charlie")),
    ]
}

/// [`squad`] on Mission 1 "Juno Beach" with all three, before turn 1.
fn on_juno() -> Vec<Event> {
    let mut log = squad();
    log.push(mission_started(1, "Juno Beach", &["Able", "Baker", "Charlie"]));
    log
}

/// [`on_juno`] in turn 1.
fn juno_turn_1() -> Vec<Event> {
    let mut log = on_juno();
    log.push(turn_started(1, 1));
    log
}

fn turn_started(mission: u32, turn: u32) -> Event {
    Event::TurnStarted(TurnStarted { mission, turn })
}

/// `medal draw MEDAL --trigger TRIGGER`.
fn draw(medal: &str, trigger: &str) -> Command {
    Command::DrawMedal {
        medal: medal.into(),
        trigger: trigger.into(),
        hostile: None,
    }
}

/// `medal draw MEDAL --trigger TRIGGER --hostile HOSTILE`, for an Eliminate Medal.
fn draw_on(medal: &str, trigger: &str, hostile: &str) -> Command {
    Command::DrawMedal {
        medal: medal.into(),
        trigger: trigger.into(),
        hostile: Some(hostile.into()),
    }
}

/// The card `medal` drawn by `trigger` in `turn` of Mission 1, face up, about no Hostile.
fn drawn(medal: &str, trigger: &str, turn: u32) -> Event {
    Event::MedalDrawn(MedalDrawn {
        medal: medal.into(),
        trigger: trigger.into(),
        mission: 1,
        turn,
        face_down: false,
        hostile: None,
    })
}

/// The Eliminate Medal `medal` drawn in `turn` of Mission 1 about `hostile`.
fn drawn_on(medal: &str, trigger: &str, turn: u32, hostile: &str) -> Event {
    Event::MedalDrawn(MedalDrawn {
        medal: medal.into(),
        trigger: trigger.into(),
        mission: 1,
        turn,
        face_down: false,
        hostile: Some(hostile.into()),
    })
}

/// The "Draw and leave face down" card `medal` drawn in `turn` of Mission 1.
fn drawn_face_down(medal: &str, trigger: &str, turn: u32) -> Event {
    Event::MedalDrawn(MedalDrawn {
        medal: medal.into(),
        trigger: trigger.into(),
        mission: 1,
        turn,
        face_down: true,
        hostile: None,
    })
}

fn reveal(medal: &str) -> Command {
    Command::RevealMedal { medal: medal.into() }
}

fn roll_recipient(medal: &str) -> Command {
    Command::RollMedalRecipient { medal: medal.into() }
}

/// The recipient roll of `medal`: a d{candidates} entered as `face`, which picks `recipient`.
fn recipient_rolled(medal: &str, candidates: &[&str], face: u8, recipient: &str) -> Event {
    Event::MedalRecipientRolled(Box::new(MedalRecipientRolled {
        medal: medal.into(),
        candidates: candidates.iter().map(|c| c.to_string()).collect(),
        recipient: recipient.into(),
        roll: Roll {
            who: recipient.into(),
            purpose: format!("Medal recipient for {medal}"),
            die: format!("d{}", candidates.len()),
            faces: vec![face],
            source: Some(Source::Entered),
            target: None,
            modifiers: vec![],
            costs: vec![],
            total: Some(i32::from(face)),
            success: true,
            dice: None,
        },
    }))
}

fn earn(medal: &str) -> Command {
    Command::EarnMedal { medal: medal.into() }
}

fn earned(medal: &str, soldier: &str) -> Event {
    Event::MedalEarned(MedalEarned {
        medal: medal.into(),
        soldier: soldier.into(),
    })
}

/// The sticker a Medal card puts on `soldier`, with the card's requirement as the reason.
fn sticker_on(soldier: &str, medal: &str, rp: u32, requirement: &str) -> Event {
    Event::MedalAwarded(MedalAwarded {
        soldier: soldier.into(),
        medal: sticker(medal, rp),
        why: requirement.into(),
    })
}

fn lose(medal: &str, to: MedalReturn, why: &str) -> Command {
    Command::LoseMedal {
        medal: medal.into(),
        to,
        why: why.into(),
    }
}

fn lost(medal: &str, to: MedalReturn, why: &str) -> Event {
    Event::MedalLost(MedalLost {
        medal: medal.into(),
        to,
        why: why.into(),
    })
}

fn suppress(soldier: &str, hostile: &str) -> Command {
    Command::SuppressHostile {
        soldier: soldier.into(),
        hostile: hostile.into(),
    }
}

fn suppressed(soldier: &str, hostile: &str) -> Event {
    Event::HostileSuppressed(HostileSuppressed {
        soldier: soldier.into(),
        hostile: hostile.into(),
    })
}

fn ekia(soldier: &str, hostile: &str, value: i64) -> Command {
    Command::RecordEkia {
        soldier: soldier.into(),
        hostile: hostile.into(),
        value,
    }
}

fn ekia_recorded(soldier: &str, hostile: &str, value: u32) -> Event {
    Event::EkiaRecorded(EkiaRecorded {
        soldier: soldier.into(),
        hostile: hostile.into(),
        value,
    })
}

fn status(change: StatusChange, soldier: &str) -> Command {
    Command::ChangeStatus {
        change,
        soldier: soldier.into(),
    }
}

fn end(rp_award: Option<(i64, &str)>) -> Command {
    Command::EndMission {
        result: crate::domain::MissionResult::Success,
        rp_award: rp_award.map(|(n, why)| (n, why.to_string())),
    }
}

/// The state's Medal deck, which every scenario here has loaded.
fn deck(state: &CampaignState) -> &crate::domain::medals::MedalDeck {
    state.medal_deck.as_ref().unwrap()
}

/// The names, as owned strings, for comparing with the deck's piles.
fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

#[test]
fn the_fixture_deck_holds_the_four_canadian_cards_described_here() {
    let file = canada();
    assert_eq!(file.nation, "Canada");
    let cards: Vec<(&str, u32, Option<u32>, bool, bool)> = file
        .medals
        .iter()
        .map(|m| (m.name.as_str(), m.rp, m.turn_limit, m.face_down, m.eliminate))
        .collect();
    assert_eq!(
        cards,
        vec![
            (MM, 2, Some(1), false, false),
            (DCM, 3, None, false, true),
            (MC, 3, None, true, false),
            (MID, 1, Some(1), false, false),
        ]
    );
}
