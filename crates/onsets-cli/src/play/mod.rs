//! `onsets play`: a whole match in the terminal against bots and hot-seat
//! humans (docs/play.md).
//!
//! [`app::App`] holds the state and handles keys and time, [`ui::render`]
//! draws it; [`screen::run`] is the one terminal loop, the 1969 game's
//! ([`manual1969`]) too; this module reads the arguments and picks the
//! edition's screen.

pub mod app;
pub mod manual1969;
pub mod narrate;
pub mod screen;
pub mod ui;
pub mod words;

#[cfg(test)]
mod tests;

use anyhow::{anyhow, Result};
use clap::Args;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Two or three seats: `me` (or any name) for a human, or a bot level
    /// (beginner, club, strong, expert); several humans play hot-seat
    #[arg(long, default_value = "me,expert")]
    players: String,
    /// elementary, middle, junior or senior
    #[arg(long, default_value = "senior")]
    division: String,
    /// Seed of the cubes, the cards and the bots
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Basic On-Sets (no variations) instead of Adventurous
    #[arg(long)]
    basic: bool,
    /// Length of the round in minutes (XI-B: 30), from 1 to 600
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
    round_minutes: u64,
    /// Bots think twenty times faster (for tests and the impatient); the
    /// cubes and cards of a seed stay the same
    #[arg(long)]
    fast: bool,
    /// No colors: letters only (also when NO_COLOR is set)
    #[arg(long)]
    no_color: bool,
    /// Write the match log (JSON lines, docs/engine.md) to FILE when the game
    /// ends (the file is created first: a path that cannot be written is
    /// refused before the match); `onsets replay FILE` re-runs it
    #[arg(long, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
    /// The rule edition: 2026-27 (default), 2019-20 (MLAG: with --basic,
    /// MLAG Basic 2019-20) or 1969 (Allen's manual: full screen in a
    /// terminal, line by line with --plain or from a script); docs/editions.md
    #[arg(long, default_value = "2026-27")]
    edition: String,
    /// The 1969 form: basic or advanced
    #[arg(long)]
    form: Option<String>,
    /// 1969: play line by line (typed commands) instead of full screen; the
    /// default when the input or the output is not a terminal
    #[arg(long)]
    plain: bool,
    /// 1969 full screen: how long the bots wait after a play for you to
    /// challenge it (3.6), in seconds (1 to 600; `p` pauses the game)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=600))]
    claim_seconds: Option<u64>,
}

impl PlayArgs {
    fn options(&self) -> Result<app::Options> {
        let players: Vec<String> = self
            .players
            .split(',')
            .map(|s| s.trim().to_string())
            .collect();
        let division = self.division.parse().map_err(|e: String| anyhow!(e))?;
        let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Ok(app::Options {
            players,
            division,
            seed: self.seed,
            basic: self.basic,
            edition: onsets_core::Edition::from_parts(&self.edition, None)
                .map_err(|e| anyhow!(e))?,
            round_minutes: self.round_minutes,
            speed: if self.fast { 20 } else { 1 },
            color: !(self.no_color || no_color_env),
        })
    }
}

/// Why `onsets play` cannot run here, if it cannot: it needs a terminal
/// for its keys and its screen.
fn no_terminal(stdin: bool, stdout: bool) -> Option<String> {
    let missing = match (stdin, stdout) {
        (true, true) => return None,
        (false, true) => "its input is not a terminal",
        (true, false) => "its output is not a terminal",
        (false, false) => "it is not run in a terminal",
    };
    Some(format!(
        "`onsets play` is a full-screen game and needs a terminal, but {missing}: \
         run it in a terminal window without redirecting it \
         (bot-only matches without a screen: `onsets simulate`)"
    ))
}

pub fn run(args: &PlayArgs) -> Result<u8> {
    use std::io::IsTerminal;
    let edition = onsets_core::Edition::from_parts(&args.edition, args.form.as_deref())
        .map_err(|e| anyhow!(e))?;
    if let onsets_core::Edition::Manual1969(form) = edition {
        // Seats: a bot level (expert plays carefully, the others carelessly) or a person's name.
        let words: Vec<String> = args
            .players
            .split(',')
            .map(|s| s.trim().to_string())
            .collect();
        let seats: Vec<Option<bool>> = words
            .iter()
            .map(|w| {
                w.parse::<onsets_bots::Level>()
                    .ok()
                    .map(|l| l == onsets_bots::Level::Expert)
            })
            .collect();
        let names: Vec<String> = words
            .iter()
            .zip(&seats)
            .enumerate()
            .map(|(i, (w, s))| match s {
                Some(true) => format!("Careful bot {}", i + 1),
                Some(false) => format!("Careless bot {}", i + 1),
                None => w.clone(),
            })
            .collect();
        // Full screen in a terminal; line by line when asked, or when the
        // input or the output is not a terminal (scripts, tests).
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        if args.plain || !terminal {
            return crate::play1969::run(form, &seats, &names, args.seed, args.log.as_deref());
        }
        let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let opts = manual1969::app::Options69 {
            players: words,
            form,
            seed: args.seed,
            speed: if args.fast { 20 } else { 1 },
            claim_ms: args
                .claim_seconds
                .map_or(manual1969::app::CHALLENGE_WINDOW_MS, |s| s * 1000),
            color: !(args.no_color || no_color_env),
        };
        return manual1969::run(opts, args.log.as_deref());
    }
    if args.claim_seconds.is_some() {
        return Err(anyhow!(
            "--claim-seconds is the 1969 game's challenge window (`--edition 1969`); in the {} game a challenge may be made at any time (V-A)",
            edition
        ));
    }
    if args.plain {
        return Err(anyhow!(
            "--plain is the 1969 game's line-by-line mode (`--edition 1969 --plain`); the {} game is full screen only",
            edition
        ));
    }
    let mut app = app::App::new(args.options()?).map_err(|e| anyhow!(e))?;
    screen::run(&mut app, args.log.as_deref(), || {
        no_terminal(
            std::io::stdin().is_terminal(),
            std::io::stdout().is_terminal(),
        )
    })
}
