//! What the writer does once it is quiet: blame's indexes the flushes let lag, caught up; the
//! checkpoints and blame's indexes a new build finds made by other code, made again. Each a
//! step at a time, in transactions of their own, a command that comes meanwhile going first.

use std::sync::atomic::Ordering;

use muster::app::held;
use muster::projection::blame::index::Step;
use muster::query;

use super::Writer;

impl Writer {
    /// Lets go of the lists of campaigns whose checkpoints or blame index are to be looked at,
    /// for the next quiet spell to list them again, when another program committed to the file
    /// since the last look: a campaign imported from the command line leaves its index for
    /// `muster rebuild`, another build's `rebuild` leaves its own. The server's own writes
    /// keep both up to date as they go, and move no such count.
    pub fn notice_other_writes(&self) {
        let mut guard = self.lock();
        let held = &mut *guard;
        let Some(now) = held
            .store
            .as_ref()
            .and_then(|store| query::data_version(store).ok())
        else {
            return;
        };
        if held.seen != Some(now) {
            held.seen = Some(now);
            held.unchecked = None;
            held.left = None;
        }
    }

    /// Brings up to date the blame indexes the flushes left behind, a step at a time, each in a
    /// transaction of its own once any open group is flushed: for a writer that has been quiet a
    /// while. A command that comes meanwhile goes first, and the rest waits for the next quiet
    /// spell.
    pub fn catch_up_indexes(&self) {
        loop {
            let mut held = self.lock();
            self.commit_now(&mut held);
            // A cache: an index left behind is read past by blame and made again later.
            let stepped = held
                .store
                .as_ref()
                .is_some_and(|store| matches!(held::catch_up_indexes(store), Ok(true)));
            drop(held);
            if !stepped || self.waiting.load(Ordering::SeqCst) > 0 {
                return;
            }
        }
    }

    /// Writes a checkpoint at the head of every campaign whose newest usable one is an interval
    /// or more behind, one campaign a step, each in a transaction of its own once any open group
    /// is flushed: after a new build of muster (whose checkpoints are made by other code), each
    /// read of a campaign no command has reached since would fold its whole log. The campaigns
    /// an interval past their newest checkpoint are listed once (and again after another
    /// program wrote to the file), by their versions alone (a file with none behind is looked
    /// over in one query, reading no state, rather than a state read per campaign beside the
    /// reads being served), and looked at once each; a command that comes meanwhile goes
    /// first, and the rest waits for the next quiet spell.
    pub fn catch_up_checkpoints(&self) {
        loop {
            let mut guard = self.lock();
            self.commit_now(&mut guard);
            let held = &mut *guard;
            let Some(store) = held.store.as_ref() else {
                return;
            };
            if held.unchecked.is_none() {
                // Listed again at the next quiet spell when the listing failed.
                held.unchecked = held::campaigns_checkpoints_behind(store).ok();
            }
            let Some(campaign) = held.unchecked.as_mut().and_then(Vec::pop) else {
                return;
            };
            // A cache: a checkpoint not written costs reads time, never a wrong state.
            let _cache_only = held::catch_up_checkpoint(store, &campaign);
            drop(guard);
            if self.waiting.load(Ordering::SeqCst) > 0 {
                return;
            }
        }
    }

    /// Makes, a step at a time, the blame indexes a write leaves for `muster rebuild` (made by
    /// other code, as after an upgrade, or further behind than a write catches up), each step
    /// in a transaction of its own once any open group is flushed; blame reads the log past
    /// them meanwhile. The campaigns are listed at the first quiet spell (and again after
    /// another program wrote to the file), and made one after another; a command that comes
    /// meanwhile goes first, and the rest waits for the next quiet spell.
    pub fn make_left_indexes(&self) {
        while self.waiting.load(Ordering::SeqCst) == 0 {
            let mut guard = self.lock();
            self.commit_now(&mut guard);
            let held = &mut *guard;
            let Some(store) = held.store.as_ref() else {
                return;
            };
            if held.left.is_none() {
                // Listed again at the next quiet spell when the listing failed.
                held.left = held::campaigns_blame_left(store)
                    .ok()
                    .map(|left| left.into_iter().map(|campaign| (campaign, None)).collect());
            }
            let Some((campaign, made)) = held.left.as_mut().and_then(Vec::pop) else {
                return;
            };
            // A cache: a step that failed leaves the index for `muster rebuild`, blame reading
            // the log past it; one short of the head is taken up again next.
            if let Ok(Step::Short(made)) = held::make_left_index(store, &campaign, made.map(|m| *m))
                && let Some(left) = held.left.as_mut()
            {
                left.push((campaign, Some(made)));
            }
        }
    }
}
