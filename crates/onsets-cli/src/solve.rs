//! `onsets solve`: decide whether a position has a correct Solution and print
//! one (notation.md, "Command line").

use crate::emit;
use crate::input::{read_position_in, EditionArgs, STDIN};
use crate::{EXIT_CORRECT, EXIT_INCORRECT};
use anyhow::{bail, Context, Result};
use clap::Args;
use onsets_core::Position;
use onsets_solver::analysis::{solution_sets, SolutionSet};
use onsets_solver::batch::{parse_line, solve_timed, Options};
use onsets_solver::{solve, solve_shortest};
use serde_json::json;
use std::fmt::Write as _;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets solve examples/notation-example.json
  onsets solve --json --shortest examples/middle-restriction.json
  onsets solve --all examples/basic-elementary.json
  onsets solve --jsonl crates/onsets-solver/corpus/senior.jsonl
  cat positions.jsonl | onsets solve --jsonl - --shortest --jobs 1

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

--jsonl FILE (or - for standard input) solves one position per line (blank
lines are skipped; a \"solvable\" field, the expected answer the corpus files
carry, is ignored) and prints one JSON object per line, in order:
{\"line\": n, \"solvable\": bool, \"solution\": str|null, \"micros\": int}
(n the line number in the input, micros the solver time of that position in
this process), with \"sets\" and \"truncated\" added under --all. Positions
are solved on every core (--jobs to choose); the answers are the same as one
by one.

Exit status: 0 when a correct Solution exists, 1 when none exists, 2 when the
position or the arguments cannot be read (or --all is not available).
With --jsonl: 0 when every line was answered; 2 for a line that cannot be
read (or --all is not available for it), after printing the lines before it,
with its line number on standard error.")]
pub struct SolveArgs {
    /// The position as JSON (notation.md, "Positions"); `-` reads standard input
    #[arg(
        value_name = "POSITION",
        required_unless_present = "jsonl",
        conflicts_with = "jsonl"
    )]
    pub position: Option<PathBuf>,

    /// Solve every line of a JSON-lines file (`-`: standard input), one
    /// answer per line
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    pub jsonl: Option<PathBuf>,

    /// With --jsonl, the number of threads (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

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

    #[command(flatten)]
    pub rules: EditionArgs,
}

/// Runs the command; returns the exit status (0 solvable, 1 not).
pub fn run(args: &SolveArgs) -> Result<u8> {
    if let Some(path) = &args.jsonl {
        if args.rules.edition.is_some() {
            bail!("--edition goes with a POSITION file; each --jsonl line gives its own `edition`");
        }
        return run_batch(args, path);
    }
    if args.jobs.is_some() {
        bail!("--jobs goes with --jsonl");
    }
    let Some(path) = &args.position else {
        bail!("a POSITION file or --jsonl FILE is needed");
    };
    let position = read_position_in(
        path,
        args.rules.edition.as_deref(),
        args.rules.form.as_deref(),
    )?;
    let solved = if args.shortest {
        solve_shortest(&position)
    } else {
        solve(&position)
    };
    // 1969 writes its fourth color as O (orange).
    let text = solved.text().map(|t| position.in_edition_colors(&t));
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
                    position.situation()
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

/// Lines solved together (on every core) before their answers are printed.
const CHUNK: usize = 64;

/// `onsets solve --jsonl FILE`: one answer per line, in order.
fn run_batch(args: &SolveArgs, path: &Path) -> Result<u8> {
    let reader: Box<dyn BufRead> = if path.as_os_str() == STDIN {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(path)
            .with_context(|| format!("cannot read the positions file `{}`", path.display()))?;
        Box::new(std::io::BufReader::new(f))
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.map_or(0, usize::from))
        .build()
        .context("cannot start the solver threads")?;
    let mut chunk: Vec<(usize, Position)> = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let n = i + 1;
        let text = match line {
            Ok(t) => t,
            Err(e) => {
                answer_chunk(args, &pool, &mut chunk)?;
                bail!("line {n}: cannot be read: {e}");
            }
        };
        let text = if n == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(&text)
        } else {
            &text
        };
        if text.trim().is_empty() {
            continue;
        }
        match parse_line(text) {
            Ok(l) => chunk.push((n, l.position)),
            Err(e) => {
                answer_chunk(args, &pool, &mut chunk)?;
                bail!("line {n}: invalid position: {e}");
            }
        }
        if chunk.len() >= CHUNK {
            answer_chunk(args, &pool, &mut chunk)?;
        }
    }
    answer_chunk(args, &pool, &mut chunk)?;
    Ok(EXIT_CORRECT)
}

/// Solves the lines of `chunk` in parallel and prints their answers in order;
/// `Err` (with the line number) for the first line --all cannot list, after
/// printing the lines before it.
fn answer_chunk(
    args: &SolveArgs,
    pool: &rayon::ThreadPool,
    chunk: &mut Vec<(usize, Position)>,
) -> Result<()> {
    use rayon::prelude::*;
    let options = Options {
        shortest: args.shortest,
    };
    let answers: Vec<(usize, Result<String, String>)> = pool.install(|| {
        chunk
            .par_iter()
            .map(|(n, p)| (*n, answer_line(*n, p, options, args)))
            .collect()
    });
    chunk.clear();
    let mut out = String::new();
    for (n, a) in answers {
        match a {
            Ok(line) => {
                out.push_str(&line);
                out.push('\n');
            }
            Err(e) => {
                emit(&out);
                bail!("line {n}: --all: {e}");
            }
        }
    }
    emit(&out);
    Ok(())
}

/// One output line: `{"line": n, "solvable": bool, "solution": str|null,
/// "micros": int}` (keys in this order), with `sets` and `truncated` under
/// --all.
fn answer_line(
    n: usize,
    p: &Position,
    options: Options,
    args: &SolveArgs,
) -> Result<String, String> {
    let start = Instant::now();
    let a = solve_timed(p, options);
    let sets: Option<(Vec<SolutionSet>, bool)> = if args.all {
        Some(solution_sets(p, args.max_sets).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let micros = if args.all { start.elapsed() } else { a.time }.as_micros();
    let text = a.solved.text();
    let mut line = format!(
        "{{\"line\":{n},\"solvable\":{},\"solution\":{},\"micros\":{micros}",
        text.is_some(),
        json!(text)
    );
    if let Some((sets, truncated)) = sets {
        let list: Vec<serde_json::Value> = sets
            .iter()
            .map(|s| json!({ "cards": s.cards.to_string(), "example": s.example }))
            .collect();
        let _ = write!(line, ",\"sets\":{},\"truncated\":{truncated}", json!(list));
    }
    line.push('}');
    Ok(line)
}
