//! The data of a 1969 game (M69 §§2–3): the log header, the acts, the
//! events and the phases. Everything is serde-serializable: a game is a JSON
//! log of a header and acts, as a 2026-27 match is (docs/editions.md, "1969
//! (Allen)").

use crate::model::{MatchConfig, Place};
use serde::{Deserialize, Serialize};

/// The log format of a 1969 game (first line of the log).
pub const FORMAT_1969: &str = "onsets-1969/1";

/// The most players a 1969 game seats here. The manual sets no maximum
/// ("as many as can see the table", M69 2.1); every player beyond two is a
/// further Third Party (3.9 comment 1, editions.md Q24). Six is the reading
/// of "can see the table" for one mat.
pub const MAX_PLAYERS_1969: usize = 6;

/// Settings the manual leaves open (editions.md Q26, Q27).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings1969 {
    /// How many plays make the game; the Shaker passes to the left after each
    /// play, scores are summed (Q27). Default: one play per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plays: Option<u32>,
    /// The stall period for a decision (Goal, move, challenge, joining): 1
    /// minute by default (3.11, Q26).
    #[serde(default = "decision_ms")]
    pub decision_ms: u64,
    /// The stall period for writing a Solution: 2 minutes by default (3.11, Q26).
    #[serde(default = "writing_ms")]
    pub writing_ms: u64,
}

fn decision_ms() -> u64 {
    60_000
}
fn writing_ms() -> u64 {
    120_000
}

impl Default for Settings1969 {
    fn default() -> Self {
        Settings1969 {
            plays: None,
            decision_ms: decision_ms(),
            writing_ms: writing_ms(),
        }
    }
}

/// The header line of a 1969 game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header1969 {
    pub format: String,
    /// Seed, players, `"edition": "1969"`, `"form"` and optional fixed dice;
    /// division, round and checking mode are not used by 1969.
    #[serde(flatten)]
    pub config: MatchConfig,
    #[serde(default)]
    pub settings: Settings1969,
}

impl Header1969 {
    /// The header of a new 1969 game: `seed`, the players' `names` in seat
    /// order, the `form` (M69 2.2) and the settings (plays, stall periods).
    /// A 1969 game has no division; the config's is a placeholder.
    pub fn new(
        seed: u64,
        names: &[String],
        form: onsets_core::Form1969,
        settings: Settings1969,
    ) -> Self {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut config = MatchConfig::new(seed, &names, onsets_core::Division::Middle, false);
        config.edition = onsets_core::Edition::Manual1969(form);
        Header1969 {
            format: FORMAT_1969.into(),
            config,
            settings,
        }
    }
}

/// The kind of Flub a Challenger names (rule 3.5, 3.6: "specifying which kind
/// of Flub you think the Mover has made").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    /// "No Goal" declared when some Goal had a Solution (3.5 A).
    NoGoal,
    /// The A-claim violated (3.5 B, A).
    A,
    /// The P-claim violated (3.5 B, P).
    P,
    /// The C-claim violated, stemming from an A-claim violation (3.5 C, 3.7 c2).
    CFromA,
    /// The C-claim violated, stemming from a P-claim violation (3.5 C, 3.7 c2).
    CFromP,
}

impl Claim {
    pub const ALL: [Claim; 5] = [
        Claim::NoGoal,
        Claim::A,
        Claim::P,
        Claim::CFromA,
        Claim::CFromP,
    ];

    /// Who has the burden of proof (3.7: the player "who, in the particular
    /// situation, is claiming that a Solution can be built").
    pub fn burden(self) -> Side {
        match self {
            Claim::NoGoal | Claim::A | Claim::CFromA => Side::Challenger,
            Claim::P | Claim::CFromP => Side::Mover,
        }
    }

    /// How many Resources cubes the Solution may use (3.4 D).
    pub fn allowance(self) -> super::claims::Allowance {
        use super::claims::Allowance;
        match self {
            Claim::A | Claim::CFromA => Allowance::AtMostOne,
            Claim::NoGoal | Claim::P | Claim::CFromP => Allowance::Any,
        }
    }

    /// Whether sustaining the burden needs an alternative play (3.7 c3, Q22).
    pub fn needs_alternative(self) -> bool {
        matches!(self, Claim::A | Claim::CFromA)
    }

    pub fn name(self) -> &'static str {
        match self {
            Claim::NoGoal => "No-Goal",
            Claim::A => "A-claim",
            Claim::P => "P-claim",
            Claim::CFromA => "C-claim stemming from A",
            Claim::CFromP => "C-claim stemming from P",
        }
    }
}

/// The two sides of a challenge a Third Party joins (3.9 A). Its TypeScript
/// name is `Side1969`: the 2019-20 `Side` exports to `Side.ts`, and two types
/// of one name would write one file in whichever order they were exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Side1969"))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Challenger,
    Mover,
}

/// The alternative play an A-claim (or C-claim from A) Challenger shows
/// (3.7 comment 3): a play that "(a) did not allow a Solution to be built
/// with at most one more cube from the Resources" and "(b) did not violate
/// the P-claim". For the Goal-setting play, `goal` (and an optional bonus
/// cube); for a move, `cube` and `to` (and an optional bonus cube).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Alternative {
    /// The play it replaces, counted from 0 (the Goal-setting play). For an
    /// A-claim it is the challenged play and may be left out; a C-claim from
    /// A names the play that began the chain (editions.md Q22).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<usize>,
    /// A cube moved to Forbidden as a bonus first (3.3).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<u8>,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube: Option<u8>,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Place>,
    /// The Goal instead of the one set (notation.md Goal text, `~` upside-down).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
}

/// What the players of a 1969 game do. Every act carries the clock `at_ms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action1969 {
    pub at_ms: u64,
    #[serde(flatten)]
    pub act: Act1969,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Act1969 {
    /// Time passes: missed stall periods cost their points (3.11).
    Clock,
    /// The player to the Shaker's right turns up `count` cards, the whole
    /// Universe (2.5: "at least six", 2.2; at most 16, editions.md Q17).
    Deal { player: usize, count: u8 },
    /// The Shaker rolls the shaking set (2.5).
    Roll { player: usize },
    /// Move one cube from Resources; `bonus` says "Bonus" first (3.2, 3.3).
    Move {
        player: usize,
        cube: u8,
        to: Place,
        #[serde(default)]
        bonus: bool,
    },
    /// The Shaker sets the Goal (3.1).
    SetGoal { player: usize, goal: String },
    /// The Shaker says "No Goal" (3.1).
    DeclareNoGoal { player: usize },
    /// A player lets "No Goal" stand (3.10 B: nobody challenges).
    AcceptNoGoal { player: usize },
    /// "Challenge", naming the kind of Flub (3.6).
    Challenge { player: usize, claim: Claim },
    /// Assert without challenging that a Solution can be built with one more
    /// cube from Resources (3.2, 3.10 A).
    Assert { player: usize },
    /// A Third Party joins a side (3.9 A).
    Join { player: usize, side: Side },
    /// Write a Solution (3.7); after a No-Goal challenge with the Goal, after
    /// an A-claim (or C from A) with the alternative play.
    Write {
        player: usize,
        solution: String,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        goal: Option<String>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alternative: Option<Alternative>,
    },
    /// A player who is to write says they cannot.
    Decline { player: usize },
    /// Call "stall" on a player who is deciding or writing (3.11).
    Stall { player: usize, on: usize },
}

impl Act1969 {
    pub fn player(&self) -> Option<usize> {
        use Act1969::*;
        match self {
            Clock => None,
            Deal { player, .. }
            | Roll { player }
            | Move { player, .. }
            | SetGoal { player, .. }
            | DeclareNoGoal { player }
            | AcceptNoGoal { player }
            | Challenge { player, .. }
            | Assert { player }
            | Join { player, .. }
            | Write { player, .. }
            | Decline { player }
            | Stall { player, .. } => Some(*player),
        }
    }
}

/// What happened in a 1969 game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event1969 {
    PlayStarted {
        play: u32,
        shaker: usize,
        dealer: usize,
    },
    Dealt {
        cards: Vec<String>,
    },
    Rolled {
        faces: Vec<String>,
    },
    BonusMove {
        player: usize,
        cube: u8,
    },
    Moved {
        player: usize,
        cube: u8,
        to: Place,
    },
    GoalSet {
        player: usize,
        goal: String,
    },
    NoGoalDeclared {
        player: usize,
    },
    NoGoalAccepted {
        player: usize,
    },
    /// Two challenges at the same moment: the coin decides (3.6 comment 2).
    CoinTossed {
        challengers: Vec<usize>,
        winner: usize,
    },
    Challenged {
        player: usize,
        claim: Claim,
        against: usize,
    },
    Asserted {
        player: usize,
    },
    Joined {
        player: usize,
        side: Side,
    },
    Written {
        player: usize,
        solution: String,
        sustained: bool,
        reasons: Vec<String>,
    },
    Declined {
        player: usize,
    },
    StallCalled {
        player: usize,
        on: usize,
    },
    /// Stall periods ran out: −1 each (3.11).
    StallMissed {
        player: usize,
        periods: u64,
    },
    PlayScored {
        play: u32,
        scores: Vec<i32>,
        note: String,
    },
    GameOver {
        totals: Vec<i32>,
    },
}

/// One cube of the 1969 shaking set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cube1969 {
    pub id: u8,
    pub family: crate::model::Family,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    #[serde(
        serialize_with = "crate::model::serde_util::ser_symbol",
        deserialize_with = "crate::model::serde_util::de_symbol"
    )]
    pub face: onsets_core::Symbol,
    pub place: Place,
}

/// A writer's state after a challenge or an assertion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Pen {
    /// Not writing (no burden, or not asked).
    Idle,
    /// Must (or, after an assertion, may) write.
    Due,
    Wrote {
        solution: String,
        sustained: bool,
        reasons: Vec<String>,
    },
    Declined,
}

/// The phases of a 1969 play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase1969 {
    /// The player to the Shaker's right builds the Universe (2.5), before
    /// the roll (2.3).
    Deal,
    /// The Shaker rolls (2.5).
    Roll,
    /// The Shaker sets a Goal or says "No Goal" (3.1); `bonus` is a bonus
    /// cube moved first (3.3, Q19).
    Goal {
        bonus: Option<u8>,
    },
    /// "No Goal" said; the others challenge or let it stand (3.10 B).
    NoGoal {
        accepted: Vec<usize>,
    },
    /// Play goes clockwise (3.2); `bonus` is this turn's bonus cube.
    Moves {
        turn: usize,
        bonus: Option<u8>,
    },
    /// A challenge: the Third Parties join a side (3.9 A); then the side with
    /// the burden writes (3.7, 3.9 B).
    Challenge {
        claim: Claim,
        challenger: usize,
        mover: usize,
        /// When the challenge was made: another challenge at the same moment
        /// is simultaneous (3.6 comment 2).
        at_ms: u64,
        sides: Vec<Option<Side>>,
        pens: Vec<Pen>,
    },
    /// An assertion: every player may write a Solution (3.10 A).
    Assertion {
        asserter: usize,
        pens: Vec<Pen>,
    },
    Over,
}
