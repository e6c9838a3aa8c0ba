//! Which variations are in force for a position: the selections in order,
//! minus those that were illegal when made (II-C-2: an illegal selection that
//! was insulated is ignored for the shake; OS-A8, A9, A15), plus Junior and
//! Senior's automatic variations (XIII-C special rule).

use crate::card::{Card, CardSet};
use crate::cube::Symbol;
use crate::division::{Division, Edition, Form1969, RelationCubes};
use crate::eval::{eval_unambiguous, Semantics};
use crate::position::Position;
use crate::variation::Variation;

/// The variations in force, as flags and parameters the checker reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InForce {
    /// Whether = and ⊆ are Restriction symbols here (not in Elementary, not in
    /// Basic On-Sets; see [`crate::Edition::relation_cubes`]).
    pub restrictions: bool,
    pub required_cubes: Vec<Symbol>,
    /// The symbols whose cubes are wild (XIII-A-2).
    pub wild: Vec<Symbol>,
    pub union_intersection: bool,
    pub universe_empty: bool,
    pub two_operations: bool,
    pub multiple_operations: bool,
    pub no_null_restrictions: bool,
    pub absolute_value: bool,
    /// The truth table of the Double Set over the 16 possible cards
    /// (evaluated card by card, with − as selected before it: XIII-C-10 comment).
    pub double_set: Option<CardSet>,
    pub required_cards: Vec<Card>,
    pub forbidden_cards: Vec<Card>,
    pub blank_card_wild: bool,
    pub symmetric_difference: bool,
    pub two_solutions: bool,
    /// Selections ignored, each with the reason.
    pub ignored: Vec<String>,
    /// MLAG Basic 2019-20: every = cube is a wild set (B R G Y V Λ) and
    /// every ⊆ cube a wild operation (∪ ∩ − ′), each with one meaning
    /// throughout a Solution (B19 I-B-2-d-iii; [`RelationCubes::Wild`]).
    pub wild_relations: bool,
    /// The fewest cubes a Solution may contain: two (T26 VII-B-4-a, B19
    /// VII-B-2-a), one in 1969 ("single-cube Solutions are permitted", M69
    /// 4.2-B P2).
    pub min_cubes: usize,
    /// 1969 Advanced: a Restriction Statement is one relation between two
    /// Set-Names; a chain is undefined (M69 4.3-B, editions.md Q14).
    pub one_relation_per_statement: bool,
    /// A19: no grouping pair may enclose = or ⊆, not even around a whole
    /// Restriction (A19 VI-B-3, editions.md Q5).
    pub no_wrapped_restrictions: bool,
    /// A19: under Blank Card Wild the blank may not be given the forbidden
    /// card's colors (A19 XIII-C-10 comment b).
    pub blank_not_forbidden_colors: bool,
}

impl InForce {
    /// Works out the variations in force for `position`.
    pub fn of(position: &Position) -> InForce {
        let restrictions = position
            .edition()
            .relation_cubes(position.division(), position.adventurous())
            == RelationCubes::Restrictions;
        let edition = position.edition();
        let mlag = edition == Edition::Mlag2019;
        let mut f = InForce {
            restrictions,
            wild_relations: edition.relation_cubes(position.division(), position.adventurous())
                == RelationCubes::Wild,
            min_cubes: if matches!(edition, Edition::Manual1969(_)) {
                1
            } else {
                2
            },
            one_relation_per_statement: edition == Edition::Manual1969(Form1969::Advanced),
            no_wrapped_restrictions: mlag && position.adventurous(),
            blank_not_forbidden_colors: mlag && position.adventurous(),
            ..InForce::default()
        };
        if f.wild_relations {
            // B19 I-B-2-d-iii: the = and ⊆ cubes are wild in every Solution.
            f.wild = vec![Symbol::Equals, Symbol::Subset];
        }
        if !position.adventurous() || matches!(edition, Edition::Manual1969(_)) {
            return f;
        }
        // A19 XIII-B-2: in Middle Division "the wild cube may not be a digit";
        // = and ⊆ may be wild (editions.md Q4).
        let relation_may_be_wild = mlag && position.division() == Division::Middle;
        let in_play = |s: Symbol| !s.is_digit() && (restrictions || !s.is_relation());
        let present = |s: Symbol| {
            in_play(s)
                && [
                    &position.required(),
                    &position.permitted(),
                    &position.forbidden(),
                    &position.resources(),
                ]
                .iter()
                .any(|l| l.iter().any(|c| c == s))
        };
        let automatic = Variation::automatic(position.division());
        for v in &automatic {
            f.apply(v, position);
        }
        let mut chosen: Vec<&Variation> = Vec::new();
        for v in position.variations() {
            let why: Option<String> = if automatic.contains(v) {
                Some(format!(
                    "{} is in force for every {} shake; selecting it is illegal (XIII-C, OS-A)",
                    v.keyword(),
                    position.division()
                ))
            } else if chosen.contains(&v) {
                Some(format!("{v} was already chosen (II-C-2)"))
            } else {
                match v {
                    Variation::RequiredCube(s) if !present(*s) => {
                        Some(format!("no {s} cube was rolled, so `{v}` has no effect (II-C-2, OS-A8, OS-A9)"))
                    }
                    Variation::WildCube(s) if !present(*s) => {
                        Some(format!("no {s} cube was rolled, so `{v}` has no effect (II-C-2, OS-A9)"))
                    }
                    Variation::WildCube(s) if s.is_relation() && !relation_may_be_wild => {
                        Some(format!("the wild cube may not be = or ⊆ (XIII-B-2), so `{v}` is ignored"))
                    }
                    Variation::WildCube(Symbol::Minus) if f.symmetric_difference => Some(
                        "− wild conflicts with Symmetric Difference chosen before it (XIII-D-13)".to_string(),
                    ),
                    Variation::SymmetricDifference if f.wild.contains(&Symbol::Minus) => Some(
                        "Symmetric Difference conflicts with − wild chosen before it (XIII-D-13)".to_string(),
                    ),
                    Variation::UnionIntersectionInterchangeable
                        if !present(Symbol::Union) && !present(Symbol::Intersection) && f.wild.is_empty() =>
                    {
                        Some(format!("no ∪ or ∩ cube was rolled and no wild cube chosen, so `{v}` has no effect (II-C-2, OS-A12)"))
                    }
                    Variation::UniverseEmptyInterchangeable
                        if !present(Symbol::Universe) && !present(Symbol::Empty) && f.wild.is_empty() =>
                    {
                        Some(format!("no V or Λ cube was rolled and no wild cube chosen, so `{v}` has no effect (II-C-2, OS-A12)"))
                    }
                    Variation::NoNullRestrictions
                        if !restrictions || (!present(Symbol::Equals) && !present(Symbol::Subset) && f.wild.is_empty()) =>
                    {
                        Some("no = or ⊆ cube was rolled and no wild cube chosen, so No Null Restrictions has no effect (OS-A14)".to_string())
                    }
                    Variation::DoubleSet(_) if f.double_set.is_some() => Some(format!("{} was already chosen (II-C-2)", v.keyword())),
                    Variation::DoubleSet(e) => {
                        let symbols = e.symbols().len();
                        let table = eval_unambiguous(e, Semantics { symmetric_difference: f.symmetric_difference });
                        let in_universe = position.universe().iter().filter(|c| table.is_some_and(|t| t.contains(*c))).count();
                        if symbols > 4 {
                            Some(format!("the Double Set {e} has {symbols} symbols; at most four are allowed (XIII-C-10)"))
                        } else if in_universe == 0 {
                            Some(format!("the Double Set {e} contains no card of the Universe (XIII-C-10)"))
                        } else if in_universe as u32 == position.universe().len() {
                            Some(format!("the Double Set {e} equals the Universe (XIII-C-10)"))
                        } else {
                            None
                        }
                    }
                    Variation::RequiredCard(c) | Variation::ForbiddenCard(c) if !position.universe().contains(*c) => {
                        Some(format!("card {c} is not in the Universe, so `{v}` is ignored (OS-A15, OS-A16)"))
                    }
                    Variation::RequiredCard(c) if f.forbidden_cards.contains(c) => {
                        Some(format!("{c} was already chosen as the forbidden card (OS-A)"))
                    }
                    Variation::ForbiddenCard(c) if f.required_cards.contains(c) => {
                        Some(format!("{c} was already chosen as the required card (OS-A)"))
                    }
                    Variation::ForbiddenCard(c) if c.is_blank() && f.blank_card_wild => {
                        Some("Blank Card Forbidden conflicts with Blank Card Wild (XIII-C-12 comment e)".to_string())
                    }
                    Variation::BlankCardWild if !position.universe().contains(Card::BLANK) => {
                        Some("the blank card was not dealt, so Blank Card Wild is ignored (XIII-C-12 comment a)".to_string())
                    }
                    Variation::BlankCardWild if f.forbidden_cards.contains(&Card::BLANK) => {
                        Some("Blank Card Wild conflicts with Blank Card Forbidden (XIII-C-12 comment e)".to_string())
                    }
                    _ => None,
                }
            };
            match why {
                Some(reason) => f.ignored.push(format!("ignored `{v}`: {reason}")),
                None => {
                    f.apply(v, position);
                    chosen.push(v);
                }
            }
        }
        f
    }

    fn apply(&mut self, v: &Variation, _position: &Position) {
        match v {
            Variation::RequiredCube(s) => self.required_cubes.push(*s),
            Variation::WildCube(s) => self.wild.push(*s),
            Variation::UnionIntersectionInterchangeable => self.union_intersection = true,
            Variation::UniverseEmptyInterchangeable => self.universe_empty = true,
            Variation::TwoOperations => self.two_operations = true,
            Variation::MultipleOperations => self.multiple_operations = true,
            Variation::ShiftFromPermitted => {}
            Variation::NoNullRestrictions => self.no_null_restrictions = true,
            Variation::AbsoluteValue => self.absolute_value = true,
            Variation::DoubleSet(e) => {
                self.double_set = eval_unambiguous(
                    e,
                    Semantics {
                        symmetric_difference: self.symmetric_difference,
                    },
                )
            }
            Variation::RequiredCard(c) => self.required_cards.push(*c),
            Variation::ForbiddenCard(c) => self.forbidden_cards.push(*c),
            Variation::BlankCardWild => self.blank_card_wild = true,
            Variation::SymmetricDifference => self.symmetric_difference = true,
            Variation::TwoSolutions => self.two_solutions = true,
        }
    }

    /// Whether `a` and `b` are partners under an interchangeable variation in
    /// force (XIII-A-3, XIII-A-4).
    pub fn interchangeable(&self, a: Symbol, b: Symbol) -> bool {
        a.partner() == Some(b)
            && match a {
                Symbol::Union | Symbol::Intersection => self.union_intersection,
                _ => self.universe_empty,
            }
    }

    /// `a` and `b` are the same symbol or interchangeable partners.
    pub fn same_class(&self, a: Symbol, b: Symbol) -> bool {
        a == b || self.interchangeable(a, b)
    }

    pub fn is_wild(&self, face: Symbol) -> bool {
        self.wild.contains(&face)
    }
}
