//! Divisions, the rule edition, and what differs between them.

use std::fmt;
use std::str::FromStr;

/// The four divisions of play (Glossary "Division").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Division {
    Elementary,
    Middle,
    Junior,
    Senior,
}

impl Division {
    pub const ALL: [Division; 4] = [
        Division::Elementary,
        Division::Middle,
        Division::Junior,
        Division::Senior,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Division::Elementary => "elementary",
            Division::Middle => "middle",
            Division::Junior => "junior",
            Division::Senior => "senior",
        }
    }
}

impl fmt::Display for Division {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Division {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Division::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown division `{s}`: expected elementary, middle, junior or senior")
            })
    }
}

/// A rule edition. Everything that differs between editions is asked of this
/// value, never hard-wired where it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// On-Sets Tournament Rules 2026-27 (`../shared/rules/tournament-rules-2026-27.txt`).
    #[default]
    Tournament2026,
}

/// What the = and ⊆ cubes are in a form of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelationCubes {
    /// Restriction symbols (VI-B): Middle, Junior and Senior tournament play.
    Restrictions,
    /// Not in play: set aside before the roll and ignored like digit cubes
    /// when they appear (II-A-3, Basic rule I, OS-A11).
    NotInPlay,
}

impl Edition {
    pub const ALL: [Edition; 1] = [Edition::Tournament2026];

    pub const fn name(self) -> &'static str {
        match self {
            Edition::Tournament2026 => "2026-27",
        }
    }

    /// The number of cards a Universe must have (II-B-1, II-B-2).
    pub const fn universe_size(self, division: Division) -> (u32, u32) {
        match (self, division) {
            (Edition::Tournament2026, Division::Senior) => (10, 14),
            (Edition::Tournament2026, _) => (6, 12),
        }
    }

    /// What = and ⊆ are in this division and form of the game. In the 2026-27
    /// edition Basic On-Sets uses no Restrictions in any division ("Basic
    /// On-Sets", Glossary "Basic On-Sets": the form "in which neither
    /// Restrictions nor adventurous variations are used"; Basic rule I sets out
    /// V and Λ instead of rolling the Restriction cubes), and Elementary never
    /// does (I-B-2-d comment, II-A-3).
    pub const fn relation_cubes(self, division: Division, adventurous: bool) -> RelationCubes {
        match (self, division, adventurous) {
            (Edition::Tournament2026, Division::Elementary, _) => RelationCubes::NotInPlay,
            (Edition::Tournament2026, _, false) => RelationCubes::NotInPlay,
            (Edition::Tournament2026, _, true) => RelationCubes::Restrictions,
        }
    }

    /// Match points for a place (XII-A): `players` is 2 or 3, `place` the
    /// 1-based place, `tied` how many players share it.
    pub const fn match_points(self, players: u32, place: u32, tied: u32) -> u32 {
        match (self, players, place, tied) {
            (Edition::Tournament2026, _, 1, 1) => 6,
            (Edition::Tournament2026, _, 1, 2) => 5,
            (Edition::Tournament2026, 3, 1, 3) => 4,
            (Edition::Tournament2026, _, 2, 1) => 4,
            (Edition::Tournament2026, 3, 2, 2) => 3,
            (Edition::Tournament2026, 3, 3, 1) => 2,
            _ => 0,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Edition::ALL
            .into_iter()
            .find(|e| e.name() == s.trim())
            .ok_or_else(|| format!("edition `{s}` is not supported: this version knows 2026-27"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xii_a_match_points_tables() {
        let e = Edition::Tournament2026;
        assert_eq!(e.match_points(3, 1, 1), 6);
        assert_eq!(e.match_points(3, 1, 2), 5);
        assert_eq!(e.match_points(3, 1, 3), 4);
        assert_eq!(e.match_points(3, 2, 1), 4);
        assert_eq!(e.match_points(3, 2, 2), 3);
        assert_eq!(e.match_points(3, 3, 1), 2);
        assert_eq!(e.match_points(2, 1, 1), 6);
        assert_eq!(e.match_points(2, 1, 2), 5);
        assert_eq!(e.match_points(2, 2, 1), 4);
    }

    #[test]
    fn ii_b_universe_sizes() {
        assert_eq!(
            Edition::Tournament2026.universe_size(Division::Senior),
            (10, 14)
        );
        assert_eq!(
            Edition::Tournament2026.universe_size(Division::Junior),
            (6, 12)
        );
    }
}
