//! Warfighter's core rules: Wounds, Suppress, statuses, XP, Hardy and EKIAs, and the squad's
//! RP bank.

mod at_health;
mod on_the_mission;
mod soldier;
mod squad;
mod within_health;
