//! `onsets check`: judge a written Solution against a position.

use crate::input::{read_position_in, read_text, EditionArgs, STDIN};
use crate::{EXIT_CORRECT, EXIT_INCORRECT};
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets check examples/notation-example.json 'B ∪ R = R@Y; B ∪ R′'
  onsets check --json examples/ambiguity.json 'B ∪ G − R'
  onsets check --explain examples/ambiguity.json 'B ∪ G − R'
  onsets check examples/middle-restriction.json --solution-file solution.txt
  cat examples/basic-elementary.json | onsets check - 'B ∪ G'

Parts of a Solution are separated by newlines or `;`. Exit status: 0 correct,
1 incorrect (undefined notation included), 2 when the input cannot be read.")]
pub struct CheckArgs {
    /// The position as JSON (notation.md, "Positions"); `-` reads standard input
    #[arg(value_name = "POSITION")]
    pub position: PathBuf,

    /// The written Solution, e.g. 'B ∪ R' or 'B = R; B ∪ G'
    #[arg(
        value_name = "SOLUTION",
        required_unless_present = "solution_file",
        conflicts_with = "solution_file"
    )]
    pub solution: Option<String>,

    /// Read the Solution from FILE (it may span several lines); `-` reads
    /// standard input when the position is a file
    #[arg(long, short = 's', value_name = "FILE")]
    pub solution_file: Option<PathBuf>,

    /// Print the verdict as one JSON object
    #[arg(long)]
    pub json: bool,

    /// Explain the verdict: what each part of the Set-Name names, what each
    /// Restriction removes, which cube each symbol used, and why it fails
    /// (docs/notation.md, "Explanations")
    #[arg(long)]
    pub explain: bool,

    #[command(flatten)]
    pub rules: EditionArgs,
}

/// Runs the command; returns the exit status (0 correct, 1 incorrect).
pub fn run(args: &CheckArgs) -> Result<u8> {
    if args.position.as_os_str() == STDIN
        && args
            .solution_file
            .as_ref()
            .is_some_and(|f| f.as_os_str() == STDIN)
    {
        bail!("the position and the Solution cannot both be read from standard input (`-`)");
    }
    let position = read_position_in(
        &args.position,
        args.rules.edition.as_deref(),
        args.rules.form.as_deref(),
    )?;
    let solution = match (&args.solution, &args.solution_file) {
        (Some(s), _) => s.clone(),
        (None, Some(file)) => read_text(file, "Solution")?,
        (None, None) => bail!("no Solution given"),
    };
    // The budget of a Solution (docs/security/budgets.md): refused before any
    // work, exit 2.
    if let Err(e) = onsets_core::budget::admit_str(&solution, position.parse_options()) {
        bail!("{e}");
    }
    if args.explain {
        let e = onsets_core::explain(&position, &solution);
        if args.json {
            println!("{}", serde_json::to_value(&e)?);
        } else {
            // 1969 writes its fourth color as O (orange), as `onsets solve`.
            print!("{}", position.in_edition_colors(&e.to_string()));
        }
        return Ok(if e.correct {
            EXIT_CORRECT
        } else {
            EXIT_INCORRECT
        });
    }
    let verdict = onsets_core::check(&position, &solution);
    if args.json {
        println!("{}", verdict.to_json());
    } else {
        print!("{}", position.in_edition_colors(&verdict.to_string()));
    }
    Ok(if verdict.correct {
        EXIT_CORRECT
    } else {
        EXIT_INCORRECT
    })
}
