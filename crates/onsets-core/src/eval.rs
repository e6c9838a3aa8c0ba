//! Evaluating Set-Names and Restrictions card by card, and enumerating the
//! legal interpretations of ambiguous ones (VII-B-6).
//!
//! Every Set-Name is pointwise over cards: whether a card is in the set
//! depends only on its dots. A Set-Name is therefore a truth table over the 16
//! possible cards ([`CardSet`]), intersected with the (restricted) Universe
//! only when cards are counted.

use crate::card::CardSet;
use crate::cube::Symbol;
use crate::solution::{Bracket, Expr, Restriction, Written};

/// How symbols are read in this shake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Semantics {
    /// − means symmetric difference (XIII-D-13).
    pub symmetric_difference: bool,
}

/// The truth table of a set symbol (color, V, Λ).
pub fn set_table(s: Symbol) -> Option<CardSet> {
    match s {
        Symbol::Color(c) => Some(c.cards()),
        Symbol::Universe => Some(CardSet::ALL),
        Symbol::Empty => Some(CardSet::EMPTY),
        _ => None,
    }
}

/// Applies a binary operation (I-B-2-c; XIII-D-13 for −).
pub fn binary(op: Symbol, a: CardSet, b: CardSet, sem: Semantics) -> CardSet {
    match op {
        Symbol::Union => a.union(b),
        Symbol::Intersection => a.intersection(b),
        Symbol::Minus if sem.symmetric_difference => a.symmetric_difference(b),
        Symbol::Minus => a.difference(b),
        _ => CardSet::EMPTY,
    }
}

/// The cards that satisfy one link of a Restriction (VI-B-2): `A ⊆ B` removes
/// the cards in A but not in B; `A = B` those in exactly one of them.
pub fn link(rel: Symbol, a: CardSet, b: CardSet) -> CardSet {
    match rel {
        Symbol::Subset => a.complement().union(b),
        _ => a.symmetric_difference(b).complement(),
    }
}

/// Evaluates a Set-Name that has exactly one interpretation; `None` if it is
/// ambiguous.
pub fn eval_unambiguous(e: &Expr, sem: Semantics) -> Option<CardSet> {
    match e {
        Expr::Set(w) => set_table(w.meaning),
        Expr::Group(_, x) => eval_unambiguous(x, sem),
        Expr::Complement(x, _) => eval_unambiguous(x, sem).map(CardSet::complement),
        Expr::Chain(es, ops) if es.len() == 2 => Some(binary(
            ops[0].meaning,
            eval_unambiguous(&es[0], sem)?,
            eval_unambiguous(&es[1], sem)?,
            sem,
        )),
        Expr::Chain(..) => None,
    }
}

/// One interpretation of a Set-Name: its truth table and the Set-Name written
/// with the grouping that gives it.
pub type Interpretation = (CardSet, Expr);

/// A meter of the work spent enumerating interpretations
/// ([`crate::budget::MAX_WORK`]): one unit per pair of readings combined (or
/// per combination of a Restriction's sides), [`KEEP_COST`] more per distinct
/// reading kept. The units are spent before the work they pay for, so a
/// Solution over the budget stops before it costs more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    left: u64,
}

/// What keeping one distinct reading costs in [`Work`] units (its memory).
pub const KEEP_COST: u64 = 4;

/// The interpretations would cost more than the [`Work`] left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMuchWork;

impl Work {
    /// A meter with `units` to spend.
    pub const fn new(units: u64) -> Self {
        Work { left: units }
    }
    /// A meter that never runs out (for callers whose Set-Names are bounded
    /// elsewhere: the solver's own, the manual's examples).
    pub const fn unlimited() -> Self {
        Work { left: u64::MAX }
    }
    /// The units not yet spent.
    pub const fn left(&self) -> u64 {
        self.left
    }
    /// Spends `units`, or fails (spending nothing) when fewer are left.
    pub fn spend(&mut self, units: u64) -> Result<(), TooMuchWork> {
        match self.left.checked_sub(units) {
            Some(l) => {
                self.left = l;
                Ok(())
            }
            None => Err(TooMuchWork),
        }
    }
}

/// Every distinct truth table of the legal interpretations of a Set-Name and
/// of each of its sub-expressions (VII-B-6), found once by interval dynamic
/// programming over each chain. Only the distinct tables of each interval are
/// kept, each with a back-pointer (the split and the two readings combined),
/// so memory grows with the number of distinct tables, never with the number
/// of bracketings or the size of their witnesses; a witness (the Set-Name
/// written with its grouping) is built only when asked for.
pub struct Interpretations<'e> {
    expr: &'e Expr,
    tables: Vec<CardSet>,
    shape: Shape<'e>,
}

enum Shape<'e> {
    Set,
    Group(Box<Interpretations<'e>>),
    Complement(Box<Interpretations<'e>>),
    /// `cells[i * n + j]`: the distinct readings of operands `i..=j`.
    Chain {
        operands: Vec<Interpretations<'e>>,
        ops: &'e [Written],
        cells: Vec<Vec<Link>>,
    },
}

/// How one reading of an interval is made: split after operand `k`, the
/// `l`-th reading of the left part with the `r`-th of the right part (on the
/// diagonal, `l` is the operand's own reading).
#[derive(Clone, Copy)]
struct Link {
    table: CardSet,
    k: u32,
    l: u32,
    r: u32,
}

/// The distinct tables seen in one interval: one bit per possible table.
struct Seen(Vec<u64>);

impl Seen {
    fn new() -> Self {
        Seen(vec![0; (1 << 16) / 64])
    }
    /// Marks `t`; whether it was new.
    fn insert(&mut self, t: CardSet) -> bool {
        let (w, b) = (usize::from(t.bits()) / 64, t.bits() % 64);
        let new = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        new
    }
    fn clear(&mut self, ts: &[Link]) {
        for l in ts {
            self.0[usize::from(l.table.bits()) / 64] = 0;
        }
    }
}

impl<'e> Interpretations<'e> {
    /// The interpretations of `e` with tables kept on the cards in `mask`
    /// (the cards that can matter; all operations are pointwise, so
    /// projecting early changes nothing), spending from `work`.
    pub fn of(
        e: &'e Expr,
        sem: Semantics,
        mask: CardSet,
        work: &mut Work,
    ) -> Result<Self, TooMuchWork> {
        let (tables, shape) = match e {
            Expr::Set(w) => (
                vec![set_table(w.meaning)
                    .unwrap_or(CardSet::EMPTY)
                    .intersection(mask)],
                Shape::Set,
            ),
            Expr::Group(_, x) => {
                let inner = Interpretations::of(x, sem, mask, work)?;
                (inner.tables.clone(), Shape::Group(Box::new(inner)))
            }
            Expr::Complement(x, _) => {
                let inner = Interpretations::of(x, sem, mask, work)?;
                let t = inner
                    .tables
                    .iter()
                    .map(|t| t.complement().intersection(mask))
                    .collect();
                (t, Shape::Complement(Box::new(inner)))
            }
            Expr::Chain(es, ops) => {
                let operands = es
                    .iter()
                    .map(|x| Interpretations::of(x, sem, mask, work))
                    .collect::<Result<Vec<_>, _>>()?;
                let cells = chain_cells(&operands, ops, sem, mask, work)?;
                let n = operands.len();
                let tables = cells[n - 1].iter().map(|l| l.table).collect();
                (
                    tables,
                    Shape::Chain {
                        operands,
                        ops,
                        cells,
                    },
                )
            }
        };
        Ok(Interpretations {
            expr: e,
            tables,
            shape,
        })
    }

    /// The Set-Name these are the interpretations of.
    pub fn expr(&self) -> &'e Expr {
        self.expr
    }
    /// Every distinct table, in the order of the bracketings (leftmost split
    /// first).
    pub fn tables(&self) -> &[CardSet] {
        &self.tables
    }
    pub fn len(&self) -> usize {
        self.tables.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
    /// The interpretations of the direct sub-expressions (the operand of a
    /// group or of ′, the operands of a chain), left to right.
    pub fn children(&self) -> Vec<&Interpretations<'e>> {
        match &self.shape {
            Shape::Set => Vec::new(),
            Shape::Group(x) | Shape::Complement(x) => vec![x],
            Shape::Chain { operands, .. } => operands.iter().collect(),
        }
    }
    /// The `i`-th interpretation written fully grouped: a Set-Name with one
    /// interpretation whose table is `tables()[i]`.
    pub fn witness(&self, i: usize) -> Expr {
        match (&self.shape, self.expr) {
            (Shape::Set, e) => e.clone(),
            (Shape::Group(x), Expr::Group(b, _)) => Expr::Group(*b, Box::new(x.witness(i))),
            (Shape::Complement(x), Expr::Complement(_, w)) => {
                Expr::Complement(Box::new(x.witness(i)), *w)
            }
            (
                Shape::Chain {
                    operands,
                    ops,
                    cells,
                },
                _,
            ) => {
                let n = operands.len();
                cell_witness(operands, ops, cells, 0, n - 1, i)
            }
            _ => self.expr.clone(),
        }
    }
    /// Every interpretation with its witness.
    pub fn all(&self) -> Vec<Interpretation> {
        (0..self.len())
            .map(|i| (self.tables[i], self.witness(i)))
            .collect()
    }
}

/// The readings of every interval of a chain's operands (the chain's own in
/// the last cell of the first row).
fn chain_cells(
    operands: &[Interpretations<'_>],
    ops: &[Written],
    sem: Semantics,
    mask: CardSet,
    work: &mut Work,
) -> Result<Vec<Vec<Link>>, TooMuchWork> {
    let n = operands.len();
    let mut cells: Vec<Vec<Link>> = vec![Vec::new(); n * n];
    for (i, o) in operands.iter().enumerate() {
        cells[i * n + i] = (0..o.len())
            .map(|l| Link {
                table: o.tables[l],
                k: i as u32,
                l: l as u32,
                r: 0,
            })
            .collect();
    }
    let mut seen = Seen::new();
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let mut out: Vec<Link> = Vec::new();
            for k in i..j {
                let (left, right) = (&cells[i * n + k], &cells[(k + 1) * n + j]);
                work.spend((left.len() as u64).saturating_mul(right.len() as u64))?;
                let op = ops[k].meaning;
                for (l, lt) in left.iter().enumerate() {
                    for (r, rt) in right.iter().enumerate() {
                        let t = binary(op, lt.table, rt.table, sem).intersection(mask);
                        if seen.insert(t) {
                            if let Err(e) = work.spend(KEEP_COST) {
                                seen.clear(&out);
                                return Err(e);
                            }
                            out.push(Link {
                                table: t,
                                k: k as u32,
                                l: l as u32,
                                r: r as u32,
                            });
                        }
                    }
                }
            }
            seen.clear(&out);
            cells[i * n + j] = out;
        }
    }
    Ok(cells)
}

fn cell_witness(
    operands: &[Interpretations<'_>],
    ops: &[Written],
    cells: &[Vec<Link>],
    i: usize,
    j: usize,
    idx: usize,
) -> Expr {
    let n = operands.len();
    let link = cells[i * n + j][idx];
    if i == j {
        return operands[i].witness(link.l as usize);
    }
    let k = link.k as usize;
    let wrap = |w: Expr, multi: bool| {
        if multi {
            Expr::Group(Bracket::Paren, Box::new(w))
        } else {
            w
        }
    };
    let lw = cell_witness(operands, ops, cells, i, k, link.l as usize);
    let rw = cell_witness(operands, ops, cells, k + 1, j, link.r as usize);
    Expr::Chain(vec![wrap(lw, k > i), wrap(rw, j > k + 1)], vec![ops[k]])
}

/// Every distinct truth table of the legal interpretations of `e`, each with a
/// fully grouped witness (see [`Interpretations`]; no work limit: for
/// Set-Names bounded elsewhere).
pub fn interpretations(e: &Expr, sem: Semantics, mask: CardSet) -> Vec<Interpretation> {
    Interpretations::of(e, sem, mask, &mut Work::unlimited())
        .map(|x| x.all())
        .unwrap_or_default()
}

/// Every distinct set of cards a Restriction accepts over its
/// interpretations (VI-B-2, VII-B-6), each with the readings of its sides
/// that give it; a witness is written only when asked for.
pub struct RestrictionReadings<'r> {
    restriction: &'r Restriction,
    sides: Vec<Interpretations<'r>>,
    readings: Vec<(CardSet, Vec<u32>)>,
}

impl<'r> RestrictionReadings<'r> {
    /// The readings of `r` over the cards in `mask`, spending from `work`
    /// (the number of combinations of the sides' readings is spent before
    /// they are tried).
    pub fn of(
        r: &'r Restriction,
        sem: Semantics,
        mask: CardSet,
        work: &mut Work,
    ) -> Result<Self, TooMuchWork> {
        let sides = r
            .sides
            .iter()
            .map(|s| Interpretations::of(s, sem, mask, work))
            .collect::<Result<Vec<_>, _>>()?;
        let combinations = sides
            .iter()
            .try_fold(1u64, |p, s| p.checked_mul(s.len() as u64))
            .ok_or(TooMuchWork)?;
        work.spend(combinations)?;
        let mut readings: Vec<(CardSet, Vec<u32>)> = Vec::new();
        let mut seen = Seen::new();
        let mut idx = vec![0usize; sides.len()];
        loop {
            let mut accept = CardSet::ALL;
            for (k, rel) in r.relations.iter().enumerate() {
                accept = accept.intersection(link(
                    rel.meaning,
                    sides[k].tables[idx[k]],
                    sides[k + 1].tables[idx[k + 1]],
                ));
            }
            accept = accept.intersection(mask);
            if seen.insert(accept) {
                work.spend(KEEP_COST)?;
                readings.push((accept, idx.iter().map(|&i| i as u32).collect()));
            }
            // odometer
            let mut k = 0;
            loop {
                if k == idx.len() {
                    return Ok(RestrictionReadings {
                        restriction: r,
                        sides,
                        readings,
                    });
                }
                idx[k] += 1;
                if idx[k] < sides[k].len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
        }
    }
    pub fn len(&self) -> usize {
        self.readings.len()
    }
    pub fn is_empty(&self) -> bool {
        self.readings.is_empty()
    }
    /// The cards the `i`-th reading accepts.
    pub fn accepts(&self, i: usize) -> CardSet {
        self.readings[i].0
    }
    /// The `i`-th reading written with every side fully grouped.
    pub fn witness(&self, i: usize) -> Restriction {
        Restriction {
            wrap: self.restriction.wrap.clone(),
            sides: self.readings[i]
                .1
                .iter()
                .enumerate()
                .map(|(k, &s)| self.sides[k].witness(s as usize))
                .collect(),
            relations: self.restriction.relations.clone(),
        }
    }
}

/// Every distinct set of accepted cards of the legal interpretations of a
/// Restriction, each with a fully grouped witness (no work limit: for
/// Restrictions bounded elsewhere).
pub fn restriction_interpretations(
    r: &Restriction,
    sem: Semantics,
    mask: CardSet,
) -> Vec<(CardSet, Restriction)> {
    match RestrictionReadings::of(r, sem, mask, &mut Work::unlimited()) {
        Ok(x) => (0..x.len()).map(|i| (x.accepts(i), x.witness(i))).collect(),
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Color;

    fn tables(s: &str, sem: Semantics) -> Vec<CardSet> {
        interpretations(&Expr::parse(s).unwrap(), sem, CardSet::ALL)
            .into_iter()
            .map(|x| x.0)
            .collect()
    }

    #[test]
    fn vii_c_5_c_example_a_b_u_g_minus_r_has_two_interpretations() {
        let t = tables("B ∪ G − R", Semantics::default());
        let b = Color::Blue.cards();
        let g = Color::Green.cards();
        let r = Color::Red.cards();
        assert_eq!(t.len(), 2);
        assert!(t.contains(&b.union(g).difference(r)));
        assert!(t.contains(&b.union(g.difference(r))));
    }

    #[test]
    fn vii_c_5_c_example_b_prime_binds_tightest() {
        let t = tables("R ∪ G′", Semantics::default());
        assert_eq!(
            t,
            vec![Color::Red.cards().union(Color::Green.cards().complement())]
        );
    }

    #[test]
    fn witnesses_are_fully_grouped_and_evaluate_to_their_table() {
        for (t, w) in interpretations(
            &Expr::parse("B ∪ G − R ∩ Y′").unwrap(),
            Semantics::default(),
            CardSet::ALL,
        ) {
            assert!(!w.is_ambiguous());
            assert_eq!(eval_unambiguous(&w, Semantics::default()), Some(t));
        }
    }

    #[test]
    fn xiii_d_13_minus_is_symmetric_difference() {
        let sem = Semantics {
            symmetric_difference: true,
        };
        let t = tables("B − R", sem);
        assert_eq!(
            t,
            vec![Color::Blue.cards().symmetric_difference(Color::Red.cards())]
        );
    }
}
