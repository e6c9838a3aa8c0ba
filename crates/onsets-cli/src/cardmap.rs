//! The 4×4 card map's grid (docs/practice.md, "The card map"): rows B R,
//! B R′, B′ R′, B′ R; columns G Y, G Y′, G′ Y′, G′ Y, each cell `■ CARD`
//! (named), `□ CARD` (in the Universe) or `·` (not dealt). Shared by
//! `onsets map` (`map.rs`) and the puzzle sheet's answer key
//! (`puzzle/sheet.rs`, compiled into the server too), so it depends on the
//! core alone.

use onsets_core::{Card, CardSet, Color};

/// The rows of the map, top to bottom: (has blue, has red).
pub const ROWS: [(bool, bool); 4] = [(true, true), (true, false), (false, false), (false, true)];
/// The columns of the map, left to right: (has green, has yellow).
pub const COLS: [(bool, bool); 4] = [(true, true), (true, false), (false, false), (false, true)];

/// The card at row `r`, column `c` of the map.
pub fn card_at(r: usize, c: usize) -> Card {
    let (b, rd) = ROWS[r % 4];
    let (g, y) = COLS[c % 4];
    let mask = [
        (b, Color::Blue),
        (rd, Color::Red),
        (g, Color::Green),
        (y, Color::Yellow),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .fold(0u8, |m, (_, col)| m | col.bit());
    Card::from_mask(mask).unwrap_or(Card::BLANK)
}

/// One cell: `■ CARD` named, `□ CARD` in the Universe, `·` not dealt.
pub fn cell(card: Card, universe: CardSet, named: CardSet) -> String {
    if named.contains(card) {
        format!("■ {card}")
    } else if universe.contains(card) {
        format!("□ {card}")
    } else {
        "·".to_string()
    }
}

fn heading(on: bool, letter: char) -> String {
    if on {
        letter.to_string()
    } else {
        format!("{letter}′")
    }
}

/// The row and column headings: `B R`, `G Y′`, …
pub fn row_heading(r: usize) -> String {
    let (b, rd) = ROWS[r % 4];
    format!("{} {}", heading(b, 'B'), heading(rd, 'R'))
}

pub fn col_heading(c: usize) -> String {
    let (g, y) = COLS[c % 4];
    format!("{} {}", heading(g, 'G'), heading(y, 'Y'))
}
