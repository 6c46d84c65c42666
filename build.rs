//! Tags the cached projections with a digest of the code that makes them: the checkpoints
//! with the fold's source (`src/domain`), blame's index with the fold's and blame's, so that
//! a cache made by other code is never read as this code's, with no tag bumped by hand.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn main() {
    let fold = digest_of(&["src/domain"]);
    let blame = digest_of(&["src/domain", "src/projection/blame"]);
    println!("cargo:rustc-env=MUSTER_FOLD_DIGEST={fold}");
    println!("cargo:rustc-env=MUSTER_BLAME_DIGEST={blame}");
}

/// The first 8 bytes, in hex, of the SHA-256 of every `.rs` file under `roots`.
fn digest_of(roots: &[&str]) -> String {
    let mut files = Vec::new();
    for root in roots {
        let root = Path::new(root);
        println!("cargo:rerun-if-changed={}", root.display());
        collect(root, &mut files);
    }
    files.sort();
    let mut digest = Sha256::new();
    for file in &files {
        // A file that cannot be read is left out of the digest; the compiler then reports it.
        let text = fs::read(file).unwrap_or_default();
        digest.update(file.to_string_lossy().as_bytes());
        digest.update((text.len() as u64).to_le_bytes());
        digest.update(&text);
    }
    digest
        .finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
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
