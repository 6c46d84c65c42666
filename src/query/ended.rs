//! A Mission's end as the log reads now: the state before it and the bank after it with every
//! void recorded since applied, and its RP award as the last revision left it (rule 004), so
//! `mission show` and the roster tell the same story.

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::event::{Event, RpAwardRevised};
use crate::domain::fold::fold_onto;
use crate::projection::mission::{Ended, revised_bank};
use crate::store::{Known, StoreError};

impl Query<'_> {
    /// Mission `number`'s end, if it has ended: the state just before it and the bank after
    /// it, as the log up to `head` reads them.
    pub(super) fn ended(&self, number: u32, head: u64) -> Result<Option<Ended>, Error> {
        let Some(ending) = self.find_mission_end(number, head)? else {
            return Ok(None);
        };
        // A void written after the end (of a kill, say) takes away what the end rested on:
        // the surviving RP are read without it, as the roster reads them. Only the voids that
        // name a version up to the end's last can touch the state there, and which
        // checkpoint before it may serve; later ones are never read.
        let known = self.voids_reaching(ending.last, head)?;
        let before = checkpoint::state_before(self.store, self.campaign, ending.ended_at, &known)?;
        let command = self.store.events_between(
            self.campaign,
            ending.ended_at.saturating_sub(1),
            Some(ending.last),
        )?;
        let after = fold_onto(before.clone(), &command, known.voided()).rp_bank;
        // Such a void writes the award's revision; the bank moves by it as the roster's does,
        // and by an earlier Mission's revised since, which reached every bank after it.
        let revisions = self.revisions(number, ending.last, head)?;
        let bank = revisions
            .iter()
            .fold(after, |bank, revision| revised_bank(bank, number, revision));
        let mut event = ending.event;
        let last_revision = revisions.iter().rev().find(|r| r.mission == number);
        if let (Some(award), Some(RpAwardRevised { amount, why, .. })) =
            (event.rp_award.as_mut(), last_revision)
        {
            award.amount = *amount;
            award.why.clone_from(why);
        }
        Ok(Some(Ended { event, before, bank }))
    }

    /// The voids recorded up to `head` that name a version up to `named`, noted as the log's
    /// rare events are.
    fn voids_reaching(&self, named: u64, head: u64) -> Result<Known, Error> {
        let mut known = Known::default();
        for row in self.store.voids_naming(self.campaign, named, head)? {
            let recorded = row.decode().map_err(|e| {
                StoreError::Damaged(format!("version {} of '{}': {e}", row.version, self.campaign))
            })?;
            known.note(&recorded);
        }
        Ok(known)
    }

    /// The revisions of the awards of Mission `number` and those before it written by voids
    /// after version `after` up to `head` that stand (their void not voided in turn), oldest
    /// first.
    fn revisions(&self, number: u32, after: u64, head: u64) -> Result<Vec<RpAwardRevised>, Error> {
        // A revision is written by the void (or amendment) whose award it settles: it stands
        // while that command does.
        let mut revisions = Vec::new();
        for row in self.store.award_revisions(self.campaign, after, head)? {
            if !self.stands(&row.command_id, head)? {
                continue;
            }
            let recorded = row.decode().map_err(|e| {
                StoreError::Damaged(format!("version {} of '{}': {e}", row.version, self.campaign))
            })?;
            match recorded.event {
                Event::RpAwardRevised(e) if e.mission <= number => revisions.push(e),
                _ => {}
            }
        }
        Ok(revisions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{CommandVoided, MissionEnded, RpMovement, SoldierNamed};
    use crate::domain::state::COMPUTED;
    use crate::domain::{Game, MissionResult};
    use crate::query::points::tests::log;
    use crate::rules::tests::{created, enlisted, mission_started, player};

    #[test]
    fn a_kill_voided_after_the_end_is_left_out_of_the_surviving_rp_the_award_and_the_bank() {
        let (_dir, store) = log(vec![
            vec![created(Game::Modern)],
            vec![enlisted(player("Wong"))],
            vec![enlisted(player("Reyes"))],
            vec![mission_started(1, "Cold Start", &["Wong", "Reyes"])],
            // command-4, at v5: the kill the void takes back.
            vec![Event::Killed(SoldierNamed {
                soldier: "Reyes".into(),
            })],
            vec![Event::MissionEnded(MissionEnded {
                mission: 1,
                result: MissionResult::Success,
                rp_award: Some(RpMovement {
                    amount: 4,
                    why: format!("{COMPUTED} Reyes was lost"),
                }),
            })],
            vec![
                Event::CommandVoided(CommandVoided {
                    version: 5,
                    command_id: "command-4".into(),
                    disproofs: Vec::new(),
                    why: "entered by mistake".into(),
                }),
                Event::RpAwardRevised(RpAwardRevised {
                    amount: 0,
                    mission: 1,
                    was: 4,
                    why: "computed again without version 5".into(),
                }),
            ],
        ]);
        let summary = Query::new(&store, "test").mission(Some(1)).unwrap();
        assert_eq!(summary.surviving_rp, summary.start_rp, "nobody was lost");
        let award = summary.rp_award.unwrap();
        assert_eq!(award.amount, 0);
        assert_eq!(award.why, "computed again without version 5");
        assert_eq!(summary.rp_bank, 0, "the bank as the roster has it");
        assert_eq!(summary.result, Some(MissionResult::Success));
    }
}
