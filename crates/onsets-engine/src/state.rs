//! The state of a match and its phases.

use crate::chain::Chain;
use crate::model::*;
use chacha20::ChaCha8Rng;
use onsets_core::{
    Card, CardSet, CubeList, Goal, InForce, Kit, Position, PositionSetup, RelationCubes, Situation,
    Symbol, Variation,
};
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The generator's state: the seed and how many 32-bit words were drawn
/// (boardgame.io keeps its PRNG state in the game state the same way).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    pub seed: u64,
    pub word_pos: u64,
}

impl RngState {
    fn rng(&self) -> ChaCha8Rng {
        let mut r = ChaCha8Rng::seed_from_u64(self.seed);
        r.set_word_pos(self.word_pos as u128);
        r
    }
    /// A uniform draw in `0..n` (rejection sampling, no modulo bias).
    pub fn below(&mut self, n: u32) -> u32 {
        let mut r = self.rng();
        let zone = u32::MAX - (u32::MAX % n);
        let v = loop {
            let x = r.next_u32();
            if x < zone {
                break x % n;
            }
        };
        self.word_pos = r.get_word_pos() as u64;
        v
    }
}

/// A variation selection as circled on the chart (II-C-1-c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Selection {
    pub player: usize,
    pub variation: String,
    /// Whether the selection was legal when made (II-C-2); an illegal one is
    /// ignored for the shake even when insulated.
    pub legal: bool,
    /// Taken back after a charge of illegal procedure.
    pub withdrawn: bool,
}

/// One line of the scoresheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShakeRecord {
    pub shake: u32,
    pub goal_setter: usize,
    /// Points from X-B, X-C, III-D-2 or XI-B-2 (0 in a void shake).
    pub points: Vec<i32>,
    /// Penalty points (negative) incurred during the shake.
    pub penalties: Vec<i32>,
    pub void: bool,
    pub note: String,
}

/// A running time limit (XI-A).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Timer {
    pub player: usize,
    pub task: Task,
    /// When the sand runs out.
    pub due_ms: u64,
    /// 0 before the first penalty, 1 during the additional minute.
    pub stage: u8,
    /// Whether running out costs a point (the Third Party's decision, the
    /// forceout and end-of-round Solutions and the "no Goal" reply do not).
    pub penal: bool,
}

/// Who must, may or may not present a Solution (VII-A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Must,
    May,
    MayNot,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Presented {
    pub solution: String,
    pub goal: Option<GoalSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Writer {
    pub role: Role,
    pub presented: Option<Presented>,
    pub declined: bool,
    /// The time to present ran out (XI-A) without a Solution.
    pub lapsed: bool,
}

impl Writer {
    pub fn done(&self) -> bool {
        self.role == Role::MayNot || self.presented.is_some() || self.declined || self.lapsed
    }
}

/// Why Solutions are written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum WritingKind {
    /// After a Now or Impossible challenge (VII-A).
    Challenge {
        challenge: ChallengeKind,
        challenger: usize,
        mover: usize,
    },
    /// The last cube was moved (VIII); Impossible may be challenged until `window_until`.
    Forceout { mover: usize, window_until: u64 },
    /// "Stop" at the end of the round's extra five minutes (XI-B-2).
    EndOfRound,
    /// A "no Goal" declaration was challenged (III-D-2).
    NoGoal { challenger: usize, setter: usize },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Writing {
    pub kind: WritingKind,
    pub writers: Vec<Writer>,
}

/// A checker's decision on one Solution (VII-C-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Pending,
    Accepted,
    Objected {
        upheld: bool,
    },
    /// The checking time ran out twice (XI-A): no objection.
    Lapsed,
    /// An attempt at proving ambiguity handed in (VII-C-5-c); it is checked
    /// when every checker is ready.
    Attempted,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Checking {
    pub kind: WritingKind,
    pub writers: Vec<Writer>,
    /// Writers whose Solutions are checked, in order (VII-C-3: one at a time).
    pub queue: Vec<usize>,
    pub current: usize,
    /// Per queued Solution, each player's decision.
    pub decisions: Vec<Vec<Decision>>,
    /// Per player: whether their presented Solution was ruled correct.
    pub correct: Vec<Option<bool>>,
    /// Attempts at proving ambiguity not yet checked: (queue index, checker,
    /// grouping) (VII-C-5-c).
    #[serde(default)]
    pub attempts: Vec<(usize, usize, String)>,
}

/// The phases of a shake (see `docs/engine.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// II-A, II-B: rolling the cubes and dealing the cards.
    Setup {
        rolled: bool,
        dealt: bool,
    },
    /// II-C: variation selection; `pos` counts from the Goal-setter to the left.
    Variations {
        pos: usize,
        picks: u8,
        failures: u8,
    },
    /// III: setting the Goal; `bonus` is the bonus cube if one was moved;
    /// `revise` the digit cubes in the Goal section that must stay (an
    /// illegal Goal's, OS-B2, or a 2019-20 arrangement's, III-B-2);
    /// `arranged` the 2019-20 arrangement not yet announced (III-B-2-b), set
    /// when the Goal-setter's time runs out (III-B-2-c).
    Goal {
        bonus: Option<u8>,
        revise: Vec<u8>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        arranged: Option<GoalSpec>,
    },
    /// III-D: "no Goal" declared; opponents who agreed.
    NoGoal {
        agreed: Vec<usize>,
    },
    /// IV: moving cubes; `bonus` is this turn's bonus cube.
    Moves {
        turn: usize,
        bonus: Option<u8>,
        first: bool,
    },
    Writing(Writing),
    Checking(Checking),
    Over,
}

/// An illegal procedure that has not been corrected or insulated (IX).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pending {
    pub offender: usize,
    pub rule: String,
    pub kind: IpKind,
    /// The last Mover before the illegal action, restored on correction.
    pub prev_last_mover: Option<usize>,
    /// The offender's turn timer when the illegal act was made: a correction
    /// gets the time that was left, at least ten seconds, or (made after the
    /// countdown) the additional minute as it runs (IX-A-1, XI-A-3).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer: Option<Timer>,
    /// When the illegal action was made (2019-20 IX-A: a charge within 15
    /// seconds).
    #[serde(default)]
    pub at_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "ip")]
pub enum IpKind {
    /// III-C-2 (leading) or OS-B6 (= or ⊆): the Goal-setter's bonus cube.
    GoalBonus { cube: u8, leading: bool },
    /// IV-C-2: a bonus move by the player in the lead; `second` is the
    /// regular cube played after it.
    BonusWhileLeading { cube: u8, second: Option<u8> },
    /// IV-D, OS-C10: = or ⊆ to Forbidden with more than four cubes in Resources.
    RelationToForbidden { cube: u8, bonus: bool },
    /// OS-C6: a shift when Shift from Permitted is not in force.
    ShiftNotInForce { cube: u8 },
    /// XIII-B-7, OS-C12: = or ⊆ shifted from Permitted to Forbidden.
    ShiftRelationToForbidden { cube: u8 },
    /// III-B-1, OS-B2: an illegal Goal configuration.
    IllegalGoal { digits: Vec<u8> },
    /// II-C-2: an illegal variation selection (index into the selections).
    IllegalVariation { index: usize },
    /// OS-C3: "Bonus" said and a cube shifted from Permitted (a bonus move is
    /// from Resources to Forbidden, IV-C-1); `second` is the regular cube
    /// played after it.
    BonusShift {
        cube: u8,
        second: Option<u8>,
        /// The second cube was itself shifted (it goes back to Permitted).
        #[serde(default)]
        second_shifted: bool,
    },
    /// IX-A-1: a move (from Resources) or shift (from Permitted) out of turn;
    /// `turn` is whose turn it was. `pair` is the offender's own regular cube
    /// to Forbidden just before, when this second cube also went to
    /// Forbidden: two cubes without "Bonus" (IV-C comment b), the offender
    /// chooses which to return.
    OutOfTurn {
        cube: u8,
        from: Place,
        turn: usize,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pair: Option<u8>,
    },
    /// VIII-A: the last cube in Resources moved to Forbidden; it stays there
    /// until a challenge (set aside without penalty) or a charge returns it.
    LastCubeToForbidden { cube: u8 },
}

/// A match: the whole state. Pure data; [`Match::apply`] makes the next one.
/// (Serialized for inspection only: a match is stored and rebuilt as its log,
/// [`Match::log_lines`] and [`Match::replay`].)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Match {
    pub(crate) config: MatchConfig,
    pub(crate) rng: RngState,
    pub(crate) now_ms: u64,
    pub(crate) cubes: Vec<Cube>,
    /// Cards dealt this shake, in order (card masks).
    pub(crate) dealt: Vec<u8>,
    /// The rest of the shuffled deck, top first.
    pub(crate) deck: Vec<u8>,
    pub(crate) goal: Option<GoalSpec>,
    pub(crate) goal_setter: usize,
    pub(crate) dealer: usize,
    pub(crate) shake: u32,
    pub(crate) shake_started_ms: u64,
    /// When variation selection may end for the current selector (II-C-1-b).
    pub(crate) history: Chain<ShakeRecord>,
    /// Penalties in the current shake.
    pub(crate) penalties: Vec<i32>,
    pub(crate) selections: Vec<Selection>,
    pub(crate) phase: Phase,
    pub(crate) timers: Vec<Timer>,
    pub(crate) pending: Vec<Pending>,
    /// The round's 30 minutes are up (XI-B).
    pub(crate) round_up: bool,
    /// When the five-minute extension ends (XI-B-1).
    pub(crate) stop_at: Option<u64>,
    pub(crate) last_mover: Option<usize>,
    /// Match points (XII) once the match is over.
    pub(crate) match_points: Option<Vec<u32>>,
    /// Every accepted action, in order: the log after the header.
    pub(crate) log: Chain<Action>,
    /// Who is at the table (X-D).
    pub(crate) present: Vec<bool>,
    /// Who takes part in the current shake: present before the roll (X-D).
    pub(crate) seated: Vec<bool>,
    /// Who took part in at least one shake (XII-A "Did Not Play").
    pub(crate) played: Vec<bool>,
    /// The holder of the challenge block, if it is up (V-B, XI-A-1-f).
    pub(crate) block: Option<usize>,
    /// When the holder's 15 seconds to state a challenge run out (XI-A-1-f).
    pub(crate) block_until: Option<u64>,
    /// The latest regular move of the shake: (player, cube) (IV-C comment b).
    pub(crate) last_move: Option<(usize, u8)>,
    /// Two cubes moved to Forbidden without "Bonus" were charged: the
    /// offender returns one of them (IV-C comment b).
    pub(crate) return_choice: Option<ReturnChoice>,
}

/// IV-C comment b: "If the player did not call 'Bonus,' they may return
/// either of the two cubes to Resources."
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReturnChoice {
    pub player: usize,
    /// The regular cube and the second cube.
    pub cubes: [u8; 2],
    /// When the engine returns the second cube if the offender has not
    /// chosen (IX-A-1: ten seconds for a correction).
    pub until_ms: u64,
}

/// Read access to the state. The fields are private: only the engine's
/// [`Match::apply`] changes a match, so every position it holds passed the
/// rules' checks.
impl Match {
    /// The match's terms: players, division, Adventurous, round length (the log header).
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }
    /// The state of the seeded generator that rolls the cubes and shuffles the deck (II-A, II-B).
    pub fn rng(&self) -> &RngState {
        &self.rng
    }
    /// The match clock: the time of the latest action (XI).
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    /// The eighteen cubes of the kit with their faces and places (I-B-2).
    pub fn cubes(&self) -> &[Cube] {
        &self.cubes
    }
    /// Cards dealt this shake, in order, as card masks (II-B).
    pub fn dealt(&self) -> &[u8] {
        &self.dealt
    }
    /// The rest of the shuffled deck, top first (II-B).
    pub fn deck(&self) -> &[u8] {
        &self.deck
    }
    /// The Goal of the shake once it is set (III).
    pub fn goal(&self) -> Option<&GoalSpec> {
        self.goal.as_ref()
    }
    /// The Goal-setter of the current shake (II-A, X-A).
    pub fn goal_setter(&self) -> usize {
        self.goal_setter
    }
    /// The dealer of the current shake: to the Goal-setter's right (II-B).
    pub fn dealer(&self) -> usize {
        self.dealer
    }
    /// The number of the current shake, from 1 (X-A).
    pub fn shake(&self) -> u32 {
        self.shake
    }
    /// When the current shake started on the match clock (XI-B).
    pub fn shake_started_ms(&self) -> u64 {
        self.shake_started_ms
    }
    /// The scoresheet: one line per finished shake (X).
    pub fn history(&self) -> &Chain<ShakeRecord> {
        &self.history
    }
    /// Penalties in the current shake, per player (XI-A).
    pub fn penalties(&self) -> &[i32] {
        &self.penalties
    }
    /// The variation selections of the shake as circled on the chart (II-C-1-c).
    pub fn selections(&self) -> &[Selection] {
        &self.selections
    }
    /// The phase of the shake (see `docs/engine.md`).
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// The running time limits (XI-A).
    pub fn timers(&self) -> &[Timer] {
        &self.timers
    }
    /// Illegal procedures not yet corrected or insulated (IX).
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }
    /// Whether the round's 30 minutes are up (XI-B).
    pub fn round_up(&self) -> bool {
        self.round_up
    }
    /// When the five-minute extension ends (XI-B-1).
    pub fn stop_at(&self) -> Option<u64> {
        self.stop_at
    }
    /// The latest Mover of the shake (IV, VII-A).
    pub fn last_mover(&self) -> Option<usize> {
        self.last_mover
    }
    /// Match points (XII) once the match is over.
    pub fn match_points(&self) -> Option<&[u32]> {
        self.match_points.as_deref()
    }
    /// Every accepted action, in order: the log after the header.
    pub fn log(&self) -> &Chain<Action> {
        &self.log
    }
    /// Who is at the table, per player (X-D).
    pub fn present(&self) -> &[bool] {
        &self.present
    }
    /// Who takes part in the current shake, per player (X-D).
    pub fn seated(&self) -> &[bool] {
        &self.seated
    }
    /// Who took part in at least one shake, per player (XII-A "Did Not Play").
    pub fn played(&self) -> &[bool] {
        &self.played
    }
    /// The holder of the challenge block, if it is up (V-B, XI-A-1-f).
    pub fn block(&self) -> Option<usize> {
        self.block
    }
    /// When the block holder's 15 seconds to state a challenge run out (XI-A-1-f).
    pub fn block_until(&self) -> Option<u64> {
        self.block_until
    }
    /// The latest regular move of the shake: (player, cube) (IV-C comment b).
    pub fn last_move(&self) -> Option<(usize, u8)> {
        self.last_move
    }
    /// The pending choice of which cube to return after two cubes went to
    /// Forbidden without "Bonus" (IV-C comment b).
    pub fn return_choice(&self) -> Option<&ReturnChoice> {
        self.return_choice.as_ref()
    }
}

/// Test scenarios only (feature `scenario`, enabled by the test suites'
/// dev-dependencies, never by a binary): these write the state directly,
/// bypassing the rules' checks, to set up a judges' manual situation after
/// the roll and deal (II-A, II-B) or a phase to test a view in. Matches that
/// are played, stored or replayed never use them; fixed dice for real
/// matches go in the header's [`Dice`](crate::Dice).
#[cfg(feature = "scenario")]
#[doc(hidden)]
impl Match {
    /// Sets the face of cube `id` (ignored if there is no such cube).
    pub fn scenario_set_face(&mut self, id: u8, face: Symbol) {
        if let Some(c) = self.cubes.get_mut(id as usize) {
            c.face = face;
        }
    }
    /// Puts cube `id` in `place` (ignored if there is no such cube).
    pub fn scenario_set_place(&mut self, id: u8, place: Place) {
        if let Some(c) = self.cubes.get_mut(id as usize) {
            c.place = place;
        }
    }
    /// Sets the latest Mover.
    pub fn scenario_set_last_mover(&mut self, mover: Option<usize>) {
        self.last_mover = mover;
    }
    /// Replaces the cards dealt this shake (card masks).
    pub fn scenario_set_dealt(&mut self, dealt: Vec<u8>) {
        self.dealt = dealt;
    }
    /// Sets `player`'s penalty points in the current shake (ignored if there
    /// is no such player).
    pub fn scenario_set_penalty(&mut self, player: usize, points: i32) {
        if let Some(x) = self.penalties.get_mut(player) {
            *x = points;
        }
    }
    /// Replaces the phase.
    pub fn scenario_set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }
}

impl Match {
    pub fn n(&self) -> usize {
        self.config.players.len()
    }
    /// Whether `p` takes part in the current shake (X-D).
    pub fn is_seated(&self, p: usize) -> bool {
        self.seated.get(p).copied().unwrap_or(true)
    }
    /// Whether `p` is at the table (X-D).
    pub fn is_present(&self, p: usize) -> bool {
        self.present.get(p).copied().unwrap_or(true)
    }
    /// How many players take part in the current shake.
    pub fn seated_count(&self) -> usize {
        (0..self.n()).filter(|&p| self.is_seated(p)).count()
    }
    /// The next player to the left of `p` taking part in the shake (IV-A).
    pub fn left(&self, p: usize) -> usize {
        let n = self.n();
        (1..n)
            .map(|k| (p + k) % n)
            .find(|&q| self.is_seated(q))
            .unwrap_or((p + 1) % n)
    }
    /// The next player to the right of `p` taking part in the shake (the
    /// dealer is to the Goal-setter's right, II-B).
    pub fn right(&self, p: usize) -> usize {
        let n = self.n();
        (1..n)
            .map(|k| (p + n - k) % n)
            .find(|&q| self.is_seated(q))
            .unwrap_or((p + n - 1) % n)
    }
    /// The players of the shake from the Goal-setter to the left (II-C-1).
    pub fn order_from_setter(&self) -> Vec<usize> {
        let n = self.n();
        (0..n)
            .map(|k| (self.goal_setter + k) % n)
            .filter(|&q| self.is_seated(q))
            .collect()
    }

    /// Whether = and ⊆ are Restriction symbols in this match.
    pub fn restrictions(&self) -> bool {
        self.config
            .edition
            .relation_cubes(self.config.division, self.config.adventurous)
            == RelationCubes::Restrictions
    }

    /// Each player's match total: finished shakes plus this shake's penalties.
    pub fn totals(&self) -> Vec<i32> {
        let mut t = self.penalties.clone();
        for r in &self.history {
            for (i, x) in t.iter_mut().enumerate() {
                *x += r.points[i] + r.penalties[i];
            }
        }
        t
    }

    /// "Leading in the match" (III-C-2, IV-C): strictly ahead of everyone;
    /// players tied for the lead may make bonus moves (IV-C-2 comment a).
    pub fn leading(&self, p: usize) -> bool {
        let t = self.totals();
        (0..self.n()).all(|q| q == p || t[p] > t[q])
    }

    pub fn cube(&self, id: u8) -> Option<&Cube> {
        self.cubes.get(id as usize)
    }

    /// Non-digit cubes in Resources: the cubes the move rules count (the
    /// digit cubes are not used in Solutions; see docs/engine.md).
    pub fn resources_count(&self) -> usize {
        self.cubes
            .iter()
            .filter(|c| c.place == Place::Resources && c.family != Family::Digit)
            .count()
    }

    pub fn in_place(&self, place: Place) -> Vec<&Cube> {
        self.cubes.iter().filter(|c| c.place == place).collect()
    }

    pub fn universe(&self) -> CardSet {
        self.dealt.iter().fold(CardSet::EMPTY, |s, m| {
            s.with(Card::from_mask(*m).unwrap_or(Card::BLANK))
        })
    }

    /// The variations selected legally and not withdrawn, in order.
    pub fn variations(&self) -> Vec<Variation> {
        self.selections
            .iter()
            .filter(|s| s.legal && !s.withdrawn)
            .filter_map(|s| Variation::parse(&s.variation).ok())
            .collect()
    }

    pub fn variation_in_force(&self, v: &Variation) -> bool {
        self.config.adventurous && self.variations().contains(v)
    }

    pub fn two_solutions(&self) -> bool {
        self.variation_in_force(&Variation::TwoSolutions)
    }

    /// The minutes for writing and checking (XI-A-1-h, i; XIII-D-14).
    pub fn solution_minutes_ms(&self) -> u64 {
        if self.two_solutions() {
            180_000
        } else {
            120_000
        }
    }

    /// The position the checker judges: the mat as it is now, with `goal`.
    pub fn position(&self, situation: Situation, goal: Goal) -> Position {
        let list = |p: Place| {
            CubeList::new(
                self.cubes
                    .iter()
                    .filter(|c| c.place == p && c.family != Family::Digit)
                    .map(|c| c.face)
                    .collect(),
            )
        };
        let setup = PositionSetup {
            edition: self.config.edition,
            division: self.config.division,
            adventurous: self.config.adventurous,
            universe: self.universe(),
            goal,
            required: list(Place::Required),
            permitted: list(Place::Permitted),
            forbidden: list(Place::Forbidden),
            resources: list(Place::Resources),
            variations: if self.config.adventurous {
                self.variations()
            } else {
                Vec::new()
            },
            situation,
        };
        // The cubes are the kit's (I-B-2) by construction; a scenario's
        // fixed faces may show more of a family than the kit has.
        Position::new(setup.clone())
            .or_else(|_| Position::with_kit(setup, Kit::Open))
            .expect("a match's mat is a valid position: variations selected from the division's list, a forceout only when Resources is empty")
    }

    /// Why selecting `v` now would be illegal (II-C-2), if it would be.
    pub fn selection_problem(&self, v: &Variation) -> Option<String> {
        let d = self.config.division;
        if !v.selectable_in(d) {
            return Some(if Variation::automatic(d).contains(v) {
                format!(
                    "{} is in force for every {d} shake (XIII-C special rule)",
                    v.keyword()
                )
            } else {
                format!("{} is not on the {d} list (XIII)", v.keyword())
            });
        }
        if let Variation::WildCube(s) = v {
            if s.is_relation() && !self.relation_wild_allowed() {
                return Some("the wild cube may not be = or ⊆ (XIII-B-2)".into());
            }
        }
        // At selection time every rolled cube is in Resources.
        let Ok(pos) = self
            .position(Situation::Impossible, Goal::parse("1").expect("goal"))
            .edit(|pos| {
                pos.resources = CubeList::new(
                    self.cubes
                        .iter()
                        .filter(|c| c.family != Family::Digit)
                        .map(|c| c.face)
                        .collect(),
                );
                pos.required = CubeList::default();
                pos.permitted = CubeList::default();
                pos.forbidden = CubeList::default();
            })
        else {
            return None;
        };
        let before = InForce::of(&pos).ignored.len();
        // Basic On-Sets has no variations: nothing is ignored (XIII).
        let Ok(pos) = pos.edit(|pos| pos.variations.push(v.clone())) else {
            return None;
        };
        let f = InForce::of(&pos);
        if f.ignored.len() > before {
            return f.ignored.last().cloned();
        }
        None
    }

    /// The picks a player must and may make (II-C-3).
    pub fn picks(&self, p: usize) -> (u8, u8) {
        let need = if self.seated_count() == 2 && p != self.goal_setter {
            2
        } else {
            1
        };
        let need = if self.second_pick_optional() { 1 } else { need };
        let max = if self.config.division == onsets_core::Division::Senior {
            2
        } else {
            need
        };
        (need, max)
    }

    /// The next deadline the clock will reach, if any (for drivers and bots).
    pub fn next_deadline(&self) -> Option<u64> {
        let mut d: Vec<u64> = self.timers.iter().map(timer_fire).collect();
        if !self.round_up && self.phase != Phase::Over {
            d.push(self.config.round_ms);
        }
        if let Some(s) = self.stop_at {
            d.push(s);
        }
        if let Some(b) = self.block_until {
            d.push(b);
        }
        if let Some(r) = &self.return_choice {
            d.push(r.until_ms);
        }
        d.into_iter().filter(|t| *t >= self.now_ms).min()
    }
}

/// When a timer's consequence applies: a penal limit after the ten-second
/// countdown (XI-A-3), any other at once.
pub(crate) fn timer_fire(t: &Timer) -> u64 {
    if t.penal {
        t.due_ms + 10_000
    } else {
        t.due_ms
    }
}

/// Faces of the kit's cubes (I-B-2); every face equally likely.
pub(crate) fn faces(family: Family) -> Vec<Symbol> {
    use onsets_core::Color::*;
    match family {
        Family::Digit => [1, 1, 2, 3, 4, 5]
            .iter()
            .map(|d| Symbol::Digit(*d))
            .collect(),
        Family::Color => vec![
            Symbol::Color(Blue),
            Symbol::Color(Red),
            Symbol::Color(Green),
            Symbol::Color(Yellow),
        ],
        Family::Operation => vec![
            Symbol::Union,
            Symbol::Intersection,
            Symbol::Minus,
            Symbol::Complement,
        ],
        Family::Restriction => vec![
            Symbol::Universe,
            Symbol::Empty,
            Symbol::Equals,
            Symbol::Subset,
        ],
    }
}

pub(crate) fn kit() -> Vec<Cube> {
    (0u8..18)
        .map(|id| {
            let family = match id {
                0..=2 => Family::Digit,
                3..=10 => Family::Color,
                11..=14 => Family::Operation,
                _ => Family::Restriction,
            };
            Cube {
                id,
                family,
                face: faces(family)[0],
                place: Place::Resources,
            }
        })
        .collect()
}
