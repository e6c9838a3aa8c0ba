//! Replay speed on a long log (docs/performance.md): `cargo bench -p
//! onsets-engine --bench replay`. The log has 100,000 action lines: a match
//! with a round long enough for thousands of shakes, each rolled, dealt, set,
//! played down to the last cube and written out. Figures are recorded in
//! docs/performance.md (engine section).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use onsets_core::Division;
use onsets_engine::{Act, Action, Family, GoalSpec, Match, MatchConfig, Phase, Place, SetOut};

/// The next act of the scripted match.
fn next_act(m: &Match) -> Act {
    match m.phase() {
        Phase::Setup { rolled: false, .. } => Act::Roll {
            player: m.goal_setter(),
            set_out: Some(SetOut::TwoUniverseOneEmpty),
        },
        Phase::Setup { .. } => Act::Deal {
            player: m.dealer(),
            count: 6,
        },
        Phase::Goal { .. } => Act::SetGoal {
            player: m.goal_setter(),
            goal: GoalSpec::Layout(m.cubes()[0].face.canonical()),
            unused_to_forbidden: true,
        },
        Phase::Moves { turn, .. } => {
            let cube = m
                .cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                .expect("a cube in Resources")
                .id;
            let to = if m.resources_count() > 1 {
                Place::Forbidden
            } else {
                Place::Required
            };
            Act::Move {
                player: *turn,
                cube,
                to,
                bonus: false,
            }
        }
        Phase::Writing(w) => {
            let q = (0..m.n())
                .find(|&q| !w.writers[q].done())
                .expect("a writer");
            Act::Present {
                player: q,
                solution: "B ∪ R".into(),
                goal: None,
            }
        }
        other => panic!("unexpected phase {other:?}"),
    }
}

/// A log of at least `lines` actions (plus the header).
fn long_log(lines: usize) -> String {
    let mut cfg = MatchConfig::new(5, &["Ann", "Bob"], Division::Middle, false);
    cfg.round_ms = 1 << 40;
    let (mut m, _) = Match::new(cfg).expect("config");
    let mut t = 0;
    while m.log().len() < lines {
        t += 1000;
        let act = next_act(&m);
        m = m
            .apply(Action { at_ms: t, act })
            .unwrap_or_else(|r| panic!("scripted act refused: {r}"))
            .0;
    }
    m.log_lines()
}

fn bench(c: &mut Criterion) {
    let log = long_log(100_000);
    assert_eq!(log.lines().count(), 100_001);
    let m = Match::replay(&log).expect("the log replays");
    assert!(m.history().len() > 4_000, "{} shakes", m.history().len());
    let mut g = c.benchmark_group("replay");
    g.sample_size(10);
    g.bench_function("100,000-line log", |b| {
        b.iter(|| Match::replay(black_box(&log)).expect("replays"))
    });
    // What a live table's log route costs (docs/security/hidden.md): the
    // replay plus the filter and the draws so far as the header's dice.
    let short = long_log(500);
    g.bench_function("public log of a 100,000-line log", |b| {
        b.iter(|| onsets_engine::public_log(black_box(&log), None, false).expect("replays"))
    });
    g.bench_function("public log of a 500-line log", |b| {
        b.iter(|| onsets_engine::public_log(black_box(&short), None, false).expect("replays"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
