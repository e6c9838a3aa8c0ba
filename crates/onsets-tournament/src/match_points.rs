//! Match points (rules XII-A): each player at a table is awarded points for
//! the match from the place their sum of shake scores gives them.
//!
//! | place                   | three players | two players |
//! |-------------------------|---------------|-------------|
//! | first alone             | 6             | 6           |
//! | two-way tie for first   | 5             | 5           |
//! | three-way tie for first | 4             |             |
//! | second alone            | 4             | 4           |
//! | two-way tie for second  | 3             |             |
//! | third alone             | 2             |             |
//! | did not play            | 0             | 0           |
//!
//! A player who did not play scores 0 and the others are placed among
//! themselves (docs/rulings.md, "Did Not Play"): at a table of three with one
//! absent, the two who played score 6 and 4, or 5 each; these are the same
//! figures as a two-player match.

/// Match points of a bye (docs/rulings.md, "A bye"): as first place alone.
pub const BYE: u8 = 6;

/// The match points (XII-A) of the players at one table from their match
/// scores (the sum of their shake scores); `None` is a player who did not
/// play (0 points).
pub fn from_scores(scores: &[Option<i64>]) -> Vec<u8> {
    scores
        .iter()
        .map(|s| match s {
            None => 0,
            Some(mine) => {
                let played = scores.iter().flatten();
                let above = played.clone().filter(|o| *o > mine).count();
                let level = played.filter(|o| *o == mine).count(); // includes me
                                                                   // Tied players share the mean of the places they cover:
                                                                   // places 1..=3 are worth 6, 4, 2.
                let worth = |place: usize| 8 - 2 * place as u8;
                let sum: u8 = (above + 1..=above + level).map(worth).sum();
                sum / level as u8
            }
        })
        .collect()
}

/// Whether `points` is a possible award (XII-A) for a table of
/// `points.len()` players: 0 for those who did not play, and the others'
/// points as some finishing order of theirs gives them.
pub fn possible(points: &[u8]) -> bool {
    if !(1..=3).contains(&points.len()) {
        return false;
    }
    let mut played: Vec<u8> = points.iter().copied().filter(|p| *p != 0).collect();
    played.sort_unstable_by(|a, b| b.cmp(a));
    matches!(
        played.as_slice(),
        [] | [6] | [6, 4] | [5, 5] | [6, 4, 2] | [5, 5, 2] | [6, 3, 3] | [4, 4, 4]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xii_a_three_player_places() {
        assert_eq!(from_scores(&[Some(30), Some(20), Some(10)]), vec![6, 4, 2]);
        assert_eq!(from_scores(&[Some(30), Some(30), Some(10)]), vec![5, 5, 2]);
        assert_eq!(from_scores(&[Some(30), Some(10), Some(10)]), vec![6, 3, 3]);
        assert_eq!(from_scores(&[Some(-4), Some(-4), Some(-4)]), vec![4, 4, 4]);
    }

    #[test]
    fn xii_a_two_player_places_and_did_not_play() {
        assert_eq!(from_scores(&[Some(8), Some(12)]), vec![4, 6]);
        assert_eq!(from_scores(&[Some(8), Some(8)]), vec![5, 5]);
        assert_eq!(from_scores(&[Some(8), None, Some(2)]), vec![6, 0, 4]);
        assert_eq!(from_scores(&[None, None]), vec![0, 0]);
    }

    #[test]
    fn xii_a_every_award_from_scores_is_possible_and_no_other() {
        let all: Vec<Option<i64>> = vec![None, Some(0), Some(1), Some(2)];
        for a in &all {
            for b in &all {
                assert!(possible(&from_scores(&[*a, *b])));
                for c in &all {
                    assert!(possible(&from_scores(&[*a, *b, *c])));
                }
            }
        }
        assert!(!possible(&[6, 6]));
        assert!(!possible(&[6, 5, 2]));
        assert!(!possible(&[4, 2]));
        assert!(!possible(&[7, 4, 2]));
        assert!(!possible(&[]));
    }
}
