//! The campaign a command works on, and the campaigns a server's caller may reach: every
//! campaign of the file, or only those its token or invite names, so one server can carry
//! groups that do not trust one another. A campaign out of reach is refused exactly as one
//! that does not exist, so a caller learns nothing of another group's campaigns, not even
//! their names.

use crate::Error;
use crate::domain::suggest::did_you_mean;
use crate::query;
use crate::store::{CampaignSummary, Store};

/// The campaign a command works on: the one named, else the one selected, else the only one.
pub fn resolve_campaign(store: &Store, named: Option<&str>) -> Result<String, Error> {
    if let Some(selection) = query::selection(store, named)? {
        return Ok(selection.campaign);
    }
    let campaigns = store.campaigns()?;
    Err(Error::input(match named {
        Some(name) => format!(
            "no campaign named '{name}'{}; {}",
            did_you_mean(name, campaigns.iter().map(|c| c.name.as_str())),
            listing(&campaigns)
        ),
        None => format!(
            "no campaign is selected; pass --campaign NAME or run `muster campaign use NAME`; {}",
            listing(&campaigns)
        ),
    }))
}

/// How many campaigns a refusal names at most: a community's file holds a thousand, and
/// a refusal that named them all would bury its own reason.
const LISTED: usize = 10;

/// The campaigns in the file, for a refusal's message: the first [`LISTED`], and how many
/// more there are.
fn listing(campaigns: &[CampaignSummary]) -> String {
    if campaigns.is_empty() {
        return "there are none yet; create one with `muster campaign new NAME --game wwii|modern|zero-dark`"
            .to_owned();
    }
    let named = campaigns
        .iter()
        .take(LISTED)
        .map(|c| c.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    match campaigns.len().saturating_sub(LISTED) {
        0 => format!("campaigns here: {named}"),
        more => format!("campaigns here: {named} and {more} more (`muster campaign list` lists them all)"),
    }
}

/// The campaigns a token, an invite or a session may read and write. There is no default:
/// every place that makes one says which.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// Every campaign of the file, those created later too.
    Every,
    /// Only these, named as the file spells them.
    Only(Vec<String>),
}

impl Reach {
    /// Whether `campaign` (as the file spells it) is within reach.
    pub fn admits(&self, campaign: &str) -> bool {
        match self {
            Reach::Every => true,
            Reach::Only(names) => names.iter().any(|name| name == campaign),
        }
    }

    /// Whether everything `self` reaches, `other` reaches too.
    pub fn within(&self, other: &Reach) -> bool {
        match (self, other) {
            (_, Reach::Every) => true,
            (Reach::Every, Reach::Only(_)) => false,
            (Reach::Only(names), Reach::Only(_)) => names.iter().all(|name| other.admits(name)),
        }
    }

    /// Whether some campaign is within both reaches.
    pub fn overlaps(&self, other: &Reach) -> bool {
        match (self, other) {
            (Reach::Every, _) | (_, Reach::Every) => true,
            (Reach::Only(names), Reach::Only(_)) => names.iter().any(|name| other.admits(name)),
        }
    }

    /// The campaigns as kept beside a token, an invite or a session: a JSON array, or
    /// nothing for every campaign.
    pub fn kept(&self) -> Option<String> {
        match self {
            Reach::Every => None,
            Reach::Only(names) => Some(serde_json::to_string(names).unwrap_or_else(|_| "[]".to_owned())),
        }
    }

    /// The reach kept as `kept`. A column that does not read as a list of names reaches
    /// nothing: a damaged row never widens what its caller may do.
    pub fn from_kept(kept: Option<&str>) -> Reach {
        match kept {
            None => Reach::Every,
            Some(text) => Reach::Only(serde_json::from_str(text).unwrap_or_default()),
        }
    }

    /// The campaigns, as a listing says them: `every campaign`, or their names.
    pub fn words(&self) -> String {
        match self {
            Reach::Every => "every campaign".to_owned(),
            Reach::Only(names) => names.join(", "),
        }
    }
}

/// The reach of a new token or invite naming `named` (empty: every campaign), each name
/// found in the file and kept as the file spells it.
pub fn reach_of(store: &Store, named: &[String]) -> Result<Reach, Error> {
    if named.is_empty() {
        return Ok(Reach::Every);
    }
    let mut names: Vec<String> = Vec::with_capacity(named.len());
    for name in named {
        let found = resolve_campaign(store, Some(name.trim()))?;
        if !names.contains(&found) {
            names.push(found);
        }
    }
    Ok(Reach::Only(names))
}

/// The campaign a caller of `reach` works on: the one named, else the file's selected one,
/// else its only one, as [`resolve_campaign`] finds it, but only within reach. With one
/// campaign in reach, that one is the default. A campaign out of reach is refused as if it
/// did not exist, naming only the campaigns within reach.
pub fn resolve_within(store: &Store, named: Option<&str>, reach: &Reach) -> Result<String, Error> {
    let Reach::Only(names) = reach else {
        return resolve_campaign(store, named);
    };
    let named = named.or(match names.as_slice() {
        [only] => Some(only.as_str()),
        _ => None,
    });
    let found = match named {
        Some(name) => query::selection(store, Some(name))?.map(|s| s.campaign),
        None => query::selection(store, None)?.map(|s| s.campaign),
    };
    if let Some(found) = found.filter(|found| reach.admits(found)) {
        return Ok(found);
    }
    let yours = match names.is_empty() {
        true => "it reaches no campaign (ask the server's keeper for another)".to_owned(),
        false => format!("its campaigns: {}", names.join(", ")),
    };
    Err(Error::input(match named {
        Some(name) => format!(
            "no campaign named '{name}' for this caller{}; {yours}",
            did_you_mean(name, names.iter().map(String::as_str)),
        ),
        None => format!("name the campaign: this caller may reach more than one; {yours}"),
    }))
}

/// The campaign a write names, as the file spells it, within `reach`. One the file lacks
/// keeps the name given for a caller of every campaign (the command or the push creates it);
/// a caller bound to campaigns is refused it as an unknown campaign, creating none.
pub fn campaign_to_write(store: &Store, named: &str, reach: &Reach) -> Result<String, Error> {
    match resolve_within(store, Some(named), reach) {
        Err(_) if *reach == Reach::Every => Ok(named.to_owned()),
        resolved => resolved,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::SELECTED;

    /// A file holding Op and Juno, Juno selected.
    fn two_groups() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("muster.db")).unwrap();
        crate::synth::write(&mut store, "Op", 30, 1).unwrap();
        crate::synth::write(&mut store, "Juno", 30, 2).unwrap();
        store.set_setting(SELECTED, "Juno").unwrap();
        (dir, store)
    }

    #[test]
    fn within_reach_a_campaign_is_found_in_any_case_and_one_out_of_reach_as_if_it_did_not_exist() {
        let (_dir, store) = two_groups();
        let op = Reach::Only(vec!["Op".to_owned()]);
        assert_eq!(resolve_within(&store, Some("op"), &op).unwrap(), "Op");
        let said = |name: &str| resolve_within(&store, Some(name), &op).unwrap_err().to_string();
        assert_eq!(
            said("Juno").replace("Juno", "X"),
            said("Nowhere").replace("Nowhere", "X")
        );
        assert!(said("Juno").contains("its campaigns: Op"), "{}", said("Juno"));
        assert_eq!(
            resolve_within(&store, Some("Juno"), &Reach::Every).unwrap(),
            "Juno",
            "every campaign is within the keeper's reach"
        );
    }

    #[test]
    fn a_write_to_a_campaign_the_file_lacks_names_it_for_every_campaign_and_is_refused_bound() {
        let (_dir, store) = two_groups();
        let op = Reach::Only(vec!["Op".to_owned()]);
        assert_eq!(campaign_to_write(&store, "op", &op).unwrap(), "Op");
        assert_eq!(
            campaign_to_write(&store, "Fresh", &Reach::Every).unwrap(),
            "Fresh"
        );
        assert!(campaign_to_write(&store, "Fresh", &op).is_err());
        assert!(campaign_to_write(&store, "Juno", &op).is_err());
    }

    #[test]
    fn without_a_name_a_caller_works_on_its_one_campaign_or_on_the_selected_one_within_reach() {
        let (_dir, store) = two_groups();
        let op = Reach::Only(vec!["Op".to_owned()]);
        assert_eq!(
            resolve_within(&store, None, &op).unwrap(),
            "Op",
            "not the selected Juno"
        );
        let both = Reach::Only(vec!["Op".to_owned(), "Juno".to_owned()]);
        assert_eq!(resolve_within(&store, None, &both).unwrap(), "Juno");
        store.set_setting(SELECTED, "Op").unwrap();
        let juno_and_another = Reach::Only(vec!["Juno".to_owned(), "Gone".to_owned()]);
        let refused = resolve_within(&store, None, &juno_and_another)
            .unwrap_err()
            .to_string();
        assert!(refused.starts_with("name the campaign"), "{refused}");
        assert!(
            !refused.contains("Op"),
            "the selected campaign out of reach is not named: {refused}"
        );
    }

    #[test]
    fn a_reach_admits_only_its_campaigns_and_every_admits_all() {
        let only = Reach::Only(vec!["Lodestar".to_owned()]);
        assert!(only.admits("Lodestar"));
        assert!(!only.admits("Juno Beach"));
        assert!(Reach::Every.admits("Juno Beach"));
    }

    #[test]
    fn a_reach_is_within_another_only_when_each_of_its_campaigns_is() {
        let one = Reach::Only(vec!["A".to_owned()]);
        let two = Reach::Only(vec!["A".to_owned(), "B".to_owned()]);
        assert!(one.within(&two) && one.within(&Reach::Every));
        assert!(!two.within(&one));
        assert!(!Reach::Every.within(&two), "every campaign is more than two");
    }

    #[test]
    fn two_reaches_overlap_when_some_campaign_is_in_both() {
        let (a, b) = (
            Reach::Only(vec!["A".to_owned()]),
            Reach::Only(vec!["B".to_owned()]),
        );
        let ab = Reach::Only(vec!["A".to_owned(), "B".to_owned()]);
        assert!(!a.overlaps(&b) && !b.overlaps(&a));
        assert!(a.overlaps(&ab) && ab.overlaps(&b));
        assert!(Reach::Every.overlaps(&a) && b.overlaps(&Reach::Every));
    }

    #[test]
    fn a_kept_reach_reads_back_and_a_damaged_one_reaches_nothing() {
        let two = Reach::Only(vec!["A".to_owned(), "B \"b\"".to_owned()]);
        assert_eq!(Reach::from_kept(two.kept().as_deref()), two);
        assert_eq!(Reach::from_kept(Reach::Every.kept().as_deref()), Reach::Every);
        let damaged = Reach::from_kept(Some("not json"));
        assert_eq!(damaged, Reach::Only(Vec::new()));
        assert!(!damaged.admits("A"));
    }
}
