//! `amend last`: the command that wrote the head is amended, as `void last` voids it.

use crate::support::{Muster, first_version, kinds, num};

#[test]
fn amend_last_corrects_the_command_that_wrote_the_head() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Dawn", "--with", "Wong", "--with", "Reyes"]);
    let wound = first_version(&m.json(&["wound", "Wong"]));
    let amended = m.json(&["amend", "last", "--why", "it was Reyes", "--", "wound", "Reyes"]);
    assert_eq!(kinds(&amended), ["command_voided", "wounded"]);
    assert_eq!(m.show(wound)["voided"], true);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0);
    assert_eq!(num(&m.soldier("Reyes"), "wounds"), 1);
    // A word that is neither a version nor `last` says both are taken.
    m.refused(
        &["amend", "first", "--why", "x", "--", "wound", "Wong"],
        "or `last` for the command that wrote the head",
    );
    m.ok(&["verify"]);
}
