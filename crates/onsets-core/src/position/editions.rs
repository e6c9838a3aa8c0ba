//! Edition conversions: the same mat judged by the 2026-27 criteria, for
//! the solver and the 1969 claims (docs/editions.md §2.0, Q6). Each result
//! is validated like any position; its cubes are counted against
//! [`Kit::Open`], the kit of the mat they came from.

use super::{Kit, Position};
use crate::card::Card;
use crate::cube::{CubeList, Symbol};
use crate::division::{Division, Edition, Form1969};
use crate::error::PositionError;
use crate::variation::Variation;

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
            CubeList::new(
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

    /// The same position with the criteria of Required and Forbidden Cards
    /// (XIII-C-11) added for `cards` (`true`: the card must be in the set
    /// named), whatever the division's list: a search device, for the
    /// Solutions of this position that name a given set of cards (the
    /// solver's listing of solution sets). The other checks of
    /// [`Position::new`] hold; only the division's list is not asked (so
    /// its JSON reads back only in Junior and Senior). Refused when the
    /// position is not Adventurous or is 1969, where the variations are not
    /// in force.
    pub fn with_card_criteria(
        &self,
        cards: impl IntoIterator<Item = (Card, bool)>,
    ) -> Result<Position, PositionError> {
        if !self.adventurous() || matches!(self.edition(), Edition::Manual1969(_)) {
            return Err(PositionError::invalid(
                "variations",
                "card criteria (XIII-C-11) are in force only in an Adventurous position of 2026-27 or 2019-20",
            ));
        }
        let mut p = self.clone();
        p.variations.extend(cards.into_iter().map(|(c, inside)| {
            if inside {
                Variation::RequiredCard(c)
            } else {
                Variation::ForbiddenCard(c)
            }
        }));
        Ok(p)
    }
}
