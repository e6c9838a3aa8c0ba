//! The one terminal driver of `onsets play` (docs/play.md): every edition's
//! full-screen game is a [`Screen`] — its state, its keys, its time and its
//! drawing — and [`run`] is the loop they share: the log file created before
//! the game (a path that cannot be written is refused first), the terminal
//! set up and restored, ticks of the clock, draws, keys, and the log written
//! whatever ended the game (q, the end, an error). The 2026-27 and 2019-20
//! matches ([`super::app::App`]) and the 1969 game
//! ([`super::manual1969::app::App69`]) differ only in what they inject here.

use anyhow::{anyhow, Result};
use crossterm::event::{self, Event as TermEvent, KeyEvent, KeyEventKind};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// One edition's full-screen game, as the driver runs it.
pub trait Screen {
    /// What its log records, for messages: `match` or `game`.
    const LOG_OF: &'static str;
    /// Time passes: `now_ms` since the game began (bots, clocks, windows).
    fn tick(&mut self, now_ms: u64);
    /// Draws the whole screen.
    fn draw(&self, frame: &mut ratatui::Frame);
    /// A key pressed.
    fn key(&mut self, key: KeyEvent);
    /// The player asked to quit, or the game is over and dismissed.
    fn quit(&self) -> bool;
    /// The log as written to `--log` (JSON lines, each ending in a newline).
    fn log_text(&self) -> String;
}

/// Plays `screen` full screen; `ready` is asked after the log file is
/// created and before the terminal is set up (why the game cannot run here,
/// if it cannot: the file is then removed). Writes the log to `log` at the
/// end, whatever ended the game.
pub fn run<S: Screen>(
    screen: &mut S,
    log: Option<&Path>,
    ready: impl FnOnce() -> Option<String>,
) -> Result<u8> {
    let of = S::LOG_OF;
    let mut file = match log {
        Some(path) => Some((
            std::fs::File::create(path)
                .map_err(|e| anyhow!("cannot write the {of} log {}: {e}", path.display()))?,
            path,
        )),
        None => None,
    };
    if let Some(why) = ready() {
        if let Some((_, path)) = &file {
            let _ = std::fs::remove_file(path);
        }
        return Err(anyhow!(why));
    }
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return Err(anyhow!("cannot set up the terminal for `onsets play`: {e}"));
        }
    };
    let result = event_loop(screen, &mut terminal);
    ratatui::restore();
    if let Some((file, path)) = &mut file {
        file.write_all(screen.log_text().as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| anyhow!("cannot write the {of} log {}: {e}", path.display()))?;
    }
    result?;
    Ok(0)
}

/// Ticks, draws and keys until the screen quits; waits for a key at most
/// 100 ms, so the bots and the clocks move without one.
fn event_loop<S: Screen>(screen: &mut S, terminal: &mut ratatui::DefaultTerminal) -> Result<()> {
    let start = Instant::now();
    while !screen.quit() {
        screen.tick(start.elapsed().as_millis() as u64);
        terminal.draw(|f| screen.draw(f))?;
        if event::poll(Duration::from_millis(100))? {
            if let TermEvent::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press {
                    screen.key(k);
                }
            }
        }
    }
    Ok(())
}

impl Screen for super::app::App {
    const LOG_OF: &'static str = "match";
    fn tick(&mut self, now_ms: u64) {
        super::app::App::tick(self, now_ms);
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        super::ui::render(self, frame);
    }
    fn key(&mut self, key: KeyEvent) {
        self.handle_key(key);
    }
    fn quit(&self) -> bool {
        self.quit
    }
    fn log_text(&self) -> String {
        self.m.log_lines()
    }
}

impl Screen for super::manual1969::app::App69 {
    const LOG_OF: &'static str = "game";
    fn tick(&mut self, now_ms: u64) {
        super::manual1969::app::App69::tick(self, now_ms);
    }
    fn draw(&self, frame: &mut ratatui::Frame) {
        super::manual1969::ui::render(self, frame);
    }
    fn key(&mut self, key: KeyEvent) {
        self.handle_key(key);
    }
    fn quit(&self) -> bool {
        self.quit
    }
    fn log_text(&self) -> String {
        let mut text = self.g.log_lines().join("\n");
        text.push('\n');
        text
    }
}
