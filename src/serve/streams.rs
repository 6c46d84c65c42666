//! The page's live streams the server holds open: at most [`PER_SESSION`] for one signed-in
//! browser (one more closes its oldest) and at most half the server's connections in all (one
//! more is refused), so open pages, however many sessions hold them, never take every
//! connection from the requests that end.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::watch;

/// How many live streams one session holds at once: a phone needs one, a page reloaded or a
/// second tab two. A phone that lost its network leaves a stream the server cannot tell is
/// dead until a write to it fails, which may take minutes; its newest page still listens,
/// since the oldest stream is the one closed.
pub const PER_SESSION: usize = 4;

/// The live streams open, by session.
pub struct Streams {
    /// How many may be open at once, every session's together.
    most: usize,
    open: Arc<Mutex<Open>>,
}

#[derive(Default)]
struct Open {
    /// The number the next stream is known by.
    next: u64,
    /// Each open stream, oldest first: its number, its session, and what tells it to end.
    streams: Vec<(u64, String, watch::Sender<bool>)>,
}

/// The server's leave for one stream to stay open: given back when it is dropped (the stream
/// ended, or its connection closed).
pub struct Ticket {
    number: u64,
    open: Arc<Mutex<Open>>,
    /// Becomes true (or its sender goes) when a newer stream of the same session takes its
    /// place.
    pub closed: watch::Receiver<bool>,
}

/// Why a stream was not opened: the server holds as many as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full(pub usize);

impl Streams {
    /// Room for `most` streams at once.
    pub fn new(most: usize) -> Streams {
        Streams {
            most,
            open: Arc::default(),
        }
    }

    /// A new stream of `session`: its oldest closed when it already holds [`PER_SESSION`],
    /// or refused when every session's together fill the room.
    pub fn open(&self, session: &str) -> Result<Ticket, Full> {
        let mut open = lock(&self.open);
        let held = open.streams.iter().filter(|(_, s, _)| s == session).count();
        if held >= PER_SESSION {
            if let Some(at) = open.streams.iter().position(|(_, s, _)| s == session) {
                let (_, _, oldest) = open.streams.remove(at);
                // Its stream ends at its next wake; a stream already ending has nothing to tell.
                let _told = oldest.send(true);
            }
        } else if open.streams.len() >= self.most {
            return Err(Full(self.most));
        }
        let number = open.next;
        open.next += 1;
        let (tell, closed) = watch::channel(false);
        open.streams.push((number, session.to_owned(), tell));
        Ok(Ticket {
            number,
            open: Arc::clone(&self.open),
            closed,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        lock(&self.open)
            .streams
            .retain(|(number, _, _)| *number != self.number);
    }
}

fn lock(open: &Mutex<Open>) -> MutexGuard<'_, Open> {
    open.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sessions_fifth_stream_closes_its_oldest_and_a_full_server_refuses_one_more() {
        let streams = Streams::new(6);
        let ann: Vec<Ticket> = (0..PER_SESSION)
            .map(|_| streams.open("ann").unwrap_or_else(|_| unreachable!()))
            .collect();
        assert!(ann.iter().all(|t| !*t.closed.borrow()));
        let newest = streams.open("ann").unwrap_or_else(|_| unreachable!());
        assert!(*ann[0].closed.borrow(), "the oldest is told to end");
        assert!(ann[1..].iter().all(|t| !*t.closed.borrow()));
        assert!(!*newest.closed.borrow());

        // Ann holds four of six; Bob may have two, not a third.
        let bob = [streams.open("bob"), streams.open("bob")];
        assert!(bob.iter().all(Result::is_ok));
        assert_eq!(streams.open("bob").err(), Some(Full(6)));
        // Ann's fifth takes her oldest's place, not another's.
        assert!(streams.open("ann").is_ok());
        drop(bob);
        assert!(streams.open("cy").is_ok(), "a stream ended gives its place back");
    }
}
