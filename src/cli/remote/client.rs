//! A remote server, called over HTTP (ureq, with timeouts): what it answers, and the messages
//! for a server that cannot be reached (exit 4), refuses the token (exit 1, naming the right
//! missing) or speaks another API version.

use std::time::Duration;

use serde_json::Value;

use super::config::Remotes;
use crate::cli::error::CommandError;

/// The API version this muster speaks.
const API: u64 = 1;
/// How long a server may take to accept the connection, and to answer a request whole.
const CONNECT: Duration = Duration::from_secs(10);
const ANSWER: Duration = Duration::from_secs(300);

/// A server named on the command line: its address and the token to call it with.
pub struct Remote {
    /// The address, without a trailing slash.
    pub url: String,
    token: String,
    agent: ureq::Agent,
}

/// An answer: its status and its body as text.
pub struct Answered {
    pub status: u16,
    pub body: String,
}

impl Remote {
    /// The remote `given`: a saved name, or an address (`http://…` or `https://…`), called with
    /// `token` (a saved remote's own token when none is given).
    pub fn resolve(given: &str, token: Option<&str>) -> Result<Remote, CommandError> {
        let given = given.trim();
        let (url, saved_token) = if given.starts_with("http://") || given.starts_with("https://") {
            (given.to_owned(), None)
        } else {
            let remotes = Remotes::load()?;
            let Some(saved) = remotes.remote.get(given) else {
                let names = remotes.remote.keys().map(String::as_str);
                let known = muster::domain::suggest::did_you_mean(given, names);
                let mut error = CommandError::refused(format!("no remote named '{given}'{known}"));
                error.hint = Some(
                    "give a URL (http://HOST:PORT) with --token, or save one with `muster remote add NAME URL --token TOKEN`; `muster remote list` lists them"
                        .to_owned(),
                );
                return Err(error);
            };
            (saved.url.clone(), Some(saved.token.clone()))
        };
        let Some(token) = token.map(str::to_owned).or(saved_token) else {
            return Err(CommandError::refused(format!(
                "calling {url} needs a token: pass --token TOKEN or set MUSTER_TOKEN (a gm makes one with `muster serve token add NAME --role player`)"
            )));
        };
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(CONNECT))
            .timeout_global(Some(ANSWER))
            .build()
            .into();
        Ok(Remote {
            url: url.trim_end_matches('/').to_owned(),
            token: token.trim().to_owned(),
            agent,
        })
    }

    /// POSTs `body` as JSON to `path` (under the server's address).
    pub fn post(&self, path: &str, body: &Value) -> Result<Answered, CommandError> {
        let sent = self
            .agent
            .post(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .send_json(body);
        self.answered(sent)
    }

    /// POSTs `lines` (JSON Lines) to `path`, with `If-Match: if_match`.
    pub fn post_lines(&self, path: &str, lines: String, if_match: &str) -> Result<Answered, CommandError> {
        let sent = self
            .agent
            .post(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .header("Content-Type", "application/x-ndjson")
            .header("If-Match", if_match)
            .send(lines);
        self.answered(sent)
    }

    /// GETs `path`.
    pub fn get(&self, path: &str) -> Result<Answered, CommandError> {
        let sent = self.called(path);
        self.answered(sent)
    }

    /// The answer to GET `path`, its body not yet read.
    fn called(&self, path: &str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
        self.agent
            .get(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .call()
    }

    /// GETs `path` and gives its body to read as it arrives, never held whole (a campaign's
    /// whole export); an answer other than 200 is the server's refusal.
    pub fn stream(&self, path: &str) -> Result<impl std::io::BufRead + use<>, CommandError> {
        let response = self.called(path).map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        let mut reader = std::io::BufReader::new(response.into_body().into_reader());
        if status != 200 {
            let mut body = String::new();
            std::io::Read::read_to_string(&mut reader, &mut body)
                .map_err(|e| self.unreachable(&ureq::Error::Io(e)))?;
            return Err(self.refusal(&Answered { status, body }));
        }
        Ok(reader)
    }

    /// GETs `path` and reads only the first line of its body (the connection is then
    /// dropped): one event of a stream, without the rest.
    pub fn first_line(&self, path: &str) -> Result<Answered, CommandError> {
        let mut response = self.called(path).map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        let mut body = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(response.body_mut().as_reader()),
            &mut body,
        )
        .map_err(|e| self.unreachable(&ureq::Error::Io(e)))?;
        Ok(Answered { status, body })
    }

    fn answered(
        &self,
        sent: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Answered, CommandError> {
        let mut response = sent.map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        let body = response
            .body_mut()
            .with_config()
            .limit(u64::MAX)
            .read_to_string()
            .map_err(|e| self.unreachable(&e))?;
        Ok(Answered { status, body })
    }

    fn unreachable(&self, e: &ureq::Error) -> CommandError {
        let mut error = CommandError::storage(format!("cannot reach the server at {}: {e}", self.url));
        error.hint = Some(
            "check the address and that `muster serve` runs there; without --remote (and MUSTER_REMOTE unset) muster works on this machine's file"
                .to_owned(),
        );
        error
    }

    /// The refusal an answer that is not a success carries, as the command line would give
    /// it: the server's message and exit code, or what is wrong with the server itself.
    pub fn refusal(&self, answered: &Answered) -> CommandError {
        let body: Option<Value> = serde_json::from_str(&answered.body).ok();
        let said = body.as_ref().and_then(|b| b["error"].as_str()).map(str::to_owned);
        match (answered.status, said) {
            (401, Some(said)) => {
                let mut error =
                    CommandError::refused(format!("the server at {} refused the token: {said}", self.url));
                error.hint = Some("check --token (or MUSTER_TOKEN, or the saved remote's token); the server's gm makes tokens with `muster serve token add`".to_owned());
                error
            }
            (413, _) => CommandError::refused(format!(
                "the server at {} takes no request this large (a command and its files: 64 KiB; a push: 32 MiB); send less at a time",
                self.url
            )),
            (404, _) | (_, None) => self.other_api(),
            (_, Some(said)) => {
                let exit = body.as_ref().and_then(|b| b["exit"].as_u64()).unwrap_or(1);
                let mut error = CommandError::with_exit(exit, said);
                error.hint = body.as_ref().and_then(|b| b["hint"].as_str()).map(str::to_owned);
                error
            }
        }
    }

    /// What is wrong with a server that did not answer as API v1 does.
    fn other_api(&self) -> CommandError {
        let speaks = self
            .get("/api/v1")
            .ok()
            .filter(|a| a.status == 200)
            .and_then(|a| serde_json::from_str::<Value>(&a.body).ok())
            .and_then(|v| v["api"].as_u64());
        CommandError::refused(match speaks {
            Some(api) if api != API => format!(
                "the server at {} speaks muster's API v{api}, and this muster speaks v{API}; run the same version of muster on both machines",
                self.url
            ),
            _ => format!(
                "the server at {} does not answer as muster's API v{API} does; is it `muster serve` of the same version as this muster?",
                self.url
            ),
        })
    }
}
