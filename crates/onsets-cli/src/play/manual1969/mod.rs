//! `onsets play --edition 1969`, full screen: a 1969 game (Allen's manual,
//! M69 §§2–3) against bots and hot-seat people, drawn with ratatui like the
//! 2026-27 game (docs/play.md). [`app::App69`] holds the state and handles
//! keys and time, [`ui::render`] draws it; this module runs the terminal
//! loop. Without a terminal, or with `--plain`, `crate::play1969` plays the
//! same game line by line.

pub mod alternative;
pub mod app;
pub mod narrate;
pub mod ui;

#[cfg(test)]
mod tests;

use anyhow::{anyhow, Result};
use crossterm::event::{self, Event as TermEvent, KeyEventKind};
use std::io::Write;
use std::time::{Duration, Instant};

/// Plays a 1969 game full screen; writes the log (JSON lines of
/// [`onsets_engine::manual1969::Game::log_lines`]) to `log` at the end,
/// whatever ended the game.
pub fn run(opts: app::Options69, log: Option<&std::path::Path>) -> Result<u8> {
    let mut app = app::App69::new(opts).map_err(|e| anyhow!(e))?;
    // The log file is created before the game: a path that cannot be
    // written is reported now, not after it.
    let mut file = match log {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| anyhow!("cannot write the game log {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return Err(anyhow!("cannot set up the terminal for `onsets play`: {e}"));
        }
    };
    let result = event_loop(&mut app, &mut terminal);
    ratatui::restore();
    if let (Some(file), Some(path)) = (&mut file, log) {
        let mut text = app.g.log_lines().join("\n");
        text.push('\n');
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| anyhow!("cannot write the game log {}: {e}", path.display()))?;
    }
    result?;
    Ok(0)
}

fn event_loop(app: &mut app::App69, terminal: &mut ratatui::DefaultTerminal) -> Result<()> {
    let start = Instant::now();
    while !app.quit {
        app.tick(start.elapsed().as_millis() as u64);
        terminal.draw(|f| ui::render(app, f))?;
        if event::poll(Duration::from_millis(100))? {
            if let TermEvent::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press {
                    app.handle_key(k);
                }
            }
        }
    }
    Ok(())
}
