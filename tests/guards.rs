//! Second, independent tests of muster's guards (issue 28, "Tests to trust"): each guard that
//! rested on one test gets another, built differently, that fails when the guard is taken
//! out. Server tests start the real binary on a loopback port and stop it when they end;
//! every request is bounded in time. JSON is parsed, never matched as text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// The server's harness, shared with tests/serve.rs; this binary uses part of it.
#[allow(dead_code)]
#[path = "serve/harness.rs"]
mod harness;

// The page's client, shared with tests/serve.rs; this binary uses part of it.
#[allow(dead_code)]
#[path = "serve/client.rs"]
mod client;
#[path = "guards/property.rs"]
mod property;
#[path = "guards/records.rs"]
mod records;
#[path = "guards/server.rs"]
mod server;
