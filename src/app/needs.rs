//! What each command of the front ends needs, in one match the compiler keeps exhaustive: the
//! role a server's caller needs to run it (or why the server does not), the formats it
//! prints, whether it reads `--db` and `--campaign`, and whether `--remote` sends it. It sits
//! in `app`, the library's top layer, because the rights name the server's roles (`Role`,
//! kept beside the tokens) and both front ends, just above, read it alike.

use serde::Deserialize;

use super::serving::Role;

/// How a command prints its data, named as `--format` takes it and as a server's run reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Table,
    Json,
    Csv,
    Md,
    Html,
    Bbcode,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 6] = [
        Format::Table,
        Format::Json,
        Format::Csv,
        Format::Md,
        Format::Html,
        Format::Bbcode,
    ];

    /// The format's word: `table`, `json`, `csv`, `md`, `html` or `bbcode`.
    pub fn word(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Md => "md",
            Format::Html => "html",
            Format::Bbcode => "bbcode",
        }
    }

    /// The format a word names.
    pub fn from_word(word: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.word() == word)
    }

    /// What the format is, and which commands print it, as the help says.
    pub fn about(self) -> &'static str {
        match self {
            Format::Table => "Tables and plain text for people",
            Format::Json => "JSON, a documented and stable contract for programs",
            Format::Csv => "CSV, one row per Soldier (roster) or event (log); other commands refuse it",
            Format::Md => "Markdown, for forums (roster, log and chronicle); other commands refuse it",
            Format::Html => {
                "One self-contained, printable HTML page (roster and chronicle); other commands refuse it"
            }
            Format::Bbcode => "BBCode, for BoardGameGeek's forums (chronicle); other commands refuse it",
        }
    }
}

/// Declares [`CommandName`], its words and [`CommandName::ALL`] from one list, so the list
/// the tests walk holds every name.
macro_rules! command_names {
    ($($name:ident = $words:literal,)+) => {
        /// A command of the command line, named as deep as its needs differ: a group's
        /// subcommand where the group's subcommands need different things (`campaign new`,
        /// `mission show`), else the whole group (`rp`, `k9`). The front ends look up what a
        /// command needs by this name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum CommandName {
            $($name,)+
        }

        impl CommandName {
            /// Every command, in the order of the command line's help.
            pub const ALL: &[CommandName] = &[$(CommandName::$name,)+];

            /// The words that run it after `muster`, e.g. `campaign new`.
            pub fn words(self) -> &'static str {
                match self {
                    $(CommandName::$name => $words,)+
                }
            }
        }
    };
}

command_names! {
    Demo = "demo",
    CampaignNew = "campaign new",
    CampaignList = "campaign list",
    CampaignUse = "campaign use",
    CampaignExpansion = "campaign expansion",
    CampaignRules = "campaign rules",
    CampaignAdoptRules = "campaign adopt-rules",
    Enlist = "enlist",
    MissionShow = "mission show",
    MissionStart = "mission start",
    MissionEnd = "mission end",
    Turn = "turn",
    Wound = "wound",
    Suppress = "suppress",
    Heal = "heal",
    Down = "down",
    Recover = "recover",
    Kill = "kill",
    Discharge = "discharge",
    Xp = "xp",
    Hardy = "hardy",
    Ekia = "ekia",
    Rp = "rp",
    Medal = "medal",
    SuppressHostile = "suppress-hostile",
    RpCard = "rp-card",
    Check = "check",
    Environ = "environ",
    Resolve = "resolve",
    Objective = "objective",
    K9 = "k9",
    HeroState = "hero-state",
    Bogey = "bogey",
    Target = "target",
    Spook = "spook",
    Persuade = "persuade",
    Ally = "ally",
    Roster = "roster",
    Now = "now",
    Undo = "undo",
    Log = "log",
    Blame = "blame",
    Assert = "assert",
    Note = "note",
    CarryOver = "carry-over",
    Chronicle = "chronicle",
    Diff = "diff",
    Seed = "seed",
    Show = "show",
    Void = "void",
    Amend = "amend",
    Verify = "verify",
    Export = "export",
    Import = "import",
    Backup = "backup",
    Rebuild = "rebuild",
    Dev = "dev",
    Completions = "completions",
    Info = "info",
    Man = "man",
    Serve = "serve",
    Remote = "remote",
    Pull = "pull",
    Push = "push",
}

/// Who may run a command through the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Right {
    /// Anyone whose token has at least this role.
    Needs(Role),
    /// Anyone whose token has at least a player's role, on the commands they recorded
    /// themselves (which the command checks, by the name the server records them under).
    Own,
    /// Nobody: the command works on the server's own files or settings, or on no campaign.
    NotServed(&'static str),
}

impl Right {
    /// Whether a command of this right records an event of play, the kind a mistake is made
    /// in (what `amend` corrects): the commands a player may record.
    pub fn records_play(self) -> bool {
        self == Right::Needs(Role::Player)
    }

    /// The least role this right asks of a token, if the command is served at all.
    pub fn least(self) -> Option<Role> {
        match self {
            Right::Needs(role) => Some(role),
            Right::Own => Some(Role::Player),
            Right::NotServed(_) => None,
        }
    }
}

/// The global options a command reads: the formats it prints, and whether it opens the
/// database of `--db` and works on the campaign of `--campaign`.
#[derive(Debug, Clone, Copy)]
pub struct Honours {
    pub formats: &'static [Format],
    pub db: bool,
    pub campaign: bool,
}

/// Text only: a command that prints a message or a file of its own.
const TEXT: &[Format] = &[Format::Table];
/// Text or one JSON object: every command that writes events, and most reports.
const JSON: &[Format] = &[Format::Table, Format::Json];
/// The log's formats: a row per event.
const ROWS: &[Format] = &[Format::Table, Format::Json, Format::Csv, Format::Md];
/// The roster's: every format but BBCode, the printable page included.
const EVERY: &[Format] = &[Format::Table, Format::Json, Format::Csv, Format::Md, Format::Html];
/// A story's: for people, for forums (Markdown, BBCode), printed, and JSON.
const STORY: &[Format] = &[
    Format::Table,
    Format::Json,
    Format::Md,
    Format::Html,
    Format::Bbcode,
];

impl Honours {
    /// A command of the selected campaign, printing the given formats.
    const fn campaign(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: true,
            campaign: true,
        }
    }

    /// A command of the database as a whole, whatever campaign is selected.
    const fn database(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: true,
            campaign: false,
        }
    }

    /// A command that opens no database of the player's.
    const fn none(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: false,
            campaign: false,
        }
    }
}

/// What a command needs: its right through the server, the global options it honours, and
/// whether `--remote` sends it (else it works on this machine alone: its saved remotes and
/// copies, the demo's own temporary database, its shell's completions, its manual).
#[derive(Debug, Clone, Copy)]
pub struct Needs {
    pub right: Right,
    pub honours: Honours,
    pub remotely: bool,
}

impl Needs {
    const fn of(right: Right, honours: Honours) -> Needs {
        Needs {
            right,
            honours,
            remotely: true,
        }
    }

    /// A command that works on this machine alone, so never served.
    const fn here(why: &'static str, honours: Honours) -> Needs {
        Needs {
            right: Right::NotServed(why),
            honours,
            remotely: false,
        }
    }
}

/// Reads a campaign: a viewer may.
const READ: Right = Right::Needs(Role::Viewer);
/// Records play: a player may.
const RECORD: Right = Right::Needs(Role::Player);
/// Manages the campaign (voids, amendments, seeds, rules, expansions, new campaigns): a gm.
const MANAGE: Right = Right::Needs(Role::Gm);
/// Why a command of the server's own files is not served.
const ITS_FILES: Right =
    Right::NotServed("it works on the server's own files; run it on the server's machine");
/// Why a command of this machine's remotes and copies is not served.
const THIS_MACHINE: &str = "it works on the machine it runs on: its remotes, its own copy";
/// Why a copy of the whole database file is not served.
const ITS_WHOLE_FILE: &str = "it copies the whole database file, the dice seeds and token hashes with it, onto the disk of the machine it runs on; run it on the server's machine";
/// Why a command of no campaign is not served.
const NO_CAMPAIGN: &str = "it works on no campaign of the server's";

impl CommandName {
    /// What this command needs: one arm per command, its right and the options it honours
    /// side by side.
    pub fn needs(self) -> Needs {
        let play = Needs::of(RECORD, Honours::campaign(JSON));
        let report = Needs::of(READ, Honours::campaign(JSON));
        match self {
            CommandName::Roster => Needs::of(READ, Honours::campaign(EVERY)),
            CommandName::Log => Needs::of(READ, Honours::campaign(ROWS)),
            CommandName::Chronicle => Needs::of(READ, Honours::campaign(STORY)),
            CommandName::Now
            | CommandName::Blame
            | CommandName::Diff
            | CommandName::Show
            | CommandName::Verify
            | CommandName::MissionShow
            | CommandName::CampaignList
            | CommandName::CampaignRules => report,
            CommandName::CampaignExpansion | CommandName::CampaignAdoptRules => {
                Needs::of(MANAGE, Honours::campaign(JSON))
            }
            CommandName::CampaignNew => Needs::of(MANAGE, Honours::database(JSON)),
            CommandName::CampaignUse => Needs::of(
                Right::NotServed(
                    "`campaign use` selects the server's own default; the URL names the campaign",
                ),
                Honours::database(JSON),
            ),
            CommandName::Undo => Needs::of(Right::Own, Honours::campaign(JSON)),
            CommandName::Seed | CommandName::Void | CommandName::Amend => {
                Needs::of(MANAGE, Honours::campaign(JSON))
            }
            CommandName::MissionStart
            | CommandName::MissionEnd
            | CommandName::Enlist
            | CommandName::Turn
            | CommandName::Wound
            | CommandName::Suppress
            | CommandName::Heal
            | CommandName::Down
            | CommandName::Recover
            | CommandName::Kill
            | CommandName::Discharge
            | CommandName::Xp
            | CommandName::Hardy
            | CommandName::Ekia
            | CommandName::Rp
            | CommandName::Medal
            | CommandName::SuppressHostile
            | CommandName::RpCard
            | CommandName::Check
            | CommandName::Environ
            | CommandName::Resolve
            | CommandName::Objective
            | CommandName::K9
            | CommandName::HeroState
            | CommandName::Bogey
            | CommandName::Target
            | CommandName::Spook
            | CommandName::Persuade
            | CommandName::Ally
            | CommandName::Assert
            | CommandName::Note
            | CommandName::CarryOver => play,
            // An export is JSON Lines whichever is asked.
            CommandName::Export => Needs::of(
                Right::NotServed(
                    "the export is read with GET …/events; `muster pull` brings the campaign to this machine, to export it there",
                ),
                Honours::campaign(JSON),
            ),
            CommandName::Info => Needs::of(ITS_FILES, Honours::campaign(JSON)),
            CommandName::Backup => Needs::here(ITS_WHOLE_FILE, Honours::database(JSON)),
            CommandName::Rebuild => Needs::of(ITS_FILES, Honours::campaign(TEXT)),
            CommandName::Import | CommandName::Dev => Needs::of(ITS_FILES, Honours::database(TEXT)),
            CommandName::Serve => Needs::of(
                Right::NotServed("tokens are managed on the server's machine"),
                Honours::database(TEXT),
            ),
            CommandName::Remote => Needs::here(THIS_MACHINE, Honours::none(JSON)),
            CommandName::Pull | CommandName::Push => Needs::here(THIS_MACHINE, Honours::campaign(JSON)),
            CommandName::Demo => Needs::here(NO_CAMPAIGN, Honours::none(JSON)),
            CommandName::Completions | CommandName::Man => Needs::here(NO_CAMPAIGN, Honours::none(TEXT)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_name_has_words_of_its_own() {
        let mut seen = BTreeSet::new();
        for name in CommandName::ALL {
            let words = name.words();
            assert!(
                !words.is_empty()
                    && words.split(' ').all(|w| !w.is_empty()
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')),
                "{name:?}'s words {words:?} are not a command's words"
            );
            assert!(seen.insert(words), "two names are `{words}`");
        }
        // A group named whole is never also named by one of its subcommands.
        for words in &seen {
            if let Some((group, _)) = words.split_once(' ') {
                assert!(!seen.contains(group), "`{group}` is named whole and by `{words}`");
            }
        }
    }

    #[test]
    fn every_command_prints_text_and_the_formats_in_their_order() {
        for name in CommandName::ALL {
            let formats = name.needs().honours.formats;
            // Table is `--format`'s default: a command without it refuses being run plainly.
            assert_eq!(
                formats.first(),
                Some(&Format::Table),
                "{name:?} prints text first"
            );
            let order: Vec<usize> = formats
                .iter()
                .filter_map(|f| Format::ALL.iter().position(|all| all == f))
                .collect();
            assert!(
                order.len() == formats.len() && order.windows(2).all(|w| w[0] < w[1]),
                "{name:?}'s formats {formats:?} repeat or leave the help's order"
            );
        }
    }

    #[test]
    fn a_served_command_prints_json_and_runs_where_the_server_keeps_its_database() {
        for name in CommandName::ALL {
            let needs = name.needs();
            if let Right::Needs(_) = needs.right {
                assert!(
                    needs.honours.formats.contains(&Format::Json),
                    "{name:?} is served, so the API answers it in JSON"
                );
                assert!(needs.remotely, "{name:?} is served, so --remote sends it");
                assert!(needs.honours.db, "{name:?} is served, on the server's database");
            }
        }
    }

    #[test]
    fn a_command_not_served_says_why_in_a_clause_of_its_own() {
        let mut unserved = 0;
        for name in CommandName::ALL {
            if let Right::NotServed(why) = name.needs().right {
                unserved += 1;
                // Said after "this command is not served: ".
                assert!(
                    why.contains(' ') && why.trim() == why && !why.ends_with('.'),
                    "{name:?}'s reason {why:?} is no clause"
                );
                assert!(
                    !why.starts_with(char::is_uppercase),
                    "{name:?}'s reason {why:?} follows a colon"
                );
            }
        }
        assert!(unserved > 0 && unserved < CommandName::ALL.len());
    }

    #[test]
    fn what_a_command_reads_agrees_with_where_it_runs() {
        for name in CommandName::ALL {
            let needs = name.needs();
            assert!(
                needs.remotely || matches!(needs.right, Right::NotServed(_)),
                "{name:?} runs on this machine alone, so no server runs it"
            );
            assert!(
                needs.honours.db || !needs.honours.campaign,
                "{name:?} works on a campaign of no database"
            );
        }
    }

    #[test]
    fn only_a_players_commands_record_play() {
        assert!(CommandName::Wound.needs().right.records_play());
        assert!(CommandName::MissionStart.needs().right.records_play());
        for name in [
            CommandName::Void,
            CommandName::Amend,
            CommandName::Undo,
            CommandName::Roster,
            CommandName::Import,
        ] {
            assert!(!name.needs().right.records_play(), "{name:?} is not amended");
        }
    }

    #[test]
    fn a_formats_word_is_how_the_server_reads_it() {
        for format in Format::ALL {
            let read: Result<Format, _> = serde_json::from_value(serde_json::json!(format.word()));
            assert_eq!(read.ok(), Some(format), "{format:?}");
            assert_eq!(Format::from_word(format.word()), Some(format));
            assert!(
                !format.about().ends_with('.'),
                "clap's help ends no sentence with a period"
            );
        }
        assert_eq!(Format::from_word("xml"), None);
    }
}
