//! The Adventurous variations of section XIII, with their parameters.

use crate::card::Card;
use crate::cube::Symbol;
use crate::division::Division;
use crate::error::{ParseError, ParseErrorKind};
use crate::solution::Expr;
use std::fmt;

/// One variation selection (XIII). Selections are kept in the order they were
/// made: the order of Double Set and Symmetric Difference matters (XIII-C-10
/// comment, XIII-D-13 comment c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variation {
    /// XIII-A-1: the Solution must contain a cube showing this symbol.
    RequiredCube(Symbol),
    /// XIII-A-2: every cube showing this symbol is wild.
    WildCube(Symbol),
    /// XIII-A-3: ∪ and ∩ interchangeable.
    UnionIntersectionInterchangeable,
    /// XIII-A-4: V and Λ interchangeable.
    UniverseEmptyInterchangeable,
    /// XIII-A-5: at least two operation symbols (in the Set-Name, XIII-B-5).
    TwoOperations,
    /// XIII-A-6: an operation sign not in Forbidden may be used many times.
    MultipleOperations,
    /// XIII-A-7: a procedural variation; no effect on checking.
    ShiftFromPermitted,
    /// XIII-B-8: each Restriction must remove at least one card.
    NoNullRestrictions,
    /// XIII-B-9: upside-down Goal digits may be read right-side-up.
    AbsoluteValue,
    /// XIII-C-10: cards in this set count double.
    DoubleSet(Expr),
    /// XIII-C-11: this card must be in the Set-Name's set.
    RequiredCard(Card),
    /// XIII-C-11: this card must not be in the Set-Name's set.
    ForbiddenCard(Card),
    /// XIII-C-12: each writer says which colors are on the blank card.
    BlankCardWild,
    /// XIII-D-13: − means symmetric difference.
    SymmetricDifference,
    /// XIII-D-14: each writer writes two Solutions.
    TwoSolutions,
}

impl Variation {
    /// The variation's name in the notation (without its parameter).
    pub const fn keyword(&self) -> &'static str {
        match self {
            Variation::RequiredCube(_) => "required-cube",
            Variation::WildCube(_) => "wild-cube",
            Variation::UnionIntersectionInterchangeable => "union-intersection-interchangeable",
            Variation::UniverseEmptyInterchangeable => "universe-empty-interchangeable",
            Variation::TwoOperations => "two-operations",
            Variation::MultipleOperations => "multiple-operations",
            Variation::ShiftFromPermitted => "shift-from-permitted",
            Variation::NoNullRestrictions => "no-null-restrictions",
            Variation::AbsoluteValue => "absolute-value",
            Variation::DoubleSet(_) => "double-set",
            Variation::RequiredCard(_) => "required-card",
            Variation::ForbiddenCard(_) => "forbidden-card",
            Variation::BlankCardWild => "blank-card-wild",
            Variation::SymmetricDifference => "symmetric-difference",
            Variation::TwoSolutions => "two-solutions",
        }
    }

    /// The rule section that defines the variation (Senior numbering where
    /// the lists differ).
    pub const fn section(&self) -> &'static str {
        match self {
            Variation::RequiredCube(_) => "XIII-A-1",
            Variation::WildCube(_) => "XIII-A-2",
            Variation::UnionIntersectionInterchangeable => "XIII-A-3",
            Variation::UniverseEmptyInterchangeable => "XIII-A-4",
            Variation::TwoOperations => "XIII-A-5",
            Variation::MultipleOperations => "XIII-A-6",
            Variation::ShiftFromPermitted => "XIII-A-7",
            Variation::NoNullRestrictions => "XIII-B-8",
            Variation::AbsoluteValue => "XIII-B-9",
            Variation::DoubleSet(_) => "XIII-C-10",
            Variation::RequiredCard(_) | Variation::ForbiddenCard(_) => "XIII-C-11",
            Variation::BlankCardWild => "XIII-C-12",
            Variation::SymmetricDifference => "XIII-D-13",
            Variation::TwoSolutions => "XIII-D-14",
        }
    }

    /// The variations that are in force for every shake in this division
    /// (XIII-C special rule: Junior and Senior).
    pub fn automatic(division: Division) -> Vec<Variation> {
        match division {
            Division::Junior | Division::Senior => vec![
                Variation::MultipleOperations,
                Variation::UnionIntersectionInterchangeable,
                Variation::UniverseEmptyInterchangeable,
            ],
            _ => Vec::new(),
        }
    }

    /// Whether a player of `division` can select this variation from the
    /// division's list (XIII-A to XIII-D). Junior and Senior's automatic
    /// variations are not on their lists (OS-A: selecting them is illegal).
    pub fn selectable_in(&self, division: Division) -> bool {
        use Division::*;
        use Variation::*;
        match self {
            RequiredCube(_) | WildCube(_) | TwoOperations | ShiftFromPermitted => true,
            UnionIntersectionInterchangeable
            | UniverseEmptyInterchangeable
            | MultipleOperations => {
                matches!(division, Elementary | Middle)
            }
            NoNullRestrictions | AbsoluteValue => division != Elementary,
            DoubleSet(_) | RequiredCard(_) | ForbiddenCard(_) | BlankCardWild => {
                matches!(division, Junior | Senior)
            }
            SymmetricDifference | TwoSolutions => division == Senior,
        }
    }

    /// Parses one entry of notation.md "Variations", e.g. `wild-cube Y`,
    /// `double-set R′`, `required-card blank`.
    pub fn parse(text: &str) -> Result<Variation, ParseError> {
        let t = text.trim_start();
        let lead = text.chars().count() - t.chars().count();
        let (word, rest) = match t.find(char::is_whitespace) {
            Some(i) => (&t[..i], &t[i..]),
            None => (t, ""),
        };
        let param_col = lead
            + word.chars().count()
            + 1
            + (rest.chars().count() - rest.trim_start().chars().count());
        let param = rest.trim();
        let need = |what: &str| -> Result<(), ParseError> {
            if param.is_empty() {
                Err(ParseError::at(
                    ParseErrorKind::Variation,
                    lead + word.chars().count() + 1,
                    format!("`{word}` needs {what}"),
                ))
            } else {
                Ok(())
            }
        };
        let none = |v: Variation| -> Result<Variation, ParseError> {
            if param.is_empty() {
                Ok(v)
            } else {
                Err(ParseError::at(
                    ParseErrorKind::Variation,
                    param_col,
                    format!("`{word}` takes no parameter"),
                ))
            }
        };
        let symbol = || -> Result<Symbol, ParseError> {
            let s = Symbol::parse_at(param, param_col)?;
            if s.is_digit() {
                return Err(ParseError::at(
                    ParseErrorKind::Variation,
                    param_col,
                    "a digit cube cannot be required or wild (XIII-A-1, XIII-A-2)",
                ));
            }
            Ok(s)
        };
        match word {
            "required-cube" => {
                need("a cube symbol, e.g. `required-cube ∪`")?;
                Ok(Variation::RequiredCube(symbol()?))
            }
            "wild-cube" => {
                need("a cube symbol, e.g. `wild-cube Y`")?;
                Ok(Variation::WildCube(symbol()?))
            }
            "union-intersection-interchangeable" => none(Variation::UnionIntersectionInterchangeable),
            "universe-empty-interchangeable" => none(Variation::UniverseEmptyInterchangeable),
            "two-operations" => none(Variation::TwoOperations),
            "multiple-operations" => none(Variation::MultipleOperations),
            "shift-from-permitted" => none(Variation::ShiftFromPermitted),
            "no-null-restrictions" => none(Variation::NoNullRestrictions),
            "absolute-value" => none(Variation::AbsoluteValue),
            "blank-card-wild" => none(Variation::BlankCardWild),
            "symmetric-difference" => none(Variation::SymmetricDifference),
            "two-solutions" => none(Variation::TwoSolutions),
            "double-set" => {
                need("a Set-Name, e.g. `double-set R′`")?;
                let e = crate::solution::Presentation::parse(param).map_err(|e| e.shifted(param_col - 1))?;
                match e.solutions.as_slice() {
                    [s] if s.parts.len() == 1 => match &s.parts[0] {
                        crate::solution::Part::SetName(x) => {
                            if x.symbols().iter().any(|w| w.cube.is_some()) {
                                return Err(ParseError::at(ParseErrorKind::Variation, param_col, "a Double Set is named without `@` annotations"));
                            }
                            Ok(Variation::DoubleSet(x.clone()))
                        }
                        _ => Err(ParseError::at(ParseErrorKind::Variation, param_col, "a Double Set is a Set-Name, not a Restriction (XIII-C-10)")),
                    },
                    _ => Err(ParseError::at(ParseErrorKind::Variation, param_col, "a Double Set is one Set-Name (XIII-C-10)")),
                }
            }
            "required-card" | "forbidden-card" => {
                need("a card, e.g. `required-card BRG`")?;
                let c = Card::parse_at(param, param_col)?;
                Ok(if word == "required-card" { Variation::RequiredCard(c) } else { Variation::ForbiddenCard(c) })
            }
            "" => Err(ParseError::at(ParseErrorKind::Variation, 1, "empty variation")),
            w => Err(ParseError::at(
                ParseErrorKind::Variation,
                lead + 1,
                format!(
                    "unknown variation `{w}`: expected one of required-cube, wild-cube, union-intersection-interchangeable, universe-empty-interchangeable, two-operations, multiple-operations, shift-from-permitted, no-null-restrictions, absolute-value, double-set, required-card, forbidden-card, blank-card-wild, symmetric-difference, two-solutions"
                ),
            )),
        }
    }
}

impl fmt::Display for Variation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())?;
        match self {
            Variation::RequiredCube(s) | Variation::WildCube(s) => write!(f, " {s}"),
            Variation::DoubleSet(e) => write!(f, " {e}"),
            Variation::RequiredCard(c) | Variation::ForbiddenCard(c) => write!(f, " {c}"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variation_round_trips() {
        for s in [
            "required-cube ∪",
            "wild-cube Y",
            "union-intersection-interchangeable",
            "universe-empty-interchangeable",
            "two-operations",
            "multiple-operations",
            "shift-from-permitted",
            "no-null-restrictions",
            "absolute-value",
            "double-set (B − R)′",
            "required-card BRG",
            "forbidden-card blank",
            "blank-card-wild",
            "symmetric-difference",
            "two-solutions",
        ] {
            let v = Variation::parse(s).unwrap();
            assert_eq!(v.to_string(), s);
        }
    }

    #[test]
    fn variation_errors_point_at_the_parameter() {
        let e = Variation::parse("wild-cube X").unwrap_err();
        assert_eq!(e.column, Some(11));
        let e = Variation::parse("double-set R ∪ ′B").unwrap_err();
        assert_eq!(e.column, Some(16), "{e}");
        assert!(Variation::parse("wild-cube 3").is_err());
        assert!(Variation::parse("two-operations B").is_err());
        assert!(Variation::parse("wild cube").is_err());
    }
}
