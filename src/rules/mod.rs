//! Pure decisions: given a campaign's state and an intent, the events it makes or why not.
//!
//! Nothing here touches the store, the clock or the dice; callers pass in what they need.

mod campaign;
mod checks;
mod environment;
mod k9;
mod medals;
mod preconditions;
pub(crate) mod redecide;
mod roll;
mod types;
pub mod void;
mod warfighter;
mod zero_dark;

use campaign::{audit, carry_over, mission, notes};
use checks::objectives;
use preconditions::created;
use warfighter::squad;

use crate::dice::Cup;
use crate::domain::Game;
use crate::domain::command::Command;
use crate::domain::error::RuleError;
use crate::domain::event::{Event, SeedCommitted};
use crate::domain::rules_version;
use crate::domain::state::{CampaignInfo, CampaignState};
use crate::domain::zero_dark::PriorityTask;

/// Decides what `command` records in a campaign at `state`, or why it is refused.
///
/// It decides under the rules in force in `state` ([`CampaignState::rules`]): a rule a later
/// version changed keeps its earlier form for campaigns that have not adopted it, so `verify`
/// can decide any command again, under the version in force at its place.
///
/// `cup` holds the dice the command may roll: faces the player entered, then faces
/// generated from the committed seed.
pub fn decide(state: &CampaignState, command: &Command, cup: &mut Cup) -> Result<Vec<Event>, RuleError> {
    if !matches!(command, Command::CreateCampaign { .. }) {
        gate(state, created(state)?, command)?;
        zero_dark::buy_time::still_playing(state, command)?;
    }
    decide_gated(state, command, cup)
}

/// The bogeys the Spook's priority `task` would pick its target among on the Mission in
/// progress, in the order a die's faces name them (rule 003); none outside a Mission or for a
/// task with no target.
pub fn priority_task_targets(state: &CampaignState, task: PriorityTask) -> Vec<String> {
    state
        .mission_in_progress()
        .map(|mission| zero_dark::spook::task_targets(mission, task).0)
        .unwrap_or_default()
}

/// Whether a hero of the Spook specialism is on the Mission in progress: the priority task
/// and Buy Time are his to choose (rule 003).
pub fn spook_on_mission(state: &CampaignState) -> bool {
    state
        .mission_in_progress()
        .is_some_and(|mission| zero_dark::spook::spook(state, mission).is_ok())
}

/// Decides the correction an amendment records in place of the command it voids, at `state`,
/// the state after the void: like [`decide`], but the correction replaces a command of play
/// recorded earlier, so a Mission whose play is over since (its set-aside cards exhausted,
/// rule 003) does not refuse it.
pub fn decide_amendment(
    state: &CampaignState,
    command: &Command,
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    if !matches!(command, Command::CreateCampaign { .. }) {
        gate(state, created(state)?, command)?;
    }
    decide_gated(state, command, cup)
}

/// The decision itself, once the command passed the gates.
fn decide_gated(state: &CampaignState, command: &Command, cup: &mut Cup) -> Result<Vec<Event>, RuleError> {
    match command {
        Command::CreateCampaign {
            commands_kept,
            game,
            nation,
            expansions,
        } => campaign::create(state, *commands_kept, *game, nation.as_deref(), expansions),
        Command::Enlist(card) => campaign::enlist(state, created(state)?, card),
        Command::StartMission {
            name,
            soldiers,
            objectives,
            k9_objective,
            environments,
        } => mission::start(
            state,
            name,
            soldiers,
            *objectives,
            k9_objective.as_deref(),
            environments,
        ),
        Command::NextTurn => mission::next_turn(state),
        Command::EndMission { result, rp_award } => mission::end(state, *result, rp_award.as_ref()),
        Command::Harm {
            harm,
            soldier,
            amount,
        } => warfighter::harm(state, *harm, soldier, *amount),
        Command::ChangeStatus { change, soldier } => warfighter::change_status(state, *change, soldier),
        Command::AdjustXp { target, amount, why } => {
            warfighter::adjust_xp(state, created(state)?, target, *amount, why)
        }
        Command::AdjustHardy {
            soldier,
            hardy,
            amount,
            why,
        } => warfighter::adjust_hardy(state, soldier, hardy, *amount, why),
        Command::RecordEkia {
            soldier,
            hostile,
            value,
        } => warfighter::record_ekia(state, soldier, hostile, *value),
        Command::GrantRp { amount, why } => squad::grant(*amount, why),
        Command::SpendRp { amount, why } => squad::spend(state, *amount, why),
        Command::AwardMedal {
            soldier,
            medal,
            rp,
            why,
        } => warfighter::award_medal(state, soldier, medal, *rp, why),
        Command::AdoptRules { version } => campaign::adopt_rules(state, *version),
        Command::AddExpansion(expansion) => campaign::add_expansion(created(state)?, *expansion),
        Command::RemoveExpansion(expansion) => campaign::remove_expansion(state, created(state)?, *expansion),
        Command::CommitSeed { commitment } => commit_seed(commitment),
        Command::Check {
            soldier,
            ability,
            modifiers,
            upgunned,
            trap,
            fail,
            card,
        } => checks::check(
            state,
            &checks::CheckRequest {
                soldier,
                ability,
                modifiers,
                upgunned: *upgunned,
                trap: *trap,
                fail: *fail,
                card: card.as_deref(),
            },
            cup,
        ),
        Command::Environ {
            soldier,
            environments,
            modifiers,
            location,
        } => {
            let mut events = Vec::new();
            for (environment, target) in environments {
                events.extend(environment::roll(
                    state,
                    soldier,
                    environment,
                    *target,
                    modifiers,
                    location.as_deref(),
                    cup,
                )?);
            }
            Ok(events)
        }
        Command::Resolve {
            soldier,
            choice,
            rolled_at,
        } => environment::resolve(state, soldier, *choice, *rolled_at),
        Command::DeclareEnvironments {
            scope,
            name,
            environments,
        } => environment::declare(state, *scope, name.as_deref(), environments),
        Command::ClearEnvironments {
            scope,
            name,
            environments,
        } => environment::clear(state, *scope, name.as_deref(), environments),
        Command::ActivateObjective(n) => objectives::activate(state, *n),
        Command::CompleteObjective(n) => objectives::complete(state, *n),
        Command::DrawEncounter { card, first_in } => k9::draw(state, card, first_in.as_deref()),
        Command::IgnoreEncounter => k9::ignore(state, cup),
        Command::RollEncounter { payments } => k9::roll_next(state, payments, cup),
        Command::AcceptFailure => k9::accept(state),
        Command::RetryEncounter { payments } => k9::retry(state, payments, cup),
        Command::ResolveK9Objective => mission::end_by_k9_objective(state),
        Command::LoadMedalDeck(file) => medals::load(state, created(state)?, file),
        Command::DrawMedal {
            medal,
            trigger,
            hostile,
        } => medals::draw(state, medal, trigger, hostile.as_deref()),
        Command::RevealMedal { medal } => medals::reveal(state, medal),
        Command::RollMedalRecipient { medal } => medals::roll_recipient(state, medal, cup),
        Command::EarnMedal { medal } => medals::earn(state, medal),
        Command::LoseMedal { medal, to, why } => medals::lose(state, medal, *to, why),
        Command::ReshuffleMedals => medals::reshuffle(state),
        Command::SuppressHostile { soldier, hostile } => medals::suppress_hostile(state, soldier, hostile),
        Command::GainRpCard {
            soldier,
            kind,
            name,
            rp,
        } => squad::gain_card(state, soldier, *kind, name, *rp),
        Command::LoseRpCard { soldier, kind, name } => squad::lose_card(state, soldier, *kind, name),
        Command::SetHeroState { hero, state: new } => zero_dark::set_hero_state(state, hero, *new),
        Command::AddBogey(bogey) => zero_dark::add_bogey(state, bogey),
        Command::TargetBogey { bogey, by } => zero_dark::target(state, bogey, by),
        Command::DownBogey { bogey, by } => zero_dark::down(state, bogey, by),
        Command::KillBogey { bogey, by } => zero_dark::kill(state, bogey, by),
        Command::BuyTime { ours, versus } => zero_dark::buy_time::buy_time(state, *ours, *versus),
        Command::SetAside(cards) => zero_dark::buy_time::set_aside(state, *cards),
        Command::ControlDeckOut => zero_dark::buy_time::deck_out(state),
        Command::FlipSetAside(cards) => zero_dark::buy_time::flip_set_aside(state, *cards),
        Command::ChooseTask(task) => zero_dark::spook::choose_task(state, *task, cup),
        Command::InteractDeadDrop => zero_dark::spook::task_step(state, PriorityTask::Acquisition),
        Command::RescueExtracted => zero_dark::spook::task_step(state, PriorityTask::Rescue),
        Command::Persuade {
            hero,
            bogey,
            hero_successes,
            bogey_successes,
            hero_died,
            ally_to,
        } => zero_dark::persuade(
            state,
            &zero_dark::Persuasion {
                hero,
                bogey,
                hero_successes: *hero_successes,
                bogey_successes: *bogey_successes,
                hero_died: *hero_died,
                ally_to: ally_to.as_deref(),
            },
        ),
        Command::MakeDependent { hero, ally } => zero_dark::make_dependent(state, hero, ally),
        Command::AllyStrayed { hero, ally } => zero_dark::strayed(state, hero, ally),
        Command::RevealSeed {
            seed,
            next_commitment,
        } => audit::reveal_seed(state, seed, next_commitment),
        Command::Assert { soldier, fields } => audit::assert(state, soldier, fields),
        Command::Note {
            text,
            soldier,
            mission,
        } => notes::note(state, text, soldier.as_deref(), *mission),
        Command::CarrySoldierOver {
            soldier,
            xp,
            wounds,
            hardy,
            medals,
            missions,
            discipline,
            why,
        } => carry_over::soldier(
            state,
            soldier,
            &carry_over::Sheet {
                xp: *xp,
                wounds: *wounds,
                hardy,
                medals,
                missions: *missions,
                discipline: *discipline,
            },
            why,
        ),
        Command::CarrySquadOver {
            rp_bank,
            missions,
            why,
        } => carry_over::squad(state, *rp_bank, *missions, why),
        Command::KeepCommands => campaign::keep_commands(state),
    }
}

/// Refuses a command whose rulebook is not played in this campaign's game, or, from
/// [`rules_version::EXPANSIONS_REQUIRED`], whose expansion the campaign does not use.
fn gate(state: &CampaignState, info: &CampaignInfo, command: &Command) -> Result<(), RuleError> {
    let book = command.rulebook();
    if !book.games().contains(&info.game) {
        let belongs = book.belongs(info.game);
        return Err(RuleError::refused(if info.game == Game::ZeroDark {
            format!("this is a Horizon Wars: Zero Dark campaign: {belongs}")
        } else {
            belongs
        }));
    }
    let missing = book.expansion().filter(|x| !info.expansions.contains(x));
    if let Some(expansion) = missing.filter(|_| state.rules() >= rules_version::EXPANSIONS_REQUIRED) {
        return Err(RuleError::refused(format!(
            "this campaign does not use {}; add it with `muster campaign expansion add {expansion}`",
            expansion.title()
        )));
    }
    Ok(())
}

fn commit_seed(commitment: &str) -> Result<Vec<Event>, RuleError> {
    let valid = commitment.len() == 64 && commitment.chars().all(|c| c.is_ascii_hexdigit());
    if !valid {
        return Err(RuleError::refused(
            "a seed commitment is a SHA-256 hash: 64 hex digits",
        ));
    }
    Ok(vec![Event::SeedCommitted(SeedCommitted {
        commitment: commitment.to_lowercase(),
    })])
}

#[cfg(test)]
mod harness;
#[cfg(test)]
pub(crate) mod tests;
