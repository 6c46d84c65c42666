//! The campaigns in a file, and the rules a campaign is decided under.

use serde::Serialize;

use super::Query;
use crate::Error;
use crate::checkpoint;
use crate::domain::campaign_name;
use crate::domain::game::Game;
use crate::domain::rules_version::{self, RulesVersion};
use crate::domain::state::CampaignState;
use crate::store::{Head, Store, StoreError};

/// One campaign in `campaign list --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampaignListing {
    pub name: String,
    /// Its head version: how many events it holds.
    pub version: u64,
    /// Whether it is the one commands work on.
    pub selected: bool,
}

/// One campaign as `campaign list` shows it: its listing, its game, how many Missions it has
/// played, when it was last recorded in, and its head.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampaignLine {
    #[serde(flatten)]
    pub listing: CampaignListing,
    /// `None` for a campaign whose creation is not (yet) in this file's log.
    pub game: Option<Game>,
    /// The number of the last Mission started: those played, and one in progress.
    pub missions: u32,
    /// When its newest event was recorded (RFC 3339).
    pub last_recorded_at: Option<String>,
    pub head: Head,
    /// Why its log does not fold (a row that no longer decodes, or the fold's finding), when
    /// it does not: its game and Missions are then not known. `muster verify` says more.
    pub damaged: Option<String>,
}

/// `name` as a new campaign of `store` is named (spaces around it dropped, composed), or why
/// it cannot be: not a campaign name, or one the file holds already in any case.
pub fn new_campaign_name(store: &Store, name: &str) -> Result<String, Error> {
    let name = campaign_name::typed(name).map_err(Error::Input)?;
    if let Some(existing) = store.campaign_named(&name)? {
        return Err(Error::input(format!(
            "a campaign named '{existing}' already exists (names are compared without case); pick another name, or select it with `muster campaign use {}`",
            shell_words::quote(&existing)
        )));
    }
    // A name that prints as another's (spaced otherwise, a curly quotation mark for a
    // straight one) would be two campaigns that every list shows as one.
    let alike = store
        .campaigns()?
        .into_iter()
        .map(|c| c.name)
        .find(|other| crate::domain::names::look_alike(other, &name));
    if let Some(existing) = alike {
        return Err(Error::input(format!(
            "the name '{name}' reads as the campaign '{existing}' (spaces and quotation marks are read as a page prints them); pick another name, or select it with `muster campaign use {}`",
            shell_words::quote(&existing)
        )));
    }
    Ok(name)
}

/// Every campaign in `store` that `shown` admits by its name, as `campaign list` shows it
/// (each folded from its newest checkpoint), oldest first. The others are not folded: in a
/// file of a thousand campaigns, a player's list folds only the player's own.
pub fn campaign_lines(
    store: &Store,
    selected: Option<&str>,
    shown: impl Fn(&str) -> bool,
) -> Result<Vec<CampaignLine>, Error> {
    campaigns(store, selected)?
        .into_iter()
        .filter(|listing| shown(&listing.name))
        .map(|listing| {
            let (head, last_recorded_at) = store.head_and_time(&listing.name)?;
            // Folded once per head on this connection: a server lists a thousand campaigns
            // again folding only those written to since.
            let folded = match store.listed_at(&listing.name, &head) {
                Some(line) => Ok(line),
                // Each campaign's state is lent, not copied.
                None => checkpoint::with_state_at_head(store, &listing.name, |state| {
                    let line = (
                        state.info.as_ref().map(|info| info.game),
                        state.mission.as_ref().map_or(0, |m| m.number),
                    );
                    // The state is the fold at the head read above unless a write landed
                    // between the two reads: then it is not kept, and the next list folds.
                    if state.version == head.version {
                        store.keep_listed(&listing.name, head.clone(), line);
                    }
                    line
                }),
            };
            // A campaign whose log no longer folds is listed with what its rows say, and why:
            // the file's other campaigns stay listed, and `verify` tells the whole of it. A
            // database that fails is still a failure of the whole list.
            let ((game, missions), damaged) = match folded {
                Ok(folded) => (folded, None),
                Err(Error::Store(StoreError::Damaged(why))) => ((None, 0), Some(why)),
                Err(e) => return Err(e),
            };
            Ok(CampaignLine {
                game,
                missions,
                last_recorded_at,
                head,
                damaged,
                listing,
            })
        })
        .collect()
}

/// `campaign rules --json`: the rules versions muster knows and the one in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesInForce {
    pub campaign: String,
    pub in_force: u32,
    pub newest: u32,
    /// Oldest first.
    pub versions: Vec<RulesLine>,
}

/// One rules version: what it changed, and whether it is the one in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesLine {
    pub version: u32,
    pub changes: &'static str,
    pub in_force: bool,
}

/// Every campaign in `store`, oldest first; `selected` is the one commands work on.
pub fn campaigns(store: &Store, selected: Option<&str>) -> Result<Vec<CampaignListing>, Error> {
    Ok(store
        .campaigns()?
        .into_iter()
        .map(|c| CampaignListing {
            selected: selected == Some(c.name.as_str()),
            name: c.name,
            version: c.version,
        })
        .collect())
}

impl Query<'_> {
    /// The rules versions muster knows, and the one the campaign is decided under now.
    pub fn rules(&self) -> Result<RulesInForce, Error> {
        let in_force = checkpoint::with_state_at_head(self.store, self.campaign, CampaignState::rules)?;
        Ok(RulesInForce {
            campaign: self.campaign.to_owned(),
            in_force: in_force.0,
            newest: rules_version::NEWEST.0,
            versions: RulesVersion::all()
                .map(|(version, changes)| RulesLine {
                    version: version.0,
                    changes,
                    in_force: version == in_force,
                })
                .collect(),
        })
    }
}
