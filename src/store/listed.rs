//! What `campaign list` folded of each campaign (its game and the number of its last
//! Mission), kept for this connection's next list: a server's list of a thousand campaigns
//! then folds only those written to since, not each from its newest checkpoint again.
//!
//! Like the kept states (`decided.rs`), it is keyed by the head it was folded at: the head's
//! hash chains every event before it, so while a campaign's head is that version with that
//! hash, its log folds to the same game and Missions.

use std::cell::RefCell;
use std::collections::HashMap;

use super::Store;
use super::head::Head;
use crate::domain::game::Game;

/// How many campaigns a connection keeps a line of: past it, the lines are let go and folded
/// again, so a file of ever more campaigns holds a bounded number (a line is about 200 bytes
/// with its name and hash: 2 MB a connection at most, 16 MB over a server's eight readers).
const LINES_KEPT: usize = 10_000;

/// The game and Mission number of campaigns, each at the head it was folded at.
#[derive(Default)]
pub(super) struct Listed(RefCell<HashMap<String, Line>>);

/// A campaign's head, and its game and the number of its last Mission started there.
type Line = (Head, Option<Game>, u32);

impl Store {
    /// The game and the number of the last Mission started of `campaign` at `head`, when this
    /// connection folded them there.
    pub fn listed_at(&self, campaign: &str, head: &Head) -> Option<(Option<Game>, u32)> {
        self.listed
            .0
            .borrow()
            .get(campaign)
            .filter(|(at, _, _)| at == head)
            .map(|&(_, game, missions)| (game, missions))
    }

    /// Keeps what the fold of `campaign` up to `head` gives for its line: its game and the
    /// number of its last Mission started.
    pub fn keep_listed(&self, campaign: &str, head: Head, (game, missions): (Option<Game>, u32)) {
        let mut lines = self.listed.0.borrow_mut();
        if lines.len() >= LINES_KEPT && !lines.contains_key(campaign) {
            lines.clear();
        }
        lines.insert(campaign.to_owned(), (head, game, missions));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_given_back_only_at_the_head_it_was_kept_at() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| unreachable!("{e}"));
        let store = Store::open(&dir.path().join("listed.db")).unwrap_or_else(|e| unreachable!("{e}"));
        let head = |version: u64, hash: &str| Head {
            version,
            hash: hash.repeat(64),
        };
        assert_eq!(store.listed_at("Op", &head(3, "a")), None);
        store.keep_listed("Op", head(3, "a"), (Some(Game::Modern), 1));
        assert_eq!(
            store.listed_at("Op", &head(3, "a")),
            Some((Some(Game::Modern), 1))
        );
        assert_eq!(store.listed_at("Op", &head(4, "a")), None, "another version");
        assert_eq!(
            store.listed_at("Op", &head(3, "b")),
            None,
            "the same version rewritten"
        );
        assert_eq!(store.listed_at("Juno", &head(3, "a")), None, "another campaign");
        store.keep_listed("Op", head(4, "b"), (Some(Game::Modern), 2));
        assert_eq!(
            store.listed_at("Op", &head(3, "a")),
            None,
            "the older line is replaced"
        );
        assert_eq!(
            store.listed_at("Op", &head(4, "b")),
            Some((Some(Game::Modern), 2))
        );
    }
}
