//! The benchmark corpus (docs/performance.md): in-play-like random positions,
//! 1,000 per division, generated with a fixed seed and committed as JSON lines
//! under `crates/onsets-solver/corpus/`.
//!
//! How a position is made:
//! * the 18 cubes are rolled: 3 digit cubes (faces 1 1 2 3 4 5, Glossary
//!   "Digit cube"), 8 color cubes, 4 operation cubes, 3 Restriction cubes. The
//!   rules do not give the faces of a color cube beyond its colors, nor how
//!   often each symbol appears on an operation or Restriction cube, so color
//!   cubes show B R G Y uniformly, operation cubes ∪ ∩ − ′ uniformly and
//!   Restriction cubes V Λ = ⊆ uniformly. In Elementary and in Basic On-Sets the
//!   Restriction cubes are set out, two V and one Λ or one V and two Λ (I-C-3);
//! * a Universe of a legal size for the division (II-B), cards drawn without
//!   replacement from the 16;
//! * a legal Goal from one to three of the rolled digit cubes (III-B-1; an
//!   upside-down digit now and then), whose value some set of the Universe
//!   could have;
//! * some cubes moved from Resources to Required, Permitted or Forbidden; in
//!   a forceout every non-digit cube has been moved;
//! * in Adventurous On-Sets up to three variations from the division's list,
//!   re-drawn until none is ignored by the rules (II-C-2);
//! * a random situation.

#![allow(dead_code)]

use onsets_core::{InForce, Position, Variation};

/// SplitMix64.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

pub const DIVISIONS: [&str; 4] = ["elementary", "middle", "junior", "senior"];
pub const SEED: u64 = 0x0C0_5E75;
pub const PER_DIVISION: usize = 1000;

const CARDS: [&str; 16] = [
    "blank", "B", "R", "BR", "G", "BG", "RG", "BRG", "Y", "BY", "RY", "BRY", "GY", "BGY", "RGY",
    "BRGY",
];

fn digit(rng: &mut Rng) -> u8 {
    *rng.pick(&[1, 1, 2, 3, 4, 5])
}

fn goal_text(rng: &mut Rng, digits: &[u8], flips: bool) -> String {
    let d: Vec<String> = digits
        .iter()
        .map(|&x| {
            if flips && rng.chance(10) {
                format!("~{x}")
            } else {
                x.to_string()
            }
        })
        .collect();
    match rng.below(20) {
        0..=7 => d[0].clone(),
        8..=11 => format!("{}+{}", d[0], d[1]),
        12..=13 => format!("{}*{}", d[0], d[1]),
        14..=15 => format!("{}+{}+{}", d[0], d[1], d[2]),
        16 => format!("{}*{}*{}", d[0], d[1], d[2]),
        17..=18 => format!("{}*{}+{}", d[0], d[1], d[2]),
        _ => format!("{}*({}+{})", d[0], d[1], d[2]),
    }
}

fn variation(rng: &mut Rng, faces: &[String], universe: &[&str]) -> String {
    match rng.below(16) {
        0 => format!("required-cube {}", rng.pick(faces)),
        1 => format!("wild-cube {}", rng.pick(faces)),
        2 => "union-intersection-interchangeable".into(),
        3 => "universe-empty-interchangeable".into(),
        4 => "two-operations".into(),
        5 => "multiple-operations".into(),
        6 => "shift-from-permitted".into(),
        7 => "no-null-restrictions".into(),
        8 => "absolute-value".into(),
        9 => format!(
            "double-set {}",
            rng.pick(&["R", "B′", "G ∩ Y", "B ∪ R", "Y − G", "(B ∪ G)′", "R ∩ Y′"])
        ),
        10 => format!("required-card {}", rng.pick(universe)),
        11 => format!("forbidden-card {}", rng.pick(universe)),
        12 => "blank-card-wild".into(),
        13 => "symmetric-difference".into(),
        _ => "two-solutions".into(),
    }
}

/// One position of `division` as a JSON line.
pub fn position(rng: &mut Rng, division: &str) -> (Position, String) {
    loop {
        if let Some(x) = try_position(rng, division) {
            return x;
        }
    }
}

fn try_position(rng: &mut Rng, division: &str) -> Option<(Position, String)> {
    try_position_as(rng, division, &Draw::CORPUS)
}

/// How a position is drawn: the committed corpus's way, or the random
/// benchmark's (more variations, any edition).
pub struct Draw {
    /// The rule edition written in the JSON (`None`: the default, 2026-27).
    pub edition: Option<&'static str>,
    /// The number of variations of an Adventurous position, picked uniformly.
    pub variations: &'static [usize],
}

impl Draw {
    /// The committed corpus (its draws must not change: `corpus_is_reproducible`).
    pub const CORPUS: Draw = Draw {
        edition: None,
        variations: &[0, 1, 1, 2, 2, 3],
    };
}

fn try_position_as(rng: &mut Rng, division: &str, draw: &Draw) -> Option<(Position, String)> {
    let senior = division == "senior";
    let adventurous = rng.chance(if division == "elementary" { 50 } else { 75 });
    // ---- roll
    let digits: Vec<u8> = (0..3).map(|_| digit(rng)).collect();
    let mut cubes: Vec<String> = Vec::new();
    for _ in 0..8 {
        cubes.push(rng.pick(&["B", "R", "G", "Y"]).to_string());
    }
    for _ in 0..4 {
        cubes.push(rng.pick(&["∪", "∩", "−", "′"]).to_string());
    }
    if division == "elementary" || !adventurous {
        let two_v = rng.chance(50);
        for s in if two_v {
            ["V", "V", "Λ"]
        } else {
            ["V", "Λ", "Λ"]
        } {
            cubes.push(s.to_string());
        }
    } else {
        for _ in 0..3 {
            cubes.push(rng.pick(&["V", "Λ", "=", "⊆"]).to_string());
        }
    }
    // ---- Universe
    let (lo, hi) = if senior { (10, 14) } else { (6, 12) };
    let n_cards = lo + rng.below(hi - lo + 1);
    let mut universe: Vec<&str> = Vec::new();
    while universe.len() < n_cards {
        let c = *rng.pick(&CARDS);
        if !universe.contains(&c) {
            universe.push(c);
        }
    }
    // ---- Goal
    let n_digits = 1 + rng.below(3);
    let goal = goal_text(rng, &digits, adventurous && division != "elementary");
    // ---- situation and moves
    let situation = *rng.pick(&[
        "now",
        "now",
        "impossible",
        "impossible",
        "forceout",
        "end-of-round",
    ]);
    let moves = if situation == "forceout" {
        cubes.len()
    } else {
        rng.below(cubes.len())
    };
    // shuffle
    for i in (1..cubes.len()).rev() {
        let j = rng.below(i + 1);
        cubes.swap(i, j);
    }
    let (mut req, mut per, mut forb, mut res) = (vec![], vec![], vec![], vec![]);
    for (i, c) in cubes.iter().enumerate() {
        if i >= moves {
            res.push(c.clone());
            continue;
        }
        match rng.below(20) {
            0..=4 => req.push(c.clone()),
            5..=13 => per.push(c.clone()),
            _ => forb.push(c.clone()),
        }
    }
    // unused digit cubes stay in Resources (they play no part in Solutions)
    let _ = n_digits;
    for &d in &digits[goal_digits(&goal)..] {
        if situation != "forceout" {
            res.push(d.to_string());
        } else {
            forb.push(d.to_string());
        }
    }
    // ---- variations
    let faces: Vec<String> = {
        let mut f = cubes.clone();
        f.sort();
        f.dedup();
        f
    };
    let mut vars: Vec<String> = Vec::new();
    if adventurous {
        let n = *rng.pick(draw.variations);
        let mut tries = 0;
        while vars.len() < n && tries < 50 {
            tries += 1;
            let v = variation(rng, &faces, &universe);
            let Ok(var) = Variation::parse(&v) else {
                continue;
            };
            let div: onsets_core::Division = division.parse().ok()?;
            if !var.selectable_in(div) || vars.contains(&v) {
                continue;
            }
            vars.push(v);
        }
    }
    let mut json = serde_json::json!({
        "division": division,
        "adventurous": adventurous,
        "universe": universe.join(" "),
        "goal": goal,
        "required": req.join(" "),
        "permitted": per.join(" "),
        "forbidden": forb.join(" "),
        "resources": res.join(" "),
        "variations": vars,
        "situation": situation,
    });
    if let Some(e) = draw.edition {
        json["edition"] = e.into();
    }
    let json = json.to_string();
    let p = Position::from_json(&json).ok()?;
    let rules = InForce::of(&p);
    if !rules.ignored.is_empty() || !p.goal().is_legal_layout() {
        return None;
    }
    // a Goal the Goal-setter could hope to reach: some value no more than
    // the cards the Universe holds (doubled cards twice)
    let most = p.universe().len() as i64 * if rules.double_set.is_some() { 2 } else { 1 };
    let values = p.goal().legal_values(rules.absolute_value);
    if !values.iter().any(|&v| v <= most) {
        return None;
    }
    Some((p, json))
}

fn goal_digits(goal: &str) -> usize {
    goal.chars().filter(|c| c.is_ascii_digit()).count()
}

/// The corpus of one division, as generated.
pub fn generate(division: &str) -> Vec<String> {
    let k = DIVISIONS.iter().position(|d| *d == division).unwrap_or(0) as u64;
    let mut rng = Rng(SEED ^ (k << 32));
    (0..PER_DIVISION)
        .map(|_| position(&mut rng, division).1)
        .collect()
}

pub fn path(division: &str) -> String {
    format!("{}/corpus/{division}.jsonl", env!("CARGO_MANIFEST_DIR"))
}

/// The committed corpus of one division: each position, its JSON (without
/// the expected answer) and its expected answer (`"solvable"`, recorded by
/// `record_expected_answers` in tests/corpus_check.rs).
pub fn load(division: &str) -> Vec<(Position, String, bool)> {
    load_file(&path(division))
}

/// The positions kept from simulated play (docs/performance.md).
pub fn slow_in_play_path() -> String {
    format!("{}/corpus/slow-in-play.jsonl", env!("CARGO_MANIFEST_DIR"))
}

/// A corpus file: every line a position with its expected answer.
pub fn load_file(path: &str) -> Vec<(Position, String, bool)> {
    let text = std::fs::read_to_string(path).expect("corpus file");
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            let (json, expected) = onsets_solver::batch::split_expected(l)
                .unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            let expected =
                expected.unwrap_or_else(|| panic!("{path}:{}: no \"solvable\" answer", i + 1));
            let p = Position::from_json(&json).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            (p, json, expected)
        })
        .collect()
}

/// The random-position benchmark's seed (benches/random.rs, the worst-case
/// file `corpus/worst-cases.jsonl`).
pub const RANDOM_SEED: u64 = 0x5EED_0031;

/// The editions a random position is drawn in (docs/editions.md).
pub const EDITIONS: [&str; 3] = ["2026-27", "2019-20", "1969"];

/// One random legal position of `edition`, in-play sized: in 2026-27 and
/// 2019-20 any division (cycled by `k`), Adventurous three times in four
/// with one to four variations from the division's list (so every variation
/// of XIII comes up, several together); in 1969 Basic or Advanced with the
/// same cubes and Universe sizes (the 1969 game has no variations).
pub fn random_position(rng: &mut Rng, edition: &str, k: usize) -> (Position, String) {
    let division = DIVISIONS[k % DIVISIONS.len()];
    loop {
        let found = if edition == "1969" {
            try_1969(rng)
        } else {
            let draw = Draw {
                edition: Some(if edition == "2019-20" {
                    "2019-20"
                } else {
                    "2026-27"
                }),
                variations: &[1, 2, 2, 3, 3, 4],
            };
            try_position_as(rng, division, &draw)
        };
        if let Some(x) = found {
            return x;
        }
    }
}

/// `n` random positions of every edition, as JSON lines, from one seed.
pub fn random_lines(seed: u64, per_edition: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (e, edition) in EDITIONS.iter().enumerate() {
        let mut rng = Rng(seed ^ ((e as u64 + 1) << 40));
        for k in 0..per_edition {
            out.push(random_position(&mut rng, edition, k).1);
        }
    }
    out
}

/// A 1969 position (editions.md §2.11): Basic without the blue-symbol cubes
/// (M69 2.2), Advanced with them; now or impossible.
fn try_1969(rng: &mut Rng) -> Option<(Position, String)> {
    let advanced = rng.chance(50);
    let mut cubes: Vec<String> = Vec::new();
    for _ in 0..8 {
        cubes.push(rng.pick(&["B", "R", "G", "Y"]).to_string());
    }
    for _ in 0..4 {
        cubes.push(rng.pick(&["∪", "∩", "−", "′"]).to_string());
    }
    if advanced {
        for _ in 0..3 {
            cubes.push(rng.pick(&["V", "Λ", "=", "⊆"]).to_string());
        }
    }
    let n_cards = 6 + rng.below(9);
    let mut universe: Vec<&str> = Vec::new();
    while universe.len() < n_cards {
        let c = *rng.pick(&CARDS);
        if !universe.contains(&c) {
            universe.push(c);
        }
    }
    let digits: Vec<u8> = (0..3).map(|_| digit(rng)).collect();
    let goal = goal_text(rng, &digits, false);
    let moves = rng.below(cubes.len());
    for i in (1..cubes.len()).rev() {
        let j = rng.below(i + 1);
        cubes.swap(i, j);
    }
    let (mut req, mut per, mut forb, mut res) = (vec![], vec![], vec![], vec![]);
    for (i, c) in cubes.iter().enumerate() {
        if i >= moves {
            res.push(c.clone());
            continue;
        }
        match rng.below(20) {
            0..=4 => req.push(c.clone()),
            5..=13 => per.push(c.clone()),
            _ => forb.push(c.clone()),
        }
    }
    let situation = *rng.pick(&["now", "impossible"]);
    let json = serde_json::json!({
        "edition": "1969",
        "form": if advanced { "advanced" } else { "basic" },
        "universe": universe.join(" "),
        "goal": goal,
        "required": req.join(" "),
        "permitted": per.join(" "),
        "forbidden": forb.join(" "),
        "resources": res.join(" "),
        "situation": situation,
    })
    .to_string();
    let p = Position::from_json(&json).ok()?;
    if !p.goal().is_legal_layout() {
        return None;
    }
    Some((p, json))
}
