//! Bot-only 1969 games (M69 §§2–3): every game ends, every bot act is
//! accepted, and the bots' challenges are ones they can prove.

use onsets_bots::manual1969::simulate_1969;
use onsets_core::Form1969;
use onsets_engine::manual1969::Game;

#[test]
fn m69_bot_games_basic_three_players_end_with_no_stuck_state() {
    let (stats, logs) = simulate_1969(Form1969::Basic, &[true, false, false], 6, 11, true).unwrap();
    assert_eq!(stats.stuck, 0, "{stats:?}");
    assert_eq!(stats.games, 6);
    assert_eq!(stats.plays, 18, "one play per player: {stats:?}");
    // Every log replays to a finished game with the same totals.
    for log in &logs {
        let g = Game::replay(&log.join("\n")).unwrap();
        assert!(g.is_over());
    }
    // The bots challenge only what they can prove.
    let challenges: u64 = stats.challenges.iter().sum();
    assert!(challenges > 0, "careless bots make Flubs: {stats:?}");
    assert_eq!(stats.challenger_won, challenges, "{stats:?}");
}

#[test]
fn m69_bot_games_two_and_four_players_and_advanced_end() {
    for (form, players) in [
        (Form1969::Basic, 2),
        (Form1969::Basic, 4),
        (Form1969::Advanced, 3),
    ] {
        let careful: Vec<bool> = (0..players).map(|p| p % 2 == 0).collect();
        let (stats, _) = simulate_1969(form, &careful, 2, 5, false).unwrap();
        assert_eq!(stats.stuck, 0, "{form:?} {players}: {stats:?}");
        assert_eq!(stats.plays, 2 * players as u64);
    }
}

/// The interim claims agree with themselves: every witness the solver gives
/// for Sol≤1 or Sol* is judged correct by the checker under the same
/// allowance, on every mat of a few bot games (Basic and Advanced).
#[test]
fn m69_every_witness_of_the_claims_passes_the_checker() {
    use onsets_engine::manual1969::{
        Action1969, Allowance, Claims, Header1969, Phase1969, SolverClaims,
    };
    let mut claims = SolverClaims::new();
    let mut checked = 0;
    for form in [Form1969::Basic, Form1969::Advanced] {
        let (_, logs) = simulate_1969(form, &[true, false, false], 2, 21, true).unwrap();
        for log in logs {
            let header: Header1969 = serde_json::from_str(&log[0]).unwrap();
            let (mut g, _) = Game::new(header).unwrap();
            for line in &log[1..] {
                let a: Action1969 = serde_json::from_str(line).unwrap();
                g = g.apply(a).unwrap().0;
                if !matches!(g.phase(), Phase1969::Moves { .. }) {
                    continue;
                }
                let x = g.position();
                for allowance in [Allowance::AtMostOne, Allowance::Any] {
                    if let Some(w) = claims.solution(&x, allowance) {
                        assert_eq!(
                            claims.check(&x, allowance, &w),
                            Ok(()),
                            "{w} in {}",
                            x.to_json()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 20, "{checked}");
}
