//! A remote server, called over HTTP (ureq, with timeouts): what it answers, and the messages
//! for a server that cannot be reached (exit 4), refuses the token (exit 1, naming the right
//! missing) or speaks another API version.

use std::time::Duration;

use serde_json::Value;

use ureq::tls::{Certificate, RootCerts, TlsConfig};

use super::config::Remotes;
use crate::cli::error::CommandError;

/// The certificates in the PEM text `pem` (from `what`), or why there are none.
fn certificates(pem: &[u8], what: &str) -> Result<Vec<Certificate<'static>>, CommandError> {
    let found: Vec<Certificate<'static>> = ureq::tls::parse_pem(pem)
        .filter_map(|item| match item {
            Ok(ureq::tls::PemItem::Certificate(cert)) => Some(cert),
            _ => None,
        })
        .collect();
    if found.is_empty() {
        return Err(CommandError::refused(format!(
            "{what} holds no certificate (no -----BEGIN CERTIFICATE----- block); give the server's certificate, or the authority that signed it, as a PEM file"
        )));
    }
    Ok(found)
}

/// The PEM text of the certificate file `path` (`--ca`), once it is seen to hold one.
pub fn certificate_file(path: &std::path::Path) -> Result<String, CommandError> {
    let bytes =
        crate::cli::file::read_bounded(path, "--ca file", (crate::cli::file::MAX_PEM_FILE, "a PEM file"))?;
    certificates(&bytes, &format!("--ca {}", path.display()))?;
    String::from_utf8(bytes).map_err(|_| {
        CommandError::refused(format!(
            "--ca {} is not a PEM file's text; give the certificate as a PEM file",
            path.display()
        ))
    })
}

/// The API version this muster speaks: the server's `serve::remote::API` (every `--remote`
/// test fails when the two differ, as the run's answer is then refused).
pub(super) const API: u64 = 2;
/// How long a server may take to accept the connection, and to answer a request whole.
const CONNECT: Duration = Duration::from_secs(10);
const ANSWER: Duration = Duration::from_secs(300);

/// The most of one answer read into memory: a roster or a command's output is kilobytes,
/// and `log --json` of a campaign of a few thousand events a megabyte or two; anything past
/// 16 MiB is not muster's API speaking.
pub const MAX_ANSWER: u64 = 16 * 1024 * 1024;

/// The most of the events after a head read into memory (`pull` of a copy that has the
/// start): as much again as a push may send (32 MiB), some tens of thousands of events.
pub const MAX_TAIL: u64 = 64 * 1024 * 1024;

/// The most of a campaign's whole export read from a server (`--remote … export`, the first
/// `pull`). It is spooled to disk, never held, so it may be far larger: a long campaign's
/// export is tens of megabytes, and 4 GiB is over ten million events. The cap keeps a server
/// that never stops sending from filling this machine's disk.
pub const MAX_STREAM: u64 = 4 * 1024 * 1024 * 1024;

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
        let (url, saved_token, ca) = if given.starts_with("http://") || given.starts_with("https://") {
            (given.to_owned(), None, None)
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
            (saved.url.clone(), Some(saved.token.clone()), saved.ca.clone())
        };
        let Some(token) = token.map(str::to_owned).or(saved_token) else {
            return Err(CommandError::refused(format!(
                "calling {url} needs a token: pass --token TOKEN or set MUSTER_TOKEN (a gm makes one with `muster serve token add NAME --role player`)"
            )));
        };
        // An https:// server is checked against the roots of the web (Mozilla's), or, for a
        // group's own certificate, against the one saved with the remote alone.
        let roots = match ca.as_deref() {
            Some(pem) => RootCerts::new_with_certs(&certificates(pem.as_bytes(), "the saved remote's --ca")?),
            None => RootCerts::WebPki,
        };
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(CONNECT))
            .timeout_global(Some(ANSWER))
            .tls_config(TlsConfig::builder().root_certs(roots).build())
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
        self.answered(sent, MAX_ANSWER)
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
        self.answered(sent, MAX_ANSWER)
    }

    /// GETs `path`.
    pub fn get(&self, path: &str) -> Result<Answered, CommandError> {
        self.answered(self.called(path), MAX_ANSWER)
    }

    /// GETs `path`, the events after a head, read whole up to [`MAX_TAIL`].
    pub fn get_tail(&self, path: &str) -> Result<Answered, CommandError> {
        self.answered(self.called(path), MAX_TAIL)
    }

    /// The answer to GET `path`, its body not yet read.
    fn called(&self, path: &str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
        self.agent
            .get(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .call()
    }

    /// GETs `path` and gives its body to read as it arrives, never held whole (a campaign's
    /// whole export), failing past [`MAX_STREAM`]; an answer other than 200 is the server's
    /// refusal.
    pub fn stream(&self, path: &str) -> Result<impl std::io::BufRead + use<>, CommandError> {
        let response = self.called(path).map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        if status != 200 {
            return Err(self
                .answered(Ok(response), MAX_ANSWER)
                .map_or_else(|e| e, |a| self.refusal(&a)));
        }
        let capped = Capped::new(response.into_body().into_reader(), MAX_STREAM);
        Ok(std::io::BufReader::new(capped))
    }

    /// GETs `path` and reads only the first line of its body (the connection is then
    /// dropped): one event of a stream, without the rest.
    pub fn first_line(&self, path: &str) -> Result<Answered, CommandError> {
        let mut response = self.called(path).map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        let mut body = String::new();
        let capped = Capped::new(response.body_mut().as_reader(), MAX_ANSWER);
        std::io::BufRead::read_line(&mut std::io::BufReader::new(capped), &mut body)
            .map_err(|e| self.unreadable(e))?;
        Ok(Answered { status, body })
    }

    /// The status and body of an answer, its body read up to `cap` bytes.
    fn answered(
        &self,
        sent: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
        cap: u64,
    ) -> Result<Answered, CommandError> {
        let mut response = sent.map_err(|e| self.unreachable(&e))?;
        let status = response.status().as_u16();
        let body = response
            .body_mut()
            .with_config()
            .limit(cap)
            .read_to_string()
            .map_err(|e| match e {
                ureq::Error::BodyExceedsLimit(_) => self.too_large(cap),
                e => self.unreachable(&e),
            })?;
        Ok(Answered { status, body })
    }

    /// The error of reading an answer's body: larger than its cap (refused), or cut off.
    pub fn unreadable(&self, e: std::io::Error) -> CommandError {
        match e.get_ref().and_then(|inner| inner.downcast_ref::<TooLarge>()) {
            Some(TooLarge(cap)) => self.too_large(*cap),
            None => self.unreachable(&ureq::Error::Io(e)),
        }
    }

    /// The refusal of an answer larger than `cap` bytes.
    fn too_large(&self, cap: u64) -> CommandError {
        CommandError::refused(format!(
            "the server at {} answered with more than {}, the most this muster reads of {}; muster's API answers with far less, so nothing of it was used",
            self.url,
            TooLarge(cap).size(),
            match cap {
                MAX_STREAM => "a campaign's export",
                MAX_TAIL => "the events after a head",
                _ => "one answer",
            }
        ))
    }

    fn unreachable(&self, e: &ureq::Error) -> CommandError {
        let said = e.to_string();
        if said.contains("certificate") || said.contains("Certificate") {
            let mut error = CommandError::refused(format!(
                "refused the server at {}: its certificate cannot be checked ({said})",
                self.url
            ));
            error.hint = Some(
                "a group's own certificate is trusted when the remote is saved with it: `muster remote add NAME URL --token TOKEN --ca FILE` (the server's certificate, or the authority that signed it, as a PEM file)"
                    .to_owned(),
            );
            return error;
        }
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
        let exit = body.as_ref().and_then(|b| b["exit"].as_u64());
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
            // A 404 refused in muster's words (exit 1) names a campaign the token does not
            // reach, or that does not exist; any other is a path this server lacks (exit 2), or
            // no muster's.
            (404, Some(_)) if exit != Some(1) => self.other_api(),
            (_, None) => self.other_api(),
            (_, Some(said)) => {
                let mut error = CommandError::with_exit(exit.unwrap_or(1), said);
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

/// A reader that fails with [`TooLarge`] once more than `cap` bytes came through it.
struct Capped<R> {
    inner: R,
    left: u64,
    cap: u64,
}

impl<R> Capped<R> {
    fn new(inner: R, cap: u64) -> Capped<R> {
        Capped {
            inner,
            left: cap,
            cap,
        }
    }
}

impl<R: std::io::Read> std::io::Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One byte past the cap is asked for, so that an answer of exactly `cap` bytes passes.
        let room = usize::try_from(self.left.saturating_add(1)).unwrap_or(usize::MAX);
        let read = self
            .inner
            .read(buf.get_mut(..room.min(buf.len())).unwrap_or_default())?;
        match self.left.checked_sub(read as u64) {
            Some(left) => {
                self.left = left;
                Ok(read)
            }
            None => Err(std::io::Error::other(TooLarge(self.cap))),
        }
    }
}

/// An answer that went past its cap, in bytes.
#[derive(Debug)]
struct TooLarge(u64);

impl TooLarge {
    /// The cap as a player reads it: `64 MiB`, `4 GiB`.
    fn size(&self) -> String {
        const MIB: u64 = 1024 * 1024;
        match self.0 {
            cap if cap >= 1024 * MIB && cap % (1024 * MIB) == 0 => format!("{} GiB", cap / (1024 * MIB)),
            cap if cap >= MIB => format!("{} MiB", cap / MIB),
            cap => format!("{cap} bytes"),
        }
    }
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the server's answer is larger than {}, the most muster reads of it",
            self.size()
        )
    }
}

impl std::error::Error for TooLarge {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn read_through(bytes: usize, cap: u64) -> std::io::Result<usize> {
        let mut capped = Capped::new(std::io::repeat(b'x').take(bytes as u64), cap);
        let mut kept = Vec::new();
        capped.read_to_end(&mut kept)
    }

    #[test]
    fn a_capped_answer_passes_up_to_its_cap_and_fails_past_it_naming_the_cap() {
        assert_eq!(read_through(1000, 1000).unwrap(), 1000);
        let past = read_through(1001, 1000).unwrap_err();
        let named = past.get_ref().and_then(|e| e.downcast_ref::<TooLarge>());
        assert_eq!(named.map(|t| t.0), Some(1000));
        assert!(past.to_string().contains("larger than 1000 bytes"), "{past}");
        assert_eq!(TooLarge(MAX_STREAM).size(), "4 GiB");
        assert_eq!(TooLarge(MAX_ANSWER).size(), "16 MiB");
    }
}
