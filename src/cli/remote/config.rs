//! The remotes a player saved (`muster remote add`): a TOML file in the platform's config
//! directory (`MUSTER_CONFIG_DIR` names another), readable by its owner only, for it holds
//! tokens.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::cli::error::CommandError;

/// The environment variable naming the directory of muster's config, for tests and for
/// players who keep it elsewhere.
const DIR_VARIABLE: &str = "MUSTER_CONFIG_DIR";
const FILE: &str = "remotes.toml";

/// One saved remote: the server's address and the token to call it with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    pub url: String,
    pub token: String,
    /// The certificate (PEM) that vouches for an `https://` server's own certificate: the
    /// group's certificate authority, or the self-made certificate itself (`--ca`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca: Option<String>,
}

/// Every saved remote, by name.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Remotes {
    #[serde(default)]
    pub remote: BTreeMap<String, Saved>,
}

/// The config file's path.
pub fn path() -> Result<PathBuf, CommandError> {
    if let Some(dir) = std::env::var_os(DIR_VARIABLE).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join(FILE));
    }
    directories::ProjectDirs::from("", "", "muster")
        .map(|dirs| dirs.config_dir().join(FILE))
        .ok_or_else(|| {
            CommandError::storage(format!(
                "cannot find this machine's config directory; set {DIR_VARIABLE} to a directory to keep remotes in"
            ))
        })
}

impl Remotes {
    /// The saved remotes; none when the file does not exist yet.
    pub fn load() -> Result<Remotes, CommandError> {
        let path = path()?;
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Remotes::default()),
            Err(e) => {
                return Err(CommandError::storage(format!(
                    "cannot read the remotes in {}: {e}",
                    path.display()
                )));
            }
        };
        toml::from_str(&text).map_err(|e| {
            CommandError::refused(format!(
                "{} is not a remotes file muster reads ({e}); fix it, or remove it and add the remotes again",
                path.display()
            ))
        })
    }

    /// Writes the remotes whole, readable by the owner only: to a new file beside the old,
    /// renamed over it, so a failure leaves the old file as it was.
    pub fn save(&self) -> Result<(), CommandError> {
        let path = path()?;
        let failed = |e: std::io::Error| {
            CommandError::storage(format!("cannot write the remotes to {}: {e}", path.display()))
        };
        let text = toml::to_string(self)
            .map_err(|e| CommandError::storage(format!("cannot write the remotes: {e}")))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        create_private_dir(dir).map_err(failed)?;
        let mut builder = tempfile::Builder::new();
        builder.prefix(".remotes");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o600));
        }
        let mut file = builder.tempfile_in(dir).map_err(failed)?;
        file.write_all(text.as_bytes()).map_err(failed)?;
        file.as_file().sync_all().map_err(failed)?;
        file.persist(&path).map_err(|e| failed(e.error))?;
        Ok(())
    }
}

#[cfg(unix)]
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)
}
