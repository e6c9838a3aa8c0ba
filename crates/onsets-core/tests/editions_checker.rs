//! The checker under the rule editions other than 2026-27 (docs/editions.md,
//! `../shared/spec/editions.md`): MLAG Basic 2019-20 (B19), MLAG Adventurous
//! 2019-20 (A19) and the 1969 manual (M69). Known answers are each text's own
//! examples where their Universe survives, otherwise positions built so that
//! the text's stated answer is the only question.

use onsets_core::{check, Position, ViolationKind};

fn pos(json: &str) -> Position {
    Position::from_json(json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

fn kinds(p: &Position, s: &str) -> Vec<ViolationKind> {
    check(p, s).errors.iter().map(|e| e.code).collect()
}

fn correct(p: &Position, s: &str) -> bool {
    let v = check(p, s);
    if !v.correct {
        eprintln!("{s}: {:?}", v.errors);
    }
    v.correct
}

// ------------------------------------------------------------------ B19

/// A B19 position: = in Required, B R ∪ ⊆ around; cards B R G BR RG BG.
const B19: &str = r#"{"edition": "2019-20", "adventurous": false, "division": "senior",
    "universe": "B R G BR RG BG", "goal": "4", "required": "=", "permitted": "∪ B ⊆",
    "forbidden": "R", "resources": "G ∩", "situation": "impossible"}"#;

#[test]
fn b19_i_b_2_d_iii_equals_is_a_wild_set() {
    let p = pos(B19);
    // B ∪ R = {B, R, BR, RG, BG}: 5; B ∪ G = {B, G, BR, RG, BG}: 5; R ∪ G
    // with R written on the = cube: {R, G, BR, RG, BG}: 5. B − R... the
    // Goal is 4: G ∪ R@= minus nothing is 5, (B ∪ R@=) ∩ ... use ∩ G: BG RG: 2.
    // BR, RG, BG, R: R@= ∪ (B ∩ G) = R ∪ {BG} = {R, BR, RG, BG}: 4.
    assert!(correct(&p, "R@= ∪ (B ∩ G)"));
    // The real R cube is in Forbidden: without the wild cube R is unavailable.
    assert!(!correct(&p, "R ∪ (B ∩ G)"));
}

#[test]
fn b19_q6_one_annotation_fixes_every_bare_wild_cube() {
    let p = pos(&B19.replace("\"4\"", "\"2\"").replace("\"R\"", "\"\""));
    // (B ∪ R@=) ∩ = is (B ∪ R) ∩ R = R: {R, BR, RG}: 3 — not 2.
    let v = check(&p, "(B ∪ R@=) ∩ =");
    assert!(!v.correct);
    assert_eq!(v.values, vec![3]);
    // A bare = with no annotation anywhere is undefined (B19 VI comment c).
    assert_eq!(kinds(&p, "B ∪ ="), vec![ViolationKind::Undefined]);
    assert!(check(&p, "B ∪ =").errors[0]
        .message
        .contains("B19 I-B-2-d-iii"));
}

#[test]
fn b19_i_b_2_d_iii_one_meaning_throughout() {
    let p = pos(&B19.replace("\"R\"", "\"\"").replace("\"=\"", "\"= =\""));
    assert!(kinds(&p, "R@= ∪ G@=").contains(&ViolationKind::WildInconsistent));
}

#[test]
fn b19_i_b_2_d_iii_equals_is_never_an_operation_nor_subset_a_set() {
    let p = pos(B19);
    assert!(kinds(&p, "B ∪@= G").contains(&ViolationKind::Annotation));
    assert!(kinds(&p, "R@⊆ ∪ B").contains(&ViolationKind::Annotation));
}

#[test]
fn b19_i_b_2_d_iii_subset_is_a_wild_operation() {
    // Goal 2: B ∩ G = {BG}: 1; (B ∩@⊆ R) ∪ ... use ⊆ as ∩ and the = as G.
    let p = pos(
        r#"{"edition": "2019-20", "division": "junior", "universe": "B R G BR RG BG",
        "goal": "3", "required": "⊆", "permitted": "B G", "situation": "impossible"}"#,
    );
    // B ∪ G: {B, G, BR, RG, BG} = 5; B − G: {B, BR} = 2; G ∩ B = 1; G − B: {G, RG} = 2;
    // B′ = {R, G, RG}: 3 — but the ⊆ cube in Required must be used: B −@⊆ ...
    // (B ∪@⊆ G) − B = {G, RG}: 2; G′ ∪@⊆ ... needs more cubes. B′ needs ′:
    assert!(correct(&p, "B ′@⊆"));
    assert!(!correct(&p, "B′"));
    // The ⊆ in Required must be used (B19 VII-B-2-b).
    let p = pos(&p
        .to_json()
        .replace("\"B G\"", "\"B G ∩\"")
        .replace("\"3\"", "\"1\""));
    assert!(correct(&p, "B ∩@⊆ G"));
    assert_eq!(kinds(&p, "B ∩ G"), vec![ViolationKind::RequiredUnused]);
}

#[test]
fn b19_vi_no_restrictions_and_two_cubes() {
    let p = pos(B19);
    // A bare ⊆ is the wild operation, and with no annotation it is undefined.
    assert_eq!(kinds(&p, "B ⊆ G; B ∪ G"), vec![ViolationKind::Undefined]);
    // Written as a relation on the ⊆ cube: no Restrictions in B19.
    let k = kinds(&p, "B ⊆@⊆ G; B ∪ G");
    assert!(k.contains(&ViolationKind::RestrictionNotAllowed), "{k:?}");
    let p = pos(&B19.replace("\"=\"", "\"\"").replace("\"4\"", "\"3\""));
    assert_eq!(kinds(&p, "B"), vec![ViolationKind::TooFewCubes]);
}

#[test]
fn b19_ii_b_1_universe_of_any_division_and_2026_27_unchanged() {
    // The same text under 2026-27 Basic: = is not in play, so R@= names a
    // cube that cannot stand for R.
    let t26 = B19.replace("\"2019-20\"", "\"2026-27\"");
    let p = pos(&t26);
    assert!(!correct(&p, "R@= ∪ (B ∩ G)"));
}

// ------------------------------------------------------------------ A19

const A19_SENIOR: &str = r#"{"edition": "2019-20", "adventurous": true, "division": "senior",
    "universe": "B R G BR RG BG Y BY RY GY", "goal": "3", "required": "⊆",
    "permitted": "B R G", "situation": "impossible"}"#;

#[test]
fn a19_vi_b_3_parentheses_around_restriction() {
    let p = pos(A19_SENIOR);
    // B ⊆ R removes B, BG, BY; then B ∪ ... use G: G, RG, GY: 3.
    assert!(correct(&p, "B ⊆ R; G"));
    let v = check(&p, "(B ⊆ R); G");
    assert!(!v.correct);
    assert!(
        v.errors.iter().any(|e| e.section.as_str() == "A19 VI-B-3"),
        "{:?}",
        v.errors
    );
    // 2026-27 VI-B-3: useless but not wrong.
    let t26 = pos(&A19_SENIOR.replace("\"2019-20\"", "\"2026-27\""));
    assert!(correct(&t26, "(B ⊆ R); G"));
}

#[test]
fn a19_xiii_b_2_middle_wild_cube_may_be_equals() {
    let json = r#"{"edition": "2019-20", "adventurous": true, "division": "middle",
        "universe": "B R G BR RG BG", "goal": "4", "permitted": "= ∪ B",
        "resources": "G", "variations": ["wild-cube ="], "situation": "now"}"#;
    let p = pos(json);
    // R@= ∪ B = {R, B, BR, RG, BG}: 5; G@= ∪ B = 5; use ∩? B ∪ R@= … Goal 4:
    // G@= ∪ ... choose V? (V not here). B ∪ G@= is 5. Goal 4 from
    // {BR RG BG R}: R@= ∪ (B ∩ G) — ∩ absent. Simplest: Goal via ′: none.
    // So test a value: R@= ∪ B names 5 cards.
    let v = check(&p, "R@= ∪ B");
    assert_eq!(v.values, vec![5]);
    assert!(
        !v.errors.iter().any(|e| e.code == ViolationKind::Annotation),
        "{:?}",
        v.errors
    );
    let p5 = pos(&json.replace("\"4\"", "\"5\""));
    assert!(correct(&p5, "R@= ∪ B"));
    // 2026-27 Middle: "The wild cube may not be =, C, or a digit" (XIII-B-2).
    let t26 = pos(&json
        .replace("\"4\"", "\"5\"")
        .replace("\"2019-20\"", "\"2026-27\""));
    assert!(!correct(&t26, "R@= ∪ B"));
    // A19 Junior keeps the exclusion.
    let junior = pos(&json.replace("\"4\"", "\"5\"").replace("middle", "junior"));
    assert!(!correct(&junior, "R@= ∪ B"));
}

#[test]
fn a19_xiii_c_10_b_blank_may_not_take_the_forbidden_cards_colors() {
    let json = r#"{"edition": "2019-20", "adventurous": true, "division": "junior",
        "universe": "B R G BR RG blank", "goal": "1", "permitted": "B ∩ G",
        "variations": ["forbidden-card BR", "blank-card-wild"], "situation": "impossible"}"#;
    let p = pos(json);
    // B ∩ G names no card of the Universe; with the blank given BG it names 1.
    assert!(correct(&p, "B ∩ G; blank: BG"));
    // The blank given BR: B ∩ G names nothing (Goal 1 fails) — use a Goal 0
    // position to see the A19 rule alone.
    let p0 = pos(&json.replace("\"1\"", "\"1+~1\""));
    assert!(correct(&p0, "B ∩ G; blank: G"));
    let v = check(&p0, "B ∩ G; blank: BR");
    assert!(!v.correct);
    assert!(
        v.errors
            .iter()
            .any(|e| e.section.as_str() == "A19 XIII-C-10"),
        "{:?}",
        v.errors
    );
    // 2026-27 (ruling 15): only a card of the Solution's set matters.
    let t26 = pos(&json
        .replace("\"1\"", "\"1+~1\"")
        .replace("\"2019-20\"", "\"2026-27\""));
    assert!(correct(&t26, "B ∩ G; blank: BR"));
}

// ------------------------------------------------------------------ 1969

/// Sample game 1 (M69 §6, Basic, pp. 81–83) after play d: Goal [2][4] = 6,
/// 1 forbidden, ∪ and R in Required, ∩ in Permitted; A challenges (P-claim)
/// and both B's and C's Solutions are correct. The dealt Universe is lost;
/// six cards each with red, blue or green keep the text's answer.
const M69_GAME_1: &str = r#"{"edition": "1969", "form": "basic",
    "universe": "B R G BR RG BG", "goal": "2+4", "required": "∪ R", "permitted": "∩",
    "forbidden": "1", "resources": "R R B G ∪ ∩", "situation": "impossible"}"#;

#[test]
fn m69_6_sample_game_1_p_claim_both_solutions_correct() {
    let p = pos(M69_GAME_1);
    assert!(p.division() == onsets_core::Division::Senior);
    assert!(correct(&p, "(G ∪ B) ∪ R"));
    assert!(correct(&p, "(G ∪ B) ∪ (R ∩ R)"));
}

/// Sample game 3 (M69 §6, p. 85): Goal 1, R played, an A-claim: C writes R′
/// with the ′ from Resources; A's R′′ (= R) cannot name one card.
#[test]
fn m69_6_sample_game_3_a_claim_r_prime() {
    let p = pos(
        r#"{"edition": "1969", "universe": "B R BR RG RO BRG", "goal": "1",
        "permitted": "R", "forbidden": "4 5", "resources": "B B B R ∩ ∪ ′",
        "situation": "now"}"#,
    );
    assert!(correct(&p, "R′"));
    assert!(!correct(&p, "R′′"));
}

#[test]
fn m69_4_2_b_p2_one_cube_solutions_are_legal() {
    let p = pos(
        r#"{"edition": "1969", "universe": "B R G O BO", "goal": "2",
        "resources": "B O ∩ G", "situation": "now"}"#,
    );
    assert!(correct(&p, "O"));
    assert!(correct(&p, "Y"));
    assert!(correct(&p, "B"));
    // Two Resources cubes after an A-claim: at most one (M69 3.4 D).
    assert_eq!(
        kinds(&p, "B ∩ O"),
        vec![ViolationKind::NowResources, ViolationKind::WrongValue]
    );
}

/// Puzzle 7.1-A (One-Cube-Solution, Basic): (G − (R ∪ B))′ with the G from
/// Resources. The Universe is lost; any Universe where the set has 7 cards.
#[test]
fn m69_7_1_a_one_cube_solution_puzzle() {
    let p = pos(
        r#"{"edition": "1969", "universe": "G B R BR RG BG O blank", "goal": "3+4",
        "resources": "G O", "forbidden": "G ∩", "permitted": "R B",
        "required": "′ − ∪", "situation": "now"}"#,
    );
    assert!(correct(&p, "(G − (R ∪ B))′"));
}

/// Puzzle 7.1-B (One-Cube-Solution, Advanced): B = Λ ; Λ ∪ V with the ∪ from
/// Resources, Λ in both parts as 3.4'(E) requires.
#[test]
fn m69_7_1_b_one_cube_solution_advanced() {
    let json = r#"{"edition": "1969", "form": "advanced", "universe": "B BR R G O RG",
        "goal": "4", "resources": "∩ ∩ ∪ B R O", "forbidden": "2 3 B ∪ R",
        "permitted": "V B R G", "required": "= Λ", "situation": "now"}"#;
    let p = pos(json);
    assert!(correct(&p, "B = Λ ; Λ ∪ V"));
    // Without the statement the Required = is unused (3.4'(A)).
    assert!(!correct(&p, "Λ ∪ V"));
}

#[test]
fn m69_4_3_b_chains_are_undefined_q14() {
    let json = r#"{"edition": "1969", "form": "advanced", "universe": "B BR R G O RG",
        "goal": "3", "permitted": "B R G ⊆ =", "resources": "B", "situation": "impossible"}"#;
    let p = pos(json);
    let v = check(&p, "B ⊆ R = B; R");
    assert!(!v.correct);
    assert!(
        v.errors.iter().any(|e| e.section.as_str() == "M69 4.3-B"),
        "{:?}",
        v.errors
    );
    // One relation per statement is fine.
    assert!(correct(&p, "B ⊆ R; R"));
}

#[test]
fn m69_2_2_basic_has_no_blue_cubes_and_no_restrictions() {
    let e = Position::from_json(
        r#"{"edition": "1969", "universe": "B R", "goal": "1", "permitted": "V",
        "situation": "now"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("blue-symbol"), "{e}");
    let e = Position::from_json(
        r#"{"edition": "1969", "universe": "B R", "goal": "1", "situation": "forceout"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("no forceout"), "{e}");
    let e = Position::from_json(
        r#"{"edition": "1969", "universe": "B R", "goal": "1", "situation": "now",
        "adventurous": true, "variations": ["two-operations"]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("no variations"), "{e}");
    let p = pos(
        r#"{"edition": "1969", "universe": "B R BR", "goal": "1", "permitted": "B R",
        "situation": "now"}"#,
    );
    // no division needed, and a division-free position round-trips
    assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
    assert!(!p.to_json().contains("division"));
}

#[test]
fn editions_divisions_still_required_outside_1969() {
    let e = Position::from_json(r#"{"universe": "B R", "goal": "1", "situation": "now"}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("division"), "{e}");
}

/// B19 VII-C-3-c examples: "B U G – R is ambiguous"; "R U G' is not
/// ambiguous. It must be interpreted as R U (G')".
#[test]
fn b19_vii_c_3_c_ambiguity_examples() {
    let p = pos(
        r#"{"edition": "2019-20", "division": "middle", "universe": "B R G BR RG BG BRG Y",
        "goal": "4", "permitted": "B G R ∪ − ′", "situation": "impossible"}"#,
    );
    // (B ∪ G) − R = {B, G, BG}: 3; B ∪ (G − R) = {B, BR, BG, BRG, G}: 5.
    let v = check(&p, "B ∪ G − R");
    assert_eq!(v.values, vec![3, 5]);
    assert!(!v.correct);
    // R ∪ G′ = R ∪ {B, R, BR, Y} = {R, BR, RG, BRG, B, Y}: 6 only.
    assert_eq!(check(&p, "R ∪ G′").values, vec![6]);
    // B19 VI examples of Solutions: R′, G ∪ Y, (V − G)′ ∪ R are Set-Names.
    assert!(onsets_core::Presentation::parse_with("(V − G)′ ∪ R", p.parse_options()).is_ok());
}

/// Puzzle 7.2-B (M69 §7, CAP-Claim, Advanced): the C-Solution "that could
/// have been built", (B∩R) − O ⊆ G ; (B∩R) − O, with the G from Resources.
/// The Universe is lost; here (B ∩ R) − O is {BRG, BR} and the statement
/// removes BR.
#[test]
fn m69_7_2_b_c_solution_that_could_have_been_built() {
    let p = pos(
        r#"{"edition": "1969", "form": "advanced", "universe": "BRG BR BRGO G R B",
        "goal": "1", "resources": "B B R G ∪", "forbidden": "R − 4 3",
        "permitted": "V B R O", "required": "⊆ ∩ −", "situation": "now"}"#,
    );
    assert!(correct(&p, "(B ∩ R) − O ⊆ G ; (B ∩ R) − O"));
    // The same without the statement leaves the Required ⊆ unused (3.4'(A)).
    assert!(!correct(&p, "((B ∩ R) − O) ∩ G"));
}

/// A19 VI-B-3 and its comment, example by example: "B ⊆ (R ∪ G)" (one side
/// in parentheses) is legal; "(A ⊆ B) ⊆ C", "A = (B = C)" and "(B = R)" are
/// not; "(R ∪ B) − G = V", "B = (G ∪ R) ⊆ V" and "R′ = B ⊆ (R − Y) ∪ V" are
/// legal.
#[test]
fn a19_vi_b_3_comment_examples() {
    let p = pos(
        r#"{"edition": "2019-20", "adventurous": true, "division": "senior",
        "universe": "B R G Y BR RG BG BY", "goal": "1",
        "permitted": "B R G Y V ∪ − ′ = ⊆ B R G", "situation": "impossible"}"#,
    );
    let undefined = |s: &str| {
        let v = check(&p, s);
        assert!(!v.correct, "{s}");
        assert!(
            v.errors.iter().any(|e| e.code == ViolationKind::Undefined),
            "{s}: {:?}",
            v.errors
        );
    };
    undefined("(B ⊆ R) ⊆ G; B");
    undefined("B = (R = G); B");
    undefined("(B = R); B");
    for legal in [
        "B ⊆ (R ∪ G); Y",
        "(R ∪ B) − G = V; Y",
        "B = (G ∪ R) ⊆ V; Y",
        "R′ = B ⊆ (R − Y) ∪ V; Y",
    ] {
        let v = check(&p, legal);
        assert!(
            !v.errors.iter().any(|e| e.code == ViolationKind::Undefined),
            "{legal}: {:?}",
            v.errors
        );
    }
}

/// Sample game 4 (M69 §6 d, Advanced): "A revises his original Solution by
/// building a Restriction that does not restrict": Λ ⊆ B − R ; B − R.
#[test]
fn m69_6_sample_game_4_a_restriction_that_does_not_restrict() {
    let p = pos(
        r#"{"edition": "1969", "form": "advanced", "universe": "B BO R RO G BR",
        "goal": "1+1", "required": "⊆", "permitted": "Λ B R −", "situation": "now"}"#,
    );
    // B − R = {B, BO}: 2; Λ ⊆ anything removes no card.
    assert!(correct(&p, "Λ ⊆ B − R ; B − R"));
}

/// A19 Middle: a Required wild = written as a set is that set, so no
/// Restriction part is demanded (VII-B-2 concerns the relation; Q4).
#[test]
fn a19_xiii_b_2_required_wild_equals_as_a_set_needs_no_restriction() {
    let p = pos(
        r#"{"edition": "2019-20", "adventurous": true, "division": "middle",
        "universe": "B R G BR RG BG", "goal": "5", "required": "=", "permitted": "∪ B",
        "variations": ["wild-cube ="], "situation": "impossible"}"#,
    );
    assert!(correct(&p, "R@= ∪ B"));
    // Unannotated, the Required = is a relation: a Restriction is needed.
    assert!(kinds(&p, "G ∪ B").contains(&ViolationKind::RestrictionRequired));
}

/// A 1969 verdict cites the manual's Solution Rule (M69 3.4, 3.4'), never a
/// 2026-27 section, and speaks of the A-claim where the tournament says
/// "Now challenge"; the same Solutions under 2026-27 keep their sections.
#[test]
fn m69_3_4_verdicts_cite_the_manuals_solution_rule() {
    let p = pos(
        r#"{"edition": "1969", "form": "advanced", "universe": "B R BO O RO BG", "goal": "3",
            "permitted": "O ∪", "required": "=", "forbidden": "G", "resources": "R − ∩ B",
            "situation": "now"}"#,
    );
    let cases: [(&str, &[&str]); 4] = [
        ("O", &["M69 3.4' (A)"]),
        ("G", &["M69 3.4' (A)", "M69 3.4 (A)", "M69 3.4"]),
        ("R ∪ B", &["M69 3.4' (A)", "M69 3.4 (D)", "M69 3.4"]),
        ("(B", &["M69 3.4"]),
    ];
    for (text, sections) in cases {
        let v = check(&p, text);
        let got: Vec<&str> = v.errors.iter().map(|e| e.section.as_str()).collect();
        assert_eq!(got, sections.to_vec(), "{text}: {v}");
        let shown = v.to_string();
        assert!(
            !shown.contains("VII-"),
            "{text}: a 2026-27 section in {shown}"
        );
        assert!(!shown.contains("Now challenge"), "{text}: {shown}");
    }
    assert!(check(&p, "R ∪ B").to_string().contains("A-claim"));
    let t26 = pos(
        r#"{"division": "middle", "adventurous": true, "universe": "B R BY Y RY BG", "goal": "3", "permitted": "Y ∪", "required": "=",
            "forbidden": "G", "resources": "R − ∩ B", "situation": "now"}"#,
    );
    let v = check(&t26, "R ∪ B");
    assert!(v.errors.iter().any(|e| e.section == "VII-B-4-e"), "{v}");
}

/// A 1969 position with an unknown form is refused for its `form` alone: it
/// is still read as 1969, so no division is asked for and O is a color.
#[test]
fn m69_2_2_an_unknown_form_is_the_one_error() {
    let e = Position::from_json(
        r#"{"edition": "1969", "form": "expert", "universe": "B O", "goal": "1", "situation": "now"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("form") && e.contains("expert"), "{e}");
    assert!(!e.contains("division"), "{e}");
    assert!(!e.contains("universe"), "{e}");
}
