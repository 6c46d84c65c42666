//! Tags the checkpoints' projection code with a digest of the fold's source (`src/domain`),
//! so that a checkpoint cached by other fold code is never read as this code's: a change to
//! the state or to how an event moves it needs no tag bumped by hand.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn main() {
    let root = Path::new("src/domain");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(root, &mut files);
    files.sort();
    let mut digest = Sha256::new();
    for file in &files {
        // A file that cannot be read is left out of the digest; the compiler then reports it.
        let text = fs::read(file).unwrap_or_default();
        digest.update(file.to_string_lossy().as_bytes());
        digest.update((text.len() as u64).to_le_bytes());
        digest.update(&text);
    }
    let hex: String = digest
        .finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    println!("cargo:rustc-env=MUSTER_FOLD_DIGEST={hex}");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}
