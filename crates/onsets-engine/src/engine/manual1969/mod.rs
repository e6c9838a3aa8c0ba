//! The 1969 game: Basic and Advanced ON-SETS as Layman E. Allen's manual of
//! July 1969 plays them (M69 §§2–3; editions.md §2). A pure state machine in
//! the shape of [`crate::Match`]: [`Game::new`] from a log header,
//! [`Game::apply`] an action to a new state and its events or a
//! [`Rejection`] naming the rule, the log as JSON lines.
//!
//! What differs from the 2026-27 match is nearly everything after the roll:
//! the Universe is dealt before the roll by the player to the Shaker's right
//! (2.3, 2.5); the Shaker sets a Goal or says "No Goal" (3.1); on a turn a
//! player moves one cube, challenges a Flub (3.5, 3.6) or asserts a Solution
//! with one more cube (3.2, 3.10 A), and may take a bonus move to Forbidden
//! first, with any cube, even before the Goal (3.3); the side that claims a
//! Solution can be built writes (3.7), Third Parties join a side (3.9), and a
//! play scores 2 / 1 / 0 (3.9), 1 / −1 / 0 for an assertion (3.10 A), or 1
//! each for an unchallenged "No Goal" (3.10 B). There is no clock but the
//! stalling rule (3.11). Whether a claim is right is a solver question,
//! asked through [`claims::Claims`].
//!
//! The module holds the state ([`Game`]) and its start ([`Game::new`], M69
//! 2.1, 2.5); the rest is split by concern, as `engine/` is for the 2026-27
//! match: `reading` (the state read), `mat` (positions for the solver),
//! `replay` (the log), `play` (applying an act, the deal and the roll),
//! `moves` (moves, bonus moves, the Goal, "No Goal"), `challenge` (3.5,
//! 3.6, 3.9 A), `writing` (assertions and written Solutions, 3.7, 3.10 A),
//! `end` (scoring, the next play, "stall": 3.8–3.11), `faces` (the shaking
//! set and the 1969 notation), `claims` (the solver questions) and `model`
//! (the data of the log).

pub mod claims;
pub mod model;

mod challenge;
mod end;
mod faces;
mod mat;
mod moves;
mod play;
mod reading;
mod replay;
mod writing;

pub use claims::{Allowance, Claims, DefaultClaims, ExactClaims, SolverClaims};
pub use faces::{card_1969, face_1969, parse_faces, seats_named, shaking_set};
pub use model::*;

use faces::{digits_at, goal_cubes, numerals_in_words};

use crate::model::{Place, RejectCode, Rejection};
use crate::state::RngState;
use onsets_core::Edition;
use serde::{Deserialize, Serialize};

type R<T> = Result<T, Rejection>;

fn rej<T>(code: RejectCode, rule: &'static str, msg: impl Into<String>) -> R<T> {
    Err(Rejection::new(code, rule, msg))
}

/// One completed play of the current round: the Goal-setting play (index 0)
/// or a move, with the mat before it (before any bonus move) and after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayRecord {
    pub mover: usize,
    pub goal_play: bool,
    /// The place of every cube before the play, and the Goal then.
    pub before: Vec<Place>,
    pub goal_before: Option<String>,
    pub after: Vec<Place>,
}

/// A "stall" called on a player (3.11): each period they let pass costs a
/// point and another period begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stall {
    pub on: usize,
    pub due_ms: u64,
    pub period_ms: u64,
}

/// One line of the score sheet: a play's points and stall penalties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayLine {
    pub play: u32,
    pub shaker: usize,
    pub points: Vec<i32>,
    pub penalties: Vec<i32>,
    pub note: String,
}

/// A 1969 game: the whole state. Only [`Game::apply`] changes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    header: Header1969,
    rng: RngState,
    now_ms: u64,
    cubes: Vec<Cube1969>,
    /// The Universe, as card masks in the order dealt.
    dealt: Vec<u8>,
    goal: Option<String>,
    shaker: usize,
    dealer: usize,
    play: u32,
    phase: Phase1969,
    plays: Vec<PlayRecord>,
    /// The mat at the start of the play in progress (set by a bonus move).
    play_start: Option<(Vec<Place>, Option<String>)>,
    /// The player who completed the last play or said "No Goal".
    last_mover: Option<usize>,
    stalls: Vec<Stall>,
    penalties: Vec<i32>,
    history: Vec<PlayLine>,
    log: Vec<Action1969>,
    /// Coin tosses so far (the header's `dice.coins` fixes them in order).
    #[serde(skip)]
    tosses: usize,
    /// What the generator has drawn so far, as a header's `dice`: the
    /// public log's header carries it instead of the seed
    /// (`crate::public`).
    #[serde(skip)]
    pub(crate) drawn: crate::model::Dice,
}

impl Game {
    /// Starts a game from its header: the first Shaker is chosen by lot (2.5:
    /// "A player is chosen to be the first player or Shaker"), or fixed by
    /// the header's dice.
    pub fn new(header: Header1969) -> R<(Game, Vec<Event1969>)> {
        let config = &header.config;
        let Edition::Manual1969(form) = config.edition else {
            return rej(
                RejectCode::Edition,
                "M69 2",
                "a 1969 game needs \"edition\": \"1969\"",
            );
        };
        let n = config.players.len();
        if !(2..=MAX_PLAYERS_1969).contains(&n) {
            return rej(
                RejectCode::Players,
                "M69 2.1",
                format!("a 1969 game here has 2 to {MAX_PLAYERS_1969} players"),
            );
        }
        if header.settings.plays == Some(0) {
            return rej(RejectCode::Round, "M69 2.7", "a game has at least one play");
        }
        if header.settings.decision_ms == 0 || header.settings.writing_ms == 0 {
            return rej(
                RejectCode::Round,
                "M69 3.11",
                "a stall period lasts some time",
            );
        }
        let cubes = shaking_set(form);
        if let Some(d) = &config.dice {
            if d.first_setter.is_some_and(|p| p >= n) {
                return rej(
                    RejectCode::BadDice,
                    "M69 2.5",
                    "the first Shaker is not a player",
                );
            }
            for s in &d.shakes {
                if let Some(f) = &s.faces {
                    parse_faces(form, f)
                        .map_err(|m| Rejection::new(RejectCode::BadDice, "M69 2.2", m))?;
                }
                if let Some(c) = &s.cards {
                    crate::dice::parse_cards(&claims::read_1969(c))
                        .map_err(|m| Rejection::new(RejectCode::BadDice, "M69 2.2", m))?;
                }
            }
        }
        let mut g = Game {
            rng: RngState {
                seed: config.seed,
                word_pos: 0,
            },
            now_ms: 0,
            cubes,
            dealt: Vec::new(),
            goal: None,
            shaker: 0,
            dealer: 0,
            play: 0,
            phase: Phase1969::Over,
            plays: Vec::new(),
            play_start: None,
            last_mover: None,
            stalls: Vec::new(),
            penalties: vec![0; n],
            history: Vec::new(),
            log: Vec::new(),
            tosses: 0,
            drawn: crate::model::Dice::default(),
            header,
        };
        g.shaker = match g.header.config.dice.as_ref().and_then(|d| d.first_setter) {
            Some(p) => p,
            None => g.rng.below(n as u32) as usize,
        };
        let mut ev = Vec::new();
        g.start_play(&mut ev);
        crate::public::note_1969(&mut g.drawn, &ev);
        Ok((g, ev))
    }
}
