//! Where a kept answer belongs: the endpoint that kept it, and for a run the format it was
//! printed in, so a retried command id is answered in the shape its client reads, or refused.

use muster::app::Format;

/// Where a command was sent: the answer kept under its id is given again only there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// `POST /api/v1/campaigns/{campaign}/commands`, or a page's form: the command's `--json`
    /// output, or its refusal.
    Commands,
    /// `POST /api/v1/run` (`muster --remote`): what the command printed, in this format, with
    /// its exit code.
    Run(Format),
}

/// The word a run's kept arguments begin with: a path, which no command line begins with,
/// so no command sent to `…/commands` is ever kept under arguments a run's are.
const RUN: &str = "/api/v1/run";

impl Sent {
    /// The arguments the answer to `args` is kept and looked up under: a run's behind the
    /// run's path and its format; a command's as sent, as they always were.
    pub fn kept_line(self, args: &[String]) -> Vec<String> {
        match self {
            Sent::Commands => args.to_vec(),
            Sent::Run(format) => [RUN.to_owned(), format.word().to_owned()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect(),
        }
    }

    /// Where the kept arguments `kept` were sent, and the command line they keep.
    fn of_kept(kept: &[String]) -> (Sent, &[String]) {
        match kept {
            [run, word, line @ ..] if run == RUN => {
                let format = Format::ALL.into_iter().find(|f| f.word() == word);
                (Sent::Run(format.unwrap_or(Format::Json)), line)
            }
            line => (Sent::Commands, line),
        }
    }

    /// The endpoint, as a client names it.
    fn place(self) -> &'static str {
        match self {
            Sent::Commands => "the API's …/commands (or a page's form)",
            Sent::Run(_) => "POST /api/v1/run (`muster --remote`)",
        }
    }
}

/// Why `id`, sent `sent` with `args` to `campaign`, is not answered: it answered the kept
/// arguments `kept` in the campaign `was`, another command, on another endpoint, or the same
/// run printed in another format.
pub fn reused(
    id: &str,
    (sent, campaign, args): (Sent, &str, &[String]),
    (was, kept): (&str, &[String]),
) -> String {
    let (kept_by, line) = Sent::of_kept(kept);
    let same = was == campaign && line == args;
    let line = line.join(" ");
    match (sent, kept_by) {
        (Sent::Run(_), Sent::Run(format)) if same => format!(
            "command_id {id} answered `{line}` in '{was}' printed as {word}, and a retry is answered as it was first printed; nothing ran: send it again with \"format\": \"{word}\" to read that answer (under a new command_id it would run again)",
            word = format.word()
        ),
        (Sent::Commands, Sent::Run(_)) | (Sent::Run(_), Sent::Commands) => format!(
            "command_id {id} was used on {}: it answered `{line}` in '{was}' there, and a kept answer is given again only where it was sent; nothing ran: send this command under a new command_id",
            kept_by.place()
        ),
        _ => format!(
            "this id was used for another command: command_id {id} answered `{line}` in '{was}'; nothing ran: send this command under a new command_id"
        ),
    }
}
