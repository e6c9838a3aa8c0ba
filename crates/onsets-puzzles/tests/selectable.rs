//! Only selectable variations (II-C-2): no puzzle shows a variation that a
//! player could not have chosen for its shake, e.g. No Null Restrictions
//! with no = or ⊆ cube rolled, or Wild Cube of a symbol not rolled.

use onsets_core::{InForce, Position};
use onsets_puzzles::{deal, generate, Config, Kind, Source};

#[test]
fn no_null_restrictions_needs_a_restriction_cube() {
    let json = |cubes: &str| {
        format!(
            r#"{{"division":"middle","adventurous":true,"universe":"B R G BR BG RG","goal":"3",
            "required":"","permitted":"","forbidden":"","resources":"{cubes}",
            "variations":["no-null-restrictions"],"situation":"impossible"}}"#
        )
    };
    let without = Position::from_json(&json("3 4 5 B R G Y B R G Y ∪ ∩ − ′ V Λ V")).unwrap();
    assert!(!deal::selectable(&without));
    let with = Position::from_json(&json("3 4 5 B R G Y B R G Y ∪ ∩ − ′ V Λ =")).unwrap();
    assert!(deal::selectable(&with));
}

#[test]
fn every_puzzle_shows_only_selectable_variations() {
    let mut shown = 0;
    for kind in [Kind::Solve, Kind::Challenge, Kind::SafeMove, Kind::Goal] {
        for seed in 1..=3u64 {
            let mut cfg = Config::new(kind, 4, seed);
            cfg.source = if seed % 2 == 0 {
                Source::Both
            } else {
                Source::Generated
            };
            for p in generate(&cfg).expect("enough puzzles") {
                let position = p.position().unwrap();
                shown += position.variations().len();
                let f = InForce::of(&position);
                assert!(
                    f.ignored.is_empty(),
                    "{} seed {seed}: {:?}",
                    p.id,
                    f.ignored
                );
            }
        }
    }
    assert!(shown > 0, "some puzzles have variations");
}
