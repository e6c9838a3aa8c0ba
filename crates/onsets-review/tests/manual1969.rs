//! The review of 1969 games (M69 §§2–3; docs/review.md, "1969 games").

use onsets_bots::manual1969::simulate_1969;
use onsets_core::Form1969;
use onsets_review::{review_1969, review_log, AnyReview};

/// M69 3.8, 3.9: every challenge made in bot games (careful and careless
/// bots, both forms) is judged by the review as the game scored it.
#[test]
fn m69_3_8_every_challenge_in_bot_games_is_judged_as_the_game_scored_it() {
    let mut seen = 0;
    for (form, careful) in [
        (Form1969::Basic, vec![true, false]),
        (Form1969::Basic, vec![false, false, true]),
        (Form1969::Advanced, vec![false, true]),
    ] {
        let (_, logs) = simulate_1969(form, &careful, 6, 1969, true).expect("bots play");
        for log in logs {
            let text = log.join("\n");
            let r = review_1969(&text).expect("a bot game reviews");
            assert!(r.finished);
            for c in &r.challenges {
                seen += 1;
                assert_eq!(
                    c.agrees,
                    Some(true),
                    "challenge {c:?} in\n{text}"
                );
            }
            assert!(matches!(review_log(&text), Ok(AnyReview::Manual1969(_))));
            std::fs::write(format!("/tmp/r69/log{seen}.jsonl"), &text).ok();
        }
    }
    assert!(seen > 0, "the bots made no challenge");
}

#[test]
#[ignore]
fn print_reviews() {
    for e in std::fs::read_dir("/tmp/r69").unwrap() {
        let p = e.unwrap().path();
        let t = std::fs::read_to_string(&p).unwrap();
        println!("== {}\n{}", p.display(), review_1969(&t).unwrap());
    }
}
