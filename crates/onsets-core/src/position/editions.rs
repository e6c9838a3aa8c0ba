//! Edition conversions: the same mat judged by the 2026-27 criteria, for
//! the solver and the 1969 claims (docs/editions.md §2.0, Q6). Each result
//! is validated like any position; its cubes are counted against
//! [`Kit::Open`], the kit of the mat they came from.

use super::{Kit, Position};
use crate::cube::{CubeList, Symbol};
use crate::division::{Division, Edition, Form1969};
use crate::error::PositionError;

impl Position {
    /// The same mat as a 2026-27 Middle position: Basic On-Sets (no
    /// Restrictions, = and ⊆ not in play) for the 1969 Basic form (and for
    /// a position of another edition), Adventurous with no variations
    /// (Restrictions) for Advanced (M69 2.2, 4.1; docs/editions.md §2.2,
    /// §2.4). The situation and the cubes are kept.
    pub fn manual1969_as_2026(&self) -> Result<Position, PositionError> {
        let form = self.edition().form().unwrap_or(Form1969::Basic);
        let mut setup = self.to_setup();
        setup.edition = Edition::Tournament2026;
        setup.division = Division::Middle;
        setup.adventurous = form == Form1969::Advanced;
        setup.variations.clear();
        Position::with_kit(setup, Kit::Open)
    }

    /// An MLAG Basic 2019-20 position as a 2026-27 Basic one, the wild =
    /// cubes (outside Forbidden) showing the set `eq` and the wild ⊆ cubes
    /// the operation `sub` they stand for (B19 I-B-2-d-iii; docs/editions.md
    /// Q6); `None` leaves the faces as they are.
    pub fn b19_as_2026_basic(
        &self,
        eq: Option<Symbol>,
        sub: Option<Symbol>,
    ) -> Result<Position, PositionError> {
        let map = |l: &CubeList| {
            CubeList(
                l.iter()
                    .map(|c| match (c, eq, sub) {
                        (Symbol::Equals, Some(m), _) => m,
                        (Symbol::Subset, _, Some(m)) => m,
                        _ => c,
                    })
                    .collect(),
            )
        };
        let mut setup = self.to_setup();
        setup.edition = Edition::Tournament2026;
        setup.adventurous = false;
        setup.variations.clear();
        setup.required = map(self.required());
        setup.permitted = map(self.permitted());
        setup.resources = map(self.resources());
        Position::with_kit(setup, Kit::Open)
    }
}
