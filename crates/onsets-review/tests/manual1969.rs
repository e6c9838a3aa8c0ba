//! The review of 1969 games (M69 §§2–3; docs/review.md, "1969 games").

use onsets_bots::manual1969::simulate_1969;
use onsets_core::Form1969;
use onsets_core::{Division, Edition};
use onsets_engine::manual1969::{
    face_1969, Act1969, Action1969, Claim, Game, Header1969, Settings1969, FORMAT_1969,
};
use onsets_engine::{Dice, MatchConfig, Place, ShakeDice};
use wire::{review_1969, Review1969};

/// The JSON of a 1969 review as docs/review.md ("1969 games") documents it,
/// read back field by field (`deny_unknown_fields`): the one report type of
/// every edition keeps the 1969 shape exactly.
#[allow(dead_code)] // every documented field is read, to deny unknown ones
mod wire {
    use onsets_engine::manual1969::{Alternative, Claim, PlayLine};
    use serde::Deserialize;

    pub fn review_1969(text: &str) -> Result<Review1969, onsets_review::ReviewError> {
        onsets_review::review(text)
            .map(|r| serde_json::from_value(r.to_json()).expect("the documented 1969 review shape"))
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Review1969 {
        pub edition: String,
        pub form: String,
        pub players: Vec<String>,
        pub moves: Vec<MoveReview1969>,
        pub missed_challenges: Vec<MissedChallenge1969>,
        pub challenges: Vec<ChallengeReview1969>,
        pub assertions: Vec<AssertionReview1969>,
        pub goals: Vec<GoalReview1969>,
        pub score_sheet: Vec<PlayLine>,
        pub totals: Vec<i32>,
        pub finished: bool,
        pub summary: Vec<PlayerSummary1969>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct MoveReview1969 {
        pub play: u32,
        pub index: usize,
        pub line: usize,
        pub player: usize,
        pub goal_play: bool,
        pub mv: String,
        pub position_after: serde_json::Value,
        pub one_more_solution: Option<String>,
        pub possible: bool,
        pub correct_claims: Vec<Claim>,
        pub flub: Option<Claim>,
        pub chain_head: Option<usize>,
        pub alternative: Option<Alternative>,
        pub alternative_text: Option<String>,
        pub better: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct MissedChallenge1969 {
        pub play: u32,
        pub after_move: Option<usize>,
        pub claims: Vec<Claim>,
        pub players: Vec<usize>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ChallengeReview1969 {
        pub play: u32,
        pub line: usize,
        pub challenger: usize,
        pub mover: usize,
        pub claim: Claim,
        pub against_move: Option<usize>,
        pub correct: bool,
        pub proof: Option<String>,
        pub alternative: Option<Alternative>,
        pub game_challenger_won: Option<bool>,
        pub points: Option<Vec<i32>>,
        pub agrees: Option<bool>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct AssertionReview1969 {
        pub play: u32,
        pub line: usize,
        pub player: usize,
        pub correct: bool,
        pub witness: Option<String>,
        pub points: Option<Vec<i32>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GoalReview1969 {
        pub play: u32,
        pub line: usize,
        pub player: usize,
        pub goal: String,
        pub possible: bool,
        pub safe: bool,
        pub allowed: Vec<GoalChoice1969>,
        pub possible_count: usize,
        pub safe_count: usize,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GoalChoice1969 {
        pub goal: String,
        pub values: Vec<i64>,
        pub possible: bool,
        pub safe: bool,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct PlayerSummary1969 {
        pub name: String,
        pub moves: usize,
        pub sound_moves: usize,
        pub flubs: usize,
        pub missed_chances: usize,
        pub correct_challenges: usize,
        pub incorrect_challenges: usize,
        pub correct_assertions: usize,
        pub incorrect_assertions: usize,
        pub accuracy: Option<f64>,
        pub score: i32,
    }
}

const A: usize = 0;
const B: usize = 1;

/// A two-player, one-play game with fixed faces and Universe.
fn header(faces: &str, cards: &str) -> Header1969 {
    let mut config = MatchConfig::new(7, &["A", "B"], Division::Middle, false);
    config.edition = Edition::Manual1969(Form1969::Basic);
    config.dice = Some(Dice {
        first_setter: Some(A),
        coins: Vec::new(),
        shakes: vec![ShakeDice {
            faces: Some(faces.into()),
            cards: Some(cards.into()),
        }],
    });
    Header1969 {
        format: FORMAT_1969.into(),
        config,
        settings: Settings1969 {
            plays: Some(1),
            ..Settings1969::default()
        },
    }
}

struct Play {
    g: Game,
    t: u64,
}

impl Play {
    fn new(faces: &str, cards: &str) -> Play {
        let (g, _) = Game::new(header(faces, cards)).expect("header");
        let mut p = Play { g, t: 0 };
        let (dealer, shaker) = (p.g.dealer(), p.g.shaker());
        p.ok(Act1969::Deal {
            player: dealer,
            count: 6,
        });
        p.ok(Act1969::Roll { player: shaker });
        p
    }
    fn ok(&mut self, act: Act1969) {
        self.t += 1000;
        let shown = format!("{act:?}");
        self.g = self
            .g
            .apply(Action1969 { at_ms: self.t, act })
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"))
            .0;
    }
    fn mv(&mut self, player: usize, face: &str, to: Place) {
        let cube = self
            .g
            .cubes()
            .iter()
            .find(|c| c.place == Place::Resources && face_1969(c.face) == face)
            .unwrap_or_else(|| panic!("no {face} in Resources"))
            .id;
        self.ok(Act1969::Move {
            player,
            cube,
            to,
            bonus: false,
        });
    }
    fn review(&self) -> Review1969 {
        review_1969(&self.g.log_lines().join("\n")).expect("the log reviews")
    }
}

/// Universe R B G O RB BG; Goal 1 (A); B puts R in Permitted; A puts B in
/// Permitted: now R − B (one card, R) needs only the − from Resources.
fn a_claim_flub() -> Play {
    let mut p = Play::new("R B G ∪ − ′ 1 2 3", "R B G O RB BG");
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1".into(),
    });
    p.mv(B, "R", Place::Permitted);
    p.mv(A, "B", Place::Permitted);
    p
}

/// M69 3.5 A, comment 2; 3.7 comment 3: a move that allows a Solution with
/// one more cube when another move would not have (and would keep one
/// possible) is an A-claim Flub. The review says so, shows the alternative,
/// and that alternative, written by the Challenger with the review's
/// Solution, is sustained by the game.
#[test]
fn m69_3_5_a_claim_flub_shown_with_the_alternative_the_game_sustains() {
    let mut p = a_claim_flub();
    let r = p.review();
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.moves[0].flub, None, "Goal 1 is sound: {:?}", r.moves[0]);
    assert_eq!(r.moves[1].flub, None, "{:?}", r.moves[1]);
    let m = &r.moves[2];
    assert_eq!(m.player, A);
    assert_eq!(m.flub, Some(Claim::A), "{m:?}");
    assert!(m.correct_claims.contains(&Claim::A));
    assert!(!m.correct_claims.contains(&Claim::P));
    let solution = m.one_more_solution.clone().expect("Sol≤1");
    let alt = m.alternative.clone().expect("the alternative");
    assert_eq!(alt.play, Some(2));
    assert!(m.better.is_some());
    // The Challenger writes what the review found: the game sustains it.
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::A,
    });
    p.ok(Act1969::Write {
        player: B,
        solution,
        goal: None,
        alternative: Some(alt),
    });
    assert_eq!(p.g.history()[0].points, vec![0, 2]);
    let r = p.review();
    let c = &r.challenges[0];
    assert_eq!((c.challenger, c.mover, c.claim), (B, A, Claim::A));
    assert!(c.correct);
    assert_eq!(c.game_challenger_won, Some(true));
    assert_eq!(c.agrees, Some(true));
    assert!(r.missed_challenges.is_empty());
    assert_eq!(r.totals, vec![0, 2]);
    assert_eq!(r.summary[B].correct_challenges, 1);
    assert_eq!(r.summary[A].flubs, 1);
    // M69 3.8: the review's score sheet names the players by name, never
    // by seat number.
    let note = &r.score_sheet[0].note;
    assert!(note.contains("A-claim by B against A"), "{note}");
    assert!(!note.contains("player "), "{note}");
    assert_eq!(r.summary[B].name, "B");
}

/// M69 3.5 C, comment 3: "once a Flub is made, every subsequent move is a
/// Flub". B moves instead of challenging A's A-claim Flub: B's move is a
/// C-claim Flub stemming from A (a Solution with one more cube still
/// exists), A's Flub is a missed challenge, and so is B's when A moves on.
/// B then asserts a Solution with one more cube (3.10 A): correct.
#[test]
fn m69_3_5_c_missed_c_claim_after_an_unchallenged_a_claim_flub() {
    let mut p = a_claim_flub();
    p.mv(B, "G", Place::Forbidden);
    p.mv(A, "∪", Place::Forbidden);
    p.ok(Act1969::Assert { player: B });
    p.ok(Act1969::Write {
        player: B,
        solution: "R − B".into(),
        goal: None,
        alternative: None,
    });
    p.ok(Act1969::Decline { player: A });
    let r = p.review();
    assert_eq!(r.moves.len(), 5);
    // B's move keeps R − B one cube away: a C-claim Flub stemming from A's
    // (and, since B could have put ∪ in Required instead, an A-claim Flub of
    // its own, which the review names first).
    let b = &r.moves[3];
    assert!(b.flub.is_some(), "{b:?}");
    assert!(b.correct_claims.contains(&Claim::CFromA), "{b:?}");
    let a4 = &r.moves[4];
    assert!(a4.flub.is_some(), "{a4:?}");
    assert!(a4.correct_claims.contains(&Claim::CFromA), "{a4:?}");
    let missed: Vec<(Option<usize>, Vec<usize>)> = r
        .missed_challenges
        .iter()
        .map(|m| (m.after_move, m.players.clone()))
        .collect();
    assert_eq!(
        missed,
        vec![(Some(2), vec![B]), (Some(3), vec![A]), (Some(4), vec![B])]
    );
    assert_eq!(r.missed_challenges[0].claims, vec![Claim::A]);
    assert!(r.missed_challenges[1].claims.contains(&Claim::CFromA));
    let a = &r.assertions[0];
    assert!(a.correct);
    assert_eq!(a.points, Some(vec![0, 1]));
    assert_eq!(r.summary[A].missed_chances, 1);
    assert_eq!(r.summary[B].missed_chances, 2);
    assert_eq!(r.summary[B].correct_assertions, 1);
}

/// M69 3.5 P, §5 c: Goal 0 (`1+~1`) with only colors and ∪: no Solution can
/// be built; the P-claim challenge is correct, the Mover cannot write one,
/// and the review judges it as the game scored it (3.9: Challenger 2).
#[test]
fn m69_5_c_p_claim_challenge_judged_correct() {
    let mut p = Play::new("O O R B G ∪ ∪ ∪ O 1 5 1", "R B G O RB BGO");
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1+~1".into(),
    });
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::P,
    });
    p.ok(Act1969::Write {
        player: A,
        solution: "O ∪ R".into(),
        goal: None,
        alternative: None,
    });
    let r = p.review();
    let m = &r.moves[0];
    assert!(m.goal_play);
    assert_eq!(m.flub, Some(Claim::P));
    assert!(!m.possible);
    let g = &r.goals[0];
    assert_eq!(g.goal, "1+~1");
    assert!(!g.possible);
    assert!(g.possible_count > 0, "another Goal had a Solution: {g:?}");
    assert!(m.better.as_deref().unwrap_or("").starts_with("Goal "));
    let c = &r.challenges[0];
    assert_eq!(c.claim, Claim::P);
    assert!(c.correct);
    assert_eq!(c.proof, None, "no Solution for the Mover to write");
    assert_eq!(c.points, Some(vec![0, 2]));
    assert_eq!(c.agrees, Some(true));
}

/// M69 3.5 P: a P-claim challenge of a sound Goal is incorrect; the Mover
/// writes the Solution the review names and the game agrees (3.9: Mover 2).
#[test]
fn m69_3_7_p_claim_challenge_of_a_sound_goal_is_incorrect() {
    let mut p = Play::new("R B G ∪ − ′ 1 2 3", "R B G O RB BG");
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1".into(),
    });
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::P,
    });
    let proof = p.review().challenges[0].proof.clone().expect("a Solution");
    p.ok(Act1969::Write {
        player: A,
        solution: proof,
        goal: None,
        alternative: None,
    });
    let r = p.review();
    let c = &r.challenges[0];
    assert!(!c.correct);
    assert_eq!(c.game_challenger_won, Some(false));
    assert_eq!(c.agrees, Some(true));
    assert_eq!(r.totals, vec![2, 0]);
    assert_eq!(r.summary[B].incorrect_challenges, 1);
}

/// M69 3.1, 3.5 A: "No Goal" when a Goal had a Solution is a Flub; let
/// stand by everyone (3.10 B), it is a missed No-Goal challenge.
#[test]
fn m69_3_5_a_unchallenged_no_goal_flub_is_a_missed_chance() {
    let mut p = Play::new("R B G ∪ − ′ 1 2 3", "R B G O RB BG");
    p.ok(Act1969::DeclareNoGoal { player: A });
    p.ok(Act1969::AcceptNoGoal { player: B });
    let r = p.review();
    let g = &r.goals[0];
    assert_eq!(g.goal, "No Goal");
    assert!(g.possible, "some Goal had a Solution");
    assert_eq!(r.missed_challenges.len(), 1);
    assert_eq!(r.missed_challenges[0].after_move, None);
    assert_eq!(r.missed_challenges[0].claims, vec![Claim::NoGoal]);
    assert_eq!(r.missed_challenges[0].players, vec![B]);
    assert_eq!(r.totals, vec![1, 1]);
}

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
                assert_eq!(c.agrees, Some(true), "challenge {c:?} in\n{text}");
            }
            let one = onsets_review::review(&text).expect("the one review");
            assert!(one.manual1969().is_some());
        }
    }
    assert!(seen > 0, "the bots made no challenge");
}

/// M69 3.5 comment 2: a move forced to allow a Solution with one more cube
/// (every other move breaks P) is no A-claim violation, so no C-claim chain
/// begins there. A C-claim from A whose alternative replaces an earlier play
/// that was sound (here the Goal, as it was set) is not sustained: the game
/// refuses the proof (the named play allowed no Solution with one more cube)
/// and the review judges the challenge incorrect; they agree.
#[test]
fn m69_3_5_comment_2_a_forced_move_begins_no_chain_game_and_review_agree() {
    let (_, logs) = simulate_1969(Form1969::Basic, &[true, true], 12, 69, true).expect("bots play");
    for log in logs {
        let text = log.join("\n");
        let r = review_1969(&text).expect("reviews");
        // A sound move after which Sol≤1 holds, answered by an assertion, in
        // a round whose Goal left a safe mat.
        let Some(a) = r.assertions.first() else {
            continue;
        };
        let Some(i) = r.moves.iter().rposition(|m| m.line < a.line) else {
            continue;
        };
        let m = &r.moves[i];
        let goal_i = r.moves[..=i].iter().rposition(|g| g.goal_play).unwrap();
        let goal = &r.moves[goal_i];
        if m.goal_play
            || m.flub.is_some()
            || m.one_more_solution.is_none()
            || goal.flub.is_some()
            || goal.one_more_solution.is_some()
            || r.moves[goal_i..i].iter().any(|x| x.flub.is_some())
        {
            continue;
        }
        let goal_text = goal.mv.trim_start_matches("Goal ").to_string();
        if goal.mv.contains("bonus") {
            continue;
        }
        let mut lines: Vec<String> = log[..a.line - 1].to_vec();
        let t: u64 = serde_json::from_str::<serde_json::Value>(lines.last().unwrap()).unwrap()
            ["at_ms"]
            .as_u64()
            .unwrap();
        lines.push(
            serde_json::json!({"at_ms": t + 1000, "type": "challenge", "player": a.player, "claim": "c_from_a"})
                .to_string(),
        );
        lines.push(
            serde_json::json!({"at_ms": t + 2000, "type": "write", "player": a.player,
                "solution": m.one_more_solution.clone().unwrap(),
                "alternative": {"play": 0, "goal": goal_text}})
            .to_string(),
        );
        let r = review_1969(&lines.join("\n")).expect("the challenge replays");
        let c = r.challenges.last().expect("the challenge");
        assert_eq!(c.claim, Claim::CFromA);
        assert!(!c.correct, "no Flub began a chain: {c:?}");
        assert_eq!(
            c.game_challenger_won,
            Some(false),
            "the game does not sustain it"
        );
        assert_eq!(c.agrees, Some(true));
        return;
    }
    panic!("no forced move answered by an assertion in these games");
}

/// No panic on input: every prefix of a bot game's log reviews, and a log
/// with any one line left out either reviews or is refused with the line
/// named (M69 2–3 through the engine; exit 1 or 2 at the CLI).
#[test]
fn m69_every_prefix_reviews_and_a_missing_line_is_refused_by_line() {
    let (_, logs) = simulate_1969(Form1969::Basic, &[true, false], 1, 4, true).expect("bots play");
    let log = &logs[0];
    for k in 1..=log.len() {
        review_1969(&log[..k].join("\n")).expect("a prefix replays");
    }
    for drop in 1..log.len() {
        let mut lines = log.clone();
        lines.remove(drop);
        match review_1969(&lines.join("\n")) {
            Ok(_) => {}
            Err(onsets_review::ReviewError::Rejected { line, .. })
            | Err(onsets_review::ReviewError::Unreadable { line, .. }) => {
                assert!(line >= 1 && line <= lines.len(), "line {line}")
            }
        }
    }
    // Not a log at all.
    assert!(matches!(
        review_1969("{\"format\": \"onsets-1969/1\"}"),
        Err(onsets_review::ReviewError::Unreadable { line: 1, .. })
    ));
    assert!(matches!(
        review_1969(""),
        Err(onsets_review::ReviewError::Unreadable { line: 1, .. })
    ));
}
