//! `onsets review`: the post-game review of a game log of any edition
//! (docs/review.md), one report ([`onsets_review::Review`]): a match's every
//! move judged by the solver's Now and Impossible challenges (V-A), a 1969
//! game's every play by the Flub claims of M69 3.5 (the log's header tells
//! the two apart).

use crate::{emit, EXIT_INCORRECT, EXIT_UNREADABLE};
use anyhow::{Context, Result};
use clap::Args;
use onsets_review::ReviewError;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets review match.jsonl
  onsets review --json match.jsonl

For every move: the position after it, whether a Now or an Impossible challenge would
have been correct right then, its class (safe, or the Flub it was) and a better move;
every missed and every incorrect challenge; each Goal against every Goal the digits
allowed; per player accuracy, flubs and missed chances (docs/review.md).
A 1969 game log (onsets-1969/1) is told by its header and judged by the Flub claims
of M69 3.5 (A, P, C and \"No Goal\"), with the alternative an A-claim Challenger could
show, the assertions and the game's score sheet (docs/review.md, \"1969 games\").
Exit status: 0 reviewed; 1 an action breaks the rules; 2 the file cannot be read.")]
pub struct ReviewArgs {
    /// The match log (JSON lines, docs/engine.md); `-` reads standard input
    #[arg(value_name = "MATCH.jsonl")]
    pub file: PathBuf,

    /// Print the review as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Runs the command; returns the exit status.
pub fn run(args: &ReviewArgs) -> Result<u8> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?
    };
    match onsets_review::review(&text) {
        Ok(r) => {
            if args.json {
                emit(&format!("{}\n", r.to_json()));
            } else {
                emit(&r.to_string());
            }
            Ok(0)
        }
        Err(e) => {
            let (code, line) = match &e {
                ReviewError::Rejected { line, .. } => (EXIT_INCORRECT, *line),
                ReviewError::Unreadable { line, .. } => (EXIT_UNREADABLE, *line),
            };
            if args.json {
                let v = serde_json::json!({ "ok": false, "line": line, "message": e.to_string() });
                emit(&format!("{v}\n"));
            }
            eprintln!("onsets: {}: {e}", args.file.display());
            Ok(code)
        }
    }
}
