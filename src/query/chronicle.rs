//! `chronicle` as a front end asks it: the campaign's story told in one pass over its log.

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::state::CampaignState;
use crate::projection::chronicle::teller::Row;
use crate::projection::chronicle::{Chronicle, MissionReport, Teller};

impl Query<'_> {
    /// The whole chronicle: every Mission's report, the notes and the statistics, read row
    /// by row (the rows decoded on the other cores), holding only what it reports.
    pub fn chronicle(&self) -> Result<Chronicle, Error> {
        Ok(self.told()?.0)
    }

    /// The chronicle, and the state at the head it was told to.
    fn told(&self) -> Result<(Chronicle, CampaignState), Error> {
        let mut teller = Teller::new(self.campaign);
        let state = checkpoint::walk(self.store, self.campaign, None, &mut |row, event, state| {
            teller.row(
                &Row {
                    version: row.version,
                    command_id: &row.command_id,
                    recorded_at: &row.recorded_at,
                    event,
                },
                state,
            );
        })?;
        let Some(game) = state.info.as_ref().map(|info| info.game) else {
            return Err(self.nothing());
        };
        Ok((teller.told(game, state.paper_missions), state))
    }

    /// The chronicle and the after-action report of its Mission `number`: a Mission played on
    /// paper, or one not recorded, is refused saying which Missions are.
    pub fn mission_report(&self, number: u32) -> Result<(Chronicle, MissionReport), Error> {
        let (chronicle, state) = self.told()?;
        if let Some(on_paper) = state.on_paper(number) {
            return Err(Error::input(on_paper));
        }
        let latest = chronicle.missions.last().map_or(0, |m| m.number);
        let report = chronicle.missions.iter().find(|m| m.number == number).cloned();
        match (report, latest) {
            (Some(report), _) => Ok((chronicle, report)),
            (None, 0) => Err(Error::input(
                "no Mission has started yet; start one with `muster mission start NAME`",
            )),
            (None, _) => Err(Error::input(format!(
                "there is no Mission {number} in this campaign; Missions so far: {} to {latest}",
                state.paper_missions + 1
            ))),
        }
    }
}
