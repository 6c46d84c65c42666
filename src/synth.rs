//! Synthetic campaigns for benchmarks: rule-valid logs of any length, the same for the same
//! seed, decided by the real rules and written through the store's import path in batches.

use chrono::{DateTime, Duration, SecondsFormat, TimeZone, Utc};
use uuid::Builder;

use crate::Error;
use crate::dice::Cup;
use crate::domain::Game;
use crate::domain::MissionResult;
use crate::domain::codec;
use crate::domain::command::{Command, Harm, NamedModifier, XpTarget};
use crate::domain::event::{CommandVoided, Event};
use crate::domain::fold::step;
use crate::domain::logged::{Asked, Logged};
use crate::domain::soldier::{Ability, SoldierCard, SoldierKind};
use crate::domain::state::CampaignState;
use crate::rules;
use crate::store::chain::{self, GENESIS};
use crate::store::{Head, Store, StoredRow};

/// Rows written per transaction.
const BATCH: usize = 10_000;
/// Who the synthetic commands say recorded them.
const RECORDED_BY: &str = "dev synth";
/// Soldiers in the synthetic squad.
const SQUAD: usize = 12;

/// A small, fast, reproducible random source (xorshift64*): synthetic logs must be the same
/// for the same seed, on every machine.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Writes a synthetic campaign named `campaign` of about `events` events (it stops at the
/// end of the command that reaches the count) and returns its head. Blame's index is left
/// for [`crate::app::rebuild_index`], as after an import.
pub fn write(store: &mut Store, campaign: &str, events: u64, seed: u64) -> Result<Head, Error> {
    write_with(store, campaign, events, seed, &mut |_| {})
}

/// [`write`], telling `progress` how many events are written now and then.
pub fn write_with(
    store: &mut Store,
    campaign: &str,
    events: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Head, Error> {
    // Named as `campaign new` names a campaign: a name it would refuse is refused here too.
    let campaign = crate::query::new_campaign_name(store, campaign)?;
    let campaign = campaign.as_str();
    let mut writer = Writer {
        campaign: campaign.to_owned(),
        prng: Prng(seed.max(1)),
        state: CampaignState::default(),
        head: store.head(campaign)?,
        pending: Vec::new(),
        checkpoints: Vec::new(),
        ids: 0,
        start: Utc
            .with_ymd_and_hms(2020, 1, 1, 18, 0, 0)
            .single()
            .unwrap_or_default(),
    };
    // Each command's first row carries the command, as this version writes them, so `verify`
    // decides every command again from it.
    writer.command(&Command::CreateCampaign {
        commands_kept: true,
        game: Game::Modern,
        nation: None,
        expansions: vec![],
    })?;
    for i in 0..SQUAD {
        writer.command(&Command::Enlist(Box::new(soldier(i))))?;
    }
    // A checkpoint every interval, as muster writes them while a campaign is played, so a
    // read at any point of a synthetic log starts near it.
    let mut next_checkpoint = crate::checkpoint::INTERVAL;
    while writer.head.version < events {
        writer.play()?;
        if writer.head.version >= next_checkpoint {
            writer.checkpoints.push(writer.state.clone());
            next_checkpoint =
                (writer.head.version / crate::checkpoint::INTERVAL + 1) * crate::checkpoint::INTERVAL;
        }
        if writer.pending.len() >= BATCH {
            writer.flush(store)?;
            progress(writer.head.version);
        }
    }
    writer.flush(store)?;
    crate::checkpoint::refresh(store, campaign, writer.head.version);
    Ok(writer.head)
}

fn soldier(i: usize) -> SoldierCard {
    SoldierCard {
        name: format!("Soldier {i:02}"),
        kind: SoldierKind::Player,
        rp: 3 + u32::try_from(i % 5).unwrap_or(0),
        health: Some(3),
        abilities: [(
            "medic".to_owned(),
            Ability {
                target: 6,
                upgunned: None,
            },
        )]
        .into_iter()
        .collect(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: [("cold".to_owned(), 1)].into_iter().collect(),
        stats: None,
        specialism: None,
    }
}

struct Writer {
    campaign: String,
    prng: Prng,
    state: CampaignState,
    head: Head,
    pending: Vec<StoredRow>,
    /// States at interval boundaries, saved as checkpoints once their rows are written.
    checkpoints: Vec<CampaignState>,
    start: DateTime<Utc>,
    /// Ids handed out so far.
    ids: u64,
}

impl Writer {
    /// One step of play: a Mission starts or ends, a turn, or something happens to a Soldier.
    fn play(&mut self) -> Result<(), Error> {
        let Some(mission) = self.state.mission_in_progress() else {
            let with = self.fit().into_iter().take(6).collect();
            return self.command(&Command::StartMission {
                name: format!(
                    "Mission {}",
                    self.state.mission.as_ref().map_or(1, |m| m.number + 1)
                ),
                soldiers: with,
                objectives: None,
                k9_objective: None,
                environments: vec![],
            });
        };
        let on_mission = mission.soldiers.clone();
        let turn = mission.turn;
        let pick = usize::try_from(self.prng.below(on_mission.len() as u64)).unwrap_or(0);
        let Some(who) = on_mission.get(pick).cloned() else {
            // Nobody on the Mission: nothing can happen on it but its end.
            return self.command(&Command::EndMission {
                result: MissionResult::Success,
                rp_award: None,
            });
        };
        let roll = self.prng.below(100);
        let command = match roll {
            _ if turn == 0 || roll < 8 => Command::NextTurn,
            _ if turn > 30 => Command::EndMission {
                result: MissionResult::Success,
                rp_award: None,
            },
            8..=30 => Command::AdjustXp {
                target: XpTarget::Soldier(who),
                amount: 1,
                why: "synthetic".to_owned(),
            },
            31..=50 => Command::Check {
                soldier: who,
                ability: "medic".to_owned(),
                modifiers: vec![NamedModifier {
                    value: 1,
                    source: "card".to_owned(),
                }],
                upgunned: false,
                trap: false,
                fail: false,
                card: None,
            },
            51..=65 => Command::Harm {
                harm: Harm::Suppress,
                soldier: who,
                amount: 1,
            },
            66..=80 => Command::Harm {
                harm: Harm::Wound,
                soldier: who,
                amount: 1,
            },
            _ => Command::Harm {
                harm: Harm::Heal,
                soldier: who,
                amount: 1,
            },
        };
        // One Wound in ten is a mistake, voided at once: keep the state to return to.
        let mistake = matches!(
            command,
            Command::Harm {
                harm: Harm::Wound,
                ..
            }
        ) && self.prng.below(10) == 0;
        let before = mistake.then(|| self.state.clone());
        match (self.command(&command), before) {
            // A refusal (healing a Soldier with no Wounds) records nothing: try again.
            (Err(Error::Rule(_)), _) => Ok(()),
            (Ok(()), Some(before)) => self.void_last(before),
            (other, _) => other,
        }
    }

    /// The active Soldiers.
    fn fit(&self) -> Vec<String> {
        self.state
            .soldiers
            .iter()
            .filter(|s| s.is_on_the_books())
            .map(|s| s.card.name.clone())
            .collect()
    }

    /// Decides `command` with faces from the generator and queues its rows.
    fn command(&mut self, command: &Command) -> Result<(), Error> {
        let mut faces: Vec<i64> = (0..3)
            .map(|_| i64::try_from(self.prng.below(10) + 1).unwrap_or(1))
            .collect();
        let mut cup = Cup::new(&self.campaign, self.head.version + 1, faces.clone(), None);
        let events = rules::decide(&self.state, command, &mut cup)?;
        // The faces it rolled, as a player enters them: the ones the command took.
        faces.truncate(faces.len() - cup.unused_entered());
        self.push(events, Asked::Command(command.clone()), &faces);
        Ok(())
    }

    /// Voids the command just queued (a mistaken Wound) and returns to the state before it.
    fn void_last(&mut self, before: CampaignState) -> Result<(), Error> {
        let Some(last) = self.pending.last() else {
            return Ok(());
        };
        let why = "synthetic mistake".to_owned();
        let void = Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            version: last.version,
            command_id: last.command_id.clone(),
            why: why.clone(),
        });
        let asked = Asked::Void {
            version: last.version,
            why,
            cascade: false,
        };
        self.push(vec![void], asked, &[]);
        self.state = CampaignState {
            version: self.head.version,
            ..before
        };
        Ok(())
    }

    /// Queues the rows of one command, chained from the head, the first carrying what was
    /// `asked` with its entered `faces`, and folds its events.
    fn push(&mut self, events: Vec<Event>, asked: Asked, faces: &[i64]) {
        let mut logged = Some(Logged::new(asked, faces, RECORDED_BY).encode());
        let command_id = self.uuid();
        // A second apart, from 2020: a log of ten million events still ends in the past, so
        // commands stamped by the real clock may follow it (times never go back).
        let at = self.start + Duration::seconds(i64::try_from(self.head.version).unwrap_or(0));
        let recorded_at = at.to_rfc3339_opts(SecondsFormat::Secs, true);
        for event in events {
            let encoded = codec::encode(&event);
            let mut row = StoredRow {
                seq: 0,
                campaign: self.campaign.clone(),
                version: self.head.version + 1,
                event_id: self.uuid(),
                command_id: command_id.clone(),
                recorded_at: recorded_at.clone(),
                kind: encoded.kind.to_owned(),
                schema: encoded.schema,
                payload: encoded.payload,
                prev_hash: self.head.hash.clone(),
                hash: String::new(),
                command: logged.take(),
            };
            row.hash = chain::hash(&row.prev_hash, &row.link()).unwrap_or_else(|| GENESIS.to_owned());
            self.head = Head {
                version: row.version,
                hash: row.hash.clone(),
            };
            step(&mut self.state, row.version, Some(&event));
            self.pending.push(row);
        }
    }

    /// A time-ordered id (UUID version 7) like the ones muster writes, each a millisecond
    /// after the last from the campaign's start, with the rest from the seed.
    fn uuid(&mut self) -> String {
        self.ids += 1;
        let millis = u64::try_from(self.start.timestamp_millis()).unwrap_or(0) + self.ids;
        let random = (u128::from(self.prng.next()) << 64 | u128::from(self.prng.next())).to_be_bytes();
        let mut tail = [0_u8; 10];
        tail.copy_from_slice(random.get(..10).unwrap_or(&[0; 10]));
        Builder::from_unix_timestamp_millis(millis, &tail)
            .into_uuid()
            .to_string()
    }

    /// Writes the queued rows in one transaction.
    fn flush(&mut self, store: &mut Store) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let from = store.head(&self.campaign)?;
        store.append_rows(&self.campaign, &from, &self.pending)?;
        self.pending.clear();
        for state in self.checkpoints.drain(..) {
            crate::checkpoint::save(store, &self.campaign, &state)?;
        }
        Ok(())
    }
}
