//! The seven lessons of Basic On-Sets: one lesson per rule at the front of
//! the 2026-27 Tournament Rules ("Basic On-Sets", rules I–VII), on small
//! positions with the eight-card Universe `B R G Y BR BG RY BRG` (four cards
//! with a blue dot, four with red, three with green, two with yellow).
//!
//! The positions are written by hand; what each step means to teach is in
//! [`Intended`], and the tests check it against the checker, the solver and
//! the engine.

use super::scoring::Shake;
use super::{Intended, Lesson, Shape, Step, Task};
use onsets_core::Position;

/// The Universe of every Basic lesson.
pub const UNIVERSE: &str = "B R G Y BR BG RY BRG";

/// The faces of the shakes the engine plays (digits, 8 colors, 4
/// operations; two V and one Λ set out, Basic I).
pub const FACES: &str = "3 2 4 B R G Y B R G Y ∪ ∩ − ′ V V Λ";

/// A Basic position on [`UNIVERSE`].
fn pos(
    goal: &str,
    required: &str,
    permitted: &str,
    forbidden: &str,
    resources: &str,
    situation: &str,
) -> Option<Position> {
    let json = serde_json::json!({
        "division": "elementary",
        "adventurous": false,
        "universe": UNIVERSE,
        "goal": goal,
        "required": required,
        "permitted": permitted,
        "forbidden": forbidden,
        "resources": resources,
        "situation": situation,
    });
    // written by hand: a position the core refuses drops its step, and the
    // tests (which count the steps) fail
    Position::from_json(&json.to_string()).ok()
}

fn step(
    text: &str,
    sections: &[&str],
    position: Option<Position>,
    task: Task,
    hint: &str,
    intended: Intended,
) -> Option<Step> {
    Some(Step {
        text: text.to_string(),
        sections: sections.iter().map(|s| s.to_string()).collect(),
        position: position?,
        task,
        hint: hint.to_string(),
        shake: None,
        intended,
    })
}

fn score_step(
    text: &str,
    sections: &[&str],
    shake: Shake,
    hint: &str,
    points: Vec<i32>,
) -> Option<Step> {
    // the position shown is the engine's own, at the moment Solutions are written
    let position = super::scoring::play(&shake).ok()?.position;
    Some(Step {
        text: text.to_string(),
        sections: sections.iter().map(|s| s.to_string()).collect(),
        position,
        task: Task::Score,
        hint: hint.to_string(),
        shake: Some(shake),
        intended: Intended::Score(points),
    })
}

fn lesson(id: &str, title: &str, rule: &str, summary: &str, steps: Vec<Option<Step>>) -> Lesson {
    Lesson {
        id: id.into(),
        title: title.into(),
        rule: rule.into(),
        part: "basic".into(),
        summary: summary.into(),
        steps: steps.into_iter().flatten().collect(),
    }
}

fn shake(
    players: usize,
    moves: &[(&str, &str)],
    challenge: Option<(usize, &str)>,
    solutions: &[Option<&str>],
) -> Shake {
    Shake {
        players,
        faces: FACES.into(),
        cards: UNIVERSE.into(),
        goal: "3+2".into(),
        moves: moves
            .iter()
            .map(|(f, t)| (f.to_string(), t.to_string()))
            .collect(),
        challenge: challenge.map(|(c, k)| (c, k.to_string())),
        solutions: solutions.iter().map(|s| s.map(str::to_string)).collect(),
    }
}

/// The seven Basic lessons.
pub fn lessons() -> Vec<Lesson> {
    vec![
        goal(),
        moving(),
        solution(),
        challenge(),
        correctness(),
        scoring(),
        last_cube(),
    ]
}

/// Basic rule I: the Goal.
fn goal() -> Lesson {
    let before = pos(
        "3",
        "",
        "",
        "",
        "3 2 4 B R G Y B ∪ ∩ − ′ V V Λ",
        "impossible",
    );
    lesson(
        "goal",
        "Setting the Goal",
        "Basic I",
        "The player who rolled the cubes sets the Goal with one or more digit cubes: side by side \
         they add, in a vertical line they multiply, upside-down a digit is negative.",
        vec![
            step(
                "The cubes are rolled: the symbols on their top faces form the Resources (3, 2 \
                 and 4 are the digit cubes), and eight cards form the Universe (Basic I). You rolled, so you set the \
                 Goal by moving digit cubes to the Goal section (Basic I-A). Two cubes side by side \
                 mean their sum (Basic I-B-1). Set a Goal of 5 with cubes side by side.",
                &["Basic I-A", "Basic I-B-1"],
                before.clone(),
                Task::SetGoal { value: Some(5), shape: Some(Shape::Sum), reachable: false },
                "Which two of 3, 2 and 4 add up to 5? Put them side by side: write 3+2.",
                Intended::Goal { right: "3+2", wrong: "3*2" },
            ),
            step(
                "Cubes placed in a vertical line mean their product (Basic I-B-2). Set a Goal of 8 \
                 with cubes in a vertical line.",
                &["Basic I-B-2"],
                before.clone(),
                Task::SetGoal { value: Some(8), shape: Some(Shape::Product), reachable: false },
                "4 × 2 = 8: put the 4 above the 2 (write 4*2).",
                Intended::Goal { right: "4*2", wrong: "4+2" },
            ),
            step(
                "A digit placed upside-down is negative (Basic I-B-3). Set a Goal of 1 using an \
                 upside-down cube.",
                &["Basic I-B-3"],
                before.clone(),
                Task::SetGoal { value: Some(1), shape: Some(Shape::Negative), reachable: false },
                "3 + (−2) = 1: the 2 upside-down beside the 3 (write 3+~2; ~ turns a cube over).",
                Intended::Goal { right: "3+~2", wrong: "3+~4" },
            ),
            step(
                "A Goal must be a number of cards some Solution can name, or the next player \
                 challenges Impossible and wins (Basic IV-A-2). The Universe has 8 cards. Set any \
                 Goal that a correct Solution can reach; the exact solver checks it.",
                &["Basic I-A", "Basic IV-A-2", "III-B"],
                before,
                Task::SetGoal { value: None, shape: None, reachable: true },
                "A Goal larger than 8 can never be reached here. Try a small one such as 3+2: B ∪ G \
                 names five cards.",
                Intended::Goal { right: "3+2", wrong: "3*2*4" },
            ),
        ],
    )
}

/// Basic rule II: moving cubes.
fn moving() -> Lesson {
    lesson(
        "move",
        "Moving cubes",
        "Basic II",
        "After the Goal is set, play goes to the left; on your turn you either challenge or move \
         one cube from Resources to Forbidden, Permitted or Required.",
        vec![
            step(
                "The Goal 3+2 (five cards) is set; the 4 was not used and lies in Forbidden. Now \
                 play goes to the left (Basic II). On your turn you move one cube from Resources to \
                 Required (every Solution must use it), Permitted (a Solution may use it) or \
                 Forbidden (no Solution may use it). Move a cube to Required: drag it, or click it \
                 and then the section.",
                &["Basic II", "IV-B"],
                pos("3+2", "", "", "4", "B R G Y B ∪ ∩ − ′ V V Λ", "impossible"),
                Task::Move { to: Some("required".into()), shift: false, safe: false },
                "Any cube from Resources will do, as long as it goes to Required.",
                Intended::Move { right: ("B", "required"), wrong: ("B", "permitted") },
            ),
            step(
                "Each move changes what Solutions are still possible. After your move the next \
                 player may challenge: Now if a Solution needs at most one more cube, Impossible if \
                 no Solution can be written any more (Basic IV). Make a move neither challenge would \
                 win against; the exact solver judges it.",
                &["Basic II", "Basic IV-A", "V-A"],
                pos("3+2", "B", "", "4 ∩", "R G Y ∪ − ′ V Λ", "impossible"),
                Task::Move { to: None, shift: false, safe: true },
                "With B in Required, B ∪ G names five cards. A move that puts both ∪ and G within \
                 reach of one more cube invites Now; a cube in Forbidden that every Solution needs \
                 invites Impossible.",
                Intended::Move { right: ("Y", "forbidden"), wrong: ("G", "required") },
            ),
        ],
    )
}

/// Basic rule III: the Solution.
fn solution() -> Lesson {
    lesson(
        "solution",
        "Writing a Solution",
        "Basic III",
        "A Solution names a set of cards with the cubes; it must use every Required cube, no \
         Forbidden cube, at least two cubes, and name exactly as many cards as the Goal.",
        vec![
            step(
                "All cubes have been played. A Solution is the name of a set, written with the \
                 cubes' symbols; the number of Universe cards in the set must equal the Goal (Basic \
                 III). It must contain at least two cubes (Basic III-A), use all cubes in Required \
                 (Basic III-B), no cube in Forbidden (Basic III-C), and any of Permitted (Basic \
                 III-D). Write a \
                 Solution for the Goal 4+2 (six cards).",
                &["Basic III-A", "Basic III-B", "Basic III-C", "Basic III-D", "VII-B"],
                pos("4+2", "B ∪", "R G ′", "Y − 3", "", "forceout"),
                Task::Write,
                "B ∪ R is the set of cards with a blue dot or a red dot (or both). Count them.",
                Intended::Write { right: "B ∪ R", wrong: "R ∪ G", code: "required-unused" },
            ),
            step(
                "A Solution must contain at least two cubes (Basic III-A): a single color is not \
                 enough even when it names the right number of cards. Write a Solution for the Goal \
                 4 (four cards).",
                &["Basic III-A", "VII-B-4-a"],
                pos("4", "", "B R ′", "G Y ∪ − 3 2", "", "forceout"),
                Task::Write,
                "R′ (not red) is the set of cards without a red dot.",
                Intended::Write { right: "R′", wrong: "B", code: "too-few-cubes" },
            ),
            step(
                "Without grouping symbols, ′ comes first, and the binary operations ∪, ∩ and − have \
                 no order among themselves: the Solution-writer must add parentheses, or the \
                 Solution is incorrect if any reading misses the Goal (Basic III-E). Write a \
                 Solution for the Goal 2.",
                &["Basic III-E", "VII-B-6"],
                pos("2", "B ∪ R ∩", "G ′ Y", "− 3 4", "", "forceout"),
                Task::Write,
                "(B ∪ R) ∩ G and B ∪ (R ∩ G) name different sets. Which names two cards?",
                Intended::Write { right: "(B ∪ R) ∩ G", wrong: "B ∪ R ∩ G", code: "ambiguous" },
            ),
        ],
    )
}

/// Basic rule IV: challenging.
fn challenge() -> Lesson {
    let now = pos("3+2", "B", "∪", "− 4", "R Y ∩ ′ G V Λ", "now");
    lesson(
        "challenge",
        "Challenging Now or Impossible",
        "Basic IV",
        "Right after a move you may challenge: Now when a Solution can be written with the mat and \
         at most one more cube, Impossible when no Solution can be written however the cubes are \
         played.",
        vec![
            step(
                "The last player has just moved ∪ to Permitted. You may challenge (Basic IV-A): Now \
                 claims a Solution can be written with all of Required, any of Permitted and at \
                 most one more cube from Resources (Basic IV-A-1); Impossible claims nobody can \
                 write a Solution whatever cubes are still played (Basic IV-A-2). Which challenge wins here, if \
                 any?",
                &["Basic IV-A-1", "Basic IV-A-2", "V-A"],
                now.clone(),
                Task::Challenge,
                "B is required and ∪ permitted. Is there one cube in Resources that finishes a \
                 five-card Solution?",
                Intended::Challenge("now"),
            ),
            step(
                "You challenged Now, so you must present a Solution (VII-A-1): all of Required, \
                 any of Permitted, and at most one cube from Resources. Write it.",
                &["Basic IV-A-1", "VII-A-1", "VII-B-4-e"],
                now,
                Task::Write,
                "B ∪ G: B is required, ∪ permitted, and G is the one cube from Resources.",
                Intended::Write { right: "B ∪ G", wrong: "B ∪ (G ∩ Y)", code: "now-resources" },
            ),
            step(
                "Another shake. Y and G are Required with ∩; ∪, − and ′ are Forbidden. Which \
                 challenge wins, if any?",
                &["Basic IV-A-2", "V-A-1"],
                pos("3+2", "Y ∩ G", "", "∪ − ′ 4", "B R V", "impossible"),
                Task::Challenge,
                "With only ∩ left to join sets, every Solution lies inside Y ∩ G. Which cards have \
                 both a yellow and a green dot?",
                Intended::Challenge("impossible"),
            ),
            step(
                "A third position. B is Required; G is Forbidden. Which challenge wins, if any? \
                 (Challenging when neither wins loses the shake.)",
                &["Basic IV-A", "V-A"],
                pos("3+2", "B", "", "G 4", "R Y ∪ ∩ − ′ V", "impossible"),
                Task::Challenge,
                "With one more cube, B can only become B′ (four cards). With more cubes, think of \
                 B ∪ (R ∩ Y).",
                Intended::Challenge("neither"),
            ),
        ],
    )
}

/// Basic rule V: who is correct.
fn correctness() -> Lesson {
    lesson(
        "correctness",
        "Who is correct",
        "Basic V",
        "After a challenge, a player who has to (or may) write a Solution is correct if it is \
         correct; a player who does not have to write is correct if nobody writes a correct \
         Solution.",
        vec![
            score_step(
                "The match engine plays this shake: Bob moved B to Required, Ann ∪ to Permitted, and \
                 Bob challenged Now. After Now the Challenger must present a Solution and the Mover \
                 may not (VII-A-1). A player who has to write is correct if their Solution is \
                 correct (Basic V-A); one who does not is correct if nobody writes a correct \
                 Solution (Basic V-B). Bob presents B ∪ G. A correct Challenger or Mover scores 6, a \
                 player who is not correct 2 (Basic VI-A, VI-B). Give Ann's and Bob's points.",
                &["Basic V-A", "Basic V-B", "VII-A-1", "Basic VI-A", "Basic VI-B", "X-B"],
                shake(2, &[("B", "required"), ("∪", "permitted")], Some((1, "now")), &[None, Some("B ∪ G")]),
                "Is B ∪ G a correct Solution after a Now challenge here (five cards, one cube from \
                 Resources)?",
                vec![2, 6],
            ),
            score_step(
                "Same moves, but Bob presents B ∪ R after his Now challenge. Ann presents nothing: \
                 she does not have to write, and she is correct if nobody writes a correct \
                 Solution (Basic V-B).",
                &["Basic V-A", "Basic V-B", "Basic VI-A", "Basic VI-B"],
                shake(2, &[("B", "required"), ("∪", "permitted")], Some((1, "now")), &[None, Some("B ∪ R")]),
                "How many cards does B ∪ R name?",
                vec![6, 2],
            ),
            score_step(
                "Now Bob moves Y to Forbidden and Ann challenges Impossible against him. After an \
                 Impossible challenge the Mover must present a Solution (VII-A-2). Bob presents \
                 B ∪ G.",
                &["Basic V-A", "Basic V-B", "VII-A-2", "Basic IV-A-2"],
                shake(2, &[("B", "required"), ("∪", "permitted"), ("Y", "forbidden")], Some((0, "impossible")), &[None, Some("B ∪ G")]),
                "After Impossible, any Resources cube may be used. Did Bob name five cards?",
                vec![2, 6],
            ),
        ],
    )
}

/// Basic rule VI: challenge scoring with a Third Party.
fn scoring() -> Lesson {
    lesson(
        "scoring",
        "Scoring a challenge",
        "Basic VI",
        "Anyone not correct scores 2; a correct Challenger or Mover scores 6; a correct Third Party \
         scores 6 or 4.",
        vec![
            score_step(
                "Three players: Ann, Bob and Cy. Bob moved B to Required, Cy ∪ to Permitted, and \
                 Ann challenged Now against Cy. Bob, the Third Party, may present a Solution but \
                 does not have to (Basic IV-B). Ann presents B ∪ G, and so does Bob. A correct Third \
                 Party scores 6 only in the cases of Basic VI-C, otherwise 4. Give the points of \
                 Ann, Bob and Cy.",
                &["Basic IV-B", "Basic VI-A", "Basic VI-B", "Basic VI-C", "X-B"],
                shake(3, &[("B", "required"), ("∪", "permitted")], Some((0, "now")), &[Some("B ∪ G"), Some("B ∪ G"), None]),
                "The Challenger presented a correct Solution after Now: does Bob reach 6 under \
                 VI-C (a), (b) or (c)?",
                vec![6, 4, 2],
            ),
            score_step(
                "Ann moves Y to Forbidden; Bob challenges Impossible against her. Ann, the Mover, \
                 presents B ∪ R; Cy, the Third Party, presents B ∪ G.",
                &["Basic V-A", "Basic V-B", "Basic VI-C"],
                shake(3, &[("B", "required"), ("∪", "permitted"), ("Y", "forbidden")], Some((1, "impossible")), &[Some("B ∪ R"), None, Some("B ∪ G")]),
                "Someone wrote a correct Solution, so the Impossible challenge was wrong. Who wrote \
                 it, and under which case of VI-C?",
                vec![2, 2, 6],
            ),
            score_step(
                "Cy moved ∪ to Permitted; Ann challenges Now and presents B ∪ R. Bob, the Third \
                 Party, presents nothing.",
                &["Basic V-B", "Basic VI-C"],
                shake(3, &[("B", "required"), ("∪", "permitted")], Some((0, "now")), &[Some("B ∪ R"), None, None]),
                "Nobody wrote a correct Solution. Who did not have to write? Look at VI-C (c).",
                vec![2, 6, 6],
            ),
        ],
    )
}

/// Basic rule VII: the last cube.
fn last_cube() -> Lesson {
    let one_left = pos("3+2", "B", "∪", "R Y ∩ − ′ 4", "G", "impossible");
    let forceout = shake(
        2,
        &[
            ("B", "required"),
            ("∪", "permitted"),
            ("G", "permitted"),
            ("R", "forbidden"),
            ("Y", "forbidden"),
            ("B", "forbidden"),
            ("R", "forbidden"),
            ("G", "forbidden"),
            ("Y", "forbidden"),
            ("∩", "forbidden"),
            ("−", "forbidden"),
            ("′", "forbidden"),
            ("V", "forbidden"),
            ("V", "forbidden"),
            ("Λ", "permitted"),
        ],
        None,
        &[Some("B ∪ G"), Some("B ∪ V")],
    );
    lesson(
        "last-cube",
        "The last cube",
        "Basic VII",
        "With one cube left in Resources only Impossible may be challenged; otherwise the player \
         whose turn it is moves the last cube to Required or Permitted and everyone writes a \
         Solution: 4 for a correct one, 2 otherwise.",
        vec![
            step(
                "Only G is left in Resources. As soon as there is only one cube left, the only \
                 challenge allowed is Impossible (Basic VII). Which challenge wins, if any?",
                &["Basic VII", "V-A-2-a"],
                one_left.clone(),
                Task::Challenge,
                "Now is not allowed with one cube left. Can B ∪ G still be written?",
                Intended::Challenge("neither"),
            ),
            step(
                "Nobody challenged, and it is your turn: you must move the last cube to Required or \
                 Permitted, never to Forbidden (Basic VII). Move it so that a correct Solution can \
                 still be written.",
                &["Basic VII", "VIII-A"],
                one_left,
                Task::Move { to: None, shift: false, safe: true },
                "G to Forbidden is not allowed. Either of the other two sections keeps B ∪ G \
                 possible.",
                Intended::Move { right: ("G", "permitted"), wrong: ("G", "forbidden") },
            ),
            step(
                "The last cube is on the mat and nobody challenged Impossible: every player now \
                 writes a Solution (Basic VII). Write yours.",
                &["Basic VII", "VIII-B"],
                pos("3+2", "B", "∪ G", "R Y ∩ − ′ 4", "", "forceout"),
                Task::Write,
                "Use B (Required), and ∪ and G from Permitted.",
                Intended::Write { right: "B ∪ G", wrong: "B ∪ R", code: "forbidden-cube" },
            ),
            score_step(
                "The engine plays a whole shake to its last cube: fifteen moves, Bob putting Λ to \
                 Permitted last. Nobody challenged, so both write: Ann presents B ∪ G, Bob B ∪ V. \
                 Whoever is correct scores 4; whoever is incorrect 2 (Basic VII).",
                &["Basic VII", "X-C"],
                forceout,
                "How many cards does B ∪ V name? V is the whole Universe.",
                vec![4, 2],
            ),
        ],
    )
}
