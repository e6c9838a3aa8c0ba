//! # onsets-core
//!
//! The rules of On-Sets as a pure library: cards and Universes, cubes, mat
//! sections, Goals, divisions and variations, the text notation of
//! `shared/spec/notation.md`, and the exact Solution checker of rules VII-B
//! (On-Sets Tournament Rules 2026-27).
//!
//! No I/O, no clock, no global randomness.
//!
//! ```
//! use onsets_core::{check, Position};
//! let position = Position::from_json(r#"{
//!     "division": "middle", "adventurous": false,
//!     "universe": "B R G BR BG RG", "goal": "2",
//!     "required": "B", "permitted": "∩ R", "situation": "impossible"
//! }"#).unwrap();
//! assert!(check(&position, "B ∩ R").correct == false); // only BR: 1 card
//! assert!(check(&position, "B ∩ V").correct == false); // no V cube
//! ```

pub mod budget;
pub mod card;
pub mod check;
pub mod cube;
pub mod cubes;
pub mod division;
pub mod error;
pub mod eval;
pub mod explain;
pub mod goal;
pub mod in_force;
pub mod position;
pub mod solution;
pub mod variation;
pub mod verdict;

pub use budget::BudgetError;
pub use card::{Card, CardSet, Color};
pub use check::{check, check_presentation};
pub use cube::{CubeFamily, CubeList, Section, Symbol};
pub use division::{Division, Edition, Form1969, RelationCubes};
pub use error::{ParseError, ParseErrorKind, PositionError};
pub use explain::{explain, try_explain, Explanation};
pub use goal::{Goal, GoalDigit, GoalLayout};
pub use in_force::InForce;
pub use position::{Kit, Position, PositionJson, PositionSetup, Situation};
pub use solution::{
    Bracket, Expr, ParseOptions, Part, Presentation, Restriction, RestrictionShapeError, Solution,
    Written,
};
pub use variation::Variation;
pub use verdict::{Rule, Verdict, Violation, ViolationKind};
