//! Writes the TypeScript types of the WebSocket protocol (docs/protocol.md)
//! into `web/js/generated/`, one file per type, from the serde types
//! themselves (`ts-rs`), so that the browser client and the server cannot
//! drift (docs/web.md, "Generated types"). With `--check` it writes nothing
//! and exits 1 when the committed files differ from a fresh export (CI).
//!
//! `cargo run -p onsets-server --features ts --bin export-types [-- --check]`

use onsets_server::protocol::{ClientMsg, ServerMsg};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use ts_rs::TS;

/// The exported files by name, as they are committed. JSON has one kind of
/// number, and `JSON.parse` reads a 64-bit integer (a version, a clock) as a
/// `number`: ts-rs's `bigint` for `u64` would type the wire wrongly.
fn export() -> Result<BTreeMap<String, String>, String> {
    let tmp = std::env::temp_dir().join(format!("onsets-export-types-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    ServerMsg::export_all_to(&tmp).map_err(|e| format!("ServerMsg: {e}"))?;
    ClientMsg::export_all_to(&tmp).map_err(|e| format!("ClientMsg: {e}"))?;
    let files = read_dir(&tmp).map(|files| {
        files
            .into_iter()
            .map(|(name, text)| (name, text.replace("bigint", "number")))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&tmp);
    files
}

/// The `.ts` files under `dir` by their path in it, `/`-separated (none
/// when it does not exist): ts-rs puts a foreign type in a folder of its
/// crate's name (`serde_json/JsonValue.ts`).
fn read_dir(dir: &Path) -> Result<BTreeMap<String, String>, String> {
    let mut files = BTreeMap::new();
    read_into(dir, "", &mut files)?;
    Ok(files)
}

fn read_into(dir: &Path, prefix: &str, files: &mut BTreeMap<String, String>) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let name = format!("{prefix}{name}");
        if path.is_dir() {
            read_into(&path, &format!("{name}/"), files)?;
        } else if name.ends_with(".ts") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            files.insert(name, text);
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let check = std::env::args().skip(1).any(|a| a == "--check");
    let dir: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "web",
        "js",
        "generated",
    ]
    .iter()
    .collect();
    let fresh = match export() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("export-types: {e}");
            return ExitCode::FAILURE;
        }
    };
    let committed = match read_dir(&dir) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("export-types: {e}");
            return ExitCode::FAILURE;
        }
    };
    if check {
        let stale: std::collections::BTreeSet<&String> = fresh
            .keys()
            .chain(committed.keys())
            .filter(|name| fresh.get(*name) != committed.get(*name))
            .collect();
        if stale.is_empty() {
            println!(
                "export-types: web/js/generated/ is up to date ({} files)",
                fresh.len()
            );
            return ExitCode::SUCCESS;
        }
        eprintln!(
            "export-types: web/js/generated/ differs from the Rust types in: {}\n\
             run `cargo run -p onsets-server --features ts --bin export-types` and commit",
            stale
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        return ExitCode::FAILURE;
    }
    if let Err(e) = write(&dir, &committed, &fresh) {
        eprintln!("export-types: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "export-types: wrote {} files to web/js/generated/",
        fresh.len()
    );
    ExitCode::SUCCESS
}

/// Replaces the committed files by the fresh ones (removing those no type makes).
fn write(
    dir: &Path,
    committed: &BTreeMap<String, String>,
    fresh: &BTreeMap<String, String>,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for name in committed.keys().filter(|n| !fresh.contains_key(*n)) {
        std::fs::remove_file(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
    }
    for (name, text) in fresh {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{name}: {e}"))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}
