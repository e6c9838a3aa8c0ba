//! Building positions: a plain [`PositionSetup`] anyone may fill, and
//! [`Position::new`], which checks it and reports every problem at once
//! (as shakmaty's `Setup` → `Chess`); the accessors, and the changes that
//! validate again.

use super::{Position, Situation, M69_FAMILY_LIMIT};
use crate::card::CardSet;
use crate::cube::{CubeFamily, CubeList, Section, Symbol};
use crate::division::{Division, Edition, Form1969};
use crate::error::PositionError;
use crate::goal::{Goal, GoalLayout};
use crate::variation::Variation;

/// The fields of a position, unchecked (docs/notation.md, "Positions"):
/// fill it, then [`Position::new`] validates it. A 1969 setup needs no
/// division: the one given is replaced by a fixed one (docs/editions.md
/// §2.2), as when a position is read from JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    pub edition: Edition,
    pub division: Division,
    /// Adventurous On-Sets (variations) or Basic On-Sets.
    pub adventurous: bool,
    /// The cards dealt (II-B).
    pub universe: CardSet,
    pub goal: Goal,
    pub required: CubeList,
    pub permitted: CubeList,
    pub forbidden: CubeList,
    pub resources: CubeList,
    /// Variation selections in the order made (II-C).
    pub variations: Vec<Variation>,
    pub situation: Situation,
}

/// The kit a position's cubes are counted against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kit {
    /// 8 color, 4 operation and 3 Restriction cubes (I-B-2).
    Tournament,
    /// Any multiset up to [`M69_FAMILY_LIMIT`] cubes of a family: the 1969
    /// kit, whose counts are never stated (docs/editions.md Q15, Q16), and
    /// the mat of another edition shown as 2026-27 faces (the edition
    /// conversions: a 1969 mat, or MLAG Basic's wild = and ⊆ showing what
    /// they stand for, at most 8 + 3 colors).
    Open,
}

impl Kit {
    /// The kit of a position of this edition.
    pub const fn of(edition: Edition) -> Kit {
        match edition {
            Edition::Manual1969(_) => Kit::Open,
            _ => Kit::Tournament,
        }
    }
}

impl Position {
    /// Validates a setup: every problem is reported at once, each with its
    /// field ([`PositionError::Several`] when there are more than one), in
    /// the order of the fields. The checks: the Goal's digits (1–5, III-B),
    /// the sections' digit cubes (1–5, I-B-2-a), the variations (on the
    /// division's list, only in Adventurous On-Sets, none in 1969: XIII,
    /// docs/editions.md §2.4), the kit (I-B-2; [`Kit`]), no cube left in
    /// Resources in a forceout (VIII), and the edition's situations and
    /// cubes ([`Position::validate_edition`]'s rules, docs/editions.md §2.11,
    /// M69 2.2).
    pub fn new(setup: PositionSetup) -> Result<Position, PositionError> {
        let kit = Kit::of(setup.edition);
        Position::with_kit(setup, kit)
    }

    /// [`Position::new`] counting the cubes against `kit`: [`Kit::Open`]
    /// for a mat whose cubes are known to be a kit's while their faces are
    /// not (a scenario's fixed faces, the edition conversions).
    pub fn with_kit(mut setup: PositionSetup, kit: Kit) -> Result<Position, PositionError> {
        if matches!(setup.edition, Edition::Manual1969(_)) {
            // 1969 has no divisions (docs/editions.md §2.2).
            setup.division = Division::Senior;
        }
        let errors = problems(&setup, kit);
        if !errors.is_empty() {
            return Err(PositionError::all(errors));
        }
        let PositionSetup {
            edition,
            division,
            adventurous,
            universe,
            goal,
            required,
            permitted,
            forbidden,
            resources,
            variations,
            situation,
        } = setup;
        Ok(Position {
            edition,
            division,
            adventurous,
            universe,
            goal,
            required,
            permitted,
            forbidden,
            resources,
            variations,
            situation,
            kit,
        })
    }

    /// The fields, to be changed and validated again by [`Position::new`].
    pub fn to_setup(&self) -> PositionSetup {
        self.clone().into_setup()
    }

    /// The fields, to be changed and validated again by [`Position::new`].
    pub fn into_setup(self) -> PositionSetup {
        PositionSetup {
            edition: self.edition,
            division: self.division,
            adventurous: self.adventurous,
            universe: self.universe,
            goal: self.goal,
            required: self.required,
            permitted: self.permitted,
            forbidden: self.forbidden,
            resources: self.resources,
            variations: self.variations,
            situation: self.situation,
        }
    }

    /// The position changed by `change`, validated again by the checks of
    /// [`Position::new`]. The kit is the new edition's when the edition
    /// changes, and kept otherwise (a converted position keeps
    /// [`Kit::Open`]).
    pub fn edit(&self, change: impl FnOnce(&mut PositionSetup)) -> Result<Position, PositionError> {
        let mut setup = self.to_setup();
        change(&mut setup);
        let kit = if setup.edition == self.edition {
            self.kit
        } else {
            Kit::of(setup.edition)
        };
        Position::with_kit(setup, kit)
    }

    /// The same position in another situation (a forceout needs an empty
    /// Resources, VIII; 1969 knows only now and impossible, docs/editions.md
    /// §2.11).
    pub fn with_situation(&self, situation: Situation) -> Result<Position, PositionError> {
        self.edit(|s| s.situation = situation)
    }

    /// The same position with another Goal.
    pub fn with_goal(&self, goal: Goal) -> Result<Position, PositionError> {
        self.edit(|s| s.goal = goal)
    }

    /// The same position with other cubes in a section (or in Resources);
    /// `Section::Goal` is refused (a Goal is set by [`Position::with_goal`]).
    pub fn with_section(
        &self,
        section: Section,
        cubes: CubeList,
    ) -> Result<Position, PositionError> {
        if section == Section::Goal {
            return Err(PositionError::invalid(
                "goal",
                "the Goal is a layout of digit cubes, not a list of cubes (III-B)",
            ));
        }
        self.edit(|s| *s.section_mut(section) = cubes)
    }

    /// The same position with other cubes in Resources.
    pub fn with_resources(&self, cubes: CubeList) -> Result<Position, PositionError> {
        self.with_section(Section::Resources, cubes)
    }

    /// The same position with other variation selections.
    pub fn with_variations(&self, variations: Vec<Variation>) -> Result<Position, PositionError> {
        self.edit(|s| s.variations = variations)
    }

    /// The same position with one more cube in a section (or Resources).
    pub fn with_cube(&self, section: Section, cube: Symbol) -> Result<Position, PositionError> {
        let mut cubes = self.section(section).clone();
        cubes.push(cube);
        self.with_section(section, cubes)
    }

    /// The same position with no digit cube in Resources (the Goal's digits
    /// play no part in a Solution). Always valid: it only removes cubes.
    pub fn without_resource_digits(&self) -> Position {
        let mut p = self.clone();
        p.resources = p.resources.iter().filter(|s| !s.is_digit()).collect();
        p
    }

    pub fn edition(&self) -> Edition {
        self.edition
    }
    pub fn division(&self) -> Division {
        self.division
    }
    /// Adventurous On-Sets (variations) or Basic On-Sets.
    pub fn adventurous(&self) -> bool {
        self.adventurous
    }
    /// The cards dealt (II-B).
    pub fn universe(&self) -> CardSet {
        self.universe
    }
    pub fn goal(&self) -> &Goal {
        &self.goal
    }
    pub fn required(&self) -> &CubeList {
        &self.required
    }
    pub fn permitted(&self) -> &CubeList {
        &self.permitted
    }
    pub fn forbidden(&self) -> &CubeList {
        &self.forbidden
    }
    pub fn resources(&self) -> &CubeList {
        &self.resources
    }
    /// Variation selections in the order made (II-C).
    pub fn variations(&self) -> &[Variation] {
        &self.variations
    }
    pub fn situation(&self) -> Situation {
        self.situation
    }
    /// The kit the cubes are counted against.
    pub fn kit(&self) -> Kit {
        self.kit
    }
}

impl PositionSetup {
    /// The cubes of a section (`Section::Goal`: none).
    pub fn section(&self, s: Section) -> &CubeList {
        match s {
            Section::Required => &self.required,
            Section::Permitted => &self.permitted,
            Section::Forbidden => &self.forbidden,
            Section::Resources => &self.resources,
            Section::Goal => &super::EMPTY,
        }
    }

    /// The cubes of a section, to change (`Section::Goal` is not a list of
    /// cubes: it gives Resources' list, and callers refuse it first).
    fn section_mut(&mut self, s: Section) -> &mut CubeList {
        match s {
            Section::Required => &mut self.required,
            Section::Permitted => &mut self.permitted,
            Section::Forbidden => &mut self.forbidden,
            Section::Resources | Section::Goal => &mut self.resources,
        }
    }

    /// Every non-digit cube with its section.
    fn section_cubes(&self) -> impl Iterator<Item = (Section, Symbol)> + '_ {
        [
            Section::Required,
            Section::Permitted,
            Section::Forbidden,
            Section::Resources,
        ]
        .into_iter()
        .flat_map(move |s| self.section(s).iter().map(move |c| (s, c)))
    }
}

/// Why variation `i` cannot be selected: Basic On-Sets has none, and a
/// division selects only from its list (XIII; its automatic variations are
/// accepted too).
pub(super) fn variation_problem(
    var: &Variation,
    i: usize,
    adventurous: bool,
    division: Option<Division>,
) -> Option<PositionError> {
    let field = format!("variations[{i}]");
    if !adventurous {
        return Some(PositionError::invalid(
            field,
            "Basic On-Sets has no variations (`adventurous` is false); set `adventurous: true`",
        ));
    }
    let division = division?;
    if !var.selectable_in(division) && !Variation::automatic(division).contains(var) {
        return Some(PositionError::invalid(
            field,
            format!(
                "{} ({}) is not on the {division} division's list",
                var.keyword(),
                var.section()
            ),
        ));
    }
    None
}

/// Every problem of a setup, in the order of the fields.
fn problems(s: &PositionSetup, kit: Kit) -> Vec<PositionError> {
    let mut errors = Vec::new();
    goal_problems(&s.goal, &mut errors);
    for section in [
        Section::Required,
        Section::Permitted,
        Section::Forbidden,
        Section::Resources,
    ] {
        if let Some(d) = s
            .section(section)
            .iter()
            .find(|c| matches!(c, Symbol::Digit(d) if !(1..=5).contains(d)))
        {
            errors.push(PositionError::invalid(
                section.name().to_lowercase(),
                format!("{d} is not on a digit cube (faces 1, 1, 2, 3, 4, 5; I-B-2-a)"),
            ));
        }
    }
    if matches!(s.edition, Edition::Manual1969(_)) {
        if !s.variations.is_empty() {
            errors.push(PositionError::invalid(
                "variations",
                "the 1969 game has no variations (editions.md §2.4)",
            ));
        }
    } else {
        for (i, v) in s.variations.iter().enumerate() {
            errors.extend(variation_problem(v, i, s.adventurous, Some(s.division)));
        }
    }
    kit_problems(s, kit, &mut errors);
    if s.situation == Situation::Forceout {
        if let Some(c) = s.resources.iter().find(|c| !c.is_digit()) {
            errors.push(PositionError::invalid(
                "resources",
                format!("in a forceout the last cube has been played (VIII), but {c} is still in Resources"),
            ));
        }
    }
    edition_problems(s, &mut errors);
    errors
}

/// A Goal's digits are on digit cubes (1–5), and an illegal layout still
/// has some (III-B).
fn goal_problems(goal: &Goal, errors: &mut Vec<PositionError>) {
    if let Some(g) = goal.digits().iter().find(|g| !(1..=5).contains(&g.digit)) {
        errors.push(PositionError::invalid(
            "goal",
            format!(
                "{} is not on a digit cube (faces 1, 1, 2, 3, 4, 5; III-B)",
                g.digit
            ),
        ));
    }
    if let GoalLayout::Illegal { digits, .. } = &goal.layout() {
        if digits.is_empty() {
            errors.push(PositionError::invalid(
                "goal.illegal_layout",
                "an illegal layout still has digit cubes",
            ));
        }
    }
}

/// The kit holds 8 color, 4 operation and 3 Restriction cubes (I-B-2); a
/// position cannot show more of a family than that. Digit cubes are not
/// counted: they play no part in Solutions, and notation.md's own example
/// shows four (a Goal of three and a 4 in Forbidden).
///
/// The 1969 kit's counts are never stated, and its sample games show
/// more red-symbol cubes than four (M69 §5 g: five), so a 1969 position
/// may show any multiset (editions.md Q15, Q16) up to
/// [`M69_FAMILY_LIMIT`] cubes of a family ([`Kit::Open`]).
fn kit_problems(s: &PositionSetup, kit: Kit, errors: &mut Vec<PositionError>) {
    for fam in [
        CubeFamily::Color,
        CubeFamily::Operation,
        CubeFamily::Restriction,
    ] {
        let n = s.section_cubes().filter(|(_, c)| c.family() == fam).count();
        match kit {
            Kit::Open if n > M69_FAMILY_LIMIT => errors.push(PositionError::invalid(
                "cubes",
                format!(
                    "the position shows {n} {} cubes; a 1969 position may show up to {M69_FAMILY_LIMIT} of a family",
                    fam.name()
                ),
            )),
            Kit::Tournament if n > fam.kit_count() => errors.push(PositionError::invalid(
                "cubes",
                format!(
                    "the position shows {n} {} cubes; the kit has {} (I-B-2)",
                    fam.name(),
                    fam.kit_count()
                ),
            )),
            _ => {}
        }
    }
}

/// What the editions other than 2026-27 do not have: 1969 knows no
/// forceout and no end of round (a challenge ends play, M69 2.7; its
/// situations are `now`, at most one Resources cube, and `impossible`,
/// any, editions.md §2.11), and 1969 Basic does not use the blue-symbol
/// cubes (M69 2.2).
fn edition_problems(s: &PositionSetup, errors: &mut Vec<PositionError>) {
    let Edition::Manual1969(form) = s.edition else {
        return;
    };
    if !matches!(s.situation, Situation::Now | Situation::Impossible) {
        errors.push(PositionError::invalid(
            "situation",
            format!(
                "the 1969 game has no {}: use now (at most one Resources cube: A-claim, C-claim from A, assertion) or impossible (any: P-claim, C-claim from P, No-Goal) (editions.md §2.11)",
                s.situation
            ),
        ));
    }
    if form == Form1969::Basic {
        if let Some((section, c)) = s
            .section_cubes()
            .find(|(_, c)| c.family() == CubeFamily::Restriction)
        {
            errors.push(PositionError::invalid(
                section.name().to_lowercase(),
                format!(
                    "1969 Basic does not use the blue-symbol cubes (V Λ = ⊆), but {c} is in {section} (M69 2.2); use \"form\": \"advanced\""
                ),
            ));
        }
    }
}
