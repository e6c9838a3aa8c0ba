//! Cards, colors and sets of cards (rules I-B-1).
//!
//! Each of the 16 cards carries a unique combination of zero to four dots
//! colored blue (B), red (R), green (G) and yellow (Y). A card is its color
//! mask; a set of cards is a 16-bit set over the 16 possible cards.

use crate::error::{ParseError, ParseErrorKind};
use std::fmt;

/// One of the four dot colors (I-B-1), in canonical order B, R, G, Y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Blue,
    Red,
    Green,
    Yellow,
}

impl Color {
    /// All colors in canonical order.
    pub const ALL: [Color; 4] = [Color::Blue, Color::Red, Color::Green, Color::Yellow];

    /// The bit of this color in a card mask.
    pub const fn bit(self) -> u8 {
        match self {
            Color::Blue => 1,
            Color::Red => 2,
            Color::Green => 4,
            Color::Yellow => 8,
        }
    }

    /// The letter used in the notation.
    pub const fn letter(self) -> char {
        match self {
            Color::Blue => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
            Color::Yellow => 'Y',
        }
    }

    /// Parses a color letter (either case).
    pub fn from_letter(c: char) -> Option<Color> {
        match c {
            'B' | 'b' => Some(Color::Blue),
            'R' | 'r' => Some(Color::Red),
            'G' | 'g' => Some(Color::Green),
            'Y' | 'y' => Some(Color::Yellow),
            _ => None,
        }
    }

    /// The set of all possible cards that carry this color (a color cube names
    /// "the set of all cards in the Universe which contain a dot of that same
    /// color", I-B-2-b), before intersecting with a Universe.
    pub const fn cards(self) -> CardSet {
        CardSet(match self {
            Color::Blue => 0xAAAA,
            Color::Red => 0xCCCC,
            Color::Green => 0xF0F0,
            Color::Yellow => 0xFF00,
        })
    }
}

/// A card: the set of colors it carries, as a 4-bit mask (B=1, R=2, G=4, Y=8).
/// The card with no dots is the blank card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Card(u8);

impl Card {
    /// The blank card (no dots).
    pub const BLANK: Card = Card(0);

    /// The card with exactly these color bits; `None` when `mask > 15`.
    pub const fn from_mask(mask: u8) -> Option<Card> {
        if mask < 16 {
            Some(Card(mask))
        } else {
            None
        }
    }

    /// The color mask (0..16).
    pub const fn mask(self) -> u8 {
        self.0
    }

    /// The index of this card in a [`CardSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this card carries `color`.
    pub const fn has(self, color: Color) -> bool {
        self.0 & color.bit() != 0
    }

    /// Whether this is the blank card.
    pub const fn is_blank(self) -> bool {
        self.0 == 0
    }

    /// All 16 cards in mask order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..16u8).map(Card)
    }

    /// Parses a card: color letters in any order (either case), or `blank` / `-`.
    pub fn parse(text: &str) -> Result<Card, ParseError> {
        Self::parse_at(text, 1)
    }

    pub(crate) fn parse_at(text: &str, column: usize) -> Result<Card, ParseError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("blank") || t == "-" {
            return Ok(Card::BLANK);
        }
        if t.is_empty() {
            return Err(ParseError::at(
                ParseErrorKind::Card,
                column,
                "expected a card (color letters B R G Y, or `blank`)",
            ));
        }
        let mut mask = 0u8;
        for (i, ch) in t.chars().enumerate() {
            let Some(color) = Color::from_letter(ch) else {
                return Err(ParseError::at(
                    ParseErrorKind::Card,
                    column + i,
                    format!("`{ch}` is not a card color (cards are written with the letters B R G Y, or `blank`)"),
                ));
            };
            if mask & color.bit() != 0 {
                return Err(ParseError::at(
                    ParseErrorKind::Card,
                    column + i,
                    format!(
                        "card `{t}` lists {} twice (a card has at most one dot of each color)",
                        color.letter()
                    ),
                ));
            }
            mask |= color.bit();
        }
        Ok(Card(mask))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_blank() {
            return f.write_str("blank");
        }
        for c in Color::ALL {
            if self.has(c) {
                write!(f, "{}", c.letter())?;
            }
        }
        Ok(())
    }
}

/// A set of cards: bit `i` is the card with color mask `i`.
///
/// The same type serves as the *truth table* of a Set-Name: which of the 16
/// possible cards it selects. Every Set-Name and every Restriction is decided
/// card by card (VI-B-2), so a Set-Name is fully described by its truth table,
/// which is intersected with the (restricted) Universe only at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CardSet(pub u16);

impl CardSet {
    /// No cards (Λ).
    pub const EMPTY: CardSet = CardSet(0);
    /// All 16 possible cards (V before intersecting with a Universe).
    pub const ALL: CardSet = CardSet(0xFFFF);

    pub const fn bits(self) -> u16 {
        self.0
    }
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | (1 << card.0))
    }
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.0))
    }
    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
    pub const fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
    pub const fn difference(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
    pub const fn symmetric_difference(self, o: CardSet) -> CardSet {
        CardSet(self.0 ^ o.0)
    }
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0)
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn is_subset(self, o: CardSet) -> bool {
        self.0 & !o.0 == 0
    }
    /// The cards in mask order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |c| self.contains(*c))
    }

    /// Parses a list of distinct cards separated by spaces and/or commas.
    pub fn parse(text: &str) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        for (col, word) in words(text) {
            let card = Card::parse_at(word, col)?;
            if set.contains(card) {
                return Err(ParseError::at(
                    ParseErrorKind::Card,
                    col,
                    format!("card `{card}` is listed twice"),
                ));
            }
            set = set.with(card);
        }
        Ok(set)
    }
}

impl fmt::Display for CardSet {
    /// Cards in the order of the rules' Universe chart (Appendix A): most dots
    /// first is not required; we print in mask order, which is stable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// Splits on spaces and commas, yielding (1-based column, word).
pub(crate) fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, col)
    let mut col = 0usize;
    for (byte, ch) in text.char_indices() {
        col += 1;
        if ch.is_whitespace() || ch == ',' {
            if let Some((b, c)) = start.take() {
                out.push((c, &text[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, col));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &text[b..]));
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i_b_1_sixteen_distinct_cards() {
        assert_eq!(Card::all().count(), 16);
        assert_eq!(Card::parse("BRGY").unwrap().mask(), 15);
        assert_eq!(Card::parse("yb").unwrap().to_string(), "BY");
        assert!(Card::parse("-").unwrap().is_blank());
    }

    #[test]
    fn card_listing_a_color_twice_is_an_error() {
        let e = Card::parse("BRB").unwrap_err();
        assert_eq!(e.column, Some(3));
    }

    #[test]
    fn universe_card_listed_twice_is_an_error() {
        let e = CardSet::parse("B BR, RB").unwrap_err();
        assert_eq!(e.column, Some(7));
        assert!(e.message.contains("twice"));
    }

    #[test]
    fn color_tables_select_cards_with_that_dot() {
        for c in Color::ALL {
            for card in Card::all() {
                assert_eq!(c.cards().contains(card), card.has(c));
            }
        }
    }
}
