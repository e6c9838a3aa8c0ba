//! The solver under the rule editions other than 2026-27
//! (`../shared/spec/editions.md`; docs/editions.md, "Checker and solver").
//!
//! * **A19** (MLAG Adventurous 2019-20) is searched as it is: its few checker
//!   differences are flags of [`onsets_core::InForce`] that the search reads
//!   (the Middle wild = and ⊆ are ordinary wild cubes; no blank coloring
//!   takes the forbidden card's colors; the solver never writes grouping
//!   symbols around a whole Restriction).
//! * **B19** (MLAG Basic 2019-20) is reduced exactly to 2026-27 Basic: for
//!   each meaning of the wild = (B R G Y V Λ) and of the wild ⊆ (∪ ∩ − ′)
//!   that a usable cube can take (B19 I-B-2-d-iii: one meaning each
//!   throughout a Solution), every = and ⊆ cube becomes a cube of that
//!   symbol in its own section, and the 2026-27 Basic position is solved.
//!   A wild cube standing for X is, for every rule of a B19 Solution, one
//!   more X cube; so a B19 Solution exists iff one of these positions has
//!   one. A Solution found is written back with one `X@=` (`op@⊆`)
//!   annotation when the checker needs it to fix the meaning (editions.md
//!   Q6): all occurrences of X are interchangeable, so annotating the first
//!   is as good as any.
//! * **1969** allows one-cube Solutions (M69 4.2-B P2), which are single
//!   sets: each set face of a usable cube is tried first; the search, whose
//!   Solutions have at least two symbols, does the rest, with one relation
//!   per Restriction Statement in Advanced (M69 4.3-B).

use crate::search::{Solver, Stats};
use onsets_core::{
    check_presentation, Color, Edition, Expr, Part, Position, Presentation, Section, Situation,
    Solution, Symbol, Written,
};

/// The meanings a wild = can take in B19 (I-B-2-d-iii).
const SET_MEANINGS: [Symbol; 6] = [
    Symbol::Color(Color::Blue),
    Symbol::Color(Color::Red),
    Symbol::Color(Color::Green),
    Symbol::Color(Color::Yellow),
    Symbol::Universe,
    Symbol::Empty,
];

/// The meanings a wild ⊆ can take in B19 (I-B-2-d-iii).
const OPERATION_MEANINGS: [Symbol; 4] = [
    Symbol::Union,
    Symbol::Intersection,
    Symbol::Minus,
    Symbol::Complement,
];

impl Solver {
    /// The search for any edition.
    pub(crate) fn search_edition(
        &self,
        position: &Position,
        shortest: bool,
    ) -> (Option<Presentation>, Stats) {
        match position.edition() {
            Edition::Mlag2019 if position.parse_options().wild_relations => {
                self.search_b19(position, shortest)
            }
            Edition::Manual1969(_) => self.search_1969(position, shortest),
            _ => self.search(position, shortest),
        }
    }

    fn search_1969(&self, position: &Position, shortest: bool) -> (Option<Presentation>, Stats) {
        if let Some(p) = one_cube_solution(position) {
            return (Some(p), Stats::default());
        }
        self.search(position, shortest)
    }

    fn search_b19(&self, position: &Position, shortest: bool) -> (Option<Presentation>, Stats) {
        let usable = |face: Symbol| {
            [Section::Required, Section::Permitted, Section::Resources]
                .iter()
                .any(|&s| position.section(s).iter().any(|c| c == face))
        };
        let eq: Vec<Option<Symbol>> = if usable(Symbol::Equals) {
            SET_MEANINGS.iter().copied().map(Some).collect()
        } else {
            vec![None]
        };
        let sub: Vec<Option<Symbol>> = if usable(Symbol::Subset) {
            OPERATION_MEANINGS.iter().copied().map(Some).collect()
        } else {
            vec![None]
        };
        let mut stats = Stats::default();
        let mut best: Option<(Presentation, usize)> = None;
        for &e in &eq {
            for &s in &sub {
                let reduced = b19_as_2026_basic(position, e, s);
                let (found, st) = self.search(&reduced, shortest);
                stats.configs += st.configs;
                stats.builds += st.builds;
                stats.restrictions += st.restrictions;
                stats.parts += st.parts;
                let Some(found) = found else { continue };
                let Some(back) = written_back(position, &found, e, s) else {
                    continue;
                };
                if !shortest {
                    return (Some(back), stats);
                }
                let n = symbols(&back);
                if best.as_ref().is_none_or(|(_, m)| n < *m) {
                    best = Some((back, n));
                }
            }
        }
        (best.map(|(p, _)| p), stats)
    }
}

/// The B19 position as a 2026-27 Basic one, the = cubes (outside
/// Forbidden) showing `eq` and the ⊆ cubes showing `sub`.
fn b19_as_2026_basic(position: &Position, eq: Option<Symbol>, sub: Option<Symbol>) -> Position {
    position
        .b19_as_2026_basic(eq, sub)
        .expect("a B19 position's wild cubes as what they stand for fit the open kit")
}

/// The Solution `found` for the reduced position, written for the B19
/// position: as it is, or with the first occurrence of the wild meanings
/// annotated, whichever the checker accepts.
fn written_back(
    position: &Position,
    found: &Presentation,
    eq: Option<Symbol>,
    sub: Option<Symbol>,
) -> Option<Presentation> {
    let tries: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];
    for (a_eq, a_sub) in tries {
        if (a_eq && eq.is_none()) || (a_sub && sub.is_none()) {
            continue;
        }
        let mut solutions = found.clone().into_solutions();
        let mut ok = true;
        for s in &mut solutions {
            let mut parts = std::mem::take(s).into_parts();
            for part in &mut parts {
                if let Part::SetName(e) = part {
                    if a_eq {
                        ok &= annotate_first(e, eq.unwrap_or(Symbol::Equals), Symbol::Equals);
                    }
                    if a_sub {
                        ok &= annotate_first(e, sub.unwrap_or(Symbol::Subset), Symbol::Subset);
                    }
                }
            }
            *s = Solution::new(parts);
        }
        let p = Presentation::new(solutions);
        if ok && check_presentation(position, &p).correct {
            return Some(p);
        }
    }
    None
}

/// Writes the first unannotated `meaning` in `e` on a `cube` cube.
fn annotate_first(e: &mut Expr, meaning: Symbol, cube: Symbol) -> bool {
    let mark = |w: &mut Written| {
        if w.meaning == meaning && w.cube.is_none() {
            w.cube = Some(cube);
            true
        } else {
            false
        }
    };
    match e {
        Expr::Set(w) => mark(w),
        Expr::Group(_, inner) => annotate_first(inner, meaning, cube),
        Expr::Complement(inner, w) => annotate_first(inner, meaning, cube) || mark(w),
        Expr::Chain(es, ops) => {
            for (i, x) in es.iter_mut().enumerate() {
                if annotate_first(x, meaning, cube) {
                    return true;
                }
                if let Some(o) = ops.get_mut(i) {
                    if mark(o) {
                        return true;
                    }
                }
            }
            false
        }
    }
}

fn symbols(p: &Presentation) -> usize {
    p.solutions()
        .iter()
        .flat_map(|s| s.parts().iter())
        .map(|part| match part {
            Part::SetName(e) => e.symbols().len(),
            Part::Restriction(r) => r.symbols().len(),
            Part::Blank(_) => 0,
        })
        .sum()
}

/// A one-cube Solution of a 1969 position (M69 4.2-B P2: "single-cube
/// Solutions are permitted"): a set cube alone as the Set-Name. Every
/// one-cube Solution is one of these (a Restriction Statement has at least
/// three symbols).
pub(crate) fn one_cube_solution(position: &Position) -> Option<Presentation> {
    let mut tried: Vec<Symbol> = Vec::new();
    let sections: &[Section] = match position.situation() {
        Situation::Forceout => &[Section::Required, Section::Permitted],
        _ => &[Section::Required, Section::Permitted, Section::Resources],
    };
    for &s in sections {
        for face in position.section(s).iter() {
            if !face.is_set() || tried.contains(&face) {
                continue;
            }
            tried.push(face);
            let p = Presentation::new(vec![Solution::new(vec![Part::SetName(Expr::Set(
                Written::new(face),
            ))])]);
            if check_presentation(position, &p).correct {
                return Some(p);
            }
        }
    }
    None
}
