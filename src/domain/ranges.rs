//! Mission numbers written as runs (`[[1, 40], [43, 43]]`), so that a Soldier's list of
//! Missions takes the same room in a checkpoint after a thousand Missions as after one.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes ascending numbers as inclusive `[first, last]` runs of consecutive numbers.
pub fn serialize<S: Serializer>(numbers: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(n) => *last = n,
            _ => runs.push((n, n)),
        }
    }
    runs.serialize(serializer)
}

/// The most numbers a list may hold when read back: far beyond any campaign, and small
/// enough that a damaged run such as `[0, 4294967295]` cannot exhaust memory.
const MOST: usize = 1 << 20;

/// Reads runs back into the numbers they cover; a run whose end is before its start, or
/// runs covering more than [`MOST`] numbers, are refused, so a damaged checkpoint is rebuilt
/// from the log rather than trusted.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u32>, D::Error> {
    let runs = Vec::<(u32, u32)>::deserialize(deserializer)?;
    let mut numbers = Vec::new();
    for (first, last) in runs {
        if last < first {
            return Err(serde::de::Error::custom(format!(
                "the run [{first}, {last}] ends before it starts"
            )));
        }
        let count = usize::try_from(last - first)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        if numbers.len().saturating_add(count) > MOST {
            return Err(serde::de::Error::custom(format!(
                "the runs cover more than {MOST} Missions"
            )));
        }
        numbers.extend(first..=last);
    }
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Held(#[serde(with = "super")] Vec<u32>);

    #[test]
    fn consecutive_missions_become_one_run_and_come_back_the_same() {
        let held = Held(vec![1, 2, 3, 5, 8, 9, u32::MAX]);
        let text = serde_json::to_string(&held).unwrap();
        assert_eq!(text, "[[1,3],[5,5],[8,9],[4294967295,4294967295]]");
        assert_eq!(serde_json::from_str::<Held>(&text).unwrap(), held);
    }

    #[test]
    fn no_missions_is_an_empty_list() {
        assert_eq!(serde_json::to_string(&Held(Vec::new())).unwrap(), "[]");
        assert_eq!(serde_json::from_str::<Held>("[]").unwrap(), Held(Vec::new()));
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
