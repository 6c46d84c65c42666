//! `muster info`: where the data is (the database file, its size and schema version), its
//! campaigns with their heads, and the campaign commands work on and what chose it.

use muster::query::{self, About, ChosenBy};
use serde::Serialize;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use muster::store::Head;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The file is only read: a missing one is reported, not created, and a file on read-only media is read as it is."
)]
pub struct Args {}

/// `info --json`: the README's JSON contract documents each field.
#[derive(Serialize)]
struct InfoJson<'a> {
    database: String,
    exists: bool,
    bytes: Option<u64>,
    schema_version: Option<u32>,
    campaigns: Vec<CampaignJson<'a>>,
    selected: Option<SelectedJson<'a>>,
}

#[derive(Serialize)]
struct CampaignJson<'a> {
    name: &'a str,
    events: u64,
    head: &'a Head,
}

#[derive(Serialize)]
struct SelectedJson<'a> {
    campaign: &'a str,
    /// `flag`, `environment`, `setting` or `only`.
    source: &'static str,
    #[serde(skip)]
    why: &'static str,
}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let path = ctx.db_path()?;
    let named = ctx.named_campaign();
    let about = query::about(&path, named.map(|(name, _)| name))?;
    let json = InfoJson {
        database: path.display().to_string(),
        exists: about.exists,
        bytes: about.bytes,
        schema_version: about.schema_version,
        campaigns: about
            .campaigns
            .iter()
            .map(|c| CampaignJson {
                name: &c.name,
                events: c.head.version,
                head: &c.head,
            })
            .collect(),
        selected: about.selected.as_ref().map(|s| SelectedJson {
            campaign: &s.campaign,
            source: source(s.by, named).0,
            why: source(s.by, named).1,
        }),
    };
    if ctx.format == Format::Json {
        return output::print_json(&json);
    }
    output::print(&text(&json, &about, named))
}

/// The description for people.
fn text(json: &InfoJson, about: &About, named: Option<(&str, bool)>) -> String {
    let mut text = format!("database  {}\n", json.database);
    let (Some(bytes), Some(schema)) = (about.bytes, about.schema_version) else {
        text.push_str(
            "          no file there yet: muster creates it with the first campaign (`muster campaign new NAME --game wwii|modern|zero-dark`); --db PATH or MUSTER_DB names another\n",
        );
        return text;
    };
    text.push_str(&format!("size      {bytes} bytes\nschema    version {schema}\n"));
    if json.campaigns.is_empty() {
        text.push_str(
            "campaigns none yet; create one with `muster campaign new NAME --game wwii|modern|zero-dark`\n",
        );
        return text;
    }
    let rows = json.campaigns.iter().map(|c| {
        let selected = json.selected.as_ref().is_some_and(|s| s.campaign == c.name);
        vec![
            if selected { "*".to_owned() } else { String::new() },
            c.name.to_owned(),
            c.events.to_string(),
            format!("v{} {}", c.head.version, output::short_hash(&c.head.hash)),
        ]
    });
    text.push_str(&format!(
        "{}\n",
        output::table(&["", "Campaign", "Events", "Head"], rows)
    ));
    text.push_str(&match (&json.selected, named) {
        (Some(s), _) => format!("selected  {} ({})\n", s.campaign, s.why),
        (None, Some((name, flag))) => format!(
            "selected  none: {} names '{name}', which is no campaign here\n",
            if flag { "--campaign" } else { "MUSTER_CAMPAIGN" }
        ),
        (None, None) => "selected  none: pass --campaign NAME or run `muster campaign use NAME`\n".to_owned(),
    });
    text
}

/// What chose the selected campaign: its name in JSON, and in words.
fn source(by: ChosenBy, named: Option<(&str, bool)>) -> (&'static str, &'static str) {
    match (by, named) {
        (ChosenBy::Named, Some((_, true))) => ("flag", "named by --campaign"),
        (ChosenBy::Named, _) => ("environment", "named by MUSTER_CAMPAIGN"),
        (ChosenBy::Setting, _) => ("setting", "selected with `muster campaign use` or created last"),
        (ChosenBy::Only, _) => ("only", "the only campaign in the file"),
    }
}
