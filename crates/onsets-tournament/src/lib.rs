//! # onsets-tournament
//!
//! A tournament of On-Sets as a tournament director runs it, with no I/O,
//! clock or global randomness: an [`Event`] has entries (each with an
//! optional team), rounds of tables of three players where possible and two
//! otherwise ([`pairing`]), results given as match points per table
//! (rules XII-A, [`match_points`]) and [`standings`] with the tie-breaks of
//! `docs/tournaments.md`.
//!
//! ```
//! use onsets_tournament::{Event, FirstRound};
//! let mut e = Event::new("Club night", "Middle".parse().unwrap(), 3, FirstRound::Random(7)).unwrap();
//! for n in ["Ann", "Bo", "Cy", "Di", "Ed"] { e.add_entry(n, None).unwrap(); }
//! let round = e.pair_next_round().unwrap();
//! assert_eq!(round.tables.iter().map(|t| t.players.len()).collect::<Vec<_>>(), vec![3, 2]);
//! ```

pub mod day;
pub mod event;
pub mod match_points;
pub mod pairing;
pub mod ratings;
pub mod standings;

pub use day::{Awards, Day, DayError, Registration, Room, School, Sheet};
pub use event::{Entry, Event, EventError, FirstRound, Online, Round, Table};
pub use standings::{
    division_standings, school_standings, standings, team_standings, SchoolStanding, Standing,
    TeamStanding,
};
