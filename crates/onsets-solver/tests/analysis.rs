//! Position analysis (docs/architecture.md): achievable Goals and "no Goal",
//! move classification, challenge adjudication and solution sets, on
//! hand-made positions with known answers, and the property that every
//! witness is judged correct by the checker on the position it is claimed
//! for.

use onsets_core::{check, CardSet, Position, Section, Situation, Symbol};
use onsets_solver::analysis::{
    achievable_goals, adjudicate, classify_moves, classify_moves_with, goal_layouts, legal_moves,
    legal_moves_with, no_goal_is_correct, solution_sets, Challenge, Class, Move, MoveClass,
    MoveKind, MoveOptions,
};

fn pos(json: &str) -> Position {
    Position::from_json(json).unwrap()
}

fn sym(s: &str) -> Symbol {
    Symbol::parse(s).unwrap()
}

fn regular(cube: &str, to: Section) -> Move {
    Move {
        bonus: None,
        kind: MoveKind::FromResources,
        cube: sym(cube),
        to,
    }
}

fn find<'a>(classes: &'a [MoveClass], mv: &Move) -> &'a MoveClass {
    classes
        .iter()
        .find(|c| &c.mv == mv)
        .unwrap_or_else(|| panic!("move {mv} not listed"))
}

fn assert_witnesses(classes: &[MoveClass]) {
    for c in classes {
        match (&c.class, &c.witness) {
            (Class::ImpossibleWins, None) => {
                assert_ne!(c.position.situation(), Situation::Now);
            }
            (Class::ImpossibleWins, Some(w)) => panic!("{}: impossible with witness {w}", c.mv),
            (_, None) => panic!("{}: {} without a witness", c.mv, c.class),
            (class, Some(w)) => {
                let v = check(&c.position, w);
                assert!(v.correct, "{}: witness {w} incorrect: {:?}", c.mv, v.errors);
                let want = if *class == Class::NowWins {
                    Situation::Now
                } else {
                    assert_ne!(c.position.situation(), Situation::Now);
                    c.position.situation()
                };
                assert_eq!(c.position.situation(), want);
            }
        }
    }
}

/// III-D comment (a): three 1's, only ∪, every color on at least four cards.
const NO_GOAL: &str = r#"{"division": "elementary", "adventurous": false,
    "universe": "BRGY BRG BRY BGY RGY BR GY BG", "goal": "1",
    "resources": "B R G Y ∪ ∪ ∪ 1 1 1", "situation": "impossible"}"#;

#[test]
fn iii_d_no_goal_is_correct_when_no_layout_has_a_solution() {
    let p = pos(NO_GOAL);
    // 1, 1+1, 1+1+1, 1*(1+1) ... and with upside-down 1s: 0 to 3 only.
    let goals = achievable_goals(&p);
    assert!(!goals.is_empty());
    for g in &goals {
        assert!(g.values.iter().all(|v| (0..=3).contains(v)), "{}", g.goal);
        assert!(!g.solvable(), "{} has {:?}", g.goal, g.witness);
    }
    assert!(goals.iter().any(|g| g.values == vec![0]));
    assert!(no_goal_is_correct(&p));
}

#[test]
fn iii_d_no_goal_is_wrong_when_some_layout_has_a_solution() {
    // A 4, a 3 and a 1: 3+4 = 7 = B ∪ R (every card but GY).
    let p = pos(&NO_GOAL.replace("1 1 1\"", "4 3 1\""));
    assert!(!no_goal_is_correct(&p));
    let goals = achievable_goals(&p);
    let six = goals
        .iter()
        .find(|g| g.goal.to_string() == "3+4")
        .expect("3+4 listed");
    assert_eq!(six.values, vec![7]);
    let w = six.witness.as_ref().expect("a Solution for 7");
    assert!(check(&six.position, w).correct);
    assert_eq!(six.position.goal().to_string(), "3+4");
    // 1+1+... no: a single color names 5 or 6 cards but needs two cubes.
    assert!(!goals.iter().any(|g| g.values == vec![1] && g.solvable()));
    // The Goal's digits left Resources; the unused 1 went to Forbidden.
    assert!(!six.position.resources().iter().any(|s| s.is_digit()));
    assert_eq!(six.position.forbidden().count(Symbol::Digit(1)), 1);
    for g in &goals {
        if let Some(w) = &g.witness {
            assert!(check(&g.position, w).correct, "{}: {w}", g.goal);
        }
    }
}

#[test]
fn iii_b_1_layouts_are_every_configuration_once() {
    let texts: Vec<String> = goal_layouts(&[3, 2])
        .iter()
        .map(|g| g.to_string())
        .collect();
    // Singles (4), sums (4 sign choices, one order), products (4).
    assert_eq!(texts.len(), 12, "{texts:?}");
    for t in ["3", "~3", "2", "~2", "2+3", "~2+3", "2*3", "~2*~3"] {
        assert!(texts.contains(&t.to_string()), "{t} missing from {texts:?}");
    }
    assert!(!texts.contains(&"3+2".to_string()));
    // Three distinct digits: T and L keep their shape, commuting operands once.
    let three: Vec<String> = goal_layouts(&[1, 2, 3])
        .iter()
        .map(|g| g.to_string())
        .collect();
    for t in [
        "3*(1+2)", "1*(2+3)", "1*2+3", "2*3+1", "1*3+2", "1+2+3", "1*2*3",
    ] {
        assert!(three.contains(&t.to_string()), "{t} missing");
    }
    assert!(!three.contains(&"3*(2+1)".to_string()));
    assert!(!three.contains(&"2*1+3".to_string()));
    // A digit rolled once is used once.
    assert!(!goal_layouts(&[4]).iter().any(|g| g.to_string() == "4+4"));
    assert!(goal_layouts(&[4, 4]).iter().any(|g| g.to_string() == "4+4"));
}

/// Goal 5: B ∪ Y names B, BR, BG, BRG, Y. B is Required.
const IN_PLAY: &str = r#"{"division": "elementary", "adventurous": false,
    "universe": "B R G Y BR BG RG BRG", "goal": "5",
    "required": "B", "resources": "∪ Y R G ′ ∩", "situation": "now"}"#;

#[test]
fn a_claim_a_move_that_hands_a_now() {
    let p = pos(IN_PLAY);
    // Before any move no Solution uses at most one Resources cube.
    assert!(!adjudicate(&p, Challenge::Now).challenger_right);
    let classes = classify_moves(&p);
    assert_witnesses(&classes);
    let union = find(&classes, &regular("∪", Section::Permitted));
    assert_eq!(union.class, Class::NowWins);
    assert!(union.now_valid);
    assert!(union.witness.as_ref().unwrap().contains('Y'));
    let y = find(&classes, &regular("Y", Section::Required));
    assert_eq!(y.class, Class::NowWins);
    let r = find(&classes, &regular("R", Section::Forbidden));
    assert_eq!(r.class, Class::Safe);
    assert!(check(&r.position, r.witness.as_ref().unwrap()).correct);
}

#[test]
fn p_claim_last_required_cube_to_forbidden_is_impossible_os_c2() {
    // Required Cube G: the only G cube to Forbidden leaves no Solution.
    // Goal 6: B ∪ G.
    let p = pos(r#"{"division": "elementary", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG", "goal": "2*3",
        "required": "B", "resources": "∪ Y G R ′",
        "variations": ["required-cube G"], "situation": "impossible"}"#);
    assert!(!adjudicate(&p, Challenge::Impossible).challenger_right);
    let classes = classify_moves(&p);
    assert_witnesses(&classes);
    let g = find(&classes, &regular("G", Section::Forbidden));
    assert_eq!(g.class, Class::ImpossibleWins);
    assert!(g.witness.is_none());
    // The same as a bonus move is impossible too, whatever follows.
    for c in classes.iter().filter(|c| c.mv.bonus == Some(sym("G"))) {
        assert_eq!(c.class, Class::ImpossibleWins, "{}", c.mv);
    }
    // G to Permitted keeps it usable.
    assert_ne!(
        find(&classes, &regular("G", Section::Permitted)).class,
        Class::ImpossibleWins
    );
}

#[test]
fn shift_from_permitted_only_when_in_force() {
    let base = r#"{"division": "middle", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "permitted": "= R", "resources": "∪ Y G ′ ∩ −",
        VARS "situation": "now"}"#;
    let without = pos(&base.replace("VARS", ""));
    assert!(!legal_moves(&without)
        .iter()
        .any(|m| m.kind == MoveKind::ShiftFromPermitted));
    let with = pos(&base.replace("VARS", r#""variations": ["shift-from-permitted"],"#));
    let moves = legal_moves_with(&with, MoveOptions { bonus: false });
    let shifts: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == MoveKind::ShiftFromPermitted)
        .map(|m| m.to_string())
        .collect();
    // R to Required or Forbidden, = only to Required (XIII-B-7).
    assert_eq!(shifts.len(), 3, "{shifts:?}");
    assert!(shifts.contains(&"shift = Permitted → Required".to_string()));
    assert!(!shifts.contains(&"shift = Permitted → Forbidden".to_string()));
    // After a bonus move too (XIII-A-7 comment a).
    assert!(legal_moves(&with)
        .iter()
        .any(|m| m.bonus.is_some() && m.kind == MoveKind::ShiftFromPermitted));
    let classes = classify_moves_with(&with, MoveOptions { bonus: false });
    assert_witnesses(&classes);
    // With one cube left in Resources, no shift (VIII-A).
    let last = pos(r#"{"division": "middle", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "permitted": "= R", "forbidden": "G ′ ∩ −", "resources": "∪ Y",
        "variations": ["shift-from-permitted"], "situation": "now"}"#);
    let m = legal_moves(&last);
    assert!(m
        .iter()
        .any(|m| m.kind == MoveKind::ShiftFromPermitted && m.bonus.is_none()));
    assert!(!m
        .iter()
        .any(|m| m.kind == MoveKind::ShiftFromPermitted && m.bonus.is_some()));
}

#[test]
fn iv_d_and_viii_a_move_restrictions() {
    // Five cubes in Resources: = may not go to Forbidden (IV-D).
    let five = pos(r#"{"division": "middle", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "resources": "∪ Y = ′ ∩ 3", "situation": "now"}"#);
    let m = legal_moves(&five);
    assert!(!m
        .iter()
        .any(|m| m.bonus.is_none() && m.cube == sym("=") && m.to == Section::Forbidden));
    assert!(!m.iter().any(|m| m.bonus == Some(sym("="))));
    // Digit cubes are not moved.
    assert!(!m.iter().any(|m| m.cube.is_digit()));
    // After a bonus move four remain: = may then go to Forbidden.
    assert!(m
        .iter()
        .any(|m| m.bonus.is_some() && m.cube == sym("=") && m.to == Section::Forbidden));
    // Four cubes: allowed. In Elementary there is no IV-D.
    let four = pos(&five.to_json().replace("\"∪ Y = ′ ∩ 3\"", "\"∪ Y = ′\""));
    assert!(legal_moves(&four)
        .iter()
        .any(|m| m.bonus.is_none() && m.cube == sym("=") && m.to == Section::Forbidden));
    // Two cubes: a bonus move leaves the last cube, which goes to Required
    // or Permitted only (VIII-A).
    let two = pos(r#"{"division": "elementary", "adventurous": false,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "permitted": "∪", "resources": "Y R", "situation": "now"}"#);
    let m = legal_moves(&two);
    assert!(m
        .iter()
        .filter(|m| m.bonus.is_some())
        .all(|m| m.to != Section::Forbidden));
    assert_eq!(m.len(), 2 * 3 + 2 * 2);
    // After any move one cube is left: a Now challenge is invalid (V-A-2-a),
    // so even Y → Permitted, which allows B ∪ Y, is not NowWins.
    let classes = classify_moves(&two);
    assert_witnesses(&classes);
    assert!(classes
        .iter()
        .all(|c| !c.now_valid && c.class != Class::NowWins));
    // One cube: it may not go to Forbidden and no bonus move.
    let one = pos(r#"{"division": "elementary", "adventurous": false,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "permitted": "∪", "resources": "Y", "situation": "now"}"#);
    let m = legal_moves(&one);
    assert_eq!(m.len(), 2);
    let classes = classify_moves(&one);
    assert_witnesses(&classes);
    // Y → Permitted is the forceout with B ∪ Y; R is not rolled.
    let y = find(&classes, &regular("Y", Section::Permitted));
    assert_eq!(y.class, Class::Safe);
    assert_eq!(y.position.situation(), Situation::Forceout);
}

#[test]
fn adjudication_of_now_and_impossible() {
    let p = pos(IN_PLAY
        .replace("\"required\": \"B\"", "\"required\": \"B ∪\"")
        .as_str());
    let now = adjudicate(&p, Challenge::Now);
    assert!(now.valid && now.challenger_right);
    let mut q = p.clone();
    q = q
        .with_situation(Situation::Now)
        .expect("now and impossible are every position's situations");
    assert!(check(&q, now.witness.as_ref().unwrap()).correct);
    let imp = adjudicate(&p, Challenge::Impossible);
    assert!(!imp.challenger_right);
    assert!(imp.witness.is_some());
    // Goal 8 of 8 cards with only B, ∪, Y, R... B ∪ R ∪ G needs two ∪:
    // no Solution at all without another operation.
    let all = pos(r#"{"division": "elementary", "adventurous": false,
        "universe": "B R G Y BR BG RG BRG", "goal": "3+4",
        "required": "B ∪", "resources": "Y R", "situation": "impossible"}"#);
    let imp = adjudicate(&all, Challenge::Impossible);
    assert!(imp.challenger_right && imp.witness.is_none());
    // A Now challenge with fewer than two Resources cubes is invalid.
    let one = all
        .edit(|s| {
            s.resources.pop();
        })
        .unwrap();
    let now = adjudicate(&one, Challenge::Now);
    assert!(!now.valid && !now.challenger_right);
}

#[test]
fn solution_sets_are_exactly_the_sets_named() {
    // Only one operation cube: B ∪ R and B ∪ G are the only 6-card sets.
    let p = pos(r#"{"division": "elementary", "adventurous": false,
        "universe": "B R G Y BR BG RG BRG", "goal": "2*3",
        "required": "B ∪", "permitted": "R G", "situation": "forceout"}"#);
    let (sets, truncated) = solution_sets(&p, 100).unwrap();
    assert!(!truncated);
    let mut got: Vec<CardSet> = sets.iter().map(|s| s.cards).collect();
    got.sort();
    let mut want = vec![
        CardSet::parse("B R BR BG RG BRG").unwrap(),
        CardSet::parse("B G BR BG RG BRG").unwrap(),
    ];
    want.sort();
    assert_eq!(got, want);
    for s in &sets {
        assert!(check(&p, &s.example).correct, "{}", s.example);
    }
    let (one, truncated) = solution_sets(&p, 1).unwrap();
    assert_eq!(one.len(), 1);
    assert!(truncated);
    // No Solution: no sets.
    let none = pos(&p.to_json().replace("\"2*3\"", "\"2\""));
    assert!(solution_sets(&none, 100).unwrap().0.is_empty());
    // Two Solutions is not supported.
    let two = pos(r#"{"division": "senior", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG BRGY GY", "goal": "2*3",
        "required": "B ∪", "permitted": "R G", "variations": ["two-solutions"],
        "situation": "forceout"}"#);
    assert!(solution_sets(&two, 100).is_err());
}

/// SplitMix64, seeded.
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
}

const FACES: [&str; 12] = ["B", "R", "G", "Y", "∪", "∩", "−", "′", "V", "Λ", "=", "⊆"];
const CARDS: [&str; 16] = [
    "blank", "B", "R", "BR", "G", "BG", "RG", "BRG", "Y", "BY", "RY", "BRY", "GY", "BGY", "RGY",
    "BRGY",
];
const DIVISIONS: [&str; 4] = ["elementary", "middle", "junior", "senior"];
const VARIATIONS: [&str; 6] = [
    "shift-from-permitted",
    "two-operations",
    "no-null-restrictions",
    "absolute-value",
    "wild-cube B",
    "required-cube ∪",
];

fn random_position(rng: &mut Rng) -> Option<Position> {
    let division = DIVISIONS[rng.below(4)];
    let n = if division == "senior" {
        10
    } else {
        6 + rng.below(3)
    };
    let mut cards: Vec<&str> = CARDS.to_vec();
    let mut universe = Vec::new();
    for _ in 0..n {
        universe.push(cards.remove(rng.below(cards.len())));
    }
    let mut sections = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    let cubes = 4 + rng.below(4);
    for _ in 0..cubes {
        sections[rng.below(4)].push(FACES[rng.below(FACES.len())]);
    }
    let adventurous = rng.below(2) == 0;
    let variations: Vec<String> = if adventurous {
        let v = VARIATIONS[rng.below(VARIATIONS.len())];
        vec![format!("\"{v}\"")]
    } else {
        vec![]
    };
    let goal = ["1", "2", "3", "4", "2+3", "~1+3", "5"][rng.below(7)];
    let json = format!(
        r#"{{"division": "{division}", "adventurous": {adventurous}, "universe": "{}",
        "goal": "{goal}", "required": "{}", "permitted": "{}", "forbidden": "{}",
        "resources": "{} 2 3", "variations": [{}], "situation": "now"}}"#,
        universe.join(" "),
        sections[0].join(" "),
        sections[1].join(" "),
        sections[2].join(" "),
        sections[3].join(" "),
        variations.join(", ")
    );
    Position::from_json(&json).ok()
}

#[test]
fn property_every_witness_passes_the_checker() {
    let mut rng = Rng(0x0A11_7515);
    let mut done = 0;
    let mut classified = 0;
    let mut seen = std::collections::HashSet::new();
    while done < 80 {
        let Some(p) = random_position(&mut rng) else {
            continue;
        };
        done += 1;
        let classes = classify_moves(&p);
        classified += classes.len();
        seen.extend(classes.iter().map(|c| c.class));
        assert_witnesses(&classes);
        for g in achievable_goals(&p) {
            if let Some(w) = &g.witness {
                let v = check(&g.position, w);
                assert!(v.correct, "{}: {w}: {:?}", g.goal, v.errors);
            }
        }
        for c in [Challenge::Now, Challenge::Impossible] {
            let a = adjudicate(&p, c);
            if let Some(w) = &a.witness {
                let q = p
                    .with_situation(match c {
                        Challenge::Now => Situation::Now,
                        Challenge::Impossible if p.resources().iter().all(|s| s.is_digit()) => {
                            Situation::Forceout
                        }
                        Challenge::Impossible => Situation::Impossible,
                    })
                    .unwrap();
                assert!(check(&q, w).correct, "{c:?}: {w}");
            }
        }
    }
    assert!(classified > 500, "only {classified} moves classified");
    assert_eq!(seen.len(), 3, "every class occurs: {seen:?}");
}

/// The `_using`/`_with` forms that take the caller's `Solver` (one solver for
/// a whole match review, docs/review.md) and `first_safe_move` (the review's
/// best alternative) answer exactly as the forms with a new solver do: the
/// same class and witness for every turn, the same adjudications and Goals,
/// one solver carried from each random position to the next.
#[test]
fn one_solver_for_many_positions_answers_as_new_ones() {
    use onsets_solver::analysis::{
        achievable_goals_using, adjudicate_with, classify_moves_using, first_safe_move, goal_digits,
    };
    let mut rng = Rng(0x5EED_0C1A);
    let mut solver = onsets_solver::Solver::new();
    let (mut done, mut with_safe, mut without_safe) = (0, 0, 0);
    while done < 40 {
        let Some(p) = random_position(&mut rng) else {
            continue;
        };
        done += 1;
        let opts = MoveOptions { bonus: false };
        let fresh = classify_moves_with(&p, opts);
        assert_eq!(
            classify_moves_using(&mut solver, &p, opts),
            fresh,
            "{}",
            p.to_json()
        );
        let first = first_safe_move(&mut solver, &p, opts);
        assert_eq!(
            first.as_ref(),
            fresh.iter().find(|c| c.class == Class::Safe),
            "{}",
            p.to_json()
        );
        if first.is_some() {
            with_safe += 1;
        } else {
            without_safe += 1;
        }
        for c in [Challenge::Now, Challenge::Impossible] {
            assert_eq!(adjudicate_with(&mut solver, &p, c), adjudicate(&p, c));
        }
        let digits = goal_digits(&p);
        let goals = achievable_goals_using(&mut solver, &p, &digits);
        assert_eq!(goals, achievable_goals(&p));
    }
    assert!(
        with_safe > 0 && without_safe > 0,
        "{with_safe} / {without_safe}"
    );
}
