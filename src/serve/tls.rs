//! The server's TLS: its certificate chain and private key read from PEM files (a group's own
//! certificate or one from a public authority), and the acceptor each connection's handshake
//! runs through (rustls, the stack the command line's client already uses).

use std::path::PathBuf;
use std::sync::Arc;

use rustls::ServerConfig;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;

/// A PEM file the server was given, read whole by the command line: the path it was named
/// by, for messages, and its bytes.
#[derive(Clone)]
pub struct Pem {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

// Only the path: a private key's bytes are never printed.
impl std::fmt::Debug for Pem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pem")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// The acceptor serving the certificate chain in `cert` with the private key in `key`, or
/// what is wrong with them, naming the file.
pub fn acceptor(cert: &Pem, key: &Pem) -> Result<TlsAcceptor, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert.bytes)
        .map(|found| found.map(CertificateDer::into_owned))
        .collect::<Result<_, _>>()
        .map_err(|e| {
            format!(
                "--tls-cert {}: no certificate read ({e}); give the PEM file of the server's certificate (its chain after it)",
                cert.path.display()
            )
        })?;
    if chain.is_empty() {
        return Err(format!(
            "--tls-cert {} holds no certificate (no -----BEGIN CERTIFICATE----- block); give the PEM file of the server's certificate",
            cert.path.display()
        ));
    }
    let private = PrivateKeyDer::from_pem_slice(&key.bytes).map_err(|e| {
        format!(
            "--tls-key {}: no private key read ({e}); give the PEM file of the certificate's private key",
            key.path.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            format!(
                "--tls-cert {} and --tls-key {} do not make a certificate to serve: {e}",
                cert.path.display(),
                key.path.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}
