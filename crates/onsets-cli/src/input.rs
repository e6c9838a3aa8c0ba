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
