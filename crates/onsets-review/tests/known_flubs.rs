//! Reviews of matches whose Flubs are known by construction (docs/review.md).
//!
//! V-A: "A player may challenge ... immediately after a player moves a cube"
//! — a Mover who leaves a Solution that needs at most one more cube from
//! Resources (V-A-2, "Now") has flubbed; the next player who moves instead
//! of challenging has missed the chance.

use onsets_bots::Level;
use onsets_core::{Division, Section, Situation};
use onsets_engine::{Act, Action, Match, Phase, Place};
use onsets_review::botmatch::play_until;
use wire::review;

/// The JSON of a match review as docs/review.md documents it, read back
/// field by field (`deny_unknown_fields`): the one report type of every
/// edition keeps the match shape exactly.
#[allow(dead_code)] // every documented field is read, to deny unknown ones
mod wire {
    use onsets_engine::ChallengeKind;
    use serde::Deserialize;

    pub fn review(text: &str) -> Result<Review, onsets_review::ReviewError> {
        onsets_review::review(text)
            .map(|r| serde_json::from_value(r.to_json()).expect("the documented review shape"))
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Review {
        pub players: Vec<String>,
        pub moves: Vec<MoveReview>,
        pub missed_challenges: Vec<MissedChallenge>,
        pub challenges: Vec<ChallengeReview>,
        pub goals: Vec<GoalReview>,
        pub summary: Vec<PlayerSummary>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct MoveReview {
        pub shake: u32,
        pub line: usize,
        pub player: usize,
        pub mv: String,
        pub position_after: serde_json::Value,
        pub now_correct: bool,
        pub impossible_correct: bool,
        pub class: String,
        pub witness: Option<String>,
        pub best_alternative: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct MissedChallenge {
        pub shake: u32,
        pub after_move: usize,
        pub kind: ChallengeKind,
        pub players: Vec<usize>,
        pub witness: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ChallengeReview {
        pub shake: u32,
        pub line: usize,
        pub player: usize,
        pub kind: ChallengeKind,
        pub correct: bool,
        pub witness: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GoalReview {
        pub shake: u32,
        pub line: usize,
        pub player: usize,
        pub goal: String,
        pub solvable: bool,
        pub allowed: Vec<GoalChoice>,
        pub solvable_count: usize,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GoalChoice {
        pub goal: String,
        pub values: Vec<i64>,
        pub solvable: bool,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct PlayerSummary {
        pub name: String,
        pub moves: usize,
        pub safe_moves: usize,
        pub flubs: usize,
        pub missed_chances: usize,
        pub correct_challenges: usize,
        pub incorrect_challenges: usize,
        pub accuracy: Option<f64>,
    }
}
use onsets_solver::analysis::{classify_moves_with, Class, MoveKind, MoveOptions};

fn place(s: Section) -> Place {
    match s {
        Section::Required => Place::Required,
        Section::Permitted => Place::Permitted,
        _ => Place::Forbidden,
    }
}

/// The Moves-phase turn, if any.
fn turn(m: &Match) -> Option<usize> {
    match m.phase() {
        Phase::Moves {
            turn, bonus: None, ..
        } => Some(*turn),
        _ => None,
    }
}

fn position(m: &Match) -> onsets_core::Position {
    let goal = m.goal().unwrap().goal().unwrap();
    m.position(Situation::Impossible, goal)
}

/// A regular move (no bonus) of the given class from the current mat, as an
/// engine action.
fn find_move(m: &Match, player: usize, class: Class) -> Option<Act> {
    let c = classify_moves_with(&position(m), MoveOptions { bonus: false })
        .into_iter()
        .find(|c| c.class == class && c.mv.kind == MoveKind::FromResources)?;
    let cube = m
        .cubes()
        .iter()
        .find(|x| x.place == Place::Resources && x.face == c.mv.cube)?
        .id;
    Some(Act::Move {
        player,
        cube,
        to: place(c.mv.to),
        bonus: false,
    })
}

fn push(log: &mut String, m: &mut Match, act: Act) {
    let a = Action {
        at_ms: m.now_ms() + 1_000,
        act,
    };
    *m = m.apply(a.clone()).expect("a legal action").0;
    log.push_str(&serde_json::to_string(&a).unwrap());
    log.push('\n');
}

#[test]
fn v_a_2_mover_leaves_a_now_and_the_next_player_moves_instead() {
    for seed in 1..40u64 {
        // Bots play until a Mover could leave a Now (and the next player
        // then has a safe move to make instead of challenging).
        let found = play_until(
            &[Level::Expert, Level::Club],
            Division::Middle,
            false,
            seed,
            &mut |m| turn(m).is_some_and(|p| find_move(m, p, Class::NowWins).is_some()),
        );
        let Ok((mut m, mut log)) = found else {
            continue;
        };
        let Some(mover) = turn(&m) else { continue };
        let flub = find_move(&m, mover, Class::NowWins).unwrap();
        push(&mut log, &mut m, flub);
        let Some(next) = turn(&m) else { continue };
        let Some(answer) = find_move(&m, next, Class::Safe)
            .or_else(|| find_move(&m, next, Class::ImpossibleWins))
            .or_else(|| find_move(&m, next, Class::NowWins))
        else {
            continue;
        };
        push(&mut log, &mut m, answer);

        let r = review(&log).expect("the log replays");
        let k = r.moves.len() - 2;
        let flubbed = &r.moves[k];
        assert_eq!(flubbed.player, mover);
        assert_eq!(flubbed.class, "now-wins", "{log}");
        assert!(flubbed.now_correct);
        assert!(flubbed.witness.is_some());
        let missed = r
            .missed_challenges
            .iter()
            .find(|x| x.after_move == k)
            .expect("the missed Now is named");
        assert_eq!(missed.kind, onsets_engine::ChallengeKind::Now);
        assert!(missed.players.contains(&next));
        assert!(!missed.players.contains(&mover));
        assert!(r.summary[mover].flubs >= 1);
        assert!(r.summary[next].missed_chances >= 1);
        let one = onsets_review::review(&log).expect("the log replays");
        let text = one.to_string();
        assert!(text.contains("FLUB: leaves a Now"), "{text}");
        assert!(
            text.contains("missed: a Now challenge would have won"),
            "{text}"
        );
        let json = one.to_json();
        assert_eq!(json["moves"][k]["now_correct"], true);
        assert!(json["moves"][k]["position_after"]["universe"].is_string());
        return;
    }
    panic!("no seed gave a position where a Now could be left");
}

#[test]
fn a_bot_match_reviews_and_every_move_has_its_position() {
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Expert, Level::Club],
        Division::Middle,
        false,
        3,
    )
    .unwrap();
    let r = review(&log).unwrap();
    assert!(!r.moves.is_empty());
    assert!(!r.goals.is_empty());
    for m in &r.moves {
        assert_eq!(m.class == "now-wins", m.now_correct);
        if m.class == "safe" {
            assert!(!m.now_correct && !m.impossible_correct);
            assert!(m.best_alternative.is_none());
        }
        assert!(m.position_after.is_object());
    }
    let total: usize = r.summary.iter().map(|s| s.moves).sum();
    assert_eq!(total, r.moves.len());
}

#[test]
fn a_broken_log_names_its_line() {
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Expert, Level::Club],
        Division::Middle,
        false,
        3,
    )
    .unwrap();
    let mut lines: Vec<&str> = log.lines().collect();
    lines.insert(3, "{not json");
    let e = review(&lines.join("\n")).unwrap_err();
    assert!(e.to_string().starts_with("line 4:"), "{e}");
    assert!(review("").is_err());
}

/// III-D: a "no Goal" declaration and its challenge are judged against every
/// Goal the rolled digits allowed.
#[test]
fn iii_d_no_goal_declaration_and_challenge_are_judged() {
    let (mut m, mut log) = play_until(
        &[Level::Expert, Level::Club],
        Division::Middle,
        false,
        4,
        &mut |m| matches!(m.phase(), Phase::Goal { .. }),
    )
    .unwrap();
    let setter = m.goal_setter();
    push(&mut log, &mut m, Act::DeclareNoGoal { player: setter });
    let other = (setter + 1) % 2;
    push(
        &mut log,
        &mut m,
        Act::Challenge {
            player: other,
            kind: onsets_engine::ChallengeKind::NoGoal,
        },
    );
    let r = review(&log).unwrap();
    let g = r.goals.last().unwrap();
    assert_eq!(g.goal, "no Goal");
    assert!(!g.solvable);
    assert!(!g.allowed.is_empty());
    let c = r.challenges.last().unwrap();
    assert_eq!(c.kind, onsets_engine::ChallengeKind::NoGoal);
    // The challenge is right exactly when some allowed Goal is solvable.
    assert_eq!(c.correct, g.solvable_count > 0);
    let text = onsets_review::review(&log).unwrap().to_string();
    assert!(text.contains("declared no Goal"));
}
