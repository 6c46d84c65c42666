//! A Zero Dark campaign told in its own words: heroes, not Soldiers; a hero's state and XP,
//! not Warfighter's numbers; the team, not the squad.

use crate::zero_dark::{refused, x_team};

#[test]
fn a_name_no_hero_has_is_refused_naming_the_heroes() {
    let m = x_team();
    let said = refused(&m, "hero-state Ghost dead", "no hero named 'Ghost'");
    assert!(said.contains("heroes here: Kestrel, Vance, Oduya"), "{said}");
    assert!(!said.contains("Soldier"), "{said}");
    let said = m.refused(&["roster", "--soldier", "Ghost"], "no hero named 'Ghost'");
    assert!(!said.contains("Soldier"), "{said}");
}
