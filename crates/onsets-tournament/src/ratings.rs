//! Ratings for rated online matches, per Division (docs/ratings.md), with the
//! `skillratings` crate's Weng-Lin (a Bayesian, OpenSkill-like rating):
//! one table of two or three players is a free-for-all whose ranks are the
//! places of XII-A (more match points ranks higher; equal match points tie).
//! Weng-Lin rates a table of three at once from its order, where a pairwise
//! system (Glicko-2) would split it into three unrelated games; its
//! uncertainty (sigma) is the deviation shown. docs/ratings.md.

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// Rated games before a rating stops being provisional.
pub const PROVISIONAL_GAMES: u32 = 10;

/// A player's rating in one Division.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Weng-Lin mu (25 to start).
    pub rating: f64,
    /// Weng-Lin sigma (25/3 to start): the deviation shown.
    pub deviation: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        let r = WengLinRating::new();
        Rating {
            rating: r.rating,
            deviation: r.uncertainty,
            games: 0,
        }
    }
}

impl Rating {
    /// Fewer than [`PROVISIONAL_GAMES`] rated games.
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

/// A bot's fixed rating by level (`beginner`, `club`, `strong`, `expert`):
/// bots are rated opponents but their ratings never move.
pub fn bot_rating(level: &str) -> Option<Rating> {
    let mu = match level.to_ascii_lowercase().as_str() {
        "beginner" => 15.0,
        "club" => 22.0,
        "strong" => 29.0,
        "expert" => 36.0,
        _ => return None,
    };
    Some(Rating {
        rating: mu,
        deviation: 1.0,
        games: PROVISIONAL_GAMES,
    })
}

/// A seat of a finished rated table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedSeat {
    pub rating: Rating,
    /// A bot's (fixed) rating: not updated.
    pub fixed: bool,
    /// XII-A match points; 0 is "Did Not Play": not rated.
    pub match_points: u8,
}

/// The seats' ratings after the table: players who played are ranked by
/// match points (ties share a rank); a bot's and an absent player's rating
/// are returned unchanged. Fewer than two who played: nothing changes.
pub fn rate_table(seats: &[RatedSeat]) -> Vec<Rating> {
    let played: Vec<usize> = (0..seats.len())
        .filter(|i| seats[*i].match_points > 0)
        .collect();
    if played.len() < 2 {
        return seats.iter().map(|s| s.rating).collect();
    }
    let wl: Vec<[WengLinRating; 1]> = played
        .iter()
        .map(|i| {
            [WengLinRating {
                rating: seats[*i].rating.rating,
                uncertainty: seats[*i].rating.deviation,
            }]
        })
        .collect();
    let rank = |i: usize| {
        1 + played
            .iter()
            .filter(|j| seats[**j].match_points > seats[i].match_points)
            .count()
    };
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = played
        .iter()
        .zip(&wl)
        .map(|(i, r)| (&r[..], MultiTeamOutcome::new(rank(*i))))
        .collect();
    let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
    let mut out: Vec<Rating> = seats.iter().map(|s| s.rating).collect();
    for (k, i) in played.iter().enumerate() {
        if seats[*i].fixed {
            continue;
        }
        out[*i] = Rating {
            rating: after[k][0].rating,
            deviation: after[k][0].uncertainty,
            games: seats[*i].rating.games + 1,
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::weng_lin::weng_lin;
    use skillratings::Outcomes;

    fn seat(mp: u8) -> RatedSeat {
        RatedSeat {
            rating: Rating::default(),
            fixed: false,
            match_points: mp,
        }
    }

    /// The crate's documented `weng_lin` example (42.0/1.3 beats a new
    /// player: 42.03/1.30 and 23.91/8.03), through a table of two.
    #[test]
    fn a_two_player_table_matches_the_crates_documented_example() {
        let a = RatedSeat {
            rating: Rating {
                rating: 42.0,
                deviation: 1.3,
                games: 20,
            },
            fixed: false,
            match_points: 6,
        };
        let out = rate_table(&[a, seat(4)]);
        let (p1, p2) = weng_lin(
            &WengLinRating {
                rating: 42.0,
                uncertainty: 1.3,
            },
            &WengLinRating::new(),
            &Outcomes::WIN,
            &WengLinConfig::new(),
        );
        assert_eq!((out[0].rating * 100.0).round(), 4203.0);
        assert_eq!((out[0].deviation * 100.0).round(), 130.0);
        assert_eq!((out[1].rating * 100.0).round(), 2391.0);
        assert_eq!((out[1].deviation * 100.0).round(), 803.0);
        assert!((out[0].rating - p1.rating).abs() < 1e-9);
        assert!((out[1].rating - p2.rating).abs() < 1e-9);
        assert!((out[1].deviation - p2.uncertainty).abs() < 1e-9);
        assert_eq!((out[0].games, out[1].games), (21, 1));
    }

    #[test]
    fn xii_a_places_order_a_table_of_three_and_ties_share_a_rank() {
        let out = rate_table(&[seat(2), seat(6), seat(4)]);
        assert!(out[1].rating > out[2].rating && out[2].rating > out[0].rating);
        assert!(out
            .iter()
            .all(|r| r.deviation < Rating::default().deviation));
        let tie = rate_table(&[seat(5), seat(5), seat(2)]);
        assert!((tie[0].rating - tie[1].rating).abs() < 1e-9);
        assert!(tie[0].rating > 25.0 && tie[2].rating < 25.0);
    }

    #[test]
    fn bots_keep_their_fixed_rating_and_absent_players_are_not_rated() {
        let bot = RatedSeat {
            rating: bot_rating("strong").unwrap(),
            fixed: true,
            match_points: 6,
        };
        let out = rate_table(&[bot, seat(4), seat(0)]);
        assert_eq!(out[0], bot.rating);
        assert!(out[1].rating < 25.0);
        assert_eq!(out[2], Rating::default());
        assert!(out[1].provisional());
        assert!(bot_rating("grandmaster").is_none());
    }
}
