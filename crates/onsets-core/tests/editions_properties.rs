//! Differential properties of the editions (docs/editions.md): each edition's
//! checker agrees with the 2026-27 checker wherever the texts agree, and the
//! 2026-27 verdicts do not depend on the edition code paths.
//!
//! * 2026-27: `check` (which now reads a Solution as the position's
//!   edition does) gives the verdict of the plain 2026-27 parse, and a
//!   position that names `"edition": "2026-27"` is the default position.
//! * A19 = T26 Adventurous, except whole-Restriction brackets (VI-B-3), the
//!   Middle wild = / ⊆ (XIII-B-2) and the blank with the forbidden card's
//!   colors (XIII-C-10 comment b), which the generator leaves out.
//! * B19 = T26 Basic when no = or ⊆ cube is in the position.
//! * 1969 Basic = T26 Basic without the two-cube minimum, when no blue cube
//!   is in the position; 1969 Advanced = T26 Middle Adventurous with no
//!   variation, without the two-cube minimum, for chain-free Solutions.

use onsets_core::eval::{eval_unambiguous, Semantics};
use onsets_core::{
    check, check_presentation, Bracket, Card, CardSet, Color, CubeList, Division, Edition, Expr,
    Form1969, Goal, GoalDigit, GoalLayout, Part, Position, PositionSetup, Presentation,
    Restriction, Situation, Solution, Symbol, Variation, ViolationKind, Written,
};
use proptest::prelude::*;
use proptest::sample::select;
use std::collections::BTreeSet;

const SETS: [Symbol; 6] = [
    Symbol::Color(Color::Blue),
    Symbol::Color(Color::Red),
    Symbol::Color(Color::Green),
    Symbol::Color(Color::Yellow),
    Symbol::Universe,
    Symbol::Empty,
];
const BINOPS: [Symbol; 3] = [Symbol::Union, Symbol::Intersection, Symbol::Minus];

fn w(meaning: Symbol) -> Written {
    Written::new(meaning)
}

/// Small Set-Names over the colors, V and Λ (grouped, so mostly
/// unambiguous, with a few ungrouped chains of three).
fn arb_expr() -> BoxedStrategy<Expr> {
    let leaf = select(SETS.to_vec()).prop_map(|s| Expr::Set(w(s)));
    leaf.prop_recursive(3, 8, 3, |inner| {
        let operand = inner.clone().prop_map(|e| match e {
            Expr::Chain(..) => Expr::Group(Bracket::Paren, Box::new(e)),
            e => e,
        });
        prop_oneof![
            operand
                .clone()
                .prop_map(|e| Expr::Complement(Box::new(e), w(Symbol::Complement))),
            (operand.clone(), select(BINOPS.to_vec()), operand.clone())
                .prop_map(|(a, o, b)| Expr::Chain(vec![a, b], vec![w(o)])),
            (
                operand.clone(),
                select(BINOPS.to_vec()),
                operand.clone(),
                select(BINOPS.to_vec()),
                operand
            )
                .prop_map(|(a, o, b, p, c)| Expr::Chain(vec![a, b, c], vec![w(o), w(p)])),
        ]
    })
    .boxed()
}

fn arb_restriction() -> impl Strategy<Value = Restriction> {
    (
        arb_expr(),
        select(vec![Symbol::Equals, Symbol::Subset]),
        arb_expr(),
    )
        .prop_map(|(a, r, b)| {
            Restriction::new(Vec::new(), vec![a, b], vec![w(r)]).expect("two sides, one relation")
        })
}

fn arb_solution() -> impl Strategy<Value = Solution> {
    (prop::option::weighted(0.3, arb_restriction()), arb_expr()).prop_map(|(r, e)| {
        let mut parts: Vec<Part> = r.into_iter().map(Part::Restriction).collect();
        parts.push(Part::SetName(e));
        Solution::new(parts)
    })
}

/// Cubes in the four sections: colors, operations, V Λ = ⊆ (unless `blue`
/// is false), within the kit (I-B-2).
fn arb_sections(blue: bool) -> impl Strategy<Value = [Vec<Symbol>; 4]> {
    let colors = prop::collection::vec(select(SETS[..4].to_vec()), 0..=8);
    let ops = prop::collection::vec(
        select(vec![
            Symbol::Union,
            Symbol::Intersection,
            Symbol::Minus,
            Symbol::Complement,
        ]),
        0..=4,
    );
    let restr = prop::collection::vec(
        select(vec![
            Symbol::Universe,
            Symbol::Empty,
            Symbol::Equals,
            Symbol::Subset,
        ]),
        0..=if blue { 3 } else { 0 },
    );
    (colors, ops, restr)
        .prop_map(|(a, b, c)| [a, b, c].concat())
        .prop_flat_map(|cubes| {
            let n = cubes.len();
            (Just(cubes), prop::collection::vec(0usize..4, n))
        })
        .prop_map(|(cubes, places)| {
            let mut out: [Vec<Symbol>; 4] = Default::default();
            for (c, p) in cubes.into_iter().zip(places) {
                out[p].push(c);
            }
            out
        })
}

/// A position and a Solution; the Goal is often the Solution's own value,
/// so that correct Solutions are common.
fn arb_case(blue: bool) -> impl Strategy<Value = (Position, Solution)> {
    (
        select(Division::ALL.to_vec()),
        any::<bool>(),
        any::<u16>().prop_map(CardSet),
        arb_sections(blue),
        select(vec![Situation::Now, Situation::Impossible]),
        arb_solution(),
        1u8..=5,
        any::<bool>(),
    )
        .prop_map(
            |(division, adventurous, universe, sections, situation, sol, digit, own)| {
                let [required, permitted, forbidden, resources] = sections;
                let mut goal = digit;
                if own {
                    if let Some(Part::SetName(e)) = sol.parts().last() {
                        if let Some(t) = eval_unambiguous(e, Semantics::default()) {
                            let n = t.intersection(universe).len();
                            if (1..=5).contains(&n) {
                                goal = n as u8;
                            }
                        }
                    }
                }
                let p = Position::new(PositionSetup {
                    edition: Edition::default(),
                    division,
                    adventurous,
                    universe,
                    goal: Goal::new(GoalLayout::Single(GoalDigit::new(goal))),
                    required: CubeList::new(required),
                    permitted: CubeList::new(permitted),
                    forbidden: CubeList::new(forbidden),
                    resources: CubeList::new(resources),
                    variations: Vec::new(),
                    situation,
                })
                .expect("a valid position");
                (p, sol)
            },
        )
}

fn kinds(p: &Position, text: &str) -> BTreeSet<ViolationKind> {
    check(p, text).errors.iter().map(|e| e.code).collect()
}

fn text_of(s: &Solution) -> String {
    Presentation::new(vec![s.clone()]).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The 2026-27 verdict of `check` is the plain parse's, and an explicit
    /// `"edition": "2026-27"` is the default.
    #[test]
    fn t26_verdicts_unchanged_by_the_edition_paths((p, s) in arb_case(true)) {
        let text = text_of(&s);
        let plain = check_presentation(&p, &Presentation::parse(&text).unwrap());
        prop_assert_eq!(check(&p, &text), plain);
        let json = p.to_json();
        prop_assert!(json.contains("\"edition\": \"2026-27\""));
        let again = Position::from_json(&json).unwrap();
        prop_assert_eq!(again, p);
    }

    /// A19 judges like 2026-27 Adventurous where the texts agree.
    #[test]
    fn a19_agrees_with_t26_where_the_texts_agree((p, s) in arb_case(true), vars in prop::collection::vec(select(vec![
        Variation::TwoOperations, Variation::NoNullRestrictions, Variation::AbsoluteValue,
        Variation::RequiredCube(Symbol::Union), Variation::WildCube(Symbol::Color(Color::Red)),
        Variation::MultipleOperations, Variation::UnionIntersectionInterchangeable,
    ]), 0..=2)) {
        let t26 = p.edit(|t| {
            t.adventurous = true;
            t.variations = vars.into_iter().filter(|v| v.selectable_in(p.division())).collect();
            t.variations.dedup();
        }).expect("a valid position");
        let a19 = t26.edit(|a| a.edition = Edition::Mlag2019).expect("a valid position");
        let text = text_of(&s);
        prop_assert_eq!(check(&a19, &text), check(&t26, &text), "{}", text);
    }

    /// B19 judges like 2026-27 Basic when no = or ⊆ cube is in the position.
    #[test]
    fn b19_agrees_with_t26_basic_without_relation_cubes((p, s) in arb_case(true)) {
        let t26 = p.edit(|t| {
            t.adventurous = false;
            for l in [&mut t.required, &mut t.permitted, &mut t.forbidden, &mut t.resources] {
                l.retain(|c| !c.is_relation());
            }
        }).expect("a valid position");
        let b19 = t26.edit(|b| b.edition = Edition::Mlag2019).expect("a valid position");
        let text = text_of(&s);
        let has_relation = text.contains('=') || text.contains('⊆');
        let (vb, vt) = (check(&b19, &text), check(&t26, &text));
        prop_assert_eq!(vb.correct, vt.correct, "{}", text);
        if !has_relation {
            prop_assert_eq!(vb, vt, "{}", text);
        }
    }

    /// 1969 Basic judges like 2026-27 Basic without the two-cube minimum.
    #[test]
    fn m69_basic_agrees_with_t26_basic_but_one_cube((p, s) in arb_case(false)) {
        let t26 = p.edit(|t| t.adventurous = false).expect("a valid position");
        let m69 = t26.edit(|m| m.edition = Edition::Manual1969(Form1969::Basic)).expect("a valid position");
        let text = text_of(&s);
        let mut kt = kinds(&t26, &text);
        kt.remove(&ViolationKind::TooFewCubes);
        prop_assert_eq!(kinds(&m69, &text), kt, "{}", text);
    }

    /// 1969 Advanced judges like 2026-27 Middle Adventurous with no
    /// variation, without the two-cube minimum (chain-free Solutions).
    #[test]
    fn m69_advanced_agrees_with_t26_middle_but_one_cube((p, s) in arb_case(true)) {
        let t26 = p.edit(|t| {
            t.adventurous = true;
            t.division = Division::Middle;
        }).expect("a valid position");
        let m69 = t26.edit(|m| {
            m.edition = Edition::Manual1969(Form1969::Advanced);
            m.division = Division::Senior;
            m.adventurous = false;
        }).expect("a valid position");
        let text = text_of(&s);
        let mut kt = kinds(&t26, &text);
        kt.remove(&ViolationKind::TooFewCubes);
        prop_assert_eq!(kinds(&m69, &text), kt, "{}", text);
    }
}

#[test]
fn m69_single_card_blank_is_unchanged() {
    // the blank card carries no color in 1969 either
    let p = Position::from_json(
        r#"{"edition": "1969", "universe": "blank B", "goal": "1", "permitted": "B", "situation": "now"}"#,
    )
    .unwrap();
    assert!(check(&p, "B").correct);
    assert!(p.universe().contains(Card::BLANK));
}
