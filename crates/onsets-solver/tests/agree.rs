//! The solver against a test-only brute force (docs/performance.md): the
//! brute force enumerates fully grouped Solutions as text, up to a bound on
//! the number of written symbols, and asks the checker
//! [`onsets_core::check`] about each. On small random positions (every
//! division and situation, the variations of XIII) the two must agree:
//!
//! * every Solution the solver returns is judged correct by the checker;
//! * when the brute force finds a correct Solution, the solver finds one;
//! * when the solver's *shortest* Solution fits the bound, the brute force
//!   finds one (so "no Solution" answers are cross-checked too).
//!
//! The default run is small enough for debug mode. Heavier run (release):
//! `CARGO_TARGET_DIR=/work/target-solver cargo test -p onsets-solver --release -- --ignored`

#![allow(clippy::needless_range_loop)]

use onsets_core::{check, InForce, Position, Symbol};
use onsets_solver::{solve, solve_shortest, verify};

/// SplitMix64: a seeded generator, so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

const FACES: [&str; 12] = ["B", "R", "G", "Y", "∪", "∩", "−", "′", "V", "Λ", "=", "⊆"];
const CARDS: [&str; 16] = [
    "blank", "B", "R", "BR", "G", "BG", "RG", "BRG", "Y", "BY", "RY", "BRY", "GY", "BGY", "RGY",
    "BRGY",
];

fn cubes(rng: &mut Rng, max: usize) -> String {
    let n = rng.below(max + 1);
    (0..n)
        .map(|_| {
            if rng.chance(5) {
                "3".to_string()
            } else {
                rng.pick(&FACES).to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rule edition of a generated position (docs/editions.md). The 2026-27
/// positions are drawn exactly as before editions existed, so the seeds of
/// the 2026-27 runs give the same positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ed {
    T26,
    Mlag2019,
    M69,
}

/// The 1969 faces: no blue-symbol cubes in Basic (M69 2.2).
const M69_BASIC_FACES: [&str; 8] = ["B", "R", "G", "Y", "∪", "∩", "−", "′"];

/// A small random position of an edition as JSON (None if the core rejects it).
fn random_position_in(rng: &mut Rng, ed: Ed) -> Option<(Position, String)> {
    if ed == Ed::M69 {
        return random_1969(rng);
    }
    let division = *rng.pick(&["elementary", "middle", "junior", "senior"]);
    let adventurous = rng.chance(75);
    let n_cards = 3 + rng.below(3);
    let mut universe: Vec<&str> = Vec::new();
    while universe.len() < n_cards {
        let c = *rng.pick(&CARDS);
        if !universe.contains(&c) {
            universe.push(c);
        }
    }
    let goal = *rng.pick(&[
        "1", "2", "3", "1", "2", "1", "2", "3", "4", "5", "1+~1", "~2+3", "~1", "2*2", "3+~1",
    ]);
    let mut vars: Vec<String> = Vec::new();
    if adventurous {
        for _ in 0..rng.below(4) {
            let v = match rng.below(15) {
                0 => format!("required-cube {}", rng.pick(&FACES)),
                1 | 2 if ed == Ed::Mlag2019 => format!("wild-cube {}", rng.pick(&FACES)),
                1 | 2 => format!("wild-cube {}", rng.pick(&FACES[..10])),
                3 => "union-intersection-interchangeable".into(),
                4 => "universe-empty-interchangeable".into(),
                5 => "two-operations".into(),
                6 => "multiple-operations".into(),
                7 => "no-null-restrictions".into(),
                8 => "absolute-value".into(),
                9 => format!("double-set {}", rng.pick(&["R", "B′", "G ∩ Y", "V − B"])),
                10 => format!("required-card {}", rng.pick(&universe)),
                11 => format!("forbidden-card {}", rng.pick(&universe)),
                12 => "blank-card-wild".into(),
                13 => "symmetric-difference".into(),
                _ => "two-solutions".into(),
            };
            if !vars.contains(&v) {
                vars.push(v);
            }
        }
    }
    let situation = *rng.pick(&[
        "now",
        "impossible",
        "forceout",
        "end-of-round",
        "impossible",
        "now",
    ]);
    let resources = if situation == "forceout" {
        String::new()
    } else {
        cubes(rng, 3)
    };
    let edition = if ed == Ed::Mlag2019 {
        r#""edition": "2019-20", "#
    } else {
        ""
    };
    let json = format!(
        r#"{{{edition}"division": "{division}", "adventurous": {adventurous}, "universe": "{}", "goal": "{goal}",
 "required": "{}", "permitted": "{}", "forbidden": "{}", "resources": "{resources}",
 "variations": [{}], "situation": "{situation}"}}"#,
        universe.join(" "),
        cubes(rng, 2),
        cubes(rng, 3),
        cubes(rng, 1),
        vars.iter()
            .map(|v| format!("\"{v}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Position::from_json(&json).ok().map(|p| (p, json))
}

/// A small random 1969 position: Basic or Advanced, no division, no
/// variations, situation now or impossible (editions.md §2.11).
fn random_1969(rng: &mut Rng) -> Option<(Position, String)> {
    let advanced = rng.chance(50);
    let faces: &[&str] = if advanced { &FACES } else { &M69_BASIC_FACES };
    let n_cards = 3 + rng.below(3);
    let mut universe: Vec<&str> = Vec::new();
    while universe.len() < n_cards {
        let c = *rng.pick(&CARDS);
        if !universe.contains(&c) {
            universe.push(c);
        }
    }
    let goal = *rng.pick(&["1", "2", "3", "1", "2", "0+~1", "4", "2+3", "1+~1"]);
    let goal = if goal == "0+~1" { "~1" } else { goal };
    let mut cubes = |max: usize| {
        let n = rng.below(max + 1);
        (0..n)
            .map(|_| rng.pick(faces).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (required, permitted, forbidden, resources) = (cubes(2), cubes(3), cubes(1), cubes(3));
    let situation = *rng.pick(&["now", "impossible"]);
    let form = if advanced { "advanced" } else { "basic" };
    let json = format!(
        r#"{{"edition": "1969", "form": "{form}", "universe": "{}", "goal": "{goal}",
 "required": "{required}", "permitted": "{permitted}", "forbidden": "{forbidden}", "resources": "{resources}",
 "situation": "{situation}"}}"#,
        universe.join(" ")
    );
    Position::from_json(&json).ok().map(|p| (p, json))
}

/// Written tokens: every symbol some usable cube could be written as (a
/// symbol no usable cube can be makes a Solution incorrect, VII-B-4).
struct Alphabet {
    sets: Vec<String>,
    bins: Vec<String>,
    comps: Vec<String>,
    rels: Vec<String>,
}

fn alphabet(p: &Position, rules: &InForce) -> Alphabet {
    let mut a = Alphabet {
        sets: vec![],
        bins: vec![],
        comps: vec![],
        rels: vec![],
    };
    let mut faces: Vec<Symbol> = p
        .required()
        .iter()
        .chain(p.permitted().iter())
        .chain(p.resources().iter())
        .filter(|s| !s.is_digit())
        .collect();
    faces.sort();
    faces.dedup();
    let push = |a: &mut Alphabet, m: Symbol, text: String| {
        let v = if m.is_set() {
            &mut a.sets
        } else if m.is_binary_operation() {
            &mut a.bins
        } else if m == Symbol::Complement {
            &mut a.comps
        } else if m.is_relation() {
            &mut a.rels
        } else {
            return;
        };
        if !v.contains(&text) {
            v.push(text);
        }
    };
    for f in faces {
        for m in Symbol::NON_DIGIT {
            if rules.same_class(m, f) {
                push(&mut a, m, m.to_string());
            }
            if rules.is_wild(f) && m != f {
                push(&mut a, m, format!("{m}@{f}"));
            }
        }
    }
    a
}

/// Every fully grouped Set-Name of exactly `n` symbols: (text, is a binary
/// operation at the top).
fn set_names(a: &Alphabet, n: usize, memo: &mut Vec<Vec<(String, bool)>>) -> Vec<(String, bool)> {
    while memo.len() <= n {
        let k = memo.len();
        let mut v: Vec<(String, bool)> = Vec::new();
        if k == 1 {
            v.extend(a.sets.iter().map(|s| (s.clone(), false)));
        }
        if k >= 2 {
            for (e, bin) in memo[k - 1].clone() {
                for c in &a.comps {
                    v.push((
                        if bin {
                            format!("({e}){c}")
                        } else {
                            format!("{e}{c}")
                        },
                        false,
                    ));
                }
            }
        }
        if k >= 3 {
            for i in 1..k - 1 {
                let j = k - 1 - i;
                for (l, lb) in memo[i].clone() {
                    for (r, rb) in memo[j].clone() {
                        for o in &a.bins {
                            let l = if lb { format!("({l})") } else { l.clone() };
                            let r = if rb { format!("({r})") } else { r.clone() };
                            v.push((format!("{l} {o} {r}"), true));
                        }
                    }
                }
            }
        }
        memo.push(v);
    }
    memo[n].clone()
}

/// Every candidate Solution of at most `bound` symbols: a Set-Name, with no
/// Restriction, one Restriction (a chain of up to three sides), or two
/// Restrictions of two sides each.
fn candidates(p: &Position, bound: usize) -> Vec<String> {
    let rules = InForce::of(p);
    let a = alphabet(p, &rules);
    let mut memo = vec![Vec::new()];
    let names: Vec<Vec<String>> = (0..=bound)
        .map(|n| {
            if n == 0 {
                vec![]
            } else {
                set_names(&a, n, &mut memo)
                    .into_iter()
                    .map(|x| x.0)
                    .collect()
            }
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for n in 1..=bound {
        out.extend(names[n].iter().cloned());
    }
    if rules.restrictions && !a.rels.is_empty() {
        // restrictions of total size s: list of (text, size)
        let mut restr: Vec<(String, usize, bool)> = Vec::new();
        for s1 in 1..=bound {
            for s2 in 1..=bound {
                if s1 + s2 + 1 + 1 > bound {
                    continue;
                }
                for x in &names[s1] {
                    for y in &names[s2] {
                        for r in &a.rels {
                            restr.push((format!("{x} {r} {y}"), s1 + s2 + 1, true));
                            for s3 in 1..=bound {
                                if s1 + s2 + s3 + 2 + 1 > bound {
                                    continue;
                                }
                                for z in &names[s3] {
                                    for r2 in &a.rels {
                                        restr.push((
                                            format!("{x} {r} {y} {r2} {z}"),
                                            s1 + s2 + s3 + 2,
                                            false,
                                        ));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let two: Vec<(String, usize)> = {
            let simple: Vec<&(String, usize, bool)> = restr.iter().filter(|r| r.2).collect();
            let mut v = Vec::new();
            for (i, x) in simple.iter().enumerate() {
                for y in &simple[i..] {
                    if x.1 + y.1 < bound {
                        v.push((format!("{}; {}", x.0, y.0), x.1 + y.1));
                    }
                }
            }
            v
        };
        let restr: Vec<(String, usize)> = restr.into_iter().map(|(t, n, _)| (t, n)).collect();
        for (r, s) in restr.iter().chain(two.iter()) {
            for n in 1..=bound.saturating_sub(*s) {
                for x in &names[n] {
                    out.push(format!("{r}; {x}"));
                }
            }
        }
    }
    if rules.blank_card_wild {
        let base = out.clone();
        for c in &CARDS[1..] {
            out.extend(base.iter().map(|s| format!("{s}; blank: {c}")));
        }
    }
    out
}

/// The brute force: a correct Solution of at most `bound` symbols, if any.
fn brute(p: &Position, bound: usize) -> Option<String> {
    let rules = InForce::of(p);
    let cands = candidates(p, bound);
    if !rules.two_solutions {
        return cands.into_iter().find(|c| check(p, c).correct);
    }
    // Two Solutions: each Solution is judged on its own (XIII-D-14 comment
    // b); find the correct single ones, then pair the first with each other.
    let single = p
        .edit(|s| {
            s.variations
                .retain(|v| *v != onsets_core::Variation::TwoSolutions)
        })
        .expect("a variation removed");
    let ok: Vec<String> = cands
        .into_iter()
        .filter(|c| check(&single, c).correct)
        .collect();
    let first = ok.first()?;
    for o in &ok[1..] {
        for t in [format!("{first} || {o}"), format!("{o} || {first}")] {
            if check(p, &t).correct {
                return Some(t);
            }
        }
    }
    None
}

fn symbols_in(text: &str) -> usize {
    // written symbols: count cube symbols, not brackets, `@X` annotations or
    // the blank part
    text.split("||")
        .map(|s| {
            s.split(';')
                .filter(|part| !part.contains("blank"))
                .map(|part| {
                    let mut n = 0;
                    let mut skip = false;
                    for ch in part.chars() {
                        if ch == '@' {
                            skip = true;
                            continue;
                        }
                        if onsets_core::Symbol::from_char(ch).is_some() {
                            if skip {
                                skip = false;
                            } else {
                                n += 1;
                            }
                        }
                    }
                    n
                })
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0)
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    rejected: usize,
    solvable: usize,
    unsolvable: usize,
    beyond_bound: usize,
}

fn run(seed: u64, count: usize, bound: usize) -> Tally {
    run_in(seed, count, bound, Ed::T26)
}

fn run_in(seed: u64, count: usize, bound: usize, ed: Ed) -> Tally {
    let mut rng = Rng(seed);
    let mut t = Tally::default();
    while t.positions < count {
        let Some((p, json)) = random_position_in(&mut rng, ed) else {
            t.rejected += 1;
            continue;
        };
        t.positions += 1;
        let s = solve(&p);
        let b = brute(&p, bound);
        // expected: solvable when the brute force found a Solution; beyond
        // its bound the solver's own Solution is judged by the checker
        if let Err(e) = verify(&p, &s, b.is_some() || s.is_solvable()) {
            panic!("{e}\nposition: {json}");
        }
        if let Some(bt) = &b {
            assert!(
                s.is_solvable(),
                "brute force found {bt:?} but the solver says none\nposition: {json}"
            );
        }
        if s.is_solvable() {
            t.solvable += 1;
            if b.is_none() {
                let sh = solve_shortest(&p);
                if let Err(e) = verify(&p, &sh, true) {
                    panic!("{e}\nposition: {json}");
                }
                let text = sh.text().unwrap();
                let n = symbols_in(&text);
                assert!(
                    n > bound,
                    "the solver's shortest {text:?} has {n} symbols but the brute force (bound {bound}) found nothing\nposition: {json}"
                );
                t.beyond_bound += 1;
            }
        } else {
            t.unsolvable += 1;
        }
    }
    t
}

#[test]
fn solver_agrees_with_brute_force_small() {
    let t = run(0x05E7_5001, 1000, 5);
    eprintln!("{t:?}");
    assert!(t.solvable > 10 && t.unsolvable > 10, "{t:?}");
}

/// A second seed, after the meaning-class rewrite of the search.
#[test]
fn solver_agrees_with_brute_force_second_seed() {
    let t = run(0x05E7_5003, 150, 5);
    eprintln!("{t:?}");
    assert!(t.solvable > 3 && t.unsolvable > 3, "{t:?}");
}

#[test]
#[ignore = "heavy: run in release with --ignored"]
fn solver_agrees_with_brute_force_thousands() {
    let t = run(0x05E7_5002, 4000, 5);
    eprintln!("{t:?}");
    assert!(t.unsolvable > 100, "{t:?}");
}

/// `solve_shortest` against the brute force (shortest Solutions are
/// exact): where the brute force finds correct Solutions of at most
/// `bound` symbols, the solver's shortest has exactly as many symbols as the
/// shortest of them; where it finds none, the solver's shortest (if any) is
/// longer than the bound. Two Solutions positions are left out (the bound
/// there applies to each of the two Solutions, which the brute force does
/// not enumerate that way).
fn shortest_run(seed: u64, count: usize, bound: usize) -> (usize, usize) {
    shortest_run_in(seed, count, bound, Ed::T26)
}

fn shortest_run_in(seed: u64, count: usize, bound: usize, ed: Ed) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut compared, mut positions) = (0, 0);
    while positions < count {
        let Some((p, json)) = random_position_in(&mut rng, ed) else {
            continue;
        };
        if InForce::of(&p).two_solutions {
            continue;
        }
        positions += 1;
        let best = candidates(&p, bound)
            .into_iter()
            .filter(|c| check(&p, c).correct)
            .map(|c| symbols_in(&c))
            .min();
        let sh = solve_shortest(&p);
        if let Err(e) = verify(&p, &sh, best.is_some() || sh.is_solvable()) {
            panic!("{e}\nposition: {json}");
        }
        let got = sh.text().map(|t| symbols_in(&t));
        match (best, got) {
            (Some(b), Some(g)) => {
                assert_eq!(
                    g,
                    b,
                    "shortest {:?} has {g} symbols, the brute force's shortest {b}\nposition: {json}",
                    sh.text()
                );
                compared += 1;
            }
            (None, Some(g)) => assert!(g > bound, "{:?}\nposition: {json}", sh.text()),
            (Some(_), None) => unreachable!("verify checked it"),
            (None, None) => {}
        }
    }
    (compared, positions)
}

#[test]
fn shortest_agrees_with_brute_force_small() {
    let (compared, n) = shortest_run(0x05E7_5004, 300, 5);
    eprintln!("{compared} of {n} compared");
    assert!(compared > 30, "{compared} of {n}");
}

#[test]
#[ignore = "heavy: run in release with --ignored"]
fn shortest_agrees_with_brute_force_thousands() {
    let (compared, n) = shortest_run(0x05E7_5005, 3000, 5);
    eprintln!("{compared} of {n} compared");
}

// ------------------------------------------------------------ editions

/// MLAG 2019-20, Basic (wild = and ⊆, B19 I-B-2-d-iii) and Adventurous (A19
/// VI-B-3, the Middle wild = and ⊆, XIII-C-10 comment b), against the brute
/// force.
#[test]
fn mlag_2019_solver_agrees_with_brute_force() {
    let t = run_in(0x2019_0001, 200, 5, Ed::Mlag2019);
    eprintln!("{t:?}");
    assert!(t.solvable > 10 && t.unsolvable > 10, "{t:?}");
}

/// 1969 Basic and Advanced (one-cube Solutions, one relation per statement)
/// against the brute force.
#[test]
fn m69_solver_agrees_with_brute_force() {
    let t = run_in(0x1969_0001, 400, 5, Ed::M69);
    eprintln!("{t:?}");
    assert!(t.solvable > 10 && t.unsolvable > 10, "{t:?}");
}

#[test]
fn mlag_2019_shortest_agrees_with_brute_force() {
    let (compared, n) = shortest_run_in(0x2019_0002, 80, 5, Ed::Mlag2019);
    eprintln!("{compared} of {n} compared");
    assert!(compared > 10, "{compared} of {n}");
}

#[test]
fn m69_shortest_agrees_with_brute_force() {
    let (compared, n) = shortest_run_in(0x1969_0002, 150, 5, Ed::M69);
    eprintln!("{compared} of {n} compared");
    assert!(compared > 15, "{compared} of {n}");
}

#[test]
#[ignore = "heavy: run in release with --ignored"]
fn mlag_2019_solver_agrees_with_brute_force_thousands() {
    let t = run_in(0x2019_0003, 2000, 5, Ed::Mlag2019);
    eprintln!("{t:?}");
    assert!(t.unsolvable > 100, "{t:?}");
}

#[test]
#[ignore = "heavy: run in release with --ignored"]
fn m69_solver_agrees_with_brute_force_thousands() {
    let t = run_in(0x1969_0003, 3000, 5, Ed::M69);
    eprintln!("{t:?}");
    assert!(t.unsolvable > 100, "{t:?}");
}
