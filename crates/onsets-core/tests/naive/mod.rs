//! A deliberately naive, card-by-card model of Set-Names and Restrictions,
//! written straight from the rules' definitions and independent of the
//! library's bitset evaluator (`onsets_core::eval`):
//!
//! - I-B-2-b: a color names the cards of the Universe carrying that dot;
//! - I-B-2-c: ∪ union, ∩ intersection, − set subtraction, ′ complement
//!   (relative to the Universe);
//! - I-B-2-d: V the whole Universe, Λ no cards;
//! - XIII-D-13: − as symmetric difference;
//! - VI-B-2: a card fails `A ⊆ B` when it is in A but not in B, and fails
//!   `A = B` when it is in exactly one of them; a chain `A r B s C` means
//!   `A r B` and `B s C`;
//! - VII-B-6: every bracketing of an ungrouped chain is a legal
//!   interpretation.
//!
//! Sets of cards are explicit `BTreeSet<Card>`s of Universe cards, never
//! truth tables over the 16 possible cards.

#![allow(dead_code)]

use onsets_core::{Card, CardSet, Color, Expr, Restriction, Symbol};
use std::collections::BTreeSet;

/// An explicit set of cards of the Universe.
pub type Cards = BTreeSet<Card>;

/// A Universe as an explicit list of distinct cards.
#[derive(Clone, Debug)]
pub struct Universe {
    pub cards: Vec<Card>,
    pub symmetric_difference: bool,
}

impl Universe {
    pub fn new(cards: Vec<Card>) -> Self {
        Universe {
            cards,
            symmetric_difference: false,
        }
    }

    /// The library's card-set form of this Universe (only used to call the
    /// library; the naive model never looks at bits).
    pub fn mask(&self) -> CardSet {
        self.cards
            .iter()
            .fold(CardSet::EMPTY, |acc, c| acc.with(*c))
    }

    fn all(&self) -> Cards {
        self.cards.iter().copied().collect()
    }

    /// I-B-2-b: the cards of the Universe that carry a dot of `color`.
    fn colored(&self, color: Color) -> Cards {
        self.cards
            .iter()
            .copied()
            .filter(|card| dots(*card).contains(&color.letter()))
            .collect()
    }

    fn symbol_set(&self, s: Symbol) -> Cards {
        match s {
            Symbol::Color(c) => self.colored(c),
            Symbol::Universe => self.all(),
            Symbol::Empty => Cards::new(),
            other => panic!("{other} does not name a set"),
        }
    }

    fn apply(&self, op: Symbol, a: &Cards, b: &Cards) -> Cards {
        match op {
            Symbol::Union => a.union(b).copied().collect(),
            Symbol::Intersection => a.intersection(b).copied().collect(),
            Symbol::Minus if self.symmetric_difference => {
                a.symmetric_difference(b).copied().collect()
            }
            Symbol::Minus => a.difference(b).copied().collect(),
            other => panic!("{other} is not a binary operation"),
        }
    }

    fn complement(&self, a: &Cards) -> Cards {
        self.cards
            .iter()
            .copied()
            .filter(|c| !a.contains(c))
            .collect()
    }

    /// Every set of cards some legal interpretation of `e` names.
    pub fn interpretations(&self, e: &Expr) -> BTreeSet<Cards> {
        match e {
            Expr::Set(w) => BTreeSet::from([self.symbol_set(w.meaning)]),
            Expr::Group(_, x) => self.interpretations(x),
            Expr::Complement(x, _) => self
                .interpretations(x)
                .iter()
                .map(|a| self.complement(a))
                .collect(),
            Expr::Chain(es, ops) => {
                let leaves: Vec<BTreeSet<Cards>> =
                    es.iter().map(|x| self.interpretations(x)).collect();
                let ops: Vec<Symbol> = ops.iter().map(|w| w.meaning).collect();
                self.bracketings(&leaves, &ops)
            }
        }
    }

    /// All full bracketings of `l0 op0 l1 op1 ... ln`: the last operation
    /// applied is one of the n operations, splitting the chain in two.
    fn bracketings(&self, leaves: &[BTreeSet<Cards>], ops: &[Symbol]) -> BTreeSet<Cards> {
        if leaves.len() == 1 {
            return leaves[0].clone();
        }
        let mut out = BTreeSet::new();
        for k in 0..ops.len() {
            let left = self.bracketings(&leaves[..=k], &ops[..k]);
            let right = self.bracketings(&leaves[k + 1..], &ops[k + 1..]);
            for a in &left {
                for b in &right {
                    out.insert(self.apply(ops[k], a, b));
                }
            }
        }
        out
    }

    /// The value of an unambiguous Set-Name: `None` when it has several
    /// interpretations.
    pub fn value(&self, e: &Expr) -> Option<Cards> {
        let all = self.interpretations(e);
        if all.len() == 1 {
            all.into_iter().next()
        } else {
            None
        }
    }

    /// Every set of cards that satisfies some legal interpretation of a
    /// Restriction (VI-B-2), the sides interpreted independently.
    pub fn restriction_interpretations(&self, r: &Restriction) -> BTreeSet<Cards> {
        let sides: Vec<Vec<Cards>> = r
            .sides()
            .iter()
            .map(|s| self.interpretations(s).into_iter().collect())
            .collect();
        let rels: Vec<Symbol> = r.relations().iter().map(|w| w.meaning).collect();
        let mut out = BTreeSet::new();
        let mut choice: Vec<&Cards> = Vec::new();
        self.restriction_product(&sides, &rels, &mut choice, &mut out);
        out
    }

    fn restriction_product<'a>(
        &self,
        sides: &'a [Vec<Cards>],
        rels: &[Symbol],
        choice: &mut Vec<&'a Cards>,
        out: &mut BTreeSet<Cards>,
    ) {
        if choice.len() == sides.len() {
            let accepted = self
                .cards
                .iter()
                .copied()
                .filter(|card| {
                    rels.iter().enumerate().all(|(k, rel)| {
                        let in_a = choice[k].contains(card);
                        let in_b = choice[k + 1].contains(card);
                        match rel {
                            // VI-B-2-a: fails when in Set 1 but not in Set 2.
                            Symbol::Subset => !in_a || in_b, // not (in A and not in B)
                            // VI-B-2-b: fails when in one set but not the other.
                            Symbol::Equals => in_a == in_b,
                            other => panic!("{other} is not a relation"),
                        }
                    })
                })
                .collect();
            out.insert(accepted);
            return;
        }
        for s in &sides[choice.len()] {
            choice.push(s);
            self.restriction_product(sides, rels, choice, out);
            choice.pop();
        }
    }
}

/// The color letters on a card, read from the card's dots one color at a time.
pub fn dots(card: Card) -> BTreeSet<char> {
    Color::ALL
        .iter()
        .filter(|c| card.has(**c))
        .map(|c| c.letter())
        .collect()
}

/// The explicit set of cards of a library table restricted to the Universe.
pub fn explicit(u: &Universe, table: CardSet) -> Cards {
    u.cards
        .iter()
        .copied()
        .filter(|c| table.contains(*c))
        .collect()
}
