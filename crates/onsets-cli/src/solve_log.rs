//! `ONSETS_SOLVE_LOG=FILE`: every position the bots solve (not found in
//! their cache) is appended to FILE, one JSON line each, and its answer to
//! `FILE.answers` (the Solution text, or `-` for none): a workload to time
//! and compare solvers on (`solve_jsonl` example of onsets-solver). The
//! bots do no I/O; they call the hook installed here.

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

/// Installs the hook when `ONSETS_SOLVE_LOG` is set.
pub fn install() -> anyhow::Result<()> {
    let Some(path) = std::env::var_os("ONSETS_SOLVE_LOG") else {
        return Ok(());
    };
    let open = |p: &std::ffi::OsStr| -> anyhow::Result<File> {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .with_context(|| format!("ONSETS_SOLVE_LOG: cannot open {}", p.to_string_lossy()))
    };
    let mut answers = path.clone();
    answers.push(".answers");
    let files = Mutex::new((open(&path)?, open(&answers)?));
    onsets_bots::set_solve_hook(Box::new(move |p, answer| {
        let json = p.to_json();
        let line: String = json.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        if let Ok(mut f) = files.lock() {
            // a workload log: a failed write loses a line, nothing else
            let _ = writeln!(f.0, "{line}");
            let _ = writeln!(f.1, "{}", answer.unwrap_or("-"));
        }
    }));
    Ok(())
}
