//! Conformance: the Adventurous variations of section XIII with their
//! comments (and the project rulings on them).
//!
//! Universe used throughout (10 cards): B R G Y BR BG RG BRG BY blank.
//! Counts: B 5 (B BR BG BRG BY), R 4 (R BR RG BRG), G 4 (G BG RG BRG),
//! Y 2 (Y BY); B ∩ R 2 (BR BRG); B ∪ R 7; B − R 3 (B BG BY).

mod common;
use common::*;

// ---------------------------------------------------------------- Required Cube

#[test]
fn xiii_a_1_required_cube_must_be_in_the_solution() {
    let s = Shake {
        goal: "2",
        permitted: "B R Y ∩ −",
        variations: &["required-cube −"],
        ..BASE
    };
    let v = s.check("B ∩ R");
    assert_incorrect(&v, &["required-cube"]);
    assert_eq!(v.values, vec![2]);
    // (B ∩ R) − Y = BR BRG.
    assert_correct(&s.check("(B ∩ R) − Y"), &[2]);
}

#[test]
fn xiii_a_1_comment_wild_cube_standing_for_required_symbol_does_not_count() {
    // Required − with G wild: a G cube used as − does not satisfy it (OS-A7).
    let s = Shake {
        goal: "2",
        permitted: "B R Y G ∩",
        resources: "−",
        variations: &["required-cube −", "wild-cube G"],
        ..BASE
    };
    let v = s.check("(B ∩ R) −@G Y");
    assert_incorrect(&v, &["required-cube"]);
    assert_eq!(v.values, vec![2]);
    assert_correct(&s.check("(B ∩ R) − Y"), &[2]);
}

#[test]
fn xiii_a_2_comment_a_required_wild_cube_may_stand_for_another_symbol() {
    // G wild and G required: the G cube must be in the Solution, as anything.
    let s = Shake {
        goal: "2",
        permitted: "B R G ∩",
        variations: &["wild-cube G", "required-cube G"],
        ..BASE
    };
    assert_correct(&s.check("B ∩@G R"), &[2]);
    assert_incorrect(&s.check("B ∩ R"), &["required-cube"]);
}

#[test]
fn ruling_4_required_cube_never_rolled_is_ignored() {
    // Y required but no Y cube anywhere (OS-A8, OS-A9).
    let s = Shake {
        goal: "2",
        permitted: "B R ∩",
        variations: &["required-cube Y"],
        ..BASE
    };
    let v = s.check("B ∩ R");
    assert_correct(&v, &[2]);
    assert!(!v.notes.is_empty(), "the ignored selection is noted: {v}");
}

#[test]
fn ruling_4_required_cube_only_in_forbidden_makes_every_solution_wrong() {
    // OS-C2: the only − is in Forbidden.
    let s = Shake {
        goal: "2",
        permitted: "B R Y ∩",
        forbidden: "−",
        variations: &["required-cube −"],
        ..BASE
    };
    assert_incorrect(&s.check("B ∩ R"), &["required-cube"]);
    let v = s.check("(B ∩ R) − Y");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"forbidden-cube"), "{v}");
}

#[test]
fn ruling_5_required_union_cube_written_as_intersection() {
    // Under ∪/∩ Interchangeable a ∪ cube written as ∩ is still a ∪ cube.
    let s = Shake {
        goal: "2",
        permitted: "B R ∪",
        variations: &["required-cube ∪", "union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
}

// ---------------------------------------------------------------- Wild Cube

#[test]
fn xiii_a_2_wild_cube_may_represent_another_symbol() {
    let s = Shake {
        goal: "2",
        permitted: "B R G",
        variations: &["wild-cube G"],
        ..BASE
    };
    assert_correct(&s.check("B ∩@G R"), &[2]);
    // Without the variation the annotation is not allowed (ruling 20).
    let plain = Shake {
        variations: &[],
        ..s
    };
    let v = plain.check("B ∩@G R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"annotation"), "{v}");
}

#[test]
fn xiii_a_2_comment_b_wild_cube_used_as_itself_needs_no_annotation() {
    // B ∩ G = BG BRG.
    let s = Shake {
        goal: "2",
        permitted: "B G ∩",
        variations: &["wild-cube G"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ G"), &[2]);
}

#[test]
fn vii_c_5_e_example_a_wild_cube_for_two_symbols() {
    // − wild: one − used as ∪, another used as B.
    let s = Shake {
        goal: "5+2",
        permitted: "R − −",
        variations: &["wild-cube −"],
        ..BASE
    };
    let v = s.check("R ∪@− B@−");
    assert_incorrect_with(&v, "wild-inconsistent", &["cube-unavailable"]);
    assert_eq!(v.values, vec![7]);
}

#[test]
fn xiii_b_2_wild_cube_same_symbol_in_restriction_and_set_name() {
    // Y wild standing for G in both parts. B = G removes B G BR RG BY;
    // remaining R Y BG BRG blank; G ∪ R names R BG BRG = 3.
    let s = Shake {
        goal: "3",
        permitted: "B R Y Y ∪ =",
        variations: &["wild-cube Y"],
        ..BASE
    };
    assert_correct(&s.check("B = G@Y ; G@Y ∪ R"), &[3]);
    // Y for G in the Restriction, Y for B in the Set-Name: inconsistent.
    // B = G as before; B@Y ∪ R names R BG BRG = 3 as well.
    let v = s.check("B = G@Y ; B@Y ∪ R");
    assert_incorrect_with(&v, "wild-inconsistent", &["cube-unavailable"]);
}

// ---------------------------------------------------------------- ∪/∩ Interchangeable

#[test]
fn xiii_a_3_union_cube_may_be_intersection() {
    let s = Shake {
        goal: "2",
        permitted: "B R ∪",
        variations: &["union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
    let plain = Shake {
        variations: &[],
        ..s
    };
    assert_incorrect(&plain.check("B ∩ R"), &["cube-unavailable"]);
}

#[test]
fn xiii_a_3_comment_a_need_not_be_used_consistently() {
    // (B ∪ R) ∩ G = BG RG BRG, with two ∪ cubes.
    let s = Shake {
        goal: "3",
        permitted: "B R G ∪ ∪",
        variations: &["union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("(B ∪ R) ∩ G"), &[3]);
}

#[test]
fn xiii_a_3_comment_b_wild_cube_as_union_gains_interchangeable_power() {
    // Y wild: one Y used as ∪ and another as ∩ is consistent (ruling 7).
    let s = Shake {
        goal: "3",
        permitted: "B R G Y Y",
        variations: &["wild-cube Y", "union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("(B ∪@Y R) ∩@Y G"), &[3]);
}

#[test]
fn xiii_a_3_comment_c_union_wild_and_interchangeable() {
    // ∪ wild: used as ∪ and ∩ it need not be consistent (OS-A13).
    let s = Shake {
        goal: "3",
        permitted: "B R G ∪ ∪",
        variations: &["wild-cube ∪", "union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("(B ∪ R) ∩ G"), &[3]);
    // Used for G once, it must be G throughout: a second ∪ used as ∪ breaks it.
    // B ∪ G = 7.
    let s7 = Shake {
        goal: "5+2",
        permitted: "B ∪ ∪",
        ..s
    };
    let v = s7.check("B ∪ G@∪");
    assert!(!v.correct, "{v}");
    assert_eq!(v.values, vec![7]);
    // The ∪ cubes stand for G in this Solution, so none is left to be ∪.
    assert_eq!(codes(&v), vec!["wild-inconsistent"], "{v}");
}

#[test]
fn xiii_a_3_comment_d_no_annotation_needed_but_allowed() {
    // OS-E3: showing the cube used upside-down is accepted.
    let s = Shake {
        goal: "2",
        permitted: "B R ∪",
        variations: &["union-intersection-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
    assert_correct(&s.check("B ∩@∪ R"), &[2]);
}

#[test]
fn xiii_a_3_comment_e_union_wild_does_not_make_intersection_wild() {
    let s = Shake {
        goal: "5+2",
        permitted: "R ∩ ∪",
        variations: &["wild-cube ∪", "union-intersection-interchangeable"],
        ..BASE
    };
    // The ∩ cube used as B: not allowed, only ∪ cubes are wild.
    let v = s.check("B@∩ ∪ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"annotation"), "{v}");
    // The ∪ cube used as B is fine (the ∩ cube, interchangeable, is the ∪).
    assert_correct(&s.check("B@∪ ∪ R"), &[7]);
}

#[test]
fn xiii_a_4_universe_empty_interchangeable() {
    // B ∪ Λ = 5 using the V cube as Λ.
    let s = Shake {
        goal: "5",
        permitted: "B V ∪",
        variations: &["universe-empty-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ Λ"), &[5]);
}

#[test]
fn xiii_c_special_rule_junior_automatic_variations() {
    let s = Shake {
        division: "junior",
        goal: "2",
        permitted: "B R ∪ V",
        ..BASE
    };
    // ∪ as ∩, V as Λ, and ∪ many times: all automatic in Junior.
    assert_correct(&s.check("B ∩ R"), &[2]);
    assert_correct(&s.check("(B ∩ R) ∪ Λ"), &[2]);
    // Not in Basic On-Sets (ruling 1).
    let basic = Shake {
        adventurous: false,
        ..s
    };
    assert_incorrect(&basic.check("B ∩ R"), &["cube-unavailable"]);
}

// ---------------------------------------------------------------- Two Operations

#[test]
fn vii_c_5_e_example_b_two_operations_with_one_operation() {
    let s = Shake {
        goal: "2",
        permitted: "B R ∩ ′ ′",
        variations: &["two-operations"],
        ..BASE
    };
    let v = s.check("B ∩ R");
    assert_incorrect(&v, &["two-operations"]);
    assert_eq!(v.values, vec![2]);
    // B ∩ R′′: two operation symbols (ruling 13).
    assert_correct(&s.check("B ∩ R′′"), &[2]);
}

#[test]
fn xiii_a_5_comment_b_same_operation_twice_counts() {
    // R ∪ B ∪ V = V = 10.
    let s = Shake {
        goal: "5*2",
        permitted: "R B ∪ ∪ V",
        variations: &["two-operations"],
        ..BASE
    };
    assert_correct(&s.check("R ∪ B ∪ V"), &[10]);
}

#[test]
fn xiii_a_5_comment_a_wild_cube_as_operation_counts() {
    // G wild used as −: (B ∩ R) − Y has two operations. BR BRG = 2.
    let s = Shake {
        goal: "2",
        permitted: "B R Y G ∩",
        variations: &["two-operations", "wild-cube G"],
        ..BASE
    };
    assert_correct(&s.check("(B ∩ R) −@G Y"), &[2]);
}

#[test]
fn xiii_a_5_comment_a_wild_operation_cube_not_used_as_operation() {
    // − wild used as R: B ∩ R has one operation.
    let s = Shake {
        goal: "2",
        permitted: "B − ∩",
        variations: &["two-operations", "wild-cube −"],
        ..BASE
    };
    let v = s.check("B ∩ R@−");
    assert_incorrect(&v, &["two-operations"]);
    assert_eq!(v.values, vec![2]);
}

// ---------------------------------------------------------------- Multiple Operations

#[test]
fn xiii_a_6_operation_sign_used_many_times() {
    // B ∪ R ∪ G = 8 with one ∪ cube.
    let s = Shake {
        goal: "4*2",
        permitted: "B R G ∪",
        variations: &["multiple-operations"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ R ∪ G"), &[8]);
    let plain = Shake {
        variations: &[],
        ..s
    };
    assert_incorrect(&plain.check("B ∪ R ∪ G"), &["cube-unavailable"]);
}

#[test]
fn xiii_a_6_comment_a_now_resources_operation_used_many_times() {
    let s = Shake {
        goal: "4*2",
        required: "B R",
        permitted: "G",
        resources: "∪ Y",
        variations: &["multiple-operations"],
        situation: "now",
        ..BASE
    };
    assert_correct(&s.check("B ∪ R ∪ G"), &[8]);
}

#[test]
fn xiii_a_6_sign_only_in_forbidden_cannot_be_used() {
    let s = Shake {
        goal: "5+2",
        permitted: "B R",
        forbidden: "∪",
        variations: &["multiple-operations"],
        ..BASE
    };
    assert_incorrect(&s.check("B ∪ R"), &["forbidden-cube"]);
    // Ruling 12: another ∪ cube outside Forbidden makes the sign usable.
    let s8 = Shake {
        goal: "4*2",
        permitted: "B R G ∪",
        ..s
    };
    assert_correct(&s8.check("B ∪ R ∪ G"), &[8]);
}

#[test]
fn xiii_b_6_multiple_operations_in_restriction_and_set_name() {
    // B ∩ R ∩ G ⊆ Λ removes BRG; then B ∩ R names BR = 1. One ∩ cube.
    let s = Shake {
        goal: "1",
        permitted: "B R G ∩ ⊆ Λ",
        variations: &["multiple-operations"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ R ∩ G ⊆ Λ ; B ∩ R"), &[1]);
}

// ---------------------------------------------------------------- No Null Restrictions

#[test]
fn xiii_b_8_restriction_must_remove_a_card() {
    let s = Shake {
        goal: "5",
        permitted: "B R ⊆ V",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    let v = s.check("B ⊆ V ; B");
    assert_incorrect(&v, &["no-null-restriction"]);
    assert_eq!(v.values, vec![5]);
    // B ⊆ R removes B BG BY; B names BR BRG.
    let s2 = Shake { goal: "2", ..s };
    assert_correct(&s2.check("B ⊆ R ; B"), &[2]);
}

#[test]
fn xiii_b_8_chain_satisfied_if_any_part_removes_a_card() {
    // B ⊆ V removes nothing, V ⊆ R removes every non-R card. B: BR BRG.
    let s = Shake {
        goal: "2",
        permitted: "B R ⊆ ⊆ V",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    assert_correct(&s.check("B ⊆ V ⊆ R ; B"), &[2]);
    // R ∩ B ⊆ B ⊆ V: neither link removes a card.
    let s5 = Shake {
        goal: "5",
        permitted: "R B B ∩ ⊆ ⊆ V",
        ..s
    };
    assert_incorrect(&s5.check("R ∩ B ⊆ B ⊆ V ; B"), &["no-null-restriction"]);
}

#[test]
fn ruling_10_an_ambiguous_restriction_with_a_null_grouping() {
    // Y ∩ R ∪ G ⊆ Λ: (Y ∩ R) ∪ G ⊆ Λ removes the G cards, but
    // Y ∩ (R ∪ G) ⊆ Λ removes nothing. B ∩ Y names BY either way.
    let s = Shake {
        goal: "1",
        permitted: "Y R G B ∩ ∩ ∪ ⊆ Λ",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    let v = s.check("Y ∩ R ∪ G ⊆ Λ ; B ∩ Y");
    assert_incorrect(&v, &["no-null-restriction"]);
    assert_eq!(v.values, vec![1]);
    assert!(v.counterexample.is_some(), "{v}");
    assert_correct(&s.check("(Y ∩ R) ∪ G ⊆ Λ ; B ∩ Y"), &[1]);
}

// ---------------------------------------------------------------- Absolute Value

#[test]
fn xiii_b_9_example_a_goal_3_plus_upside_down_2() {
    let s = Shake {
        goal: "3+~2",
        resources: "B R Y ∩ V",
        variations: &["absolute-value"],
        ..BASE
    };
    let v = s.check("B ∩ V");
    assert_eq!(v.goal_values, vec![1, 5]);
    assert_correct(&v, &[5]);
    assert_correct(&s.check("B ∩ Y"), &[1]);
    let w = s.check("R ∩ V");
    assert_incorrect(&w, &["wrong-value"]);
    assert_eq!(w.values, vec![4]);
    // Without the variation the Goal is 1 only.
    let plain = Shake {
        variations: &[],
        ..s
    };
    let v = plain.check("B ∩ V");
    assert_eq!(v.goal_values, vec![1]);
    assert_incorrect(&v, &["wrong-value"]);
}

#[test]
fn xiii_b_9_example_b_l_goal_with_two_upside_down_digits() {
    // ~2 over 3, ~1 beside 3: (−2 × 3) + (−1) = −7; legal values 5 and 7
    // (the 2 must be read right-side up).
    let s = Shake {
        goal: "~2*3+~1",
        resources: "B R ∪ ∩ V",
        variations: &["absolute-value"],
        ..BASE
    };
    let v = s.check("B ∪ R");
    assert_eq!(v.goal_values, vec![5, 7]);
    assert_correct(&v, &[7]);
    assert_correct(&s.check("B ∩ V"), &[5]);
    // Without the variation the Goal is negative.
    let plain = Shake {
        variations: &[],
        ..s
    };
    let v = plain.check("B ∪ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"goal-negative"), "{v}");
}

#[test]
fn ruling_9_ambiguous_solution_with_absolute_value() {
    // B ∪ G − R is 4 or 6; Goal 5 + ~1 is 4 or 6 with Absolute Value.
    let s = Shake {
        goal: "5+~1",
        resources: "B G R ∪ −",
        variations: &["absolute-value"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ G − R"), &[4, 6]);
    let plain = Shake {
        variations: &[],
        ..s
    };
    assert_incorrect(&plain.check("B ∪ G − R"), &["ambiguous"]);
}

// ---------------------------------------------------------------- Double Set

#[test]
fn xiii_c_10_double_set_cards_count_twice() {
    // B ∪ R = 7 cards, of which the 5 B cards count twice: 12.
    let s = Shake {
        division: "junior",
        goal: "4*3",
        resources: "B R ∪",
        variations: &["double-set B"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ R"), &[12]);
}

#[test]
fn xiii_c_10_double_set_counted_after_restrictions() {
    // B ⊆ R removes B BG BY; B ∪ R = R BR RG BRG, BR BRG doubled: 6.
    let s = Shake {
        division: "junior",
        goal: "3*2",
        resources: "B R ∪ ⊆",
        variations: &["double-set B"],
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ; B ∪ R"), &[6]);
}

#[test]
fn xiii_c_10_double_set_named_by_an_expression() {
    // R′ = B G Y BG BY blank doubled; G ∩ V = G BG RG BRG: G BG doubled, 6.
    let s = Shake {
        division: "junior",
        goal: "3*2",
        resources: "G ∩ V",
        variations: &["double-set R′"],
        ..BASE
    };
    assert_correct(&s.check("G ∩ V"), &[6]);
}

#[test]
fn xiii_c_10_comment_double_set_before_symmetric_difference_is_subtraction() {
    // B − R by subtraction = B BG BY. B ∪ R = 7 cards + 3 doubled = 10.
    let s = Shake {
        division: "senior",
        goal: "5*2",
        resources: "B R ∪",
        variations: &["double-set B−R", "symmetric-difference"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ R"), &[10]);
}

#[test]
fn xiii_c_10_comment_double_set_after_symmetric_difference() {
    // B − R as symmetric difference = B BG BY R RG: 7 + 5 = 12.
    let s = Shake {
        division: "senior",
        goal: "4*3",
        resources: "B R ∪",
        variations: &["symmetric-difference", "double-set B−R"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ R"), &[12]);
}

// ---------------------------------------------------------------- Required/Forbidden Card

#[test]
fn xiii_c_11_required_card_must_be_in_the_set() {
    // B − R = B BG BY (no BR); B ∩ G′ = B BR BY.
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B R G − ∩ ′",
        variations: &["required-card BR"],
        ..BASE
    };
    let v = s.check("B − R");
    assert_incorrect(&v, &["required-card"]);
    assert_eq!(v.values, vec![3]);
    assert_correct(&s.check("B ∩ G′"), &[3]);
}

#[test]
fn xiii_c_11_forbidden_card_must_not_be_in_the_set() {
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B R G − ∩ ′",
        variations: &["forbidden-card BR"],
        ..BASE
    };
    let v = s.check("B ∩ G′");
    assert_incorrect(&v, &["forbidden-card"]);
    assert_eq!(v.values, vec![3]);
    assert_correct(&s.check("B − R"), &[3]);
}

#[test]
fn ruling_16_required_card_not_in_universe_is_ignored() {
    // RGY is not dealt (OS-A15/A16): the selection is ignored.
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B R −",
        variations: &["required-card RGY"],
        ..BASE
    };
    let v = s.check("B − R");
    assert_correct(&v, &[3]);
    assert!(!v.notes.is_empty(), "{v}");
}

#[test]
fn xiii_c_11_forbidden_card_with_blank_wild() {
    // Comment b: the blank card made BR is forbidden too.
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B R G − ∩ ′",
        variations: &["blank-card-wild", "forbidden-card BR"],
        ..BASE
    };
    // B ∩ R with the blank made BR: BR BRG blank = 3.
    let v = s.check("blank: BR ; B ∩ R");
    assert_incorrect(&v, &["forbidden-card"]);
    assert_eq!(v.values, vec![3]);
    // Ruling 15: giving the blank BR is not itself an error. B − R = B BG BY.
    assert_correct(&s.check("blank: BR ; B − R"), &[3]);
}

#[test]
fn xiii_c_12_blank_made_like_another_card_is_still_a_separate_card() {
    // The blank card given BR and the BR card are two cards: B ∩ R ∩ G′
    // names BR and the blank = 2.
    let s = Shake {
        division: "junior",
        goal: "2",
        resources: "B R G ∩ ′",
        variations: &["blank-card-wild"],
        ..BASE
    };
    assert_correct(&s.check("blank: BR ; B ∩ R ∩ G′"), &[2]);
}

#[test]
fn xiii_c_12_comment_d_required_blank_card_with_colors() {
    // Blank required and wild: B ∩ G with blank BG names BG BRG blank.
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B G ∩",
        variations: &["blank-card-wild", "required-card blank"],
        ..BASE
    };
    assert_correct(&s.check("blank: BG ; B ∩ G"), &[3]);
    let s2 = Shake { goal: "2", ..s };
    let v = s2.check("B ∩ G");
    assert_incorrect(&v, &["required-card"]);
    assert_eq!(v.values, vec![2]);
}

// ---------------------------------------------------------------- Blank Card Wild

#[test]
fn xiii_c_12_blank_card_colors_count() {
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B G ∩",
        variations: &["blank-card-wild"],
        ..BASE
    };
    assert_correct(&s.check("blank: BG ; B ∩ G"), &[3]);
    assert_correct(&s.check("B ∩ G ; blank = BG"), &[3]);
    // Comment b: no indication means the blank stays blank (OS-E14).
    let v = s.check("B ∩ G");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![2]);
}

#[test]
fn ruling_8_blank_colors_without_blank_card_wild() {
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B G ∩",
        ..BASE
    };
    let v = s.check("blank: BG ; B ∩ G");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"blank"), "{v}");
}

#[test]
fn ruling_18_blank_colors_given_twice() {
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "B G ∩",
        variations: &["blank-card-wild"],
        ..BASE
    };
    let v = s.check("blank: BG ; blank: BG ; B ∩ G");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"blank"), "{v}");
}

#[test]
fn xiii_c_12_comment_c_blank_card_in_double_set() {
    // Double B, blank made B: B ∩ V = 6 B cards, all doubled: 12.
    let s = Shake {
        division: "junior",
        goal: "4*3",
        resources: "B ∩ V",
        variations: &["double-set B", "blank-card-wild"],
        ..BASE
    };
    assert_correct(&s.check("blank: B ; B ∩ V"), &[12]);
    let s10 = Shake { goal: "5*2", ..s };
    assert_correct(&s10.check("B ∩ V"), &[10]);
}

// ---------------------------------------------------------------- Symmetric Difference

#[test]
fn xiii_d_13_minus_means_symmetric_difference() {
    // B − R = B BG BY R RG = 5 (set subtraction would give 3).
    let s = Shake {
        division: "senior",
        goal: "5",
        resources: "B R −",
        variations: &["symmetric-difference"],
        ..BASE
    };
    assert_correct(&s.check("B − R"), &[5]);
    let s3 = Shake { goal: "3", ..s };
    let v = s3.check("B − R");
    assert_incorrect(&v, &["wrong-value"]);
    assert_eq!(v.values, vec![5]);
}

#[test]
fn xiii_d_13_comment_a_wild_cube_as_minus_is_symmetric_difference() {
    let s = Shake {
        division: "senior",
        goal: "5",
        resources: "B R G",
        variations: &["symmetric-difference", "wild-cube G"],
        ..BASE
    };
    assert_correct(&s.check("B −@G R"), &[5]);
}

#[test]
fn ruling_5_required_universe_cube_not_satisfied_by_empty_cube_written_as_v() {
    // V required; the only V cube is in Forbidden; a Λ cube written as V is
    // still a Λ cube.
    let s = Shake {
        goal: "5",
        permitted: "B Λ ∩",
        forbidden: "V",
        variations: &["required-cube V", "universe-empty-interchangeable"],
        ..BASE
    };
    let v = s.check("B ∩ V");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"required-cube"), "{v}");
    assert_eq!(v.values, vec![5]);
}

#[test]
fn ruling_5_intersection_cube_written_as_union_does_not_satisfy_required_union() {
    let s = Shake {
        goal: "5+2",
        permitted: "B R ∩",
        forbidden: "∪",
        variations: &["required-cube ∪", "union-intersection-interchangeable"],
        ..BASE
    };
    let v = s.check("B ∪ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"required-cube"), "{v}");
    assert_eq!(v.values, vec![7]);
}

#[test]
fn xiii_a_6_comment_a_now_wild_cube_as_operation_used_many_times() {
    // The one Resources cube is the wild Y, used as ∪ twice: B ∪ R ∪ G = 8.
    let s = Shake {
        goal: "4*2",
        required: "B R G",
        resources: "Y ∩",
        variations: &["multiple-operations", "wild-cube Y"],
        situation: "now",
        ..BASE
    };
    assert_correct(&s.check("B ∪@Y R ∪@Y G"), &[8]);
}

#[test]
fn xiii_b_8_no_null_restrictions_with_two_restrictions_and_chain() {
    // Chain R ∩ G ⊆ G ⊆ R: the first link removes nothing, the second removes
    // G BG. B ⊆ R removes B BG BY. Whatever the order, the chain still removes
    // G and B ⊆ R still removes B BY. Remaining R Y BR RG BRG blank; B names
    // BR BRG.
    let s = Shake {
        goal: "2",
        permitted: "B R R R G G ∩ ⊆ ⊆ ⊆",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    assert_correct(&s.check("R ∩ G ⊆ G ⊆ R ; B ⊆ R ; B"), &[2]);
    // B ⊆ V ... a chain of links that all remove nothing, beside B ⊆ R:
    // R ∩ G ⊆ G ⊆ V is not allowed (four Restriction cubes); use
    // R ∩ G ⊆ G ⊆ G ∪ R instead: neither link removes a card.
    let s2 = Shake {
        permitted: "B R R R G G G ∩ ∪ ⊆ ⊆ ⊆",
        ..s
    };
    // Remaining after B ⊆ R: R G Y BR RG BRG blank; B names BR BRG.
    let v = s2.check("R ∩ G ⊆ G ⊆ G ∪ R ; B ⊆ R ; B");
    assert_incorrect(&v, &["no-null-restriction"]);
    assert_eq!(v.values, vec![2]);
}
