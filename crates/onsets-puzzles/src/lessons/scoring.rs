//! Shakes played by the match engine, for the lessons on correctness and
//! scoring (Basic V, VI and VII; X-A, X-B, X-C).
//!
//! A [`Shake`] fixes the cubes, the cards, the Goal, the moves, the challenge
//! (or none: the last cube is played, Basic VII) and what each player
//! presents. [`play`] plays it through [`onsets_engine::Match`] in judge
//! checking mode (the engine rules on each Solution with the exact checker,
//! VII-C-6) and reads the points from the engine's `ShakeScored` event; the
//! lesson never computes a score itself.

use onsets_core::{Card, CardSet, CubeList, Division, Position, Situation, Symbol};
use onsets_engine::{
    Act, Action, ChallengeKind, Dice, Event, GoalSpec, Match, MatchConfig, Place, SetOut, ShakeDice,
};
use serde::Serialize;

/// The seat names of the lessons' shakes, in seat order (play goes to the
/// left: Ann, then Bob, then Cy).
pub const NAMES: [&str; 3] = ["Ann", "Bob", "Cy"];

/// One shake, written out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shake {
    /// Two or three players; Ann rolls and sets the Goal.
    pub players: usize,
    /// The 18 faces in kit order: 3 digit, 8 color, 4 operation and 3
    /// Restriction cubes (two V and one Λ are set out in Basic On-Sets).
    pub faces: String,
    /// The cards dealt.
    pub cards: String,
    pub goal: String,
    /// The moves in turn order from Bob: a face and the section it goes to.
    pub moves: Vec<(String, String)>,
    /// The Challenger (a seat) and `now` or `impossible`; `None` when the
    /// last move played the last cube (Basic VII).
    pub challenge: Option<(usize, String)>,
    /// What each seat presents, in seat order (`None`: presents nothing).
    pub solutions: Vec<Option<String>>,
}

/// A shake played by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub shake: Shake,
    /// The points of the shake, in seat order (the engine's `ShakeScored`).
    pub points: Vec<i32>,
    /// Per seat: whether the engine ruled the presented Solution correct.
    pub correct: Vec<Option<bool>>,
    /// The last Mover.
    pub mover: Option<usize>,
    /// The position Solutions were written in.
    pub position: Position,
}

struct Table {
    m: Match,
    t: u64,
    events: Vec<Event>,
}

impl Table {
    fn act(&mut self, act: Act) -> Result<(), String> {
        self.t = self.t.max(self.m.now_ms()) + 1000;
        let (m, ev) = self
            .m
            .apply(Action { at_ms: self.t, act })
            .map_err(|r| format!("the engine refused: {r}"))?;
        self.m = m;
        self.events.extend(ev);
        Ok(())
    }

    fn cube(&self, face: &str, place: Place) -> Result<u8, String> {
        let s = Symbol::parse(face).map_err(|e| e.to_string())?;
        self.m
            .cubes()
            .iter()
            .find(|c| c.face == s && c.place == place)
            .map(|c| c.id)
            .ok_or_else(|| format!("no {face} cube in {place:?}"))
    }
}

fn place(name: &str) -> Result<Place, String> {
    match name {
        "required" => Ok(Place::Required),
        "permitted" => Ok(Place::Permitted),
        "forbidden" => Ok(Place::Forbidden),
        _ => Err(format!("`{name}` is not a section")),
    }
}

/// The mat as the engine holds it, as a position in `situation`.
fn position_of(m: &Match, goal: &str, situation: Situation) -> Result<Position, String> {
    let mut lists: [Vec<Symbol>; 4] = Default::default();
    for c in m.cubes() {
        let i = match c.place {
            Place::Required => 0,
            Place::Permitted => 1,
            Place::Forbidden => 2,
            Place::Resources => 3,
            Place::Goal => continue,
        };
        lists[i].push(c.face);
    }
    let universe = m
        .dealt()
        .iter()
        .filter_map(|&k| Card::from_mask(k))
        .fold(CardSet::EMPTY, |s, c| s.with(c));
    let [required, permitted, forbidden, resources] = lists.map(|l| CubeList::new(l).to_string());
    // read through the core's own reader, as any position from outside
    let json = serde_json::json!({
        "division": Division::Elementary.name(),
        "adventurous": false,
        "universe": universe.to_string(),
        "goal": goal,
        "required": required,
        "permitted": permitted,
        "forbidden": forbidden,
        "resources": resources,
        "situation": situation.name(),
    });
    Position::from_json(&json.to_string()).map_err(|e| e.to_string())
}

/// Plays `shake` through the engine (Basic On-Sets, Elementary Division,
/// judge checking).
pub fn play(shake: &Shake) -> Result<Played, String> {
    let n = shake.players.clamp(2, 3);
    let mut config = MatchConfig::new(15, &NAMES[..n], Division::Elementary, false);
    config.dice = Some(Dice {
        first_setter: Some(0),
        coins: Vec::new(),
        shakes: vec![ShakeDice {
            faces: Some(shake.faces.clone()),
            cards: Some(shake.cards.clone()),
        }],
    });
    let (m, events) = Match::new(config).map_err(|r| format!("the engine refused: {r}"))?;
    let mut t = Table { m, t: 0, events };
    let setter = t.m.goal_setter();
    t.act(Act::Roll {
        player: setter,
        set_out: Some(SetOut::TwoUniverseOneEmpty),
    })?;
    let dealer = t.m.dealer();
    let count = shake.cards.split_whitespace().count() as u8;
    t.act(Act::Deal {
        player: dealer,
        count,
    })?;
    t.act(Act::SetGoal {
        player: setter,
        goal: GoalSpec::Layout(shake.goal.clone()),
        unused_to_forbidden: true,
    })?;
    let mut player = t.m.left(setter);
    for (face, to) in &shake.moves {
        let cube = t.cube(face, Place::Resources)?;
        t.act(Act::Move {
            player,
            cube,
            to: place(to)?,
            bonus: false,
        })?;
        player = t.m.left(player);
    }
    let mover = t.m.last_mover();
    let situation = match &shake.challenge {
        Some((who, kind)) => {
            let kind = match kind.as_str() {
                "now" => ChallengeKind::Now,
                _ => ChallengeKind::Impossible,
            };
            t.act(Act::Challenge { player: *who, kind })?;
            if kind == ChallengeKind::Now {
                Situation::Now
            } else {
                Situation::Impossible
            }
        }
        None => Situation::Forceout,
    };
    let position = position_of(&t.m, &shake.goal, situation)?;
    for (seat, s) in shake.solutions.iter().enumerate().take(n) {
        match s {
            Some(text) => t.act(Act::Present {
                player: seat,
                solution: text.clone(),
                goal: None,
            })?,
            // a player who does not have to write may decline; one who has
            // to write and presents nothing is incorrect either way
            None => {
                let _ = t.act(Act::Decline { player: seat });
            }
        }
    }
    // the writing time runs out for anyone still writing (XI-A)
    for _ in 0..8 {
        if t.events
            .iter()
            .any(|e| matches!(e, Event::ShakeScored { .. }))
        {
            break;
        }
        t.t += 60_000;
        let at = t.t;
        let (m, ev) =
            t.m.apply(Action {
                at_ms: at,
                act: Act::Clock,
            })
            .map_err(|r| format!("the engine refused: {r}"))?;
        t.m = m;
        t.events.extend(ev);
    }
    let mut correct = vec![None; n];
    let mut points = None;
    for e in &t.events {
        match e {
            Event::SolutionJudged {
                writer, correct: c, ..
            } if *writer < n => correct[*writer] = Some(*c),
            Event::ShakeScored { scores, .. } => points = Some(scores.clone()),
            _ => {}
        }
    }
    let points = points.ok_or("the engine did not score the shake")?;
    Ok(Played {
        shake: shake.clone(),
        points,
        correct,
        mover,
        position,
    })
}

/// The engine's points in words.
pub fn describe(p: &Played) -> String {
    let mut parts = Vec::new();
    for (seat, (name, points)) in NAMES.iter().zip(&p.points).enumerate() {
        let role = role(p, seat);
        let wrote = match (
            &p.shake.solutions.get(seat).cloned().flatten(),
            p.correct.get(seat).copied().flatten(),
        ) {
            (Some(s), Some(true)) => format!("presented {s}, ruled correct"),
            (Some(s), Some(false)) => format!("presented {s}, ruled incorrect"),
            (Some(s), None) => format!("presented {s}"),
            (None, _) => "presented nothing".to_string(),
        };
        parts.push(format!("{name} ({role}; {wrote}) scores {points}"));
    }
    format!("{}.", parts.join("; "))
}

fn role(p: &Played, seat: usize) -> &'static str {
    match &p.shake.challenge {
        Some((c, _)) if *c == seat => "Challenger",
        Some(_) if p.mover == Some(seat) => "Mover",
        Some(_) => "Third Party",
        None if p.mover == Some(seat) => "played the last cube",
        None => "writer",
    }
}

/// Judges the learner's points against the engine's.
pub fn judge(p: &Played, points: &[i32]) -> super::Outcome {
    let n = p.points.len();
    if points.len() != n {
        return super::outcome(
            false,
            format!("Give {n} scores, one for each player in seat order."),
            vec![super::reason("Basic VI", "every player scores")],
        );
    }
    let mut reasons = Vec::new();
    for seat in 0..n {
        if points[seat] != p.points[seat] {
            let section = match (&p.shake.challenge, role(p, seat)) {
                (None, _) => "Basic VII",
                (_, "Third Party") => "Basic VI-C",
                _ => "Basic VI-B",
            };
            let right = if p.points[seat] == 2 {
                "not correct, so 2 (Basic VI-A)"
            } else {
                "correct"
            };
            reasons.push(super::reason(
                section,
                format!(
                    "{} ({}) scores {}, not {}: {right}",
                    NAMES[seat],
                    role(p, seat),
                    p.points[seat],
                    points[seat]
                ),
            ));
        }
    }
    if reasons.is_empty() {
        super::outcome(true, format!("Right: {}", describe(p)), Vec::new())
    } else {
        super::outcome(false, "Not quite.", reasons)
    }
}
