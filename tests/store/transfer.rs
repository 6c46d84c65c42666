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
fn an_import_may_hold_another_campaigns_event_ids_but_not_one_id_twice() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &text).unwrap();
    // The same events under another campaign's name, hashed anew so the file verifies;
    // `twice` gives the second event the first one's id as well.
    let renamed = |twice: bool| -> String {
        let mut prev = muster::store::chain::GENESIS.to_owned();
        let mut first_id = None;
        transfer::parse(&text)
            .unwrap()
            .into_iter()
            .map(|row| {
                let mut row = StoredRow {
                    campaign: "Copy".into(),
                    prev_hash: prev.clone(),
                    ..row
                };
                match &first_id {
                    None => first_id = Some(row.event_id.clone()),
                    Some(id) if twice && row.version == 2 => row.event_id = id.clone(),
                    Some(_) => {}
                }
                row.hash = muster::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
                prev = row.hash.clone();
                serde_json::to_string(&transfer::Line::of(&row)).unwrap() + "\n"
            })
            .collect()
    };
    let before = count_rows(&target);
    let message = refusal(&mut target, &renamed(true));
    assert!(message.contains("cannot be written"), "{message}");
    assert!(message.contains("UNIQUE"), "{message}");
    assert_eq!(count_rows(&target), before);
    assert_eq!(target.head("Copy").unwrap().version, 0);
    // The collision ended the transaction inside SQLite; the store still takes commands.
    let spent = app::execute(&mut target, LODESTAR, &spend_command(1), &clock()).unwrap();
    assert_eq!(target.head(LODESTAR).unwrap().version, spent.head.version);
    assert_eq!(count_rows(&target), before + 1);

    // Event ids are unique within a campaign (migration 0022): a copy under another name
    // lands beside the campaign it was copied from.
    let imported = import(&mut target, &renamed(false)).unwrap();
    assert_eq!(imported.campaign, "Copy");
    assert_eq!(
        all_rows(&target, "Copy")
            .iter()
            .map(|row| &row.event_id)
            .collect::<Vec<_>>(),
        all_rows(&source, LODESTAR)
            .iter()
            .map(|row| &row.event_id)
            .collect::<Vec<_>>()
    );
}

/// `text` ended with the trailer `muster export` writes for `store`'s `campaign`.
fn with_trailer(store: &Store, campaign: &str, text: &str) -> String {
    let events = text.lines().filter(|l| !l.trim().is_empty()).count() as u64;
    let trailer = transfer::Trailer::of(campaign, events, &store.head(campaign).unwrap());
    format!("{text}{}\n", trailer.line())
}

/// The database file's bytes (and its write-ahead log's, if any): what a refused import
/// must leave exactly as they were.
fn file_bytes(path: &std::path::Path) -> (Vec<u8>, Option<Vec<u8>>) {
    let wal = path.with_extension("db-wal");
    (std::fs::read(path).unwrap(), std::fs::read(wal).ok())
}

/// An input that, once read to its end, would go on with other lines: a file still being
/// written, or a FIFO whose writer opens it again.
struct Changing {
    first: std::io::Cursor<Vec<u8>>,
    then: std::io::Cursor<Vec<u8>>,
    ended: bool,
}

impl std::io::Read for Changing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = std::io::BufRead::fill_buf(self)?.len().min(buf.len());
        buf[..n].copy_from_slice(&std::io::BufRead::fill_buf(self)?[..n]);
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for Changing {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if !self.ended {
            let position = self.first.position() as usize;
            if position < self.first.get_ref().len() {
                return Ok(&self.first.get_ref()[position..]);
            }
            // The end, reported once; whoever reads on gets the other lines.
            self.ended = true;
            return Ok(&[]);
        }
        let position = self.then.position() as usize;
        Ok(&self.then.get_ref()[position.min(self.then.get_ref().len())..])
    }

    fn consume(&mut self, amount: usize) {
        let cursor = if self.ended {
            &mut self.then
        } else {
            &mut self.first
        };
        cursor.set_position(cursor.position() + amount as u64);
    }
}

#[test]
fn an_input_that_goes_on_after_its_end_is_read_once_and_no_other_campaigns_line_is_imported() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    create(&mut source, "Other");
    grant(&mut source, "Other", 4);
    let lodestar = with_trailer(&source, LODESTAR, &export_text(&source, LODESTAR));
    let other = export_text(&source, "Other");

    let (_d2, _p2, mut target) = new_db();
    let input = Changing {
        first: std::io::Cursor::new(lodestar.into_bytes()),
        then: std::io::Cursor::new(other.into_bytes()),
        ended: false,
    };
    let imported = transfer::import_from(&mut target, input, &mut |_, _| {}).unwrap();
    assert_eq!(imported.campaign, LODESTAR);
    assert_eq!(imported.added, all_rows(&source, LODESTAR).len());
    assert!(imported.trailer);
    assert_eq!(
        portable(all_rows(&target, LODESTAR)),
        portable(all_rows(&source, LODESTAR))
    );
    assert_eq!(
        target.head("Other").unwrap().version,
        0,
        "no line of 'Other' was read"
    );
    assert_eq!(count_rows(&target), all_rows(&source, LODESTAR).len() as i64);
}

#[test]
fn import_of_a_file_naming_two_campaigns_is_refused_naming_the_line_and_writes_nothing() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[3] = lines[3].replacen("\"campaign\":\"Lodestar\"", "\"campaign\":\"Elsewhere\"", 1);
    let mixed = lines.join("\n") + "\n";

    let (_d2, path, mut target) = new_db();
    create(&mut target, "Mine");
    let before = file_bytes(&path);
    let message = refusal(&mut target, &mixed);
    assert!(message.contains("line 4 names 'Elsewhere'"), "{message}");
    assert!(message.contains("line 1 names 'Lodestar'"), "{message}");
    assert!(message.contains("nothing imported"), "{message}");
    assert_eq!(file_bytes(&path), before, "the database file changed");
    assert_eq!(target.head(LODESTAR).unwrap().version, 0);
    assert_eq!(target.head("Elsewhere").unwrap().version, 0);
}

#[test]
fn import_of_a_campaign_name_the_command_line_refuses_is_refused_naming_the_line() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let (_d2, path, mut target) = new_db();
    create(&mut target, "Mine");
    let before = file_bytes(&path);
    for bad in ["Lode\\u0007star", &"L".repeat(61), " Lodestar", ""] {
        let renamed = text.replace("\"campaign\":\"Lodestar\"", &format!("\"campaign\":\"{bad}\""));
        let message = refusal(&mut target, &format!("\n{renamed}"));
        assert!(message.contains("line 2 names the campaign"), "{message}");
        assert!(message.contains("1 to 60 printable characters"), "{message}");
    }
    assert_eq!(file_bytes(&path), before, "the database file changed");
}

#[test]
fn an_export_with_its_trailer_round_trips_imports_twice_and_appends_just_its_tail() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let short = with_trailer(&source, LODESTAR, &export_up_to(&source, 3));
    let whole = with_trailer(&source, LODESTAR, &export_text(&source, LODESTAR));
    assert_eq!(
        transfer::parse(&whole).unwrap(),
        portable(all_rows(&source, LODESTAR)),
        "parse reads the rows and checks the trailer"
    );

    let (_d2, _p2, mut target) = new_db();
    // An older export with its own trailer: the prefix is 3 events ending at version 3.
    let mut older = export_up_to(&source, 3);
    let third = muster::store::Head {
        version: 3,
        hash: row_at(&source, LODESTAR, 3).hash,
    };
    let trailer = transfer::Trailer::of(LODESTAR, 3, &third);
    older.push_str(&(trailer.line() + "\n"));
    assert_ne!(older, short, "the trailer of the older export names its own head");
    let first = import(&mut target, &older).unwrap();
    assert_eq!((first.added, first.trailer), (3, true));
    let tail = import(&mut target, &whole).unwrap();
    assert_eq!(tail.added, all_rows(&source, LODESTAR).len() - 3);
    assert_eq!(tail.head, source.head(LODESTAR).unwrap());
    let again = import(&mut target, &whole).unwrap();
    assert_eq!(again.added, 0);
    assert_eq!(import(&mut target, &older).unwrap().added, 0);
    assert_eq!(
        portable(all_rows(&target, LODESTAR)),
        portable(all_rows(&source, LODESTAR))
    );
    assert!(
        !import(&mut target, &export_text(&source, LODESTAR))
            .unwrap()
            .trailer
    );

    // A diverged copy with its trailer is still refused.
    grant(&mut target, LODESTAR, 9);
    let (_d3, _p3, mut other) = new_db();
    import(&mut other, &older).unwrap();
    grant(&mut other, LODESTAR, 1);
    let theirs = with_trailer(&other, LODESTAR, &export_text(&other, LODESTAR));
    assert!(refusal(&mut target, &theirs).contains("diverge after version 3"));
}

#[test]
fn a_trailer_that_disagrees_or_lines_after_it_are_refused_naming_the_line_and_write_nothing() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let whole = with_trailer(&source, LODESTAR, &export_text(&source, LODESTAR));
    let lines: Vec<&str> = whole.lines().collect();
    let n = lines.len();
    let (_d2, path, mut target) = new_db();
    create(&mut target, "Mine");
    let before = file_bytes(&path);

    // The last event cut away, the trailer kept.
    let cut = [&lines[..n - 2], &lines[n - 1..]].concat().join("\n");
    let message = refusal(&mut target, &cut);
    assert!(
        message.contains(&format!("the trailer on line {}", n - 1)),
        "{message}"
    );
    assert!(message.contains("not the whole export"), "{message}");

    // A line after the trailer (here, the last event again).
    let after = format!("{whole}{}\n", lines[n - 2]);
    let message = refusal(&mut target, &after);
    assert!(
        message.contains(&format!("line {} comes after the trailer on line {n}", n + 1)),
        "{message}"
    );

    // A trailer naming another campaign or head.
    let renamed = whole.replace(
        "{\"trailer\":{\"campaign\":\"Lodestar\"",
        "{\"trailer\":{\"campaign\":\"Other\"",
    );
    assert!(refusal(&mut target, &renamed).contains(&format!("the trailer on line {n} says")));
    assert_eq!(file_bytes(&path), before, "the database file changed");
    assert_eq!(count_rows(&target), 2);
}

#[test]
fn a_fold_anomaly_in_an_imported_file_is_refused_naming_its_line_and_version_and_writes_nothing() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    // An overdraft no command would write, appended under the rules: it hashes and chains.
    // It carries a command, as every command after the campaign's mark must (one without
    // would be found first for that).
    let head = source.head(LODESTAR).unwrap();
    let overdraft = Event::RpSpent(RpMovement {
        amount: 1000,
        why: "forged".to_owned(),
    });
    let command_id = uuid::Uuid::now_v7().to_string();
    let spend = muster::domain::logged::Logged::new(
        muster::domain::logged::Asked::Command(Command::SpendRp {
            amount: 1000,
            why: "forged".to_owned(),
        }),
        &[],
        "forger",
    )
    .encode();
    source
        .append_command(
            LODESTAR,
            head.version,
            (&command_id, &spend),
            &[overdraft],
            clock().0,
        )
        .unwrap();
    let forged = head.version + 1;
    // Two blank lines first, so the line is not the version.
    let text = format!("\n\n{}", export_text(&source, LODESTAR));

    let (_d2, path, mut target) = new_db();
    create(&mut target, "Mine");
    let before = file_bytes(&path);
    let message = refusal(&mut target, &text);
    assert!(message.contains("does not verify"), "{message}");
    assert!(
        message.contains(&format!(
            "first: line {} (version {forged}): the event",
            forged + 2
        )),
        "{message}"
    );
    assert_eq!(file_bytes(&path), before, "the database file changed");
    assert_eq!(target.head(LODESTAR).unwrap().version, 0);
}
