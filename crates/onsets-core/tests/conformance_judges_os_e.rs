//! Conformance: the judges' manual situations on writing and checking
//! Solutions (OS-E1..E27) and the Two Solutions variation (XIII-D-14 with
//! comments a-h), plus the project rulings they bear on.
//!
//! Universe used throughout (10 cards): B R G Y BR BG RG BRG BY blank.
//! Counts: B 5 (B BR BG BRG BY), R 4 (R BR RG BRG), G 4 (G BG RG BRG),
//! Y 2 (Y BY); B ∩ R 2 (BR BRG); B ∩ G 2 (BG BRG); R ∩ G 2 (RG BRG).

mod common;
use common::*;

const SENIOR_2S: Shake = Shake {
    division: "senior",
    variations: &["two-solutions"],
    ..BASE
};

// ---------------------------------------------------------------- OS-E1..E16

#[test]
fn os_e2_wild_minus_written_with_a_union_cube() {
    // − wild, ∪/∩ interchangeable: a ∪ cube may not stand for −.
    let s = Shake {
        goal: "3",
        permitted: "B R ∪ −",
        variations: &["wild-cube −", "union-intersection-interchangeable"],
        ..BASE
    };
    let v = s.check("B −@∪ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"annotation"), "{v}");
    // The − cube itself used as − is fine: B − R = B BG BY.
    assert_correct(&s.check("B − R"), &[3]);
}

#[test]
fn os_e3_upside_down_indication_is_accepted() {
    let s = Shake {
        goal: "5",
        permitted: "B V ∪",
        variations: &["universe-empty-interchangeable"],
        ..BASE
    };
    assert_correct(&s.check("B ∪ Λ@V"), &[5]);
}

#[test]
fn os_e5_restriction_part_only() {
    let s = Shake {
        goal: "2",
        permitted: "B R =",
        ..BASE
    };
    assert_incorrect(&s.check("B = R"), &["no-set-name"]);
}

#[test]
fn os_e6_set_name_written_first() {
    // B = R leaves G Y BR BRG blank; G names G BRG.
    let s = Shake {
        goal: "2",
        permitted: "B R G =",
        ..BASE
    };
    assert_correct(&s.check("G\nB = R"), &[2]);
}

#[test]
fn os_e7_restriction_counts_toward_two_cubes() {
    let s = Shake {
        goal: "5",
        required: "B",
        permitted: "B =",
        ..BASE
    };
    assert_correct(&s.check("B = B\nB"), &[5]);
    assert_incorrect(&s.check("B"), &["too-few-cubes"]);
}

#[test]
fn os_e8_required_cube_variation_satisfied_in_restriction() {
    // B required (variation), B cube in Permitted: using it only in the
    // Restriction satisfies the variation. B ⊆ R leaves R G Y BR RG BRG blank;
    // R names 4.
    let s = Shake {
        goal: "4",
        permitted: "B R ⊆",
        variations: &["required-cube B"],
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ; R"), &[4]);
    // With the B cube in Required it must be in the Set-Name as well.
    let req = Shake {
        required: "B",
        permitted: "R ⊆",
        ..s
    };
    assert_incorrect(&req.check("B ⊆ R ; R"), &["required-unused"]);
}

#[test]
fn os_e9_required_equals_needs_restriction() {
    // "= required" (variation) with = not in Required: a Set-Name alone fails.
    let s = Shake {
        goal: "2",
        permitted: "R G ∩",
        resources: "= B",
        variations: &["required-cube ="],
        ..BASE
    };
    let v = s.check("G ∩ R");
    assert_incorrect(&v, &["required-cube"]);
    assert_eq!(v.values, vec![2]);
    // B = R leaves G Y BR BRG blank; G ∩ R names BRG.
    let s1 = Shake { goal: "1", ..s };
    assert_correct(&s1.check("B = R ; G ∩ R"), &[1]);
}

#[test]
fn os_e10_no_null_restrictions_whatever_the_order() {
    // B ⊆ R removes B BG BY; B − R ⊆ G removes B BY, already removed by the
    // first: applied second it removes nothing. R then names 4.
    let s = Shake {
        goal: "4",
        permitted: "B B R R G − ⊆ ⊆",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    let v = s.check("B ⊆ R ; B − R ⊆ G ; R");
    assert_incorrect(&v, &["no-null-restriction"]);
    assert_eq!(v.values, vec![4]);
    let v = s.check("B − R ⊆ G ; B ⊆ R ; R");
    assert_incorrect(&v, &["no-null-restriction"]);
    // B ⊆ R and B ⊆ G each remove a card the other keeps (BG, BR): fine.
    // Remaining R G Y RG BRG blank; B names BRG.
    let s1 = Shake { goal: "1", ..s };
    assert_correct(&s1.check("B ⊆ R ; B ⊆ G ; B"), &[1]);
}

#[test]
fn os_e11_no_null_restrictions_does_not_demand_a_restriction() {
    let s = Shake {
        goal: "2",
        permitted: "B R ∩ ⊆",
        variations: &["no-null-restrictions"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
}

#[test]
fn os_e12_wild_meaning_shown_in_one_place() {
    // Y wild for G, shown only in the Restriction; no G cube exists, so the
    // bare G of the Set-Name is the Y cube. B = G removes B G BR RG BY;
    // G ∪ R then names R BG BRG = 3.
    let s = Shake {
        goal: "3",
        permitted: "B R Y ∪ =",
        variations: &["wild-cube Y"],
        ..BASE
    };
    assert_correct(&s.check("B = G@Y ; G ∪ R"), &[3]);
    // Shown in the Set-Name instead.
    assert_correct(&s.check("B = G ; G@Y ∪ R"), &[3]);
}

#[test]
fn os_e13_two_operations_must_be_in_the_set_name() {
    // B ∩ R ⊆ G′ removes BRG; B ∩ R names BR = 1 with one operation.
    let s = Shake {
        goal: "1",
        permitted: "B R G ∩ ′ ⊆",
        variations: &["two-operations", "multiple-operations"],
        ..BASE
    };
    let v = s.check("B ∩ R ⊆ G′ ; B ∩ R");
    assert_incorrect(&v, &["two-operations"]);
    assert_eq!(v.values, vec![1]);
    // B ∩ R′′ has two.
    let s2 = Shake {
        permitted: "B R G ∩ ′ ′ ⊆",
        ..s
    };
    assert_correct(&s2.check("B ∩ R ⊆ G′ ; B ∩ R′′"), &[1]);
}

#[test]
fn os_e14_blank_colors_not_given_means_blank() {
    // B ∩ G: BG BRG (blank stays blank) = 2.
    let s = Shake {
        division: "junior",
        goal: "2",
        resources: "B G ∩",
        variations: &["blank-card-wild"],
        ..BASE
    };
    assert_correct(&s.check("B ∩ G"), &[2]);
}

#[test]
fn os_e16_blank_required_and_wild_with_colors() {
    // blank: R; R ∩ G′ = R BR blank = 3, contains the blank.
    let s = Shake {
        division: "junior",
        goal: "3",
        resources: "R G ∩ ′",
        variations: &["blank-card-wild", "required-card blank"],
        ..BASE
    };
    assert_correct(&s.check("blank: R ; R ∩ G′"), &[3]);
}

#[test]
fn ruling_6_wild_cube_in_required_standing_for_equals() {
    // Y wild in Required, used as = : exempt from the Set-Name.
    // B = R leaves G Y BR BRG blank; G names G BRG.
    let s = Shake {
        goal: "2",
        required: "Y",
        permitted: "B R G",
        variations: &["wild-cube Y"],
        ..BASE
    };
    assert_correct(&s.check("B =@Y R ; G"), &[2]);
}

// ---------------------------------------------------------------- Two Solutions

#[test]
fn xiii_d_14_two_solutions_second_has_a_new_card() {
    // B ∩ R = BR BRG; R ∩ G = RG BRG (RG is new).
    let s = Shake {
        goal: "2",
        resources: "B R G ∩",
        ..SENIOR_2S
    };
    assert_correct(&s.check("B ∩ R || R ∩ G"), &[2]);
    assert_correct(&s.check("B ∩ R\n||\nR ∩ G"), &[2]);
    // The same set twice.
    let v = s.check("B ∩ R || R ∩ B");
    assert_incorrect(&v, &["two-solutions"]);
}

#[test]
fn xiii_d_14_two_solutions_must_be_two() {
    let s = Shake {
        goal: "2",
        resources: "B R G Y ∩",
        ..SENIOR_2S
    };
    assert_incorrect(&s.check("B ∩ R"), &["two-solutions"]);
    assert_incorrect(&s.check("B ∩ R || R ∩ G || G ∩ B"), &["two-solutions"]);
}

#[test]
fn ruling_22_double_bar_without_two_solutions() {
    let s = Shake {
        division: "senior",
        goal: "2",
        resources: "B R G ∩",
        ..BASE
    };
    assert_incorrect(&s.check("B ∩ R || R ∩ G"), &["two-solutions-not-in-force"]);
}

#[test]
fn xiii_d_14_each_solution_checked_on_its_own() {
    // The second Solution has the wrong value: R ∩ V = 4.
    let s = Shake {
        goal: "2",
        resources: "B R G ∩ V",
        ..SENIOR_2S
    };
    let v = s.check("B ∩ R || R ∩ V");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"wrong-value"), "{v}");
    assert_eq!(v.values, vec![2, 4]);
}

#[test]
fn xiii_d_14_comment_a_os_e19_goal_zero() {
    // Both sets empty: no card in the second that is not in the first.
    let s = Shake {
        goal: "1+~1",
        resources: "B R G Y ∩",
        ..SENIOR_2S
    };
    let v = s.check("Y ∩ R || G ∩ Y");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![0]);
}

#[test]
fn xiii_d_14_comment_a_os_e20_goal_is_the_whole_universe() {
    let s = Shake {
        goal: "5*2",
        resources: "R R V ∪ Λ ′",
        ..SENIOR_2S
    };
    let v = s.check("V ∪ Λ || R ∪ R′");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![10]);
}

#[test]
fn xiii_d_14_comment_a_os_e21_double_set_needs_every_card() {
    // B doubled: the whole Universe counts 15; both Solutions name all cards.
    let s = Shake {
        goal: "5*3",
        resources: "R R V ∪ Λ ′",
        variations: &["two-solutions", "double-set B"],
        ..SENIOR_2S
    };
    let v = s.check("V ∪ Λ || R ∪ R′");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![15]);
}

#[test]
fn xiii_d_14_comment_b_each_solution_uses_cubes_correctly() {
    // The second Solution uses a Forbidden cube.
    let s = Shake {
        goal: "2",
        permitted: "B R ∩",
        forbidden: "G",
        ..SENIOR_2S
    };
    let v = s.check("B ∩ R || R ∩ G");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"forbidden-cube"), "{v}");
}

#[test]
fn xiii_d_14_comment_c_os_e17_now_each_solution_one_resources_cube() {
    // One uses R from Resources, the other G.
    let s = Shake {
        goal: "2",
        required: "B",
        permitted: "∩ ∩ ′",
        resources: "R G Y",
        situation: "now",
        ..SENIOR_2S
    };
    assert_correct(&s.check("B ∩ R || B ∩ G"), &[2]);
    // But one Solution may not use two Resources cubes (G and Y):
    // (B ∩ G) ∩ Y′ = BG BRG.
    let v = s.check("B ∩ R || (B ∩ G) ∩ Y′");
    assert_incorrect(&v, &["now-resources"]);
    assert_eq!(v.values, vec![2]);
}

#[test]
fn os_e18_impossible_different_resources_per_solution() {
    let s = Shake {
        goal: "2",
        resources: "B R G ∩ ∪ Y",
        ..SENIOR_2S
    };
    // R ∩ G = RG BRG; B ∩ Y... = BY (1): use Y ∪ (B ∩ ...): simply B ∩ R.
    assert_correct(&s.check("R ∩ G || B ∩ R"), &[2]);
    // Y ∪ Λ... : Y = Y BY (2), new cards.
    let s2 = Shake {
        resources: "B R G ∩ ∪ Y Λ",
        ..s
    };
    assert_correct(&s2.check("R ∩ G || Y ∪ Λ"), &[2]);
}

#[test]
fn xiii_d_14_comment_d_os_e22_wild_cube_per_solution() {
    // G wild: − in the first (B − Y = B BR BG BRG), ∪ in the second
    // ((R ∩ B) ∪ Y = BR BRG Y BY, Y is new).
    let s = Shake {
        goal: "4",
        resources: "B R Y G ∩",
        variations: &["two-solutions", "wild-cube G"],
        ..SENIOR_2S
    };
    assert_correct(&s.check("B −@G Y || (R ∩ B) ∪@G Y"), &[4]);
}

#[test]
fn xiii_d_14_comment_e_os_e23_blank_with_other_dots_is_the_same_card() {
    // blank BR: B ∩ R = BR BRG blank; blank BRG: B ∩ R = BR BRG blank again.
    let s = Shake {
        goal: "3",
        resources: "B R G ∩",
        variations: &["two-solutions", "blank-card-wild"],
        ..SENIOR_2S
    };
    let v = s.check("blank: BR ; B ∩ R || blank: BRG ; B ∩ R");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![3]);
    // R ∩ G with blank RG = RG BRG blank: RG is a new card.
    assert_correct(&s.check("blank: BR ; B ∩ R || blank: RG ; R ∩ G"), &[3]);
}

#[test]
fn xiii_d_14_comment_e_os_e24_goal_one_blank_twice() {
    // blank RY: R ∩ Y = the blank only; blank GY: G ∩ Y = the blank only.
    let s = Shake {
        goal: "1",
        resources: "R G Y ∩",
        variations: &["two-solutions", "blank-card-wild"],
        ..SENIOR_2S
    };
    let v = s.check("blank: RY ; R ∩ Y || blank: GY ; G ∩ Y");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![1]);
}

#[test]
fn xiii_d_14_comment_f_os_e25_required_card_goal_one() {
    // BR required, Goal 1: both Solutions must name exactly BR.
    let s = Shake {
        goal: "1",
        resources: "B R G ∩ − ′",
        variations: &["two-solutions", "required-card BR"],
        ..SENIOR_2S
    };
    let v = s.check("B ∩ R ∩ G′ || (B ∩ R) − G");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![1]);
}

#[test]
fn os_e26_required_card_in_double_set_goal_two() {
    let s = Shake {
        goal: "2",
        resources: "B R G ∩ − ′",
        variations: &["two-solutions", "required-card BR", "double-set B"],
        ..SENIOR_2S
    };
    let v = s.check("B ∩ R ∩ G′ || (B ∩ R) − G");
    assert_incorrect(&v, &["two-solutions"]);
    assert_eq!(v.values, vec![2]);
}

#[test]
fn xiii_d_14_comment_g_os_e27_absolute_value_per_solution() {
    // Goal 3 + ~2 is 1 or 5: B ∩ V names 5, (R ∩ G) − B names RG (1, new).
    let s = Shake {
        goal: "3+~2",
        resources: "B R G V ∩ −",
        variations: &["two-solutions", "absolute-value"],
        ..SENIOR_2S
    };
    assert_correct(&s.check("B ∩ V || (R ∩ G) − B"), &[1, 5]);
}

#[test]
fn xiii_d_14_comment_h_same_restriction_written_twice() {
    // B ⊆ R leaves R G Y BR RG BRG blank: B = BR BRG; R ∩ G = RG BRG.
    let s = Shake {
        goal: "2",
        resources: "B R G ∩ ⊆",
        ..SENIOR_2S
    };
    assert_correct(&s.check("B ⊆ R ; B || B ⊆ R ; R ∩ G"), &[2]);
}
