//! # onsets-engine
//!
//! The match engine of On-Sets: the procedure of the On-Sets Tournament
//! Rules 2026-27 (sections I–XII and the procedural variations of XIII) as a
//! pure, deterministic state machine.
//!
//! * [`Match::new`] starts a match from a [`MatchConfig`] (the log header);
//! * [`Match::apply`] takes an [`Action`] and returns the next state with the
//!   [`Event`]s that happened, or a [`Rejection`] naming the rule, leaving the
//!   state untouched;
//! * time and dice are inputs: every action carries the match clock, a
//!   [`Act::Clock`] action applies the time limits of XI, and the cubes and
//!   cards come from a seeded ChaCha8 generator kept in the state;
//! * [`Match::log_lines`] and [`Match::replay`] write and re-run the JSON-lines
//!   log; [`Match::legal_actions`] lists what a player may do (for bots).
//!
//! Every edition's game (this [`Match`] and the 1969 [`manual1969::Game`])
//! implements one trait, [`Rules`]: a host drives any of them alike.
//!
//! See `docs/engine.md` for the phases, who may act, the order of checks and
//! the rule each rejection cites.
//!
//! ```
//! use onsets_engine::{Act, Action, Match, MatchConfig};
//! use onsets_core::Division;
//! let (m, _) = Match::new(MatchConfig::new(7, &["Ann", "Bob"], Division::Middle, false)).unwrap();
//! let setter = m.goal_setter();
//! let wrong = (setter + 1) % 2; // the dealer, not the Goal-setter
//! let r = m.apply(Action { at_ms: 1000, act: Act::Roll { player: wrong, set_out: None } });
//! assert_eq!(r.unwrap_err().rule.as_str(), "II-A");
//! ```

mod chain;
mod dice;
mod engine;
mod game;
pub mod game1969;
mod illegal;
mod judge;
mod legal;
mod log;
mod model;
mod public;
mod scoring;
mod state;
mod view;

pub use chain::Chain;
pub use engine::manual1969;
pub use game::Rules;
pub use game1969::{legal_1969, PenSeen, PhaseSeen1969, SeenEvent1969, View1969};
pub use judge::{ambiguity, ground_of, objection_for, situation_of, Ground};
pub use log::{Header, ReplayError, ReplayEvent, ScoreLine, Scoresheet, FORMAT};
pub use model::{
    Act, Action, ChallengeKind, CheckingMode, Cube, Dice, Event, Family, GoalSpec, MatchConfig,
    Objection, Place, RejectCode, Rejection, SetOut, ShakeDice, Side, Task,
};
pub use public::{
    public_log, public_log_1969, read_header, seed_commitment, SeedCheck, SALT_BYTES,
};
pub use state::{
    Checking, Decision, IpKind, Match, Pending, Phase, Presented, ReturnChoice, Role, Selection,
    ShakeRecord, Timer, Writer, Writing, WritingKind,
};
pub use view::PlayerView;
