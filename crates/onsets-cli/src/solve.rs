//! `onsets solve`: decide whether a position has a correct Solution and print
//! one (notation.md, "Command line").

use crate::emit;
use crate::input::read_position;
use crate::{EXIT_CORRECT, EXIT_INCORRECT};
use anyhow::{bail, Result};
use clap::Args;
use onsets_solver::analysis::solution_sets;
use onsets_solver::{solve, solve_shortest};
use serde_json::json;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets solve examples/notation-example.json
  onsets solve --json --shortest examples/middle-restriction.json
  onsets solve --all examples/basic-elementary.json

The search is exact: \"no correct Solution exists\" is a proof by exhaustion
in the position's situation (now: at most one Resources cube; impossible and
end-of-round: any Resources cubes; forceout: none).

With --all, every distinct set of cards named by a correct Solution is listed
with an example Solution. It is exact too: a search over the cards of the
Universe that asks the solver, card by card, whether a correct Solution exists
whose set contains (or leaves out) each card decided so far. It is not
available with Blank Card Wild or Two Solutions in force (exit 2).

--json prints {\"solvable\": bool, \"solution\": str|null}; with --all it adds
\"sets\": [{\"cards\": str, \"example\": str}] and \"truncated\": bool.

Exit status: 0 when a correct Solution exists, 1 when none exists, 2 when the
position or the arguments cannot be read (or --all is not available).")]
pub struct SolveArgs {
    /// The position as JSON (notation.md, "Positions"); `-` reads standard input
    #[arg(value_name = "POSITION")]
    pub position: PathBuf,

    /// Print one JSON object
    #[arg(long)]
    pub json: bool,

    /// List every distinct set of cards named by correct Solutions, each with
    /// an example Solution
    #[arg(long)]
    pub all: bool,

    /// With --all, stop after this many sets (the listing says it stopped)
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "all")]
    pub max_sets: usize,

    /// Print a Solution with as few cubes as any correct Solution
    #[arg(long)]
    pub shortest: bool,
}

/// Runs the command; returns the exit status (0 solvable, 1 not).
pub fn run(args: &SolveArgs) -> Result<u8> {
    let position = read_position(&args.position)?;
    let solved = if args.shortest {
        solve_shortest(&position)
    } else {
        solve(&position)
    };
    let text = solved.text();
    let sets = if args.all {
        match solution_sets(&position, args.max_sets) {
            Ok(s) => Some(s),
            Err(e) => bail!("--all: {e}"),
        }
    } else {
        None
    };
    let mut o = String::new();
    if args.json {
        let mut out = json!({ "solvable": text.is_some(), "solution": text });
        if let Some((sets, truncated)) = &sets {
            out["sets"] = sets
                .iter()
                .map(|s| json!({ "cards": s.cards.to_string(), "example": s.example }))
                .collect();
            out["truncated"] = json!(truncated);
        }
        let _ = writeln!(o, "{out}");
    } else {
        match &text {
            Some(t) => {
                let _ = writeln!(o, "Solution: {t}");
            }
            None => {
                let _ = writeln!(
                    o,
                    "no correct Solution exists (situation {}; proved by exhaustion)",
                    position.situation
                );
            }
        }
        if let Some((sets, truncated)) = &sets {
            if !sets.is_empty() {
                let _ = writeln!(
                    o,
                    "{}{} distinct set(s) of cards named by correct Solutions:",
                    if *truncated { "the first " } else { "" },
                    sets.len()
                );
                let width = sets
                    .iter()
                    .map(|s| s.cards.to_string().chars().count())
                    .max()
                    .unwrap_or(0);
                for s in sets {
                    let cards = s.cards.to_string();
                    let pad = width - cards.chars().count();
                    let _ = writeln!(o, "  {{{cards}}}{:pad$}  e.g. {}", "", s.example);
                }
                if *truncated {
                    let _ = writeln!(o, "  ... stopped at --max-sets {}", args.max_sets);
                }
            }
        }
    }
    emit(&o);
    Ok(if text.is_some() {
        EXIT_CORRECT
    } else {
        EXIT_INCORRECT
    })
}
