//! Conformance: Set-Names, the value of a Solution, ambiguity and undefined
//! forms (rules VI-A, VII-B-1, VII-B-3, VII-B-6, VII-C-5-a..d; OS-E1, OS-E5).
//!
//! Universe used throughout (10 cards): B R G Y BR BG RG BRG BY blank.
//! Counts: B 5 (B BR BG BRG BY), R 4 (R BR RG BRG), G 4 (G BG RG BRG),
//! Y 2 (Y BY).

mod common;
use common::*;

/// Basic On-Sets (no Restrictions, no variations), everything in Resources.
const BASIC: Shake = Shake {
    adventurous: false,
    resources: "B R G Y ∪ ∩ − ′ V Λ",
    ..BASE
};

// ---------------------------------------------------------------- VI-A

#[test]
fn vi_a_example_r_prime() {
    // R′ = B G Y BG BY blank = 6.
    let s = Shake {
        goal: "5+1",
        ..BASIC
    };
    assert_correct(&s.check("R′"), &[6]);
    assert_correct(&s.check("R'"), &[6]);
}

#[test]
fn vi_a_example_g_union_y() {
    // G ∪ Y = G BG RG BRG Y BY = 6.
    let s = Shake {
        goal: "5+1",
        ..BASIC
    };
    assert_correct(&s.check("G ∪ Y"), &[6]);
    assert_correct(&s.check("G U Y"), &[6]);
}

#[test]
fn vi_a_example_r_cap_b_minus_empty() {
    // (R ∩ B) − Λ = BR BRG = 2.
    let s = Shake { goal: "2", ..BASIC };
    assert_correct(&s.check("(R ∩ B) − Λ"), &[2]);
    assert_correct(&s.check("(R n B) - ^"), &[2]);
}

#[test]
fn vi_a_example_v_minus_g_prime_union_r() {
    // V − G = B R Y BR BY blank; its complement = G BG RG BRG; ∪ R adds R BR: 6.
    let s = Shake {
        goal: "5+1",
        ..BASIC
    };
    assert_correct(&s.check("(V − G)′ ∪ R"), &[6]);
    // Without the parentheses the prime applies to G alone:
    // V − (G′) = G BG RG BRG (4), ∪ R = 6 as well, but (V − G′) ∪ R vs
    // V − (G′ ∪ R) differ: G′∪R = B R Y BR BY blank RG BRG, V − that = G BG (2).
    let v = s.check("V − G′ ∪ R");
    assert_incorrect(&v, &["ambiguous"]);
    assert_eq!(v.values, vec![2, 6]);
}

#[test]
fn vi_a_comment_a_brackets_and_braces_group_like_parentheses() {
    // [B ∪ G] − {R}: (B ∪ G) − R = B G BG BY = 4.
    let s = Shake { goal: "4", ..BASIC };
    assert_correct(&s.check("[B ∪ G] − {R}"), &[4]);
    assert_correct(&s.check("{(B ∪ G)} − R"), &[4]);
}

#[test]
fn vi_a_comment_b_equals_goal_after_set_name_is_wrong() {
    // Writing "= Goal" after the Set-Name makes the Solution automatically
    // incorrect (VI-A comment b, VII-B-3 comment a): the digit is no cube symbol.
    let s = Shake {
        goal: "4",
        resources: "B R G Y ∪ ∩ − ′ = ⊆",
        ..BASE
    };
    // (B ∪ G) − R = 4 is itself right.
    assert_correct(&s.check("(B ∪ G) − R"), &[4]);
    let v = s.check("(B ∪ G) − R = 4");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"undefined"), "{v}");
    // Same in Basic On-Sets.
    let b = Shake { goal: "4", ..BASIC };
    let v = b.check("(B ∪ G) − R = 4");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"undefined"), "{v}");
}

#[test]
fn vi_a_equals_in_set_name_is_automatically_wrong() {
    // = inside a Set-Name (not a whole Restriction): undefined.
    let s = Shake {
        goal: "4",
        required: "=",
        resources: "B R G ∪ −",
        ..BASE
    };
    let v = s.check("B = B ; (B = G) ∪ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"undefined"), "{v}");
}

// ---------------------------------------------------------------- VII-B-1

#[test]
fn vii_b_1_os_e5_restriction_only_is_incorrect() {
    let s = Shake {
        goal: "3",
        resources: "B R ⊆",
        ..BASE
    };
    assert_incorrect(&s.check("B ⊆ R"), &["no-set-name"]);
}

#[test]
fn vii_b_1_two_set_names_is_incorrect() {
    let s = Shake {
        goal: "4",
        resources: "B R G ∪",
        ..BASIC
    };
    assert_incorrect(&s.check("R ; G"), &["several-set-names"]);
}

#[test]
fn vii_b_1_empty_solution_is_incorrect() {
    let s = Shake { goal: "4", ..BASIC };
    let v = s.check("");
    assert!(!v.correct, "{v}");
    assert!(!v.errors.is_empty());
}

// ---------------------------------------------------------------- VII-B-3

#[test]
fn vii_b_3_value_must_equal_goal() {
    // B ∪ R = 7 cards.
    let s = Shake {
        goal: "5+1",
        ..BASIC
    };
    let v = s.check("B ∪ R");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![7]);
    assert_eq!(v.goal_values, vec![6]);
    let s7 = Shake {
        goal: "5+2",
        ..BASIC
    };
    assert_correct(&s7.check("B ∪ R"), &[7]);
}

#[test]
fn vii_b_3_restrictions_applied_before_set_name() {
    // B ⊆ R removes B BG BY (B but not R). Restricted: R G Y BR RG BRG blank.
    // Set-Name B then names BR BRG = 2 (in the full Universe B names 5).
    let s = Shake {
        goal: "2",
        resources: "B R ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ; B"), &[2]);
    let s5 = Shake { goal: "5", ..s };
    let v = s5.check("B ⊆ R ; B");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![2]);
}

#[test]
fn vii_b_3_restrictions_any_order_same_result() {
    // B ⊆ R (removes B BG BY) and G ⊆ B (removes G RG): remaining R Y BR BRG blank.
    // Set-Name R: R BR BRG = 3.
    let s = Shake {
        goal: "3",
        resources: "B B R G ⊆ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ; G ⊆ B ; R"), &[3]);
    assert_correct(&s.check("G ⊆ B ; B ⊆ R ; R"), &[3]);
    assert_correct(&s.check("B ⊆ R, G ⊆ B\nR"), &[3]);
}

#[test]
fn vii_b_3_goal_zero_needs_the_empty_set() {
    // Goal 1 + ~1 = 0. Y ∩ R names no card.
    let s = Shake {
        goal: "1+~1",
        ..BASIC
    };
    let ok = s.check("Y ∩ R");
    assert_correct(&ok, &[0]);
    assert_eq!(ok.goal_values, vec![0]);
    // VII-C-5-b-(ii) example (a): B ∩ Y names BY, clearly not the null set.
    let v = s.check("B ∩ Y");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![1]);
}

// ---------------------------------------------------------------- VII-C-5-a

#[test]
fn vii_c_5_a_example_a_illegal_goal_layout() {
    // A backwards L has no legal interpretation: no Solution equals it.
    let s = Shake {
        goal: r#"{"illegal_layout": "2 1 1", "description": "backwards L"}"#,
        ..BASIC
    };
    let v = s.check("B ∩ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"goal-illegal"), "{v}");
}

#[test]
fn vii_c_5_a_example_b_negative_goal() {
    // 1 + ~3 = −2: no Solution is correct.
    let s = Shake {
        goal: "1+~3",
        ..BASIC
    };
    let v = s.check("B ∩ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"goal-negative"), "{v}");
    assert!(v.goal_values.is_empty(), "{v}");
    // Nothing in the Solution can rescue it, whatever its count.
    let v = s.check("Y ∩ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"goal-negative"), "{v}");
}

#[test]
fn iii_b_goal_layouts_and_values() {
    // Side by side: sum; vertical: product; L: (A×B)+C; T: A×(B+C).
    for (goal, value) in [
        ("3", 3),
        ("3+2", 5),
        ("3+2+1", 6),
        ("3*2", 6),
        ("2*2*1", 4),
        ("2*1+1", 3),
        ("2*(1+1)", 4),
        ("3+~2", 1),
        ("~2*~2", 4),
    ] {
        let s = Shake { goal, ..BASIC };
        let v = s.check("B ∩ V");
        assert_eq!(v.goal_values, vec![value], "goal {goal}: {v}");
    }
    // B ∩ V = 5 cards: correct exactly for the Goal 3+2.
    let s = Shake {
        goal: "3+2",
        ..BASIC
    };
    assert_correct(&s.check("B ∩ V"), &[5]);
    // ~2*~2 = 4 is a legal whole number (ruling 17): R ∩ V = 4.
    let s = Shake {
        goal: "~2*~2",
        ..BASIC
    };
    assert_correct(&s.check("R ∩ V"), &[4]);
}

// ---------------------------------------------------------------- VII-B-6 / VII-C-5-c

#[test]
fn vii_c_5_c_ambiguous_chain_b_u_g_minus_r() {
    // Example (a): B ∪ G − R may be (B ∪ G) − R = B G BG BY (4)
    // or B ∪ (G − R) = B BR BG BRG BY G (6).
    for goal in ["4", "5+1"] {
        let s = Shake { goal, ..BASIC };
        let v = s.check("B ∪ G − R");
        assert_incorrect(&v, &["ambiguous"]);
        assert_eq!(v.values, vec![4, 6], "{v}");
        assert!(v.counterexample.is_some(), "{v}");
    }
    // Neither interpretation equals 5: plain wrong value.
    let s = Shake { goal: "5", ..BASIC };
    let v = s.check("B ∪ G − R");
    assert!(!v.correct);
    assert!(codes(&v).contains(&"wrong-value"), "{v}");
    // Either grouping written out is correct.
    let s4 = Shake { goal: "4", ..BASIC };
    assert_correct(&s4.check("(B ∪ G) − R"), &[4]);
    let s6 = Shake {
        goal: "5+1",
        ..BASIC
    };
    assert_correct(&s6.check("B ∪ (G − R)"), &[6]);
}

#[test]
fn vii_c_5_c_counterexample_is_a_grouping_with_the_wrong_value() {
    let s = Shake { goal: "4", ..BASIC };
    let v = s.check("B ∪ G − R");
    let c = v.counterexample.clone().expect("counterexample");
    // The counterexample is a grouping of the same Solution naming 6 cards.
    let again = s.check(&c);
    assert_eq!(again.values, vec![6], "counterexample {c}: {again}");
}

#[test]
fn vii_b_6_ambiguity_harmless_when_every_grouping_agrees() {
    // B ∩ R ∩ G: every grouping names BRG.
    let s = Shake {
        goal: "1",
        resources: "B R G ∩ ∩",
        ..BASIC
    };
    assert_correct(&s.check("B ∩ R ∩ G"), &[1]);
    // B ∪ R ∪ Y = B R Y BR BG RG BRG BY = 8, whatever the grouping.
    let s = Shake {
        goal: "4*2",
        resources: "B R Y ∪ ∪",
        ..BASIC
    };
    assert_correct(&s.check("B ∪ R ∪ Y"), &[8]);
}

#[test]
fn vii_c_5_c_example_b_prime_takes_priority() {
    // R ∪ G′ is R ∪ (G′) = R BR RG BRG B Y BY blank = 8; not (R ∪ G)′ = B Y BY blank (4).
    let s = Shake {
        goal: "4*2",
        ..BASIC
    };
    assert_correct(&s.check("R ∪ G′"), &[8]);
    let s4 = Shake { goal: "4", ..BASIC };
    assert_correct(&s4.check("(R ∪ G)′"), &[4]);
    let v = s4.check("R ∪ G′");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![8]);
}

#[test]
fn vii_b_6_ambiguity_inside_a_restriction() {
    // B ∪ G − R ⊆ Λ: as (B ∪ G) − R ⊆ Λ it removes B G BG BY, leaving
    // R Y BR RG BRG blank, where R ∩ V names 4; as B ∪ (G − R) ⊆ Λ it removes
    // B BR BG BRG BY G, leaving R Y RG blank, where R ∩ V names 2.
    let s = Shake {
        goal: "4",
        resources: "B R G ∪ − ⊆ Λ ∩ V",
        ..BASE
    };
    let v = s.check("B ∪ G − R ⊆ Λ ; R ∩ V");
    assert_incorrect(&v, &["ambiguous"]);
    assert_eq!(v.values, vec![2, 4], "{v}");
    assert_correct(&s.check("(B ∪ G) − R ⊆ Λ ; R ∩ V"), &[4]);
}

// ---------------------------------------------------------------- VII-C-5-d

#[test]
fn vii_c_5_d_example_a_prefix_complement_is_undefined() {
    let s = Shake { goal: "4", ..BASIC };
    assert_incorrect(&s.check("R ∪ ′B"), &["undefined"]);
}

#[test]
fn vii_c_5_d_example_a_r_wedge_g_is_undefined() {
    // R Λ G: a set symbol between two sets, no operation.
    let s = Shake { goal: "4", ..BASIC };
    assert_incorrect(&s.check("R Λ G"), &["undefined"]);
    assert_incorrect(&s.check("R ∧ G"), &["undefined"]);
}

#[test]
fn vii_c_5_d_example_b_relation_inside_a_set_name_is_undefined() {
    let s = Shake {
        goal: "4",
        resources: "R R B G ∪ − =",
        ..BASE
    };
    assert_incorrect(&s.check("R ∪ (B = G) − R"), &["undefined"]);
}

#[test]
fn glossary_undefined_examples() {
    // Glossary "Undefined": ′B, G ∪, − R; also juxtaposed sets and bad brackets.
    let s = Shake { goal: "4", ..BASIC };
    for bad in [
        "′B",
        "G ∪",
        "− R",
        "B R",
        "(B ∪ R",
        "B ∪ R)",
        "(B ∪ R]",
        "()",
    ] {
        assert_incorrect(&s.check(bad), &["undefined"]);
    }
}

#[test]
fn os_e1_empty_set_written_as_slashed_zero() {
    // Ø for Λ is accepted (OS-E1). B ∪ Ø = B = 5.
    let s = Shake { goal: "5", ..BASIC };
    assert_correct(&s.check("B ∪ Ø"), &[5]);
    assert_correct(&s.check("B ∪ ∅"), &[5]);
    assert_correct(&s.check("B ∪ Λ"), &[5]);
}
