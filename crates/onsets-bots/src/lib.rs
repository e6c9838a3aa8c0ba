//! # onsets-bots
//!
//! Players for the match engine of `onsets-engine` at four levels, and a
//! driver that plays bot-only matches and gathers statistics (`onsets
//! simulate`). See `docs/bots.md`.
//!
//! * A bot sees the table through a [`View`]: the cubes, the cards, the Goal,
//!   the scores, the timers and the Solutions presented for checking, never
//!   the rest of the deck, the dice generator or another player's Solution
//!   before the checking starts.
//! * [`Player::decide`] returns a [`Decision`]: an engine [`Act`], a one-line
//!   explanation and a think time (match-clock milliseconds, always within
//!   the time limit of XI for the task).
//! * The four [`Level`]s differ in what they notice and how fast they act:
//!   the expert consults the exact solver (`onsets-solver`) every time; the
//!   others look with a probability and take longer.
//! * All randomness comes from a ChaCha8 generator owned by each bot, seeded
//!   by the caller: the same seeds give the same match.
//! * The [`Driver`] decides when the bots think and act, from the match and
//!   the time: the one scheduler of the simulator, the server and the
//!   terminal game.
//!
//! ```
//! use onsets_bots::{Bot, Level, Player, View};
//! use onsets_engine::{Match, MatchConfig};
//! use onsets_core::Division;
//! let (m, _) = Match::new(MatchConfig::new(7, &["A", "B"], Division::Senior, true)).unwrap();
//! let mut bot = Bot::new(Level::Expert, m.goal_setter(), 1);
//! let d = bot.decide(&View::new(&m, m.goal_setter()), m.now_ms()).unwrap();
//! assert!(d.explanation.starts_with("rolled"));
//! ```

mod bot;
pub mod driver;
mod knowledge;
pub mod manual1969;
pub mod sim;
mod view;

pub use bot::Bot;
pub use driver::{Answer, Ask, Driver, Next, Pace, Plan, Step};
pub use knowledge::{set_solve_hook, solve_cached, solver_profile, SolveHook};
/// The engine's reading of which situation Solutions are judged in.
pub use onsets_engine::situation_of;
pub use view::View;

use onsets_engine::Act;
use std::fmt;
use std::str::FromStr;

/// A bot's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Club,
    Strong,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Club, Level::Strong, Level::Expert];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown level `{s}`: expected beginner, club, strong or expert")
            })
    }
}

/// What a player decided: the act, why, and how long it took to decide
/// (match-clock milliseconds after the moment it was asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub act: Act,
    /// One line, e.g. "challenged Now: (R ∪ B)′ with the Y cube from Resources".
    pub explanation: String,
    pub think_ms: u64,
}

/// A player at the table.
pub trait Player {
    /// What to do now, or `None` to wait (nothing to do, or still thinking
    /// about nothing: the driver lets the clock run).
    fn decide(&mut self, view: &View, now_ms: u64) -> Option<Decision>;
}
