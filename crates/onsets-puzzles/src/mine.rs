//! Positions mined from bot self-play, as lichess mines its puzzles from
//! games: a bot match is played to its end
//! ([`onsets_review::botmatch::bot_match_log`], the bots of
//! crates/onsets-bots driving the engine) and re-run through the review
//! ([`onsets_review::review`]), which gives the position right after every
//! move (IV-B, XIII-A-7). The puzzle kinds then keep a position only when its
//! answer is unique and not trivial (see each kind).

use crate::deal::Table;
use onsets_bots::Level;
use onsets_core::Position;

/// The levels that play the mined matches: a club player and a strong one,
/// so that the positions include the flubs and missed challenges real play
/// has (a position after a flub is a `challenge` puzzle whose answer is a
/// challenge).
pub const LEVELS: [Level; 2] = [Level::Club, Level::Strong];

/// The positions right after each move of one bot match played from `seed`
/// (situation Impossible, or Forceout when Resources is empty). Empty when
/// the match cannot be played or reviewed (never expected; such a match is
/// skipped rather than trusted).
pub fn positions_after_moves(table: Table, seed: u64) -> Vec<Position> {
    let Ok(log) =
        onsets_review::botmatch::bot_match_log(&LEVELS, table.division, table.adventurous, seed)
    else {
        return Vec::new();
    };
    let Ok(review) = onsets_review::review(&log) else {
        return Vec::new();
    };
    review
        .moves
        .iter()
        .filter_map(|m| Position::from_json(&m.position_after.to_string()).ok())
        .collect()
}
