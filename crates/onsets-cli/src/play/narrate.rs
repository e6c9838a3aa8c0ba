//! What the terminal says: the seats' names, the task line, every event
//! in words, in the second person for the human (`you set the Goal`, `your
//! Solution`), seats by name and cubes by face (never the engine's numbers).

use super::app::App;
use super::words;
use onsets_bots::{Level, View};
use onsets_engine::{Act, ChallengeKind, Event, Phase, Task, WritingKind};

const HUMAN_NAMES: [&str; 3] = ["me", "human", "you"];

/// The longest name a seat may have (the players' line holds three).
pub const MAX_NAME: usize = 16;

/// The names of the seats, distinct and with the bots marked: a bot is
/// `expert bot` (`club bot 2` when two clubs sit, numbered by seat from 1);
/// the only human called `me`/`human`/`you` is `you`, several are `player 1`,
/// `player 2`…; other names are kept. A human's name may not end in `bot`
/// (that marks the bots) nor be longer than [`MAX_NAME`]; a name met twice
/// gets its seat's number.
pub fn seat_names(players: &[String]) -> Result<Vec<String>, String> {
    let levels: Vec<Option<Level>> = players.iter().map(|p| p.parse().ok()).collect();
    let is_you = |p: &str| HUMAN_NAMES.contains(&p.trim().to_ascii_lowercase().as_str());
    let yous = players
        .iter()
        .zip(&levels)
        .filter(|(p, l)| l.is_none() && is_you(p))
        .count();
    let mut names = Vec::new();
    for (i, (p, l)) in players.iter().zip(&levels).enumerate() {
        let p = p.trim();
        let name = match l {
            Some(l) => {
                let same = levels.iter().filter(|q| **q == Some(*l)).count();
                if same > 1 {
                    format!("{l} bot {}", i + 1)
                } else {
                    format!("{l} bot")
                }
            }
            None if p.is_empty() => format!("player {}", i + 1),
            None if is_you(p) => {
                if yous > 1 {
                    format!("player {}", i + 1)
                } else {
                    "you".into()
                }
            }
            None => {
                let lower = p.to_lowercase();
                if lower.ends_with("bot") {
                    return Err(format!(
                        "--players: `{p}` is a human's name, and only bots' names end in \"bot\" (a bot is a level: beginner, club, strong or expert)"
                    ));
                }
                if p.chars().count() > MAX_NAME {
                    return Err(format!(
                        "--players: the name `{p}` is longer than {MAX_NAME} characters"
                    ));
                }
                p.to_string()
            }
        };
        names.push(name);
    }
    // Distinct: a name met before (in any case) gets its seat's number.
    for i in 0..names.len() {
        if names[..i]
            .iter()
            .any(|n| n.to_lowercase() == names[i].to_lowercase())
        {
            names[i] = format!("{} {}", names[i], i + 1);
        }
    }
    Ok(names)
}

impl App {
    /// Whether a challenge of `kind` by the active human would be valid now
    /// (no penalty, not set aside: V-A, V-B); the hints offer only those.
    pub fn may_challenge(&self, kind: ChallengeKind) -> bool {
        let act = Act::Challenge {
            player: self.active,
            kind,
        };
        View::new(&self.m, self.active).is_clean(&act)
    }

    /// 2019-20 VII-A-3: the side the Third Party of a challenge joins by
    /// presenting (the writer) or not (the other player); empty otherwise.
    fn joins(&self, player: usize, presents: bool) -> String {
        let kind = match self.m.phase() {
            Phase::Writing(w) => &w.kind,
            Phase::Checking(c) => &c.kind,
            _ => return String::new(),
        };
        let WritingKind::Challenge {
            challenge,
            challenger,
            mover,
        } = kind
        else {
            return String::new();
        };
        if !self.m.third_party_joins() || player == *challenger || player == *mover {
            return String::new();
        }
        let side = if presents == (*challenge == ChallengeKind::Now) {
            "Challenger"
        } else {
            "Mover"
        };
        format!(", joining the {side} (VII-A-3)")
    }

    /// The challenge keys the hint may offer: `c i`, `c`, `i` or nothing.
    fn challenge_hint(&self) -> Option<String> {
        let keys: Vec<&str> = [(ChallengeKind::Now, "c"), (ChallengeKind::Impossible, "i")]
            .into_iter()
            .filter(|(k, _)| self.may_challenge(*k))
            .map(|(_, key)| key)
            .collect();
        (!keys.is_empty()).then(|| format!("challenge [{}]", keys.join(" ")))
    }

    /// What the active human may do now, as a short tag and a sentence.
    pub fn task(&self) -> (String, String) {
        if let Some(c) = &self.confirm {
            return ("confirm".into(), c.prompt.clone());
        }
        let me = self.active;
        let does = |p: usize, verb: &str| self.does(p, verb);
        match self.m.phase() {
            Phase::Setup { rolled, dealt } => self.task_setup(*rolled, *dealt),
            Phase::Variations { pos, picks, .. } => {
                let p = (self.m.goal_setter() + pos) % self.m.n();
                if p == me {
                    // II-C-3: how many are still to select, said up front;
                    // "end" is offered only once the engine would take it.
                    let (need, max) = self.m.picks(me);
                    let left = need.saturating_sub(*picks);
                    let words = if left > 0 {
                        format!(
                            "you: select {left}{} variation{} [v] (II-C)",
                            if *picks > 0 { " more" } else { "" },
                            if left == 1 { "" } else { "s" }
                        )
                    } else if *picks < max {
                        "you: select another variation [v], or end your selection [e]".into()
                    } else {
                        "you: end your selection [e]".into()
                    };
                    ("select".into(), words)
                } else {
                    (String::new(), format!("{} a variation", does(p, "selects")))
                }
            }
            Phase::Goal { .. } => {
                if self.m.goal_setter() == me {
                    (
                        "goal".into(),
                        "you: set the Goal [g], bonus [b], no Goal [n]".into(),
                    )
                } else {
                    (
                        String::new(),
                        format!("{} the Goal", does(self.m.goal_setter(), "sets")),
                    )
                }
            }
            Phase::NoGoal { .. } => {
                if self.m.goal_setter() == me {
                    (String::new(), "you declared no Goal".into())
                } else {
                    (
                        "nogoal".into(),
                        "you: agree with no Goal [a] or challenge [c]".into(),
                    )
                }
            }
            Phase::Moves { turn, .. } => {
                let challenge = self.challenge_hint();
                if *turn == me {
                    (
                        "move".into(),
                        match challenge {
                            Some(c) => format!("you: move a cube [1 2 3 / m] or {c}"),
                            None => "you: move a cube [1 2 3 / m]".into(),
                        },
                    )
                } else {
                    let mover = format!("{} to move", self.name(*turn));
                    (
                        String::new(),
                        match challenge {
                            Some(c) => format!("{mover}; you may {c}"),
                            None => mover,
                        },
                    )
                }
            }
            Phase::Writing(w) => self.task_writing(w),
            Phase::Checking(c) => match c.queue.get(c.current) {
                Some(&w) => {
                    let pending = c
                        .decisions
                        .get(c.current)
                        .and_then(|d| d.get(me))
                        .is_some_and(|d| *d == onsets_engine::Decision::Pending);
                    if w != me && pending {
                        (
                            "check".into(),
                            format!("check {} Solution: accept [a] or object [o]", self.poss(w)),
                        )
                    } else {
                        (
                            String::new(),
                            format!("{} Solution is being checked", self.poss(w)),
                        )
                    }
                }
                None => (String::new(), "checking".into()),
            },
            Phase::Over => ("over".into(), "the match is over: q to quit".into()),
        }
    }

    /// The task line while the cubes are rolled and the cards dealt (II-A, II-B).
    fn task_setup(&self, rolled: bool, dealt: bool) -> (String, String) {
        let me = self.active;
        let does = |p: usize, verb: &str| self.does(p, verb);
        let mut s = Vec::new();
        if !rolled {
            s.push(if self.m.goal_setter() == me {
                "you: roll [r]".to_string()
            } else {
                does(self.m.goal_setter(), "rolls")
            });
        }
        if !dealt {
            s.push(if self.m.dealer() == me {
                "you: deal [d]".to_string()
            } else {
                does(self.m.dealer(), "deals")
            });
        }
        let tag = if !rolled && self.m.goal_setter() == me {
            "roll"
        } else if !dealt && self.m.dealer() == me {
            "deal"
        } else {
            ""
        };
        (tag.into(), s.join(", "))
    }

    /// The task line while Solutions are written (VII).
    fn task_writing(&self, w: &onsets_engine::Writing) -> (String, String) {
        let me = self.active;
        let does = |p: usize, verb: &str| self.does(p, verb);
        let why = match &w.kind {
            WritingKind::Challenge {
                challenge,
                challenger,
                ..
            } => format!(
                "{} {}",
                does(*challenger, "challenged"),
                challenge_words(*challenge)
            ),
            WritingKind::Forceout { mover, .. } => {
                format!("forceout by {}", self.name(*mover))
            }
            WritingKind::EndOfRound => "stop: end of round".into(),
            WritingKind::NoGoal { challenger, .. } => {
                format!("{} no Goal", does(*challenger, "challenged"))
            }
        };
        // After a forceout the others may still challenge
        // Impossible for a while (VIII-B): offered only while valid.
        let impossible = if matches!(w.kind, WritingKind::Forceout { .. })
            && self.may_challenge(ChallengeKind::Impossible)
        {
            "; challenge Impossible [i]"
        } else {
            ""
        };
        let mine = &w.writers[me];
        if mine.done() {
            (
                String::new(),
                format!("{why}; Solutions being written{impossible}"),
            )
        } else {
            let must = mine.role == onsets_engine::Role::Must;
            (
                "write".into(),
                format!(
                    "{why}; you {} present: write [w]{}{impossible}",
                    if must { "must" } else { "may" },
                    if must { "" } else { ", decline [x]" }
                ),
            )
        }
    }

    pub(super) fn describe(&self, e: &Event) -> Option<String> {
        let nm = |p: &usize| self.name(*p);
        let does = |p: &usize, verb: &str| self.does(*p, verb);
        let cube = |id: &u8| self.cube_words(*id);
        Some(match e {
            Event::ShakeStarted {
                shake,
                goal_setter,
                dealer,
            } => format!(
                "— shake {shake}: {} the Goal, {}",
                does(goal_setter, "sets"),
                does(dealer, "deals")
            ),
            Event::Rolled { faces } => format!("rolled {}", faces.join(" ")),
            Event::Dealt { cards } => format!("dealt {} cards", cards.len()),
            Event::VariationSelected { player, variation } => {
                format!(
                    "{} {}",
                    does(player, "selects"),
                    words::variation_words(variation)
                )
            }
            Event::Moved {
                player,
                cube: c,
                to,
            } => {
                format!("{} {} to {}", does(player, "moves"), cube(c), to.name())
            }
            Event::BonusMove { player, cube: c } => {
                format!(
                    "{} \"Bonus\" and {} {} to Forbidden",
                    does(player, "says"),
                    if self.is_you(*player) {
                        "move"
                    } else {
                        "moves"
                    },
                    cube(c)
                )
            }
            Event::Shifted {
                player,
                cube: c,
                to,
            } => {
                format!(
                    "{} {} from Permitted to {}",
                    does(player, "shifts"),
                    cube(c),
                    to.name()
                )
            }
            Event::GoalSet { player, goal } => {
                format!(
                    "{} the Goal {}",
                    does(player, "sets"),
                    goal.to_string().replace('*', "×")
                )
            }
            Event::NoGoalDeclared { player } => {
                format!("{} \"no Goal\" (III-D)", does(player, "declares"))
            }
            Event::Challenged {
                player,
                kind,
                against,
            } => match kind {
                ChallengeKind::NoGoal => {
                    format!("{} \"no Goal\" (III-D-2)", does(player, "challenges"))
                }
                k => format!(
                    "{} {} against {} (V-A)",
                    does(player, "challenges"),
                    challenge_words(*k),
                    nm(against)
                ),
            },
            other => return self.describe_late(other),
        })
    }

    /// The sentence for a challenge's, a Solution's, a penalty's or a
    /// score's event (V to XII); `None` for events the log does not narrate.
    fn describe_late(&self, e: &Event) -> Option<String> {
        let nm = |p: &usize| self.name(*p);
        let does = |p: &usize, verb: &str| self.does(*p, verb);
        let poss = |p: &usize| self.poss(*p);
        let cube = |id: &u8| self.cube_words(*id);
        Some(match e {
            Event::ChallengeSetAside {
                player,
                rule,
                reason,
            } => {
                format!(
                    "{} challenge is set aside: {} ({rule})",
                    poss(player),
                    self.engine_words(reason)
                )
            }
            Event::Penalty {
                player,
                rule,
                reason,
            } => {
                format!(
                    "{} one point: {} ({rule})",
                    does(player, "loses"),
                    self.engine_words(reason)
                )
            }
            Event::Forceout { mover } => {
                format!("forceout: {} the last cube (VIII)", does(mover, "moved"))
            }
            Event::Presented { player, .. } => {
                format!(
                    "{} a Solution{}",
                    does(player, "presents"),
                    self.joins(*player, true)
                )
            }
            Event::Declined { player } => format!(
                "{} to present{}",
                does(player, "declines"),
                self.joins(*player, false)
            ),
            Event::Accepted { checker, writer } => {
                format!("{} {} Solution", does(checker, "accepts"), poss(writer))
            }
            Event::SolutionJudged {
                writer, correct, ..
            } => format!(
                "{} Solution is {}",
                poss(writer),
                if *correct { "correct" } else { "incorrect" }
            ),
            Event::TimeExpired { player, task, .. } => {
                format!("time is up for {} ({})", nm(player), task_words(*task))
            }
            Event::TurnPassed { to } => {
                if self.is_you(*to) {
                    "the turn passes to you".into()
                } else {
                    format!("the turn passes to {}", nm(to))
                }
            }
            Event::RoundTimeUp => "the round's time is up: five more minutes (XI-B)".into(),
            Event::Stop => "stop: no more moves or challenges (XI-B-2)".into(),
            Event::ShakeScored { shake, scores } => {
                format!("shake {shake} scored: {}", self.score_list(scores))
            }
            Event::ShakeVoid { shake, reason } => {
                format!("shake {shake} void: {}", self.engine_words(reason))
            }
            Event::MatchOver { totals, .. } => {
                format!("match over: {}", self.score_list(totals))
            }
            Event::IllegalProcedureCharged {
                offender,
                rule,
                correction,
                ..
            } => format!(
                "illegal procedure by {} ({rule}): {}",
                nm(offender),
                self.engine_words(correction)
            ),
            Event::LastCubeReturned { player, cube: c } => {
                format!(
                    "{} may not go to Forbidden: it goes back to Resources (VIII-A; moved by {})",
                    cube(c),
                    nm(player)
                )
            }
            _ => return None,
        })
    }

    /// A seat's name (the subject or object of a sentence): `you`, `expert bot`.
    pub fn name(&self, p: usize) -> String {
        self.names
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("player {}", p + 1))
    }

    /// Whether seat `p` is addressed in the second person (the only human,
    /// named `you`).
    pub fn is_you(&self, p: usize) -> bool {
        self.names.get(p).is_some_and(|n| n == "you")
    }

    /// Subject and verb, in the right person: `you set`, `expert bot sets`.
    /// `verb` is the third person singular (`sets`, `is`, `moved`).
    pub fn does(&self, p: usize, verb: &str) -> String {
        if !self.is_you(p) {
            return format!("{} {verb}", self.name(p));
        }
        let second = match verb {
            "is" => "are".to_string(),
            "has" => "have".to_string(),
            v if ["sses", "shes", "ches", "xes"]
                .iter()
                .any(|e| v.ends_with(e)) =>
            {
                v[..v.len() - 2].to_string()
            }
            v if v.ends_with('s') => v[..v.len() - 1].to_string(),
            v => v.to_string(),
        };
        format!("you {second}")
    }

    /// The possessive: `your`, `expert bot's`.
    pub fn poss(&self, p: usize) -> String {
        if self.is_you(p) {
            "your".into()
        } else {
            format!("{}'s", self.name(p))
        }
    }

    /// Scores after the players' names: `you +1, expert bot −1`.
    pub(super) fn score_list(&self, scores: &[i32]) -> String {
        scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", self.name(i), signed(*s)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A cube as the players see it: `the ∪ cube` (its face), never its id.
    pub fn cube_words(&self, id: u8) -> String {
        match self.m.cube(id) {
            Some(c) => format!("the {} cube", c.face),
            None => "a cube".into(),
        }
    }

    /// The engine's text as the players see it: seats by name, cubes by
    /// face.
    pub fn engine_words(&self, text: &str) -> String {
        self.seat_ids_in_words(&self.cube_ids_in_words(text))
    }

    /// Replaces the engine's seat numbers (`player 0`, from 0) with the
    /// seats' names.
    pub fn seat_ids_in_words(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("player ") {
            let after = &rest[i + 7..];
            let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
            out.push_str(&rest[..i]);
            match digits.parse::<usize>() {
                Ok(p) if p < self.names.len() => {
                    rest = &after[digits.len()..];
                    if self.is_you(p) {
                        // The engine's sentences are in the third person.
                        let verb = [
                            (" holds ", " hold "),
                            (" is ", " are "),
                            (" has ", " have "),
                        ]
                        .into_iter()
                        .find(|(third, _)| rest.starts_with(third));
                        out.push_str("you");
                        if let Some((third, second)) = verb {
                            out.push_str(second);
                            rest = &rest[third.len()..];
                        }
                    } else {
                        out.push_str(&self.name(p));
                    }
                }
                _ => {
                    out.push_str("player ");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Replaces the engine's cube ids (`cube 16 returned to Resources`) with
    /// the cube's face (`the ∪ cube returned to Resources`).
    pub fn cube_ids_in_words(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("cube ") {
            let after = &rest[i + 5..];
            let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
            // The article before `cube` (`the cube`, `second cube`) is kept.
            out.push_str(&rest[..i]);
            match digits.parse::<u8>().ok().and_then(|id| self.m.cube(id)) {
                Some(c) if !digits.is_empty() => {
                    out.push_str(&format!("{} cube", c.face));
                    rest = &after[digits.len()..];
                }
                _ => {
                    out.push_str("cube ");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        // `cube 16 returned` became `∪ cube returned`: give it an article.
        if ["cube ", "bonus cube ", "second cube "]
            .iter()
            .any(|p| text.starts_with(p))
        {
            out = format!("the {out}");
        }
        out
    }
}

/// A running total, without a plus sign: `6`, `0`, `−1`.
pub fn total(t: i32) -> String {
    if t < 0 {
        format!("−{}", -t)
    } else {
        t.to_string()
    }
}

/// A shake's points with their sign: `+1`, `0`, `−1`.
pub fn signed(s: i32) -> String {
    match s.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{s}"),
        std::cmp::Ordering::Equal => "0".into(),
        std::cmp::Ordering::Less => format!("−{}", -s),
    }
}

/// A challenge in the rule's words.
pub fn challenge_words(k: ChallengeKind) -> &'static str {
    match k {
        ChallengeKind::Now => "Now",
        ChallengeKind::Impossible => "Impossible",
        ChallengeKind::NoGoal => "\"no Goal\"",
    }
}

/// A time limit's task in words (XI-A).
pub fn task_words(t: Task) -> &'static str {
    match t {
        Task::Roll => "rolling",
        Task::Deal => "dealing",
        Task::SelectVariation => "selecting a variation",
        Task::SetGoal => "setting the Goal",
        Task::Move => "moving",
        Task::Write => "writing",
        Task::Check => "checking",
    }
}
