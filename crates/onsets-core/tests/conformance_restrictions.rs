//! Conformance: Restrictions (rules VI-B-1..3, VII-B-2; Basic and Elementary
//! use none; OS-E4, OS-E6).
//!
//! Universe used throughout (10 cards): B R G Y BR BG RG BRG BY blank.
//! Counts: B 5 (B BR BG BRG BY), R 4 (R BR RG BRG), G 4 (G BG RG BRG),
//! Y 2 (Y BY). The kit has three Restriction cubes (V Λ = ⊆ faces), so a
//! position shows at most three of V, Λ, =, ⊆.

mod common;
use common::*;

// ---------------------------------------------------------------- VI-B-2-a subset

#[test]
fn vi_b_2_a_subset_b_subset_r_prime() {
    // B ⊆ R′ removes the B cards that are R: BR BRG. B then names B BG BY = 3.
    let s = Shake {
        goal: "3",
        resources: "B R ′ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R′ ; B"), &[3]);
    assert_correct(&s.check("B < R' ; B"), &[3]);
}

#[test]
fn vi_b_2_a_subset_g_minus_y_subset_empty() {
    // G − Y ⊆ Λ removes G BG RG BRG. B then names B BR BY = 3.
    let s = Shake {
        goal: "3",
        resources: "B G Y − ⊆ Λ",
        ..BASE
    };
    assert_correct(&s.check("G − Y ⊆ Λ ; B"), &[3]);
}

#[test]
fn vi_b_2_a_subset_b_minus_r_subset_complement() {
    // B − R = B BG BY; (G ∩ V)′ = B R Y BR BY blank: BG is removed.
    // B then names B BR BRG BY = 4.
    let s = Shake {
        goal: "4",
        resources: "B R G − ∩ ′ ⊆ V",
        ..BASE
    };
    assert_correct(&s.check("B − R ⊆ (G ∩ V)′ ; B"), &[4]);
}

#[test]
fn vi_b_2_a_subset_b_u_y_subset_itself_removes_nothing() {
    // B ∪ Y ⊆ B ∪ Y removes nothing; B names 5. Each side needs its own
    // cubes: two B, two Y, two ∪ (ruling 3).
    let s = Shake {
        goal: "5",
        resources: "B B Y Y ∪ ∪ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ∪ Y ⊆ B ∪ Y ; B"), &[5]);
    let one_b = Shake {
        resources: "B Y Y ∪ ∪ ⊆",
        ..s
    };
    assert_incorrect(&one_b.check("B ∪ Y ⊆ B ∪ Y ; B"), &["cube-unavailable"]);
}

// ---------------------------------------------------------------- VI-B-2-b equals

#[test]
fn vi_b_2_b_equals_b_equals_r() {
    // B = R removes cards in exactly one of B, R: B R BG RG BY.
    // Remaining G Y BR BRG blank; G names G BRG = 2.
    let s = Shake {
        goal: "2",
        resources: "B R G =",
        ..BASE
    };
    assert_correct(&s.check("B = R ; G"), &[2]);
}

#[test]
fn vi_b_2_b_equals_g_minus_y_equals_universe() {
    // G − Y = V keeps G BG RG BRG; B names BG BRG = 2.
    let s = Shake {
        goal: "2",
        resources: "B G Y − = V",
        ..BASE
    };
    assert_correct(&s.check("G − Y = V ; B"), &[2]);
}

#[test]
fn vi_b_2_b_equals_complement_equals_difference() {
    // (B ∩ G)′ = all but BG BRG; Y − R = Y BY. Cards in exactly one side are
    // removed: B R G BR RG blank. Remaining Y BY BG BRG; R names BRG = 1.
    let s = Shake {
        goal: "1",
        resources: "B G Y R ∩ ′ − =",
        ..BASE
    };
    assert_correct(&s.check("(B ∩ G)′ = Y − R ; R"), &[1]);
}

#[test]
fn vi_b_2_b_equals_r_equals_r() {
    // R = R removes nothing; needs two R cubes. G names 4.
    let s = Shake {
        goal: "4",
        resources: "R R G =",
        ..BASE
    };
    assert_correct(&s.check("R = R ; G"), &[4]);
}

// ---------------------------------------------------------------- VI-B-2-c chains

#[test]
fn vi_b_2_c_chain_subset_subset() {
    // B ⊆ R ⊆ G: B ⊆ R removes B BG BY; R ⊆ G removes R BR.
    // Remaining G Y RG BRG blank; G′ names Y blank = 2.
    let s = Shake {
        goal: "2",
        resources: "B R G ′ ⊆ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ⊆ G ; G′"), &[2]);
}

#[test]
fn vi_b_2_c_chain_equals_equals() {
    // B = R = G: B = R removes B R BG RG BY; R = G removes R G BR BG.
    // Remaining Y BRG blank: V names 3.
    let s = Shake {
        goal: "3",
        resources: "B R G = = V",
        ..BASE
    };
    assert_correct(&s.check("B = R = G ; V"), &[3]);
}

#[test]
fn vi_b_2_c_chain_subset_equals() {
    // B ⊆ R = G: B ⊆ R removes B BG BY; R = G removes R G BR BG.
    // Remaining Y RG BRG blank: V names 4.
    let s = Shake {
        goal: "4",
        resources: "B R G ⊆ = V",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R = G ; V"), &[4]);
    // Not the same as B ⊆ (R = G) read some other way, nor as B ⊆ G:
    // B ⊆ G alone would leave 7 cards.
}

#[test]
fn vi_b_2_c_chain_equals_subset() {
    // B = R ⊆ G: B = R removes B R BG RG BY; R ⊆ G removes R BR.
    // Remaining G Y BRG blank; G names G BRG = 2.
    let s = Shake {
        goal: "2",
        resources: "B R G = ⊆",
        ..BASE
    };
    assert_correct(&s.check("B = R ⊆ G ; G"), &[2]);
    // Chains are read link by link, not as (B = R) ⊆ G on truth values.
}

#[test]
fn vi_b_2_c_ii_long_chain() {
    // B ⊆ R ⊆ G ⊆ Y: removes B BG BY; R BR; G BG RG BRG.
    // Remaining Y blank; Y′ names blank = 1.
    let s = Shake {
        goal: "1",
        resources: "B R G Y ′ ⊆ ⊆ ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ⊆ R ⊆ G ⊆ Y ; Y′"), &[1]);
}

// ---------------------------------------------------------------- VI-B-3

#[test]
fn vi_b_3_parentheses_around_whole_restriction_or_one_side() {
    // B ⊆ R ∪ G removes B BY. Remaining: B names BR BG BRG = 3.
    let s = Shake {
        goal: "3",
        resources: "B R G ∪ ⊆",
        ..BASE
    };
    for sol in [
        "B ⊆ R ∪ G ; B",
        "(B ⊆ R ∪ G) ; B",
        "B ⊆ (R ∪ G) ; B",
        "(B) ⊆ (R ∪ G) ; B",
        "[B ⊆ R ∪ G] ; B",
    ] {
        assert_correct(&s.check(sol), &[3]);
    }
}

#[test]
fn vi_b_3_comment_parentheses_around_part_of_a_chain_undefined() {
    let s = Shake {
        goal: "2",
        resources: "B R G ′ ⊆ ⊆ =",
        ..BASE
    };
    assert_incorrect(&s.check("(B ⊆ R) ⊆ G ; G′"), &["undefined"]);
    assert_incorrect(&s.check("B ⊆ (R ⊆ G) ; G′"), &["undefined"]);
    assert_incorrect(&s.check("B = (R ⊆ G) ; G′"), &["undefined"]);
}

#[test]
fn vi_b_3_comment_restriction_primed_undefined() {
    // (B = R)′ is inappropriate: a Restriction is not a set.
    let s = Shake {
        goal: "2",
        resources: "B R G ′ =",
        ..BASE
    };
    assert_incorrect(&s.check("(B = R)′ ; G"), &["undefined"]);
}

#[test]
fn vi_b_3_comment_examples_with_parentheses_inside_set_names() {
    // (R ∪ B) − G = V keeps B R BR BY; R names R BR = 2.
    let s = Shake {
        goal: "2",
        resources: "R B G ∪ − = V",
        ..BASE
    };
    assert_correct(&s.check("(R ∪ B) − G = V ; R"), &[2]);
    // B = (G ∪ R)′ ⊆ V: (G ∪ R)′ = B Y BY blank; cards in exactly one of
    // B-cards and that set are removed: BR BG BRG Y blank. Remaining
    // B R G RG BY; R names R RG = 2.
    let s = Shake {
        goal: "2",
        resources: "B G R ∪ ′ = ⊆ V",
        ..BASE
    };
    assert_correct(&s.check("B = (G ∪ R)′ ⊆ V ; R"), &[2]);
    // R′ = B ⊆ (R − Y) ∪ V: R′ = B G Y BG BY blank, removed with the B-cards:
    // G Y blank BR BRG. Remaining B R BG RG BY; B names B BG BY = 3.
    let s = Shake {
        goal: "3",
        resources: "R R B Y ′ − ∪ = ⊆ V",
        ..BASE
    };
    assert_correct(&s.check("R′ = B ⊆ (R − Y) ∪ V ; B"), &[3]);
}

// ---------------------------------------------------------------- VII-B-2

#[test]
fn vii_b_2_relation_cube_in_required_demands_a_restriction() {
    // G ∩ R = RG BRG = 2.
    let s = Shake {
        goal: "2",
        required: "=",
        permitted: "R R G ∩",
        ..BASE
    };
    assert_incorrect(&s.check("G ∩ R"), &["restriction-required"]);
    // R = R removes nothing: G ∩ R still names 2.
    assert_correct(&s.check("R = R ; G ∩ R"), &[2]);
}

#[test]
fn vii_b_2_subset_in_required_must_be_the_relation_used() {
    // ⊆ in Required: a Restriction using only = does not use it (VII-B-4-b).
    let s = Shake {
        goal: "2",
        required: "⊆",
        permitted: "R R G ∩ =",
        ..BASE
    };
    assert_incorrect(&s.check("R = R ; G ∩ R"), &["required-unused"]);
    assert_correct(&s.check("R ⊆ R ; G ∩ R"), &[2]);
}

#[test]
fn vii_b_2_restriction_optional_when_relation_cubes_only_permitted() {
    let s = Shake {
        goal: "2",
        permitted: "R G ∩ =",
        resources: "⊆ B",
        ..BASE
    };
    assert_correct(&s.check("G ∩ R"), &[2]);
    // ... and may be made: B = R leaves G Y BR BRG blank; G ∩ R = BRG.
    let s1 = Shake { goal: "1", ..s };
    assert_correct(&s1.check("B = R ; G ∩ R"), &[1]);
}

#[test]
fn basic_on_sets_uses_no_restrictions() {
    // Project reading of the 2026-27 Basic rules: no Restrictions in any division.
    for division in ["middle", "junior", "senior"] {
        let s = Shake {
            division,
            adventurous: false,
            goal: "2",
            resources: "B R G = ∩ V",
            ..BASE
        };
        assert_incorrect(&s.check("B = R ; G"), &["restriction-not-allowed"]);
        // The same position without the Restriction: G names 4.
        let s4 = Shake { goal: "4", ..s };
        assert_correct(&s4.check("G ∩ V"), &[4]);
    }
}

#[test]
fn i_b_2_d_elementary_uses_no_restrictions() {
    let s = Shake {
        division: "elementary",
        goal: "2",
        resources: "B R G ∩ V Λ",
        ..BASE
    };
    // Elementary rolls no = or ⊆ (II-A-3); a written Restriction is incorrect.
    let v = s.check("B ∩ R ⊆ V ; B ∩ R");
    assert!(!v.correct, "{v}");
    assert!(codes(&v).contains(&"restriction-not-allowed"), "{v}");
    assert_correct(&s.check("B ∩ R"), &[2]);
}

#[test]
fn ruling_19_elementary_stray_relation_cube_in_required_is_ignored() {
    // OS-A11: = and ⊆ cubes are not used in Elementary; treated like digit
    // cubes. A Set-Name alone is then a Solution.
    let s = Shake {
        division: "elementary",
        goal: "2",
        required: "= B",
        permitted: "R ∩",
        ..BASE
    };
    assert_correct(&s.check("B ∩ R"), &[2]);
}

#[test]
fn os_e6_set_name_may_be_written_before_the_restriction() {
    // B ⊆ R leaves R G Y BR RG BRG blank; B names BR BRG = 2.
    let s = Shake {
        goal: "2",
        resources: "B R ⊆",
        ..BASE
    };
    assert_correct(&s.check("B ; B ⊆ R"), &[2]);
    assert_correct(&s.check("B\nB ⊆ R"), &[2]);
}

#[test]
fn restrictions_are_used_in_junior_and_senior_too() {
    // Senior: at least ten cards; B ⊆ R leaves R G Y BR RG BRG blank.
    for division in ["junior", "senior"] {
        let s = Shake {
            division,
            goal: "2",
            resources: "B R ⊆",
            ..BASE
        };
        assert_correct(&s.check("B ⊆ R ; B"), &[2]);
    }
}
