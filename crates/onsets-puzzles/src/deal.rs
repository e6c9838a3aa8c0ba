//! Positions generated directly: the cubes rolled (II-A), a Universe dealt
//! (II-B), a Goal set from the digit cubes (III-B) and some moves played
//! (IV-B), all from a seeded generator.
//!
//! The rules give neither the faces of a color cube beyond its colors nor how
//! often each symbol is on an operation or Restriction cube; like the
//! solver's corpus (docs/performance.md) this module assumes uniform faces:
//! digit cubes 1 1 2 3 4 5, color cubes B R G Y, operation cubes ∪ ∩ − ′,
//! Restriction cubes V Λ = ⊆. Where = and ⊆ are not in play (Elementary and
//! Basic On-Sets, II-A-3, Basic rule I) V and Λ are set out instead of the
//! Restriction cubes.
//!
//! Every position leaves this module validated by the core's own reader
//! ([`Position::from_json`] of its JSON), so a generated position is always
//! one the rest of the project accepts.

use crate::rng::Dice;
use onsets_core::{
    Card, CardSet, Color, CubeList, Division, Edition, Goal, Position, PositionSetup,
    RelationCubes, Section, Situation, Symbol, Variation,
};
use onsets_solver::analysis::{
    apply_move, goal_layouts, legal_moves_with, with_goal, Move, MoveOptions,
};

/// What to deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub division: Division,
    /// Adventurous On-Sets (variations may be chosen) or Basic On-Sets.
    pub adventurous: bool,
}

const DIGIT_FACES: [u8; 6] = [1, 1, 2, 3, 4, 5];

fn color(i: usize) -> Symbol {
    Symbol::Color([Color::Blue, Color::Red, Color::Green, Color::Yellow][i % 4])
}

/// The cubes rolled (II-A): three digit cubes and the other cubes' faces.
pub fn roll(dice: &mut Dice, table: Table) -> (Vec<u8>, Vec<Symbol>) {
    roll_in(dice, table, Edition::Tournament2026)
}

/// The cubes rolled under `edition`:
///
/// * 2026-27 (II-A) and MLAG Adventurous 2019-20 (A19 II-A, the same kit):
///   as [`roll`].
/// * MLAG Basic 2019-20 (B19 II-A, I-B-2-d-iii): all 18 cubes are rolled; the
///   blue-symbol cubes' = and ⊆ faces are wild cubes
///   ([`RelationCubes::Wild`]).
/// * 1969 (M69 2.2, 2.5; docs/editions.md "The shaking set"): Basic 3
///   numeral, 4 color and 3 red-symbol cubes (10, no blue-symbol cube);
///   Advanced all 18 (3 numeral, 8 color, 4 red-symbol, 3 blue-symbol).
pub fn roll_in(dice: &mut Dice, table: Table, edition: Edition) -> (Vec<u8>, Vec<Symbol>) {
    let digits = (0..3).map(|_| DIGIT_FACES[dice.below(6)]).collect();
    let (colors, operations) = match edition {
        Edition::Manual1969(onsets_core::Form1969::Basic) => (4, 3),
        _ => (8, 4),
    };
    let mut cubes = Vec::new();
    for _ in 0..colors {
        cubes.push(color(dice.below(4)));
    }
    let ops = [
        Symbol::Union,
        Symbol::Intersection,
        Symbol::Minus,
        Symbol::Complement,
    ];
    for _ in 0..operations {
        cubes.push(ops[dice.below(4)]);
    }
    let relations = edition.relation_cubes(table.division, table.adventurous);
    if matches!(edition, Edition::Manual1969(onsets_core::Form1969::Basic)) {
        // M69 2.2: Basic ON-SETS does not use the blue-symbol cubes at all
    } else if relations != RelationCubes::NotInPlay {
        let faces = [
            Symbol::Universe,
            Symbol::Empty,
            Symbol::Equals,
            Symbol::Subset,
        ];
        for _ in 0..3 {
            cubes.push(faces[dice.below(4)]);
        }
    } else {
        // Basic rule I: V and Λ are set out rather than rolled.
        cubes.push(Symbol::Universe);
        cubes.push(Symbol::Empty);
    }
    (digits, cubes)
}

/// A Universe of a legal size for the division (II-B-1, II-B-2).
pub fn deal(dice: &mut Dice, division: Division) -> CardSet {
    deal_in(dice, Edition::Tournament2026, division, true)
}

/// A Universe of a legal size for the edition and form (T26 II-B-1, II-B-2;
/// B19 II-B-1: 6 to 12 cards in every division; M69 2.3: 6 to 16,
/// editions.md Q17), [`Edition::universe_size_in`].
pub fn deal_in(
    dice: &mut Dice,
    edition: Edition,
    division: Division,
    adventurous: bool,
) -> CardSet {
    let (lo, hi) = edition.universe_size_in(division, adventurous);
    let n = dice.between(lo as usize, hi as usize);
    let mut cards: Vec<Card> = Card::all().collect();
    let mut set = CardSet::EMPTY;
    for _ in 0..n {
        let i = dice.below(cards.len());
        set = set.with(cards.swap_remove(i));
    }
    set
}

/// One variation from the division's list (XIII), or none. Blank Card Wild
/// and Two Solutions are left out: the listing of every set of cards a
/// Solution names (the `solve` kind's answer) does not support them.
fn variation(dice: &mut Dice, division: Division, universe: CardSet) -> Option<Variation> {
    let card = {
        let cards: Vec<Card> = universe.iter().collect();
        dice.pick(&cards).map(|c| c.to_string()).unwrap_or_default()
    };
    let sym = ["B", "R", "G", "Y", "∪", "∩", "−", "′"][dice.below(8)];
    let col = ["B", "R", "G", "Y"][dice.below(4)];
    let texts = [
        format!("wild-cube {sym}"),
        format!("required-cube {sym}"),
        "two-operations".to_string(),
        "shift-from-permitted".to_string(),
        "no-null-restrictions".to_string(),
        "absolute-value".to_string(),
        format!("double-set {col}"),
        format!("required-card {card}"),
        format!("forbidden-card {card}"),
        "symmetric-difference".to_string(),
        "multiple-operations".to_string(),
    ];
    let options: Vec<Variation> = texts
        .iter()
        .filter_map(|t| Variation::parse(t).ok())
        .filter(|v| v.selectable_in(division))
        .collect();
    dice.pick(&options).cloned()
}

/// A freshly rolled table before the Goal is set: the digit cubes in
/// Resources and a placeholder Goal (the first digit), as `onsets analyze
/// --goals` reads such a position. `None` when the core refuses it.
pub fn before_goal(dice: &mut Dice, table: Table) -> Option<Position> {
    before_goal_in(dice, table, Edition::Tournament2026)
}

/// [`before_goal`] under `edition`: the edition's cubes ([`roll_in`]) and
/// Universe ([`deal_in`]); variations only where the edition has them (A19
/// as 2026-27 Adventurous; none in B19 or 1969, M69 having no variations).
/// A 1969 position is neither adventurous nor in a division (the core
/// stores it with a fixed one).
pub fn before_goal_in(dice: &mut Dice, table: Table, edition: Edition) -> Option<Position> {
    let m69 = matches!(edition, Edition::Manual1969(_));
    let adventurous = table.adventurous && !m69;
    let (digits, cubes) = roll_in(dice, table, edition);
    let universe = deal_in(dice, edition, table.division, adventurous);
    let variations = if adventurous && dice.chance(1, 3) {
        variation(dice, table.division, universe)
            .into_iter()
            .collect()
    } else {
        Vec::new()
    };
    let mut resources: Vec<Symbol> = digits.iter().map(|&d| Symbol::Digit(d)).collect();
    resources.extend(cubes);
    let p = Position::new(PositionSetup {
        edition,
        division: if m69 {
            Division::Senior
        } else {
            table.division
        },
        adventurous,
        universe,
        goal: Goal::parse(&digits[0].to_string()).ok()?,
        required: CubeList::new(Vec::new()),
        permitted: CubeList::new(Vec::new()),
        forbidden: CubeList::new(Vec::new()),
        resources: CubeList::new(resources),
        variations,
        situation: Situation::Impossible,
    })
    .ok()?;
    validated(&p)
}

/// Whether every variation of a freshly rolled position (every cube still
/// in Resources) is one a player could have selected: none that has no
/// effect on the shake, conflicts with one chosen before it or repeats it
/// (II-C-2; e.g. No Null Restrictions with no = or ⊆ rolled, Required or
/// Wild Cube of a symbol not rolled, a Double Set naming no card or every
/// card of the Universe). The core's [`InForce`](onsets_core::InForce)
/// lists exactly the selections it would ignore.
pub fn selectable(position: &Position) -> bool {
    onsets_core::InForce::of(position).ignored.is_empty()
}

/// The position read back through the core's reader, or `None`.
pub fn validated(p: &Position) -> Option<Position> {
    Position::from_json(&p.to_json()).ok()
}

/// A Goal set (III-B) with a correct Solution from all the Resources:
/// a few random legal layouts are tried, each value at most the number of
/// cards; the position returned is in play (situation Impossible).
pub fn set_goal(dice: &mut Dice, before: &Position) -> Option<Position> {
    let digits = onsets_solver::analysis::goal_digits(before);
    let layouts: Vec<Goal> = goal_layouts(&digits)
        .into_iter()
        .filter(|g| {
            g.legal_values(false)
                .iter()
                .any(|&v| v >= 0 && v <= before.universe().len() as i64)
        })
        .collect();
    for _ in 0..4 {
        let goal = dice.pick(&layouts)?;
        let p = with_goal(before, goal);
        if onsets_solver::solve(&p).is_solvable() {
            return validated(&p);
        }
    }
    None
}

/// The regular moves (no bonus) from `position`: the edition's own rules
/// ([`legal_moves_with`] for 2026-27 and 2019-20; in 1969 any cube to any
/// of the three sections, M69 3.2, [`onsets_solver::claims::plays`]).
pub fn regular_moves(position: &Position) -> Vec<Move> {
    if matches!(position.edition(), Edition::Manual1969(_)) {
        return onsets_solver::claims::plays(position)
            .into_iter()
            .filter_map(|p| match p {
                onsets_solver::claims::Play::Move(m) if m.bonus.is_none() => Some(m),
                _ => None,
            })
            .collect();
    }
    legal_moves_with(position, MoveOptions { bonus: false })
}

/// Plays `count` random regular moves (no bonus moves), more often to
/// Required and Permitted than a uniform choice would. Returns the positions
/// before and after the last move.
pub fn play(dice: &mut Dice, start: &Position, count: usize) -> Option<(Position, Position)> {
    let mut p = start.clone();
    let mut before = p.clone();
    for _ in 0..count {
        let moves = regular_moves(&p);
        if moves.is_empty() {
            return None;
        }
        // weight: Required 2, Permitted 2, Forbidden 3 (a shift 1)
        let weight = |to: Section| match to {
            Section::Forbidden => 3,
            _ => 2,
        };
        let total: usize = moves.iter().map(|m| weight(m.to)).sum();
        let mut r = dice.below(total);
        let mut chosen = &moves[0];
        for m in &moves {
            let w = weight(m.to);
            if r < w {
                chosen = m;
                break;
            }
            r -= w;
        }
        before = p.clone();
        p = apply_move(&p, chosen);
    }
    Some((before, validated(&p)?))
}

/// Non-digit cubes in a list.
pub fn cubes(list: &CubeList) -> usize {
    list.iter().filter(|s| !s.is_digit()).count()
}
