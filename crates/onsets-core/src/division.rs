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
/// value, never hard-wired where it is used (`../shared/spec/editions.md`;
/// the rules' texts are the authority where the two disagree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// On-Sets Tournament Rules 2026-27 (`../shared/rules/tournament-rules-2026-27.txt`).
    #[default]
    Tournament2026,
    /// MLAG 2019-20: Basic ON-SETS (`basic-rules-2019-20.txt`, "B19") when
    /// the position or match is not adventurous, Adventurous ON-SETS
    /// (`adventurous-rules-2019-20.txt`, "A19") when it is.
    Mlag2019,
    /// Layman E. Allen's ON-SETS manual, July 1969 (`manual-1969.txt`,
    /// "M69"), in its Basic or Advanced form (M69 2.2). 1969 has no
    /// divisions and no variations.
    Manual1969(Form1969),
}

/// The two forms of the 1969 game (M69 2.2: Basic uses no blue-symbol
/// cubes; Advanced uses all the cubes and Restrictions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Form1969 {
    #[default]
    Basic,
    Advanced,
}

impl Form1969 {
    pub const ALL: [Form1969; 2] = [Form1969::Basic, Form1969::Advanced];

    pub const fn name(self) -> &'static str {
        match self {
            Form1969::Basic => "basic",
            Form1969::Advanced => "advanced",
        }
    }
}

impl FromStr for Form1969 {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Form1969::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown form `{s}`: expected basic or advanced"))
    }
}

/// What the = and ⊆ cubes are in a form of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelationCubes {
    /// Restriction symbols (VI-B): Middle, Junior and Senior tournament play.
    Restrictions,
    /// Not in play: set aside before the roll and ignored like digit cubes
    /// when they appear (II-A-3, Basic rule I, OS-A11).
    NotInPlay,
    /// Wild: = stands for any set (B R G Y V Λ) and ⊆ for any operation
    /// (∪ ∩ − ′), each with one meaning throughout a Solution (B19
    /// I-B-2-d-iii). MLAG Basic 2019-20 only.
    Wild,
}

impl Edition {
    /// Every edition, each 1969 form once.
    pub const ALL: [Edition; 4] = [
        Edition::Tournament2026,
        Edition::Mlag2019,
        Edition::Manual1969(Form1969::Basic),
        Edition::Manual1969(Form1969::Advanced),
    ];

    /// The name in the `edition` field of a position or match header
    /// (notation.md): `2026-27`, `2019-20` or `1969` (the 1969 form is a
    /// field of its own, `form`).
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Tournament2026 => "2026-27",
            Edition::Mlag2019 => "2019-20",
            Edition::Manual1969(_) => "1969",
        }
    }

    /// The 1969 form, if this is the 1969 edition.
    pub const fn form(self) -> Option<Form1969> {
        match self {
            Edition::Manual1969(f) => Some(f),
            _ => None,
        }
    }

    /// Reads an edition from its name and, for 1969, its form (default
    /// `basic`). A form with any other edition is an error.
    pub fn from_parts(name: &str, form: Option<&str>) -> Result<Edition, String> {
        let edition = match name.trim() {
            "2026-27" => Edition::Tournament2026,
            "2019-20" => Edition::Mlag2019,
            "1969" => Edition::Manual1969(match form {
                Some(f) => f.parse()?,
                None => Form1969::Basic,
            }),
            other => {
                return Err(format!(
                    "unknown edition `{other}`: expected 2026-27, 2019-20 or 1969"
                ))
            }
        };
        if form.is_some() && edition.form().is_none() {
            return Err(format!(
                "`form` belongs to the 1969 edition only, not to {}",
                edition.name()
            ));
        }
        Ok(edition)
    }

    /// The number of cards a Universe must have (T26 II-B-1, II-B-2; B19
    /// II-B-1: 6 to 12 in every division; A19 II-B-1, II-B-2 as T26; 1969:
    /// at least six, no maximum stated, read as 16, editions.md Q17).
    pub const fn universe_size(self, division: Division) -> (u32, u32) {
        match (self, division) {
            (Edition::Tournament2026, Division::Senior) => (10, 14),
            (Edition::Tournament2026, _) => (6, 12),
            (Edition::Mlag2019, Division::Senior) => (10, 14),
            (Edition::Mlag2019, _) => (6, 12),
            (Edition::Manual1969(_), _) => (6, 16),
        }
    }

    /// The Universe size in a form of the game: as [`Edition::universe_size`],
    /// except that MLAG Basic 2019-20 has 6 to 12 cards in every division
    /// (B19 II-B-1).
    pub const fn universe_size_in(self, division: Division, adventurous: bool) -> (u32, u32) {
        match (self, adventurous) {
            (Edition::Mlag2019, false) => (6, 12),
            _ => self.universe_size(division),
        }
    }

    /// What = and ⊆ are in this division and form of the game. In the 2026-27
    /// edition Basic On-Sets uses no Restrictions in any division ("Basic
    /// On-Sets", Glossary "Basic On-Sets": the form "in which neither
    /// Restrictions nor adventurous variations are used"; Basic rule I sets out
    /// V and Λ instead of rolling the Restriction cubes), and Elementary never
    /// does (I-B-2-d comment, II-A-3). MLAG Basic 2019-20 rolls all 18 cubes
    /// and makes = and ⊆ wild (B19 II-A, I-B-2-d-iii); A19 is as T26
    /// Adventurous (A19 I-B-2-d comment, II-A-3). The 1969 Basic form does not
    /// use the blue-symbol cubes (M69 2.2); Advanced uses Restrictions (M69
    /// 4.3).
    pub const fn relation_cubes(self, division: Division, adventurous: bool) -> RelationCubes {
        match (self, division, adventurous) {
            (Edition::Tournament2026, Division::Elementary, _) => RelationCubes::NotInPlay,
            (Edition::Tournament2026, _, false) => RelationCubes::NotInPlay,
            (Edition::Tournament2026, _, true) => RelationCubes::Restrictions,
            (Edition::Mlag2019, _, false) => RelationCubes::Wild,
            (Edition::Mlag2019, Division::Elementary, true) => RelationCubes::NotInPlay,
            (Edition::Mlag2019, _, true) => RelationCubes::Restrictions,
            (Edition::Manual1969(Form1969::Basic), _, _) => RelationCubes::NotInPlay,
            (Edition::Manual1969(Form1969::Advanced), _, _) => RelationCubes::Restrictions,
        }
    }

    /// Match points for a place (XII-A): `players` is 2 or 3, `place` the
    /// 1-based place, `tied` how many players share it. The 2019-20 tables
    /// have the same values (B19, A19 XII-A; editions.md Q2); 1969 has no
    /// match table (its games are scored by shake points only), so the
    /// 2026-27 values are used where a tournament needs them.
    pub const fn match_points(self, players: u32, place: u32, tied: u32) -> u32 {
        match (players, place, tied) {
            (_, 1, 1) => 6,
            (_, 1, 2) => 5,
            (3, 1, 3) => 4,
            (_, 2, 1) => 4,
            (3, 2, 2) => 3,
            (3, 3, 1) => 2,
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
        Edition::from_parts(s, None)
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
    fn editions_read_with_their_form() {
        assert_eq!(
            Edition::from_parts("2026-27", None),
            Ok(Edition::Tournament2026)
        );
        assert_eq!(Edition::from_parts("2019-20", None), Ok(Edition::Mlag2019));
        assert_eq!(
            Edition::from_parts("1969", None),
            Ok(Edition::Manual1969(Form1969::Basic))
        );
        assert_eq!(
            Edition::from_parts("1969", Some("advanced")),
            Ok(Edition::Manual1969(Form1969::Advanced))
        );
        assert!(Edition::from_parts("2019-20", Some("basic"))
            .unwrap_err()
            .contains("1969 edition only"));
        assert!(Edition::from_parts("1969", Some("expert"))
            .unwrap_err()
            .contains("basic or advanced"));
        assert!(Edition::from_parts("2020", None)
            .unwrap_err()
            .contains("2026-27, 2019-20 or 1969"));
        for e in Edition::ALL {
            let form = e.form().map(|f| f.name());
            assert_eq!(Edition::from_parts(e.name(), form), Ok(e));
        }
    }

    #[test]
    fn b19_ii_a_relation_cubes_are_wild_and_universe_6_to_12() {
        let e = Edition::Mlag2019;
        assert_eq!(
            e.relation_cubes(Division::Senior, false),
            RelationCubes::Wild
        );
        assert_eq!(
            e.relation_cubes(Division::Senior, true),
            RelationCubes::Restrictions
        );
        assert_eq!(e.universe_size_in(Division::Senior, false), (6, 12));
        assert_eq!(e.universe_size_in(Division::Senior, true), (10, 14));
        assert_eq!(
            Edition::Manual1969(Form1969::Basic).relation_cubes(Division::Senior, true),
            RelationCubes::NotInPlay
        );
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
