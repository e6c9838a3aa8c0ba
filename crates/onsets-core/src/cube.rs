//! Cubes and their faces (rules I-B-2), and lists of cubes (mat sections,
//! Resources).

use crate::card::{words, Color};
use crate::error::{ParseError, ParseErrorKind};
use std::fmt;

/// The symbol on a cube's top face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// A color dot: the set of cards carrying that color (I-B-2-b).
    Color(Color),
    /// ∪, union (I-B-2-c-i).
    Union,
    /// ∩, intersection (I-B-2-c-ii).
    Intersection,
    /// −, set subtraction (I-B-2-c-iii), or symmetric difference under XIII-D-13.
    Minus,
    /// ′, complement (I-B-2-c-iv).
    Complement,
    /// V, the Universe (I-B-2-d-i).
    Universe,
    /// Λ, the empty set (I-B-2-d-ii).
    Empty,
    /// =, equals Restriction (I-B-2-d-iii, VI-B-2-b).
    Equals,
    /// ⊆, subset Restriction (I-B-2-d-iii, VI-B-2-a).
    Subset,
    /// A digit 1–5 (I-B-2-a); digits only form the Goal.
    Digit(u8),
}

/// The four kinds of cube in the kit (I-B-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeFamily {
    /// 3 digit cubes, faces 1 1 2 3 4 5.
    Digit,
    /// 8 color cubes.
    Color,
    /// 4 operation cubes: ∪ ∩ − ′.
    Operation,
    /// 3 Restriction cubes: V Λ = ⊆.
    Restriction,
}

impl CubeFamily {
    /// How many cubes of this family the kit holds (I-B-2).
    pub const fn kit_count(self) -> usize {
        match self {
            CubeFamily::Digit => 3,
            CubeFamily::Color => 8,
            CubeFamily::Operation => 4,
            CubeFamily::Restriction => 3,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            CubeFamily::Digit => "digit",
            CubeFamily::Color => "color",
            CubeFamily::Operation => "operation",
            CubeFamily::Restriction => "Restriction",
        }
    }
}

impl Symbol {
    /// Every non-digit symbol.
    pub const NON_DIGIT: [Symbol; 12] = [
        Symbol::Color(Color::Blue),
        Symbol::Color(Color::Red),
        Symbol::Color(Color::Green),
        Symbol::Color(Color::Yellow),
        Symbol::Union,
        Symbol::Intersection,
        Symbol::Minus,
        Symbol::Complement,
        Symbol::Universe,
        Symbol::Empty,
        Symbol::Equals,
        Symbol::Subset,
    ];

    pub const fn family(self) -> CubeFamily {
        match self {
            Symbol::Color(_) => CubeFamily::Color,
            Symbol::Union | Symbol::Intersection | Symbol::Minus | Symbol::Complement => {
                CubeFamily::Operation
            }
            Symbol::Universe | Symbol::Empty | Symbol::Equals | Symbol::Subset => {
                CubeFamily::Restriction
            }
            Symbol::Digit(_) => CubeFamily::Digit,
        }
    }
    /// ∪ ∩ − ′: the operation symbols (Glossary, "Operation symbol").
    pub const fn is_operation(self) -> bool {
        matches!(
            self,
            Symbol::Union | Symbol::Intersection | Symbol::Minus | Symbol::Complement
        )
    }
    /// ∪ ∩ −.
    pub const fn is_binary_operation(self) -> bool {
        matches!(self, Symbol::Union | Symbol::Intersection | Symbol::Minus)
    }
    /// = ⊆.
    pub const fn is_relation(self) -> bool {
        matches!(self, Symbol::Equals | Symbol::Subset)
    }
    /// A color, V or Λ: a symbol that names a set by itself.
    pub const fn is_set(self) -> bool {
        matches!(self, Symbol::Color(_) | Symbol::Universe | Symbol::Empty)
    }
    pub const fn is_digit(self) -> bool {
        matches!(self, Symbol::Digit(_))
    }

    /// The canonical (Unicode) form of the notation.
    pub fn canonical(self) -> String {
        match self {
            Symbol::Color(c) => c.letter().to_string(),
            Symbol::Union => "∪".into(),
            Symbol::Intersection => "∩".into(),
            Symbol::Minus => "−".into(),
            Symbol::Complement => "′".into(),
            Symbol::Universe => "V".into(),
            Symbol::Empty => "Λ".into(),
            Symbol::Equals => "=".into(),
            Symbol::Subset => "⊆".into(),
            Symbol::Digit(d) => d.to_string(),
        }
    }

    /// The symbol a single character stands for in the notation, if any.
    /// `-` is set difference here; in card lists it is the blank card.
    pub fn from_char(c: char) -> Option<Symbol> {
        Some(match c {
            'B' | 'b' | 'R' | 'r' | 'G' | 'g' | 'Y' | 'y' => Symbol::Color(Color::from_letter(c)?),
            '∪' | 'U' | 'u' => Symbol::Union,
            '∩' | 'n' => Symbol::Intersection,
            '−' | '-' | '–' => Symbol::Minus,
            '′' | '\'' | '’' => Symbol::Complement,
            'V' | '∨' => Symbol::Universe,
            'Λ' | '^' | '∧' | '∅' | 'Ø' | 'Δ' => Symbol::Empty,
            '=' => Symbol::Equals,
            '⊆' | '<' | '⊂' => Symbol::Subset,
            '1'..='5' => Symbol::Digit(c as u8 - b'0'),
            _ => return None,
        })
    }

    /// Parses one cube symbol (a whole word, e.g. `∪`, `/\`).
    pub fn parse(text: &str) -> Result<Symbol, ParseError> {
        Self::parse_at(text, 1)
    }

    pub(crate) fn parse_at(text: &str, column: usize) -> Result<Symbol, ParseError> {
        if text == "/\\" {
            return Ok(Symbol::Empty);
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Symbol::from_char(c).ok_or_else(|| {
                ParseError::at(
                    ParseErrorKind::Cube,
                    column,
                    format!(
                        "`{c}` is not a cube symbol (colors B R G Y, ∪ ∩ − ′, V Λ = ⊆, digits 1–5)"
                    ),
                )
            }),
            (None, _) => Err(ParseError::at(
                ParseErrorKind::Cube,
                column,
                "expected a cube symbol",
            )),
            _ => Err(ParseError::at(
                ParseErrorKind::Cube,
                column,
                format!("`{text}` is not one cube symbol (separate cubes with spaces)"),
            )),
        }
    }

    /// The partner of this symbol under the interchangeable variations
    /// (XIII-A-3 ∪/∩, XIII-A-4 V/Λ).
    pub const fn partner(self) -> Option<Symbol> {
        match self {
            Symbol::Union => Some(Symbol::Intersection),
            Symbol::Intersection => Some(Symbol::Union),
            Symbol::Universe => Some(Symbol::Empty),
            Symbol::Empty => Some(Symbol::Universe),
            _ => None,
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

/// A list of cubes, each given by the symbol on its top face (a mat section or
/// Resources). Order is kept as written. Every `Vec<Symbol>` is a valid
/// list (each symbol is a face of a cube, I-B-2); the field is private so the
/// list is built through [`CubeList::new`], [`CubeList::parse`] or `collect`,
/// and read through [`CubeList::symbols`] / [`CubeList::iter`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CubeList(Vec<Symbol>);

impl CubeList {
    /// The cubes given, in this order.
    pub const fn new(symbols: Vec<Symbol>) -> CubeList {
        CubeList(symbols)
    }
    /// The cubes' top faces, in order.
    pub fn symbols(&self) -> &[Symbol] {
        &self.0
    }
    /// One more cube at the end.
    pub fn push(&mut self, symbol: Symbol) {
        self.0.push(symbol);
    }
    /// Removes the last cube, if any.
    pub fn pop(&mut self) -> Option<Symbol> {
        self.0.pop()
    }
    /// Removes the first cube showing `symbol`; false if there is none.
    pub fn take(&mut self, symbol: Symbol) -> bool {
        match self.0.iter().position(|&c| c == symbol) {
            Some(i) => {
                self.0.remove(i);
                true
            }
            None => false,
        }
    }
    /// Keeps only the cubes whose symbol passes `keep`, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Symbol) -> bool) {
        self.0.retain(keep);
    }
    /// Puts the cubes in the order of [`Symbol`]'s `Ord`.
    pub fn sort(&mut self) {
        self.0.sort();
    }
    /// The cubes' top faces, taken out of the list.
    pub fn into_symbols(self) -> Vec<Symbol> {
        self.0
    }
    /// Parses symbols separated by spaces (commas also accepted).
    pub fn parse(text: &str) -> Result<CubeList, ParseError> {
        let mut out = Vec::new();
        for (col, word) in words(text) {
            // Accept run-together symbols such as `B∪` as separate cubes only
            // when every character is a symbol; report the first bad one.
            if word == "/\\" {
                out.push(Symbol::Empty);
                continue;
            }
            for (i, ch) in word.chars().enumerate() {
                match Symbol::from_char(ch) {
                    Some(s) => out.push(s),
                    None => {
                        return Err(ParseError::at(
                            ParseErrorKind::Cube,
                            col + i,
                            format!("`{ch}` is not a cube symbol (colors B R G Y, ∪ ∩ − ′, V Λ = ⊆, digits 1–5)"),
                        ))
                    }
                }
            }
        }
        Ok(CubeList(out))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.0.iter().copied()
    }
    pub fn count(&self, s: Symbol) -> usize {
        self.0.iter().filter(|&&x| x == s).count()
    }
}

impl From<Vec<Symbol>> for CubeList {
    fn from(symbols: Vec<Symbol>) -> CubeList {
        CubeList(symbols)
    }
}

impl FromIterator<Symbol> for CubeList {
    fn from_iter<I: IntoIterator<Item = Symbol>>(iter: I) -> CubeList {
        CubeList(iter.into_iter().collect())
    }
}

impl Extend<Symbol> for CubeList {
    fn extend<I: IntoIterator<Item = Symbol>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl fmt::Display for CubeList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The sections a cube can be in (I-B-3, and Resources).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    Goal,
    Required,
    Permitted,
    Forbidden,
    Resources,
}

impl Section {
    pub const fn name(self) -> &'static str {
        match self {
            Section::Goal => "Goal",
            Section::Required => "Required",
            Section::Permitted => "Permitted",
            Section::Forbidden => "Forbidden",
            Section::Resources => "Resources",
        }
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_aliases_parse_to_the_same_symbols() {
        let l = CubeList::parse("B u n - ' V ^ = < ∅ Ø Δ ∨ ∧ ⊂ – ’ /\\").unwrap();
        assert_eq!(l.to_string(), "B ∪ ∩ − ′ V Λ = ⊆ Λ Λ Λ V Λ ⊆ − ′ Λ");
    }

    #[test]
    fn bad_cube_symbol_points_at_its_column() {
        let e = CubeList::parse("B ∪ X").unwrap_err();
        assert_eq!(e.column, Some(5));
    }
}
