//! Environment rolls and Hardy counters (rule 002): `muster environ`, `resolve` and `hardy`.

pub(super) mod environ;
pub(super) mod hardy;
pub(super) mod resolve;
