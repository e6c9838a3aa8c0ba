//! The bots: one struct, four levels.

use crate::knowledge::{now_wins, possible, resources_left, solve_cached};
use crate::{Decision, Level, Player, View};
use chacha20::ChaCha8Rng;
use onsets_core::{check, Goal, Position, Situation, Symbol};
use onsets_engine::situation_of;
use onsets_engine::{
    Act, ChallengeKind, CheckingMode, Decision as Checked, Family, GoalSpec, Objection, Phase,
    Place, Role, SetOut, Task, WritingKind,
};
use onsets_solver::analysis::{
    goal_layouts, legal_moves_with, with_goal, Move, MoveKind, MoveOptions,
};
use rand_core::{Rng, SeedableRng};
use std::collections::HashMap;

/// What a level notices (probabilities) and how fast it acts (seconds).
#[derive(Clone, Copy, Debug)]
struct Params {
    /// Looks for a winning challenge after a move (Now, Impossible, "no Goal").
    notice: f64,
    /// How many candidate moves it examines for a flub (C-A-P) before moving.
    look_moves: usize,
    /// Finds a Solution when one exists.
    find: f64,
    /// Writes a found Solution wrongly.
    slip: f64,
    /// Checks an opponent's Solution closely (else accepts it).
    check: f64,
    /// Raises ambiguity objections (VII-C-5-c).
    ambiguity: bool,
    /// Makes sure its Goal has a Solution.
    goal_check: f64,
    /// Multiplies every think time.
    slowness: f64,
}

fn params(level: Level) -> Params {
    match level {
        Level::Beginner => Params {
            notice: 0.35,
            look_moves: 1,
            find: 0.7,
            slip: 0.2,
            check: 0.5,
            ambiguity: false,
            goal_check: 0.4,
            slowness: 2.0,
        },
        Level::Club => Params {
            notice: 0.6,
            look_moves: 3,
            find: 0.85,
            slip: 0.08,
            check: 0.75,
            ambiguity: false,
            goal_check: 0.7,
            slowness: 1.5,
        },
        Level::Strong => Params {
            notice: 0.85,
            look_moves: 8,
            find: 0.95,
            slip: 0.02,
            check: 0.92,
            ambiguity: true,
            goal_check: 0.95,
            slowness: 1.2,
        },
        Level::Expert => Params {
            notice: 1.0,
            look_moves: usize::MAX,
            find: 1.0,
            slip: 0.0,
            check: 1.0,
            ambiguity: true,
            goal_check: 1.0,
            slowness: 1.0,
        },
    }
}

/// How a move stands against the challenges (1969 C-A-P claims, 3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    NowWins,
    ImpossibleWins,
    Safe,
}

/// A bot player at one seat.
pub struct Bot {
    level: Level,
    seat: usize,
    rng: ChaCha8Rng,
    p: Params,
    /// The last decision: the state it was for, when it is due, and it.
    cached: Option<(u64, u64, Option<Decision>)>,
    /// Decisions replaced by a legal fallback (should stay 0).
    pub fallbacks: u64,
    /// Whether the last call of `decide` computed a new decision (rather
    /// than repeating the one it is still thinking about).
    pub last_fresh: bool,
    /// The regular move planned with a bonus move just made (IV-C).
    plan: Option<Move>,
}

impl Bot {
    /// A bot of `level` at `seat`, its generator seeded with `seed`.
    pub fn new(level: Level, seat: usize, seed: u64) -> Bot {
        Bot {
            level,
            seat,
            rng: ChaCha8Rng::seed_from_u64(seed),
            p: params(level),
            cached: None,
            fallbacks: 0,
            last_fresh: false,
            plan: None,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn seat(&self) -> usize {
        self.seat
    }

    fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            (self.rng.next_u64() % n as u64) as usize
        }
    }

    /// A probability, lowered for non-experts by every variation in force
    /// (more to keep in mind, more to miss).
    fn chance(&mut self, p: f64, view: &View) -> bool {
        let p = if self.level == Level::Expert {
            p
        } else {
            p * 0.95f64.powi(view.variations().len() as i32)
        };
        p >= 1.0 || self.unit() < p
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }

    /// A think time between `lo` and `hi` seconds (scaled by the level's
    /// slowness), finished two seconds before the running limit `task`
    /// (XI-A: bots obey the time limits).
    fn think(&mut self, view: &View, lo: f64, hi: f64, task: Option<Task>) -> u64 {
        let s = (lo + (hi - lo) * self.unit()) * self.p.slowness;
        let ms = (s * 1000.0) as u64;
        match task.and_then(|t| view.time_left(t)) {
            Some(left) => ms.min(left.saturating_sub(2000)),
            None => ms,
        }
    }

    fn fresh(&mut self, view: &View) -> Option<Decision> {
        let me = self.seat;
        if let Some(d) = self.charge(view) {
            return Some(d);
        }
        match view.phase() {
            Phase::Setup { rolled, dealt } => self.setup(view, rolled, dealt),
            Phase::Variations { pos, picks, .. } => {
                if (view.goal_setter() + pos) % view.n() != me {
                    return None;
                }
                let (need, _) = view.picks(me);
                let think = self.think(view, 3.0, 6.0, Some(Task::SelectVariation));
                if picks >= need {
                    return Some(Decision {
                        act: Act::EndSelection { player: me },
                        explanation: "selected no more variations".into(),
                        think_ms: think,
                    });
                }
                self.select_variation(view, think)
            }
            Phase::Goal { .. } => {
                if me != view.goal_setter() {
                    return None;
                }
                self.set_goal(view)
            }
            Phase::NoGoal { agreed } => self.no_goal(view, &agreed),
            Phase::Moves { turn, bonus, .. } => {
                let goal = view.goal()?.goal().ok()?;
                let pos = view.position(Situation::Impossible, goal);
                if view.last_mover().is_some_and(|l| l != me) {
                    if let Some(d) = self.challenge(view, &pos) {
                        return Some(d);
                    }
                }
                if turn == me {
                    if bonus.is_some() {
                        if let Some(d) = self.planned_move(view, &pos) {
                            return Some(d);
                        }
                    } else {
                        self.plan = None;
                    }
                    return self.choose_move(view, &pos, bonus.is_none());
                }
                None
            }
            Phase::Writing(w) => self.writing(view, &w),
            Phase::Checking(c) => {
                if view.config().checking != CheckingMode::Players {
                    return None;
                }
                let &w = c.queue.get(c.current)?;
                if w == me || c.decisions[c.current][me] != Checked::Pending {
                    return None;
                }
                let presented = c.writers[w].presented.clone()?;
                self.check_solution(view, &c.kind, w, &presented)
            }
            Phase::Over => None,
        }
    }

    /// II-A, II-B: the Goal-setter rolls (setting out Restriction cubes
    /// where II-A-3 allows), the dealer deals.
    fn setup(&mut self, view: &View, rolled: bool, dealt: bool) -> Option<Decision> {
        let me = self.seat;
        if me == view.goal_setter() && !rolled {
            let set_out = if !view.restriction_set_out() {
                None
            } else if self.below(2) == 0 {
                Some(SetOut::TwoUniverseOneEmpty)
            } else {
                Some(SetOut::OneUniverseTwoEmpty)
            };
            let think = self.think(view, 2.0, 5.0, Some(Task::Roll));
            let explanation = match set_out {
                None => "rolled the cubes".to_string(),
                Some(SetOut::TwoUniverseOneEmpty) => {
                    "set out two V and one Λ Restriction cubes, then rolled (II-A-3)".into()
                }
                Some(SetOut::OneUniverseTwoEmpty) => {
                    "set out one V and two Λ Restriction cubes, then rolled (II-A-3)".into()
                }
            };
            return Some(Decision {
                act: Act::Roll {
                    player: me,
                    set_out,
                },
                explanation,
                think_ms: think,
            });
        }
        if me == view.dealer() && !dealt {
            let counts: Vec<u8> = view
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Act::Deal { count, .. } => Some(count),
                    _ => None,
                })
                .collect();
            if counts.is_empty() {
                return None;
            }
            let count = counts[self.below(counts.len())];
            let think = self.think(view, 3.0, 8.0, Some(Task::Deal));
            return Some(Decision {
                act: Act::Deal { player: me, count },
                explanation: format!("dealt {count} cards"),
                think_ms: think,
            });
        }
        None
    }

    /// III-D: after "no Goal", an opponent agrees or challenges.
    fn no_goal(&mut self, view: &View, agreed: &[usize]) -> Option<Decision> {
        let me = self.seat;
        if me == view.goal_setter() || agreed.contains(&me) {
            return None;
        }
        let think = self.think(view, 5.0, 20.0, Some(Task::SetGoal));
        if self.chance(self.p.notice, view) {
            // The Goal and its Solution stay private until they are
            // presented (III-D-2): the explanation says only what the
            // challenge itself claims.
            if self.find_goal(&view.position_with_digits()).is_some() {
                return Some(Decision {
                    act: Act::Challenge {
                        player: me,
                        kind: ChallengeKind::NoGoal,
                    },
                    explanation: "challenged \"no Goal\": claims a Goal from these digit cubes has a Solution (III-D-2)".into(),
                    think_ms: think,
                });
            }
            return Some(Decision {
                act: Act::AgreeNoGoal { player: me },
                explanation: "agreed with \"no Goal\" (III-D-1)".into(),
                think_ms: think,
            });
        }
        Some(Decision {
            act: Act::AgreeNoGoal { player: me },
            explanation: "agreed with \"no Goal\" (III-D-1)".into(),
            think_ms: think,
        })
    }

    /// VII, VIII: writing Solutions, and an Impossible challenge after a
    /// forceout while its window is open.
    fn writing(&mut self, view: &View, w: &onsets_engine::Writing) -> Option<Decision> {
        let me = self.seat;
        let wr = &w.writers[me];
        if let WritingKind::Forceout {
            mover,
            window_until,
        } = w.kind
        {
            if mover != me && view.now_ms() + 3000 <= window_until {
                let goal = view.goal()?.goal().ok()?;
                let pos = view.position(Situation::Forceout, goal);
                if self.chance(self.p.notice, view) && !possible(&pos) {
                    let left = window_until - view.now_ms();
                    let think = self.think(view, 2.0, 6.0, None).min(left - 2000);
                    return Some(Decision {
                        act: Act::Challenge {
                            player: me,
                            kind: ChallengeKind::Impossible,
                        },
                        explanation:
                            "challenged Impossible: no Solution can be built after the last cube"
                                .into(),
                        think_ms: think,
                    });
                }
            }
        }
        if wr.done() || wr.role == Role::MayNot {
            return None;
        }
        self.write(view, &w.kind, wr.role)
    }

    fn select_variation(&mut self, view: &View, think: u64) -> Option<Decision> {
        let me = self.seat;
        let mut legal: Vec<String> = view
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Act::SelectVariation { variation, .. } => Some(variation),
                _ => None,
            })
            .collect();
        if legal.is_empty() {
            return None;
        }
        let (variation, why) = if self.level >= Level::Strong {
            // Favour variations that widen the choice of Goals and Solutions
            // (the shake stays playable) and that the others find harder to
            // keep in mind; avoid those that often make a shake impossible.
            const GOOD: [&str; 5] = [
                "absolute-value",
                "blank-card-wild",
                "symmetric-difference",
                "wild-cube",
                "shift-from-permitted",
            ];
            self.shuffle(&mut legal);
            let best = GOOD
                .iter()
                .find_map(|g| legal.iter().find(|v| v.starts_with(g)).cloned());
            match best {
                Some(v) => (
                    v,
                    "keeps the shake playable and gives the others more to keep in mind",
                ),
                None => (legal[0].clone(), "is the least restrictive one left"),
            }
        } else {
            let i = self.below(legal.len());
            (legal[i].clone(), "it liked the look of")
        };
        Some(Decision {
            explanation: format!("selected a variation that {why}"),
            act: Act::SelectVariation {
                player: me,
                variation,
            },
            think_ms: think,
        })
    }

    /// A Goal with a Solution from `pos` (a position whose Resources hold
    /// the digit cubes), tried in random order, with the Solution.
    fn find_goal(&mut self, pos: &Position) -> Option<(Goal, String)> {
        let digits = resource_digits(pos);
        let absolute = onsets_core::InForce::of(pos).absolute_value;
        let mut layouts = goal_layouts(&digits);
        self.shuffle(&mut layouts);
        // Values near half the Universe first: they are the likeliest to have
        // a Solution, and proving that a Goal has none from every Resources
        // cube is the solver's slowest task (docs/bots.md).
        let mid = pos.universe().len() as i64 / 2;
        layouts.sort_by_key(|g| {
            g.legal_values(absolute)
                .iter()
                .map(|v| (v - mid).abs())
                .min()
                .unwrap_or(i64::MAX)
        });
        let mut seen: HashMap<Vec<i64>, bool> = HashMap::new();
        for g in layouts {
            let values = g.legal_values(absolute);
            if values.is_empty() || seen.get(&values) == Some(&false) {
                continue;
            }
            let p = with_goal(pos, &g);
            match solve_cached(&p) {
                Some(w) => return Some((g, w)),
                None => {
                    seen.insert(values, false);
                    // Below the expert, a player gives up after a few Goals
                    // that do not work out.
                    let patience = match self.level {
                        Level::Beginner => 2,
                        Level::Club => 3,
                        Level::Strong => 5,
                        Level::Expert => usize::MAX,
                    };
                    if seen.len() >= patience {
                        return None;
                    }
                }
            }
        }
        None
    }

    fn set_goal(&mut self, view: &View) -> Option<Decision> {
        let me = self.seat;
        let pos = view.position_with_digits();
        let think = self.think(view, 10.0, 30.0, Some(Task::SetGoal));
        let checks = self.chance(self.p.goal_check, view);
        if checks {
            return Some(match self.find_goal(&pos) {
                // Whether the Goal has a Solution, and which, is the bot's
                // secret: the explanation says only what the table sees.
                Some((g, _)) => Decision {
                    explanation: format!("set the Goal {g} (III-A)"),
                    act: Act::SetGoal {
                        player: me,
                        goal: GoalSpec::Layout(g.to_string()),
                        unused_to_forbidden: true,
                    },
                    think_ms: think,
                },
                None => Decision {
                    act: Act::DeclareNoGoal { player: me },
                    explanation:
                        "declared \"no Goal\": no Goal from these digit cubes has a Solution".into(),
                    think_ms: think,
                },
            });
        }
        let digits = resource_digits(&pos);
        let absolute = onsets_core::InForce::of(&pos).absolute_value;
        let layouts: Vec<Goal> = goal_layouts(&digits)
            .into_iter()
            .filter(|g| !g.legal_values(absolute).is_empty())
            .collect();
        if layouts.is_empty() {
            return None;
        }
        let g = layouts[self.below(layouts.len())].clone();
        Some(Decision {
            explanation: format!("set the Goal {g} (III-A)"),
            act: Act::SetGoal {
                player: me,
                goal: GoalSpec::Layout(g.to_string()),
                unused_to_forbidden: true,
            },
            think_ms: think,
        })
    }

    /// A winning challenge against the last move, if the bot sees one.
    fn challenge(&mut self, view: &View, pos: &Position) -> Option<Decision> {
        if !self.chance(self.p.notice, view) {
            return None;
        }
        let me = self.seat;
        // The Solution it will write stays private (VII-C-3): the
        // explanation says only what the challenge claims (V-A).
        let (kind, explanation) = if now_wins(pos) {
            (
                ChallengeKind::Now,
                "challenged Now: claims a Solution with at most one more cube from Resources (V-A-2)"
                    .to_string(),
            )
        } else if !possible(pos) {
            (
                ChallengeKind::Impossible,
                format!(
                    "challenged Impossible: claims no Solution however the Resources ({}) are played (V-A-3)",
                    pos.resources()
                ),
            )
        } else {
            return None;
        };
        let think = self.think(view, 2.0, 5.0, None);
        Some(Decision {
            act: Act::Challenge { player: me, kind },
            explanation,
            think_ms: think,
        })
    }

    /// How the move `mv` from `pos`, leaving `after`, stands.
    fn classify(pos: &Position, mv: &Move, after: &Position) -> Class {
        if now_wins(after) {
            return Class::NowWins;
        }
        // A regular move from Resources to Permitted leaves the cubes a
        // Solution may use (any from Required, Permitted and Resources, all
        // of Required, V-A-3) as they were: whether a Solution exists is
        // unchanged, so it is asked of the mat before the move, the same
        // question for every such move (while Resources keep a cube; the
        // last one makes a forceout).
        let same_cubes = mv.bonus.is_none()
            && mv.kind == MoveKind::FromResources
            && mv.to == onsets_core::Section::Permitted
            && resources_left(after) > 0;
        let ok = if same_cubes {
            possible(pos)
        } else {
            possible(after)
        };
        if ok {
            Class::Safe
        } else {
            Class::ImpossibleWins
        }
    }

    /// A charge of illegal procedure (IX-A) against an opponent's
    /// uncorrected one, when the bot notices it (club level and above).
    fn charge(&mut self, view: &View) -> Option<Decision> {
        let me = self.seat;
        let p = view.pending().iter().rev().find(|p| p.offender != me)?;
        let (offender, rule) = (p.offender, p.rule.clone());
        if self.level < Level::Club || !self.chance(self.p.notice, view) {
            return None;
        }
        let think = self.think(view, 1.0, 3.0, None);
        Some(Decision {
            act: Act::ChargeIllegalProcedure { player: me },
            explanation: format!(
                "charged illegal procedure: {} broke {rule} (IX-A)",
                who(view, offender)
            ),
            think_ms: think,
        })
    }

    /// The regular move planned with the bonus move just made, if it is
    /// still legal.
    fn planned_move(&mut self, view: &View, pos: &Position) -> Option<Decision> {
        let mv = self.plan.take()?;
        if !legal_moves_with(pos, MoveOptions { bonus: false }).contains(&mv) {
            return None;
        }
        let act = self.move_act(view, &mv)?;
        Some(Decision {
            act,
            explanation: format!("moved {mv} right after the bonus move, as planned (IV-C)"),
            think_ms: 0,
        })
    }

    /// A bonus move (IV-C) for the strong and the expert, when it helps:
    /// not while leading the match (IV-C-2), and only when no regular move
    /// examined is safe but a bonus move and a regular move after it leave
    /// a safe position (typically: with three cubes in Resources, every
    /// regular move lets a Now challenge win, and two moves leave one cube,
    /// too few for a Now challenge, V-A-2-a). The regular move is planned
    /// and made at once after the bonus move, as players do (IV-C comment b).
    fn bonus_move(&mut self, view: &View, pos: &Position) -> Option<Decision> {
        if self.level < Level::Strong
            || (view.leading(self.seat) && view.bonus_barred_while_leading())
        {
            return None;
        }
        // In the solver's order (no draw from the generator: a bot that
        // finds no bonus move plays on exactly as before).
        let turns: Vec<Move> = legal_moves_with(pos, MoveOptions { bonus: true })
            .into_iter()
            .filter(|m| m.bonus.is_some())
            .collect();
        let looks = self.p.look_moves.min(turns.len());
        for mv in turns.into_iter().take(looks) {
            let b = mv.bonus?;
            let after = onsets_solver::analysis::apply_move(pos, &mv);
            let class = Self::classify(pos, &mv, &after);
            if class != Class::Safe {
                continue;
            }
            let cube = view
                .cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit && c.face == b)?
                .id;
            let regular = Move {
                bonus: None,
                ..mv.clone()
            };
            let think = self.think(view, 5.0, 15.0, Some(Task::Move));
            self.plan = Some(regular.clone());
            return Some(Decision {
                act: Act::Move {
                    player: self.seat,
                    cube,
                    to: Place::Forbidden,
                    bonus: true,
                },
                // Why (no regular move is safe) would tell the others to
                // challenge: the explanation says only what is on the table.
                explanation: format!("bonus move: {b} → Forbidden, then a regular move (IV-C)"),
                think_ms: think,
            });
        }
        None
    }

    fn choose_move(&mut self, view: &View, pos: &Position, may_bonus: bool) -> Option<Decision> {
        let mut moves = legal_moves_with(pos, MoveOptions { bonus: false });
        if moves.is_empty() {
            return None;
        }
        self.shuffle(&mut moves);
        let looks = self.p.look_moves.min(moves.len());
        let mut chosen: Option<Move> = None;
        let mut forced: Option<(Move, Class)> = None;
        for mv in moves.iter().take(looks) {
            let after = onsets_solver::analysis::apply_move(pos, mv);
            let class = Self::classify(pos, mv, &after);
            match class {
                Class::Safe => {
                    chosen = Some(mv.clone());
                    break;
                }
                c => {
                    if forced
                        .as_ref()
                        .is_none_or(|(_, f)| *f == Class::ImpossibleWins && c == Class::NowWins)
                    {
                        forced = Some((mv.clone(), c));
                    }
                }
            }
        }
        if chosen.is_none() && may_bonus {
            if let Some(d) = self.bonus_move(view, pos) {
                return Some(d);
            }
        }
        // How the move stands (safe, or no safe move left) is the bot's
        // secret: saying it would tell the others whether to challenge.
        let mv = match chosen {
            Some(x) => x,
            None if self.level == Level::Expert || looks >= moves.len() => {
                forced.expect("some move was examined").0
            }
            None => moves[looks.min(moves.len() - 1)].clone(),
        };
        let act = self.move_act(view, &mv)?;
        let think = self.think(view, 5.0, 15.0, Some(Task::Move));
        let left = view.resources_count().saturating_sub(1);
        Some(Decision {
            act,
            explanation: format!(
                "moved {mv} ({left} cube{} left in Resources)",
                if left == 1 { "" } else { "s" }
            ),
            think_ms: think,
        })
    }

    fn move_act(&self, view: &View, mv: &Move) -> Option<Act> {
        let from = match mv.kind {
            MoveKind::FromResources => Place::Resources,
            MoveKind::ShiftFromPermitted => Place::Permitted,
        };
        let to = match mv.to {
            onsets_core::Section::Required => Place::Required,
            onsets_core::Section::Permitted => Place::Permitted,
            onsets_core::Section::Forbidden => Place::Forbidden,
            _ => return None,
        };
        let cube = view
            .cubes()
            .iter()
            .find(|c| c.place == from && c.family != Family::Digit && c.face == mv.cube)?
            .id;
        Some(match mv.kind {
            MoveKind::FromResources => Act::Move {
                player: self.seat,
                cube,
                to,
                bonus: false,
            },
            MoveKind::ShiftFromPermitted => Act::Shift {
                player: self.seat,
                cube,
                to,
            },
        })
    }

    /// A wrong version of a correct Solution (a slip of the pen).
    fn slip(&mut self, pos: &Position, sol: &str) -> String {
        let swaps: [(&str, &str); 6] = [
            ("∪", "∩"),
            ("∩", "∪"),
            ("−", "∪"),
            ("B", "R"),
            ("R", "G"),
            ("G", "Y"),
        ];
        let start = self.below(swaps.len());
        for k in 0..swaps.len() {
            let (a, b) = swaps[(start + k) % swaps.len()];
            if sol.contains(a) {
                let t = sol.replacen(a, b, 1);
                if !check(pos, &t).correct {
                    return t;
                }
            }
        }
        sol.to_string()
    }

    /// A Solution written without finding one: the first color on the mat.
    fn guess(pos: &Position) -> String {
        pos.required()
            .iter()
            .chain(pos.permitted().iter())
            .chain(pos.resources().iter())
            .find(|s| matches!(s, Symbol::Color(_)))
            .map(|s| s.canonical())
            .unwrap_or_else(|| "B".into())
    }

    fn write(&mut self, view: &View, kind: &WritingKind, role: Role) -> Option<Decision> {
        let me = self.seat;
        let think = self.think(view, 10.0, 30.0, Some(Task::Write));
        let finds = self.chance(self.p.find, view);
        if let WritingKind::NoGoal { .. } = kind {
            let pos = view.position_with_digits();
            let found = if finds { self.find_goal(&pos) } else { None };
            // What is presented stays hidden until checking (VII-C-3).
            return Some(match (found, role) {
                (Some((g, w)), _) => Decision {
                    explanation: "presented a Goal and a Solution (III-D-2)".into(),
                    act: Act::Present {
                        player: me,
                        solution: w,
                        goal: Some(GoalSpec::Layout(g.to_string())),
                    },
                    think_ms: think,
                },
                (None, Role::Must) => {
                    let g = pos
                        .resources()
                        .iter()
                        .find_map(|s| match s {
                            Symbol::Digit(d) => Some(d.to_string()),
                            _ => None,
                        })
                        .unwrap_or_else(|| "1".into());
                    Decision {
                        explanation: "presented a Goal and a Solution (III-D-2)".into(),
                        act: Act::Present {
                            player: me,
                            solution: Self::guess(&pos),
                            goal: Some(GoalSpec::Layout(g)),
                        },
                        think_ms: think,
                    }
                }
                (None, _) => Decision {
                    act: Act::Decline { player: me },
                    explanation: "declined to present (VII-C-1)".into(),
                    think_ms: think,
                },
            });
        }
        let goal = view.goal()?.goal().ok()?;
        let pos = view.position(situation_of(kind), goal);
        let found = if finds { solve_cached(&pos) } else { None };
        let d = match (found, role) {
            (Some(sol), _) => {
                let text = if self.chance(self.p.slip, view) {
                    self.slip(&pos, &sol)
                } else {
                    sol
                };
                // The Solution (and whether it was written in a hurry) stays
                // hidden until checking (VII-C-3).
                Decision {
                    explanation: "presented a Solution (VII-C-2)".into(),
                    act: Act::Present {
                        player: me,
                        solution: text,
                        goal: None,
                    },
                    think_ms: think,
                }
            }
            (None, Role::Must) => {
                let g = Self::guess(&pos);
                Decision {
                    explanation: "presented a Solution (VII-C-2)".into(),
                    act: Act::Present {
                        player: me,
                        solution: g,
                        goal: None,
                    },
                    think_ms: think,
                }
            }
            (None, _) => Decision {
                act: Act::Decline { player: me },
                explanation: "declined to present (VII-C-1)".into(),
                think_ms: think,
            },
        };
        Some(Self::joining(view, kind, role, d))
    }

    /// 2019-20 VII-A-3: the Third Party of a challenge joins a side, the
    /// writer by presenting and the other player by not presenting (comment
    /// c). The choice is the same as under 2026-27 (present a Solution found,
    /// else not: a correct Third Party scores 4 or 6 by presenting, at most
    /// 2 by staying silent beside a correct writer); the words say the side.
    fn joining(view: &View, kind: &WritingKind, role: Role, mut d: Decision) -> Decision {
        let WritingKind::Challenge {
            challenge,
            challenger,
            mover,
        } = kind
        else {
            return d;
        };
        if role != Role::May || !view.third_party_joins() {
            return d;
        }
        let presents = matches!(d.act, Act::Present { .. });
        let now = *challenge == ChallengeKind::Now;
        let (side, who) = if presents == now {
            ("Challenger", *challenger)
        } else {
            ("Mover", *mover)
        };
        let name = view.config().players.get(who).cloned().unwrap_or_default();
        d.explanation = if presents {
            format!("joined the {side} ({name}) and presented a Solution (VII-A-3)")
        } else {
            format!("joined the {side} ({name}) without presenting a Solution (VII-A-3 comment c)")
        };
        d
    }

    fn check_solution(
        &mut self,
        view: &View,
        kind: &WritingKind,
        writer: usize,
        presented: &onsets_engine::Presented,
    ) -> Option<Decision> {
        let me = self.seat;
        let think = self.think(view, 5.0, 15.0, Some(Task::Check));
        let whose = whose(view, writer);
        let object = |objection: Objection, why: String| Decision {
            explanation: format!("objected to {whose} Solution: {why}"),
            act: Act::Object {
                player: me,
                writer,
                objection,
            },
            think_ms: think,
        };
        // Why it accepts (a glance, an ambiguity not spotted) would tell the
        // others about the Solution: the explanation does not say.
        let accept = || Decision {
            explanation: format!("accepted {whose} Solution (VII-C-4)"),
            act: Act::Accept { player: me, writer },
            think_ms: think,
        };
        if !self.chance(self.p.check, view) {
            return Some(accept());
        }
        let goal = match kind {
            WritingKind::NoGoal { .. } => {
                let Some(g) = presented.goal.as_ref().and_then(|g| g.goal().ok()) else {
                    return Some(object(
                        Objection::GoalIllegal,
                        "no legal Goal written".into(),
                    ));
                };
                let mut free: Vec<Symbol> = view
                    .cubes()
                    .iter()
                    .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
                    .map(|c| c.face)
                    .collect();
                for d in g.digits() {
                    match free.iter().position(|s| *s == Symbol::Digit(d.digit)) {
                        Some(i) => {
                            free.remove(i);
                        }
                        None => {
                            return Some(object(
                                Objection::GoalIllegal,
                                format!("no digit cube showing {} in Resources", d.digit),
                            ))
                        }
                    }
                }
                g
            }
            _ => view.goal()?.goal().ok()?,
        };
        let pos = view.position(situation_of(kind), goal);
        let v = check(&pos, &presented.solution);
        if v.correct {
            return Some(accept());
        }
        // The engine's own mapping of errors to grounds: an objection is upheld
        // only on its own ground (VII-C-4, VII-C-5).
        if let Some((e, o)) = v
            .errors
            .iter()
            .find_map(|e| onsets_engine::objection_for(e.code).map(|o| (e, o)))
        {
            return Some(object(o, e.to_string()));
        }
        // Only ambiguity: name a legal interpretation that is wrong.
        if self.p.ambiguity {
            if let Some(g) = v.counterexample.clone() {
                if onsets_engine::ambiguity(&pos, &presented.solution, &g).is_ok() {
                    return Some(object(
                        Objection::Ambiguous {
                            grouping: g.clone(),
                        },
                        format!("ambiguous: grouped as {g} it is wrong"),
                    ));
                }
            }
        }
        Some(accept())
    }
}

impl Player for Bot {
    fn decide(&mut self, view: &View, now_ms: u64) -> Option<Decision> {
        let fp = view.fingerprint();
        self.last_fresh = false;
        if let Some((f, due, d)) = &self.cached {
            if *f == fp {
                return d.clone().map(|mut d| {
                    d.think_ms = due.saturating_sub(now_ms);
                    d
                });
            }
        }
        self.last_fresh = true;
        let d = self.fresh(view);
        let d = match d {
            Some(d) if !view.is_clean(&d.act) => {
                self.fallbacks += 1;
                let legal = view.legal_actions();
                legal
                    .into_iter()
                    .find(|a| {
                        !matches!(
                            a,
                            Act::Present { .. } | Act::Object { .. } | Act::Challenge { .. }
                        )
                    })
                    .map(|act| Decision {
                        explanation: format!(
                            "{} instead (its first choice was not allowed now)",
                            act_words(&act)
                        ),
                        act,
                        think_ms: d.think_ms,
                    })
            }
            d => d,
        };
        let due = now_ms + d.as_ref().map_or(0, |d| d.think_ms);
        self.cached = Some((fp, due, d.clone()));
        d
    }
}

impl View<'_> {
    /// Whether the engine would take `act` now as a clean act of its player
    /// (no penalty, no illegal procedure, nothing set aside, a charge that
    /// charges someone else): the engine's one test, [`Match::is_clean`]
    /// (docs/rulings.md, "A clean act").
    ///
    /// [`Match::is_clean`]: onsets_engine::Match::is_clean
    pub fn is_clean(&self, act: &Act) -> bool {
        self.table().is_clean(act)
    }
}

/// The digit cubes in a position's Resources: what a Goal-setter sets the
/// Goal from (III-A). Unlike `analysis::goal_digits` there is no fallback to
/// the placeholder Goal's digits: none in Resources means no Goal to set.
fn resource_digits(pos: &Position) -> Vec<u8> {
    pos.resources()
        .iter()
        .filter_map(|s| match s {
            Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// A seat as the players see it: its name at the table, or "player N"
/// (numbered from 1) when the table has no names.
fn who(view: &View, p: usize) -> String {
    match view.config().players.get(p) {
        Some(name) if !name.trim().is_empty() => name.clone(),
        _ => format!("player {}", p + 1),
    }
}

/// The possessive of [`who`]: "your" for a seat named "you" (the terminal's
/// human), "ann's" otherwise.
fn whose(view: &View, p: usize) -> String {
    let w = who(view, p);
    if w.eq_ignore_ascii_case("you") {
        "your".into()
    } else {
        format!("{w}'s")
    }
}

/// An act in a few words, without anything private (a fallback's
/// explanation).
fn act_words(act: &Act) -> &'static str {
    match act {
        Act::Roll { .. } => "rolled the cubes",
        Act::Deal { .. } => "dealt cards",
        Act::SelectVariation { .. } => "selected a variation",
        Act::EndSelection { .. } => "selected no more variations",
        Act::SetGoal { .. } => "set the Goal",
        Act::DeclareNoGoal { .. } => "declared \"no Goal\"",
        Act::AgreeNoGoal { .. } => "agreed with \"no Goal\"",
        Act::Move { .. } => "moved a cube",
        Act::Shift { .. } => "shifted a cube",
        Act::Decline { .. } => "declined to present",
        Act::Accept { .. } => "accepted the Solution",
        _ => "acted",
    }
}
