//! Property tests of the notation, the evaluator and the checker.
//!
//! 1. print/parse round trips (Solutions, Goals, Variations, Universes, cube
//!    lists, positions);
//! 2. ASCII and Unicode spellings parse to the same structure;
//! 3. a fully parenthesized Set-Name has exactly one interpretation;
//! 4. the bitset evaluator agrees with a naive card-by-card model (`naive/`)
//!    for every interpretation of every chain;
//! 5. the same for Restrictions (VI-B-2);
//! 6. the parsers, `Position::from_json` and `check` never panic, and their
//!    errors point at a column;
//! 7. the checker agrees with the naive value on small Basic positions.

mod naive;

use naive::{explicit, Cards, Universe};
use onsets_core::eval::{
    eval_unambiguous, interpretations, restriction_interpretations, Semantics,
};
use onsets_core::{
    check, Bracket, Card, CardSet, Color, CubeFamily, CubeList, Division, Edition, Expr, Goal,
    GoalDigit, GoalLayout, Part, Position, PositionSetup, Presentation, Restriction, Situation,
    Solution, Symbol, Variation, ViolationKind, Written,
};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::BTreeSet;

// ------------------------------------------------------------ generators

const SETS: [Symbol; 6] = [
    Symbol::Color(Color::Blue),
    Symbol::Color(Color::Red),
    Symbol::Color(Color::Green),
    Symbol::Color(Color::Yellow),
    Symbol::Universe,
    Symbol::Empty,
];
const BINOPS: [Symbol; 3] = [Symbol::Union, Symbol::Intersection, Symbol::Minus];
const BRACKETS: [Bracket; 3] = [Bracket::Paren, Bracket::Square, Bracket::Brace];

fn all_symbols() -> Vec<Symbol> {
    let mut v = Symbol::NON_DIGIT.to_vec();
    v.extend((1..=5).map(Symbol::Digit));
    v
}

fn arb_card() -> impl Strategy<Value = Card> {
    (0u8..16).prop_map(|m| Card::from_mask(m).expect("mask < 16"))
}

fn arb_written(meanings: Vec<Symbol>, annotate: bool) -> impl Strategy<Value = Written> + Clone {
    let cube = if annotate {
        prop_oneof![3 => Just(None), 1 => select(Symbol::NON_DIGIT.to_vec()).prop_map(Some)].boxed()
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
fn as_operand(e: Expr, b: Bracket) -> Expr {
    match e {
        Expr::Chain(..) => Expr::Group(b, Box::new(e)),
        e => e,
    }
}

/// Random Set-Names whose printed form parses back to the same tree: chains
/// of 2..=max_chain operands (none of which is itself an ungrouped chain),
/// groups of the three bracket kinds, complements, `@` annotations.
fn arb_expr(annotate: bool, max_chain: usize, depth: u32) -> BoxedStrategy<Expr> {
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

fn arb_restriction(annotate: bool) -> impl Strategy<Value = Restriction> {
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

fn arb_part() -> impl Strategy<Value = Part> {
    prop_oneof![
        2 => arb_restriction(true).prop_map(Part::Restriction),
        3 => arb_expr(true, 4, 3).prop_map(Part::SetName),
        1 => arb_card().prop_map(Part::Blank),
    ]
}

fn arb_presentation() -> impl Strategy<Value = Presentation> {
    prop::collection::vec(
        prop::collection::vec(arb_part(), 1..=4).prop_map(Solution::new),
        1..=3,
    )
    .prop_map(Presentation::new)
}

fn arb_goal_digit() -> impl Strategy<Value = GoalDigit> {
    (1u8..=5, any::<bool>()).prop_map(|(digit, upside_down)| GoalDigit { digit, upside_down })
}

fn arb_legal_goal() -> impl Strategy<Value = Goal> {
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
fn layout_value(g: &Goal) -> i64 {
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

fn arb_variation() -> impl Strategy<Value = Variation> {
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
fn arb_sections() -> impl Strategy<Value = [Vec<Symbol>; 4]> {
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

fn arb_position() -> impl Strategy<Value = Position> {
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
fn arb_universe() -> impl Strategy<Value = Vec<Card>> {
    prop::collection::btree_set(0u8..16, 0..=16).prop_map(|s| {
        s.into_iter()
            .map(|m| Card::from_mask(m).expect("mask < 16"))
            .collect()
    })
}

// ------------------------------------------------------------ helpers

/// Rewrites canonical Unicode notation into ASCII (or other accepted)
/// aliases, choosing an alias per occurrence with `pick`.
fn respell(text: &str, picks: &[u8]) -> String {
    let mut out = String::new();
    let mut k = 0usize;
    let mut pick = |options: &[&str]| {
        let p = picks.get(k % picks.len().max(1)).copied().unwrap_or(0) as usize;
        k += 1;
        options[p % options.len()].to_string()
    };
    for ch in text.chars() {
        let s = match ch {
            '∪' => pick(&["U", "u"]),
            '∩' => pick(&["n"]),
            '−' => pick(&["-", "–"]),
            '′' => pick(&["'", "’"]),
            'Λ' => pick(&["^", "∧", "∅", "Ø", "Δ", "/\\"]),
            'V' => pick(&["V", "∨"]),
            '⊆' => pick(&["<", "⊂"]),
            'B' | 'R' | 'G' | 'Y' => {
                let lower = ch.to_ascii_lowercase().to_string();
                pick(&[&ch.to_string(), &lower])
            }
            c => c.to_string(),
        };
        out.push_str(&s);
    }
    out
}

/// Every Set-Name in a Presentation.
fn table_set(u: &Universe, tables: &[CardSet]) -> BTreeSet<Cards> {
    tables.iter().map(|t| explicit(u, *t)).collect()
}

/// Number of set symbols (colors, V, Λ) in a Set-Name.
fn operands(e: &Expr) -> usize {
    e.symbols().iter().filter(|w| w.meaning.is_set()).count()
}

/// Whether a parse error's position lies inside the text (1-based column, at
/// most one past the end of its line).
fn column_in_text(text: &str, line: Option<usize>, column: usize) -> bool {
    let l = line.unwrap_or(1);
    let Some(line_text) = text.split('\n').nth(l - 1) else {
        return false;
    };
    column >= 1 && column <= line_text.chars().count() + 1
}

/// Random text made of notation symbols and other characters.
fn notation_soup() -> impl Strategy<Value = String> {
    let tokens = vec![
        "B", "R", "G", "Y", "b", "y", "V", "∨", "Λ", "^", "∅", "/\\", "/", "\\", "∪", "U", "u",
        "∩", "n", "−", "-", "–", "′", "'", "’", "=", "⊆", "<", "⊂", "(", ")", "[", "]", "{", "}",
        "@", "||", "|", ";", ",", "\n", " ", "  ", "blank", "Blank", "blan", ":", "~", "1", "5",
        "0", "9", "+", "*", "x", "×", "é", "😀", "\t", "\r", "\u{2028}", "\"", "{\"", "}", "x",
    ];
    prop::collection::vec(select(tokens), 0..30).prop_map(|v| v.concat())
}

/// Valid notation with a few random edits (deletions, insertions, swaps).
fn mutated_presentation() -> impl Strategy<Value = String> {
    (
        arb_presentation(),
        prop::collection::vec(
            (
                0u8..3,
                any::<prop::sample::Index>(),
                select("BRGYV()[]{}@|;∪∩−′=⊆^' \n:".chars().collect::<Vec<_>>()),
            ),
            1..4,
        ),
    )
        .prop_map(|(p, edits)| {
            let mut chars: Vec<char> = p.to_string().chars().collect();
            for (kind, at, c) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 if i < chars.len() => {
                        chars.remove(i);
                    }
                    1 => chars.insert(i, c),
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        })
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => notation_soup(),
        1 => "\\PC{0,40}",
        1 => ".{0,20}",
        2 => mutated_presentation(),
    ]
}

fn fixed_positions() -> Vec<Position> {
    [
        r#"{"division":"middle","adventurous":false,"universe":"B R G BR BG RG",
            "goal":"2","required":"B","permitted":"∩ R","situation":"impossible"}"#,
        r#"{"division":"senior","adventurous":true,
            "universe":"B BR RGY blank BRGY G Y BG RG BRY","goal":"3*(2+1)",
            "required":"B ∪ =","permitted":"R ′","forbidden":"G 4","resources":"Y ∩ −",
            "variations":["wild-cube Y","double-set R′"],"situation":"now"}"#,
        r#"{"division":"senior","adventurous":true,
            "universe":"blank B R G Y BR BG RY GY BRG","goal":"~2+3",
            "required":"⊆","permitted":"B R G ∪ −","resources":"V Λ ′",
            "variations":["blank-card-wild","two-solutions","symmetric-difference",
                          "required-card BR","absolute-value","no-null-restrictions"],
            "situation":"end-of-round"}"#,
    ]
    .iter()
    .map(|j| Position::from_json(j).expect("fixed position"))
    .collect()
}

// ------------------------------------------------------------ 1, 2: notation

proptest! {
    #![proptest_config(Config::with_cases(512))]

    /// 1. Presentations print and parse back to the same tree.
    #[test]
    fn presentation_round_trip(p in arb_presentation()) {
        let text = p.to_string();
        let back = Presentation::parse(&text);
        prop_assert_eq!(back.as_ref().ok(), Some(&p), "text: {} ({:?})", text, back);
        // Printing is canonical: printing the reparse gives the same text.
        prop_assert_eq!(back.unwrap().to_string(), text);
    }

    /// 1. Parts are separated by `;`, `,` or newlines interchangeably, and
    ///    `||` may stand on a line of its own.
    #[test]
    fn presentation_separators_are_interchangeable(
        p in arb_presentation(),
        seps in prop::collection::vec(select(vec!["; ", ";", ",", "\n", " ,\n", "\n\n"]), 1..8),
        bars in select(vec![" || ", "\n||\n", "||", "\n || \n"]),
    ) {
        let mut k = 0;
        let text = p
            .solutions()
            .iter()
            .map(|s| {
                s.parts()
                    .iter()
                    .map(|part| part.to_string())
                    .collect::<Vec<_>>()
                    .join({
                        k += 1;
                        seps[k % seps.len()]
                    })
            })
            .collect::<Vec<_>>()
            .join(bars);
        let back = Presentation::parse(&text);
        prop_assert_eq!(back.as_ref().ok(), Some(&p), "text: {:?} ({:?})", text, back);
    }

    /// 2. ASCII and other accepted spellings parse to the same structure as
    ///    the canonical Unicode text.
    #[test]
    fn ascii_and_unicode_spellings_agree(
        p in arb_presentation(),
        picks in prop::collection::vec(any::<u8>(), 1..16),
    ) {
        let unicode = p.to_string();
        let ascii = respell(&unicode, &picks);
        let back = Presentation::parse(&ascii);
        prop_assert_eq!(back.as_ref().ok(), Some(&p), "ascii: {} ({:?})", ascii, back);
    }

    /// 1. Goals: every legal layout, upside-down digits; the value follows
    ///    III-B-1's table.
    #[test]
    fn goal_round_trip(g in arb_legal_goal(), spaced in any::<bool>(), times in select(vec!["*", "x", "×", "X"])) {
        let text = g.to_string();
        prop_assert_eq!(Goal::parse(&text), Ok(g.clone()), "text: {}", text);
        let v = layout_value(&g);
        prop_assert_eq!(g.value(), Some(v));
        let expected: Vec<i64> = if v >= 0 { vec![v] } else { vec![] };
        prop_assert_eq!(g.legal_values(false), expected);
        // Accepted variants: other product signs and spaces anywhere.
        let mut alt = text.replace('*', times);
        if spaced {
            alt = alt.chars().flat_map(|c| [c, ' ']).collect();
        }
        prop_assert_eq!(Goal::parse(&alt), Ok(g), "text: {}", alt);
    }

    /// 1. All fifteen variations with their parameters.
    #[test]
    fn variation_round_trip(v in arb_variation(), lead in "[ ]{0,2}") {
        let text = v.to_string();
        prop_assert_eq!(Variation::parse(&text), Ok(v.clone()), "text: {}", text);
        let spaced = format!("{lead}{text}");
        prop_assert_eq!(Variation::parse(&spaced), Ok(v), "text: {}", spaced);
    }

    /// 1. Universes: canonical text, and any order, separators, case and
    ///    spelling of the blank card.
    #[test]
    fn cardset_round_trip(
        bits in any::<u16>(),
        order in any::<u64>(),
        seps in prop::collection::vec(select(vec![" ", ",", ", ", "  ", "\t", " , "]), 1..5),
        lower in any::<bool>(),
        blank in select(vec!["blank", "-", "BLANK", "Blank"]),
    ) {
        let set = CardSet(bits);
        prop_assert_eq!(CardSet::parse(&set.to_string()), Ok(set));
        let mut words: Vec<String> = set
            .iter()
            .map(|c| {
                if c.is_blank() {
                    blank.to_string()
                } else {
                    // Colors in a rotated order, optionally lowercase.
                    let mut s: Vec<char> = c.to_string().chars().collect();
                    let n = s.len();
                    s.rotate_left((order as usize) % n);
                    let s: String = s.into_iter().collect();
                    if lower { s.to_lowercase() } else { s }
                }
            })
            .collect();
        let n = words.len().max(1);
        words.rotate_left((order >> 8) as usize % n);
        let mut text = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                text.push_str(seps[i % seps.len()]);
            }
            text.push_str(w);
        }
        prop_assert_eq!(CardSet::parse(&text), Ok(set), "text: {:?}", text);
    }

    /// 1, 2. Cube lists, canonical and respelled.
    #[test]
    fn cubelist_round_trip(
        cubes in prop::collection::vec(select(all_symbols()), 0..12),
        picks in prop::collection::vec(any::<u8>(), 1..8),
    ) {
        let list = CubeList::new(cubes);
        let text = list.to_string();
        prop_assert_eq!(CubeList::parse(&text), Ok(list.clone()));
        let alt = respell(&text, &picks);
        prop_assert_eq!(CubeList::parse(&alt), Ok(list), "text: {}", alt);
    }

    /// 1. Positions survive `to_json` / `from_json`.
    #[test]
    fn position_json_round_trip(p in arb_position()) {
        let json = p.to_json();
        let back = Position::from_json(&json);
        prop_assert_eq!(back.as_ref().ok(), Some(&p), "json: {} ({:?})", json, back);
    }
}

// ------------------------------------------------------------ 3, 4, 5: evaluation

proptest! {
    #![proptest_config(Config::with_cases(512))]

    /// 3. A fully parenthesized Set-Name has exactly one interpretation and
    ///    `eval_unambiguous` gives it; adding a third operand to some chain
    ///    makes the library call it ambiguous.
    #[test]
    fn fully_parenthesized_has_one_interpretation(
        e in arb_expr(false, 2, 4),
        symdiff in any::<bool>(),
        mask in any::<u16>(),
    ) {
        let sem = Semantics { symmetric_difference: symdiff };
        prop_assert!(!e.is_ambiguous());
        let all = interpretations(&e, sem, CardSet::ALL);
        prop_assert_eq!(all.len(), 1, "{}", e);
        prop_assert_eq!(eval_unambiguous(&e, sem), Some(all[0].0));
        let some = interpretations(&e, sem, CardSet(mask));
        prop_assert_eq!(some.len(), 1);
        prop_assert_eq!(some[0].0, all[0].0.intersection(CardSet(mask)));
        // The witness is the expression itself, up to grouping symbols.
        prop_assert!(!all[0].1.is_ambiguous());
    }

    /// 4. Every interpretation the library finds, and only those, is one the
    ///    naive card-by-card model finds, on random Universes, with − as
    ///    set difference and as symmetric difference.
    #[test]
    fn evaluator_agrees_with_naive_model(
        e in arb_expr(true, 4, 3),
        cards in arb_universe(),
        symdiff in any::<bool>(),
    ) {
        let mut u = Universe::new(cards);
        u.symmetric_difference = symdiff;
        let sem = Semantics { symmetric_difference: symdiff };
        let naive = u.interpretations(&e);
        let lib = interpretations(&e, sem, u.mask());
        let tables: Vec<CardSet> = lib.iter().map(|x| x.0).collect();
        prop_assert_eq!(table_set(&u, &tables), naive, "{} over {:?}", e, u.cards);
        // Deduplicated, restricted to the Universe.
        let distinct: BTreeSet<u16> = tables.iter().map(|t| t.bits()).collect();
        prop_assert_eq!(distinct.len(), tables.len());
        for t in &tables {
            prop_assert!(t.is_subset(u.mask()));
        }
        // Each witness is fully grouped, spells the same symbols, and names
        // its table (naively).
        for (t, w) in &lib {
            prop_assert!(!w.is_ambiguous(), "witness {}", w);
            prop_assert_eq!(w.symbols(), e.symbols());
            prop_assert_eq!(u.value(w), Some(explicit(&u, *t)), "witness {}", w);
        }
        // The whole-table evaluation agrees with the Universe-restricted one.
        if !e.is_ambiguous() {
            let t = eval_unambiguous(&e, sem).expect("unambiguous");
            prop_assert_eq!(u.value(&e), Some(explicit(&u, t)));
        } else {
            prop_assert_eq!(eval_unambiguous(&e, sem), None);
        }
    }

    /// 4. Long flat chains: the number of distinct interpretations never
    ///    exceeds the Catalan number and matches the naive enumeration.
    #[test]
    fn long_chains_agree_with_naive_bracketings(
        leaves in prop::collection::vec(select(SETS.to_vec()), 2..=6),
        ops in prop::collection::vec(select(BINOPS.to_vec()), 5),
        cards in arb_universe(),
        symdiff in any::<bool>(),
    ) {
        let n = leaves.len();
        let e = Expr::Chain(
            leaves.into_iter().map(|s| Expr::Set(Written::new(s))).collect(),
            ops[..n - 1].iter().map(|s| Written::new(*s)).collect(),
        );
        let mut u = Universe::new(cards);
        u.symmetric_difference = symdiff;
        let sem = Semantics { symmetric_difference: symdiff };
        let lib = interpretations(&e, sem, u.mask());
        let tables: Vec<CardSet> = lib.iter().map(|x| x.0).collect();
        let catalan = [1, 1, 2, 5, 14, 42][n - 1];
        prop_assert!(tables.len() <= catalan);
        prop_assert_eq!(table_set(&u, &tables), u.interpretations(&e), "{}", e);
    }

    /// 5. Restrictions (⊆ and = chains) agree with the naive reading of
    ///    VI-B-2.
    #[test]
    fn restrictions_agree_with_naive_model(
        r in arb_restriction(true),
        cards in arb_universe(),
        symdiff in any::<bool>(),
    ) {
        let mut u = Universe::new(cards);
        u.symmetric_difference = symdiff;
        let sem = Semantics { symmetric_difference: symdiff };
        let lib = restriction_interpretations(&r, sem, u.mask());
        let tables: Vec<CardSet> = lib.iter().map(|x| x.0).collect();
        prop_assert_eq!(
            table_set(&u, &tables),
            u.restriction_interpretations(&r),
            "{} over {:?}", r, u.cards
        );
        let distinct: BTreeSet<u16> = tables.iter().map(|t| t.bits()).collect();
        prop_assert_eq!(distinct.len(), tables.len());
        for (t, w) in &lib {
            prop_assert!(t.is_subset(u.mask()));
            prop_assert!(w.sides().iter().all(|s| !s.is_ambiguous()), "witness {}", w);
            prop_assert_eq!(
                u.restriction_interpretations(w),
                BTreeSet::from([explicit(&u, *t)]),
                "witness {}", w
            );
        }
    }
}

// ------------------------------------------------------------ 6: no panics

fn assert_presentation_error_has_column(text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = Presentation::parse(text) {
        let blank = text
            .chars()
            .all(|c| c.is_whitespace() || c == ';' || c == ',');
        match e.column {
            Some(c) => prop_assert!(
                column_in_text(text, e.line, c),
                "column {} line {:?} outside {:?}: {}",
                c,
                e.line,
                text,
                e
            ),
            None => prop_assert!(blank, "error without a column for {:?}: {}", text, e),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config::with_cases(1000))]

    /// 6. No parser panics on any text; every error of a non-empty text
    ///    points at a column inside it.
    #[test]
    fn parsers_never_panic(text in any_text()) {
        assert_presentation_error_has_column(&text)?;
        if let Err(e) = Goal::parse(&text) {
            match e.column {
                Some(c) => prop_assert!(c >= 1 && c <= text.chars().count() + 1, "{:?}: {}", text, e),
                None => prop_assert!(text.trim().is_empty(), "{:?}: {}", text, e),
            }
        }
        if let Err(e) = CardSet::parse(&text) {
            let c = e.column.expect("card list errors have a column");
            prop_assert!(c >= 1 && c <= text.chars().count(), "{:?}: {}", text, e);
        }
        if let Err(e) = CubeList::parse(&text) {
            let c = e.column.expect("cube list errors have a column");
            prop_assert!(c >= 1 && c <= text.chars().count(), "{:?}: {}", text, e);
        }
        let _ = Variation::parse(&text);
        let _ = Expr::parse(&text);
        let _ = Solution::parse(&text);
        let _ = Position::from_json(&text);
    }

    /// 6. Variation parameters: errors carry a column.
    #[test]
    fn variation_errors_have_a_column(
        word in select(vec![
            "required-cube", "wild-cube", "double-set", "required-card", "forbidden-card",
            "two-operations", "absolute-value", "wild", "",
        ]),
        param in any_text(),
    ) {
        let text = format!("{word} {param}");
        if let Err(e) = Variation::parse(&text) {
            // Known bug (see `variation_double_set_separator_only_has_no_column`):
            // `double-set` with a parameter of separators only.
            let separators_only = word == "double-set"
                && param.trim().chars().all(|c| c.is_whitespace() || c == ';' || c == ',');
            prop_assert!(e.column.is_some() || separators_only, "{:?}: {}", text, e);
            // Known bug (see `variation_double_set_second_line_column`): errors
            // on a later line of a multi-line Double Set parameter.
            if let (Some(c), None) = (e.column, e.line) {
                // Variation columns count characters of the whole entry.
                prop_assert!(c >= 1 && c <= text.chars().count() + 1, "{:?}: {}", text, e);
            }
        }
    }

    /// 6. `Position::from_json` on JSON objects with arbitrary field values.
    #[test]
    fn position_from_json_never_panics(
        fields in prop::collection::vec(
            (select(vec!["division", "adventurous", "universe", "goal", "required", "permitted",
                         "forbidden", "resources", "variations", "situation", "edition", "other"]),
             prop_oneof![
                any_text().prop_map(serde_json::Value::from),
                any::<bool>().prop_map(serde_json::Value::from),
                any::<i64>().prop_map(serde_json::Value::from),
                prop::collection::vec(any_text(), 0..3).prop_map(serde_json::Value::from),
                (any_text(), any_text()).prop_map(|(a, b)| serde_json::json!({"illegal_layout": a, "description": b})),
                select(vec!["middle", "senior", "junior", "elementary", "now", "impossible",
                            "forceout", "end-of-round", "2026-27", "B R G", "3+2", "B ∪ ′"])
                    .prop_map(serde_json::Value::from),
             ]),
            0..12,
        ),
    ) {
        let obj: serde_json::Map<String, serde_json::Value> =
            fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let text = serde_json::Value::Object(obj).to_string();
        if let Ok(p) = Position::from_json(&text) {
            // Whatever reads, re-reads the same.
            prop_assert_eq!(Position::from_json(&p.to_json()), Ok(p));
        }
    }

    /// 6. `check` never panics on any text; a text that does not parse is
    ///    incorrect with the `undefined` error; a correct verdict has no
    ///    errors.
    #[test]
    fn check_never_panics_on_text(text in any_text(), which in 0usize..3) {
        let position = &fixed_positions()[which];
        let v = check(position, &text);
        prop_assert_eq!(v.correct, v.errors.is_empty());
        if Presentation::parse(&text).is_err() {
            prop_assert!(!v.correct);
            prop_assert!(v.errors.iter().any(|e| e.code == onsets_core::ViolationKind::Undefined));
        }
    }
}

proptest! {
    #![proptest_config(Config::with_cases(256))]

    /// 6. `check` never panics on random well-formed Solutions against random
    ///    positions (every division, variation and situation).
    #[test]
    fn check_never_panics_on_random_positions(p in arb_position(), s in arb_presentation()) {
        let text = s.to_string();
        let v = check(&p, &text);
        prop_assert_eq!(v.correct, v.errors.is_empty(), "{}", v);
        if !p.goal().is_legal_layout() {
            prop_assert!(!v.correct);
        }
        if v.correct {
            prop_assert!(v.values.iter().all(|x| v.goal_values.contains(x)), "{}", v);
        }
    }
}

// ------------------------------------------------------------ 7: checker vs naive

/// A Basic, Middle, Impossible position with a Set-Name, the cubes it needs
/// (sometimes), random extra cubes, and a Goal that is (sometimes) its value.
#[derive(Clone, Debug)]
struct BasicCase {
    position: Position,
    set_name: Expr,
}

fn arb_basic_case() -> impl Strategy<Value = BasicCase> {
    (
        arb_expr(false, 2, 3),
        arb_universe(),
        any::<bool>(),
        any::<bool>(),
        arb_legal_goal(),
        prop::collection::vec(select(Symbol::NON_DIGIT.to_vec()), 0..6),
        prop::collection::vec(0usize..4, 16),
        prop::collection::vec(0usize..4, 8),
    )
        .prop_map(
            |(set_name, cards, provide, goal_is_value, goal, extras, place, extra_place)| {
                let u = Universe::new(cards);
                let universe = u.mask();
                let value = u.value(&set_name).map(|s| s.len()).unwrap_or(0) as i64;
                let goal = if goal_is_value && (1..=5).contains(&value) {
                    Goal::new(GoalLayout::Single(GoalDigit::new(value as u8)))
                } else if goal_is_value && value == 0 {
                    // A Goal of 0: 1 + upside-down 1.
                    Goal::new(GoalLayout::Sum2(GoalDigit::new(1), GoalDigit::flipped(1)))
                } else {
                    goal
                };
                // Sections: 0 Required, 1 Permitted, 2 Forbidden, 3 Resources.
                let mut sections: [Vec<Symbol>; 4] = Default::default();
                let mut counts = [0usize; 4];
                let mut add = |s: Symbol, at: usize, sections: &mut [Vec<Symbol>; 4]| {
                    let fam = match s.family() {
                        CubeFamily::Color => 0,
                        CubeFamily::Operation => 1,
                        CubeFamily::Restriction => 2,
                        CubeFamily::Digit => 3,
                    };
                    let limit = [8, 4, 3, usize::MAX][fam];
                    if counts[fam] < limit {
                        counts[fam] += 1;
                        sections[at].push(s);
                    }
                };
                if provide {
                    for (i, w) in set_name.symbols().iter().enumerate() {
                        // Needed cubes go to Required, Permitted or Resources.
                        let at = [0, 1, 1, 3][place[i % place.len()]];
                        add(w.meaning, at, &mut sections);
                    }
                }
                for (i, s) in extras.into_iter().enumerate() {
                    add(s, extra_place[i % extra_place.len()], &mut sections);
                }
                let [required, permitted, forbidden, resources] = sections;
                BasicCase {
                    position: Position::new(PositionSetup {
                        edition: Edition::default(),
                        division: Division::Middle,
                        adventurous: false,
                        universe,
                        goal,
                        required: CubeList::new(required),
                        permitted: CubeList::new(permitted),
                        forbidden: CubeList::new(forbidden),
                        resources: CubeList::new(resources),
                        variations: Vec::new(),
                        situation: Situation::Impossible,
                    })
                    .expect("a valid position"),
                    set_name,
                }
            },
        )
}

/// What property 7 observed, for the non-vacuity test.
#[derive(Default, Debug)]
struct Seen {
    correct: usize,
    wrong_value: usize,
}

fn checker_agrees_with_naive(case: &BasicCase, seen: &mut Seen) -> Result<(), TestCaseError> {
    let p = &case.position;
    // The position is a valid one (it reads back from its JSON).
    let back = Position::from_json(&p.to_json());
    prop_assert_eq!(back.as_ref(), Ok(p));
    let u = Universe::new(p.universe().iter().collect());
    let value = u
        .value(&case.set_name)
        .expect("fully parenthesized Set-Names have one value")
        .len() as i64;
    let text = case.set_name.to_string();
    let v = check(p, &text);
    let goal_values = p.goal().legal_values(false);
    let has = |kind: ViolationKind| v.errors.iter().any(|e| e.code == kind);
    let msg = format!("{text} over {} goal {}: {v}", p.universe(), p.goal());
    prop_assert_eq!(v.correct, v.errors.is_empty(), "{}", msg);
    prop_assert_eq!(&v.goal_values, &goal_values, "{}", msg);
    if !v.values.is_empty() {
        prop_assert_eq!(&v.values, &vec![value], "{}", msg);
    }
    if v.correct {
        seen.correct += 1;
        prop_assert!(goal_values.contains(&value), "{}", msg);
        prop_assert_eq!(&v.values, &vec![value], "{}", msg);
    }
    if goal_values.is_empty() {
        prop_assert!(!v.correct && has(ViolationKind::GoalNegative), "{}", msg);
    } else if !goal_values.contains(&value) {
        prop_assert!(!v.correct, "{}", msg);
        // The checker stops early (without a value) when the Set-Name names
        // more sets than the position has cubes; the cube error says why.
        let pool = [
            &p.required(),
            &p.permitted(),
            &p.forbidden(),
            &p.resources(),
        ]
        .iter()
        .flat_map(|l| l.iter())
        .filter(|s| !s.is_digit() && !s.is_relation())
        .count();
        if operands(&case.set_name) <= pool.max(2) {
            seen.wrong_value += 1;
            prop_assert!(has(ViolationKind::WrongValue), "{}", msg);
        } else {
            prop_assert!(
                has(ViolationKind::CubeUnavailable) || !v.errors.is_empty(),
                "{}",
                msg
            );
        }
    } else {
        prop_assert!(!has(ViolationKind::WrongValue), "{}", msg);
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config::with_cases(1000))]

    /// 7. On small Basic positions, a correct verdict means the naive value
    ///    is the Goal, and a naive value that is not the Goal is reported as
    ///    `wrong-value`.
    #[test]
    fn checker_agrees_with_naive_value(case in arb_basic_case()) {
        checker_agrees_with_naive(&case, &mut Seen::default())?;
    }
}

/// Property 7 is not vacuous: with a fixed seed, the generator produces both
/// correct Solutions and `wrong-value` ones.
#[test]
fn checker_property_sees_both_outcomes() {
    let mut runner = TestRunner::new_with_rng(
        Config::with_cases(300),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let strategy = arb_basic_case();
    let mut seen = Seen::default();
    for _ in 0..300 {
        let case = strategy.new_tree(&mut runner).expect("generates").current();
        checker_agrees_with_naive(&case, &mut seen).expect("property 7 holds");
    }
    assert!(seen.correct >= 10, "{seen:?}");
    assert!(seen.wrong_value >= 10, "{seen:?}");
}

// ------------------------------------------------------------ regressions

/// Found by `variation_errors_have_a_column`: a Double Set parameter made of
/// part separators only is rejected without a column.
#[test]

fn variation_double_set_separator_only_has_no_column() {
    let e = Variation::parse("double-set ;").unwrap_err();
    assert_eq!(e.column, Some(12), "{e}");
}

/// Found while probing `variation_errors_have_a_column`: an error on the
/// second line of a multi-line Double Set parameter keeps its line but has
/// its column shifted by the parameter's offset on the first line, so it
/// points past the end of line 2.
#[test]

fn variation_double_set_second_line_column() {
    let text = "double-set B\nR ∪";
    let e = Variation::parse(text).unwrap_err();
    let column = e.column.expect("a column");
    assert!(column_in_text(text, e.line, column), "{e:?}");
}

/// Found while writing `position_json_round_trip`: an illegal Goal layout
/// with an upside-down digit loses the flip in `to_json` (the
/// `illegal_layout` JSON form has no way to write it), so the position does
/// not read back equal. The generator only makes right-side-up illegal
/// layouts because of this.
#[test]

fn position_illegal_goal_with_flipped_digit_round_trip() {
    let p = fixed_positions()[0]
        .with_goal(Goal::new(GoalLayout::Illegal {
            digits: vec![GoalDigit::flipped(3), GoalDigit::new(2)],
            description: "backwards L".into(),
        }))
        .expect("a valid position");
    assert_eq!(Position::from_json(&p.to_json()), Ok(p));
}
