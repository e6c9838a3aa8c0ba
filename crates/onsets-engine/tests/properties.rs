//! Random legal action sequences: no panic, 18 cubes always, every match
//! ends with every shake scored or void, and the log replays to the same state.
mod common;
use common::conserve;
use onsets_core::Division;
use onsets_engine::*;
use proptest::prelude::*;

fn run(
    seed: u64,
    n: usize,
    div: usize,
    adventurous: bool,
    players_check: bool,
    picks: Vec<u16>,
) -> Match {
    let names = ["Ann", "Bob", "Cy"];
    let mut cfg = MatchConfig::new(seed, &names[..n], Division::ALL[div], adventurous);
    cfg.round_ms = 2 * 60_000;
    if players_check {
        cfg.checking = CheckingMode::Players;
    }
    let (mut m, _) = Match::new(cfg).unwrap();
    let mut i = 0usize;
    let mut steps = 0;
    while *m.phase() != Phase::Over {
        steps += 1;
        assert!(steps < 5000, "the match does not end");
        let pick = picks[i % picks.len()] as usize;
        i += 1;
        let mut options: Vec<Action> = Vec::new();
        let at = m.now_ms() + 1000;
        // One player at a time, starting from a random one, to keep it fast.
        for k in 0..n {
            let p = (pick / 7 + k) % n;
            options = m
                .legal_actions(p)
                .into_iter()
                .map(|act| Action {
                    at_ms: m.now_ms(),
                    act,
                })
                .collect();
            if !options.is_empty() {
                break;
            }
        }
        // Every seventh step, when nothing else is possible, or when a time
        // limit falls due within the second, let time pass to the deadline.
        let due = m.next_deadline();
        if options.is_empty() || steps % 7 == 0 || due.is_some_and(|d| d <= at) {
            let to = due.unwrap_or(at).max(m.now_ms());
            m = m
                .apply(Action {
                    at_ms: to,
                    act: Act::Clock,
                })
                .expect("clock")
                .0;
        } else {
            let mut a = options[pick % options.len()].clone();
            a.at_ms = at;
            m = m
                .apply(a.clone())
                .unwrap_or_else(|r| panic!("legal action {a:?} rejected: {r}"))
                .0;
        }
        conserve(&m);
    }
    for (i, r) in m.history().iter().enumerate() {
        assert_eq!(r.shake as usize, i + 1, "shakes are scored in order");
    }
    for r in m.history() {
        assert_eq!(r.points.len(), n);
        if !r.void {
            assert!(
                r.points.iter().all(|p| [2, 4, 6].contains(p)),
                "{:?}",
                r.points
            );
        }
    }
    let mp = m.match_points().map(<[u32]>::to_vec).unwrap();
    assert_eq!(mp.len(), n);
    let replayed = Match::replay(&m.log_lines()).unwrap();
    assert_eq!(replayed, m);
    m
}

#[test]
fn random_matches_reach_scored_shakes_of_every_kind() {
    let mut scored = 0;
    let mut actions = 0;
    for seed in 0..16u64 {
        let picks: Vec<u16> = (0..97)
            .map(|i| ((seed * 31 + i * 17) % 1000) as u16 * 13 + 1)
            .collect();
        let m = run(
            seed,
            2 + (seed % 2) as usize,
            (seed % 4) as usize,
            seed % 3 != 0,
            seed % 5 == 0,
            picks,
        );
        scored += m.history().iter().filter(|r| !r.void).count();
        actions += m.log().len();
    }
    assert!(
        scored >= 8,
        "only {scored} scored shakes in {actions} actions"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]
    #[test]
    fn random_legal_matches(seed in any::<u64>(), n in 2usize..=3, div in 0usize..4, adv in any::<bool>(),
                            players_check in any::<bool>(), picks in proptest::collection::vec(any::<u16>(), 1..64)) {
        run(seed, n, div, adv, players_check, picks);
    }
}
