//! `onsets check --explain` (docs/notation.md, "Explanations") never disagrees with the checker and
//! its card-by-card detail agrees with the naive model of `naive/`:
//!
//! 1. on random positions and Solutions, the explanation's verdict is
//!    `check`'s, and its failures are the verdict's errors, in order;
//! 2. every step of the Set-Name names the cards the naive model finds
//!    (I-B-2-b..d), every ambiguous step lists exactly the naive model's
//!    readings (VII-B-6), and the readings of the whole Solution are the
//!    naive Restrictions' kept cards ∩ the naive Set-Name (VI-B-2);
//! 3. the cube accounting finds an assignment exactly when the checker finds
//!    no cube violation (VII-B-4).

mod naive;

use naive::{explicit, Cards, Universe};
use onsets_core::explain::explain;
use onsets_core::in_force::InForce;
use onsets_core::{
    check, Bracket, Card, CardSet, Color, CubeList, Division, Edition, Expr, Goal, GoalDigit,
    GoalLayout, Part, Position, PositionSetup, Presentation, Restriction, Situation, Solution,
    Symbol, Variation, ViolationKind, Written,
};
use proptest::prelude::*;
use proptest::sample::select;
use std::collections::BTreeSet;

#[allow(dead_code)]
mod gen {
    use super::*;

    pub const SETS: [Symbol; 6] = [
        Symbol::Color(Color::Blue),
        Symbol::Color(Color::Red),
        Symbol::Color(Color::Green),
        Symbol::Color(Color::Yellow),
        Symbol::Universe,
        Symbol::Empty,
    ];
    pub const BINOPS: [Symbol; 3] = [Symbol::Union, Symbol::Intersection, Symbol::Minus];
    pub const BRACKETS: [Bracket; 3] = [Bracket::Paren, Bracket::Square, Bracket::Brace];

    pub fn all_symbols() -> Vec<Symbol> {
        let mut v = Symbol::NON_DIGIT.to_vec();
        v.extend((1..=5).map(Symbol::Digit));
        v
    }

    pub fn arb_card() -> impl Strategy<Value = Card> {
        (0u8..16).prop_map(|m| Card::from_mask(m).expect("mask < 16"))
    }

    pub fn arb_written(
        meanings: Vec<Symbol>,
        annotate: bool,
    ) -> impl Strategy<Value = Written> + Clone {
        let cube = if annotate {
            prop_oneof![3 => Just(None), 1 => select(Symbol::NON_DIGIT.to_vec()).prop_map(Some)]
                .boxed()
        } else {
            Just(None).boxed()
        };
        (select(meanings), cube).prop_map(|(meaning, cube)| Written {
            meaning,
            cube,
            pos: Default::default(),
        })
    }

    /// An expression usable as a chain operand or under ′: a chain is grouped.
    pub fn as_operand(e: Expr, b: Bracket) -> Expr {
        match e {
            Expr::Chain(..) => Expr::Group(b, Box::new(e)),
            e => e,
        }
    }

    /// Random Set-Names whose printed form parses back to the same tree: chains
    /// of 2..=max_chain operands (none of which is itself an ungrouped chain),
    /// groups of the three bracket kinds, complements, `@` annotations.
    pub fn arb_expr(annotate: bool, max_chain: usize, depth: u32) -> BoxedStrategy<Expr> {
        let leaf = arb_written(SETS.to_vec(), annotate).prop_map(Expr::Set);
        leaf.prop_recursive(depth, 24, max_chain as u32, move |inner| {
            let operand = (inner.clone(), select(BRACKETS.to_vec()))
                .prop_map(|(e, b)| as_operand(e, b))
                .boxed();
            let group =
                (select(BRACKETS.to_vec()), inner).prop_map(|(b, e)| Expr::Group(b, Box::new(e)));
            let complement = (
                operand.clone(),
                arb_written(vec![Symbol::Complement], annotate),
            )
                .prop_map(|(e, w)| Expr::Complement(Box::new(e), w));
            let chain = prop::collection::vec(operand, 2..=max_chain)
                .prop_flat_map(move |es| {
                    let n = es.len();
                    (
                        Just(es),
                        prop::collection::vec(arb_written(BINOPS.to_vec(), annotate), n - 1),
                    )
                })
                .prop_map(|(es, ops)| Expr::Chain(es, ops));
            prop_oneof![1 => group, 1 => complement, 2 => chain]
        })
        .boxed()
    }

    pub fn arb_restriction(annotate: bool) -> impl Strategy<Value = Restriction> {
        (
            prop::collection::vec(select(BRACKETS.to_vec()), 0..=2),
            prop::collection::vec(arb_expr(annotate, 3, 2), 2..=3),
        )
            .prop_flat_map(move |(wrap, sides)| {
                let n = sides.len();
                (
                    Just(wrap),
                    Just(sides),
                    prop::collection::vec(
                        arb_written(vec![Symbol::Equals, Symbol::Subset], annotate),
                        n - 1,
                    ),
                )
            })
            .prop_map(|(wrap, sides, relations)| {
                Restriction::new(wrap, sides, relations).expect("n sides, n - 1 relations")
            })
    }

    pub fn arb_part() -> impl Strategy<Value = Part> {
        prop_oneof![
            2 => arb_restriction(true).prop_map(Part::Restriction),
            3 => arb_expr(true, 4, 3).prop_map(Part::SetName),
            1 => arb_card().prop_map(Part::Blank),
        ]
    }

    pub fn arb_presentation() -> impl Strategy<Value = Presentation> {
        prop::collection::vec(
            prop::collection::vec(arb_part(), 1..=4).prop_map(Solution::new),
            1..=3,
        )
        .prop_map(Presentation::new)
    }

    pub fn arb_goal_digit() -> impl Strategy<Value = GoalDigit> {
        (1u8..=5, any::<bool>()).prop_map(|(digit, upside_down)| GoalDigit { digit, upside_down })
    }

    pub fn arb_legal_goal() -> impl Strategy<Value = Goal> {
        use GoalLayout::*;
        let d = arb_goal_digit;
        prop_oneof![
            d().prop_map(Single),
            (d(), d()).prop_map(|(a, b)| Sum2(a, b)),
            (d(), d(), d()).prop_map(|(a, b, c)| Sum3(a, b, c)),
            (d(), d()).prop_map(|(a, b)| Product2(a, b)),
            (d(), d(), d()).prop_map(|(a, b, c)| Product3(a, b, c)),
            (d(), d(), d()).prop_map(|(a, b, c)| L(a, b, c)),
            (d(), d(), d()).prop_map(|(a, b, c)| T(a, b, c)),
        ]
        .prop_map(Goal::new)
    }

    /// The value of a legal layout, from III-B-1's table.
    pub fn layout_value(g: &Goal) -> i64 {
        use GoalLayout::*;
        let v = |d: &GoalDigit| {
            if d.upside_down {
                -i64::from(d.digit)
            } else {
                i64::from(d.digit)
            }
        };
        match &g.layout() {
            Single(a) => v(a),
            Sum2(a, b) => v(a) + v(b),
            Sum3(a, b, c) => v(a) + v(b) + v(c),
            Product2(a, b) => v(a) * v(b),
            Product3(a, b, c) => v(a) * v(b) * v(c),
            L(a, b, c) => v(a) * v(b) + v(c),
            T(a, b, c) => v(a) * (v(b) + v(c)),
            Illegal { .. } => unreachable!("legal layouts only"),
        }
    }

    pub fn arb_variation() -> impl Strategy<Value = Variation> {
        use Variation::*;
        let cube = || select(Symbol::NON_DIGIT.to_vec());
        prop_oneof![
            cube().prop_map(RequiredCube),
            cube().prop_map(WildCube),
            Just(UnionIntersectionInterchangeable),
            Just(UniverseEmptyInterchangeable),
            Just(TwoOperations),
            Just(MultipleOperations),
            Just(ShiftFromPermitted),
            Just(NoNullRestrictions),
            Just(AbsoluteValue),
            arb_expr(false, 3, 2).prop_map(DoubleSet),
            arb_card().prop_map(RequiredCard),
            arb_card().prop_map(ForbiddenCard),
            Just(BlankCardWild),
            Just(SymmetricDifference),
            Just(TwoSolutions),
        ]
    }

    /// Cubes for the four sections within the kit's limits (I-B-2): up to 8
    /// color, 4 operation and 3 Restriction cubes, plus some digits.
    pub fn arb_sections() -> impl Strategy<Value = [Vec<Symbol>; 4]> {
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
            0..=3,
        );
        let digits = prop::collection::vec((1u8..=5).prop_map(Symbol::Digit), 0..=2);
        (colors, ops, restr, digits)
            .prop_map(|(a, b, c, d)| [a, b, c, d].concat())
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

    pub fn arb_position() -> impl Strategy<Value = Position> {
        let goal = prop_oneof![
            4 => arb_legal_goal(),
            1 => (prop::collection::vec(1u8..=5, 1..=4), "\\PC{0,12}").prop_map(|(ds, description)| {
                Goal::new(GoalLayout::Illegal {
                    digits: ds.into_iter().map(GoalDigit::new).collect(),
                    description,
                })
            }),
        ];
        (
            select(Division::ALL.to_vec()),
            any::<bool>(),
            any::<u16>().prop_map(CardSet),
            goal,
            arb_sections(),
            prop::collection::vec(arb_variation(), 0..=4),
            select(Situation::ALL.to_vec()),
        )
            .prop_map(
                |(division, adventurous, universe, goal, sections, vars, situation)| {
                    let [required, permitted, forbidden, mut resources] = sections;
                    let mut forbidden = forbidden;
                    if situation == Situation::Forceout {
                        // VIII: only digits may remain in Resources.
                        forbidden.extend(resources.iter().filter(|s| !s.is_digit()));
                        resources.retain(|s| s.is_digit());
                    }
                    let variations = if adventurous {
                        let automatic = Variation::automatic(division);
                        vars.into_iter()
                            .filter(|v| v.selectable_in(division) || automatic.contains(v))
                            .collect()
                    } else {
                        Vec::new()
                    };
                    Position::new(PositionSetup {
                        edition: Edition::default(),
                        division,
                        adventurous,
                        universe,
                        goal,
                        required: CubeList::new(required),
                        permitted: CubeList::new(permitted),
                        forbidden: CubeList::new(forbidden),
                        resources: CubeList::new(resources),
                        variations,
                        situation,
                    })
                    .expect("a valid position")
                },
            )
    }

    /// A random Universe as an explicit list of distinct cards.
    pub fn arb_universe() -> impl Strategy<Value = Vec<Card>> {
        prop::collection::btree_set(0u8..16, 0..=16).prop_map(|s| {
            s.into_iter()
                .map(|m| Card::from_mask(m).expect("mask < 16"))
                .collect()
        })
    }
}

use gen::{arb_position, arb_presentation};

/// The naive model's readings of a whole Solution: every combination of the
/// Restrictions' kept cards, intersected with every Set-Name reading.
fn naive_readings(u: &Universe, s: &Solution) -> BTreeSet<Cards> {
    let mut kept: BTreeSet<Cards> = BTreeSet::from([u.cards.iter().copied().collect()]);
    for r in s.restrictions() {
        let mut next = BTreeSet::new();
        for k in &kept {
            for a in u.restriction_interpretations(r) {
                next.insert(k.intersection(&a).copied().collect());
            }
        }
        kept = next;
    }
    let mut out = BTreeSet::new();
    if let Some(e) = s.set_names().next() {
        for k in &kept {
            for x in u.interpretations(e) {
                out.insert(k.intersection(&x).copied().collect());
            }
        }
    }
    out
}

const CUBE_CODES: [ViolationKind; 5] = [
    ViolationKind::CubeUnavailable,
    ViolationKind::ForbiddenCube,
    ViolationKind::NowResources,
    ViolationKind::RequiredUnused,
    ViolationKind::RequiredCube,
];

fn agrees(position: &Position, presentation: &Presentation) -> Result<(), TestCaseError> {
    let text = presentation.to_string();
    let verdict = check(position, &text);
    let e = explain(position, &text);
    // 1. The verdict is the checker's own.
    prop_assert_eq!(&e.verdict, &verdict);
    prop_assert_eq!(e.correct, verdict.correct);
    let codes: Vec<ViolationKind> = e.failures.iter().map(|f| f.code).collect();
    let want: Vec<ViolationKind> = verdict.errors.iter().map(|v| v.code).collect();
    prop_assert_eq!(codes, want);
    // Read as the position's edition reads it (docs/editions.md): under MLAG Basic
    // 2019-20 a bare = or ⊆ with no annotation is undefined.
    let parsed = match Presentation::parse_with(&text, position.parse_options()) {
        Ok(p) => p,
        Err(_) => {
            prop_assert!(
                position.parse_options().wild_relations,
                "printed presentations parse"
            );
            prop_assert!(e.solutions.is_empty());
            return Ok(());
        }
    };
    prop_assert_eq!(e.solutions.len(), parsed.solutions().len());
    let sd = InForce::of(position).symmetric_difference;
    for (sx, s) in e.solutions.iter().zip(parsed.solutions()) {
        // 2. Steps against the naive model, over the cards they are worked out on.
        let over = sx.kept.unwrap_or(sx.universe).0;
        let mut u = Universe::new(over.iter().collect());
        u.symmetric_difference = sd;
        for step in &sx.steps {
            let x = Expr::parse(&step.expr).expect("a step is a Set-Name");
            match step.cards {
                Some(c) => prop_assert_eq!(
                    Some(explicit(&u, c.0)),
                    u.value(&x),
                    "step {} over {:?}",
                    &step.expr,
                    &u.cards
                ),
                None if step.interpretations.len() < 64 => {
                    let mine: BTreeSet<Cards> = step
                        .interpretations
                        .iter()
                        .map(|r| explicit(&u, r.cards.0))
                        .collect();
                    prop_assert_eq!(mine, u.interpretations(&x), "step {}", &step.expr);
                }
                None => {}
            }
        }
        // ... and the whole Solution's readings over the Universe as it is.
        let mut whole = Universe::new(sx.universe.0.iter().collect());
        whole.symmetric_difference = sd;
        if !sx.truncated {
            let mine: BTreeSet<Cards> = sx
                .interpretations
                .iter()
                .map(|r| explicit(&whole, r.cards.0))
                .collect();
            prop_assert_eq!(mine, naive_readings(&whole, s), "readings of {}", s);
        }
        if parsed.solutions().len() == 1 && !verdict.values.is_empty() && !sx.truncated {
            let mut vals: Vec<i64> = sx.interpretations.iter().map(|r| r.value).collect();
            vals.sort_unstable();
            vals.dedup();
            prop_assert_eq!(&vals, &verdict.values);
        }
        // 3. Cube accounting: a witness exactly when no cube violation.
        if parsed.solutions().len() == 1 && s.set_names().count() <= 1 {
            let cube_error = verdict.errors.iter().any(|v| CUBE_CODES.contains(&v.code));
            if sx.cubes.possible {
                prop_assert!(!cube_error, "a witness, yet {:?}", verdict.errors);
                prop_assert!(sx.cubes.symbols.iter().all(|u| u.cube.is_some()));
                if !position.adventurous() {
                    // Without variations no cube is wild or interchangeable:
                    // each symbol uses a cube showing it, and within a part
                    // each cube serves one symbol (ruling 3).
                    for part in ["restrictions", "set-name"] {
                        let uses: Vec<_> =
                            sx.cubes.symbols.iter().filter(|u| u.part == part).collect();
                        for u in &uses {
                            let face = u.cube.as_deref().unwrap_or("");
                            prop_assert!(
                                u.symbol == face || u.symbol.ends_with(&format!("@{face}")),
                                "{} used {}",
                                u.symbol,
                                face
                            );
                            let section = u.section.as_deref().unwrap_or("");
                            prop_assert!(section != "Forbidden", "{} from Forbidden", u.symbol);
                            let same = uses
                                .iter()
                                .filter(|v| v.cube == u.cube && v.section == u.section)
                                .count();
                            let list = match section {
                                "Required" => &position.required(),
                                "Permitted" => &position.permitted(),
                                _ => &position.resources(),
                            };
                            let have = list.iter().filter(|s| s.to_string() == face).count();
                            prop_assert!(
                                same <= have,
                                "{} {} cubes from {} used, {} there",
                                same,
                                face,
                                section,
                                have
                            );
                        }
                    }
                }
            } else if !sx.cubes.symbols.is_empty() {
                prop_assert!(
                    cube_error
                        || verdict
                            .errors
                            .iter()
                            .any(|v| v.code == ViolationKind::WildInconsistent),
                    "no witness, yet no cube violation: {:?}",
                    verdict.errors
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// docs/notation.md, "Explanations": `--explain` agrees with `check` and the naive model on
    /// random positions and Solutions.
    #[test]
    fn explain_agrees_with_check_and_naive_model(
        position in arb_position(),
        presentation in arb_presentation(),
    ) {
        agrees(&position, &presentation)?;
    }

    /// docs/editions.md: the same under every rule edition (a 1969 position has no
    /// variations, only the situations now and impossible, and in Basic no
    /// blue-symbol cube).
    #[test]
    fn explain_agrees_under_every_edition(
        position in arb_position(),
        presentation in arb_presentation(),
        edition in select(Edition::ALL.to_vec()),
    ) {
        let p = position.edit(|p| {
            p.edition = edition;
            if let Edition::Manual1969(form) = edition {
                p.variations.clear();
                p.adventurous = false;
                if !matches!(p.situation, Situation::Now | Situation::Impossible) {
                    p.situation = Situation::Impossible;
                }
                if form == onsets_core::Form1969::Basic {
                    for l in [&mut p.required, &mut p.permitted, &mut p.forbidden, &mut p.resources] {
                        l.retain(|c| c.family() != onsets_core::CubeFamily::Restriction);
                    }
                }
            }
        }).expect("a valid position");
        agrees(&p, &presentation)?;
    }

    /// The same on Solutions built only from the position's own cubes, so
    /// that most have a cube assignment and many are correct.
    #[test]
    fn explain_agrees_on_small_middle_positions(
        universe in any::<u16>().prop_map(CardSet),
        expr in gen::arb_expr(false, 4, 2),
        goal in 0u8..=9,
    ) {
        let syms = expr.symbols();
        let mut permitted: Vec<Symbol> = syms.iter().map(|w| w.meaning).collect();
        let required = if permitted.is_empty() { Vec::new() } else { vec![permitted.remove(0)] };
        // Every position keeps to the kit (I-B-2): an expression with more
        // symbols of a family than the kit has is no case.
        let position = Position::new(PositionSetup {
            edition: Edition::default(),
            division: Division::Middle,
            adventurous: false,
            universe,
            goal: Goal::new(GoalLayout::Single(GoalDigit::new(goal.clamp(1, 5)))),
            required: CubeList::new(required),
            permitted: CubeList::new(permitted),
            forbidden: CubeList::new(Vec::new()),
            resources: CubeList::new(Vec::new()),
            variations: Vec::new(),
            situation: Situation::Impossible,
        });
        prop_assume!(position.is_ok());
        let position = position.expect("a valid position");
        let presentation = Presentation::new(vec![Solution::new(vec![Part::SetName(expr)])]);
        agrees(&position, &presentation)?;
        let e = explain(&position, &presentation.to_string());
        prop_assert!(e.solutions[0].cubes.possible, "every symbol has its own cube: {}", e);
    }
}
