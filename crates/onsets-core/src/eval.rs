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
use std::collections::HashMap;

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

/// Every distinct truth table of the legal interpretations of `e`, each with a
/// fully grouped witness. Chains of three or more operands are split in every
/// way (interval dynamic programming over the chain). Tables are kept only on
/// the cards in `mask` (the cards that can matter) and deduplicated there: all
/// operations are pointwise, so projecting early changes nothing.
pub fn interpretations(e: &Expr, sem: Semantics, mask: CardSet) -> Vec<Interpretation> {
    match e {
        Expr::Set(w) => vec![(
            set_table(w.meaning)
                .unwrap_or(CardSet::EMPTY)
                .intersection(mask),
            e.clone(),
        )],
        Expr::Group(b, x) => interpretations(x, sem, mask)
            .into_iter()
            .map(|(t, w)| (t, Expr::Group(*b, Box::new(w))))
            .collect(),
        Expr::Complement(x, w) => interpretations(x, sem, mask)
            .into_iter()
            .map(|(t, xw)| {
                (
                    t.complement().intersection(mask),
                    Expr::Complement(Box::new(xw), *w),
                )
            })
            .collect(),
        Expr::Chain(es, ops) => chain_interpretations(es, ops, sem, mask),
    }
}

fn chain_interpretations(
    es: &[Expr],
    ops: &[Written],
    sem: Semantics,
    mask: CardSet,
) -> Vec<Interpretation> {
    let n = es.len();
    // table[i][j]: interpretations of operands i..=j.
    let mut table: Vec<Vec<Vec<Interpretation>>> = vec![vec![Vec::new(); n]; n];
    for (i, e) in es.iter().enumerate() {
        table[i][i] = interpretations(e, sem, mask);
    }
    for len in 2..=n {
        for i in 0..=n - len {
            let j = i + len - 1;
            let mut seen: HashMap<CardSet, usize> = HashMap::new();
            let mut out: Vec<Interpretation> = Vec::new();
            for k in i..j {
                let op = ops[k];
                for (lt, lw) in &table[i][k] {
                    for (rt, rw) in &table[k + 1][j] {
                        let t = binary(op.meaning, *lt, *rt, sem).intersection(mask);
                        if let std::collections::hash_map::Entry::Vacant(v) = seen.entry(t) {
                            v.insert(out.len());
                            let wrap = |w: &Expr, multi: bool| {
                                if multi {
                                    Expr::Group(Bracket::Paren, Box::new(w.clone()))
                                } else {
                                    w.clone()
                                }
                            };
                            out.push((
                                t,
                                Expr::Chain(vec![wrap(lw, k > i), wrap(rw, j > k + 1)], vec![op]),
                            ));
                        }
                    }
                }
            }
            table[i][j] = out;
        }
    }
    std::mem::take(&mut table[0][n - 1])
}

/// Every distinct set of accepted cards of the legal interpretations of a
/// Restriction, each with a fully grouped witness.
pub fn restriction_interpretations(
    r: &Restriction,
    sem: Semantics,
    mask: CardSet,
) -> Vec<(CardSet, Restriction)> {
    let sides: Vec<Vec<Interpretation>> = r
        .sides
        .iter()
        .map(|s| interpretations(s, sem, mask))
        .collect();
    let mut out: Vec<(CardSet, Restriction)> = Vec::new();
    let mut seen: HashMap<CardSet, ()> = HashMap::new();
    let mut idx = vec![0usize; sides.len()];
    loop {
        let mut accept = CardSet::ALL;
        for (k, rel) in r.relations.iter().enumerate() {
            accept = accept.intersection(link(
                rel.meaning,
                sides[k][idx[k]].0,
                sides[k + 1][idx[k + 1]].0,
            ));
        }
        accept = accept.intersection(mask);
        if seen.insert(accept, ()).is_none() {
            let witness = Restriction {
                wrap: r.wrap.clone(),
                sides: idx
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| sides[k][i].1.clone())
                    .collect(),
                relations: r.relations.clone(),
            };
            out.push((accept, witness));
        }
        // odometer
        let mut k = 0;
        loop {
            if k == idx.len() {
                return out;
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
