//! `muster serve`, run as a client meets it: the real binary listening on a loopback port
//! of its choosing, called over HTTP with a blocking client. Every wait is bounded, and
//! each server is killed when its test ends. JSON answers are parsed, never matched as text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "serve/admitted.rs"]
mod admitted;
#[path = "serve/backup.rs"]
mod backup;
// The page's client, shared with tests/guards.rs; this binary uses part of it.
#[allow(dead_code)]
#[path = "serve/client.rs"]
mod client;
#[path = "common/mod.rs"]
mod common;
#[path = "serve/dice.rs"]
mod dice;
#[path = "serve/durable.rs"]
mod durable;
#[path = "serve/fixing.rs"]
mod fixing;
#[path = "serve/forms.rs"]
mod forms;
#[path = "serve/fresh.rs"]
mod fresh;
#[path = "serve/group.rs"]
mod group;
#[path = "serve/harness.rs"]
mod harness;
#[path = "serve/heads.rs"]
mod heads;
#[path = "serve/ids.rs"]
mod ids;
#[path = "serve/invites.rs"]
mod invites;
#[path = "serve/kept.rs"]
mod kept;
#[path = "serve/load.rs"]
mod load;
#[path = "serve/lying.rs"]
mod lying;
#[path = "serve/overtaken.rs"]
mod overtaken;
#[path = "serve/page.rs"]
mod page;
#[path = "serve/parts.rs"]
mod parts;
#[path = "serve/peers.rs"]
mod peers;
#[path = "serve/phones.rs"]
mod phones;
#[path = "serve/played.rs"]
mod played;
#[path = "serve/proxy.rs"]
mod proxy;
#[path = "serve/pushed_words.rs"]
mod pushed_words;
#[path = "serve/quiet.rs"]
mod quiet;
#[path = "serve/quoted.rs"]
mod quoted;
#[path = "serve/reach.rs"]
mod reach;
#[path = "serve/received.rs"]
mod received;
#[path = "serve/recorded.rs"]
mod recorded;
#[path = "serve/remote.rs"]
mod remote;
#[path = "serve/reset.rs"]
mod reset;
#[path = "serve/rights.rs"]
mod rights;
#[path = "serve/story.rs"]
mod story;
#[path = "serve/streams.rs"]
mod streams;
#[path = "serve/sync.rs"]
mod sync;
#[path = "serve/taken.rs"]
mod taken;
#[path = "serve/tls.rs"]
mod tls;
#[path = "serve/told.rs"]
mod told;
#[path = "serve/warfighter_forms.rs"]
mod warfighter_forms;
#[path = "serve/writers.rs"]
mod writers;
#[path = "serve/zero_dark_forms.rs"]
mod zero_dark_forms;
