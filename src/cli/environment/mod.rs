//! Environment rolls and Hardy counters (rule 002): `muster environ` (and `environ
//! declare|clear`), `resolve` and `hardy`.

pub(super) mod declare;
pub(super) mod environ;
pub(super) mod hardy;
pub(super) mod resolve;
