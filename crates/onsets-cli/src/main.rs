//! The `onsets` command line.
//!
//! Subcommands:
//! - `onsets check POSITION SOLUTION` judges a written Solution against a
//!   position (notation.md, "Command line").
//! - `onsets solve POSITION [--json] [--all] [--shortest]` prints a correct
//!   Solution or states that none exists (notation.md, "Command line").
//! - `onsets analyze POSITION [--json] [--goals] [--no-bonus]` classifies
//!   every next move, or lists the Goals that could be set (README.md, "Commands").
//! - `onsets simulate [--players expert,club,beginner] [--shakes N] [--json]
//!   [--plot FILE.svg] [--log-dir DIR]` plays bot-only matches (docs/bots.md);
//!   `--log-dir` writes each match's log for `replay` and `review`.
//! - `onsets serve [--port N] [--database URL]` runs the game server
//!   (docs/protocol.md).
//! - `onsets replay FILE [--json]` re-runs a match log and prints the
//!   scoresheet; exit 1 when an action breaks the rules (docs/engine.md).
//! - `onsets review FILE [--json]` reviews a match log move by move
//!   (docs/review.md).
//!
//! Exit status: `check` 0 when the Solution is correct, 1 when it is
//! incorrect (undefined notation in a Solution is a verdict, not an input
//! error); `solve` 0 when a correct Solution exists, 1 when none exists;
//! `analyze` 0; all: 2 when the position or the arguments cannot be read
//! (clap's usage errors too). With `--json`, `check`, `solve` and `analyze`
//! then print `{"ok": false, "message": …}` on standard output (with `field`,
//! and `column` when known, for a wrong field of the position), as `replay
//! --json` does; the message is on standard error too.

mod analyze;
mod check;
mod input;
mod judge;
mod lesson;
mod loadtest;
mod loadtest_race;
mod manual;
mod map;
mod play;
mod play1969;
mod puzzle;
mod replay;
mod review;
mod serve;
mod simulate;
mod simulate1969;
mod solve;
mod solve_log;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit status for a correct Solution.
pub const EXIT_CORRECT: u8 = 0;
/// Exit status for an incorrect Solution.
pub const EXIT_INCORRECT: u8 = 1;
/// Exit status when the position or the arguments cannot be read.
pub const EXIT_UNREADABLE: u8 = 2;

/// On-Sets, the game of set theory: check Solutions against positions, solve
/// and analyze positions.
#[derive(Debug, Parser)]
#[command(name = "onsets", version)]
#[command(after_help = "\
Exit status: check: 0 correct, 1 incorrect; solve: 0 a correct Solution exists, 1 none exists;
analyze: 0; all: 2 when the position or the arguments cannot be read (with --json, check,
solve and analyze then print {\"ok\": false, \"message\": ...} on stdout).
Notation and position format: docs/notation.md; example positions: examples/.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge a written Solution against a position (rules VII-B)
    Check(check::CheckArgs),
    /// Print a correct Solution of a position, or state that none exists
    Solve(solve::SolveArgs),
    /// Classify every next move (Now / Impossible / safe), or with --goals
    /// list the Goals that could be set
    Analyze(analyze::AnalyzeArgs),
    /// Play bot-only matches and print statistics (docs/bots.md)
    Simulate(simulate::SimulateArgs),
    /// Play a match in the terminal against bots (docs/play.md)
    Play(play::PlayArgs),
    /// Re-run a match log (JSON lines) and print the scoresheet (docs/engine.md)
    Replay(replay::ReplayArgs),
    /// Review a match log move by move: flubs, missed challenges, accuracy (docs/review.md)
    Review(review::ReviewArgs),
    /// The judge's assistant: rule on a disputed Solution, challenge or act, with rule sections and judges'-manual situations
    Judge(judge::JudgeArgs),
    /// Run the game server: play in the browser at http://127.0.0.1:8080/ (docs/protocol.md)
    Serve(serve::ServeArgs),
    /// Load the game server with tables of scripted players over WebSocket
    /// and report actions per second and latency (docs/performance.md)
    Loadtest(loadtest::LoadtestArgs),
    /// Puzzles proved by the solver: generate them, or print a sheet (docs/puzzles.md)
    Puzzle(puzzle::PuzzleArgs),
    /// The 1969 manual's introductory games, solitaire games and puzzles (docs/manual-1969.md)
    Manual(manual::ManualArgs),
    /// Lessons: the seven Basic rules, Restrictions and each variation, step by step (docs/lessons.md)
    Lesson(lesson::LessonArgs),
    /// The card map of a Solution or Set-Name, one 4×4 map per step (docs/cli.md)
    Map(map::MapArgs),
}

/// Writes a command's output to standard output; a closed pipe (`| head`) is
/// not an error.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// The JSON object printed on standard output when `check`, `solve` or
/// `analyze --json` cannot read its input: `{"ok": false, "message": …}`,
/// with `field` (and `column`) when a field of the position is wrong.
fn json_error(e: &anyhow::Error) -> serde_json::Value {
    let mut v = serde_json::json!({ "ok": false, "message": format!("{e:#}") });
    // With several wrong fields, the first names `field` (the message
    // lists them all).
    if let Some(pe) = e
        .downcast_ref::<onsets_core::PositionError>()
        .and_then(|pe| pe.problems().first().copied())
    {
        match pe {
            onsets_core::PositionError::Field { field, error } => {
                v["field"] = field.clone().into();
                if let Some(c) = error.column {
                    v["column"] = c.into();
                }
            }
            onsets_core::PositionError::Invalid { field, .. } => v["field"] = field.clone().into(),
            _ => {}
        }
    }
    v
}

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for --help / --version.
    let cli = Cli::parse();
    if let Err(e) = solve_log::install() {
        eprintln!("onsets: {e:#}");
        return ExitCode::from(EXIT_UNREADABLE);
    }
    // With --json, an input that cannot be read is reported on standard
    // output too, as one JSON object (as `replay --json` does).
    let json = match &cli.command {
        Command::Check(a) => a.json,
        Command::Solve(a) => a.json,
        Command::Analyze(a) => a.json,
        Command::Judge(a) => a.json,
        _ => false,
    };
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Puzzle(args) => puzzle::run(&args),
        Command::Manual(args) => manual::run(&args),
        Command::Lesson(args) => lesson::run(&args),
        Command::Map(args) => map::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            if json {
                emit(&format!("{}\n", json_error(&e)));
            }
            eprintln!("onsets: {e:#}");
            ExitCode::from(EXIT_UNREADABLE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
