//! The rosters the README's tour leaves, held to the events typed and the README's prose.

use super::*;

#[test]
fn the_readme_tour_runs_and_its_roster_matches_the_events_typed() {
    let tour = Tour::played();
    let db = tour.db.as_path();

    let lodestar = roster(db, "Operation Lodestar");
    assert_eq!(lodestar["head"]["version"], 45);
    let wong = soldier(&lodestar, "Wong");
    assert_eq!((wong["wounds"].as_u64(), wong["xp"].as_u64()), (Some(1), Some(1)));
    assert_eq!(wong["hardy"], serde_json::json!({"cold": 1}));
    assert_eq!(wong["handler_of"], "Gizmo");
    let gizmo = soldier(&lodestar, "Gizmo");
    assert_eq!(gizmo["wounds"], 1, "the accepted Failure wounds the K9 too");
    assert_eq!(gizmo["discipline"], serde_json::json!({"current": 1, "stat": 2}));
    assert_eq!(gizmo["xp"], 0, "no XP for an Encounter's Hostile value");
    let reyes = soldier(&lodestar, "Reyes");
    assert_eq!(
        (reyes["wounds"].as_u64(), reyes["xp"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(reyes["status"], "active");
    assert_eq!(reyes["medals"], serde_json::json!([]));
    assert_eq!(
        soldier(&lodestar, "Kowalski")["wounds"],
        0,
        "the voided Wounds are gone"
    );
    assert_eq!(lodestar["squad"]["rp"], 21);
    assert_eq!(lodestar["squad"]["rp_bank"], 9);
    assert_eq!(lodestar["pending"], serde_json::json!([]));

    let winter = roster(db, "Winter Storm");
    assert_eq!(winter["head"]["version"], 23);
    let petrov = soldier(&winter, "Petrov");
    assert_eq!(petrov["wounds"], 1, "the Stream's Fever cost a Wound");
    assert_eq!(
        petrov["hardy"],
        serde_json::json!({}),
        "the Hardy cold counter was expended"
    );
    assert_eq!(
        soldier(&winter, "Orlov")["hardy"],
        serde_json::json!({}),
        "Hardy Any expended"
    );
    assert_eq!(soldier(&winter, "Ivanova")["wounds"], 0, "Enduring: immune");
    assert_eq!(winter["squad"]["rp_bank"], 3);

    // Juno Beach: the Medals rulebook's example, 30 RP + 5 RP of Medals, ending at 20.
    let juno = roster(db, "Juno Beach");
    assert_eq!(juno["elite_hostiles"], true);
    let boucher = soldier(&juno, "Boucher");
    assert_eq!(boucher["status"], "kia");
    assert_eq!(
        boucher["rp"], 10,
        "his card's 8 RP and the Military Medal's 2 RP Skill"
    );
    assert_eq!(
        boucher["medals"],
        serde_json::json!([]),
        "KIA removed his sticker"
    );
    let hale = soldier(&juno, "Hale");
    assert_eq!(
        hale["medals"],
        serde_json::json!([]),
        "Downed removed his sticker"
    );
    assert_eq!(
        hale["hardy"],
        serde_json::json!({"any": 1}),
        "the Military Cross's benefit"
    );
    assert_eq!(
        juno["squad"]["rp_bank"], 14,
        "10 computed in Mission 2, 4 named in Mission 3"
    );
    assert_eq!(
        juno["medal_deck"]["earned"],
        serde_json::json!(["Military Medal", "Military Cross"])
    );
    assert_eq!(juno["medal_deck"]["in_deck"], 2);
    let hill = json(db, &["--campaign", "Juno Beach", "mission", "show", "2"]);
    assert_eq!(
        (
            hill["start_rp"].clone(),
            hill["start_medal_rp"].clone(),
            hill["hostile_draw_rp"].clone()
        ),
        (serde_json::json!(30), serde_json::json!(5), serde_json::json!(35))
    );
    assert_eq!(hill["surviving_rp"], 20);
    assert_eq!(hill["rp_award"]["amount"], 10, "30 - 20, Medal RP excluded");

    // Night Shift: the Spook's XP and the team's XP as the rule text's arithmetic gives them.
    let night = roster(db, "Night Shift");
    assert_eq!(night["team_xp"], 1, "Rescue failed while Vega had no XP: 2 - 1");
    let vega = soldier(&night, "Vega");
    assert_eq!(vega["xp"], 5, "Observation succeeded: +5");
    assert_eq!(vega["specialism"], "spook");
    let kato = soldier(&night, "Kato");
    assert_eq!(kato["state"], serde_json::json!({"state": "wounded", "n": 1}));
    assert_eq!(
        kato["allies"],
        serde_json::json!([{"name": "Sentry", "dependent": true, "dead": true, "mission": 2}])
    );

    // Gizmo's first roll, as `muster show 12` explains it: 4 - 1 + 4 = 7 against Bomb 5+.
    let shown = json(db, &["--campaign", "Operation Lodestar", "show", "12"]);
    let roll = &shown["roll"];
    assert_eq!(roll["who"], "Gizmo");
    assert_eq!(
        (roll["faces"].clone(), roll["target"].clone()),
        (serde_json::json!([4]), serde_json::json!(5))
    );
    assert_eq!(roll["total"], 7);
    assert_eq!(roll["success"], true);
    assert_eq!(
        roll["costs"],
        serde_json::json!([{"resource": "discipline", "amount": 1}])
    );
    assert_eq!(shown["recomputed"]["agrees"], true);

    for campaign in ["Operation Lodestar", "Winter Storm", "Juno Beach", "Night Shift"] {
        assert_eq!(
            json(db, &["--campaign", campaign, "verify"])["ok"],
            true,
            "{campaign} verifies"
        );
    }
}
