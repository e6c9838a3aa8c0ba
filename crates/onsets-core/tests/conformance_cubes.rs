//! Conformance: using the cubes correctly (rules VII-B-4-a..f, project
//! rulings 2, 3, 21).
//!
//! Universe used throughout (10 cards): B R G Y BR BG RG BRG BY blank.
//! Counts: B 5 (B BR BG BRG BY), R 4 (R BR RG BRG), G 4 (G BG RG BRG),
//! Y 2 (Y BY); B ∪ R 7; B ∩ R 2; (B ∪ R) ∩ G 3.

mod common;
use common::*;

// ---------------------------------------------------------------- VII-B-4-a

#[test]
fn vii_b_4_a_at_least_two_cubes() {
    let s = Shake {
        adventurous: false,
        goal: "5",
        required: "B",
        permitted: "∩ V",
        ..BASE
    };
    let v = s.check("B");
    assert_incorrect(&v, &["too-few-cubes"]);
    assert_eq!(v.values, vec![5]);
    assert_correct(&s.check("B ∩ V"), &[5]);
}

#[test]
fn vii_b_4_a_example_b_equals_b_then_b_has_three_cubes() {
    // Restriction B = B (removes nothing), Set-Name B: three cubes.
    // Each part is one build (ruling 3): B = B needs two B cubes.
    let s = Shake {
        goal: "5",
        resources: "B B =",
        ..BASE
    };
    assert_correct(&s.check("B = B ; B"), &[5]);
    let one_b = Shake {
        resources: "B =",
        ..s
    };
    assert_incorrect(&one_b.check("B = B ; B"), &["cube-unavailable"]);
}

// ---------------------------------------------------------------- VII-B-4-b

#[test]
fn vii_b_4_b_required_cube_must_be_used() {
    let s = Shake {
        goal: "5",
        required: "B ∪",
        permitted: "∩ V Λ",
        ..BASE
    };
    assert_incorrect(&s.check("B ∩ V"), &["required-unused"]);
    // (B ∩ V) ∪ Λ = B: 5, using the Required ∪.
    assert_correct(&s.check("(B ∩ V) ∪ Λ"), &[5]);
}

#[test]
fn vii_b_4_b_required_cube_must_be_in_the_set_name() {
    // B in Required used only in the Restriction (OS-E8 first half).
    // B ⊆ R removes B BG BY; R names 4.
    let s = Shake {
        goal: "4",
        required: "B",
        permitted: "R ⊆",
        ..BASE
    };
    assert_incorrect(&s.check("B ⊆ R ; R"), &["required-unused"]);
}

#[test]
fn vii_b_4_b_required_cube_must_be_in_the_restriction_part_if_any() {
    // "Every cube in Required is used in the Restriction part (if there is
    // one). These same cubes ... must also be used in the Set-Name."
    // R ⊆ G removes R BR; B then names B BG BRG BY = 4.
    let s = Shake {
        goal: "4",
        required: "B",
        permitted: "R G ⊆ ∩",
        ..BASE
    };
    let v = s.check("R ⊆ G ; B");
    assert_incorrect(&v, &["required-unused"]);
    assert_eq!(v.values, vec![4]);
    // B ∩ R ⊆ G removes BR; B names B BG BRG BY = 4, B used in both parts.
    assert_correct(&s.check("B ∩ R ⊆ G ; B"), &[4]);
}

#[test]
fn vii_b_4_b_required_relation_cube_not_in_set_name() {
    // = in Required is used in the Restriction only; G ∩ V = 4.
    let s = Shake {
        goal: "4",
        required: "= G",
        permitted: "G ∩ V",
        ..BASE
    };
    assert_correct(&s.check("G = G ∩ V ; G ∩ V"), &[4]);
}

// ---------------------------------------------------------------- VII-B-4-c

#[test]
fn vii_b_4_c_permitted_cubes_may_be_used_or_not() {
    let s = Shake {
        goal: "2",
        required: "B",
        permitted: "R ∩ ∪ G Y",
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
    let s1 = Shake { goal: "1", ..s };
    assert_correct(&s1.check("B ∩ Y"), &[1]);
}

// ---------------------------------------------------------------- VII-B-4-d

#[test]
fn vii_b_4_d_forbidden_cube_may_not_be_used() {
    let s = Shake {
        goal: "2",
        required: "B",
        permitted: "∩",
        forbidden: "R",
        resources: "G V",
        ..BASE
    };
    let v = s.check("B ∩ R");
    assert_incorrect(&v, &["forbidden-cube"]);
    assert_eq!(v.values, vec![2]);
}

#[test]
fn vii_b_4_d_forbidden_relation_cube_in_restriction() {
    // B ⊆ R leaves BR BRG among the B cards.
    let s = Shake {
        goal: "2",
        permitted: "B R",
        forbidden: "⊆",
        ..BASE
    };
    assert_incorrect(&s.check("B ⊆ R ; B"), &["forbidden-cube"]);
}

#[test]
fn vii_b_4_d_comment_forbidden_union_beside_required_union() {
    // A ∪ in Forbidden must not be used while a ∪ in Required must be.
    let s = Shake {
        goal: "5+2",
        required: "∪",
        permitted: "B R G",
        forbidden: "∪",
        ..BASE
    };
    // One ∪ written: it is the Required one. B ∪ R = 7.
    assert_correct(&s.check("B ∪ R"), &[7]);
    // Two ∪ written: the second can only be the Forbidden cube.
    let s8 = Shake { goal: "4*2", ..s };
    let v = s8.check("(B ∪ R) ∪ G");
    assert!(!v.correct, "{v}");
    assert_eq!(v.values, vec![8]);
    // Reported as the Forbidden cube: the second ∪ could only be it.
    assert_eq!(codes(&v), vec!["forbidden-cube"], "{v}");
}

// ---------------------------------------------------------------- VII-B-4-e/f

#[test]
fn vii_b_4_e_now_at_most_one_resources_cube() {
    let s = Shake {
        goal: "5+2",
        required: "B",
        permitted: "∪",
        resources: "R G ∩",
        situation: "now",
        ..BASE
    };
    assert_correct(&s.check("B ∪ R"), &[7]);
    // (B ∪ R) ∩ G = BG RG BRG: three cards but R, ∩ and G all from Resources.
    let s3 = Shake { goal: "3", ..s };
    let v = s3.check("(B ∪ R) ∩ G");
    assert_incorrect(&v, &["now-resources"]);
    assert_eq!(v.values, vec![3]);
}

#[test]
fn vii_b_4_e_now_resources_cube_may_serve_both_parts() {
    // R from Resources used in the Restriction and in the Set-Name.
    // B ∩ R ⊆ G removes BR; B ∩ R then names BRG = 1.
    let s = Shake {
        goal: "1",
        required: "B ∩",
        permitted: "⊆ G",
        resources: "R Y ∪ ′",
        situation: "now",
        ..BASE
    };
    assert_correct(&s.check("B ∩ R ⊆ G ; B ∩ R"), &[1]);
    // But three different Resources cubes (R, ∪ and Y) are too many:
    // (B ∩ R) ∪ Y names BRG Y BY in the restricted Universe.
    let s3 = Shake { goal: "3", ..s };
    let v = s3.check("B ∩ R ⊆ G ; (B ∩ R) ∪ Y");
    assert_incorrect(&v, &["now-resources"]);
    assert_eq!(v.values, vec![3]);
}

#[test]
fn ruling_21_now_resources_cube_once_within_a_part() {
    // One R in Resources: the Set-Name (B ∩ R) ∪ (G ∩ R) needs two R cubes.
    // (B ∩ R) ∪ (G ∩ R) = BR RG BRG = 3.
    let s = Shake {
        goal: "3",
        required: "B G",
        permitted: "∩ ∩ ∪",
        resources: "R Y",
        situation: "now",
        ..BASE
    };
    let v = s.check("(B ∩ R) ∪ (G ∩ R)");
    assert!(!v.correct, "{v}");
    assert_eq!(v.values, vec![3]);
    assert!(
        codes(&v)
            .iter()
            .all(|c| ["now-resources", "cube-unavailable"].contains(c)),
        "{v}"
    );
}

#[test]
fn vii_b_4_f_impossible_resources_are_permitted() {
    let s = Shake {
        goal: "3",
        required: "B",
        permitted: "∪",
        resources: "R G ∩",
        situation: "impossible",
        ..BASE
    };
    assert_correct(&s.check("(B ∪ R) ∩ G"), &[3]);
}

#[test]
fn end_of_round_any_resources_cubes() {
    let s = Shake {
        goal: "3",
        required: "B",
        permitted: "∪",
        resources: "R G ∩",
        situation: "end-of-round",
        ..BASE
    };
    assert_correct(&s.check("(B ∪ R) ∩ G"), &[3]);
}

#[test]
fn forceout_only_mat_cubes() {
    let s = Shake {
        goal: "3",
        required: "B",
        permitted: "∪ R",
        forbidden: "G ∩",
        situation: "forceout",
        ..BASE
    };
    let v = s.check("(B ∪ R) ∩ G");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"forbidden-cube"), "{v}");
    // Y is nowhere on the mat and Resources are empty.
    let s2 = Shake { goal: "4*2", ..s };
    assert_incorrect(&s2.check("(B ∪ R) ∪ Y"), &["cube-unavailable"]);
}

// ---------------------------------------------------------------- availability

#[test]
fn cube_not_in_position_is_unavailable() {
    let s = Shake {
        goal: "5+1",
        resources: "B R ∪",
        ..BASE
    };
    // B ∪ Y: no Y cube anywhere.
    assert_incorrect(&s.check("B ∪ Y"), &["cube-unavailable"]);
}

#[test]
fn each_written_symbol_needs_its_own_cube_in_a_part() {
    // B ∪ B′ is V (10) but needs two B cubes.
    let s = Shake {
        goal: "5*2",
        resources: "B R ∪ ′",
        ..BASE
    };
    assert_incorrect(&s.check("B ∪ B′"), &["cube-unavailable"]);
    let s2 = Shake {
        resources: "B B R ∪ ′",
        ..s
    };
    assert_correct(&s2.check("B ∪ B′"), &[10]);
}

#[test]
fn ruling_3_two_restrictions_with_b_need_two_b_cubes() {
    // B ⊆ R removes B BG BY; B ⊆ G removes B BR BY. Remaining R G Y RG BRG
    // blank: B names BRG = 1.
    let s = Shake {
        goal: "1",
        resources: "B B R G ⊆ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ; B ⊆ G ; B"), &[1]);
    let one_b = Shake {
        resources: "B R G ⊆ ⊆",
        ..s
    };
    assert_incorrect(&one_b.check("B ⊆ R ; B ⊆ G ; B"), &["cube-unavailable"]);
}

#[test]
fn vii_b_4_e_now_different_resources_cubes_in_the_two_parts() {
    // R from Resources in the Restriction, G from Resources in the Set-Name.
    // B ⊆ R leaves R G Y BR RG BRG blank; B ∩ G names BRG.
    let s = Shake {
        goal: "1",
        required: "B",
        permitted: "⊆ ∩",
        resources: "R G Y",
        situation: "now",
        ..BASE
    };
    assert_incorrect(&s.check("B ⊆ R ; B ∩ G"), &["now-resources"]);
    // With R in both parts it is one Resources cube: B ∩ R names BR BRG.
    let s2 = Shake { goal: "2", ..s };
    assert_correct(&s2.check("B ⊆ R ; B ∩ R"), &[2]);
}
