//! The `onsets` command line.
//!
//! Subcommands:
//! - `onsets check POSITION SOLUTION` judges a written Solution against a
//!   position (notation.md, "Command line").
//!
//! `solve` (issue 3) will be added beside `check` as another variant of
//! [`Command`] with its own module, once `onsets-solver` can answer it.
//!
//! Exit status: 0 when the Solution is correct, 1 when it is incorrect
//! (undefined notation in a Solution is a verdict, not an input error), 2 when
//! the position or the arguments cannot be read (clap's usage errors too).

mod check;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit status for a correct Solution.
pub const EXIT_CORRECT: u8 = 0;
/// Exit status for an incorrect Solution.
pub const EXIT_INCORRECT: u8 = 1;
/// Exit status when the position or the arguments cannot be read.
pub const EXIT_UNREADABLE: u8 = 2;

/// On-Sets, the game of set theory: check Solutions against positions.
#[derive(Debug, Parser)]
#[command(name = "onsets", version)]
#[command(after_help = "\
Exit status: 0 correct, 1 incorrect, 2 when the position or the arguments cannot be read.
Notation and position format: docs/notation.md; example positions: examples/.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge a written Solution against a position (rules VII-B)
    Check(check::CheckArgs),
    // `Solve(solve::SolveArgs)` goes here (issue 3): `onsets solve POSITION
    // [--json] [--all] [--shortest]`.
}

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for --help / --version.
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
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
