//! Who a pushed command may say recorded it: the pushing token itself, `command line` (what a
//! copy records without `--as`), or a name no token or signed-in phone of the campaign reads
//! as, so a copy's push never puts a command in another writer's name, a gm's push included.

use super::reach::Reach;
use crate::Error;
use crate::domain::logged::{COMMAND_LINE, Logged};
use crate::domain::names::look_alike;
use crate::store::{Store, StoredRow, Via};

/// Why the push of `rows` to `campaign` by the token named `pusher` is refused for the name a
/// command of it is recorded by, or `None` when every command is recorded by a name it may
/// carry. A command recorded by a name that reads as a token's or a signed-in phone's of the
/// campaign (in another case, form or spacing included), or as `command line` spelled
/// otherwise, would have the log and the page say that writer recorded it. Only a token or
/// phone that reaches the campaign is asked of, so a push learns nothing of another group's.
/// A stored command that does not read is the checked fold's to refuse, by name.
pub fn pushed_in_anothers_name(
    store: &Store,
    campaign: &str,
    pusher: &str,
    rows: &[StoredRow],
) -> Result<Option<String>, Error> {
    let recorded: Vec<(u64, String)> = rows
        .iter()
        .filter_map(|row| {
            let logged = Logged::decode(row.command.as_deref()?).ok()?;
            Some((row.version, logged.recorded_by))
        })
        .filter(|(_, recorder)| recorder != pusher && recorder != COMMAND_LINE)
        .collect();
    if recorded.is_empty() {
        // Most pushes carry the pusher's own commands: no token or phone need be read.
        return Ok(None);
    }
    let writers = writers_of(store, campaign)?;
    for (version, recorder) in recorded {
        let whom = if look_alike(&recorder, COMMAND_LINE) {
            Some(format!(
                "'{COMMAND_LINE}' spelled otherwise, the name of the commands recorded on the server's own command line"
            ))
        } else if look_alike(&recorder, pusher) {
            Some(format!("this token's name, '{pusher}', spelled otherwise"))
        } else {
            writers
                .iter()
                .find(|(name, _)| look_alike(name, &recorder))
                .map(|(_, what)| (*what).to_owned())
        };
        if let Some(whom) = whom {
            return Ok(Some(format!(
                "version {version}'s command is recorded by '{recorder}', which reads as {whom}: a push may not put a command in another writer's name; nothing written. A push carries commands recorded by its own token's name ('{pusher}', as `--as {pusher}` records), by '{COMMAND_LINE}' (a copy's commands without `--as`), or by a name no token or signed-in phone of '{campaign}' goes by: record it again so on a copy pulled afresh (`muster pull --reset --keep FILE` keeps what it would lose)"
            )));
        }
    }
    Ok(None)
}

/// The names of the tokens and signed-in phones that reach `campaign`, each with what it is
/// in words.
fn writers_of(store: &Store, campaign: &str) -> Result<Vec<(String, &'static str)>, Error> {
    let reaches = |kept: Option<&str>| Reach::from_kept(kept).admits(campaign);
    let tokens = store
        .tokens()?
        .into_iter()
        .filter(|token| reaches(token.campaigns.as_deref()))
        .map(|token| (token.name, "the name of another token of this campaign"));
    let phones = store
        .sessions()?
        .into_iter()
        .filter(|session| reaches(session.campaigns.as_deref()))
        .map(|session| (session.name, "the name of a phone signed in to this campaign"));
    Ok(tokens.chain(phones).collect())
}

/// The name of a phone signed in by invite to a campaign of `reach` that reads as `name`, if
/// any: a token under such a name would have its commands recorded as that phone's.
pub(super) fn phone_reading_as(store: &Store, name: &str, reach: &Reach) -> Result<Option<String>, Error> {
    Ok(store
        .sessions()?
        .into_iter()
        .find(|session| {
            matches!(session.via, Via::Invite(_))
                && look_alike(&session.name, name)
                && Reach::from_kept(session.campaigns.as_deref()).overlaps(reach)
        })
        .map(|session| session.name))
}
