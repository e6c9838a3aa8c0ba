//! `onsets judge`: the judge's assistant. A position (typed, or
//! the match after a log) and a disputed Solution, challenge or act; the
//! ruling comes from the checker, the solver or the engine
//! (`onsets_review::judge`), with the rule sections and the matching
//! situations of the judges' manual.

use crate::input::{read_position_in, read_text, EditionArgs};
use crate::{emit, EXIT_CORRECT, EXIT_INCORRECT, EXIT_UNREADABLE};
use anyhow::{bail, Result};
use clap::{ArgGroup, Args, ValueEnum};
use onsets_review::judge::{rule, ChallengeName, Dispute, Source};
use std::path::PathBuf;

/// The challenges: `now`, `impossible`, `no-goal` (2026-27 and 2019-20,
/// V-A, III-D-2); the 1969 claims `a`, `p`, `c-from-a`, `c-from-p`,
/// `no-goal` (M69 3.5).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ChallengeArg {
    Now,
    Impossible,
    NoGoal,
    /// 1969: the A-claim violated (M69 3.5 A)
    A,
    /// 1969: the P-claim violated (M69 3.5 P)
    P,
    /// 1969: the C-claim, stemming from an A-claim violation (M69 3.5 C)
    CFromA,
    /// 1969: the C-claim, stemming from a P-claim violation (M69 3.5 C)
    CFromP,
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
  onsets judge --position p69.json --challenge p
  onsets judge --log game1969.jsonl --challenge a --player 1
  onsets judge --log game1969.jsonl --act '{\"type\": \"join\", \"player\": 2, \"side\": \"mover\"}'

A Solution is judged by the checker, the claim of a challenge by the solver, and a
challenge by a player or any act (log notation, docs/engine.md) by the engine applied
to the match after the log: its events and each player's total before and after.
A position or log of edition 2019-20 is ruled by that edition's checker, solver and
engine. There is no Now or Impossible challenge in 1969: on a 1969 position or game log
(onsets-1969/1) challenge with a claim, a, p, c-from-a, c-from-p or no-goal (M69 3.5); an
A-claim on a typed position is decided only as far as the mat allows (\"decided\": false);
a game log decides it from the mat before the play. Acts of a 1969 log are Act1969.
Exit status: 0 upheld (the Solution correct, the challenge right, the act allowed);
1 not upheld (or undecided); 2 the input cannot be read.")]
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

    /// The disputed challenge: now, impossible, no-goal; in 1969 a claim: a, p, c-from-a, c-from-p, no-goal
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

    #[command(flatten)]
    pub rules: EditionArgs,
}

/// Runs the command; returns the exit status.
pub fn run(args: &JudgeArgs) -> Result<u8> {
    let source = match (&args.position, &args.log) {
        (Some(p), _) => Source::Position(read_position_in(
            p,
            args.rules.edition.as_deref(),
            args.rules.form.as_deref(),
        )?),
        (None, Some(_)) if args.rules.edition.is_some() => {
            bail!("--edition goes with --position; a log's header gives its own edition")
        }
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
                ChallengeArg::Now => ChallengeName::Now,
                ChallengeArg::Impossible => ChallengeName::Impossible,
                ChallengeArg::NoGoal => ChallengeName::NoGoal,
                ChallengeArg::A => ChallengeName::A,
                ChallengeArg::P => ChallengeName::P,
                ChallengeArg::CFromA => ChallengeName::CFromA,
                ChallengeArg::CFromP => ChallengeName::CFromP,
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
    let first = rule(&source, &dispute);
    // A finished log: the match is over, so nothing can be disputed after
    // its end; judge its last disputed moment, the log as it stood just
    // before its last challenge (docs/review.md, "The judge's assistant").
    let (ruled, cut) = match (&first, &source) {
        (Ok(r), Source::Log(log)) if over(r) => match last_disputed_moment(log) {
            Some((line, before)) => (rule(&Source::Log(before), &dispute), Some(line)),
            None => (first, None),
        },
        _ => (first, None),
    };
    let names = match &source {
        Source::Log(log) => player_names(log),
        Source::Position(_) => Vec::new(),
    };
    match ruled {
        Ok(r) => {
            if args.json {
                let mut v = serde_json::to_value(&r)?;
                if let (Some(line), Some(o)) = (cut, v.as_object_mut()) {
                    o.insert("judged_before_line".into(), line.into());
                }
                emit(&format!("{v}\n"));
            } else {
                let mut text = String::new();
                match cut {
                    Some(line) => text.push_str(&format!(
                        "The match in the log is over; judged at its last disputed moment, before the challenge on line {line} (the log's first {} lines).\n",
                        line - 1
                    )),
                    None if over(&r) => text.push_str(
                        "The match in the log is over and the log has no challenge to judge again: give the log up to the disputed moment, e.g. `head -n 40 match.jsonl | onsets judge --log - …`.\n",
                    ),
                    None => {}
                }
                text.push_str(&totals_in_words(&r.to_string(), &r, &names));
                emit(&text);
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

/// Whether the engine refused the dispute because the match is over (XII).
fn over(r: &onsets_review::judge::Ruling) -> bool {
    r.to_string().contains("the match is over")
}

/// The last challenge of a log: its 1-based line and the log before it.
fn last_disputed_moment(log: &str) -> Option<(usize, String)> {
    let lines: Vec<&str> = log.lines().collect();
    (1..lines.len()).rev().find_map(|i| {
        let v: serde_json::Value = serde_json::from_str(lines[i]).ok()?;
        (v["type"] == "challenge").then(|| (i + 1, lines[..i].join("\n") + "\n"))
    })
}

/// The players' names from a log's header (`players`), if it has them.
fn player_names(log: &str) -> Vec<String> {
    log.lines()
        .next()
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .and_then(|h| {
            h["players"].as_array().map(|a| {
                a.iter()
                    .map(|p| p.as_str().unwrap_or_default().to_string())
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// The ruling's text with its totals line written with the players' names:
/// `Totals: Ann 40, Bob 22 (unchanged)` or `Totals: Ann 40 before, 46 after; …`.
fn totals_in_words(text: &str, r: &onsets_review::judge::Ruling, names: &[String]) -> String {
    let (Some(b), Some(a)) = (&r.totals_before, &r.totals_after) else {
        return text.to_string();
    };
    let name = |i: usize| match names.get(i) {
        Some(n) if !n.is_empty() => format!("{n} (player {i})"),
        _ => format!("player {i}"),
    };
    let line = if a == b {
        format!(
            "Totals: {} (unchanged)",
            b.iter()
                .enumerate()
                .map(|(i, t)| format!("{} {t}", name(i)))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!(
            "Totals: {}",
            b.iter()
                .zip(a)
                .enumerate()
                .map(|(i, (x, y))| if x == y {
                    format!("{} {x} (unchanged)", name(i))
                } else {
                    format!("{} {x} before, {y} after", name(i))
                })
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    text.lines()
        .map(|l| {
            if l.starts_with("Totals, seat by seat:") {
                line.clone()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}
