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
