//! The campaign's own rules, shared by every game: creating it, its rules version and
//! expansions, enlisting, Missions and turns (`mission`), the audit's seeds and paper
//! sheets (`audit`), notes (`notes`), and a paper campaign carried over (`carry_over`).

pub(super) mod audit;
pub(super) mod carry_over;
pub(super) mod mission;
pub(super) mod notes;

use crate::domain::Game;
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    CampaignCreated, CommandsKept, Event, ExpansionChanged, RulesAdopted, SoldierEnlisted,
};
use crate::domain::limits::{MAX_DISCIPLINE, MAX_HEALTH, MAX_SOLDIER_RP, MAX_STARTING_HARDY, MAX_STAT};
use crate::domain::names;
use crate::domain::rulebook::Expansion;
use crate::domain::rules_version::{self, RulesVersion};
use crate::domain::soldier::{MAX_SOLDIER_NAME, SoldierCard, SoldierKind, same_name};
use crate::domain::state::{CampaignInfo, CampaignState};
use crate::rules::preconditions::{check_text, check_word};
use crate::rules::types::check_type;

pub(super) fn create(
    state: &CampaignState,
    commands_kept: bool,
    game: Game,
    nation: Option<&str>,
    expansions: &[Expansion],
) -> Result<Vec<Event>, RuleError> {
    if state.info.is_some() {
        return Err(RuleError::refused(
            "this campaign already exists; pick another name, or select it with `muster campaign use NAME`",
        ));
    }
    let nation = nation.map(|n| check_text("the nation", n)).transpose()?;
    let mut checked = Vec::new();
    for expansion in expansions {
        fits(*expansion, game)?;
        if !checked.contains(expansion) {
            checked.push(*expansion);
        }
    }
    Ok(vec![Event::CampaignCreated(CampaignCreated {
        commands_kept,
        game,
        nation,
        expansions: checked,
        rules: rules_version::NEWEST,
        unrecognized_expansions: Vec::new(),
    })])
}

/// Marks a campaign created before commands were kept: every command after it carries its
/// command. A campaign is marked once.
pub(super) fn keep_commands(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    match state.commands_kept {
        Some(version) => Err(RuleError::refused(format!(
            "this campaign keeps every command's command since version {version}: it is marked once, and needs no other mark"
        ))),
        None => Ok(vec![Event::CommandsKept(CommandsKept {})]),
    }
}

/// Refuses an expansion of another game.
fn fits(expansion: Expansion, game: Game) -> Result<(), RuleError> {
    if expansion.games().contains(&game) {
        return Ok(());
    }
    let games: Vec<String> = expansion.games().iter().map(ToString::to_string).collect();
    Err(RuleError::refused(format!(
        "{} is played with Warfighter {}, and this is a {game} campaign; leave it out",
        expansion.title(),
        games.join(" or ")
    )))
}

/// Starts using an expansion of the campaign's game.
pub(super) fn add_expansion(info: &CampaignInfo, expansion: Expansion) -> Result<Vec<Event>, RuleError> {
    if info.expansions.contains(&expansion) {
        return Err(RuleError::refused(format!(
            "the campaign already uses {}",
            expansion.title()
        )));
    }
    fits(expansion, info.game)?;
    Ok(vec![Event::ExpansionAdded(ExpansionChanged { expansion })])
}

/// Stops using an expansion, unless a recorded event needs it.
pub(super) fn remove_expansion(
    state: &CampaignState,
    info: &CampaignInfo,
    expansion: Expansion,
) -> Result<Vec<Event>, RuleError> {
    if !info.expansions.contains(&expansion) {
        let used: Vec<String> = info.expansions.iter().map(ToString::to_string).collect();
        return Err(RuleError::refused(format!(
            "the campaign does not use {}; it uses {}",
            expansion.title(),
            if used.is_empty() {
                "none".to_owned()
            } else {
                used.join(", ")
            }
        )));
    }
    if let Some(why) = needs(state, expansion) {
        return Err(RuleError::refused(format!(
            "{} cannot be removed: {why}; a mistaken event is voided first (`muster void VERSION`)",
            expansion.title()
        )));
    }
    Ok(vec![Event::ExpansionRemoved(ExpansionChanged { expansion })])
}

/// Adopts later rules (`None`: the newest), between Missions.
pub(super) fn adopt_rules(
    state: &CampaignState,
    version: Option<RulesVersion>,
) -> Result<Vec<Event>, RuleError> {
    let in_force = state.rules();
    let version = version.unwrap_or(rules_version::NEWEST);
    if !version.is_known() {
        return Err(RuleError::refused(format!(
            "this muster knows rules {} to {}, not {}; `muster campaign rules` lists them",
            rules_version::FIRST.0,
            rules_version::NEWEST.0,
            version.0
        )));
    }
    if version <= in_force {
        return Err(RuleError::refused(format!(
            "the campaign is already under {in_force}; only later rules are adopted (the newest is {})",
            rules_version::NEWEST.0
        )));
    }
    if let Some(mission) = state.mission_in_progress() {
        return Err(RuleError::refused(format!(
            "Mission {} is in progress; rules are adopted between Missions, so that one Mission is played under one set: end it first",
            mission.number
        )));
    }
    Ok(vec![Event::RulesAdopted(RulesAdopted { version })])
}

pub(super) fn enlist(
    state: &CampaignState,
    info: &CampaignInfo,
    card: &SoldierCard,
) -> Result<Vec<Event>, RuleError> {
    let mut card = card.clone();
    card.name = names::composed(&check_text("the Soldier's name", &card.name)?);
    // From rules 5 the rarer characters that print as nothing are refused too.
    let why = match state.rules() {
        rules if rules >= rules_version::CARDS_AS_PRINTED => names::hidden_problem(&card.name),
        rules if rules >= rules_version::NAMES_KEPT_APART => names::problem(&card.name),
        _ => None,
    };
    if let Some(why) = why {
        return Err(RuleError::refused(format!(
            "the Soldier's name '{}' is not accepted: {why}; type the name as printed on his card",
            card.name.escape_debug()
        )));
    }
    if card.name.chars().count() > MAX_SOLDIER_NAME {
        return Err(RuleError::refused(format!(
            "the Soldier's name '{}' is longer than {MAX_SOLDIER_NAME} characters; use the name on his card",
            card.name
        )));
    }
    // A Zero Dark campaign's Soldiers are its heroes.
    let soldier = match info.game {
        Game::ZeroDark => "hero",
        Game::Wwii | Game::Modern => "Soldier",
    };
    if same_name(&card.name, "team") {
        return Err(RuleError::refused(format!(
            "'team' is reserved for the team's XP (`muster xp team N`); give the {soldier} another name"
        )));
    }
    if let Some(existing) = state.soldier(&card.name) {
        return Err(RuleError::refused(format!(
            "a {soldier} named '{}' is already enlisted (names are compared without case); give this one another name",
            existing.card.name
        )));
    }
    // From rules 10 a name that prints as another's (spaced otherwise, a curly apostrophe for
    // a straight one) is refused too: on a card, a page or a roster the two read as one.
    let alike = state
        .soldiers
        .iter()
        .find(|s| names::look_alike(&s.card.name, &card.name))
        .filter(|_| state.rules() >= rules_version::NAMES_READ_ALIKE);
    if let Some(existing) = alike {
        return Err(RuleError::refused(format!(
            "the name '{}' reads as {}'s, already enlisted (spaces and quotation marks are read as a page prints them); give this {soldier} a name of his own, or mean {} himself",
            card.name, existing.card.name, existing.card.name
        )));
    }
    check_kind_fits_game(card.kind, info.game)?;
    let needs_k9 = card.kind == SoldierKind::K9 && state.rules() >= rules_version::EXPANSIONS_REQUIRED;
    if needs_k9 && !info.expansions.contains(&Expansion::K9) {
        return Err(RuleError::refused(format!(
            "a K9 belongs to {}, which this campaign does not use; add it with `muster campaign expansion add k9`",
            Expansion::K9.title()
        )));
    }
    in_range("the card's RP", i64::from(card.rp), 0, MAX_SOLDIER_RP)?;
    if let Some(health) = card.health {
        in_range("Health", i64::from(health), 1, MAX_HEALTH)?;
    }
    for (hardy, count) in &card.hardy {
        check_type(state, "a Hardy type", hardy)?;
        in_range("a starting Hardy count", i64::from(*count), 0, MAX_STARTING_HARDY)?;
    }
    card.hardy.retain(|_, count| *count > 0);
    for (name, ability) in &card.abilities {
        check_word("an ability name", name)?;
        crate::rules::checks::enlisted_ability(state, name)?;
        // Rule 001: Upgunned "provides a better chance at succeeding at the ability check".
        let worse = ability.upgunned.filter(|upgunned| *upgunned >= ability.target);
        if let Some(upgunned) = worse.filter(|_| state.rules() >= rules_version::CARDS_AS_PRINTED) {
            return Err(RuleError::refused(format!(
                "{name} {}+ [{upgunned}+] is not accepted: the Upgunned target gives a better chance (rule 001), so it is lower than {}+; type the card's numbers as printed, e.g. {name}={}/{}",
                ability.target,
                ability.target,
                ability.target,
                ability.target.saturating_sub(1).max(1)
            )));
        }
    }
    card.keywords = card
        .keywords
        .iter()
        .map(|k| check_word("a keyword", k))
        .collect::<Result<_, _>>()?;
    if let Some(specialism) = &card.specialism {
        card.specialism = Some(specialism_as_typed(
            state,
            &check_text("the specialism", specialism)?,
        )?);
    }
    check_k9_fields(state, &mut card)?;
    check_hero_fields(&card)?;
    Ok(vec![Event::SoldierEnlisted(Box::new(SoldierEnlisted { card }))])
}

/// A hero's `specialism`, refused from [`rules_version::SPECIALISMS_READ`] when it is one
/// letter from Spook (rule 003's specialism, whose priority task only a hero of it chooses) or
/// from one a hero of the campaign has: a typo would make a hero of no specialism the rules know.
fn specialism_as_typed(state: &CampaignState, specialism: &str) -> Result<String, RuleError> {
    if state.rules() < rules_version::SPECIALISMS_READ {
        return Ok(specialism.to_owned());
    }
    let typed = specialism.to_lowercase();
    let held = state.soldiers.iter().filter_map(|s| s.card.specialism.as_deref());
    let mut known: Vec<String> = std::iter::once("spook")
        .chain(held)
        .map(str::to_lowercase)
        .collect();
    if known.contains(&typed) {
        return Ok(specialism.to_owned());
    }
    known.retain(|k| strsim::damerau_levenshtein(k, &typed) == 1);
    known.sort_unstable();
    known.dedup();
    if known.is_empty() {
        return Ok(specialism.to_owned());
    }
    let meant = known.join("' or '");
    Err(RuleError::refused(format!(
        "the specialism '{specialism}' is one letter from '{meant}'; did you mean '{meant}'? A specialism of its own is accepted when it is not one letter from spook or one a hero of this campaign has (rule 003)"
    )))
}

fn check_kind_fits_game(kind: SoldierKind, game: Game) -> Result<(), RuleError> {
    match (kind, game) {
        (SoldierKind::Hero, Game::ZeroDark) => Ok(()),
        (SoldierKind::Hero, Game::Wwii) => Err(RuleError::refused(
            "heroes belong to Horizon Wars: Zero Dark, and this is a wwii campaign; use --kind player, nps or squad",
        )),
        (SoldierKind::Hero, _) => Err(RuleError::refused(format!(
            "heroes belong to Horizon Wars: Zero Dark, and this is a {game} campaign; use --kind player, nps, squad or k9"
        ))),
        (_, Game::ZeroDark) => Err(RuleError::refused(format!(
            "a {kind} Soldier belongs to Warfighter, and this is a zero-dark campaign; use --kind hero"
        ))),
        (SoldierKind::K9, Game::Wwii) => Err(RuleError::refused(
            "K9 Soldiers come from Warfighter Modern (Expansion #37), and this is a wwii campaign; use --kind player, nps or squad",
        )),
        _ => Ok(()),
    }
}

/// A K9 needs a Discipline stat and a Handler who has no other K9; nobody else has either.
fn check_k9_fields(state: &CampaignState, card: &mut SoldierCard) -> Result<(), RuleError> {
    if card.kind != SoldierKind::K9 {
        if card.handler.is_some() || card.discipline.is_some() {
            return Err(RuleError::refused(format!(
                "only a K9 has a Handler and a Discipline stat; enlist '{}' with --kind k9, or drop --handler and --discipline",
                card.name
            )));
        }
        return Ok(());
    }
    let Some(discipline) = card.discipline else {
        return Err(RuleError::refused(format!(
            "the K9 '{}' needs his Discipline stat: add --discipline N (0 to 10)",
            card.name
        )));
    };
    in_range("Discipline", i64::from(discipline), 0, MAX_DISCIPLINE)?;
    let Some(handler_name) = card.handler.clone() else {
        return Err(RuleError::refused(format!(
            "the K9 '{}' needs his Handler: enlist the Handler first, then add --handler NAME",
            card.name
        )));
    };
    let handler = state.find_soldier(&handler_name)?;
    if matches!(handler.card.kind, SoldierKind::K9 | SoldierKind::Hero) {
        return Err(RuleError::refused(format!(
            "'{}' is a {} and cannot be a Handler; name a player, nps or squad Soldier",
            handler.card.name, handler.card.kind
        )));
    }
    if !handler.is_on_the_books() {
        return Err(RuleError::refused(format!(
            "the Handler '{}' is {}; name a Handler who is active or downed",
            handler.card.name, handler.status
        )));
    }
    // Rule 000: "All Handler Soldiers have a Handler Ability", which his Encounters roll.
    let able = handler.card.abilities.contains_key("handler");
    if !able && state.rules() >= rules_version::CARDS_AS_PRINTED {
        return Err(RuleError::refused(format!(
            "'{}' has no Handler Ability, and every Handler has one (rule 000: \"All Handler Soldiers have a Handler Ability\"); name the Soldier whose card has it, or void his enlistment and enlist him again with --ability handler=N",
            handler.card.name
        )));
    }
    if let Some(other) = state.k9_of(&handler.card.name) {
        return Err(RuleError::refused(format!(
            "'{}' already handles the K9 '{}'; each Handler is paired with exactly one K9",
            handler.card.name, other.card.name
        )));
    }
    card.handler = Some(handler.card.name.clone());
    Ok(())
}

/// Stats and a specialism are a Zero Dark hero's, and a hero needs his stats.
fn check_hero_fields(card: &SoldierCard) -> Result<(), RuleError> {
    match (card.kind, card.stats) {
        (SoldierKind::Hero, None) => Err(RuleError::refused(format!(
            "the hero '{}' needs his stats: --stat M=N --stat F=N --stat A=N --stat D=N",
            card.name
        ))),
        (SoldierKind::Hero, Some(stats)) => {
            for (stat, value) in [("M", stats.m), ("F", stats.f), ("A", stats.a), ("D", stats.d)] {
                in_range(stat_name(stat), i64::from(value), 0, MAX_STAT)?;
            }
            Ok(())
        }
        (_, Some(_)) => Err(RuleError::refused(
            "stats (M, F, A, D) belong to Zero Dark heroes; drop --stat",
        )),
        (_, None) if card.specialism.is_some() => Err(RuleError::refused(
            "a specialism belongs to Zero Dark heroes; drop --specialism",
        )),
        (_, None) => Ok(()),
    }
}

fn stat_name(stat: &str) -> &'static str {
    match stat {
        "M" => "the M (Mobility) stat",
        "F" => "the F (Fight) stat",
        "A" => "the A (Acuity) stat",
        _ => "the D (Discipline) stat",
    }
}

/// What recorded needs `expansion`, if anything: a K9 enlisted, a Medal deck shuffled.
fn needs(state: &CampaignState, expansion: Expansion) -> Option<String> {
    match expansion {
        Expansion::K9 => state
            .soldiers
            .iter()
            .find(|s| s.card.kind == SoldierKind::K9)
            .map(|k9| format!("the K9 {} was enlisted under it", k9.card.name)),
        Expansion::Medals => state
            .medal_deck
            .as_ref()
            .map(|deck| format!("the {} Medal deck was shuffled under it", deck.nation)),
    }
}
