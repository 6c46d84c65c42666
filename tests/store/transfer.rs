//! Export and import: whole campaigns, tails, tampered files and diverged copies.

use muster::transfer::{self, import};

use super::*;

/// The rows without their file-local `seq`, which is not part of the campaign.
fn portable(rows: Vec<StoredRow>) -> Vec<StoredRow> {
    rows.into_iter().map(|row| StoredRow { seq: 0, ..row }).collect()
}

fn export_up_to(store: &Store, version: u64) -> String {
    transfer::export(&store.rows(LODESTAR, Some(version)).unwrap())
        .iter()
        .map(|line| serde_json::to_string(line).unwrap() + "\n")
        .collect()
}

fn refusal(store: &mut Store, text: &str) -> String {
    match import(store, text) {
        Err(muster::Error::Input(message)) => message,
        other => panic!("expected the import to be refused, got {other:?}"),
    }
}

#[test]
fn export_then_import_into_an_empty_database_reproduces_the_campaign_exactly() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    app::execute(&mut source, LODESTAR, &spend_command(4), &clock()).unwrap();
    let events = all_rows(&source, LODESTAR).len();
    let text = export_text(&source, LODESTAR);
    assert_eq!(text.lines().count(), events);

    let (_d2, _p2, mut target) = new_db();
    create(&mut target, "Unrelated");
    let unrelated = count_rows(&target);
    let imported = import(&mut target, &text).unwrap();
    assert_eq!(imported.campaign, LODESTAR);
    assert_eq!(imported.added, events);
    assert_eq!(imported.head, source.head(LODESTAR).unwrap());

    assert_eq!(
        portable(all_rows(&target, LODESTAR)),
        portable(all_rows(&source, LODESTAR))
    );
    assert_eq!(
        app::load(&target, LODESTAR).unwrap().1,
        app::load(&source, LODESTAR).unwrap().1
    );
    assert!(muster::verify::verify(LODESTAR, &all_rows(&target, LODESTAR)).ok);
    // The target's export is byte for byte the source's.
    assert_eq!(export_text(&target, LODESTAR), text);

    // Importing the same file again adds nothing.
    let again = import(&mut target, &text).unwrap();
    assert_eq!(again.added, 0);
    assert_eq!(again.head, imported.head);
    assert_eq!(count_rows(&target), unrelated + events as i64);
}

#[test]
fn parse_reads_back_exactly_the_rows_that_were_exported() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let parsed = transfer::parse(&format!("\n{}\n\n", export_text(&store, LODESTAR))).unwrap();
    assert_eq!(parsed, portable(all_rows(&store, LODESTAR)));
}

#[test]
fn a_reformatted_payload_imports_because_payloads_are_canonical() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let respaced = text.replacen(
        r#""payload":{"amount":7,"why":"grant of 7"}"#,
        r#""payload":{ "why" : "grant of 7",  "amount": 7 }"#,
        1,
    );
    assert_ne!(respaced, text);

    let (_d2, _p2, mut target) = new_db();
    assert_eq!(
        import(&mut target, &respaced).unwrap().added,
        all_rows(&source, LODESTAR).len()
    );
    assert_eq!(
        portable(all_rows(&target, LODESTAR)),
        portable(all_rows(&source, LODESTAR))
    );
}

#[test]
fn an_export_with_an_edited_payload_is_refused_and_nothing_is_written() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let edited = text.replacen("\"amount\":7", "\"amount\":70", 1);
    assert_ne!(edited, text);
    let version = granted_row(&source, 7).version;
    assert!(version > 1);

    let (_d2, _p2, mut target) = new_db();
    let message = refusal(&mut target, &edited);
    assert!(
        message.contains("does not verify") && message.contains(&format!("version {version}")),
        "{message}"
    );
    assert_eq!(count_rows(&target), 0);

    // Also refused, with nothing written, when the database holds the untouched prefix.
    import(&mut target, &export_up_to(&source, version - 1)).unwrap();
    refusal(&mut target, &edited);
    assert_eq!(count_rows(&target), (version - 1) as i64);
}

#[test]
fn an_export_with_a_line_removed_from_the_middle_is_refused() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let lines: Vec<&str> = text.lines().collect();
    let cut = [&lines[..2], &lines[3..]].concat().join("\n");

    let (_d2, _p2, mut target) = new_db();
    let message = refusal(&mut target, &cut);
    assert!(message.contains("does not verify"), "{message}");
    assert_eq!(count_rows(&target), 0);
}

#[test]
fn files_that_are_not_one_campaigns_export_are_refused() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    create(&mut source, "Other");
    let mixed = export_text(&source, LODESTAR) + &export_text(&source, "Other");

    let (_d2, _p2, mut target) = new_db();
    assert!(refusal(&mut target, &mixed).contains("mixes campaigns"));
    assert!(refusal(&mut target, "\n\n").contains("no events"));
    assert!(refusal(&mut target, "Wong 3 wounds\n").contains("line 1"));
    assert_eq!(count_rows(&target), 0);
}

#[test]
fn a_longer_export_imported_over_its_prefix_appends_just_the_tail() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let (_d2, _p2, mut target) = new_db();
    assert_eq!(import(&mut target, &export_up_to(&source, 3)).unwrap().added, 3);
    let prefix = all_rows(&target, LODESTAR);
    let head = source.head(LODESTAR).unwrap();
    assert!(head.version > 3, "the export is longer than the prefix");

    let imported = import(&mut target, &export_text(&source, LODESTAR)).unwrap();
    assert_eq!(imported.added as u64, head.version - 3);
    assert_eq!(imported.head, head);
    let rows = all_rows(&target, LODESTAR);
    assert_eq!(rows[..3], prefix[..], "the prefix is untouched");
    assert_eq!(portable(rows), portable(all_rows(&source, LODESTAR)));
    // And the target keeps writing on the imported chain.
    assert_eq!(grant(&mut target, LODESTAR, 1).first_version, head.version + 1);
}

#[test]
fn a_diverged_copy_is_refused_with_where_the_copies_part() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &export_up_to(&source, 3)).unwrap();
    grant(&mut target, LODESTAR, 9); // the copies fork after version 3
    let before = all_rows(&target, LODESTAR);

    let message = refusal(&mut target, &export_text(&source, LODESTAR));
    assert!(message.contains("diverge after version 3"), "{message}");
    assert!(message.contains("nothing imported"), "{message}");
    assert_eq!(all_rows(&target, LODESTAR), before);

    // A campaign of the same name begun separately diverges from its first event.
    let (_d3, _p3, mut stranger) = new_db();
    lodestar_with_grants(&mut stranger);
    let theirs = all_rows(&stranger, LODESTAR);
    let message = refusal(&mut stranger, &export_text(&source, LODESTAR));
    assert!(message.contains("diverge after version 0"), "{message}");
    assert_eq!(count_rows(&stranger), theirs.len() as i64);
    assert_eq!(all_rows(&stranger, LODESTAR), theirs);
}

/// An older export of the same campaign (a prefix of what the database holds) neither
/// continues nor diverges from it; importing it should add nothing. Instead it is refused
/// with a message claiming the copies "diverge after version 3".
#[test]
fn importing_an_older_export_of_the_same_campaign_is_refused_as_diverged() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let before = all_rows(&store, LODESTAR);
    let older = export_up_to(&store, 3);
    assert!(before.len() > 3, "the export is older than the log");

    let result = import(&mut store, &older);
    assert_eq!(count_rows(&store), before.len() as i64);
    assert_eq!(all_rows(&store, LODESTAR), before);
    let imported = result.unwrap_or_else(|e| panic!("an older export of this very log was refused: {e}"));
    assert_eq!(imported.added, 0);
    assert_eq!(imported.head, store.head(LODESTAR).unwrap());
}

#[test]
fn the_triggers_set_aside_for_an_imports_inserts_are_back_once_it_is_done() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &export_text(&source, LODESTAR)).unwrap();
    let conn = target.connection();
    let update = conn.execute("UPDATE events SET payload = '{}' WHERE version = 2", []);
    assert!(update.unwrap_err().to_string().contains("append-only"));
    let delete = conn.execute("DELETE FROM events WHERE version = 2", []);
    assert!(delete.unwrap_err().to_string().contains("append-only"));
    assert!(muster::verify::verify(LODESTAR, &all_rows(&target, LODESTAR)).ok);
}

#[test]
fn an_import_whose_event_id_is_already_another_campaigns_is_refused_and_nothing_is_written() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    // The same events under another campaign's name, hashed anew so the file verifies.
    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &text).unwrap();
    let mut prev = muster::store::chain::GENESIS.to_owned();
    let renamed: String = transfer::parse(&text)
        .unwrap()
        .into_iter()
        .map(|row| {
            let mut row = StoredRow {
                campaign: "Copy".into(),
                prev_hash: prev.clone(),
                ..row
            };
            row.hash = muster::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
            prev = row.hash.clone();
            serde_json::to_string(&transfer::Line::of(&row)).unwrap() + "\n"
        })
        .collect();
    let before = count_rows(&target);
    let message = refusal(&mut target, &renamed);
    assert!(message.contains("cannot be written"), "{message}");
    assert!(message.contains("UNIQUE"), "{message}");
    assert_eq!(count_rows(&target), before);
    assert_eq!(target.head("Copy").unwrap().version, 0);
    // The collision ended the transaction inside SQLite; the store still takes commands.
    let spent = app::execute(&mut target, LODESTAR, &spend_command(1), &clock()).unwrap();
    assert_eq!(target.head(LODESTAR).unwrap().version, spent.head.version);
    assert_eq!(count_rows(&target), before + 1);
}
