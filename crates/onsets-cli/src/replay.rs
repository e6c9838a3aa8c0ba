//! `onsets replay`: re-run a match log (JSON lines, docs/engine.md) and print
//! the scoresheet (XII).

use crate::{emit, EXIT_INCORRECT, EXIT_UNREADABLE};
use anyhow::{Context, Result};
use clap::Args;
use onsets_engine::Match;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets replay match.jsonl
  onsets replay --json match.jsonl

The log is a header line then one action per line (docs/engine.md, \"Log schema\");
the header's \"dice\" may fix the first Goal-setter, each shake's faces and deal.
--json prints every event (faces rolled, cards dealt, set-asides and penalties with
their rules), each with its log line, beside the scoresheet.
Exit status: 0 the log replays; 1 an action breaks the rules (the line and the rule
are printed); 2 the file cannot be read or a line is not JSON of the schema.")]
pub struct ReplayArgs {
    /// The match log (JSON lines); `-` reads standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Print the events and the scoresheet (or the rejection) as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Runs the command; returns the exit status.
pub fn run(args: &ReplayArgs) -> Result<u8> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?
    };
    let (result, events) = Match::replay_with_events(&text);
    match result {
        Ok(m) => {
            let sheet = m.scoresheet();
            if args.json {
                let v = serde_json::json!({
                    "ok": true,
                    "over": m.match_points().is_some(),
                    "actions": m.log().len(),
                    "events": events,
                    "scoresheet": sheet,
                });
                emit(&format!("{v}\n"));
            } else {
                emit(&sheet.to_string());
                if m.match_points().is_none() {
                    emit("(the match is not over: no match points yet)\n");
                }
            }
            Ok(0)
        }
        Err(e) => {
            // A rule-breaking action: exit 1; a line that cannot be read: 2.
            let code = if e.rule.is_some() {
                EXIT_INCORRECT
            } else {
                EXIT_UNREADABLE
            };
            if args.json {
                let v = serde_json::json!({
                    "ok": false,
                    "line": e.line,
                    "rule": e.rule,
                    "message": e.message,
                    "events": events,
                });
                emit(&format!("{v}\n"));
            }
            eprintln!("onsets: {}: {e}", args.file.display());
            Ok(code)
        }
    }
}
