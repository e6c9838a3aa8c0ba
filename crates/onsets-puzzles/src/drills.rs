//! Variation drills (docs/practice.md, "Variation drills"): puzzles of one
//! kind whose position has one chosen variation of XIII forced on, kept only
//! where that variation **matters**: the exact solver answers the same
//! question with and without it, and the two answers differ (a Solution
//! exists only with it, the challenge verdict flips, another move is safe).
//!
//! * `challenge`: the proved verdict (`now`, `impossible` or `neither`,
//!   [`onsets_solver::analysis::adjudicate`]) differs without the variation.
//! * `solve`: the sets of cards a correct Solution can name
//!   ([`onsets_solver::analysis::solution_sets`], or only whether a
//!   Solution exists where that listing is not supported) differ.
//! * `safe-move`: the safe moves
//!   ([`onsets_solver::analysis::classify_moves_with`]) differ.
//!
//! The puzzles are made by the kinds' own modules (the same filters for a
//! unique, non-trivial answer as `onsets puzzle generate`), so they are
//! answered and judged like every puzzle ([`crate::judge`]). When several
//! variations are chosen, the puzzles take them in turn (puzzle `i` drills
//! the `i mod n`-th), each position forcing on exactly that one (its
//! `variations` list holds it alone; Junior and Senior's automatic
//! variations stay in force). Deterministic from the seed; the search is
//! bounded ([`TRIES_PER_PUZZLE`] candidates per puzzle asked for) and ends
//! with [`DrillError::TooFew`] when it finds too few.

use crate::challenge::{self, CHOICES};
use crate::deal::{self, Table};
use crate::rng::{mix, Dice};
use crate::{finish, safe_move, solve, Kind, Made, Puzzle};
use onsets_core::{Card, Color, Division, Edition, Position, Situation, Symbol, Variation};
use onsets_solver::analysis::{
    adjudicate, classify_moves_with, solution_sets, Challenge, Class, MoveOptions,
};
use serde::Serialize;
use serde_json::{json, Value};

/// Candidate positions tried per puzzle asked for before giving up.
pub const TRIES_PER_PUZZLE: usize = 300;

/// The most puzzles one drill asks for.
pub const MAX_COUNT: usize = 10;

/// A variation that can be drilled, named for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Drillable {
    /// The notation's keyword (docs/notation.md "Variations").
    pub keyword: &'static str,
    /// The rule section that defines it (2026-27 Senior numbering).
    pub section: &'static str,
    /// The variation in plain words.
    pub words: &'static str,
    /// The division whose list it is drilled in: the lowest that has it
    /// from Middle up (XIII-A, XIII-B: Middle; XIII-C: Junior; XIII-D:
    /// Senior), whose smaller Universes keep the search quick.
    pub division: &'static str,
    /// The puzzle kinds it can change the answer of.
    pub kinds: &'static [&'static str],
}

const ALL_KINDS: &[&str] = &["challenge", "solve", "safe-move"];

/// Every variation of XIII the engine knows, in the rules' order. MLAG
/// Adventurous 2019-20 has the same list (A19 XIII; docs/editions.md).
pub const VARIATIONS: [Drillable; 15] = [
    d(
        "required-cube",
        "XIII-A-1",
        "A Solution must use a cube showing a chosen symbol",
        "middle",
        ALL_KINDS,
    ),
    d(
        "wild-cube",
        "XIII-A-2",
        "Every cube showing a chosen symbol is wild",
        "middle",
        ALL_KINDS,
    ),
    d(
        "union-intersection-interchangeable",
        "XIII-A-3",
        "∪ and ∩ may stand for each other",
        "middle",
        ALL_KINDS,
    ),
    d(
        "universe-empty-interchangeable",
        "XIII-A-4",
        "V and Λ may stand for each other",
        "middle",
        ALL_KINDS,
    ),
    d(
        "two-operations",
        "XIII-A-5",
        "The Set-Name must use at least two operation symbols",
        "middle",
        ALL_KINDS,
    ),
    d(
        "multiple-operations",
        "XIII-A-6",
        "An operation sign not in Forbidden may be used many times",
        "middle",
        ALL_KINDS,
    ),
    d(
        "shift-from-permitted",
        "XIII-A-7",
        "A cube may be shifted from Permitted to Required or Forbidden as a move",
        "middle",
        &["safe-move"],
    ),
    d(
        "no-null-restrictions",
        "XIII-B-8",
        "Every Restriction must remove at least one card",
        "middle",
        ALL_KINDS,
    ),
    d(
        "absolute-value",
        "XIII-B-9",
        "An upside-down Goal digit may be read right side up",
        "middle",
        ALL_KINDS,
    ),
    d(
        "double-set",
        "XIII-C-10",
        "The cards of a chosen set count double",
        "junior",
        ALL_KINDS,
    ),
    d(
        "required-card",
        "XIII-C-11",
        "A chosen card must be in the set named",
        "junior",
        ALL_KINDS,
    ),
    d(
        "forbidden-card",
        "XIII-C-11",
        "A chosen card must not be in the set named",
        "junior",
        ALL_KINDS,
    ),
    d(
        "blank-card-wild",
        "XIII-C-12",
        "Each writer says which colors are on the blank card",
        "junior",
        ALL_KINDS,
    ),
    d(
        "symmetric-difference",
        "XIII-D-13",
        "− means symmetric difference",
        "senior",
        ALL_KINDS,
    ),
    d(
        "two-solutions",
        "XIII-D-14",
        "Each writer writes two Solutions",
        "senior",
        ALL_KINDS,
    ),
];

const fn d(
    keyword: &'static str,
    section: &'static str,
    words: &'static str,
    division: &'static str,
    kinds: &'static [&'static str],
) -> Drillable {
    Drillable {
        keyword,
        section,
        words,
        division,
        kinds,
    }
}

/// The drillable variation named `keyword`.
pub fn find(keyword: &str) -> Option<&'static Drillable> {
    VARIATIONS.iter().find(|v| v.keyword == keyword)
}

/// Why a drill was refused or came up short. [`DrillError::field`] names
/// the request field at fault.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DrillError {
    #[error("no variation chosen: name one or more of {list}", list = keywords())]
    NoVariation,
    #[error("unknown variation `{0}`: expected one of {list}", list = keywords())]
    UnknownVariation(String),
    #[error("`{0}` is named twice")]
    Repeated(String),
    #[error("the `{0}` kind is not drilled: choose challenge, solve or safe-move")]
    Kind(Kind),
    #[error("{variation} ({section}) cannot change the answer of a `{kind}` puzzle: drill it with {kinds}")]
    NotForKind {
        variation: &'static str,
        section: &'static str,
        kind: Kind,
        kinds: String,
    },
    #[error("variations are drilled under the 2026-27 and MLAG 2019-20 rules, not {0} (no variations, M69)")]
    Edition(&'static str),
    #[error("count is 1 to {MAX_COUNT}, not {0}")]
    Count(usize),
    #[error("only {found} of {wanted} {kind} puzzles where the variation matters were found in {tries} candidate positions: try another seed or fewer puzzles")]
    TooFew {
        kind: Kind,
        found: usize,
        wanted: usize,
        tries: usize,
    },
}

impl DrillError {
    /// The request field at fault (`None` when the search came up short).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            DrillError::NoVariation
            | DrillError::UnknownVariation(_)
            | DrillError::Repeated(_)
            | DrillError::NotForKind { .. } => Some("variations"),
            DrillError::Kind(_) => Some("kind"),
            DrillError::Edition(_) => Some("edition"),
            DrillError::Count(_) => Some("count"),
            DrillError::TooFew { .. } => None,
        }
    }
}

fn keywords() -> String {
    VARIATIONS
        .iter()
        .map(|v| v.keyword)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chosen variations, checked: known, each once, each able to change
/// the answer of `kind`.
pub fn parse_variations(names: &[&str], kind: Kind) -> Result<Vec<&'static Drillable>, DrillError> {
    if !matches!(kind, Kind::Challenge | Kind::Solve | Kind::SafeMove) {
        return Err(DrillError::Kind(kind));
    }
    let mut out: Vec<&'static Drillable> = Vec::new();
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        let v = find(name).ok_or_else(|| DrillError::UnknownVariation(name.to_string()))?;
        if out.contains(&v) {
            return Err(DrillError::Repeated(name.to_string()));
        }
        if !v.kinds.contains(&kind.name()) {
            return Err(DrillError::NotForKind {
                variation: v.keyword,
                section: v.section,
                kind,
                kinds: v.kinds.join(", "),
            });
        }
        out.push(v);
    }
    if out.is_empty() {
        return Err(DrillError::NoVariation);
    }
    Ok(out)
}

/// [`drill_in`] under the 2026-27 rules.
pub fn drill(
    variations: &[&str],
    kind: Kind,
    seed: u64,
    count: usize,
) -> Result<Vec<Puzzle>, DrillError> {
    drill_in(Edition::Tournament2026, variations, kind, seed, count)
}

/// `count` puzzles of `kind` where the chosen variations matter, under
/// `edition` (2026-27, or MLAG Adventurous 2019-20), the same for the same
/// arguments.
pub fn drill_in(
    edition: Edition,
    variations: &[&str],
    kind: Kind,
    seed: u64,
    count: usize,
) -> Result<Vec<Puzzle>, DrillError> {
    if matches!(edition, Edition::Manual1969(_)) {
        return Err(DrillError::Edition(edition.name()));
    }
    let chosen = parse_variations(variations, kind)?;
    if count == 0 || count > MAX_COUNT {
        return Err(DrillError::Count(count));
    }
    let tries = TRIES_PER_PUZZLE * count;
    let mut out: Vec<Puzzle> = Vec::new();
    for t in 0..tries {
        if out.len() == count {
            break;
        }
        let v = chosen[out.len() % chosen.len()];
        let Some(p) = candidate(edition, v, kind, mix(seed ^ 0x6472_696c, t as u64)) else {
            continue;
        };
        if !out.iter().any(|q| q.position == p.position) {
            out.push(p);
        }
    }
    if out.len() < count {
        return Err(DrillError::TooFew {
            kind,
            found: out.len(),
            wanted: count,
            tries,
        });
    }
    Ok(out)
}

/// The division a variation is drilled in.
fn division_of(v: &Drillable) -> Division {
    match v.division {
        "middle" => Division::Middle,
        "junior" => Division::Junior,
        _ => Division::Senior,
    }
}

/// The variation `v` with a parameter drawn for `position` (a symbol
/// rolled, a card of the Universe, a color or its complement).
fn with_parameter(dice: &mut Dice, v: &Drillable, position: &Position) -> Option<Variation> {
    let text = match v.keyword {
        "required-cube" | "wild-cube" => {
            let rolled: Vec<Symbol> = position
                .resources()
                .iter()
                .filter(|s| !s.is_digit())
                .collect();
            format!("{} {}", v.keyword, dice.pick(&rolled)?)
        }
        "double-set" => {
            let c = [Color::Blue, Color::Red, Color::Green, Color::Yellow][dice.below(4)];
            let prime = if dice.chance(1, 3) { "′" } else { "" };
            format!("double-set {}{prime}", Symbol::Color(c))
        }
        "required-card" | "forbidden-card" => {
            let cards: Vec<Card> = position.universe().iter().collect();
            format!("{} {}", v.keyword, dice.pick(&cards)?)
        }
        k => k.to_string(),
    };
    Variation::parse(&text).ok()
}

/// One candidate puzzle drilling `v`, or `None` when the position is not
/// kept (by the kind's filters, or because `v` does not matter in it). Its
/// id names the candidate ([`drill_id`]), so [`recall`] makes it again.
fn candidate(edition: Edition, v: &Drillable, kind: Kind, seed: u64) -> Option<Puzzle> {
    let mut p = candidate_puzzle(edition, v, kind, seed)?;
    p.id = drill_id(edition, v, kind, seed)?;
    Some(p)
}

/// The id of the candidate `seed` drilling `v` in a `kind` puzzle under
/// `edition`: `drill-KIND-ED-VV-SEED` (ED `26` for 2026-27, `19` for MLAG
/// 2019-20; VV the variation's index in [`VARIATIONS`]; SEED 16 hex
/// digits). Everything that makes the puzzle is in it, so any instance and
/// a restarted server judge an attempt at it (docs/practice.md, "Variation
/// drills").
fn drill_id(edition: Edition, v: &Drillable, kind: Kind, seed: u64) -> Option<String> {
    let ed = match edition {
        Edition::Tournament2026 => "26",
        Edition::Mlag2019 => "19",
        Edition::Manual1969(_) => return None,
    };
    let index = VARIATIONS.iter().position(|d| d.keyword == v.keyword)?;
    Some(format!("drill-{}-{ed}-{index:02}-{seed:016x}", kind.name()))
}

/// What [`drill_id`] wrote, read back (`None` for any other text).
fn read_drill_id(id: &str) -> Option<(Edition, &'static Drillable, Kind, u64)> {
    let rest = id.strip_prefix("drill-")?;
    let mut parts = rest.rsplitn(4, '-');
    let seed = parts.next()?;
    let index = parts.next()?;
    let ed = parts.next()?;
    let kind: Kind = parts.next()?.parse().ok()?;
    if seed.len() != 16 || index.len() != 2 {
        return None;
    }
    let seed = u64::from_str_radix(seed, 16).ok()?;
    let v = VARIATIONS.get(index.parse::<usize>().ok()?)?;
    let edition = match ed {
        "26" => Edition::Tournament2026,
        "19" => Edition::Mlag2019,
        _ => return None,
    };
    if !v.kinds.contains(&kind.name()) {
        return None;
    }
    Some((edition, v, kind, seed))
}

/// The most puzzles [`recall`] keeps made.
const MAX_RECALLED: usize = 4096;

/// The drilled puzzle `id` names, made again from its id (the same
/// candidate, the same solver answer; `None` when the id is not a drilled
/// puzzle's or names a candidate that is not kept). Made once per process
/// and kept (at most [`MAX_RECALLED`]; after that made on each call).
/// Costs one candidate's search (milliseconds to a second in a debug build,
/// docs/performance.md, "Variation drills").
pub fn recall(id: &str) -> Option<&'static Puzzle> {
    type Kept = std::sync::Mutex<std::collections::HashMap<String, &'static Puzzle>>;
    static KEPT: std::sync::OnceLock<Kept> = std::sync::OnceLock::new();
    let kept = KEPT.get_or_init(Default::default);
    if let Some(p) = kept.lock().ok().and_then(|m| m.get(id).copied()) {
        return Some(p);
    }
    let (edition, v, kind, seed) = read_drill_id(id)?;
    let p = candidate(edition, v, kind, seed).filter(|p| p.id == id)?;
    let mut map = kept.lock().ok()?;
    if let Some(q) = map.get(id) {
        return Some(q);
    }
    let leaked: &'static Puzzle = Box::leak(Box::new(p));
    if map.len() < MAX_RECALLED {
        map.insert(id.to_string(), leaked);
    }
    Some(leaked)
}

fn candidate_puzzle(edition: Edition, v: &Drillable, kind: Kind, seed: u64) -> Option<Puzzle> {
    let mut dice = Dice::new(seed);
    let table = Table {
        division: division_of(v),
        adventurous: true,
    };
    let dealt = deal::before_goal_in(&mut dice, table, edition)?;
    let forced = with_parameter(&mut dice, v, &dealt)?;
    let before = deal::validated(&dealt.with_variations(vec![forced.clone()]).ok()?)?;
    // II-C-2: a variation with no effect on the shake is never selected
    if !deal::selectable(&before) {
        return None;
    }
    let start = deal::set_goal(&mut dice, &before)?;
    let n = deal::cubes(start.resources());
    let moves = match kind {
        Kind::SafeMove => dice.between(n.saturating_sub(6).max(1), n.saturating_sub(3).max(1)),
        _ => dice.between(1, n.saturating_sub(3).max(1)),
    };
    let (_, after) = deal::play(&mut dice, &start, moves)?;
    if !may_matter(kind, &after) {
        return None;
    }
    let made = make(kind, &after)?;
    let with = made_answer(kind, &made);
    let without_position = without(&made.position)?;
    let without_answer = proved_answer(kind, &without_position);
    if with == without_answer {
        return None;
    }
    Some(finish(
        kind,
        annotated(made, &forced, v, &without_answer),
        "drill",
    ))
}

/// An early rejection, before the kind's puzzle is made (its uniqueness
/// searches are the dear part: docs/performance.md, "Variation drills"):
///
/// * challenge: the verdicts with and without the variation (two or three
///   challenges judged each way) must differ;
/// * solve: a Solution must exist with the variation (the puzzle asks for
///   one), found by the solver's first-found search before the shortest
///   one and the listing of the sets.
///
/// Only a position whose puzzle would be refused anyway is rejected: the
/// drill's puzzles are the same, found sooner.
fn may_matter(kind: Kind, after: &Position) -> bool {
    match kind {
        Kind::Challenge => {
            let p = challenge::in_play(after);
            match without(&p) {
                Some(bare) => proved_answer(kind, &p) != proved_answer(kind, &bare),
                None => false,
            }
        }
        Kind::Solve => {
            let mut p = challenge::in_play(after);
            if adjudicate(&p, Challenge::Now).challenger_right {
                match p.with_situation(Situation::Now) {
                    Ok(now) => p = now,
                    Err(_) => return false,
                }
            }
            onsets_solver::solve(&p).is_solvable()
        }
        _ => true,
    }
}

/// The kind's own puzzle for a position right after a move.
fn make(kind: Kind, after: &Position) -> Option<Made> {
    match kind {
        Kind::Challenge => challenge::make(after),
        Kind::SafeMove => safe_move::make(after),
        Kind::Solve => {
            let mut p = challenge::in_play(after);
            if adjudicate(&p, Challenge::Now).challenger_right {
                p = p.with_situation(Situation::Now).ok()?;
            }
            solve::make(&p)
        }
        Kind::Goal | Kind::Claim => None,
    }
}

/// The same position with no variation selected (Junior and Senior's
/// automatic variations, XIII-C special rule, stay in force).
pub fn without(position: &Position) -> Option<Position> {
    position.with_variations(Vec::new()).ok()
}

/// The answer the solver proves for `kind` in `position`, in a form that
/// compares across positions:
///
/// * `challenge`: `"now"`, `"impossible"` or `"neither"`;
/// * `solve`: `{"solvable": bool, "sets": [cards…] | null}` (the sets of
///   cards correct Solutions name, sorted; `null` where the listing is not
///   supported or was cut);
/// * `safe-move`: the safe moves, sorted.
pub fn proved_answer(kind: Kind, position: &Position) -> Value {
    match kind {
        Kind::Challenge => {
            let word = if adjudicate(position, Challenge::Now).challenger_right {
                CHOICES[0]
            } else if adjudicate(position, Challenge::Impossible).challenger_right {
                CHOICES[1]
            } else {
                CHOICES[2]
            };
            json!(word)
        }
        Kind::Solve => {
            let solvable = onsets_solver::solve(position).is_solvable();
            let sets = match solution_sets(position, 8) {
                Ok((sets, false)) => {
                    let mut v: Vec<String> = sets.iter().map(|s| s.cards.to_string()).collect();
                    v.sort();
                    json!(v)
                }
                _ => Value::Null,
            };
            json!({"solvable": solvable, "sets": sets})
        }
        _ => {
            let mut safe: Vec<String> = classify_moves_with(position, MoveOptions { bonus: false })
                .into_iter()
                .filter(|c| c.class == Class::Safe)
                .map(|c| c.mv.to_string())
                .collect();
            safe.sort();
            safe.dedup();
            json!(safe)
        }
    }
}

/// The answer a kind's module proved, in [`proved_answer`]'s form (the
/// module's filters keep only puzzles whose answer is unique, so no second
/// search is needed for the position with the variation).
fn made_answer(kind: Kind, made: &Made) -> Value {
    let strings = |v: &Value, key: &str| -> Vec<String> {
        let mut out: Vec<String> = v
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| {
                        if key.is_empty() {
                            x.as_str()
                        } else {
                            x[key].as_str()
                        }
                    })
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out.dedup();
        out
    };
    match kind {
        Kind::Challenge => made.answer.clone(),
        Kind::Solve
            if made.answer["sets"]
                .as_array()
                .is_some_and(|a| !a.is_empty()) =>
        {
            json!({"solvable": true, "sets": strings(&made.answer["sets"], "cards")})
        }
        Kind::Solve => proved_answer(kind, &made.position),
        _ => json!(strings(&made.answer["safe"], "")),
    }
}

/// The proved answer in words, for the explanation.
fn in_words(answer: &Value) -> String {
    match answer {
        Value::String(w) => format!("{w} would be correct"),
        Value::Array(moves) if moves.is_empty() => "no move would be safe".to_string(),
        Value::Array(moves) => format!(
            "the safe moves would be {}",
            moves
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        v if v["solvable"] == false => "no correct Solution could be written".to_string(),
        v => match v["sets"].as_array() {
            Some(sets) => format!(
                "the sets a correct Solution could name would be {}",
                sets.iter()
                    .filter_map(Value::as_str)
                    .map(|s| format!("{{{s}}}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => "the Solutions would name other sets".to_string(),
        },
    }
}

/// The kind's puzzle with the drill's sentence added to its explanation.
fn annotated(mut made: Made, forced: &Variation, v: &Drillable, without: &Value) -> Made {
    made.explanation = format!(
        "{} Drill: {forced} ({}: {}). Without it, {}.",
        made.explanation,
        v.section,
        v.words,
        in_words(without)
    );
    made
}

/// Whether a puzzle's stored answer is the proved one of its position
/// (for the checks of the tests and of the server).
pub fn stored_answer_is_proved(p: &Puzzle) -> Result<bool, String> {
    let position = p.position()?;
    let proved = proved_answer(p.kind, &position);
    Ok(match p.kind {
        Kind::Challenge => p.answer == proved,
        Kind::SafeMove => {
            let mut safe: Vec<String> = p.answer["safe"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default();
            safe.sort();
            json!(safe) == proved
        }
        _ => {
            let sets: Vec<String> = p.answer["sets"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s["cards"].as_str())
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default();
            let shortest = p.answer["shortest"].as_str().unwrap_or("");
            let checked = onsets_core::check(&position, shortest).correct;
            checked && proved["solvable"] == true && (proved["sets"] == json!(sets))
        }
    })
}
