//! The work of the checker and the explainer is bounded by construction
//! (`onsets_core::budget`; docs/security/budgets.md): hostile Solutions within
//! the 4,000-byte limit of `POST /api/explain` are answered at once, with a
//! verdict or the limit they exceed, and the worst Solutions within the
//! budget stay within the work meter.

use onsets_core::budget::{BudgetError, MAX_CHAIN_OPERANDS, MAX_WORK};
use onsets_core::card::CardSet;
use onsets_core::eval::{Interpretations, Semantics, Work};
use onsets_core::{check, explain, try_explain, Expr, Position};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

fn position() -> Position {
    Position::from_json(
        r#"{"division": "senior", "adventurous": false,
            "universe": "B R G Y BR BG BY RG RY GY BRG BRY BGY RGY BRGY -",
            "goal": "5", "required": "B ∪", "permitted": "R G ∩ −",
            "situation": "impossible"}"#,
    )
    .unwrap()
}

/// Runs `f` on its own thread and fails when it takes longer than `limit`
/// (the thread is left behind: the test process ends with the test).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("not done within {limit:?}"))
}

fn chain(n: usize, op: &str) -> String {
    vec!["B"; n].join(op)
}

#[test]
fn a_666_operator_chain_is_explained_at_once() {
    // 667 operands joined by "∪" without spaces: 3,997 bytes, under the
    // 4,000-byte limit of POST /api/explain.
    let text = chain(667, "∪");
    assert!(text.len() < 4000);
    let t = Instant::now();
    let e = within(Duration::from_secs(10), move || explain(&position(), &text));
    assert!(!e.correct);
    // The verdict is the checker's own (more sets than the kit: VII-B-4).
    assert_eq!(e.verdict, check(&position(), &chain(667, "∪")));
    assert!(e.solutions.is_empty(), "over the budget: the verdict alone");
    eprintln!("explained in {:?}", t.elapsed());
}

#[test]
fn hostile_shapes_within_4000_bytes_are_answered_at_once() {
    let deep = format!("{}B{}", "(".repeat(64), ")".repeat(64));
    let groups = vec!["(B ∪ R)"; 400].join("∩");
    let restrictions = vec!["B ∪ R ∪ G ⊆ R ∪ G ∪ Y"; 150].join("; ") + "; B";
    let primes = format!("B{}", "′".repeat(64));
    for text in [
        chain(667, "∪"),
        chain(500, " − "),
        deep,
        groups,
        restrictions,
        primes,
    ] {
        let t = text.clone();
        within(Duration::from_secs(10), move || {
            let _ = explain(&position(), &t);
            let _ = check(&position(), &t);
        });
    }
}

#[test]
fn a_text_over_the_budget_is_refused_before_the_work_with_the_limit() {
    let e = try_explain(&position(), &chain(MAX_CHAIN_OPERANDS + 1, " ∪ ")).unwrap_err();
    assert!(
        matches!(e, BudgetError::ChainTooLong { operands: 17, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("at most 16 operands"), "{e}");
    assert!(e.to_string().contains("column 1"), "{e}");
    let long = "B ∪ R".to_string() + &" ".repeat(20_000);
    let e = try_explain(&position(), &long).unwrap_err();
    assert_eq!(e.code(), "too-long");
    assert!(try_explain(&position(), &chain(MAX_CHAIN_OPERANDS, " ∪ ")).is_ok());
}

/// The worst chains within the budget: sixteen operands, three operations,
/// complements and grouped chains as operands (the most distinct readings
/// found by a random search of 1,500 such chains; each needs far more cubes
/// than the kit has).
const WORST: [&str; 2] = [
    "(B ∪ R − G) ∪ (Y ∩ B − R) − (B ∪ R − G) ∪ (B ∪ R − G) ∩ Y′ − R ∩ Y′ ∪ B ∩ Y ∪ G − (B ∪ R − G) − R′ − Y′ ∩ R′ ∪ G ∪ R′",
    "R − B′ ∪ B ∩ Y ∩ (B ∪ R − G) ∩ B ∪ R′ ∪ Y′ − R ∪ Y − G − (B ∪ R − G) ∩ R − (Y ∩ B − R) − G − B",
];

#[test]
fn the_worst_chains_within_the_budget_fit_the_work_meter() {
    for text in WORST {
        let e = Expr::parse(text).unwrap();
        let mut work = Work::new(MAX_WORK);
        let all = Interpretations::of(&e, Semantics::default(), CardSet::ALL, &mut work)
            .expect("within the work budget");
        let spent = MAX_WORK - work.left();
        assert!(all.len() > 1000, "{text}: {} readings", all.len());
        // Twenty times below the meter: no chain of 16 operands comes near.
        assert!(spent < MAX_WORK / 20, "{text}: {spent} units");
        // Explained in full (the lists cut at 64 with the count of the rest).
        let x = try_explain(&position(), text).expect("within the budget");
        let step = x.solutions[0].steps.last().unwrap();
        assert_eq!(step.interpretations.len(), 64);
        assert_eq!(step.interpretations.len() + step.more, all.len());
        assert!(x.solutions[0].truncated);
    }
}

#[test]
fn the_work_meter_stops_a_product_of_long_chains_before_it_is_done() {
    // Two grouped chains of sixteen operands and one of fourteen: within the
    // symbol and chain budgets; the product of their readings is what the
    // meter is for.
    let c = "R − B′ ∪ B ∩ Y ∩ G ∩ B ∪ R′ ∪ Y′ − R ∪ Y − G ∩ B′ − G′";
    let text = format!("({}) ∪ ({}) − ({c})", WORST[1], WORST[1]);
    let e = Expr::parse(&text).unwrap();
    // A meter a hundred times smaller stops it, spending nothing it lacks.
    let mut small = Work::new(MAX_WORK / 100);
    let r = Interpretations::of(&e, Semantics::default(), CardSet::ALL, &mut small);
    assert!(r.is_err(), "over a small meter");
    assert!(small.left() < MAX_WORK / 100);
    // The real meter answers either way within the time, and the verdict
    // is the checker's own (more sets than the kit has cubes).
    let t = Instant::now();
    let v = check(&position(), &text);
    assert!(!v.correct);
    assert_eq!(explain(&position(), &text).verdict, v);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}
