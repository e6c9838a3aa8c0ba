//! `onsets judge`: the judge's assistant (issue 16). A position (typed, or
//! the match after a log) and a disputed Solution, challenge or act; the
//! ruling comes from the checker, the solver or the engine
//! (`onsets_review::judge`), with the rule sections and the matching
//! situations of the judges' manual.

use crate::input::{read_position, read_text};
use crate::{emit, EXIT_CORRECT, EXIT_INCORRECT, EXIT_UNREADABLE};
use anyhow::{bail, Result};
use clap::{ArgGroup, Args, ValueEnum};
use onsets_engine::ChallengeKind;
use onsets_review::judge::{rule, Dispute, Source};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ChallengeArg {
    Now,
    Impossible,
    NoGoal,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").required(true).args(["position", "log"])))]
#[command(group(ArgGroup::new("dispute").required(true).args(["solution", "challenge", "act"])))]
#[command(after_help = "\
Examples:
  onsets judge --position examples/ambiguity.json --solution 'B ∪ G − R'
  onsets judge --position examples/analysis-in-play.json --challenge impossible
  onsets judge --log match.jsonl --challenge now --player 1
  onsets judge --log match.jsonl --act '{\"type\": \"charge_illegal_procedure\", \"player\": 0}'
  curl -s http://127.0.0.1:8080/api/tables/ID/log | onsets judge --log - --challenge now --player 2

A Solution is judged by the checker, the claim of a challenge by the solver, and a
challenge by a player or any act (log notation, docs/engine.md) by the engine applied
to the match after the log: its events and each player's total before and after.
Exit status: 0 upheld (the Solution correct, the challenge right, the act allowed);
1 not upheld; 2 the input cannot be read.")]
pub struct JudgeArgs {
    /// The position as JSON (notation.md, \"Positions\"); `-` reads standard input
    #[arg(long, value_name = "POSITION")]
    pub position: Option<PathBuf>,

    /// A match log (JSON lines); the position is the match after it; `-` reads standard input
    #[arg(long, value_name = "MATCH.jsonl")]
    pub log: Option<PathBuf>,

    /// The disputed Solution
    #[arg(long, value_name = "SOLUTION")]
    pub solution: Option<String>,

    /// The disputed challenge
    #[arg(long, value_enum)]
    pub challenge: Option<ChallengeArg>,

    /// The challenging player (0-based seat; with --log, the engine applies the challenge)
    #[arg(long, requires = "challenge")]
    pub player: Option<usize>,

    /// An act or a JSON list of acts in the log notation, applied by the engine (needs --log)
    #[arg(long, value_name = "JSON", requires = "log")]
    pub act: Option<String>,

    /// Print the ruling as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Runs the command; returns the exit status.
pub fn run(args: &JudgeArgs) -> Result<u8> {
    let source = match (&args.position, &args.log) {
        (Some(p), _) => Source::Position(read_position(p)?),
        (None, Some(l)) => Source::Log(read_text(l, "log")?),
        (None, None) => bail!("give --position or --log"),
    };
    let dispute = if let Some(s) = &args.solution {
        Dispute::Solution {
            solution: s.clone(),
        }
    } else if let Some(c) = args.challenge {
        Dispute::Challenge {
            challenge: match c {
                ChallengeArg::Now => ChallengeKind::Now,
                ChallengeArg::Impossible => ChallengeKind::Impossible,
                ChallengeArg::NoGoal => ChallengeKind::NoGoal,
            },
            player: args.player,
        }
    } else if let Some(a) = &args.act {
        let act: serde_json::Value = match serde_json::from_str(a) {
            Ok(v) => v,
            Err(e) => bail!("--act: not JSON: {e}"),
        };
        Dispute::Act { act }
    } else {
        bail!("give --solution, --challenge or --act");
    };
    match rule(&source, &dispute) {
        Ok(r) => {
            if args.json {
                emit(&format!("{}\n", serde_json::to_value(&r)?));
            } else {
                emit(&r.to_string());
            }
            Ok(if r.upheld {
                EXIT_CORRECT
            } else {
                EXIT_INCORRECT
            })
        }
        Err(e) => {
            if args.json {
                let v = serde_json::json!({ "ok": false, "field": e.field, "message": e.message });
                emit(&format!("{v}\n"));
            }
            eprintln!("onsets: {e}");
            Ok(EXIT_UNREADABLE)
        }
    }
}
