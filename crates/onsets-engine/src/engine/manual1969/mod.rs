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

pub mod claims;
pub mod model;

pub use claims::{Allowance, Claims, DefaultClaims, ExactClaims, SolverClaims};
pub use model::*;

use crate::model::{Family, Place, RejectCode, Rejection};
use crate::state::{faces, RngState};
use onsets_core::{
    CubeList, Division, Edition, Form1969, Goal, Position, PositionSetup, Situation, Symbol,
};
use serde::{Deserialize, Serialize};

type R<T> = Result<T, Rejection>;

fn rej<T>(code: RejectCode, rule: &'static str, msg: impl Into<String>) -> R<T> {
    Err(Rejection::new(code, rule, msg))
}

/// One completed play of the current round: the Goal-setting play (index 0)
/// or a move, with the mat before it (before any bonus move) and after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct Stall {
    pub on: usize,
    pub due_ms: u64,
    pub period_ms: u64,
}

/// One line of the score sheet: a play's points and stall penalties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

    // ------------------------------------------------------------ reading

    pub fn header(&self) -> &Header1969 {
        &self.header
    }
    /// The form: Basic or Advanced ON-SETS (2.2).
    pub fn form(&self) -> Form1969 {
        self.header.config.edition.form().unwrap_or_default()
    }
    pub fn n(&self) -> usize {
        self.header.config.players.len()
    }
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    pub fn cubes(&self) -> &[Cube1969] {
        &self.cubes
    }
    pub fn dealt(&self) -> &[u8] {
        &self.dealt
    }
    pub fn goal(&self) -> Option<&str> {
        self.goal.as_deref()
    }
    pub fn shaker(&self) -> usize {
        self.shaker
    }
    pub fn dealer(&self) -> usize {
        self.dealer
    }
    /// The number of the current play, from 1.
    pub fn play(&self) -> u32 {
        self.play
    }
    pub fn phase(&self) -> &Phase1969 {
        &self.phase
    }
    /// The completed plays of the current round (index 0: the Goal).
    pub fn plays(&self) -> &[PlayRecord] {
        &self.plays
    }
    pub fn last_mover(&self) -> Option<usize> {
        self.last_mover
    }
    pub fn stalls(&self) -> &[Stall] {
        &self.stalls
    }
    /// Stall penalties in the current play (3.11).
    pub fn penalties(&self) -> &[i32] {
        &self.penalties
    }
    /// The score sheet: one line per finished play.
    pub fn history(&self) -> &[PlayLine] {
        &self.history
    }
    /// Totals over the plays: a plain sum (editions.md Q27).
    pub fn totals(&self) -> Vec<i32> {
        let mut t = vec![0; self.n()];
        for line in &self.history {
            for (p, total) in t.iter_mut().enumerate() {
                *total += line.points[p] + line.penalties[p];
            }
        }
        t
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase1969::Over
    }
    /// The number of plays the game lasts (Q27; default one per player).
    pub fn plays_in_game(&self) -> u32 {
        self.header.settings.plays.unwrap_or(self.n() as u32)
    }
    fn left(&self, p: usize) -> usize {
        (p + 1) % self.n()
    }
    fn right(&self, p: usize) -> usize {
        (p + self.n() - 1) % self.n()
    }
    /// The cards of the Universe.
    pub fn universe(&self) -> onsets_core::CardSet {
        claims::universe_of(&self.dealt)
    }
    /// The digits of the numeral cubes still in Resources.
    pub fn digits_in_resources(&self) -> Vec<u8> {
        digits_at(&self.cubes, &self.places())
    }
    fn places(&self) -> Vec<Place> {
        self.cubes.iter().map(|c| c.place).collect()
    }

    /// The mat now as a 1969 position (no digit cubes; situation Impossible;
    /// before the Goal a placeholder Goal of 1).
    pub fn position(&self) -> Position {
        self.position_at(&self.places(), self.goal.as_deref())
    }

    /// The mat with the cubes at `places` and Goal `goal`.
    pub fn position_at(&self, places: &[Place], goal: Option<&str>) -> Position {
        let list = |p: Place| {
            CubeList(
                self.cubes
                    .iter()
                    .zip(places)
                    .filter(|(c, at)| **at == p && c.family != Family::Digit)
                    .map(|(c, _)| c.face)
                    .collect(),
            )
        };
        Position::new(PositionSetup {
            edition: self.header.config.edition,
            division: Division::Middle,
            adventurous: self.form() == Form1969::Advanced,
            universe: self.universe(),
            goal: goal
                .and_then(|t| Goal::parse(t).ok())
                .unwrap_or_else(|| Goal::parse("1").expect("a one-cube Goal")),
            required: list(Place::Required),
            permitted: list(Place::Permitted),
            forbidden: list(Place::Forbidden),
            resources: list(Place::Resources),
            variations: Vec::new(),
            situation: Situation::Impossible,
        })
        .expect("a 1969 mat is a valid position: its cubes, a Goal of digits, situation impossible")
    }

    /// The mat before play `k` of the round (before its bonus move).
    pub fn position_before(&self, k: usize) -> Option<Position> {
        let r = self.plays.get(k)?;
        Some(self.position_at(&r.before, r.goal_before.as_deref()))
    }

    /// Whether the game waits for `p` to decide or write (3.11: the players a
    /// "stall" may be called on).
    pub fn awaits(&self, p: usize) -> bool {
        match &self.phase {
            Phase1969::Deal => p == self.dealer,
            Phase1969::Roll | Phase1969::Goal { .. } => p == self.shaker,
            Phase1969::NoGoal { accepted } => p != self.shaker && !accepted.contains(&p),
            Phase1969::Moves { turn, .. } => p == *turn,
            Phase1969::Challenge { sides, pens, .. } => {
                if sides.iter().any(|s| s.is_none()) {
                    sides[p].is_none()
                } else {
                    pens[p] == Pen::Due
                }
            }
            Phase1969::Assertion { pens, .. } => pens[p] == Pen::Due,
            Phase1969::Over => false,
        }
    }

    fn writing(&self, p: usize) -> bool {
        match &self.phase {
            Phase1969::Challenge { sides, pens, .. } => {
                sides.iter().all(|s| s.is_some()) && pens[p] == Pen::Due
            }
            Phase1969::Assertion { pens, .. } => pens[p] == Pen::Due,
            _ => false,
        }
    }

    // ------------------------------------------------------------ the log

    /// The accepted actions, in order.
    pub fn log_actions(&self) -> &[Action1969] {
        &self.log
    }

    /// The log: the header line, then one line per accepted action.
    pub fn log_lines(&self) -> Vec<String> {
        let mut out = vec![serde_json::to_string(&self.header).expect("headers serialize")];
        out.extend(
            self.log
                .iter()
                .map(|a| serde_json::to_string(a).expect("actions serialize")),
        );
        out
    }

    /// Re-runs a log written by [`Game::log_lines`].
    pub fn replay(text: &str) -> Result<Game, String> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let head = lines.next().ok_or("the log is empty")?;
        let header: Header1969 =
            crate::public::read_header(head, |h: &mut Header1969| &mut h.config)
                .map_err(|e| format!("line 1: {e}"))?;
        if header.format != FORMAT_1969 {
            return Err(format!("line 1: the format is not {FORMAT_1969}"));
        }
        let (mut g, _) = Game::new(header).map_err(|e| format!("line 1: {e}"))?;
        for (i, line) in lines.enumerate() {
            let a: Action1969 =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 2))?;
            g = g.apply(a).map_err(|e| format!("line {}: {e}", i + 2))?.0;
        }
        Ok(g)
    }

    // ------------------------------------------------------------ acting

    /// Applies one action, judging written Solutions with
    /// [`DefaultClaims`].
    pub fn apply(&self, action: Action1969) -> R<(Game, Vec<Event1969>)> {
        self.apply_with(action, &mut DefaultClaims::new())
    }

    /// Applies one action, asking `claims` whatever the rules make a solver
    /// question (whether a written Solution is correct, whether an
    /// alternative play keeps the A- and P-claims).
    pub fn apply_with(
        &self,
        action: Action1969,
        claims: &mut dyn Claims,
    ) -> R<(Game, Vec<Event1969>)> {
        if action.at_ms < self.now_ms {
            return rej(
                RejectCode::ClockBackwards,
                "M69 3.11",
                format!(
                    "the action is at {} ms but the clock is at {} ms",
                    action.at_ms, self.now_ms
                ),
            );
        }
        if let Some(p) = action.act.player() {
            if p >= self.n() {
                return rej(
                    RejectCode::NoSuchPlayer,
                    "M69 2.1",
                    format!("there is no player {p}"),
                );
            }
        }
        let mut g = self.clone();
        let mut ev = Vec::new();
        g.advance(action.at_ms, &mut ev);
        if g.is_over() && action.act != Act1969::Clock {
            return rej(RejectCode::MatchOver, "M69 2.7", "the game is over");
        }
        g.act(&action.act, claims, &mut ev)?;
        let keep: Vec<Stall> = g
            .stalls
            .iter()
            .filter(|s| g.awaits(s.on))
            .cloned()
            .collect();
        g.stalls = keep;
        g.log.push(action);
        crate::public::note_1969(&mut g.drawn, &ev);
        Ok((g, ev))
    }

    /// 3.11: every stall period that ran out costs its player a point and
    /// begins another.
    fn advance(&mut self, at_ms: u64, ev: &mut Vec<Event1969>) {
        self.now_ms = at_ms;
        for s in &mut self.stalls {
            if s.due_ms <= at_ms {
                // Every period that ran out by now, at once (however far the
                // clock jumped).
                let missed = (at_ms - s.due_ms) / s.period_ms + 1;
                let points = i32::try_from(missed).unwrap_or(i32::MAX);
                self.penalties[s.on] = self.penalties[s.on].saturating_sub(points);
                ev.push(Event1969::StallMissed {
                    player: s.on,
                    periods: missed,
                });
                s.due_ms = s.due_ms.saturating_add(missed.saturating_mul(s.period_ms));
            }
        }
    }

    fn act(&mut self, act: &Act1969, claims: &mut dyn Claims, ev: &mut Vec<Event1969>) -> R<()> {
        match act.clone() {
            Act1969::Clock => Ok(()),
            Act1969::Deal { player, count } => self.deal(player, count, ev),
            Act1969::Roll { player } => self.roll(player, ev),
            Act1969::Move {
                player,
                cube,
                to,
                bonus,
            } => self.do_move(player, cube, to, bonus, ev),
            Act1969::SetGoal { player, goal } => self.set_goal(player, &goal, ev),
            Act1969::DeclareNoGoal { player } => self.declare_no_goal(player, ev),
            Act1969::AcceptNoGoal { player } => self.accept_no_goal(player, ev),
            Act1969::Challenge { player, claim } => self.challenge(player, claim, ev),
            Act1969::Assert { player } => self.assert(player, ev),
            Act1969::Join { player, side } => self.join(player, side, ev),
            Act1969::Write {
                player,
                solution,
                goal,
                alternative,
            } => self.write(player, &solution, goal.as_deref(), alternative, claims, ev),
            Act1969::Decline { player } => self.decline(player, ev),
            Act1969::Stall { player, on } => self.stall(player, on, ev),
        }
    }

    fn start_play(&mut self, ev: &mut Vec<Event1969>) {
        self.play += 1;
        self.dealer = self.right(self.shaker);
        for c in &mut self.cubes {
            c.place = Place::Resources;
        }
        self.dealt.clear();
        self.goal = None;
        self.plays.clear();
        self.play_start = None;
        self.last_mover = None;
        self.stalls.clear();
        self.penalties = vec![0; self.n()];
        self.phase = Phase1969::Deal;
        ev.push(Event1969::PlayStarted {
            play: self.play,
            shaker: self.shaker,
            dealer: self.dealer,
        });
    }

    fn shake_dice(&self) -> Option<&crate::model::ShakeDice> {
        let k = (self.play as usize).checked_sub(1)?;
        self.header.config.dice.as_ref()?.shakes.get(k)
    }

    /// 2.2, 2.3, 2.5: "The player to his right builds a Universe", shuffling
    /// and turning up "at least six cards", before the cubes are shaken.
    fn deal(&mut self, player: usize, count: u8, ev: &mut Vec<Event1969>) -> R<()> {
        if self.phase != Phase1969::Deal {
            return rej(
                RejectCode::AlreadyDealt,
                "M69 2.3",
                "the Universe is built before the cubes are shaken, once",
            );
        }
        if player != self.dealer {
            return rej(
                RejectCode::NotDealer,
                "M69 2.5",
                "the player to the Shaker's right builds the Universe",
            );
        }
        if !(6..=16).contains(&count) {
            return rej(
                RejectCode::DealNothing,
                "M69 2.2",
                "a Universe has at least six cards (2.2) and the deck sixteen (editions.md Q17)",
            );
        }
        let mut deck: Vec<u8> = (0..16).collect();
        for i in (1..16).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        if let Some(top) = self.shake_dice().and_then(|d| d.cards.as_deref()) {
            if let Ok(top) = crate::dice::parse_cards(&claims::read_1969(top)) {
                deck.retain(|c| !top.contains(c));
                deck.splice(0..0, top);
            }
        }
        self.dealt = deck[..count as usize].to_vec();
        ev.push(Event1969::Dealt {
            cards: self.dealt.iter().map(|m| card_1969(*m)).collect(),
        });
        self.phase = Phase1969::Roll;
        Ok(())
    }

    /// 2.5: the Shaker rolls the shaking set; the top faces are the Resources.
    fn roll(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if self.phase != Phase1969::Roll {
            return rej(
                RejectCode::WrongPhase,
                "M69 2.3",
                "the cubes are shaken once the Universe is built",
            );
        }
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 2.5",
                "the Shaker rolls the cubes",
            );
        }
        let fixed = self
            .shake_dice()
            .and_then(|d| d.faces.as_deref())
            .and_then(|f| parse_faces(self.form(), f).ok());
        match fixed {
            Some(cubes) => self.cubes = cubes,
            None => {
                self.cubes = shaking_set(self.form());
                for c in &mut self.cubes {
                    let all = faces(c.family);
                    c.face = all[self.rng.below(all.len() as u32) as usize];
                }
            }
        }
        ev.push(Event1969::Rolled {
            faces: self.cubes.iter().map(|c| face_1969(c.face)).collect(),
        });
        self.phase = Phase1969::Goal { bonus: None };
        Ok(())
    }

    fn cube_in_resources(&self, cube: u8, rule: &'static str) -> R<()> {
        match self.cubes.get(cube as usize) {
            None => rej(RejectCode::NoSuchCube, rule, format!("there is no cube {cube}")),
            Some(c) if c.place != Place::Resources => rej(
                RejectCode::CubeNotThere,
                rule,
                format!(
                    "cube {cube} ({}) is in {}: cubes are never moved after they have been moved from Resources (3.2)",
                    face_1969(c.face),
                    c.place.name()
                ),
            ),
            Some(_) => Ok(()),
        }
    }

    /// 3.2, 3.3: a move, or a bonus move ("Bonus" and one cube from
    /// Resources to Forbidden) before the regular move or the Goal.
    fn do_move(
        &mut self,
        player: usize,
        cube: u8,
        to: Place,
        bonus: bool,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        let (mover, current_bonus, goal_phase) = match &self.phase {
            Phase1969::Goal { bonus } => (self.shaker, *bonus, true),
            Phase1969::Moves { turn, bonus } => (*turn, *bonus, false),
            _ => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.2",
                    "cubes are moved once the cubes are shaken, until play ends",
                )
            }
        };
        if player != mover {
            return rej(
                RejectCode::NotYourTurn,
                "M69 3.2",
                if goal_phase {
                    "the Shaker plays first: the Goal (3.1)"
                } else {
                    "play goes clockwise; it is another player's turn"
                },
            );
        }
        if !matches!(to, Place::Required | Place::Permitted | Place::Forbidden) {
            return rej(
                RejectCode::BadSection,
                "M69 3.2",
                "a cube is moved to Forbidden, Permitted or Required",
            );
        }
        self.cube_in_resources(cube, "M69 3.2")?;
        if bonus || goal_phase {
            if !bonus {
                return rej(
                    RejectCode::GoalFirst,
                    "M69 3.1",
                    "on your shake you set a Goal or say \"No Goal\" first; only a bonus move may come before it (3.3)",
                );
            }
            if current_bonus.is_some() {
                return rej(RejectCode::OneBonus, "M69 3.3", "one bonus move a turn");
            }
            if to != Place::Forbidden {
                return rej(
                    RejectCode::BonusToForbidden,
                    "M69 3.3",
                    "a bonus move moves a cube from Resources to Forbidden",
                );
            }
            self.play_start = Some((self.places(), self.goal.clone()));
            self.cubes[cube as usize].place = Place::Forbidden;
            ev.push(Event1969::BonusMove { player, cube });
            match &mut self.phase {
                Phase1969::Goal { bonus } | Phase1969::Moves { bonus, .. } => *bonus = Some(cube),
                _ => {}
            }
            return Ok(());
        }
        let start = self
            .play_start
            .take()
            .unwrap_or_else(|| (self.places(), self.goal.clone()));
        self.cubes[cube as usize].place = to;
        ev.push(Event1969::Moved { player, cube, to });
        self.complete_play(player, false, start);
        self.phase = Phase1969::Moves {
            turn: self.left(player),
            bonus: None,
        };
        Ok(())
    }

    fn complete_play(
        &mut self,
        mover: usize,
        goal_play: bool,
        start: (Vec<Place>, Option<String>),
    ) {
        self.plays.push(PlayRecord {
            mover,
            goal_play,
            before: start.0,
            goal_before: start.1,
            after: self.places(),
        });
        self.last_mover = Some(mover);
    }

    /// 3.1: the Goal "must consist only of numbers"; left-over numeral cubes
    /// go to Forbidden. The move is complete when the Goal is placed.
    fn set_goal(&mut self, player: usize, text: &str, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Goal { .. } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.1",
                "the Goal is set once, after the roll",
            );
        };
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 3.1",
                "the Shaker sets the Goal",
            );
        }
        let goal = Goal::parse(text).map_err(|e| {
            Rejection::new(
                RejectCode::BadGoal,
                "M69 3.1",
                format!("{e} (side by side is a sum, a vertical line a product, ~ upside-down)"),
            )
        })?;
        let places = self.places();
        let ids = goal_cubes(&self.cubes, &places, &goal).ok_or_else(|| {
            Rejection::new(
                RejectCode::NoSuchDigit,
                "M69 3.1",
                format!(
                    "the Goal {goal} needs numeral cubes that are not in Resources ({})",
                    numerals_in_words(&self.digits_in_resources())
                ),
            )
        })?;
        let start = self
            .play_start
            .take()
            .unwrap_or_else(|| (self.places(), self.goal.clone()));
        for c in &mut self.cubes {
            if c.family == Family::Digit && c.place == Place::Resources {
                c.place = if ids.contains(&c.id) {
                    Place::Goal
                } else {
                    Place::Forbidden
                };
            }
        }
        self.goal = Some(goal.to_string());
        ev.push(Event1969::GoalSet {
            player,
            goal: goal.to_string(),
        });
        self.complete_play(player, true, start);
        self.phase = Phase1969::Moves {
            turn: self.left(player),
            bonus: None,
        };
        Ok(())
    }

    /// 3.1: "No Goal" instead of a Goal. A Shaker who has taken a bonus move
    /// must set a Goal (editions.md Q19).
    fn declare_no_goal(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Goal { bonus } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.1",
                "\"No Goal\" is said instead of setting the Goal",
            );
        };
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 3.1",
                "the Shaker sets the Goal or says \"No Goal\"",
            );
        }
        if bonus.is_some() {
            return rej(
                RejectCode::BonusCommits,
                "M69 3.3",
                "a bonus move comes before a regular move: after it the Shaker sets a Goal (editions.md Q19)",
            );
        }
        self.last_mover = Some(player);
        ev.push(Event1969::NoGoalDeclared { player });
        self.phase = Phase1969::NoGoal {
            accepted: Vec::new(),
        };
        Ok(())
    }

    /// 3.10 B: nobody challenges "No Goal": every player scores 1.
    fn accept_no_goal(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::NoGoal { accepted } = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.10",
                "nobody has said \"No Goal\"",
            );
        };
        if player == self.shaker {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.10",
                "the Shaker said \"No Goal\"",
            );
        }
        if accepted.contains(&player) {
            return rej(
                RejectCode::AlreadyAgreed,
                "M69 3.10",
                "already let it stand",
            );
        }
        accepted.push(player);
        ev.push(Event1969::NoGoalAccepted { player });
        if accepted.len() + 1 == self.n() {
            let points = vec![1; self.n()];
            self.finish_play(
                points,
                "\"No Goal\" unchallenged: each player scores 1 (3.10 B)",
                ev,
            );
        }
        Ok(())
    }

    /// 3.6: "Whether or not it is your turn", a challenge of "the other
    /// player who has just completed a move or has just said 'No Goal'",
    /// naming the kind of Flub. Two challenges at the same moment: the coin
    /// decides; the other challenger is a Third Party (3.6 comment 2).
    fn challenge(&mut self, player: usize, claim: Claim, ev: &mut Vec<Event1969>) -> R<()> {
        let n = self.n();
        if let Phase1969::Challenge {
            challenger,
            mover,
            at_ms,
            sides,
            pens,
            claim: current,
        } = &self.phase
        {
            let fresh = sides
                .iter()
                .enumerate()
                .all(|(p, s)| p == *challenger || p == *mover || s.is_none())
                && pens.iter().all(|p| *p == Pen::Idle || *p == Pen::Due);
            if *at_ms != self.now_ms || !fresh || n < 3 {
                return rej(
                    RejectCode::AlreadyChallenged,
                    "M69 3.6",
                    "a challenge has been made; it cannot be retracted, and a later one is not simultaneous",
                );
            }
            if player == *challenger || player == *mover {
                return rej(
                    RejectCode::AlreadyChallenged,
                    "M69 3.6",
                    "this player is the Challenger or the Mover",
                );
            }
            self.claim_fits(claim, *mover)?;
            let (first, mover, current) = (*challenger, *mover, *current);
            let fixed = self
                .header
                .config
                .dice
                .as_ref()
                .and_then(|d| d.coins.get(self.tosses).copied())
                .filter(|w| *w == first || *w == player);
            self.tosses += 1;
            let winner = match fixed {
                Some(w) => w,
                None if self.rng.below(2) == 0 => first,
                None => player,
            };
            ev.push(Event1969::CoinTossed {
                challengers: vec![first, player],
                winner,
            });
            let claim = if winner == player { claim } else { current };
            self.begin_challenge(winner, mover, claim, ev);
            return Ok(());
        }
        let mover = match &self.phase {
            Phase1969::NoGoal { .. } => self.shaker,
            Phase1969::Moves { bonus: None, .. } => self.last_mover.unwrap_or(self.shaker),
            Phase1969::Moves { bonus: Some(_), turn } => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.6",
                    format!("player {turn} has begun a play with a bonus move: the previous play can no longer be challenged"),
                )
            }
            _ => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.6",
                    "a challenge is made against a completed move or \"No Goal\"",
                )
            }
        };
        if player == mover {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.6",
                "a player challenges the other player who has just moved",
            );
        }
        self.claim_fits(claim, mover)?;
        self.begin_challenge(player, mover, claim, ev);
        Ok(())
    }

    /// Whether `claim` can be made against the present play (3.5).
    fn claim_fits(&self, claim: Claim, _mover: usize) -> R<()> {
        let no_goal = matches!(self.phase, Phase1969::NoGoal { .. })
            || matches!(
                &self.phase,
                Phase1969::Challenge {
                    claim: Claim::NoGoal,
                    ..
                }
            );
        match (no_goal, claim) {
            (true, Claim::NoGoal) => Ok(()),
            (true, _) => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "\"No Goal\" is challenged as a No-Goal Flub (3.5 A)",
            ),
            (false, Claim::NoGoal) => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "nobody has said \"No Goal\"",
            ),
            (false, Claim::CFromA | Claim::CFromP) if self.plays.len() < 2 => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "the C-claim is about challenging the previous move; the Goal has none before it",
            ),
            _ => Ok(()),
        }
    }

    fn begin_challenge(
        &mut self,
        challenger: usize,
        mover: usize,
        claim: Claim,
        ev: &mut Vec<Event1969>,
    ) {
        let n = self.n();
        let mut sides = vec![None; n];
        sides[challenger] = Some(Side::Challenger);
        sides[mover] = Some(Side::Mover);
        ev.push(Event1969::Challenged {
            player: challenger,
            claim,
            against: mover,
        });
        self.phase = Phase1969::Challenge {
            claim,
            challenger,
            mover,
            at_ms: self.now_ms,
            sides,
            pens: vec![Pen::Idle; n],
        };
        self.maybe_begin_writing();
    }

    /// Once every Third Party has joined, the side with the burden writes
    /// (3.7, 3.9 B).
    fn maybe_begin_writing(&mut self) {
        if let Phase1969::Challenge {
            claim, sides, pens, ..
        } = &mut self.phase
        {
            if sides.iter().all(|s| s.is_some()) {
                let b = claim.burden();
                for (p, s) in sides.iter().enumerate() {
                    if *s == Some(b) && pens[p] == Pen::Idle {
                        pens[p] = Pen::Due;
                    }
                }
            }
        }
    }

    /// 3.9 A: "the Third Party (T) must join either the Challenger (C) or
    /// the Mover (M)".
    fn join(&mut self, player: usize, side: Side, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Challenge { sides, .. } = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.9",
                "there is no challenge to join",
            );
        };
        if sides[player].is_some() {
            return rej(
                RejectCode::AlreadyDecided,
                "M69 3.9",
                "only a Third Party joins a side, once",
            );
        }
        sides[player] = Some(side);
        ev.push(Event1969::Joined { player, side });
        self.maybe_begin_writing();
        Ok(())
    }

    /// 3.2, 3.10 A: on your turn, "assert (without challenging) that a
    /// Solution can be built with one more cube from Resources". Play ends;
    /// every player may write.
    fn assert(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Moves { turn, bonus } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.2",
                "an assertion is made on a turn after the Goal",
            );
        };
        if player != turn {
            return rej(
                RejectCode::NotYourTurn,
                "M69 3.2",
                "an assertion is made on your own turn",
            );
        }
        if bonus.is_some() {
            return rej(
                RejectCode::BonusCommits,
                "M69 3.3",
                "a bonus move comes before a regular move; after it, move",
            );
        }
        ev.push(Event1969::Asserted { player });
        self.phase = Phase1969::Assertion {
            asserter: player,
            pens: vec![Pen::Due; self.n()],
        };
        Ok(())
    }

    fn write(
        &mut self,
        player: usize,
        solution: &str,
        goal: Option<&str>,
        alternative: Option<Alternative>,
        claims: &mut dyn Claims,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        if !self.writing(player) {
            return rej(
                RejectCode::MayNotPresent,
                "M69 3.7",
                "this player is not to write a Solution now (the side with the burden of proof writes, 3.7, 3.9 B)",
            );
        }
        let (allowance, claim) = match &self.phase {
            Phase1969::Challenge { claim, .. } => (claim.allowance(), Some(*claim)),
            _ => (Allowance::AtMostOne, None),
        };
        let mut reasons = Vec::new();
        let x = match claim {
            Some(Claim::NoGoal) => match goal {
                None => {
                    reasons.push(
                        "after a No-Goal challenge you must set a Goal as well as build a Solution (3.4 D)"
                            .to_string(),
                    );
                    None
                }
                Some(t) => match self.goal_position(&self.places(), None, t) {
                    Ok(p) => Some(p),
                    Err(m) => {
                        reasons.push(m);
                        None
                    }
                },
            },
            _ => Some(self.position()),
        };
        if let Some(x) = &x {
            if let Err(r) = claims.check(x, allowance, solution) {
                reasons.extend(r);
            }
        }
        if let Some(c) = claim.filter(|c| c.needs_alternative()) {
            match alternative {
                None => reasons.push(
                    "the Challenger of an A-claim must also show an alternative move that keeps the A- and P-claims (3.7 comment 3)"
                        .into(),
                ),
                Some(alt) => {
                    if let Err(m) = self.check_alternative(c, &alt, claims) {
                        reasons.push(m);
                    }
                }
            }
        }
        let sustained = reasons.is_empty();
        ev.push(Event1969::Written {
            player,
            solution: solution.to_string(),
            sustained,
            reasons: reasons.clone(),
        });
        self.set_pen(
            player,
            Pen::Wrote {
                solution: solution.to_string(),
                sustained,
                reasons,
            },
        );
        self.maybe_score(ev);
        Ok(())
    }

    fn decline(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if !self.writing(player) {
            return rej(
                RejectCode::MayNotPresent,
                "M69 3.7",
                "this player is not to write a Solution now",
            );
        }
        ev.push(Event1969::Declined { player });
        self.set_pen(player, Pen::Declined);
        self.maybe_score(ev);
        Ok(())
    }

    fn set_pen(&mut self, player: usize, pen: Pen) {
        match &mut self.phase {
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                pens[player] = pen
            }
            _ => {}
        }
    }

    /// The Goal `text` set from the numeral cubes in Resources at `places`
    /// (the rest to Forbidden, 3.1), as a position.
    fn goal_position(
        &self,
        places: &[Place],
        bonus: Option<u8>,
        text: &str,
    ) -> Result<Position, String> {
        let goal = Goal::parse(text).map_err(|e| format!("the Goal {text}: {e}"))?;
        let mut places = places.to_vec();
        if let Some(b) = bonus {
            places[b as usize] = Place::Forbidden;
        }
        let ids = goal_cubes(&self.cubes, &places, &goal).ok_or_else(|| {
            format!("the Goal {goal} needs numeral cubes that were not in Resources (3.1)")
        })?;
        for c in &self.cubes {
            if c.family == Family::Digit && places[c.id as usize] == Place::Resources {
                places[c.id as usize] = if ids.contains(&c.id) {
                    Place::Goal
                } else {
                    Place::Forbidden
                };
            }
        }
        Ok(self.position_at(&places, Some(&goal.to_string())))
    }

    /// The mat now with the Goal `goal` set from the numeral cubes in
    /// Resources (the rest to Forbidden, 3.1): what a Shaker, or a No-Goal
    /// Challenger, would set.
    pub fn position_with_goal(&self, goal: &str) -> Result<Position, String> {
        self.goal_position(&self.places(), None, goal)
    }

    /// The mat an alternative to play `k` of the round reaches from the mat
    /// before that play (3.7 comment 3; editions.md Q21): a bonus cube to
    /// Forbidden if any, then another Goal (for the Goal-setting play) or
    /// another move.
    pub fn alternative_position(&self, k: usize, alt: &Alternative) -> Result<Position, String> {
        let record = self
            .plays
            .get(k)
            .ok_or_else(|| format!("there is no play {k}"))?;
        let before = &record.before;
        let in_res = |id: u8| before.get(id as usize) == Some(&Place::Resources);
        if let Some(b) = alt.bonus {
            if !in_res(b) {
                return Err(format!(
                    "the alternative's bonus cube {b} was not in Resources"
                ));
            }
        }
        if record.goal_play {
            let goal = alt
                .goal
                .as_deref()
                .ok_or("the alternative to a Goal is another Goal (§5 b)")?;
            return self.goal_position(before, alt.bonus, goal);
        }
        let (Some(cube), Some(to)) = (alt.cube, alt.to) else {
            return Err("the alternative move names a cube and a section".into());
        };
        if !in_res(cube) || Some(cube) == alt.bonus {
            return Err(format!(
                "the alternative's cube {cube} was not in Resources"
            ));
        }
        if !matches!(to, Place::Required | Place::Permitted | Place::Forbidden) {
            return Err("a cube is moved to Forbidden, Permitted or Required".into());
        }
        let mut places = before.clone();
        if let Some(b) = alt.bonus {
            places[b as usize] = Place::Forbidden;
        }
        places[cube as usize] = to;
        Ok(self.position_at(&places, record.goal_before.as_deref()))
    }

    /// The mat after play `k` of the round.
    pub fn position_after(&self, k: usize) -> Option<Position> {
        let r = self.plays.get(k)?;
        let goal = if r.goal_play {
            self.goal.as_deref()
        } else {
            r.goal_before.as_deref()
        };
        Some(self.position_at(&r.after, goal))
    }

    /// 3.7 comment 3: the alternative "(a) did not allow a Solution to be
    /// built with at most one more cube from the Resources" and "(b) did not
    /// violate the P-claim". For an A-claim it replaces the challenged play;
    /// for a C-claim from A the play that began the chain, which the
    /// Challenger names (editions.md Q21, Q22).
    fn check_alternative(
        &self,
        claim: Claim,
        alt: &Alternative,
        claims: &mut dyn Claims,
    ) -> Result<(), String> {
        let last = self
            .plays
            .len()
            .checked_sub(1)
            .ok_or("no play has been made")?;
        let k = match (claim, alt.play) {
            (Claim::A, None) => last,
            (Claim::A, Some(k)) if k == last => last,
            (Claim::A, Some(k)) => {
                return Err(format!(
                    "an A-claim is about the challenged play ({last}), not play {k}"
                ))
            }
            (_, Some(k)) if k < last => {
                // 3.5 comments 2 and 3, 3.7 comment 2: the chain stems from "a
                // previous A-claim violation", so play k itself must have
                // allowed a Solution with at most one more cube; with the
                // alternative below (3.7 comment 3) that makes it one. A play
                // that allowed none (or a forced one, comment 2: no
                // alternative then exists) begins no chain.
                let x = self
                    .position_after(k)
                    .ok_or_else(|| format!("there is no play {k}"))?;
                if !claims.within_one(&x) {
                    return Err(format!(
                        "play {k} did not allow a Solution with at most one more cube from Resources, so it was no A-claim violation and no C-claim stems from it (3.5 comment 3, 3.7 comment 2)"
                    ));
                }
                k
            }
            (_, Some(k)) if k == last => {
                return Err(format!(
                    "a C-claim stems from a previous play's violation (3.5 comment 3); play {k} is the challenged play itself: challenge it with an A-claim"
                ))
            }
            (_, Some(k)) => return Err(format!("there is no play {k}")),
            (_, None) => {
                return Err(
                    "a C-claim stemming from an A-claim names the play that began the chain (editions.md Q22)"
                        .into(),
                )
            }
        };
        let y = self.alternative_position(k, alt)?;
        if claims.within_one(&y) {
            return Err(format!(
                "the alternative also allows a Solution with at most one more cube from Resources: {}",
                claims.solution(&y, Allowance::AtMostOne).unwrap_or_default()
            ));
        }
        if !claims.possible(&y) {
            return Err(
                "the alternative violates the P-claim: no Solution can be built after it".into(),
            );
        }
        Ok(())
    }

    /// When every writer is done: 3.8, 3.9 (a challenge) or 3.10 A (an
    /// assertion).
    fn maybe_score(&mut self, ev: &mut Vec<Event1969>) {
        let n = self.n();
        match self.phase.clone() {
            Phase1969::Challenge {
                claim,
                challenger,
                mover,
                sides,
                pens,
                ..
            } if !pens.contains(&Pen::Due) => {
                let b = claim.burden();
                let ok = |p: &Pen| {
                    matches!(
                        p,
                        Pen::Wrote {
                            sustained: true,
                            ..
                        }
                    )
                };
                let any = pens.iter().any(ok);
                let mut points = vec![0; n];
                for p in 0..n {
                    // 3.8: Correct iff (A) has the burden and sustains it,
                    // or (B) has not and nobody sustains it.
                    let correct = if sides[p] == Some(b) {
                        ok(&pens[p])
                    } else {
                        !any
                    };
                    // 3.9 C–F.
                    points[p] = match (correct, p == challenger, p == mover, sides[p]) {
                        (false, ..) => 0,
                        (true, true, _, _) | (true, _, true, _) => 2,
                        (true, _, _, Some(Side::Challenger)) => 1,
                        (true, _, _, _) => 2,
                    };
                }
                let note = format!(
                    "{} by player {challenger} against player {mover}: burden on the {}, {} (3.8, 3.9)",
                    claim.name(),
                    if b == Side::Challenger { "Challenger" } else { "Mover" },
                    if any { "sustained" } else { "not sustained" }
                );
                self.finish_play(points, &note, ev);
            }
            Phase1969::Assertion { asserter, pens } if !pens.contains(&Pen::Due) => {
                let mut points = vec![0; n];
                for p in 0..n {
                    let wrote = matches!(
                        pens[p],
                        Pen::Wrote {
                            sustained: true,
                            ..
                        }
                    );
                    points[p] = if wrote {
                        1
                    } else if p == asserter {
                        -1
                    } else {
                        0
                    };
                }
                self.finish_play(
                    points,
                    &format!("assertion by player {asserter} (3.10 A)"),
                    ev,
                );
            }
            _ => {}
        }
    }

    fn finish_play(&mut self, points: Vec<i32>, note: &str, ev: &mut Vec<Event1969>) {
        ev.push(Event1969::PlayScored {
            play: self.play,
            scores: points.clone(),
            note: note.to_string(),
        });
        self.history.push(PlayLine {
            play: self.play,
            shaker: self.shaker,
            points,
            penalties: self.penalties.clone(),
            note: note.to_string(),
        });
        if self.play >= self.plays_in_game() {
            self.phase = Phase1969::Over;
            self.stalls.clear();
            ev.push(Event1969::GameOver {
                totals: self.totals(),
            });
        } else {
            // Q27: the Shaker passes to the left.
            self.shaker = self.left(self.shaker);
            self.start_play(ev);
        }
    }

    /// 3.11: "stall" on a player deciding or writing starts a period; each
    /// missed period costs a point and another begins.
    fn stall(&mut self, player: usize, on: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if on >= self.n() {
            return rej(
                RejectCode::NoSuchPlayer,
                "M69 3.11",
                format!("there is no player {on}"),
            );
        }
        if on == player {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.11",
                "any other player may call \"stall\"",
            );
        }
        if !self.awaits(on) {
            return rej(
                RejectCode::Waiting,
                "M69 3.11",
                "this player is not deciding on a Goal, a move, a side or a Solution",
            );
        }
        if self.stalls.iter().any(|s| s.on == on) {
            return rej(
                RejectCode::AlreadyDecided,
                "M69 3.11",
                "\"stall\" has been called on this player",
            );
        }
        let period_ms = if self.writing(on) {
            self.header.settings.writing_ms
        } else {
            self.header.settings.decision_ms
        };
        self.stalls.push(Stall {
            on,
            due_ms: self.now_ms.saturating_add(period_ms),
            period_ms,
        });
        ev.push(Event1969::StallCalled { player, on });
        Ok(())
    }
}

/// The shaking set of a form (2.2, 2.5; editions.md §2.1, Q15, Q16): Basic
/// three numeral, four color and three red-symbol cubes; Advanced all 18
/// (three numeral, eight color, four red-symbol, three blue-symbol). Cube
/// ids follow that order.
pub fn shaking_set(form: Form1969) -> Vec<Cube1969> {
    let counts: &[(Family, usize)] = match form {
        Form1969::Basic => &[
            (Family::Digit, 3),
            (Family::Color, 4),
            (Family::Operation, 3),
        ],
        Form1969::Advanced => &[
            (Family::Digit, 3),
            (Family::Color, 8),
            (Family::Operation, 4),
            (Family::Restriction, 3),
        ],
    };
    let mut out = Vec::new();
    for (family, k) in counts {
        for _ in 0..*k {
            out.push(Cube1969 {
                id: out.len() as u8,
                family: *family,
                face: faces(*family)[0],
                place: Place::Resources,
            });
        }
    }
    out
}

/// The shaking set of a header's `"faces"`, in the order written (`O` is
/// the fourth color). The rule text's sets are 10 and 18 cubes (2.2), but
/// the manual's own sample games roll others (editions.md Q15: accept any
/// multiset of cubes in a given position), so any faces are taken up to the
/// kit's counts (3 numeral, 8 color, 4 red-symbol, 3 blue-symbol cubes);
/// Basic uses no blue-symbol cubes (2.2).
pub fn parse_faces(form: Form1969, text: &str) -> Result<Vec<Cube1969>, String> {
    let mut out: Vec<Cube1969> = Vec::new();
    for w in text.split_whitespace() {
        let s = Symbol::parse(&claims::read_1969(w)).map_err(|e| format!("face `{w}`: {e}"))?;
        let family = match s.family() {
            onsets_core::CubeFamily::Digit => Family::Digit,
            onsets_core::CubeFamily::Color => Family::Color,
            onsets_core::CubeFamily::Operation => Family::Operation,
            onsets_core::CubeFamily::Restriction => Family::Restriction,
        };
        if form == Form1969::Basic && family == Family::Restriction {
            return Err(format!(
                "face `{w}`: the blue-symbol cubes are not used in Basic ON-SETS (2.2)"
            ));
        }
        out.push(Cube1969 {
            id: out.len() as u8,
            family,
            face: s,
            place: Place::Resources,
        });
    }
    for fam in [
        onsets_core::CubeFamily::Digit,
        onsets_core::CubeFamily::Color,
        onsets_core::CubeFamily::Operation,
        onsets_core::CubeFamily::Restriction,
    ] {
        let k = out.iter().filter(|c| c.face.family() == fam).count();
        if k > fam.kit_count() {
            return Err(format!(
                "`{text}`: {k} {} cubes; the kit has {}",
                fam.name(),
                fam.kit_count()
            ));
        }
    }
    if out.is_empty() {
        return Err("no faces".into());
    }
    Ok(out)
}

/// A face as 1969 prints it (the fourth color is orange, O).
pub fn face_1969(s: Symbol) -> String {
    claims::print_1969(&s.canonical())
}

/// A card as 1969 prints it.
pub fn card_1969(mask: u8) -> String {
    claims::print_1969(&crate::engine::card_name(mask))
}

fn digits_at(cubes: &[Cube1969], places: &[Place]) -> Vec<u8> {
    cubes
        .iter()
        .zip(places)
        .filter(|(c, at)| c.family == Family::Digit && **at == Place::Resources)
        .filter_map(|(c, _)| match c.face {
            Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// The numeral cubes in Resources at `places` that a Goal uses, or `None`
/// if its digits are not there.
fn goal_cubes(cubes: &[Cube1969], places: &[Place], goal: &Goal) -> Option<Vec<u8>> {
    let mut free: Vec<&Cube1969> = cubes
        .iter()
        .filter(|c| c.family == Family::Digit && places[c.id as usize] == Place::Resources)
        .collect();
    let mut ids = Vec::new();
    for d in goal.digits() {
        let i = free.iter().position(|c| c.face == Symbol::Digit(d.digit))?;
        ids.push(free.remove(i).id);
    }
    Some(ids)
}

/// The numeral cubes in Resources in words (M69 3.1): `Resources hold 3, 2
/// and 3`, or `Resources hold no numeral cube`.
fn numerals_in_words(digits: &[u8]) -> String {
    let d: Vec<String> = digits.iter().map(u8::to_string).collect();
    match d.as_slice() {
        [] => "Resources hold no numeral cube".into(),
        [one] => format!("Resources hold only {one}"),
        [init @ .., last] => format!("Resources hold {} and {last}", init.join(", ")),
    }
}

/// A note of the game (`P-claim by player 1 against player 0`) with the
/// seats' names for their numbers, as a score sheet reads (M69 3.8): from
/// the highest seat down, so `player 1` never eats into `player 10`.
pub fn seats_named(text: &str, names: &[String]) -> String {
    let mut out = text.to_string();
    for (p, name) in names.iter().enumerate().rev() {
        out = out.replace(&format!("player {p}"), name);
    }
    out
}
