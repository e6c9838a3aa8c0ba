//! # onsets-puzzles
//!
//! Puzzles whose answers are proved by the exact solver (docs/puzzles.md, items 1
//! and 5): four kinds, each asking one question about one position.
//!
//! * [`Kind::Challenge`]: right after a move, which challenge is correct now
//!   (`now`, V-A-2; `impossible`, V-A-1; or `neither`)?
//! * [`Kind::Solve`]: write a correct Solution (VII-B); any correct Solution
//!   is accepted, judged by the core's checker.
//! * [`Kind::SafeMove`]: which move is safe (IV-B, V-A)?
//! * [`Kind::Goal`]: which Goal gives the opponents no immediate win (III-B,
//!   V-A-1)?
//!
//! Positions come from two sources ([`Source`]): mined from bot self-play
//! ([`mine`]: every position right after a move of a bot match) and
//! generated directly ([`deal`]: cubes rolled, a Universe dealt, a Goal set,
//! random moves played). A position becomes a puzzle only when its answer is
//! unique and not trivial (each kind's module says what that means for it).
//! Everything is pure and seeded: the same [`Config`] gives the same puzzles.
//! Answers come only from the solver's public API ([`onsets_solver::solve`],
//! [`onsets_solver::solve_shortest`] and [`onsets_solver::analysis`]);
//! [`judge`] checks an attempt against a puzzle.
//!
//! Rule editions (docs/editions.md, [`Config::edition`]): the default 2026-27 output
//! is unchanged; MLAG 2019-20 deals its own cubes and Universe ([`deal`])
//! and proves answers with the solver under that edition; the 1969 manual
//! has no Now or Impossible, so it offers [`Kind::Claim`] instead of
//! [`Kind::Challenge`], and its kinds are answered from the exact claims
//! (`manual1969`). A kind an edition does not have is refused
//! ([`Kind::check_edition`]).
//!
//! [`lessons`] (item 3) is the tutorial: the seven rules of Basic On-Sets on
//! live positions, then Restrictions and each variation of XIII with
//! exercises built by the solver (docs/lessons.md).

mod attempt;
mod challenge;
pub mod deal;
pub mod drills;
pub mod features;
mod goal;
pub mod lessons;
mod manual1969;
pub mod mine;
pub mod rng;
mod safe_move;
mod solve;
pub mod themes;

pub use attempt::{judge, AttemptError, Judgement};
pub use features::Features;

use deal::Table;
use onsets_core::{Division, Edition, Position};
use rng::{mix, Dice};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::str::FromStr;

/// The kinds of puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Challenge,
    Solve,
    SafeMove,
    Goal,
    /// 1969 only (M69 3.5): right after a play, which Flub claim is correct
    /// (`a`, `p` or `none`).
    Claim,
}

impl Kind {
    /// The kinds of the 2026-27 and 2019-20 editions.
    pub const ALL: [Kind; 4] = [Kind::Challenge, Kind::Solve, Kind::SafeMove, Kind::Goal];

    /// Every kind of every edition.
    pub const EVERY: [Kind; 5] = [
        Kind::Challenge,
        Kind::Solve,
        Kind::SafeMove,
        Kind::Goal,
        Kind::Claim,
    ];

    /// The kinds offered under `edition`: 2026-27 and 2019-20 have the
    /// Now and Impossible challenges (V-A) and no Flub claims; the 1969
    /// manual has the claims (M69 3.5) and no Now or Impossible.
    pub fn of_edition(edition: Edition) -> &'static [Kind] {
        match edition {
            Edition::Manual1969(_) => &[Kind::Claim, Kind::Solve, Kind::SafeMove, Kind::Goal],
            _ => &Kind::ALL,
        }
    }

    /// `Ok` when the kind exists under `edition`, else why not.
    pub fn check_edition(self, edition: Edition) -> Result<(), String> {
        if Kind::of_edition(edition).contains(&self) {
            return Ok(());
        }
        Err(match (self, edition) {
            (Kind::Challenge, Edition::Manual1969(_)) => {
                "the 1969 manual has no Now or Impossible \
                challenges (M69 3.5: the Flub claims A, P and C): use the `claim` kind"
                    .to_string()
            }
            (k, e) => format!(
                "the `{k}` kind belongs to the 1969 manual (M69 3.5), not to the {} rules: \
                 use `challenge`",
                e.name()
            ),
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Challenge => "challenge",
            Kind::Solve => "solve",
            Kind::SafeMove => "safe-move",
            Kind::Goal => "goal",
            Kind::Claim => "claim",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Kind::EVERY
            .into_iter()
            .find(|k| k.name() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown puzzle kind `{s}`: expected challenge, solve, safe-move or goal (or claim, 1969 only)"
                )
            })
    }
}

/// Where candidate positions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Generated directly ([`deal`]).
    Generated,
    /// Mined from bot self-play ([`mine`]); `goal` puzzles are always
    /// generated (a bot match records the Goal set, not the choice before it).
    Mined,
    /// One candidate from each in turn.
    Both,
}

impl FromStr for Source {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "generated" => Ok(Source::Generated),
            "mined" => Ok(Source::Mined),
            "both" => Ok(Source::Both),
            _ => Err(format!(
                "unknown source `{s}`: expected generated, mined or both"
            )),
        }
    }
}

/// One puzzle (the JSON object of `onsets puzzle generate --json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// `KIND-` and 16 hex digits of a hash of the kind and the position:
    /// the same puzzle always has the same id.
    pub id: String,
    pub kind: Kind,
    /// The position (docs/notation.md position JSON).
    pub position: Value,
    pub question: String,
    /// The answers to choose from (`challenge`: now / impossible / neither;
    /// `safe-move`: every legal move); empty when the answer is written.
    #[serde(default)]
    pub choices: Vec<String>,
    /// The answer proved by the solver (its shape depends on the kind;
    /// docs/puzzles.md).
    pub answer: Value,
    pub explanation: String,
    /// A starting rating on the Glicko-2 scale from the measured features.
    pub difficulty: u32,
    pub features: Features,
    /// Theme slugs ([`themes::THEMES`]).
    pub themes: Vec<String>,
    /// `generated` or `mined`.
    pub source: String,
    /// `claim` puzzles (1969): the play just made, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_play: Option<String>,
    /// `claim` puzzles (1969): the position before that play (the A-claim
    /// compares the play with the others possible from it, M69 3.7 comment 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
}

impl Puzzle {
    /// The position, read by the core.
    pub fn position(&self) -> Result<Position, String> {
        Position::from_json(&self.position.to_string()).map_err(|e| e.to_string())
    }

    /// The puzzle without its answer and explanation (what a solver sees
    /// before attempting it).
    pub fn question_only(&self) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Some(o) = v.as_object_mut() {
            o.remove("answer");
            o.remove("explanation");
        }
        v
    }
}

/// What a kind's module makes of a kept position.
pub(crate) struct Made {
    pub position: Position,
    pub question: String,
    pub choices: Vec<String>,
    pub answer: Value,
    /// The answer in one word, where there is one (for the difficulty).
    pub answer_word: String,
    pub explanation: String,
    pub features: Features,
    pub themes: Vec<&'static str>,
    /// `claim` puzzles: the play and the position before it.
    pub play: Option<(String, Position)>,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub kind: Kind,
    pub count: usize,
    pub seed: u64,
    pub division: Division,
    /// Adventurous On-Sets (a variation in about a third of the generated
    /// positions; the bots choose them in mined matches) or Basic.
    pub adventurous: bool,
    pub source: Source,
    /// Give up after this many candidate positions per puzzle asked for.
    pub tries_per_puzzle: usize,
    /// The rules (docs/editions.md): 2026-27 (the default), MLAG 2019-20 (Basic
    /// when `adventurous` is false, else Adventurous) or the 1969 manual in
    /// its form (`division` and `adventurous` are then ignored).
    pub edition: Edition,
}

impl Config {
    pub fn new(kind: Kind, count: usize, seed: u64) -> Self {
        Config {
            kind,
            count,
            seed,
            division: Division::Middle,
            adventurous: true,
            source: Source::Generated,
            tries_per_puzzle: 2_000,
            edition: Edition::Tournament2026,
        }
    }
}

/// Why generation stopped short.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GenerateError {
    #[error("only {found} of {wanted} {kind} puzzles found in {tries} candidate positions")]
    TooFew {
        kind: Kind,
        found: usize,
        wanted: usize,
        tries: usize,
    },
    /// The configuration asks for something the edition does not have.
    #[error("{0}")]
    Unsupported(String),
}

/// Generates `config.count` distinct puzzles of one kind.
pub fn generate(config: &Config) -> Result<Vec<Puzzle>, GenerateError> {
    let mut out = Vec::new();
    generate_each(config, &mut |p| out.push(p))?;
    Ok(out)
}

/// [`generate`], handing each puzzle over as soon as it is found.
pub fn generate_each(config: &Config, each: &mut dyn FnMut(Puzzle)) -> Result<(), GenerateError> {
    generate_each_with(config, &mut |_| true, each)
}

/// [`generate`] for a sheet: no puzzle [`nearly_same`] as one in `taken`
/// or as one found before it (candidates that are are skipped, so the
/// result is still fixed by the seed).
pub fn generate_distinct(config: &Config, taken: &[Puzzle]) -> Result<Vec<Puzzle>, GenerateError> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut kept: Vec<Puzzle> = taken.to_vec();
    generate_each_with(
        config,
        &mut |p| {
            if kept.iter().any(|q| nearly_same(p, q)) {
                return false;
            }
            kept.push(p.clone());
            true
        },
        &mut |p| out.push(p),
    )?;
    Ok(out)
}

/// Whether two puzzles show nearly the same position, so that a sheet
/// should not have both:
///
/// * the same Universe and the same cubes (the same roll, every cube
///   counted wherever it lies, II-A, II-B), or
/// * the same mat (Required, Permitted and Forbidden, not all empty) and
///   the same Goal, or
/// * two `goal` puzzles with the same digit cubes and the same safe Goals
///   (the same choice and the same answer, III-B).
pub fn nearly_same(a: &Puzzle, b: &Puzzle) -> bool {
    let (Ok(p), Ok(q)) = (a.position(), b.position()) else {
        return false;
    };
    let sorted = |lists: &[&onsets_core::CubeList]| {
        let mut v: Vec<String> = lists
            .iter()
            .flat_map(|l| l.iter().map(|s| s.to_string()))
            .collect();
        v.sort();
        v
    };
    let all = |x: &Position| sorted(&[x.required(), x.permitted(), x.forbidden(), x.resources()]);
    let mat = |x: &Position| {
        [&x.required(), &x.permitted(), &x.forbidden()]
            .map(|l| sorted(&[l]))
            .to_vec()
    };
    let goal_digits = |x: &Position| {
        let mut d: Vec<u8> = onsets_solver::analysis::goal_digits(x);
        d.sort();
        d
    };
    if p.universe() == q.universe() && all(&p) == all(&q) {
        return true;
    }
    let mat_p = mat(&p);
    if mat_p.iter().any(|l| !l.is_empty()) && mat_p == mat(&q) && p.goal() == q.goal() {
        return true;
    }
    a.kind == Kind::Goal
        && b.kind == Kind::Goal
        && goal_digits(&p) == goal_digits(&q)
        && a.answer["safe"] == b.answer["safe"]
}

/// [`generate_each`] keeping only the puzzles `accept` takes (the others
/// are skipped as if never found).
fn generate_each_with(
    config: &Config,
    accept: &mut dyn FnMut(&Puzzle) -> bool,
    each: &mut dyn FnMut(Puzzle),
) -> Result<(), GenerateError> {
    config
        .kind
        .check_edition(config.edition)
        .map_err(GenerateError::Unsupported)?;
    // the bot matches of `mine` are 2026-27 matches: under another edition
    // `both` means generated only, and `mined` is refused
    if config.edition != Edition::Tournament2026 && config.source == Source::Mined {
        {
            return Err(GenerateError::Unsupported(format!(
                "mined puzzles are 2026-27 only (the bots' matches are played under those rules); \
                 under {} use --source generated",
                config.edition.name()
            )));
        }
    }
    let edition = config.edition;
    let table = Table {
        division: config.division,
        adventurous: config.adventurous,
    };
    let mut seen: HashSet<String> = HashSet::new();
    let mut mined: VecDeque<Position> = VecDeque::new();
    let mut matches = 0u64;
    let tries = config.tries_per_puzzle.saturating_mul(config.count.max(1));
    let mut found = 0;
    let mut neither = 0;
    for t in 0..tries {
        if found == config.count {
            return Ok(());
        }
        let from_mine = config.kind != Kind::Goal
            && edition == Edition::Tournament2026
            && match config.source {
                Source::Generated => false,
                Source::Mined => true,
                Source::Both => t % 2 == 1,
            };
        let made = if from_mine {
            if mined.is_empty() {
                // a few matches may give nothing (no moves): bounded by `tries`
                mined.extend(mine::positions_after_moves(
                    table,
                    mix(config.seed ^ 0x6d69_6e65, matches),
                ));
                matches += 1;
            }
            match mined.pop_front() {
                Some(p) => from_position(config.kind, &p),
                None => None,
            }
        } else if let Edition::Manual1969(_) = edition {
            manual1969::generated(config.kind, table, edition, mix(config.seed, t as u64))
        } else {
            generated(config.kind, table, edition, mix(config.seed, t as u64))
        };
        let Some(made) = made else { continue };
        // II-C-2: a puzzle never shows a variation a player could not have
        // selected (a mined position's too)
        if !deal::selectable(&made.position) {
            continue;
        }
        // `challenge`: "neither" is the commonest answer by far; at most half
        // the puzzles have it, so that Now and Impossible are practised too
        if (made.answer_word == "neither" || made.answer_word == "none")
            && 2 * (neither + 1) > config.count.max(2)
        {
            continue;
        }
        let puzzle = finish(
            config.kind,
            made,
            if from_mine { "mined" } else { "generated" },
        );
        if !seen.contains(&puzzle.id) && accept(&puzzle) {
            seen.insert(puzzle.id.clone());
            found += 1;
            if puzzle.answer == "neither" || puzzle.answer == "none" {
                neither += 1;
            }
            each(puzzle);
        }
    }
    if found == config.count {
        return Ok(());
    }
    Err(GenerateError::TooFew {
        kind: config.kind,
        found,
        wanted: config.count,
        tries,
    })
}

/// Why [`puzzle_from_position`] makes no puzzle of a position.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PositionError {
    /// The kind is not asked of a given position (`goal` needs the
    /// position before the Goal is set, `claim` a 1969 play), or not under
    /// the position's edition ([`Kind::check_edition`]).
    #[error("{0}")]
    Unsupported(String),
    /// The solver found no unique, non-trivial answer: the makers keep a
    /// position only then (`challenge`: at least two cubes in Resources and
    /// a shortest Solution of three cubes or more; `safe-move`: no challenge
    /// wins now, at least three cubes in Resources, four moves or more and
    /// exactly one safe move; `solve`: one set of cards named by every
    /// correct Solution, of three cubes or more).
    #[error(
        "the solver finds no {kind} question with one non-trivial answer in this position \
         ({why})"
    )]
    NoQuestion { kind: Kind, why: &'static str },
}

/// The puzzle of `kind` asked about `position` (a position right after a
/// move, as every puzzle's is), with its answer proved by the solver
/// exactly as the generator proves a generated or mined puzzle's: the same
/// makers (`challenge`, V-A; `safe-move`, IV-B and V-A; `solve`, VII-B on
/// the situation Now when a Now challenge wins, else Impossible) and the
/// same id (the kind and the position), with `source` `"position"`. For a
/// position typed by a coach or taken from a match's review
/// (docs/classes.md, "The classroom board"); answered by [`judge`] like any
/// puzzle. 2026-27 and 2019-20 positions only (1969 plays are claims).
pub fn puzzle_from_position(kind: Kind, position: &Position) -> Result<Puzzle, PositionError> {
    if let Edition::Manual1969(_) = position.edition() {
        return Err(PositionError::Unsupported(
            "a 1969 position is asked by its claims (M69 3.5), not as a typed position: \
             use a 2026-27 or 2019-20 position"
                .to_string(),
        ));
    }
    if matches!(kind, Kind::Goal | Kind::Claim) {
        return Err(PositionError::Unsupported(format!(
            "a position in play asks `challenge`, `safe-move` or `solve`, not `{kind}`"
        )));
    }
    let why = match kind {
        Kind::Challenge => "two Resources cubes or more; a shortest Solution of three cubes or more",
        Kind::SafeMove => {
            "no winning challenge now; three Resources cubes or more; exactly one safe move of four or more"
        }
        _ => "exactly one set of cards named by every correct Solution, of three cubes or more",
    };
    from_position(kind, position)
        .map(|made| finish(kind, made, "position"))
        .ok_or(PositionError::NoQuestion { kind, why })
}

/// A mined position (right after a move) as a candidate of `kind`.
fn from_position(kind: Kind, after: &Position) -> Option<Made> {
    match kind {
        Kind::Challenge => challenge::make(after),
        Kind::SafeMove => safe_move::make(after),
        Kind::Solve => solve::make(&solve_situation(after)?),
        Kind::Goal | Kind::Claim => None,
    }
}

/// The situation a `solve` puzzle of an in-play position asks about: Now
/// when a Now challenge would win, else Impossible (a wrong Impossible
/// challenge: the Solution may use any Resources cube).
fn solve_situation(after: &Position) -> Option<Position> {
    use onsets_solver::analysis::{adjudicate, Challenge};
    let mut p = challenge::in_play(after);
    if adjudicate(&p, Challenge::Now).challenger_right {
        p = p
            .with_situation(onsets_core::Situation::Now)
            .expect("now and impossible are every position's situations");
    }
    Some(p)
}

/// One generated candidate of `kind` from `seed`.
fn generated(kind: Kind, table: Table, edition: Edition, seed: u64) -> Option<Made> {
    let mut dice = Dice::new(seed);
    let before = deal::before_goal_in(&mut dice, table, edition)?;
    // A puzzle never offers a variation no player could have chosen (II-C-2).
    if !deal::selectable(&before) {
        return None;
    }
    if kind == Kind::Goal {
        return goal::make(&before);
    }
    let start = deal::set_goal(&mut dice, &before)?;
    let n = deal::cubes(start.resources());
    let moves = match kind {
        // one safe move among several is a late-shake position
        Kind::SafeMove => dice.between(n.saturating_sub(6).max(1), n.saturating_sub(3).max(1)),
        _ => dice.between(1, n.saturating_sub(3).max(1)),
    };
    let (last, after) = deal::play(&mut dice, &start, moves)?;
    if kind == Kind::Challenge && moves > 1 {
        // the move before the last was not itself challengeable: the
        // position arises in play between careful players
        use onsets_solver::analysis::{adjudicate, Challenge};
        if adjudicate(&last, Challenge::Now).challenger_right
            || adjudicate(&last, Challenge::Impossible).challenger_right
        {
            return None;
        }
    }
    from_position(kind, &after)
}

pub(crate) fn finish(kind: Kind, made: Made, source: &str) -> Puzzle {
    let position: Value = serde_json::to_value(made.position.to_raw()).unwrap_or(Value::Null);
    let id = format!(
        "{}-{:016x}",
        kind.name(),
        fnv1a(&format!("{}\n{}", kind.name(), made.position.to_json()))
    );
    let difficulty = features::difficulty(kind, &made.answer_word, &made.features);
    Puzzle {
        id,
        kind,
        position,
        question: made.question,
        choices: made.choices,
        answer: made.answer,
        explanation: made.explanation,
        difficulty,
        features: made.features,
        themes: themes::tidy(made.themes),
        source: source.to_string(),
        last_play: made.play.as_ref().map(|(text, _)| text.clone()),
        before: made
            .play
            .as_ref()
            .map(|(_, p)| serde_json::to_value(p.to_raw()).unwrap_or(Value::Null)),
    }
}

/// FNV-1a, 64 bits (stable across versions and machines, unlike `std`'s
/// hasher).
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
