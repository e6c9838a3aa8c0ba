//! Positions: the state of a shake at the moment Solutions are written
//! (notation.md "Positions"), read from and written to JSON.

use crate::card::CardSet;
use crate::cube::{CubeList, Section, Symbol};
use crate::division::{Division, Edition};
use crate::error::{ParseError, ParseErrorKind, PositionError};
use crate::goal::{Goal, GoalDigit, GoalLayout};
use crate::solution::ParseOptions;
use crate::variation::Variation;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

mod editions;
mod setup;

pub use setup::{Kit, PositionSetup};

/// Why Solutions are being written; it fixes which Resources cubes a Solution
/// may use (VII-B-4-e, VII-B-4-f, VIII, XI-B-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Situation {
    /// After a Now challenge: at most one cube from Resources (VII-B-4-e).
    Now,
    /// After an Impossible challenge: Resources count as Permitted (VII-B-4-f).
    Impossible,
    /// The last cube was played (VIII): Resources is empty.
    Forceout,
    /// The round's extra five minutes expired: any Resources cubes (XI-B-2).
    EndOfRound,
}

impl Situation {
    pub const ALL: [Situation; 4] = [
        Situation::Now,
        Situation::Impossible,
        Situation::Forceout,
        Situation::EndOfRound,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Situation::Now => "now",
            Situation::Impossible => "impossible",
            Situation::Forceout => "forceout",
            Situation::EndOfRound => "end-of-round",
        }
    }
}

impl fmt::Display for Situation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Situation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Situation::ALL
            .into_iter()
            .find(|x| x.name() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown situation `{s}`: expected now, impossible, forceout or end-of-round"
                )
            })
    }
}

/// A validated position: built only by [`Position::new`] (from a
/// [`PositionSetup`]), [`Position::from_json`] / [`Position::from_raw`], and
/// changed only through methods that validate again (`with_*`, [`Position::edit`],
/// the edition conversions of `position/editions.rs`). Read through accessors
/// named like the fields. Every `Position` passes the checks of
/// [`Position::new`] (the kit I-B-2, the division's variations XIII, the
/// edition's situations and cubes, docs/editions.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    edition: Edition,
    division: Division,
    /// Adventurous On-Sets (variations) or Basic On-Sets.
    adventurous: bool,
    /// The cards dealt (II-B).
    universe: CardSet,
    goal: Goal,
    required: CubeList,
    permitted: CubeList,
    forbidden: CubeList,
    resources: CubeList,
    /// Variation selections in the order made (II-C).
    variations: Vec<Variation>,
    situation: Situation,
    /// Which kit the cubes are counted against (see [`Kit`]).
    kit: Kit,
}

/// The JSON form of a position (notation.md).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The 1969 form, `basic` or `advanced` (editions.md; 1969 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// Required except in 1969, which has no divisions (editions.md §2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division: Option<String>,
    #[serde(default)]
    pub adventurous: bool,
    pub universe: String,
    pub goal: GoalJson,
    #[serde(default)]
    pub required: String,
    #[serde(default)]
    pub permitted: String,
    #[serde(default)]
    pub forbidden: String,
    #[serde(default)]
    pub resources: String,
    #[serde(default)]
    pub variations: Vec<String>,
    pub situation: String,
}

/// A Goal in JSON: the text of a legal layout, or (an extension of
/// notation.md) an illegal layout given by its digits and a description.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum GoalJson {
    Text(String),
    Illegal {
        illegal_layout: String,
        description: String,
    },
}

impl Position {
    /// Reads a position from JSON text.
    ///
    /// Errors name the field that is wrong and say what it should be, never
    /// the names of the types that read it (`struct PositionJson`).
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| PositionError::Json(e.to_string()))?;
        check_shape(&value)?;
        let raw: PositionJson = serde_json::from_value(value)
            .map_err(|e| PositionError::Json(plain_serde_message(&e.to_string())))?;
        Position::from_raw(&raw)
    }

    /// Validates the JSON form: every field is parsed and checked against the
    /// kit (I-B-2) and the division's lists (XIII).
    pub fn from_raw(raw: &PositionJson) -> Result<Position, PositionError> {
        // Every field is read, and every problem reported at once.
        let mut errors = Vec::new();
        let edition = match (&raw.edition, &raw.form) {
            (None, None) => Some(Edition::default()),
            (None, Some(_)) => keep(
                &mut errors,
                Err(PositionError::invalid(
                    "form",
                    "`form` belongs to the 1969 edition only: add \"edition\": \"1969\""
                        .to_string(),
                )),
            ),
            (Some(e), form) => keep(
                &mut errors,
                Edition::from_parts(e, form.as_deref()).map_err(|m: String| {
                    let field = if m.contains("form") {
                        "form"
                    } else {
                        "edition"
                    };
                    PositionError::invalid(field, m)
                }),
            ),
        };
        // A 1969 position with a bad `form` is still read as 1969, so that
        // the form is the one error reported (not a missing division too).
        let m69 = matches!(edition, Some(Edition::Manual1969(_)))
            || raw.edition.as_deref().map(str::trim) == Some("1969");
        let division: Option<Division> = match (&raw.division, m69) {
            // 1969 has no divisions (editions.md §2.2): a division given is
            // ignored and the position is stored with a fixed one.
            (_, true) => Some(Division::Senior),
            (Some(d), false) => keep(
                &mut errors,
                d.parse()
                    .map_err(|m: String| PositionError::invalid("division", m)),
            ),
            (None, false) => keep(
                &mut errors,
                Err(PositionError::invalid(
                    "division",
                    "missing: it is a string: elementary, middle, junior or senior (only a 1969 position has none)",
                )),
            ),
        };
        // 1969: the fourth color is orange, read as Y (M69 2.0, editions.md §2.11).
        let orange = |text: &str| -> String {
            if m69 {
                text.replace(['O', 'o'], "Y")
            } else {
                text.to_string()
            }
        };
        let universe = keep(
            &mut errors,
            CardSet::parse(&orange(&raw.universe)).map_err(|e| PositionError::field("universe", e)),
        );
        let goal = keep(&mut errors, goal_from_raw(raw));
        let section = |name: &str, text: &str| {
            CubeList::parse(&orange(text)).map_err(|e| PositionError::field(name, e))
        };
        let required = keep(&mut errors, section("required", &raw.required));
        let permitted = keep(&mut errors, section("permitted", &raw.permitted));
        let forbidden = keep(&mut errors, section("forbidden", &raw.forbidden));
        let resources = keep(&mut errors, section("resources", &raw.resources));
        let situation: Option<Situation> = keep(
            &mut errors,
            raw.situation
                .parse()
                .map_err(|m: String| PositionError::invalid("situation", m)),
        );
        let mut variations = Vec::new();
        if m69 && !raw.variations.is_empty() {
            errors.push(PositionError::invalid(
                "variations",
                "the 1969 game has no variations (editions.md §2.4)",
            ));
        }
        for (i, v) in raw.variations.iter().enumerate().filter(|_| !m69) {
            if let Some(var) = keep(&mut errors, variation_from_raw(raw, division, i, v)) {
                variations.push(var);
            }
        }
        let (
            Some(edition),
            Some(division),
            Some(universe),
            Some(goal),
            Some(required),
            Some(permitted),
            Some(forbidden),
            Some(resources),
            Some(situation),
            true,
        ) = (
            edition,
            division,
            universe,
            goal,
            required,
            permitted,
            forbidden,
            resources,
            situation,
            errors.is_empty(),
        )
        else {
            return Err(PositionError::all(errors));
        };
        Position::new(PositionSetup {
            edition,
            division,
            adventurous: raw.adventurous,
            universe,
            goal,
            required,
            permitted,
            forbidden,
            resources,
            variations,
            situation,
        })
    }

    /// How Solutions are read for this position ([`ParseOptions`]): `O` as
    /// Y in 1969, the wild = and ⊆ of MLAG Basic 2019-20.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::of(self.edition, self.division, self.adventurous)
    }

    /// A Solution (or card list) as this edition writes it: in 1969 the
    /// fourth color is orange, `O` (M69 2.0; editions.md §2.0: "accepts `O`
    /// for `Y` under `1969`, and prints O"). Other editions: unchanged.
    pub fn in_edition_colors(&self, text: &str) -> String {
        match self.edition {
            Edition::Manual1969(_) => text.replace('Y', "O"),
            _ => text.to_string(),
        }
    }

    /// The cubes of a section.
    pub fn section(&self, s: Section) -> &CubeList {
        match s {
            Section::Required => &self.required,
            Section::Permitted => &self.permitted,
            Section::Forbidden => &self.forbidden,
            Section::Resources => &self.resources,
            Section::Goal => &EMPTY,
        }
    }

    /// Every cube in the position with its section (the Goal's digits included).
    pub fn all_cubes(&self) -> impl Iterator<Item = (Section, Symbol)> + '_ {
        let goal = self
            .goal
            .digits()
            .into_iter()
            .map(|g| (Section::Goal, Symbol::Digit(g.digit)));
        goal.chain(
            [
                Section::Required,
                Section::Permitted,
                Section::Forbidden,
                Section::Resources,
            ]
            .into_iter()
            .flat_map(move |s| self.section(s).iter().map(move |c| (s, c))),
        )
    }

    /// The JSON form.
    pub fn to_raw(&self) -> PositionJson {
        PositionJson {
            edition: Some(self.edition.name().to_string()),
            form: self.edition.form().map(|f| f.name().to_string()),
            division: match self.edition {
                Edition::Manual1969(_) => None,
                _ => Some(self.division.name().to_string()),
            },
            adventurous: self.adventurous,
            universe: self.universe.to_string(),
            goal: match &self.goal.layout() {
                GoalLayout::Illegal {
                    digits,
                    description,
                } => GoalJson::Illegal {
                    illegal_layout: digits
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    description: description.clone(),
                },
                _ => GoalJson::Text(self.goal.to_string()),
            },
            required: self.required.to_string(),
            permitted: self.permitted.to_string(),
            forbidden: self.forbidden.to_string(),
            resources: self.resources.to_string(),
            variations: self.variations.iter().map(|v| v.to_string()).collect(),
            situation: self.situation.name().to_string(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_raw()).expect("positions serialize")
    }
}

/// The most cubes of one family a 1969 position may show (its kit is not
/// stated, editions.md Q15; a bound keeps the search's counters small).
pub const M69_FAMILY_LIMIT: usize = 12;

/// The value of a field, or `None` with its error kept.
fn keep<T>(errors: &mut Vec<PositionError>, r: Result<T, PositionError>) -> Option<T> {
    r.map_err(|e| errors.push(e)).ok()
}

/// The Goal of a position's JSON: a Goal in the notation, or an illegal
/// layout of digit cubes (III-B).
fn goal_from_raw(raw: &PositionJson) -> Result<Goal, PositionError> {
    Ok(match &raw.goal {
        GoalJson::Text(t) => Goal::parse(t).map_err(|e| PositionError::field("goal", e))?,
        GoalJson::Illegal {
            illegal_layout,
            description,
        } => {
            let mut digits = Vec::new();
            for (col, word) in crate::card::words(illegal_layout) {
                let (flip, d) = match word.strip_prefix('~') {
                    Some(rest) => (true, rest),
                    None => (false, word),
                };
                match d {
                    "1" | "2" | "3" | "4" | "5" => {
                        let d = d.as_bytes()[0] - b'0';
                        digits.push(if flip {
                            GoalDigit::flipped(d)
                        } else {
                            GoalDigit::new(d)
                        });
                    }
                    _ => {
                        return Err(PositionError::field(
                            "goal.illegal_layout",
                            ParseError::at(
                                ParseErrorKind::Goal,
                                col,
                                format!(
                                "`{word}` is not a digit cube (1–5, `~` for upside-down; III-B)"
                            ),
                            ),
                        ))
                    }
                }
            }
            if digits.is_empty() {
                return Err(PositionError::invalid(
                    "goal.illegal_layout",
                    "an illegal layout still has digit cubes",
                ));
            }
            Goal::new(GoalLayout::Illegal {
                digits,
                description: description.clone(),
            })
        }
    })
}

/// Variation `i` of a position's JSON (XIII): it must parse, the position
/// must be Adventurous, and the variation must be on the division's list
/// (when the division could be read).
fn variation_from_raw(
    raw: &PositionJson,
    division: Option<Division>,
    i: usize,
    v: &str,
) -> Result<Variation, PositionError> {
    let field = format!("variations[{i}]");
    let var = Variation::parse(v).map_err(|e| PositionError::field(field.clone(), e))?;
    match setup::variation_problem(&var, i, raw.adventurous, division) {
        Some(problem) => Err(problem),
        None => Ok(var),
    }
}

static EMPTY: CubeList = CubeList::new(Vec::new());

impl From<ParseError> for PositionError {
    fn from(e: ParseError) -> Self {
        PositionError::field("position", e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"{
      "division": "senior",
      "adventurous": true,
      "universe": "B BR RGY blank BRGY G Y BG RG BRY",
      "goal": "3*(2+1)",
      "required": "B ∪ =",
      "permitted": "R ′",
      "forbidden": "G 4",
      "resources": "Y ∩ −",
      "variations": ["wild-cube Y", "double-set R′"],
      "situation": "now"
    }"#;

    #[test]
    fn notation_example_position_reads_and_round_trips() {
        let p = Position::from_json(EXAMPLE).unwrap();
        assert_eq!(p.universe.len(), 10);
        assert_eq!(p.goal.legal_values(false), vec![9]);
        assert_eq!(p.variations.len(), 2);
        let again = Position::from_json(&p.to_json()).unwrap();
        assert_eq!(again, p);
    }

    #[test]
    fn field_errors_name_the_field_and_column() {
        let bad = EXAMPLE.replace("\"R ′\"", "\"R ′ X\"");
        let e = Position::from_json(&bad).unwrap_err().to_string();
        assert_eq!(e, "field `permitted`: `X` is not a cube symbol (colors B R G Y, ∪ ∩ − ′, V Λ = ⊆, digits 1–5): column 5");
        let bad = EXAMPLE.replace("\"now\"", "\"later\"");
        assert!(Position::from_json(&bad)
            .unwrap_err()
            .to_string()
            .contains("situation"));
        let bad = EXAMPLE.replace("\"senior\"", "\"middle\"");
        assert!(Position::from_json(&bad)
            .unwrap_err()
            .to_string()
            .contains("variations[1]"));
        assert!(Position::from_json("{").is_err());
        assert!(Position::from_json("[]").is_err());
    }

    #[test]
    fn every_wrong_field_is_reported_at_once() {
        let bad = EXAMPLE
            .replace("\"R ′\"", "\"R ′ X\"")
            .replace("\"now\"", "\"later\"")
            .replace("\"senior\"", "\"middle\"");
        let e = Position::from_json(&bad).unwrap_err();
        let fields: Vec<String> = e
            .problems()
            .iter()
            .map(|p| match p {
                PositionError::Field { field, .. } | PositionError::Invalid { field, .. } => {
                    field.clone()
                }
                other => panic!("{other}"),
            })
            .collect();
        assert_eq!(fields, ["permitted", "situation", "variations[1]"]);
        let text = e.to_string();
        assert!(
            text.starts_with("field `permitted`: `X` is not a cube symbol"),
            "{text}"
        );
        assert!(text.contains("; field `situation`: "), "{text}");
    }

    #[test]
    fn i_b_2_more_cubes_than_the_kit_is_an_error() {
        let bad = EXAMPLE.replace("\"Y ∩ −\"", "\"Y ∩ − ∪\"");
        assert!(Position::from_json(&bad)
            .unwrap_err()
            .to_string()
            .contains("operation"));
    }
}

/// The fields of a position (notation.md, "Positions"): name, whether it is
/// required, and what its value is.
const POSITION_FIELDS: [(&str, bool, &str); 12] = [
    ("edition", false, "a string: 2026-27, 2019-20 or 1969"),
    ("form", false, "a string, basic or advanced (1969 only)"),
    (
        "division",
        false,
        "a string: elementary, middle, junior or senior (not in 1969)",
    ),
    ("adventurous", false, "true or false"),
    ("universe", true, "a string of cards, e.g. \"B R BR blank\""),
    (
        "goal",
        true,
        "a string, e.g. \"3+2\", or {\"illegal_layout\": …, \"description\": …}",
    ),
    ("required", false, "a string of cubes, e.g. \"B ∪\""),
    ("permitted", false, "a string of cubes, e.g. \"R ′\""),
    ("forbidden", false, "a string of cubes"),
    ("resources", false, "a string of cubes"),
    (
        "variations",
        false,
        "a list of strings, e.g. [\"wild-cube Y\"]",
    ),
    (
        "situation",
        true,
        "a string: now, impossible, forceout or end-of-round",
    ),
];

/// A JSON value's kind, for error messages.
fn json_kind(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string \"{s}\""),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// Checks the shape of a position's JSON (an object, known fields, the
/// right kinds of values) so that errors name the field.
fn check_shape(v: &serde_json::Value) -> Result<(), PositionError> {
    use serde_json::Value;
    let Value::Object(map) = v else {
        return Err(PositionError::Json(format!(
            "a position is an object {{\"division\": …, \"universe\": …, \"goal\": …, \"situation\": …}} (notation.md, \"Positions\"), not {}",
            json_kind(v)
        )));
    };
    let fields = &POSITION_FIELDS;
    for key in map.keys() {
        if !fields.iter().any(|(f, _, _)| f == key) {
            let names: Vec<&str> = fields.iter().map(|(f, _, _)| *f).collect();
            return Err(PositionError::invalid(
                key.clone(),
                format!(
                    "unknown field: a position has the fields {}",
                    names.join(", ")
                ),
            ));
        }
    }
    for (field, required, what) in fields {
        let Some(value) = map.get(*field) else {
            if *required {
                return Err(PositionError::invalid(
                    *field,
                    format!("missing: it is {what}"),
                ));
            }
            continue;
        };
        let ok = match *field {
            "adventurous" => value.is_boolean(),
            "variations" => match value {
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if !item.is_string() {
                            return Err(PositionError::invalid(
                                format!("variations[{i}]"),
                                format!(
                                    "expected a variation as a string, e.g. \"wild-cube Y\", found {}",
                                    json_kind(item)
                                ),
                            ));
                        }
                    }
                    true
                }
                _ => false,
            },
            "goal" => match value {
                Value::String(_) => true,
                Value::Object(g) => {
                    for key in g.keys() {
                        if key != "illegal_layout" && key != "description" {
                            return Err(PositionError::invalid(
                                format!("goal.{key}"),
                                "unknown field: an illegal Goal has the fields illegal_layout and description",
                            ));
                        }
                    }
                    for key in ["illegal_layout", "description"] {
                        match g.get(key) {
                            Some(Value::String(_)) => {}
                            Some(other) => {
                                return Err(PositionError::invalid(
                                    format!("goal.{key}"),
                                    format!("expected a string, found {}", json_kind(other)),
                                ))
                            }
                            None => {
                                return Err(PositionError::invalid(
                                    format!("goal.{key}"),
                                    "missing: an illegal Goal has the fields illegal_layout and description",
                                ))
                            }
                        }
                    }
                    true
                }
                _ => false,
            },
            _ => value.is_string(),
        };
        if !ok {
            return Err(PositionError::invalid(
                *field,
                format!("expected {what}, found {}", json_kind(value)),
            ));
        }
    }
    Ok(())
}

/// A serde message without the names of the types that read the JSON.
fn plain_serde_message(m: &str) -> String {
    m.replace("struct PositionJson", "a position object")
        .replace(
            "untagged enum GoalJson",
            "a Goal (a string or an illegal layout)",
        )
        .replace("enum GoalJson", "a Goal")
}

#[cfg(test)]
mod json_error_tests {
    use super::*;

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    const OK: &str =
        r#"{"division": "senior", "universe": "B R BR", "goal": "2", "situation": "now"}"#;

    #[test]
    fn json_errors_name_the_field_not_the_type() {
        assert!(Position::from_json(OK).is_ok());
        for (text, field) in [
            (
                r#"{"division": "senior", "universe": "B R", "goal": 5, "situation": "now"}"#,
                "field `goal`",
            ),
            (
                r#"{"division": "senior", "universe": 3, "goal": "2", "situation": "now"}"#,
                "field `universe`",
            ),
            (
                r#"{"division": "senior", "universe": "B", "goal": "2"}"#,
                "field `situation`",
            ),
            (
                r#"{"division": "senior", "universe": "B", "goal": "2", "situation": "now", "adventurous": "yes"}"#,
                "field `adventurous`",
            ),
            (
                r#"{"division": "senior", "universe": "B", "goal": "2", "situation": "now", "variations": [1]}"#,
                "field `variations[0]`",
            ),
            (
                r#"{"division": "senior", "universe": "B", "goal": "2", "situation": "now", "colour": "B"}"#,
                "field `colour`",
            ),
            (
                r#"{"division": "senior", "universe": "B", "goal": {"illegal_layout": 3}, "situation": "now"}"#,
                "field `goal.illegal_layout`",
            ),
        ] {
            let e = err(text);
            assert!(e.contains(field), "{text}: {e}");
            assert!(
                !e.contains("PositionJson") && !e.contains("GoalJson"),
                "{e}"
            );
        }
        let e = err("[1, 2]");
        assert!(
            e.contains("a position is an object") && !e.contains("PositionJson"),
            "{e}"
        );
        let e = err("{ \"division\": ");
        assert!(e.contains("not valid JSON"), "{e}");
    }
}
