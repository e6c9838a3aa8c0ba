//! docs/editions.md: whole 2019-20 matches played by bots (MLAG Basic and MLAG
//! Adventurous): no rejected act, no fallback, no stuck state, no time
//! penalty, every match replays from its log, and every scoresheet line is a
//! score the 2019-20 rules can give (X-B, X-C, III-D-2, XI-B; 0 only for an
//! absent player, X-D).

use onsets_bots::sim::{simulate, SimConfig};
use onsets_bots::Level;
use onsets_core::{Division, Edition};
use onsets_engine::{CheckingMode, Event, Match, Phase, ReplayEvent};

fn play19(levels: &[Level], division: Division, adventurous: bool, shakes: u64, seed: u64) {
    play19_checked(
        levels,
        division,
        adventurous,
        shakes,
        seed,
        CheckingMode::Judge,
    );
}

fn play19_checked(
    levels: &[Level],
    division: Division,
    adventurous: bool,
    shakes: u64,
    seed: u64,
    checking: CheckingMode,
) {
    let mut cfg = SimConfig::new(levels.to_vec(), division, shakes, seed);
    cfg.edition = Edition::Mlag2019;
    cfg.adventurous = adventurous;
    cfg.checking = checking;
    cfg.keep_logs = true;
    let s = simulate(&cfg, &mut |_| {}).unwrap();
    assert_eq!(s.rejections, 0, "{:?}", s.rejection_examples);
    assert_eq!(s.fallbacks, 0);
    assert!(s.shakes >= shakes);
    for (l, x) in &s.levels {
        assert_eq!(x.penalties, 0, "{l} was penalised");
    }
    assert!(!s.logs.is_empty());
    let mut finished = 0;
    let mut relation_rolled = false;
    for log in &s.logs {
        let (m, events) = Match::replay_with_events(log);
        let m = m.unwrap_or_else(|e| panic!("a 2019-20 log does not replay: {e}"));
        assert_eq!(m.config().edition, Edition::Mlag2019);
        relation_rolled |= events.iter().any(|ReplayEvent { event, .. }| {
            matches!(event, Event::Rolled { faces } if faces[15..].iter().any(|f| f == "=" || f == "⊆"))
        });
        let n = m.n();
        for r in m.history() {
            for &p in &r.points {
                assert!([2, 4, 6].contains(&p) || (r.void && p == 0), "{r:?}");
            }
            if !r.void && n == 3 {
                // Two players can never both score 6 beside a third's 6.
                assert!(r.points.iter().filter(|p| **p == 6).count() <= 2, "{r:?}");
            }
        }
        if *m.phase() == Phase::Over {
            finished += 1;
            let totals = m.totals();
            let sum: Vec<i32> = (0..n)
                .map(|p| {
                    m.history()
                        .iter()
                        .map(|r| r.points[p] + r.penalties[p])
                        .sum()
                })
                .collect();
            assert_eq!(totals, sum);
            assert!(m.match_points().is_some());
        }
    }
    assert!(finished > 0, "no 2019-20 match finished");
    // B19 II-A: the Restriction cubes are rolled, so = and ⊆ turn up; where
    // they are set out as V and Λ (A19 Elementary) they never do.
    assert_eq!(
        relation_rolled,
        !adventurous || division != Division::Elementary
    );
}

#[test]
fn b19_whole_matches_three_bots() {
    use Level::*;
    play19(&[Expert, Club, Beginner], Division::Junior, false, 40, 21);
}

#[test]
fn b19_whole_matches_two_bots() {
    use Level::*;
    play19(&[Strong, Beginner], Division::Senior, false, 30, 22);
}

#[test]
fn a19_whole_matches_three_bots() {
    use Level::*;
    play19(&[Club, Strong, Expert], Division::Middle, true, 30, 23);
}

#[test]
fn a19_whole_matches_senior_two_bots() {
    use Level::*;
    play19(&[Expert, Beginner], Division::Senior, true, 30, 24);
}

#[test]
fn b19_whole_matches_players_check() {
    use Level::*;
    play19_checked(
        &[Club, Beginner, Expert],
        Division::Middle,
        false,
        30,
        25,
        CheckingMode::Players,
    );
}

#[test]
fn a19_whole_matches_elementary_players_check() {
    use Level::*;
    play19_checked(
        &[Beginner, Strong, Club],
        Division::Elementary,
        true,
        30,
        26,
        CheckingMode::Players,
    );
}
