//! The limits a command line accepts, in one place: the rules refuse a command past them, and
//! the checked fold finds an event past them, so the two can never drift apart.

/// The longest name or reason recorded, in characters.
pub const MAX_TEXT: usize = 200;
/// The most Wounds, Suppress or healing one command records.
pub const MAX_HARM: i64 = 20;
/// The largest XP change one command records, either way.
pub const MAX_XP: i64 = 999;
/// The largest Hardy change one command records, either way.
pub const MAX_HARDY: i64 = 99;
/// The most RP one grant or spend moves.
pub const MAX_RP: i64 = 9999;
/// The largest RP award a Mission records.
pub const MAX_AWARD: i64 = 999;
/// The largest Hostile value an EKIA records.
pub const MAX_HOSTILE_VALUE: i64 = 30;
/// The largest RP of a Medal, or of a Skill, Equipment or Service Record card.
pub const MAX_CARD_RP: i64 = 20;
/// The largest modifier to a roll, either way.
pub const MAX_MODIFIER: i64 = 10;
/// The largest RP on a Soldier's card.
pub const MAX_SOLDIER_RP: i64 = 99;
/// The most Health on a Soldier's card.
pub const MAX_HEALTH: i64 = 20;
/// The most Hardy counters a Soldier's card starts with, of one type.
pub const MAX_STARTING_HARDY: i64 = 99;
/// The largest Discipline stat on a K9's card.
pub const MAX_DISCIPLINE: i64 = 10;
/// The largest stat (M, F, A, D) on a hero's card.
pub const MAX_STAT: i64 = 20;
/// The most Missions a campaign (or a Soldier) carried over from paper may have played.
pub const MAX_PAPER_MISSIONS: i64 = 999;

/// The most Environments one declaration names, and the most in force at once (from rules 8):
/// a Location and an Event each list one or two.
pub const MAX_ENVIRONMENTS: usize = 8;
