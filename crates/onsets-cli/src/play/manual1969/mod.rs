//! `onsets play --edition 1969`, full screen: a 1969 game (Allen's manual,
//! M69 §§2–3) against bots and hot-seat people, drawn with ratatui like the
//! 2026-27 game (docs/play.md). [`app::App69`] holds the state and handles
//! keys and time, [`ui::render`] draws it; the terminal loop is the one of
//! every edition ([`super::screen`]). Without a terminal, or with
//! `--plain`, `crate::play1969` plays the same game line by line.

pub mod alternative;
pub mod app;
pub mod narrate;
pub mod ui;

#[cfg(test)]
mod tests;

use anyhow::{anyhow, Result};

/// Plays a 1969 game full screen through the one driver
/// ([`super::screen::run`]); writes the log (JSON lines of
/// [`onsets_engine::manual1969::Game::log_lines`]) to `log` at the end,
/// whatever ended the game.
pub fn run(opts: app::Options69, log: Option<&std::path::Path>) -> Result<u8> {
    let mut app = app::App69::new(opts).map_err(|e| anyhow!(e))?;
    super::screen::run(&mut app, log, || None)
}
