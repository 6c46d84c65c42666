//! `evolve`: how one event changes a campaign's state.

mod allowed;
mod campaign;
mod checks;
mod counters;
mod environment;
mod k9;
mod medals;
mod warfighter;
mod zero_dark;

use counters::{adjust, change_status, take};

use super::event::Event;

use super::soldier::Status;
use super::state::CampaignState;
use super::zero_dark::TimeBuyers;

/// Checks one event against the state and applies it. Never fails: what the rules would have
/// refused, or computed otherwise, is noted as an anomaly, and what cannot apply is clamped.
pub fn evolve(mut state: CampaignState, event: &Event) -> CampaignState {
    allowed::check(&mut state, event);
    if let Some(key) = event.roll().and_then(|roll| roll.dice.as_ref()) {
        match state.generated_rolls.get_mut(&key.commitment) {
            Some(count) => *count += 1,
            None => {
                state.generated_rolls.insert(key.commitment.clone(), 1);
            }
        }
    }
    match event {
        Event::CampaignCreated(e) => campaign::created(&mut state, e),
        Event::ExpansionAdded(e) => campaign::expansion_added(&mut state, e),
        Event::ExpansionRemoved(e) => campaign::expansion_removed(&mut state, e),
        Event::RulesAdopted(e) => campaign::rules_adopted(&mut state, e),
        Event::SoldierEnlisted(e) => campaign::enlisted(&mut state, e),
        Event::MissionStarted(e) => campaign::mission_started(&mut state, e),
        Event::TurnStarted(e) => {
            campaign::turn_started(&mut state, e);
            environment::turn_started(&mut state);
        }
        Event::DisciplineReset(e) => state.with_soldier(&e.soldier, |s| {
            s.discipline = Some(e.discipline);
            None
        }),
        Event::MissionEnded(e) => campaign::mission_ended(&mut state, e),
        Event::Wounded(e) => state.with_soldier(&e.soldier, |s| {
            s.wounds = s.wounds.saturating_add(e.amount);
            None
        }),
        Event::Suppressed(e) => warfighter::suppressed(&mut state, e),
        Event::Healed(e) => state.with_soldier(&e.soldier, |s| {
            take(&mut s.wounds, e.amount, "Wounds", &e.soldier)
        }),
        Event::SuppressCleared(e) => state.with_soldier(&e.soldier, |s| {
            take(&mut s.suppress, e.amount, "Suppress", &e.soldier)
        }),
        Event::Downed(e) => {
            state.with_soldier(&e.soldier, |s| {
                change_status(s, &[Status::Active], Status::Downed)
            });
            environment::downed(&mut state, &e.soldier);
        }
        Event::Recovered(e) => {
            state.with_soldier(&e.soldier, |s| {
                change_status(s, &[Status::Downed], Status::Active)
            });
            environment::recovered(&mut state, &e.soldier);
        }
        Event::Killed(e) => {
            state.with_soldier(&e.soldier, |s| {
                change_status(s, &[Status::Active, Status::Downed], Status::Kia)
            });
            environment::owes_none(&mut state, &e.soldier);
            environment::choice_lapses(&mut state, &e.soldier);
        }
        Event::Discharged(e) => {
            state.with_soldier(&e.soldier, |s| {
                change_status(s, &[Status::Active, Status::Downed], Status::Discharged)
            });
            environment::owes_none(&mut state, &e.soldier);
            environment::choice_lapses(&mut state, &e.soldier);
        }
        Event::MedalAwarded(e) => {
            state.with_soldier(&e.soldier, |s| {
                s.medals.push(e.medal.clone());
                None
            });
            medals::sticker_put_on(&mut state, &e.medal.name);
        }
        Event::MedalStickersRemoved(e) => warfighter::stickers_removed(&mut state, e),
        Event::XpAdjusted(e) => {
            state.with_soldier(&e.soldier, |s| adjust(&mut s.xp, e.amount, "XP", &e.soldier))
        }
        Event::TeamXpAdjusted(e) => {
            if let Some(problem) = adjust(&mut state.team_xp, e.amount, "XP", "the team") {
                state.note(problem);
            }
        }
        Event::HardyAdjusted(e) => environment::hardy_adjusted(&mut state, e),
        Event::EkiaRecorded(e) => warfighter::ekia_recorded(&mut state, e),
        Event::RpGranted(e) => state.rp_bank = state.rp_bank.saturating_add(e.amount),
        Event::RpSpent(e) => warfighter::rp_spent(&mut state, e),
        Event::RpAwardRevised(e) => warfighter::rp_award_revised(&mut state, e),
        Event::CommandVoided(_) => {}
        Event::SeedCommitted(e) => state.seed_commitment = Some(e.commitment.clone()),
        Event::SeedRevealed(e) => {
            state.revealed_seeds.insert(e.commitment.clone());
        }
        Event::AssertionRecorded(_) | Event::NoteWritten(_) => {}
        Event::SoldierCarriedOver(e) => campaign::soldier_carried_over(&mut state, e),
        Event::SquadCarriedOver(e) => campaign::squad_carried_over(&mut state, e),
        Event::CommandsKept(_) => campaign::commands_kept(&mut state),
        Event::CheckRolled(e) => checks::check_rolled(&mut state, e),
        Event::EnvironmentRolled(e) => environment::environment_rolled(&mut state, e),
        Event::EnvironmentResolved(e) => environment::environment_resolved(&mut state, e),
        Event::EnvironmentDeclared(e) => environment::environment_declared(&mut state, e),
        Event::EnvironmentCleared(e) => environment::environment_cleared(&mut state, e),
        Event::ObjectiveActivated(e) => checks::objective_activated(&mut state, e),
        Event::ObjectiveCompleted(e) => checks::objective_completed(&mut state, e),
        Event::K9EncounterDrawn(e) => k9::encounter_drawn(&mut state, e),
        Event::K9RollMade(e) => k9::k9_roll_made(&mut state, e),
        Event::DisciplineSpent(e) => state.with_soldier(&e.soldier, |s| match s.discipline.as_mut() {
            Some(counters) => take(counters, e.amount, "Discipline", &e.soldier),
            None => Some(format!("spends Discipline of {}, who is not a K9", e.soldier)),
        }),
        Event::K9EncounterResolved(e) => k9::encounter_resolved(&mut state, e),
        Event::K9ObjectiveResolved(e) => k9::k9_objective_resolved(&mut state, e),
        Event::MedalDeckLoaded(e) => medals::deck_loaded(&mut state, e),
        Event::MedalDrawn(e) => medals::drawn(&mut state, e),
        Event::MedalRevealed(e) => medals::revealed(&mut state, &e.medal),
        Event::MedalRecipientRolled(e) => {
            medals::with_drawn(&mut state, &e.medal, |d| d.recipient = Some(e.recipient.clone()));
        }
        Event::MedalEarned(e) => medals::left_play(&mut state, &e.medal, None),
        Event::MedalLost(e) => medals::left_play(&mut state, &e.medal, Some(e.to)),
        Event::MedalsReshuffled(e) => medals::reshuffled(&mut state, e),
        Event::HostileSuppressed(e) => medals::hit(&mut state, &e.hostile, &e.soldier),
        Event::RpCardGained(e) => warfighter::rp_card_gained(&mut state, e),
        Event::HeroStateSet(e) => state.with_soldier(&e.hero, |s| {
            s.hero_state = e.state;
            None
        }),
        Event::BogeyAdded(e) => zero_dark::with_mission(&mut state, |z| z.bogeys.push(e.bogey.clone())),
        Event::BogeyTargeted(e) => {
            zero_dark::with_mission(&mut state, |z| z.targeted.push((e.bogey.clone(), e.by.clone())));
        }
        Event::BogeyDowned(e) => zero_dark::with_mission(&mut state, |z| z.down.push(e.bogey.clone())),
        Event::BogeyKilled(e) => zero_dark::with_mission(&mut state, |z| {
            z.down.retain(|b| *b != e.bogey);
            z.dead.push((e.bogey.clone(), e.by.clone()));
        }),
        Event::BuyTimeDeclared(e) => zero_dark::buy_time(&mut state, e),
        Event::OpponentBoughtTime(e) => zero_dark::with_mission(&mut state, |z| {
            z.bought_time = Some(e.opponent_d);
            z.bought_time_by = Some(TimeBuyers::Opponent);
        }),
        Event::PriorityTaskChosen(e) => zero_dark::task_chosen(&mut state, e),
        Event::DeadDropInteracted(_) => zero_dark::with_mission(&mut state, |z| z.dead_drop = true),
        Event::RescueExtracted(_) => zero_dark::with_mission(&mut state, |z| z.extracted = true),
        Event::PriorityTaskResolved(_) => {}
        Event::PersuasionTested(e) => zero_dark::persuasion(&mut state, e),
        Event::AllyMadeDependent(e) => zero_dark::with_ally(&mut state, e, |a| a.dependent = true),
        Event::AllyDied(e) => zero_dark::with_ally(&mut state, e, |a| a.dead = true),
        Event::ControlCardsSetAside(e) => zero_dark::with_mission(&mut state, |z| {
            z.set_aside = z.set_aside.saturating_add(e.cards);
        }),
        Event::ControlDeckRanOut(_) => zero_dark::with_mission(&mut state, |z| z.control_deck_ran_out = true),
        Event::SetAsideCardsFlipped(e) => zero_dark::with_mission(&mut state, |z| {
            z.set_aside_flipped = z.set_aside_flipped.saturating_add(e.cards);
        }),
        Event::RpCardLost(e) => warfighter::rp_card_lost(&mut state, e),
    }
    state
}
