//! Positions stay valid: `Position::new` reports every problem of a
//! `PositionSetup` at once, each with its field, and every position read
//! from JSON or built from a setup passes the validator again
//! (docs/notation.md, "Positions"; the kit I-B-2, the variations XIII,
//! docs/editions.md).

use onsets_core::{
    CardSet, Color, CubeList, Division, Edition, Form1969, Goal, GoalDigit, GoalLayout, Position,
    PositionError, PositionSetup, Section, Situation, Symbol, Variation,
};
use proptest::prelude::*;
use proptest::sample::select;

fn setup() -> PositionSetup {
    PositionSetup {
        edition: Edition::Tournament2026,
        division: Division::Senior,
        adventurous: true,
        universe: CardSet::parse("B R BR G BG").expect("cards"),
        goal: Goal::parse("3").expect("a Goal"),
        required: CubeList::parse("B ∪").expect("cubes"),
        permitted: CubeList::parse("R").expect("cubes"),
        forbidden: CubeList::default(),
        resources: CubeList::parse("G ∩").expect("cubes"),
        variations: vec![Variation::WildCube(Symbol::Color(Color::Red))],
        situation: Situation::Now,
    }
}

/// The field of each problem, in order.
fn fields(e: &PositionError) -> Vec<String> {
    e.problems()
        .iter()
        .map(|p| match p {
            PositionError::Field { field, .. } | PositionError::Invalid { field, .. } => {
                field.clone()
            }
            other => format!("not a field error: {other}"),
        })
        .collect()
}

#[test]
fn a_good_setup_builds_and_reads_back() {
    let p = Position::new(setup()).expect("a valid position");
    assert_eq!(p.to_setup(), setup());
    assert_eq!(Position::from_json(&p.to_json()), Ok(p));
}

#[test]
fn the_builder_reports_every_problem_at_once() {
    let mut s = setup();
    // A digit no cube shows (III-B), a Restriction cube too many (I-B-2),
    // a variation of Basic On-Sets... and a forceout with a cube left (VIII).
    s.goal = Goal::new(GoalLayout::Single(GoalDigit::new(7)));
    s.permitted = CubeList::parse("R V Λ = ⊆").expect("cubes");
    s.adventurous = false;
    s.situation = Situation::Forceout;
    let e = Position::new(s).unwrap_err();
    assert_eq!(
        fields(&e),
        ["goal", "variations[0]", "cubes", "resources"],
        "{e}"
    );
    let text = e.to_string();
    assert!(
        text.contains("field `goal`: 7 is not on a digit cube"),
        "{text}"
    );
    assert!(
        text.contains(
            "field `cubes`: the position shows 4 Restriction cubes; the kit has 3 (I-B-2)"
        ),
        "{text}"
    );
    assert!(
        text.contains("Basic On-Sets has no variations (`adventurous` is false)"),
        "{text}"
    );
}

#[test]
fn the_builder_reports_every_family_over_the_kit() {
    let mut s = setup();
    s.variations.clear();
    s.permitted = CubeList::parse("B B B B B B B ∪ ∪ ∪ ∪ V V V V").expect("cubes");
    let e = Position::new(s).unwrap_err();
    let text = e.to_string();
    assert_eq!(fields(&e), ["cubes", "cubes", "cubes"], "{text}");
    assert!(text.contains("9 color cubes"), "{text}");
    assert!(text.contains("6 operation cubes"), "{text}");
    assert!(text.contains("4 Restriction cubes"), "{text}");
}

#[test]
fn a_1969_setup_reports_its_edition_problems_together() {
    let mut s = setup();
    s.edition = Edition::Manual1969(Form1969::Basic);
    s.situation = Situation::EndOfRound;
    s.required = CubeList::parse("B V").expect("cubes");
    let e = Position::new(s).unwrap_err();
    assert_eq!(fields(&e), ["variations", "situation", "required"], "{e}");
}

#[test]
fn changes_validate_again() {
    let p = Position::new(setup()).expect("a valid position");
    // A forceout needs an empty Resources (VIII).
    let e = p.with_situation(Situation::Forceout).unwrap_err();
    assert_eq!(fields(&e), ["resources"]);
    let q = p
        .with_resources(CubeList::default())
        .and_then(|q| q.with_situation(Situation::Forceout))
        .expect("a forceout with an empty Resources");
    assert_eq!(q.situation(), Situation::Forceout);
    assert!(q.resources().is_empty());
    // The kit (I-B-2): a fourth Restriction cube is refused.
    let e = p
        .with_section(
            Section::Forbidden,
            CubeList::parse("V Λ = ⊆").expect("cubes"),
        )
        .unwrap_err();
    assert_eq!(fields(&e), ["cubes"]);
    // A variation off the Middle list (XIII-D-14 is Senior's).
    let e = p
        .edit(|s| {
            s.division = Division::Middle;
            s.variations.push(Variation::TwoSolutions);
        })
        .unwrap_err();
    assert_eq!(fields(&e), ["variations[1]"]);
    assert!(p.with_section(Section::Goal, CubeList::default()).is_err());
}

#[test]
fn a_1969_division_is_fixed_as_when_read() {
    let mut s = setup();
    s.edition = Edition::Manual1969(Form1969::Advanced);
    s.division = Division::Elementary;
    s.variations.clear();
    let p = Position::new(s).expect("a 1969 position");
    assert_eq!(p.division(), Division::Senior);
    assert_eq!(Position::from_json(&p.to_json()), Ok(p));
}

#[test]
fn edition_conversions_keep_the_mat() {
    let m69 = Position::from_json(
        r#"{"edition": "1969", "form": "advanced", "universe": "B R BR", "goal": "2",
            "permitted": "B B B B B B B B B R ∪ V", "situation": "impossible"}"#,
    )
    .expect("nine color cubes are a 1969 position");
    let t26 = m69
        .manual1969_as_2026()
        .expect("the same mat under 2026-27");
    assert_eq!(t26.edition(), Edition::Tournament2026);
    assert_eq!(t26.division(), Division::Middle);
    assert!(t26.adventurous());
    assert_eq!(t26.permitted(), m69.permitted());
    assert_eq!(t26.kit(), onsets_core::Kit::Open);
    let b19 = Position::from_json(
        r#"{"edition": "2019-20", "division": "junior", "universe": "B R BR", "goal": "2",
            "required": "B =", "resources": "⊆ R", "situation": "now"}"#,
    )
    .expect("a B19 position");
    let t = b19
        .b19_as_2026_basic(Some(Symbol::Color(Color::Green)), Some(Symbol::Union))
        .expect("the wild cubes as what they stand for");
    assert_eq!(t.required().to_string(), "B G");
    assert_eq!(t.resources().to_string(), "∪ R");
    assert!(!t.adventurous());
}

fn arb_symbol() -> impl Strategy<Value = Symbol> {
    prop_oneof![
        6 => select(Symbol::NON_DIGIT.to_vec()),
        1 => (0u8..=6).prop_map(Symbol::Digit),
    ]
}

fn arb_digit() -> impl Strategy<Value = GoalDigit> {
    (0u8..=6, any::<bool>()).prop_map(|(digit, upside_down)| GoalDigit { digit, upside_down })
}

fn arb_goal() -> impl Strategy<Value = Goal> {
    prop_oneof![
        arb_digit().prop_map(|a| Goal::new(GoalLayout::Single(a))),
        (arb_digit(), arb_digit()).prop_map(|(a, b)| Goal::new(GoalLayout::Sum2(a, b))),
        (arb_digit(), arb_digit(), arb_digit())
            .prop_map(|(a, b, c)| Goal::new(GoalLayout::T(a, b, c))),
        prop::collection::vec(arb_digit(), 0..=3).prop_map(|digits| Goal::new(
            GoalLayout::Illegal {
                digits,
                description: "a diagonal".into()
            }
        )),
    ]
}

fn arb_variation() -> impl Strategy<Value = Variation> {
    select(vec![
        Variation::TwoOperations,
        Variation::NoNullRestrictions,
        Variation::AbsoluteValue,
        Variation::TwoSolutions,
        Variation::BlankCardWild,
        Variation::MultipleOperations,
        Variation::WildCube(Symbol::Color(Color::Red)),
        Variation::RequiredCube(Symbol::Union),
    ])
}

fn arb_cubes() -> impl Strategy<Value = CubeList> {
    prop::collection::vec(arb_symbol(), 0..=5).prop_map(CubeList::new)
}

/// Any setup, most of them invalid.
fn arb_setup() -> impl Strategy<Value = PositionSetup> {
    (
        (
            select(Edition::ALL.to_vec()),
            select(Division::ALL.to_vec()),
            any::<bool>(),
            any::<u16>().prop_map(CardSet),
            arb_goal(),
        ),
        (arb_cubes(), arb_cubes(), arb_cubes(), arb_cubes()),
        prop::collection::vec(arb_variation(), 0..=2),
        select(Situation::ALL.to_vec()),
    )
        .prop_map(
            |(
                (edition, division, adventurous, universe, goal),
                (required, permitted, forbidden, resources),
                variations,
                situation,
            )| PositionSetup {
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
            },
        )
}

/// Mostly a valid choice, sometimes an invalid one.
fn mostly(good: Vec<&'static str>, bad: Vec<&'static str>) -> BoxedStrategy<&'static str> {
    prop_oneof![8 => select(good), 1 => select(bad)].boxed()
}

/// Mostly absent or valid, sometimes invalid.
fn maybe(
    none: u32,
    good: Vec<&'static str>,
    bad: &'static str,
) -> BoxedStrategy<Option<&'static str>> {
    prop_oneof![none => Just(None), 8 => select(good).prop_map(Some), 1 => Just(Some(bad))].boxed()
}

/// A position's JSON from small vocabularies, many of them invalid.
fn arb_json() -> impl Strategy<Value = String> {
    let cubes = prop::collection::vec(
        mostly(
            vec!["B", "R", "G", "∪", "′", "V", "=", "⊆", "3"],
            vec!["X", "9", "O"],
        ),
        0..=4,
    )
    .prop_map(|v| v.join(" "));
    (
        (
            maybe(4, vec!["2026-27", "2019-20", "1969"], "1970"),
            maybe(8, vec!["basic", "advanced"], "middling"),
            maybe(1, vec!["elementary", "middle", "senior"], "adult"),
            any::<bool>(),
            mostly(vec!["B R BR", "B G", "blank G"], vec!["Q", "B O"]),
            mostly(vec!["3", "2+1", "3*(2+1)", "~2"], vec!["7", "+"]),
        ),
        (cubes.clone(), cubes.clone(), cubes.clone(), cubes),
        prop::collection::vec(
            mostly(
                vec![
                    "two-operations",
                    "two-solutions",
                    "wild-cube R",
                    "absolute-value",
                ],
                vec!["nonsense"],
            ),
            0..=1,
        ),
        mostly(
            vec!["now", "impossible", "forceout", "end-of-round"],
            vec!["later"],
        ),
    )
        .prop_map(
            |(
                (edition, form, division, adventurous, universe, goal),
                (req, per, forb, res),
                vars,
                situation,
            )| {
                let mut o = serde_json::Map::new();
                let mut put = |k: &str, v: serde_json::Value| {
                    o.insert(k.to_string(), v);
                };
                if let Some(e) = edition {
                    put("edition", e.into());
                }
                if let Some(f) = form {
                    put("form", f.into());
                }
                if let Some(d) = division {
                    put("division", d.into());
                }
                put("adventurous", adventurous.into());
                put("universe", universe.into());
                put("goal", goal.into());
                put("required", req.into());
                put("permitted", per.into());
                put("forbidden", forb.into());
                put("resources", res.into());
                put("variations", vars.into());
                put("situation", situation.into());
                serde_json::Value::Object(o).to_string()
            },
        )
}

/// The generators are not vacuous: some setups and some JSON texts are
/// valid positions.
#[test]
fn the_generators_make_valid_positions_too() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut built, mut read) = (0, 0);
    for _ in 0..2000 {
        let s = arb_setup()
            .new_tree(&mut runner)
            .expect("a setup")
            .current();
        built += usize::from(Position::new(s).is_ok());
        let j = arb_json().new_tree(&mut runner).expect("a text").current();
        read += usize::from(Position::from_json(&j).is_ok());
    }
    assert!(
        built >= 40 && read >= 40,
        "built {built}, read {read} of 2000"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every position built from a setup passes the validator again, keeps
    /// its fields, and reads back from its JSON; a refused setup names at
    /// least one field.
    #[test]
    fn every_built_position_passes_the_validator(s in arb_setup()) {
        match Position::new(s.clone()) {
            Ok(p) => {
                prop_assert_eq!(Position::new(p.to_setup()), Ok(p.clone()));
                let upside_down_illegal = matches!(&p.goal().layout(),
                    GoalLayout::Illegal { digits, .. } if digits.iter().any(|d| d.upside_down));
                if !upside_down_illegal {
                    prop_assert_eq!(Position::from_json(&p.to_json()), Ok(p.clone()));
                }
                let mut same = s;
                if matches!(same.edition, Edition::Manual1969(_)) {
                    same.division = Division::Senior;
                }
                prop_assert_eq!(p.to_setup(), same);
            }
            Err(e) => prop_assert!(!fields(&e).is_empty() && fields(&e).iter().all(|f| !f.starts_with("not a field")), "{}", e),
        }
    }

    /// Every position read from JSON passes the validator of the setup.
    #[test]
    fn every_position_read_from_json_passes_the_validator(text in arb_json()) {
        if let Ok(p) = Position::from_json(&text) {
            prop_assert_eq!(Position::new(p.to_setup()), Ok(p.clone()));
            prop_assert_eq!(Position::from_json(&p.to_json()), Ok(p));
        }
    }
}
