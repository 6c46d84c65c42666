//! HTTPS: a server given a group's own certificate answers `https://`; the command line, given
//! the certificate authority with its saved remote, runs a command through it, and without it
//! refuses the server, naming why; the session cookie is `Secure`; a bad certificate file is
//! refused at start, naming it, and a device or an oversized one before it is read whole.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::Duration;

use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};

use super::harness::{BIN, Campaign, Server};

/// Writes a certificate authority (`ca.pem`) and a certificate it signed for 127.0.0.1
/// (`cert.pem`, `key.pem`) into `dir`.
fn certificates(dir: &Path) {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca, ca_key);
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
        .unwrap()
        .signed_by(&key, &issuer)
        .unwrap();
    std::fs::write(dir.join("ca.pem"), ca_cert.pem()).unwrap();
    std::fs::write(dir.join("cert.pem"), cert.pem()).unwrap();
    std::fs::write(dir.join("key.pem"), key.serialize_pem()).unwrap();
}

/// `muster ARGS` with its saved remotes in `config`.
fn client(config: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_clear()
        .env("MUSTER_CONFIG_DIR", config)
        .output()
        .unwrap()
}

#[test]
fn a_server_with_its_own_certificate_is_reached_with_its_ca_and_refused_without() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let dir = tempfile::tempdir().unwrap();
    certificates(dir.path());
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    let server = Server::start_flagged(
        &campaign.db,
        &[
            "--tls-cert",
            &cert.to_string_lossy(),
            "--tls-key",
            &key.to_string_lossy(),
        ],
    );
    assert!(server.url.starts_with("https://127.0.0.1:"), "{}", server.url);
    let config = dir.path().join("config");

    // Without the group's certificate authority: refused, naming why, and how to trust it.
    let refused = client(
        &config,
        &["--remote", &server.url, "--token", &player, "roster", "--json"],
    );
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(said.contains("certificate") && said.contains("--ca"), "{said}");

    // Saved with it: a command runs through the server.
    let ca = dir.path().join("ca.pem");
    let added = client(
        &config,
        &[
            "remote",
            "add",
            "table",
            &server.url,
            "--token",
            &player,
            "--ca",
            &ca.to_string_lossy(),
        ],
    );
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    let head = campaign.head();
    let wound = client(
        &config,
        &["--remote", "table", "--campaign", "Op", "wound", "Wong", "1"],
    );
    assert!(
        wound.status.success(),
        "{}",
        String::from_utf8_lossy(&wound.stderr)
    );
    assert_eq!(campaign.head(), head + 1);
    let roster = client(
        &config,
        &["--remote", "table", "--campaign", "Op", "roster", "--json"],
    );
    let roster: serde_json::Value = serde_json::from_slice(&roster.stdout).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 1);

    // A --ca file that holds no certificate, or names a plain-http server, is refused.
    let not_pem = client(
        &config,
        &[
            "remote",
            "add",
            "bad",
            &server.url,
            "--token",
            &player,
            "--ca",
            &key.to_string_lossy(),
        ],
    );
    assert_eq!(not_pem.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&not_pem.stderr).contains("no certificate"));

    // Over TLS the page's session cookie is Secure.
    let pem = std::fs::read(&ca).unwrap();
    let roots: Vec<ureq::tls::Certificate<'static>> = ureq::tls::parse_pem(&pem)
        .filter_map(|item| match item {
            Ok(ureq::tls::PemItem::Certificate(cert)) => Some(cert),
            _ => None,
        })
        .collect();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_global(Some(Duration::from_secs(30)))
        .tls_config(
            ureq::tls::TlsConfig::builder()
                .root_certs(ureq::tls::RootCerts::Specific(Arc::new(roots)))
                .build(),
        )
        .build()
        .into();
    let signed = agent
        .post(format!("{}/sign-in", server.url))
        .send_form([("token", player.as_str())])
        .unwrap();
    assert_eq!(signed.status().as_u16(), 303);
    let cookie = signed
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.contains("; Secure"), "{cookie}");
}

#[test]
fn a_certificate_file_that_is_not_one_is_refused_at_start_naming_it() {
    let campaign = Campaign::new();
    let dir = tempfile::tempdir().unwrap();
    certificates(dir.path());
    let key = dir.path().join("key.pem");
    let out = campaign.muster(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--tls-cert",
        &key.to_string_lossy(),
        "--tls-key",
        &key.to_string_lossy(),
    ]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("--tls-cert") && said.contains("key.pem"), "{said}");
    let alone = campaign.muster(&["serve", "--tls-cert", &key.to_string_lossy()]);
    assert_eq!(alone.status.code(), Some(2), "--tls-cert needs --tls-key");
}

/// `muster ARGS` on `campaign`'s database with its saved remotes in `config`, given at most
/// ten seconds: one still running then is killed, and its refusal is taken as missing.
fn bounded(campaign: &Campaign, config: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .env_clear()
        .env("MUSTER_DB", &campaign.db)
        .env("MUSTER_CONFIG_DIR", config)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return (None, format!("{args:?} was still reading after ten seconds"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_certificate_or_key_that_is_a_device_or_oversized_is_refused_before_it_is_read_whole() {
    let campaign = Campaign::new();
    let dir = tempfile::tempdir().unwrap();
    certificates(dir.path());
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    let huge = dir.path().join("huge.pem");
    std::fs::write(&huge, vec![b'A'; 1_100_000]).unwrap();
    let (cert, key, huge) = (
        cert.to_string_lossy().into_owned(),
        key.to_string_lossy().into_owned(),
        huge.to_string_lossy().into_owned(),
    );
    let config = dir.path().join("config");
    let serve = |cert: &str, key: &str| {
        let args = [
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--tls-cert",
            cert,
            "--tls-key",
            key,
        ];
        bounded(&campaign, &config, &args)
    };
    let ca = |file: &str| {
        let args = [
            "remote",
            "add",
            "club",
            "https://127.0.0.1:9",
            "--token",
            "muster_x",
            "--ca",
            file,
        ];
        bounded(&campaign, &config, &args)
    };
    let large = "is larger than 1024 KiB; a PEM file is a few kilobytes";
    let device = "/dev/zero is not a regular file";
    for ((code, said), flag, wanted) in [
        (serve(&huge, &key), "--tls-cert", large),
        (serve(&cert, &huge), "--tls-key", large),
        (ca(&huge), "--ca", large),
        (serve("/dev/zero", &key), "--tls-cert", device),
        (serve(&cert, "/dev/zero"), "--tls-key", device),
        (ca("/dev/zero"), "--ca", device),
    ] {
        assert_eq!(code, Some(1), "{said}");
        assert!(said.contains(flag) && said.contains(wanted), "{said}");
    }
}
