//! Mission numbers held and written as runs (`[[1, 40], [43, 43]]`), so that a Soldier's
//! list of Missions takes the same room, in a checkpoint and in memory, after a thousand
//! Missions as after one.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The numbers of the Missions a Soldier was taken on, in order, held as runs of consecutive
/// numbers: a copy of the campaign's state (the fold copies one for every void it decides)
/// costs a run, not a number, per Mission.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Missions {
    /// Inclusive `(first, last)` runs, each as long as it can be: a number one past a run's
    /// last lengthens it, any other begins a new one.
    runs: Vec<(u32, u32)>,
}

impl Missions {
    /// Adds `number` after the others.
    pub fn push(&mut self, number: u32) {
        match self.runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(number) => *last = number,
            _ => self.runs.push((number, number)),
        }
    }

    /// The first Mission he was taken on, if any.
    pub fn first(&self) -> Option<u32> {
        self.runs.first().map(|(first, _)| *first)
    }

    /// Whether he was taken on none.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The numbers, in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.runs.iter().flat_map(|(first, last)| *first..=*last)
    }
}

impl FromIterator<u32> for Missions {
    fn from_iter<I: IntoIterator<Item = u32>>(numbers: I) -> Missions {
        let mut missions = Missions::default();
        for number in numbers {
            missions.push(number);
        }
        missions
    }
}

impl PartialEq<Vec<u32>> for Missions {
    fn eq(&self, numbers: &Vec<u32>) -> bool {
        self.iter().eq(numbers.iter().copied())
    }
}

/// Written as its runs, `[[first, last], …]`.
impl Serialize for Missions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.runs.serialize(serializer)
    }
}

/// The most numbers a list may hold when read back: far beyond any campaign, so a damaged run
/// such as `[0, 4294967295]` is refused.
const MOST: usize = 1 << 20;

/// Reads runs back; a run whose end is before its start, or runs covering more than [`MOST`]
/// numbers, are refused, so a damaged checkpoint is rebuilt from the log rather than trusted.
/// Runs that could be one (`[[1,3],[4,5]]`) are read as one, as the numbers they cover would
/// be pushed.
impl<'de> Deserialize<'de> for Missions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Missions, D::Error> {
        let runs = Vec::<(u32, u32)>::deserialize(deserializer)?;
        let mut missions = Missions::default();
        let mut count: usize = 0;
        for (first, last) in runs {
            if last < first {
                return Err(serde::de::Error::custom(format!(
                    "the run [{first}, {last}] ends before it starts"
                )));
            }
            let length = usize::try_from(last - first)
                .unwrap_or(usize::MAX)
                .saturating_add(1);
            count = count.saturating_add(length);
            if count > MOST {
                return Err(serde::de::Error::custom(format!(
                    "the runs cover more than {MOST} Missions"
                )));
            }
            missions.push(first);
            if let Some((_, end)) = missions.runs.last_mut() {
                *end = last;
            }
        }
        Ok(missions)
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::Missions;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Held(Missions);

    fn held(numbers: &[u32]) -> Held {
        Held(numbers.iter().copied().collect())
    }

    #[test]
    fn consecutive_missions_become_one_run_and_come_back_the_same() {
        let numbers = [1, 2, 3, 5, 8, 9, u32::MAX];
        let held = held(&numbers);
        assert_eq!(held.0.runs.len(), 4);
        assert_eq!(held.0, numbers.to_vec());
        assert_eq!(held.0.first(), Some(1));
        let text = serde_json::to_string(&held).unwrap();
        assert_eq!(text, "[[1,3],[5,5],[8,9],[4294967295,4294967295]]");
        assert_eq!(serde_json::from_str::<Held>(&text).unwrap(), held);
    }

    #[test]
    fn numbers_out_of_order_or_repeated_are_kept_as_pushed() {
        let numbers = [5, 3, 4, 4, 6];
        let held = held(&numbers);
        assert_eq!(held.0.iter().collect::<Vec<_>>(), numbers);
        let text = serde_json::to_string(&held).unwrap();
        assert_eq!(text, "[[5,5],[3,4],[4,4],[6,6]]");
        assert_eq!(serde_json::from_str::<Held>(&text).unwrap(), held);
    }

    #[test]
    fn runs_that_could_be_one_are_read_as_the_numbers_they_cover_would_be_pushed() {
        let read = serde_json::from_str::<Held>("[[1,3],[4,5],[7,7]]").unwrap();
        assert_eq!(read, held(&[1, 2, 3, 4, 5, 7]));
        assert_eq!(serde_json::to_string(&read).unwrap(), "[[1,5],[7,7]]");
    }

    #[test]
    fn no_missions_is_an_empty_list() {
        assert!(held(&[]).0.is_empty() && held(&[]).0.first().is_none());
        assert_eq!(serde_json::to_string(&held(&[])).unwrap(), "[]");
        assert_eq!(serde_json::from_str::<Held>("[]").unwrap(), held(&[]));
    }

    #[test]
    fn a_backwards_run_is_refused() {
        assert!(serde_json::from_str::<Held>("[[5,2]]").is_err());
    }

    #[test]
    fn a_run_too_long_for_any_campaign_is_refused_without_being_expanded() {
        assert!(serde_json::from_str::<Held>("[[0,4294967295]]").is_err());
        assert!(serde_json::from_str::<Held>("[[1,1048576]]").is_ok());
        assert!(serde_json::from_str::<Held>("[[1,1048576],[1048578,1048578]]").is_err());
    }
}
