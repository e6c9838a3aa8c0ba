//! Reading the command's inputs: a position file (or `-` for standard input)
//! and a Solution given on the command line or in a file.

use anyhow::{bail, Context, Result};
use onsets_core::Position;
use std::io::Read;
use std::path::Path;

/// The name that stands for standard input.
pub const STDIN: &str = "-";

/// Reads the text of `path`, or standard input when `path` is `-`.
pub fn read_text(path: &Path, what: &str) -> Result<String> {
    let text = if path.as_os_str() == STDIN {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .with_context(|| format!("cannot read the {what} from standard input"))?;
        s
    } else {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the {what} file `{}`", path.display()))?
    };
    // A byte-order mark is not part of the text.
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// `--edition` and `--form`, the same on every command that reads a
/// position (docs/editions.md).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct EditionArgs {
    /// Rule edition, overriding the position's `edition` field: 2026-27,
    /// 2019-20 (with the position's `adventurous`: MLAG Basic or
    /// Adventurous) or 1969 (docs/editions.md)
    #[arg(long, value_name = "EDITION")]
    pub edition: Option<String>,

    /// The 1969 form with --edition 1969: basic or advanced
    #[arg(long, value_name = "FORM", requires = "edition")]
    pub form: Option<String>,
}

/// Reads a position as [`read_position`] does, with its rule edition set
/// from `--edition` and `--form` when given (they override the position's
/// own `edition` and `form` fields; docs/editions.md).
pub fn read_position_in(
    path: &Path,
    edition: Option<&str>,
    form: Option<&str>,
) -> Result<Position> {
    let Some(edition) = edition else {
        if form.is_some() {
            bail!("--form goes with --edition 1969");
        }
        return read_position(path);
    };
    let text = read_text(path, "position")?;
    let mut value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        // not JSON: let the usual reader say why
        Err(_) => return read_position(path),
    };
    let Some(map) = value.as_object_mut() else {
        return read_position(path);
    };
    map.insert("edition".into(), serde_json::Value::String(edition.into()));
    match form {
        Some(f) => {
            map.insert("form".into(), serde_json::Value::String(f.into()));
        }
        None if edition.trim() != "1969" => {
            map.remove("form");
        }
        None => {}
    }
    let name = if path.as_os_str() == STDIN {
        "standard input".to_string()
    } else {
        format!("`{}`", path.display())
    };
    Position::from_json(&value.to_string())
        .with_context(|| format!("invalid position in {name} with --edition {edition}"))
}

/// Reads and validates a position; errors name the field (and the column).
pub fn read_position(path: &Path) -> Result<Position> {
    let text = read_text(path, "position")?;
    let name = if path.as_os_str() == STDIN {
        "standard input".to_string()
    } else {
        format!("`{}`", path.display())
    };
    if text.trim().is_empty() {
        bail!("the position in {name} is empty");
    }
    Position::from_json(&text).with_context(|| format!("invalid position in {name}"))
}
