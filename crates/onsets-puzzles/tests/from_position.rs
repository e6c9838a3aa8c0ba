//! `puzzle_from_position` (docs/classes.md, "The classroom board"): a
//! position given from outside gets the answer the generator's makers prove,
//! and a position they would not keep is refused with the reason.

use onsets_puzzles::{generate, judge, puzzle_from_position, Config, Kind, PositionError};

#[test]
fn a_generated_puzzles_position_gives_back_the_same_puzzle() {
    for kind in [Kind::Challenge, Kind::SafeMove, Kind::Solve] {
        for p in generate(&Config::new(kind, 2, 11)).expect("puzzles") {
            let position = p.position().expect("a position");
            let again = puzzle_from_position(kind, &position).expect("kept again");
            assert_eq!(
                (&again.id, &again.answer, &again.explanation),
                (&p.id, &p.answer, &p.explanation),
                "{kind}"
            );
            assert_eq!(again.source, "position");
            if let Some(right) = p.answer.as_str() {
                assert!(judge(&again, right).unwrap().correct);
            }
        }
    }
}

#[test]
fn kinds_not_asked_of_a_position_and_trivial_positions_are_refused() {
    let p = generate(&Config::new(Kind::Challenge, 1, 3)).unwrap()[0]
        .position()
        .unwrap();
    assert!(matches!(
        puzzle_from_position(Kind::Goal, &p),
        Err(PositionError::Unsupported(_))
    ));
    // a position with fewer than two Resources cubes asks no challenge
    let mut raw = p.to_raw();
    raw.resources = String::new();
    let bare = onsets_core::Position::from_raw(&raw).expect("a position");
    let e = puzzle_from_position(Kind::Challenge, &bare).unwrap_err();
    assert!(matches!(e, PositionError::NoQuestion { .. }), "{e}");
    assert!(e.to_string().contains("two Resources cubes"), "{e}");
}
