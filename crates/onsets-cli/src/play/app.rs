//! The state of `onsets play`: the match, the seats (humans and bots), what
//! is on screen, and the keys. Pure: time comes in through [`App::tick`] and
//! keys through [`App::handle_key`], so everything is testable without a
//! terminal.

use super::narrate::seat_names;
use super::words;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use onsets_bots::{Bot, Driver, Level, Pace, Step, View};
use onsets_core::{Goal, ParseOptions, Presentation, Verdict};
use onsets_engine::{
    Act, Action, ChallengeKind, CheckingMode, Event, Family, GoalSpec, Match, MatchConfig,
    Objection, Phase, Place, Side, Task, WritingKind,
};

/// Who sits in a seat (a bot plays in [`App`]'s bots' driver).
pub enum Seat {
    Human,
    Bot(Level),
}

/// The options of a game.
#[derive(Clone, Debug)]
pub struct Options {
    /// One entry per seat: `me`/`human`/any name for a human, or a bot level.
    pub players: Vec<String>,
    pub division: onsets_core::Division,
    pub seed: u64,
    pub basic: bool,
    /// The rules played (docs/editions.md; default 2026-27).
    pub edition: onsets_core::Edition,
    pub round_minutes: u64,
    /// Bot think times are divided by this (1 = real time; the driver's
    /// pace is `100 / speed` percent, the roll and the deal unscaled).
    pub speed: u64,
    pub color: bool,
}

/// A pop-up list of acts to choose from: `↑` `↓` `Home` `End` `PgUp`
/// `PgDn` move, only `Enter` chooses.
pub struct Menu {
    pub title: String,
    pub items: Vec<(String, MenuItem)>,
    pub cursor: usize,
    /// Each item's number to jump to by typing it (a Goal's value), if the
    /// menu has them; empty otherwise.
    pub jump: Vec<Option<i64>>,
    /// The number typed so far.
    pub typed: String,
    /// What the menu's signs mean, under it.
    pub legend: Option<String>,
    /// What each item does (a variation, XIII), shown under the menu for
    /// the item at the cursor; empty when the items say it themselves.
    pub notes: Vec<String>,
}

impl Menu {
    /// A digit typed: the number grows while an item has it (or a larger
    /// one starting with it), else starts again from this digit; the
    /// cursor goes to the first item with that number.
    fn digit(&mut self, c: char) {
        if self.jump.is_empty() {
            return;
        }
        let first = |t: &str| -> Option<usize> {
            let n: i64 = t.parse().ok()?;
            self.jump.iter().position(|v| *v == Some(n))
        };
        let longer = format!("{}{c}", self.typed);
        if let Some(i) = first(&longer) {
            self.typed = longer;
            self.cursor = i;
        } else if let Some(i) = first(&c.to_string()) {
            self.typed = c.to_string();
            self.cursor = i;
        } else {
            self.typed = longer;
        }
    }
}

#[derive(Clone, Debug)]
pub enum MenuItem {
    Act(Act),
    /// Open the editor to type a grouping for an ambiguity objection.
    Grouping {
        writer: usize,
    },
    /// Open another menu (the choices of a variation with a blank to fill).
    Sub {
        title: String,
        items: Vec<(String, MenuItem)>,
    },
}

/// What the editor is writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditPurpose {
    Solution,
    Grouping { writer: usize },
}

/// The Solution editor.
pub struct Editor {
    pub purpose: EditPurpose,
    pub text: String,
    /// Cursor, in characters.
    pub cursor: usize,
    /// The Goal written with a Solution after a "no Goal" challenge (III-D-2).
    pub goal: String,
    pub goal_focus: bool,
    /// How the match's edition reads a Solution (`O` in 1969, the wild = and
    /// ⊆ of MLAG Basic 2019-20), so the feedback reads as the judge will.
    pub options: ParseOptions,
}

impl Editor {
    fn new(purpose: EditPurpose, m: &Match) -> Self {
        let c = m.config();
        Editor {
            purpose,
            text: String::new(),
            cursor: 0,
            goal: String::new(),
            goal_focus: false,
            options: ParseOptions::of(c.edition, c.division, c.adventurous),
        }
    }
    /// Live parsing feedback: `Ok(canonical form)` or `Err((column, message))`.
    pub fn feedback(&self) -> Result<String, (Option<usize>, String)> {
        if self.text.trim().is_empty() {
            return Err((None, "type a Solution".into()));
        }
        Presentation::parse_with(&self.text, self.options)
            .map(|p| p.to_string())
            .map_err(|e| (e.column, e.message))
    }
}

/// An act waiting for a second key: a challenge (it stakes the shake, V-A,
/// V-B) or an act the engine would take with a penalty (IX-A). The same key
/// again or Enter does it; any other key cancels it.
#[derive(Clone, Debug)]
pub struct Confirm {
    pub act: Act,
    /// The key that asked for it (pressed again, it confirms).
    pub key: char,
    /// The question on the task line.
    pub prompt: String,
}

/// The full-screen overlays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    /// The result of a shake: title and lines.
    Result {
        title: String,
        lines: Vec<String>,
    },
    Quit,
}

pub struct App {
    pub m: Match,
    pub seats: Vec<Seat>,
    pub names: Vec<String>,
    pub opts: Options,
    /// The human seat the keyboard plays for (hot-seat: Tab switches).
    pub active: usize,
    /// The clock (ms since the start of the match).
    pub now: u64,
    /// The bots and when they act (`onsets_bots::Driver`, the same as the
    /// server's and the simulator's).
    bots: Driver,
    pub messages: Vec<String>,
    /// Selected cube in Resources (index into [`App::resource_cubes`]).
    pub sel: usize,
    pub bonus: bool,
    pub menu: Option<Menu>,
    pub editor: Option<Editor>,
    /// An act waiting for its second key (see [`Confirm`]).
    pub confirm: Option<Confirm>,
    pub overlay: Overlay,
    /// How far the result screen is scrolled (rows), when it is too long.
    pub result_scroll: u16,
    pub quit: bool,
    /// Checker verdicts of the Solutions presented in this shake (writer,
    /// Solution, verdict), as the engine judged them (`SolutionJudged`).
    verdicts: Vec<(usize, String, Verdict)>,
    /// Engine rulings of this shake, for the result screen.
    rulings: Vec<String>,
    pub shakes_scored: u32,
    /// How many messages back from the newest the log pane shows (PgUp
    /// PgDn, `[` `]`); 0 follows the newest.
    pub log_scroll: usize,
    /// The challenge of this shake (kind, challenger) and the mat it was
    /// made on, for the solver's answer on the result screen (as `review`).
    challenged: Option<(ChallengeKind, usize, onsets_core::Position)>,
    /// The wall clock at the last tick; since when a result screen holds
    /// the match's clock, and for how long it has held it in all (ms): the
    /// match's clock is the wall's less that.
    wall: u64,
    held_since: Option<u64>,
    held_ms: u64,
}

impl App {
    pub fn new(opts: Options) -> Result<App, String> {
        let n = opts.players.len();
        if !(2..=3).contains(&n) {
            return Err("--players takes two or three seats".into());
        }
        let names = seat_names(&opts.players)?;
        let seats: Vec<Seat> = opts
            .players
            .iter()
            .map(|p| match p.parse::<Level>() {
                Ok(l) => Seat::Bot(l),
                Err(_) => Seat::Human,
            })
            .collect();
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Seat::Bot(l) => Some(Bot::new(
                    *l,
                    i,
                    opts.seed.wrapping_mul(31).wrapping_add(i as u64 + 1),
                )),
                Seat::Human => None,
            })
            .collect();
        // `--fast` divides the bots' think times, but the roll and the deal
        // keep their pace: the same seed gives the same cubes and cards.
        let pace = Pace::percent(100 / opts.speed.clamp(1, 100)).keeping_dice();
        let bots = Driver::new(bots, pace);
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let mut cfg = MatchConfig::new(opts.seed, &refs, opts.division, !opts.basic);
        cfg.round_ms = opts.round_minutes.max(1) * 60_000;
        cfg.edition = opts.edition;
        let any_human = seats.iter().any(|s| matches!(s, Seat::Human));
        cfg.checking = if any_human {
            CheckingMode::Players
        } else {
            CheckingMode::Judge
        };
        let (m, events) = Match::new(cfg).map_err(|e| e.to_string())?;
        let active = seats
            .iter()
            .position(|s| matches!(s, Seat::Human))
            .unwrap_or(0);
        let mut app = App {
            m,
            bots,
            seats,
            names,
            opts,
            active,
            now: 0,
            messages: Vec::new(),
            sel: 0,
            bonus: false,
            menu: None,
            editor: None,
            confirm: None,
            overlay: Overlay::None,
            result_scroll: 0,
            quit: false,
            verdicts: Vec::new(),
            rulings: Vec::new(),
            shakes_scored: 0,
            log_scroll: 0,
            challenged: None,
            wall: 0,
            held_since: None,
            held_ms: 0,
        };
        app.say(format!(
            "On-Sets, {} {}{}: press ? for the keys",
            app.opts.division,
            if app.opts.basic {
                "Basic"
            } else {
                "Adventurous"
            },
            if app.opts.edition == onsets_core::Edition::default() {
                String::new()
            } else {
                format!(", {} rules", app.opts.edition)
            }
        ));
        app.absorb(&events);
        Ok(app)
    }

    pub fn is_human(&self, p: usize) -> bool {
        matches!(self.seats.get(p), Some(Seat::Human))
    }

    fn say(&mut self, s: impl Into<String>) {
        self.messages.push(s.into());
        // A log scrolled back stays on the events it shows.
        if self.log_scroll > 0 {
            self.log_scroll += 1;
        }
        if self.messages.len() > 200 {
            self.messages.drain(0..100);
        }
        self.log_scroll = self.log_scroll.min(self.messages.len().saturating_sub(1));
    }

    /// The non-digit cubes in Resources, in id order (the cube cursor moves over these).
    pub fn resource_cubes(&self) -> Vec<u8> {
        self.m
            .cubes()
            .iter()
            .filter(|c| c.place == Place::Resources && c.family != Family::Digit)
            .map(|c| c.id)
            .collect()
    }

    /// The running timers as (player, task, ms left).
    pub fn timers(&self) -> Vec<(usize, Task, i64)> {
        self.m
            .timers()
            .iter()
            .map(|t| (t.player, t.task, t.due_ms as i64 - self.now as i64))
            .collect()
    }

    /// The round's time left (ms), 0 when it is up.
    pub fn round_left(&self) -> u64 {
        self.m.config().round_ms.saturating_sub(self.now)
    }

    /// The Solution under check (writer, text), if any.
    pub fn under_check(&self) -> Option<(usize, String)> {
        if let Phase::Checking(c) = self.m.phase() {
            let w = *c.queue.get(c.current)?;
            let s = c.writers[w].presented.as_ref()?.solution.clone();
            return Some((w, s));
        }
        None
    }

    // ------------------------------------------------------------ time and bots

    /// Advances the clock to `now` (ms since the start): the bots whose
    /// view changed think, and what is due by then happens, the earliest
    /// first (expired limits, the bots' acts; `onsets_bots::Driver`).
    ///
    /// While a shake's result is on screen at a table with a human, the
    /// match's clock stands still (the next shake's limits, the round and
    /// the bots wait, XI-A) until the human closes it.
    pub fn tick(&mut self, now: u64) {
        self.wall = self.wall.max(now);
        let holding = matches!(self.overlay, Overlay::Result { .. })
            && *self.m.phase() != Phase::Over
            && self.seats.iter().any(|s| matches!(s, Seat::Human));
        if holding {
            self.held_since.get_or_insert(self.wall);
            return;
        }
        if let Some(since) = self.held_since.take() {
            self.held_ms += self.wall - since;
        }
        self.now = self.now.max(self.wall.saturating_sub(self.held_ms));
        for _ in 0..8 {
            self.bots.think(&self.m, self.now);
            let Some(next) = self.bots.due(&self.m, self.now) else {
                break;
            };
            match next.step {
                Step::Clock => {
                    self.apply(Act::Clock, None);
                    self.bots.clock_applied(&self.m, next.at_ms, self.now);
                }
                Step::Act { seat, decision } => self.bot_acts(seat, decision),
            }
        }
    }

    /// The bot at seat `i` does what it decided.
    fn bot_acts(&mut self, i: usize, d: onsets_bots::Decision) {
        // Bots' explanations say only what the table sees (a presented
        // Solution stays hidden until checking, VII-C-3); the engine's
        // events say the rest.
        // Only explanations that add to the event lines are shown (why a
        // variation, what a challenge or an objection claims).
        let name = self.name(i);
        if matches!(
            d.act,
            Act::SelectVariation { .. }
                | Act::Challenge { .. }
                | Act::Object { .. }
                | Act::ChargeIllegalProcedure { .. }
                | Act::DeclareNoGoal { .. }
                | Act::Move { bonus: true, .. }
        ) {
            self.say(format!("{name}: {}", d.explanation));
        }
        self.apply(d.act, Some(i));
    }

    /// Applies an act at the current clock; a refusal is shown.
    pub fn apply(&mut self, act: Act, _bot: Option<usize>) -> bool {
        let at = self.now.max(self.m.now_ms());
        match self.m.apply(Action { at_ms: at, act }) {
            Ok((m, events)) => {
                self.m = m;
                self.absorb(&events);
                let n = self.resource_cubes().len();
                if self.sel >= n {
                    self.sel = n.saturating_sub(1);
                }
                true
            }
            Err(r) => {
                let message = self
                    .engine_words(&r.message)
                    .replace("this player's", "your")
                    .replace("this player must", "you must");
                self.say(format!("refused: {message} ({})", r.rule));
                false
            }
        }
    }

    fn absorb(&mut self, events: &[Event]) {
        // A question asked about an earlier table is not answered for this one.
        if !events.is_empty() && self.confirm.take().is_some() {
            self.say("the table changed: the act you were asked about was not done");
        }
        for e in events {
            if let Some(s) = self.describe(e) {
                self.say(s);
            }
            match e {
                Event::SolutionJudged {
                    writer,
                    correct,
                    reasons,
                    solution,
                    verdict,
                } => {
                    // The engine's verdict (VII-B, III-D-2): the terminal
                    // never judges a Solution itself.
                    if let Some(v) = verdict {
                        self.verdicts
                            .push((*writer, solution.clone(), (**v).clone()));
                    }
                    let mut s = format!(
                        "{} Solution is {}",
                        self.poss(*writer),
                        if *correct { "correct" } else { "incorrect" }
                    );
                    if !reasons.is_empty() {
                        s.push_str(&format!(" — {}", self.engine_words(&reasons.join("; "))));
                    }
                    self.rulings.push(s);
                }
                Event::ObjectionRuled {
                    checker,
                    writer,
                    upheld,
                    reason,
                } => self.rulings.push(format!(
                    "{} objection to {} Solution is {}: {} (VII-C-5)",
                    self.poss(*checker),
                    self.poss(*writer),
                    if *upheld { "upheld" } else { "overruled" },
                    self.engine_words(reason)
                )),
                Event::Penalty {
                    player,
                    rule,
                    reason,
                } => self.rulings.push(format!(
                    "{} one point: {} ({rule})",
                    self.does(*player, "loses"),
                    self.engine_words(reason)
                )),
                Event::ShakeScored { shake, scores } => {
                    self.shakes_scored += 1;
                    let mut lines = vec![
                        format!("Shake points: {}", self.score_list(scores)),
                        format!("Totals: {}", self.totals_list()),
                    ];
                    lines.extend(self.solver_lines());
                    lines.extend(self.result_lines());
                    self.result_scroll = 0;
                    self.overlay = Overlay::Result {
                        title: format!("Shake {shake} scored"),
                        lines,
                    };
                }
                Event::ShakeVoid { shake, reason } => {
                    let mut lines = vec![format!("Void: {}", self.engine_words(reason))];
                    lines.extend(self.result_lines());
                    self.result_scroll = 0;
                    self.overlay = Overlay::Result {
                        title: format!("Shake {shake} void"),
                        lines,
                    };
                }
                Event::Challenged {
                    player,
                    kind: kind @ (ChallengeKind::Now | ChallengeKind::Impossible),
                    ..
                } => {
                    self.challenged = self.m.goal().and_then(|g| g.goal().ok()).map(|goal| {
                        let mut p = self.m.position(onsets_core::Situation::Impossible, goal);
                        if p.resources().iter().all(|s| s.is_digit()) {
                            p = p
                                .with_situation(onsets_core::Situation::Forceout)
                                .unwrap_or(p);
                        }
                        (*kind, *player, p)
                    });
                }
                Event::ShakeStarted { .. } => {
                    self.challenged = None;
                    self.verdicts.clear();
                    self.rulings.clear();
                    self.bonus = false;
                }
                Event::MatchOver {
                    totals,
                    match_points,
                } => {
                    let lines = (0..totals.len())
                        .map(|i| {
                            format!(
                                "{}: {} points, {} match points",
                                self.name(i),
                                totals[i],
                                match_points[i]
                            )
                        })
                        .collect();
                    self.result_scroll = 0;
                    self.overlay = Overlay::Result {
                        title: "Match over".into(),
                        lines,
                    };
                }
                _ => {}
            }
        }
    }

    /// The running totals of the match, plain numbers: `you 6, expert bot 2`.
    pub fn totals_list(&self) -> String {
        self.m
            .totals()
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{} {}", self.name(i), super::narrate::total(*t)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The solver's answer to the shake's challenge, as `onsets review`
    /// gives it (`onsets_solver::analysis::adjudicate`): whether a Now
    /// Solution existed (V-A-1), or whether any Solution was possible
    /// (V-A-2), with one when there was.
    fn solver_lines(&self) -> Vec<String> {
        use onsets_solver::analysis::{adjudicate, Challenge};
        let Some((kind, player, p)) = &self.challenged else {
            return Vec::new();
        };
        let (c, what) = match kind {
            ChallengeKind::Now => (Challenge::Now, "Now Solution"),
            _ => (Challenge::Impossible, "Solution"),
        };
        let adj = adjudicate(p, c);
        if !adj.valid {
            return Vec::new();
        }
        let right = if adj.challenger_right {
            "right"
        } else {
            "wrong"
        };
        let mut lines = vec![match &adj.witness {
            Some(w) => format!("The solver: a {what} existed, e.g. {w}"),
            None => format!("The solver: no {what} existed"),
        }];
        lines.push(format!(
            "   so the {} challenge was {right} ({})",
            super::narrate::challenge_words(*kind),
            self.name(*player)
        ));
        lines
    }

    fn result_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (w, sol, v) in &self.verdicts {
            lines.push(format!(
                "{} Solution: {sol}  — checker: {}",
                self.poss(*w),
                if v.correct { "correct" } else { "incorrect" }
            ));
            if !v.values.is_empty() {
                lines.push(format!(
                    "   {} {} card{}; the Goal is {}",
                    if v.values.len() > 1 {
                        "its readings name"
                    } else {
                        "it names"
                    },
                    or_list(&v.values),
                    if v.values == [1] { "" } else { "s" },
                    or_list(&v.goal_values)
                ));
            }
            for e in &v.errors {
                lines.push(format!("   ✗ {} [{}]", e.message, e.section));
            }
            if let Some(c) = &v.counterexample {
                lines.push(format!("   grouping that fails: {c}"));
            }
        }
        for r in &self.rulings {
            lines.push(r.clone());
        }
        lines
    }

    // ------------------------------------------------------------ keys

    /// A key's act, asked about first when one stray key could cost a
    /// point: a challenge stakes the shake (V-A, V-B) and an act the engine
    /// would take with a penalty costs one (IX-A, docs/rulings.md "A clean
    /// act"); either waits in [`App::confirm`] for the same key again or
    /// Enter. Any other act, or one the engine refuses (a refusal costs
    /// nothing), is applied at once.
    fn guarded(&mut self, key: char, act: Act, what: &str) {
        let at = self.now.max(self.m.now_ms());
        let events = match self.m.apply(Action {
            at_ms: at,
            act: act.clone(),
        }) {
            Ok((_, events)) => events,
            Err(_) => {
                self.apply(act, None);
                return;
            }
        };
        let challenge = matches!(act, Act::Challenge { .. });
        if !challenge && self.m.is_clean(&act) {
            self.commit(act);
            return;
        }
        let penalty = events.iter().find_map(|e| match e {
            Event::Penalty { rule, reason, .. } => Some(format!(
                " It costs a point: {} ({rule}).",
                self.engine_words(reason)
            )),
            _ => None,
        });
        let set_aside = events
            .iter()
            .any(|e| matches!(e, Event::ChallengeSetAside { .. }))
            .then(|| " It would be set aside (V-B).".to_string());
        let cost = penalty.or(set_aside).unwrap_or_else(|| {
            if challenge {
                " A wrong challenge loses the shake.".into()
            } else {
                " The rules would not count it as your act.".into()
            }
        });
        self.confirm = Some(Confirm {
            act,
            key,
            prompt: format!("{what}? press {key} again or Enter; Esc cancels.{cost}"),
        });
    }

    /// Applies a key's act (confirmed, or needing no confirmation); a
    /// Move clears the Bonus toggle once the engine takes it.
    fn commit(&mut self, act: Act) {
        let is_move = matches!(act, Act::Move { .. });
        if self.apply(act, None) && is_move {
            self.bonus = false;
        }
    }

    fn legal(&self) -> Vec<Act> {
        self.m.legal_actions(self.active)
    }

    fn open_menu(&mut self, title: &str, items: Vec<(String, MenuItem)>) {
        if items.is_empty() {
            self.say(format!("{title}: nothing to choose now"));
            return;
        }
        self.menu = Some(Menu {
            title: title.into(),
            cursor: 0,
            notes: items.iter().map(|(_, i)| item_note(i)).collect(),
            jump: Vec::new(),
            typed: String::new(),
            legend: None,
            items,
        });
    }

    /// Applies the only legal act of a kind, or opens a menu of them.
    fn choose(&mut self, title: &str, acts: Vec<(String, Act)>) {
        if acts.len() == 1 {
            let a = acts.into_iter().next().expect("one").1;
            self.apply(a, None);
        } else {
            let items = acts
                .into_iter()
                .map(|(l, a)| (l, MenuItem::Act(a)))
                .collect();
            self.open_menu(title, items);
        }
    }

    fn label(&self, a: &Act) -> String {
        let cube = |id: &u8| {
            self.m
                .cube(*id)
                .map(|c| c.face.to_string())
                .unwrap_or_default()
        };
        match a {
            Act::Roll { set_out, .. } => words::set_out_words(*set_out),
            Act::Deal { count, .. } => format!("deal {count} cards"),
            Act::SelectVariation { variation, .. } => words::variation_words(variation),
            Act::EndSelection { .. } => "end selection".into(),
            Act::SetGoal { goal, .. } => match goal {
                GoalSpec::Layout(t) => {
                    let abs = self
                        .m
                        .variation_in_force(&onsets_core::Variation::AbsoluteValue);
                    let vals = Goal::parse(t)
                        .map(|g| g.legal_values(abs))
                        .unwrap_or_default();
                    format!("{}   = {}", t.replace('*', "×"), or_list(&vals))
                }
                other => format!("{other:?}"),
            },
            Act::Move {
                cube: c, to, bonus, ..
            } => format!(
                "{}{} to {}",
                if *bonus { "Bonus " } else { "" },
                cube(c),
                to.name()
            ),
            Act::Shift { cube: c, to, .. } => format!("shift {} to {}", cube(c), to.name()),
            Act::ArrangeGoal { player, goal } => format!(
                "place {} (not \"Goal\" yet)",
                self.label(&Act::SetGoal {
                    player: *player,
                    goal: goal.clone(),
                    unused_to_forbidden: true,
                })
            ),
            Act::JoinSide { side, .. } => match side {
                Side::Challenger => "join the Challenger (VII-A-3)".into(),
                Side::Mover => "join the Mover (VII-A-3)".into(),
            },
            other => format!("{other:?}"),
        }
    }

    /// The variation sheet (II-C): every legal selection, in the rule's
    /// words. Variations without a blank come first; those with a blank to
    /// fill (Required Cube, Wild Cube, Double Set, Required/Forbidden Card)
    /// open a menu of every legal choice: every cube face, every set of
    /// cards a Double Set can name (XIII-C-10), every card dealt
    /// (XIII-C-11). Each choice is one the engine takes with no penalty.
    pub fn variation_menu(&self) -> Vec<(String, MenuItem)> {
        let me = self.active;
        let view = View::new(&self.m, me);
        let select = |variation: String| Act::SelectVariation {
            player: me,
            variation,
        };
        let mut candidates: Vec<String> = self
            .legal()
            .into_iter()
            .filter_map(|a| match a {
                Act::SelectVariation { variation, .. } => Some(variation),
                _ => None,
            })
            .filter(|v| {
                !v.starts_with("double-set")
                    && !v.starts_with("required-card")
                    && !v.starts_with("forbidden-card")
            })
            .collect();
        let mut cards: Vec<onsets_core::Card> = self
            .m
            .dealt()
            .iter()
            .filter_map(|m| onsets_core::Card::from_mask(*m))
            .collect();
        cards.sort();
        cards.dedup();
        for word in ["required-card", "forbidden-card"] {
            for c in &cards {
                candidates.push(format!("{word} {}", words::card_words(*c)));
            }
        }
        let symmetric = self
            .m
            .variations()
            .contains(&onsets_core::Variation::SymmetricDifference);
        let mut doubled = std::collections::HashMap::new();
        for (name, n) in words::double_sets(self.m.universe(), symmetric) {
            let v = format!("double-set {name}");
            doubled.insert(v.clone(), n);
            candidates.push(v);
        }
        // The engine decides: only selections it takes with no penalty.
        let legal: Vec<String> = candidates
            .into_iter()
            .filter(|v| view.is_clean(&select(v.clone())))
            .collect();
        let keyword = |v: &str| v.split_whitespace().next().unwrap_or("").to_string();
        let mut plain = Vec::new();
        let mut groups: Vec<(String, Vec<(String, MenuItem)>)> = Vec::new();
        for v in legal {
            let k = keyword(&v);
            let label = match doubled.get(&v) {
                Some(n) => format!(
                    "{}: {n} card{} count double",
                    words::variation_words(&v),
                    if *n == 1 { "" } else { "s" }
                ),
                None => words::variation_words(&v),
            };
            let item = (label, MenuItem::Act(select(v.clone())));
            if v.contains(' ') {
                match groups.iter_mut().find(|(g, _)| *g == k) {
                    Some((_, items)) => items.push(item),
                    None => groups.push((k, vec![item])),
                }
            } else {
                plain.push(item);
            }
        }
        // The blanks to fill in the rules' order (XIII-A-1, A-2, C-10, C-11).
        let order = [
            "required-cube",
            "wild-cube",
            "double-set",
            "required-card",
            "forbidden-card",
        ];
        groups.sort_by_key(|(k, _)| order.iter().position(|o| o == k));
        for (k, items) in groups {
            let name = words::variation_name(&k);
            plain.push((
                format!("{name}… ({} choices)", items.len()),
                MenuItem::Sub {
                    title: name.to_string(),
                    items,
                },
            ));
        }
        if view.is_clean(&Act::EndSelection { player: me }) {
            plain.push((
                "end your selection".into(),
                MenuItem::Act(Act::EndSelection { player: me }),
            ));
        }
        plain
    }

    /// A menu of Goals (set or placed, III-A, III-B), ordered by value
    /// (the smallest legal value first), then by layout; typing a value
    /// jumps to it. The legend says what `~` `+` `×` mean (III-B-1).
    fn goal_menu(&mut self, title: &str, acts: Vec<(String, Act)>) {
        let abs = self
            .m
            .variation_in_force(&onsets_core::Variation::AbsoluteValue);
        let mut keyed: Vec<(Option<i64>, String, String, Act)> = acts
            .into_iter()
            .map(|(l, a)| {
                let layout = match &a {
                    Act::SetGoal {
                        goal: GoalSpec::Layout(t),
                        ..
                    }
                    | Act::ArrangeGoal {
                        goal: GoalSpec::Layout(t),
                        ..
                    } => t.clone(),
                    _ => String::new(),
                };
                let value = Goal::parse(&layout)
                    .ok()
                    .and_then(|g| g.legal_values(abs).into_iter().min());
                (value, layout, l, a)
            })
            .collect();
        // Values first (None last), then the layout as written.
        keyed.sort_by(|x, y| (x.0.is_none(), x.0, &x.1).cmp(&(y.0.is_none(), y.0, &y.1)));
        let jump = keyed.iter().map(|k| k.0).collect();
        self.open_menu(
            title,
            keyed
                .into_iter()
                .map(|(_, _, l, a)| (l, MenuItem::Act(a)))
                .collect(),
        );
        if let Some(menu) = self.menu.as_mut() {
            menu.jump = jump;
            menu.legend = Some(
                "type a value to jump · Home End · ~ upside down: the negative (III-B-1-c)".into(),
            );
        }
    }

    fn labelled(&self, f: impl Fn(&Act) -> bool) -> Vec<(String, Act)> {
        self.legal()
            .into_iter()
            .filter(|a| f(a))
            .map(|a| (self.label(&a), a))
            .collect()
    }

    /// A key while an overlay (help, quit, the shake's result) is shown:
    /// true when the overlay took it.
    fn overlay_key(&mut self, key: KeyEvent) -> bool {
        match &self.overlay {
            Overlay::Help => {
                self.overlay = if key.code == KeyCode::Char('v') {
                    self.result_scroll = 0;
                    Overlay::Result {
                        title: "What each variation does (XIII)".into(),
                        lines: variation_help(),
                    }
                } else {
                    Overlay::None
                };
                return true;
            }
            Overlay::Quit => {
                if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('q')) {
                    self.quit = true;
                }
                self.overlay = Overlay::None;
                return true;
            }
            Overlay::Result { .. } => {
                match key.code {
                    KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') => {
                        self.overlay = Overlay::None;
                        self.result_scroll = 0;
                    }
                    KeyCode::Char('q') => self.overlay = Overlay::Quit,
                    KeyCode::Up | KeyCode::Char('k') => {
                        self.result_scroll = self.result_scroll.saturating_sub(1)
                    }
                    KeyCode::Down | KeyCode::Char('j') => {
                        self.result_scroll = self.result_scroll.saturating_add(1).min(200)
                    }
                    _ => {}
                }
                return true;
            }
            Overlay::None => {}
        }
        false
    }

    /// Handles one key.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if let Some(c) = self.confirm.take() {
            if key.code == KeyCode::Char(c.key) || key.code == KeyCode::Enter {
                self.commit(c.act);
            } else {
                self.say("cancelled: nothing was done");
            }
            return;
        }
        if self.editor.is_some() {
            self.editor_key(key);
            return;
        }
        if self.menu.is_some() {
            self.menu_key(key);
            return;
        }
        if self.overlay_key(key) {
            return;
        }
        let me = self.active;
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay::Help,
            KeyCode::PageUp | KeyCode::Char('[') => {
                self.log_scroll = (self.log_scroll + 5).min(self.messages.len().saturating_sub(1));
            }
            KeyCode::PageDown | KeyCode::Char(']') => {
                self.log_scroll = self.log_scroll.saturating_sub(5);
            }
            KeyCode::Char('q') => {
                if *self.m.phase() == Phase::Over {
                    self.quit = true;
                } else {
                    self.overlay = Overlay::Quit;
                }
            }
            KeyCode::Tab => {
                let n = self.seats.len();
                for k in 1..=n {
                    let p = (self.active + k) % n;
                    if self.is_human(p) {
                        self.active = p;
                        break;
                    }
                }
                self.say(format!("the keyboard plays for {}", self.name(self.active)));
            }
            KeyCode::Left | KeyCode::Char('h') => self.sel = self.sel.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') => {
                let n = self.resource_cubes().len();
                if self.sel + 1 < n {
                    self.sel += 1;
                }
            }
            KeyCode::Char('b') => {
                self.bonus = !self.bonus;
                self.say(if self.bonus {
                    "Bonus on: the next cube goes to Forbidden as a bonus (3)"
                } else {
                    "Bonus off"
                });
            }
            KeyCode::Char(c @ ('1' | '2' | '3')) => self.move_key(c),
            KeyCode::Char('m') => {
                let acts = self.labelled(|a| matches!(a, Act::Move { .. } | Act::Shift { .. }));
                self.open_menu(
                    "move",
                    acts.into_iter()
                        .map(|(l, a)| (l, MenuItem::Act(a)))
                        .collect(),
                );
            }
            KeyCode::Char('s') => {
                let acts = self.labelled(|a| matches!(a, Act::Shift { .. }));
                self.choose("shift", acts);
            }
            KeyCode::Char('r') => {
                let acts = self.labelled(|a| matches!(a, Act::Roll { .. }));
                if acts.is_empty() {
                    self.say("you cannot roll now (II-A: the Goal-setter rolls once)");
                } else {
                    self.choose("roll", acts);
                }
            }
            KeyCode::Char('d') => {
                let acts = self.labelled(|a| matches!(a, Act::Deal { .. }));
                if acts.is_empty() {
                    self.say("you cannot deal now (II-B: the dealer deals)");
                } else {
                    self.choose("deal", acts);
                }
            }
            KeyCode::Char('v') => {
                let items = self.variation_menu();
                self.open_menu("select a variation", items);
            }
            KeyCode::Char('e') => {
                self.guarded('e', Act::EndSelection { player: me }, "End your selection");
            }
            KeyCode::Char('g') => {
                let acts = self.labelled(|a| matches!(a, Act::SetGoal { .. }));
                self.goal_menu("set the Goal", acts);
            }
            KeyCode::Char('n') => {
                self.guarded('n', Act::DeclareNoGoal { player: me }, "Declare no Goal");
            }
            KeyCode::Char('p') => {
                // 2019-20 III-B-2-b, c: the cubes in the Goal section are the
                // Goal when the time runs out, "Goal" said or not.
                let acts = self.labelled(|a| matches!(a, Act::ArrangeGoal { .. }));
                if acts.is_empty() {
                    self.say("only the 2019-20 Goal-setter places a Goal without saying \"Goal\" (III-B-2-c)");
                } else {
                    self.goal_menu("place a Goal in the Goal section", acts);
                }
            }
            KeyCode::Char('t') => {
                let acts = self.labelled(|a| matches!(a, Act::JoinSide { .. }));
                if acts.is_empty() {
                    self.say("only a 2019-20 Third Party joins a side, while Solutions are written (VII-A-3)");
                } else {
                    self.open_menu(
                        "join a side",
                        acts.into_iter()
                            .map(|(l, a)| (l, MenuItem::Act(a)))
                            .collect(),
                    );
                }
            }
            _ => self.challenge_or_check_key(key),
        }
    }

    /// `1` `2` `3`: the chosen cube to Required / Permitted / Forbidden
    /// (IV-B), a Bonus to Forbidden only (IV-C-1); asked first when the
    /// engine would not take it cleanly.
    fn move_key(&mut self, c: char) {
        let me = self.active;
        let Some(&cube) = self.resource_cubes().get(self.sel) else {
            self.say("no cube in Resources");
            return;
        };
        let to = match c {
            '1' => Place::Required,
            '2' => Place::Permitted,
            _ => Place::Forbidden,
        };
        let bonus = self.bonus;
        if bonus && to != Place::Forbidden {
            self.say("a bonus cube goes to Forbidden (IV-C-1): press 3");
            return;
        }
        let act = Act::Move {
            player: me,
            cube,
            to,
            bonus,
        };
        let what = format!("Move {} to {}", self.cube_words(cube), to.name());
        self.guarded(c, act, &what);
    }

    /// The keys of challenging, writing and checking (V, VII): `c` `i`
    /// (asked first), `a` `o`, `w` `x`.
    fn challenge_or_check_key(&mut self, key: KeyEvent) {
        let me = self.active;
        match key.code {
            KeyCode::Char('c') => {
                let (kind, what) = if matches!(self.m.phase(), Phase::NoGoal { .. }) {
                    (ChallengeKind::NoGoal, "Challenge \"no Goal\"")
                } else {
                    (ChallengeKind::Now, "Challenge Now")
                };
                self.guarded('c', Act::Challenge { player: me, kind }, what);
            }
            KeyCode::Char('i') => {
                let act = Act::Challenge {
                    player: me,
                    kind: ChallengeKind::Impossible,
                };
                self.guarded('i', act, "Challenge Impossible");
            }
            KeyCode::Char('a') => match self.m.phase() {
                Phase::NoGoal { .. } => {
                    self.guarded('a', Act::AgreeNoGoal { player: me }, "Agree with no Goal");
                }
                _ => {
                    if let Some((w, _)) = self.under_check() {
                        let act = Act::Accept {
                            player: me,
                            writer: w,
                        };
                        self.guarded('a', act, "Accept the Solution");
                    } else {
                        self.say("no Solution to accept now");
                    }
                }
            },
            KeyCode::Char('o') => {
                if let Some((w, _)) = self.under_check() {
                    let obj = |o: Objection| {
                        MenuItem::Act(Act::Object {
                            player: me,
                            writer: w,
                            objection: o,
                        })
                    };
                    let items = vec![
                        (
                            "wrong value: the Solution does not equal the Goal (VII-C-5-b)".into(),
                            obj(Objection::WrongValue),
                        ),
                        (
                            "ambiguous: type a grouping that fails (VII-C-5-c)".into(),
                            MenuItem::Grouping { writer: w },
                        ),
                        (
                            "undefined symbols (VII-C-5-d)".into(),
                            obj(Objection::Undefined),
                        ),
                        (
                            "variation or cube rules broken (VII-C-5-e, VII-B-4)".into(),
                            obj(Objection::Variation),
                        ),
                        (
                            "the Goal has no legal interpretation (VII-C-5-a)".into(),
                            obj(Objection::GoalIllegal),
                        ),
                    ];
                    self.open_menu("object", items);
                } else {
                    self.say("no Solution to object to now");
                }
            }
            KeyCode::Char('w') => {
                if matches!(self.m.phase(), Phase::Writing(_)) {
                    if self.editor.is_none() {
                        self.editor = Some(Editor::new(EditPurpose::Solution, &self.m));
                    }
                } else {
                    self.say("Solutions are written after a challenge or a forceout");
                }
            }
            KeyCode::Char('x') => {
                self.guarded('x', Act::Decline { player: me }, "Decline to present");
            }
            _ => {}
        }
    }

    fn menu_key(&mut self, key: KeyEvent) {
        let Some(menu) = self.menu.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => self.menu = None,
            KeyCode::Char(c) if c.is_ascii_digit() => menu.digit(c),
            KeyCode::Backspace => {
                menu.typed.pop();
            }
            KeyCode::Up | KeyCode::Char('k') => menu.cursor = menu.cursor.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') if menu.cursor + 1 < menu.items.len() => {
                menu.cursor += 1;
            }
            KeyCode::PageDown => {
                menu.cursor = (menu.cursor + 10).min(menu.items.len().saturating_sub(1))
            }
            KeyCode::PageUp => menu.cursor = menu.cursor.saturating_sub(10),
            KeyCode::Home => menu.cursor = 0,
            KeyCode::End => menu.cursor = menu.items.len().saturating_sub(1),
            KeyCode::Enter => {
                let item = menu.items[menu.cursor].1.clone();
                self.menu = None;
                match item {
                    MenuItem::Sub { title, items } => self.open_menu(&title, items),
                    MenuItem::Act(a) => {
                        self.apply(a, None);
                    }
                    MenuItem::Grouping { writer } => {
                        let mut e = Editor::new(EditPurpose::Grouping { writer }, &self.m);
                        if let Some((_, s)) = self.under_check() {
                            e.cursor = s.chars().count();
                            e.text = s;
                        }
                        self.editor = Some(e);
                    }
                }
            }
            _ => {}
        }
    }

    fn editor_key(&mut self, key: KeyEvent) {
        let me = self.active;
        let no_goal = matches!(
            self.m.phase(),
            Phase::Writing(w) if matches!(w.kind, WritingKind::NoGoal { .. })
        );
        let Some(ed) = self.editor.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Esc => {
                self.editor = None;
            }
            KeyCode::Tab if no_goal => ed.goal_focus = !ed.goal_focus,
            KeyCode::Enter => {
                let text = ed.text.clone();
                let act = match ed.purpose {
                    EditPurpose::Solution => Act::Present {
                        player: me,
                        solution: text,
                        goal: no_goal.then(|| GoalSpec::Layout(ed.goal.clone())),
                    },
                    EditPurpose::Grouping { writer } => Act::Object {
                        player: me,
                        writer,
                        objection: Objection::Ambiguous { grouping: text },
                    },
                };
                if self.apply(act, None) {
                    self.editor = None;
                }
            }
            KeyCode::Char(c) if ed.goal_focus => {
                ed.goal.push(c);
            }
            KeyCode::Backspace if ed.goal_focus => {
                ed.goal.pop();
            }
            KeyCode::Char(c) => {
                let before: String = ed.text.chars().take(ed.cursor).collect();
                let c = match words::continues_blank(&before, c) {
                    // `blank:` (Blank Card Wild) typed in lowercase: the
                    // letters so far go back to what was typed (`B` → `b`,
                    // `∩` → `n`) and this one stays a letter.
                    Some(k) => {
                        let start = byte_index(&ed.text, ed.cursor - k);
                        let end = byte_index(&ed.text, ed.cursor);
                        let typed: String = ed.text[start..end]
                            .chars()
                            .map(|ch| {
                                if ch == '∩' {
                                    'n'
                                } else {
                                    ch.to_ascii_lowercase()
                                }
                            })
                            .collect();
                        ed.text.replace_range(start..end, &typed);
                        c.to_ascii_lowercase()
                    }
                    None => alias(c),
                };
                let at = byte_index(&ed.text, ed.cursor);
                ed.text.insert(at, c);
                ed.cursor += 1;
            }
            KeyCode::Backspace if ed.cursor > 0 => {
                let at = byte_index(&ed.text, ed.cursor - 1);
                ed.text.remove(at);
                ed.cursor -= 1;
            }
            KeyCode::Delete if ed.cursor < ed.text.chars().count() => {
                let at = byte_index(&ed.text, ed.cursor);
                ed.text.remove(at);
            }
            KeyCode::Left => ed.cursor = ed.cursor.saturating_sub(1),
            KeyCode::Right => ed.cursor = (ed.cursor + 1).min(ed.text.chars().count()),
            KeyCode::Home => ed.cursor = 0,
            KeyCode::End => ed.cursor = ed.text.chars().count(),
            _ => {}
        }
    }
}

/// What a menu item does, when it selects a variation or opens a
/// variation's choices (XIII); empty otherwise.
fn item_note(item: &MenuItem) -> String {
    let keyword = match item {
        MenuItem::Act(Act::SelectVariation { variation, .. }) => variation
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string(),
        MenuItem::Sub { title, .. } => words::VARIATIONS
            .iter()
            .find(|k| words::variation_name(k) == title)
            .map(|k| k.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    };
    words::variation_meaning(&keyword).to_string()
}

/// The help's second page: what each variation does (XIII), one line each.
pub fn variation_help() -> Vec<String> {
    words::VARIATIONS
        .iter()
        .map(|k| {
            format!(
                "{}: {}",
                words::variation_name(k),
                words::variation_meaning(k)
            )
        })
        .collect()
}

/// The symbol palette: ASCII keys for the notation's symbols.
pub const PALETTE: [(char, char); 8] = [
    ('U', '∪'),
    ('n', '∩'),
    ('-', '−'),
    ('\'', '′'),
    ('V', 'V'),
    ('^', 'Λ'),
    ('=', '='),
    ('<', '⊆'),
];

/// What a typed character becomes in a Solution.
pub fn alias(c: char) -> char {
    match c {
        'U' | 'u' => '∪',
        'n' => '∩',
        '-' => '−',
        '\'' => '′',
        '^' => 'Λ',
        '<' => '⊆',
        'v' => 'V',
        'b' | 'r' | 'g' | 'y' => c.to_ascii_uppercase(),
        other => other,
    }
}

fn byte_index(s: &str, chars: usize) -> usize {
    s.char_indices().nth(chars).map_or(s.len(), |(i, _)| i)
}

/// Numbers in words: `8`, `2 or 8`; `no legal value` for none.
pub fn or_list(values: &[i64]) -> String {
    match values {
        [] => "no legal value".into(),
        [v] => v.to_string(),
        [init @ .., last] => format!(
            "{} or {last}",
            init.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
