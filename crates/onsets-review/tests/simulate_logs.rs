//! `onsets simulate --log-dir` (docs/review.md): the logs `simulate` keeps
//! replay through the engine and can be reviewed.

use onsets_bots::sim::{simulate, SimConfig};
use onsets_bots::Level;
use onsets_core::Division;
use onsets_engine::Match;

#[test]
fn simulated_matches_keep_logs_that_replay_and_review() {
    let mut cfg = SimConfig::new(vec![Level::Expert, Level::Club], Division::Middle, 10, 5);
    cfg.adventurous = false;
    cfg.keep_logs = true;
    let stats = simulate(&cfg, &mut |_| {}).unwrap();
    assert!(stats.matches >= 1);
    assert_eq!(
        stats.logs.len() as u64,
        stats.matches + 1,
        "the cut match too"
    );
    for log in &stats.logs {
        let m = Match::replay(log).expect("the log replays");
        let r = onsets_review::review(log).expect("the log reviews");
        assert!(!r.moves.is_empty());
        assert!(m.shake() >= 1);
    }
    // Without keep_logs nothing is kept.
    cfg.keep_logs = false;
    assert!(simulate(&cfg, &mut |_| {}).unwrap().logs.is_empty());
}
