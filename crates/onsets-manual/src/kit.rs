//! The 1969 kit (manual §2.1–2.3, editions.md §2.1): cards with red, blue,
//! green and **orange** dots, green numeral cubes, red-symbol cubes (∪ ∩ − ′),
//! blue-symbol cubes (V Λ = ⊆) and color cubes; and the seeded dice that throw
//! them.
//!
//! The notation keeps the project's letters B R G Y (notation.md); in 1969
//! contexts Y is the orange dot, printed `O` and accepted as `O` in input
//! (editions.md §2.0, §2.1).

use chacha20::ChaCha8Rng;
use onsets_core::{Card, CardSet, Color, Symbol};
use rand_core::{Rng, SeedableRng};
use serde::Serialize;

/// The letter of a color in 1969 texts: orange (`O`) for the fourth color.
pub const fn letter(c: Color) -> char {
    match c {
        Color::Yellow => 'O',
        other => other.letter(),
    }
}

/// A card written with 1969 letters (`BO`, `blank`).
pub fn card_name(card: Card) -> String {
    if card.is_blank() {
        return "blank".into();
    }
    Color::ALL
        .into_iter()
        .filter(|c| card.has(*c))
        .map(letter)
        .collect()
}

/// A set of cards written with 1969 letters, in mask order.
pub fn cards_name(cards: CardSet) -> String {
    cards.iter().map(card_name).collect::<Vec<_>>().join(" ")
}

/// A cube face written for 1969 (`O` for the orange dot).
pub fn symbol_name(s: Symbol) -> String {
    match s {
        Symbol::Color(c) => letter(c).to_string(),
        other => other.canonical(),
    }
}

/// Any notation text rewritten into the project's letters: `O`/`o` (orange)
/// becomes `Y`. 1969 texts have no other use for the letter O.
pub fn to_notation(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'O' | 'o' => 'Y',
            other => other,
        })
        .collect()
}

/// Notation text (letters B R G Y) rewritten for 1969 (`Y` printed as `O`).
pub fn from_notation(text: &str) -> String {
    text.chars()
        .map(|c| if c == 'Y' { 'O' } else { c })
        .collect()
}

/// The kinds of cube in the 1969 kit (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CubeKind {
    /// A multi-color cube: each face a colored dot.
    Color,
    /// A red-symbol cube: ∪ ∩ − ′.
    RedSymbol,
    /// A blue-symbol cube: V Λ = ⊆ (Advanced only, §2.2).
    BlueSymbol,
    /// A green numeral cube (faces as in the project's kit, editions.md Q16).
    Numeral,
}

impl CubeKind {
    /// The faces of a cube of this kind. The manual does not list faces; the
    /// project's face model is used (editions.md Q16).
    pub fn faces(self) -> &'static [Symbol] {
        use Color::*;
        match self {
            CubeKind::Color => &[
                Symbol::Color(Red),
                Symbol::Color(Blue),
                Symbol::Color(Green),
                Symbol::Color(Yellow),
            ],
            CubeKind::RedSymbol => &[
                Symbol::Union,
                Symbol::Intersection,
                Symbol::Minus,
                Symbol::Complement,
            ],
            CubeKind::BlueSymbol => &[
                Symbol::Universe,
                Symbol::Empty,
                Symbol::Equals,
                Symbol::Subset,
            ],
            CubeKind::Numeral => &[
                Symbol::Digit(1),
                Symbol::Digit(1),
                Symbol::Digit(2),
                Symbol::Digit(3),
                Symbol::Digit(4),
                Symbol::Digit(5),
            ],
        }
    }
}

/// The 16 cards of the deck; `with_blank: false` leaves the blank card out
/// (§8 preamble: "the blank card should be left out of the deck").
pub fn deck(with_blank: bool) -> Vec<Card> {
    Card::all()
        .filter(|c| with_blank || !c.is_blank())
        .collect()
}

/// Seeded dice and shuffles: the same seed gives the same game everywhere
/// (ChaCha8, as the bots and puzzles use). No global randomness.
#[derive(Debug)]
pub struct Dice(ChaCha8Rng);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.0.next_u64() % n as u64) as usize
        }
    }

    /// The top face of one thrown cube.
    pub fn throw(&mut self, kind: CubeKind) -> Symbol {
        let faces = kind.faces();
        faces[self.below(faces.len())]
    }

    /// Throws `count` cubes of each kind, in the order given.
    pub fn throw_all(&mut self, set: &[(CubeKind, usize)]) -> Vec<Symbol> {
        let mut out = Vec::new();
        for &(kind, count) in set {
            for _ in 0..count {
                out.push(self.throw(kind));
            }
        }
        out
    }

    /// A Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m69_2_1_orange_is_the_fourth_color() {
        let card = Card::parse("BY").unwrap();
        assert_eq!(card_name(card), "BO");
        assert_eq!(to_notation("(O ∪ b)′"), "(Y ∪ b)′");
        assert_eq!(from_notation("B ∩ Y"), "B ∩ O");
    }

    #[test]
    fn m69_8_preamble_blank_left_out() {
        assert_eq!(deck(false).len(), 15);
        assert_eq!(deck(true).len(), 16);
        assert!(!deck(false).contains(&Card::BLANK));
    }

    #[test]
    fn same_seed_same_throws() {
        let set = [(CubeKind::Color, 4), (CubeKind::Numeral, 3)];
        assert_eq!(Dice::new(7).throw_all(&set), Dice::new(7).throw_all(&set));
    }
}
