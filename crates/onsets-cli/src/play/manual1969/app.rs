//! The state of the 1969 full-screen game (`onsets play --edition 1969`):
//! the game, the seats (people and [`Bot1969`]s), what is on screen, and the
//! keys. Pure: time comes in through [`App69::tick`] and keys through
//! [`App69::handle_key`], so everything is testable without a terminal.
//!
//! The game ([`Game`], M69 §§2–3) is the only authority: every act a key
//! asks for is sent to [`Game::apply_with`], and a refusal is shown with the
//! rule it names. The screen only chooses which acts to offer.

use super::super::app::alias;
use super::super::narrate::seat_names;
use super::alternative::{alternative_words, read_alternative};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use onsets_bots::manual1969::Bot1969;
use onsets_core::Form1969;
use onsets_engine::manual1969::{
    Act1969, Action1969, Claim, DefaultClaims, Event1969, Game, Header1969, Pen, Phase1969,
    Settings1969, Side, MAX_PLAYERS_1969,
};
use onsets_engine::{Family, Place};

/// The options of a 1969 game.
#[derive(Clone, Debug)]
pub struct Options69 {
    /// One entry per seat: a person's name (`me`, `you`, any name) or a bot
    /// level (`expert` plays carefully, the other levels carelessly).
    pub players: Vec<String>,
    pub form: Form1969,
    /// Seed of the cards, the cubes and the careless bots.
    pub seed: u64,
    /// Bots think this many times faster (1: real time).
    pub speed: u64,
    /// How long the bots wait, after a play, for a person who may challenge
    /// it (3.6) before the game goes on (ms, `--claim-seconds`).
    pub claim_ms: u64,
    pub color: bool,
}

/// A pop-up list of acts to choose from. Only Enter chooses; digits type a
/// number that moves the cursor to the item it starts (`9` then Enter in
/// "How many cards" deals 9 cards), never an item by its position.
pub struct Menu69 {
    pub title: String,
    pub items: Vec<(String, Act1969)>,
    pub cursor: usize,
    /// The number typed so far.
    pub typed: String,
}

impl Menu69 {
    pub fn new(title: impl Into<String>, items: Vec<(String, Act1969)>, cursor: usize) -> Self {
        Menu69 {
            title: title.into(),
            items,
            cursor,
            typed: String::new(),
        }
    }

    /// The item whose label starts with the number `t` (its first word).
    fn find(&self, t: &str) -> Option<usize> {
        self.items
            .iter()
            .position(|(l, _)| l.split_whitespace().next() == Some(t))
    }

    /// A digit typed: the number grows while an item starts with it, else
    /// starts again from this digit; the cursor goes to the item. In a menu
    /// of words (the claims) digits do nothing.
    fn digit(&mut self, c: char) {
        let numbered = self.items.iter().any(|(l, _)| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        });
        if !numbered {
            return;
        }
        let longer = format!("{}{c}", self.typed);
        if let Some(i) = self.find(&longer) {
            self.typed = longer;
            self.cursor = i;
        } else if let Some(i) = self.find(&c.to_string()) {
            self.typed = c.to_string();
            self.cursor = i;
        } else {
            self.typed = longer;
        }
    }

    /// Whether the number typed (if any) names an item.
    fn typed_ok(&self) -> bool {
        self.typed.is_empty() || self.find(&self.typed).is_some()
    }
}

/// An act waiting for its second key: one that can cost a point and that
/// the task line does not offer now (see [`App69::guarded`]).
#[derive(Clone, Debug)]
pub struct Confirm69 {
    pub act: Act1969,
    pub key: char,
    pub prompt: String,
}

/// One field of the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The Goal the Shaker sets (3.1), or the Goal written after a No-Goal
    /// challenge (3.4 D).
    Goal,
    /// A written Solution (3.7).
    Solution,
    /// The alternative play of an A-claim or C-claim from A (3.7 comment 3):
    /// `K ID r|p|f` or `K goal TEXT`, optionally `bonus ID` first.
    Alternative,
}

impl Field {
    pub fn label(self) -> &'static str {
        match self {
            Field::Goal => "Goal",
            Field::Solution => "Solution",
            Field::Alternative => "Alternative play",
        }
    }
}

/// What the editor is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditPurpose69 {
    /// The Shaker sets the Goal (3.1).
    SetGoal,
    /// A Solution written after a challenge or an assertion (3.7, 3.10 A).
    Write,
}

/// The text editor: one or more fields, typed at their end.
pub struct Editor69 {
    pub purpose: EditPurpose69,
    pub fields: Vec<(Field, String)>,
    pub focus: usize,
}

impl Editor69 {
    fn new(purpose: EditPurpose69, fields: &[Field]) -> Self {
        Editor69 {
            purpose,
            fields: fields.iter().map(|f| (*f, String::new())).collect(),
            focus: 0,
        }
    }
    fn text(&self, f: Field) -> Option<&str> {
        self.fields
            .iter()
            .find(|(g, _)| *g == f)
            .map(|(_, t)| t.trim())
            .filter(|t| !t.is_empty())
    }
}

/// The full-screen overlays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay69 {
    None,
    Help,
    Quit,
    /// The score sheet at the end of the game.
    End,
}

pub struct App69 {
    pub g: Game,
    claims: DefaultClaims,
    /// `None` for a person, the bot of the seat otherwise.
    pub bots: Vec<Option<Bot1969>>,
    pub names: Vec<String>,
    pub opts: Options69,
    /// The person the keyboard plays for (hot-seat: Tab switches).
    pub active: usize,
    /// The clock (ms since the start of the game).
    pub now: u64,
    /// When the game last changed: bots act a moment after it.
    last_change: u64,
    /// Counts the game's changes; `idle` is the count (and whether people
    /// could still challenge) at which the bots found nothing to do, so they
    /// are not asked again until it changes.
    version: u64,
    idle: Option<(u64, bool)>,
    /// The last completed play's key and when it was completed: the
    /// challenge window runs from then.
    window: ((u32, usize), u64),
    /// A person who let the play with this key stand (3.6: a challenge is
    /// made "whether or not it is your turn"; bots wait for the people).
    passed: Vec<Option<(u32, usize)>>,
    pub messages: Vec<String>,
    /// Written Solutions not yet shown: each writes independently (3.9 B),
    /// what is written shows once the play is scored.
    held: Vec<Event1969>,
    /// The alternative plays written with them (3.7 comment 3), in words,
    /// shown with them.
    held_alternatives: Vec<String>,
    /// Selected cube among [`App69::resource_cubes`].
    pub sel: usize,
    pub menu: Option<Menu69>,
    pub editor: Option<Editor69>,
    /// An act waiting for its second key.
    pub confirm: Option<Confirm69>,
    pub overlay: Overlay69,
    /// The last refusal, in words with its rule, until the next key.
    pub error: Option<String>,
    pub quit: bool,
    /// `p`: the game's clock stands still (no bot acts, the claim window
    /// and the stall periods wait) until `p` again.
    pub paused: bool,
    /// The wall clock at the last tick, when the pause began, and the time
    /// spent paused so far (ms): the game's clock is the wall's less that.
    wall: u64,
    paused_since: u64,
    paused_ms: u64,
}

/// The form's name on screen (2.2).
pub fn form_name(form: Form1969) -> &'static str {
    match form {
        Form1969::Basic => "Basic",
        Form1969::Advanced => "Advanced",
    }
}

/// A bot's pause before it acts, at real speed (ms).
const BOT_MS: u64 = 1500;

/// How long the bots wait, by default, after a play, for a person who may
/// challenge it (3.6) before the game goes on: real time, set with
/// `--claim-seconds` (the server's 1969 tables wait 3 s, docs/editions.md;
/// a person at a terminal needs longer to read the play and name a claim).
/// Enter ends the wait; `p` pauses it.
pub const CHALLENGE_WINDOW_MS: u64 = 10_000;

/// The claims a Challenger names against a move (3.5 B, C) and what each says.
pub const MOVE_CLAIMS: [(Claim, &str); 4] = [
    (
        Claim::A,
        "A-claim: the move let a Solution be built with at most one more cube, and another move would not have (3.5 B)",
    ),
    (
        Claim::P,
        "P-claim: after the move no Solution can be built (3.5 B)",
    ),
    (
        Claim::CFromA,
        "C-claim from A: the Mover should have challenged the previous play's A-claim (3.5 C)",
    ),
    (
        Claim::CFromP,
        "C-claim from P: the Mover should have challenged the previous play's P-claim (3.5 C)",
    ),
];

impl App69 {
    pub fn new(opts: Options69) -> Result<App69, String> {
        let n = opts.players.len();
        if !(2..=MAX_PLAYERS_1969).contains(&n) {
            return Err(format!(
                "--players: a 1969 game has 2 to {MAX_PLAYERS_1969} seats"
            ));
        }
        let levels: Vec<Option<onsets_bots::Level>> =
            opts.players.iter().map(|p| p.trim().parse().ok()).collect();
        let mut names = seat_names(&opts.players)?;
        let bots: Vec<Option<Bot1969>> = levels
            .iter()
            .enumerate()
            .map(|(p, l)| {
                l.map(|l| {
                    if l == onsets_bots::Level::Expert {
                        Bot1969::new(p)
                    } else {
                        Bot1969::careless(p, opts.seed)
                    }
                })
            })
            .collect();
        for (p, b) in bots.iter().enumerate() {
            if let Some(b) = b {
                names[p] = format!(
                    "{} bot {}",
                    if b.careless.is_some() {
                        "careless"
                    } else {
                        "careful"
                    },
                    p + 1
                );
            }
        }
        let header = Header1969::new(opts.seed, &names, opts.form, Settings1969::default());
        let (g, events) = Game::new(header).map_err(|e| e.to_string())?;
        let active = bots.iter().position(Option::is_none).unwrap_or(0);
        let mut app = App69 {
            g,
            claims: DefaultClaims::new(),
            passed: vec![None; n],
            bots,
            names,
            active,
            now: 0,
            last_change: 0,
            version: 0,
            idle: None,
            window: ((0, 0), 0),
            messages: Vec::new(),
            held: Vec::new(),
            held_alternatives: Vec::new(),
            sel: 0,
            menu: None,
            editor: None,
            confirm: None,
            overlay: Overlay69::None,
            error: None,
            quit: false,
            paused: false,
            wall: 0,
            paused_since: 0,
            paused_ms: 0,
            opts,
        };
        app.say(format!(
            "ON-SETS, 1969 rules ({} ON-SETS): press ? for the keys",
            form_name(app.opts.form)
        ));
        app.absorb(&events);
        app.after_change();
        Ok(app)
    }

    pub fn is_human(&self, p: usize) -> bool {
        matches!(self.bots.get(p), Some(None))
    }

    fn say(&mut self, s: impl Into<String>) {
        self.messages.push(s.into());
        if self.messages.len() > 200 {
            self.messages.drain(0..100);
        }
    }

    /// The cubes in Resources a player can move (not the numeral cubes: they
    /// make the Goal, 3.1), in id order.
    pub fn resource_cubes(&self) -> Vec<u8> {
        self.g
            .cubes()
            .iter()
            .filter(|c| c.place == Place::Resources && c.family != Family::Digit)
            .map(|c| c.id)
            .collect()
    }

    /// The selected cube's id, if any.
    pub fn selected(&self) -> Option<u8> {
        let r = self.resource_cubes();
        r.get(self.sel.min(r.len().saturating_sub(1))).copied()
    }

    /// The key of the last completed play (a person lets it stand once).
    fn key(&self) -> (u32, usize) {
        (self.g.play(), self.g.plays().len())
    }

    /// Whether person `p` may still challenge the play just completed (3.6)
    /// and the bots wait for them: they have not let it stand, and the
    /// challenge window is open.
    pub fn may_challenge(&self, p: usize) -> bool {
        self.is_human(p)
            && matches!(self.g.phase(), Phase1969::Moves { bonus: None, .. })
            && self.g.last_mover().is_some_and(|m| m != p)
            && self.passed[p] != Some(self.key())
            && self.window_left() > 0
    }

    /// The challenge window's time left (ms).
    pub fn window_left(&self) -> u64 {
        (self.window.1 + self.opts.claim_ms).saturating_sub(self.now)
    }

    /// What the active person is to do now: a tag and the words on screen.
    pub fn task(&self) -> (&'static str, String) {
        if let Some(c) = &self.confirm {
            return ("confirm", c.prompt.clone());
        }
        let (tag, words) = self.task_now();
        if self.paused {
            return (tag, format!("PAUSED (p goes on) · {words}"));
        }
        (tag, words)
    }

    fn task_now(&self) -> (&'static str, String) {
        let me = self.active;
        let g = &self.g;
        let name = |p: usize| self.names[p].clone();
        match g.phase() {
            Phase1969::Over => (
                "over",
                "The game is over: Enter shows the score sheet, q leaves".into(),
            ),
            Phase1969::Deal if g.dealer() == me => (
                "deal",
                "You sit to the Shaker's right: d builds the Universe (2.5)".into(),
            ),
            Phase1969::Roll if g.shaker() == me => {
                ("roll", "You are the Shaker: r shakes the cubes (2.5)".into())
            }
            Phase1969::Goal { bonus } if g.shaker() == me => (
                "goal",
                if bonus.is_some() {
                    "g: set the Goal now (after a bonus move, 3.3)".into()
                } else {
                    "g: set the Goal · n: say \"No Goal\" · b: Bonus, the chosen cube to Forbidden first (3.1, 3.3)".into()
                },
            ),
            Phase1969::NoGoal { accepted } if g.shaker() != me && !accepted.contains(&me) => (
                "nogoal",
                format!(
                    "{} said \"No Goal\": c challenges it · a lets it stand (3.6, 3.10 B)",
                    name(g.shaker())
                ),
            ),
            Phase1969::Challenge { sides, .. }
                if sides.iter().any(Option::is_none) && sides[me].is_none() =>
            {
                (
                    "join",
                    "You are a Third Party: j joins the Challenger or the Mover (3.9 A)".into(),
                )
            }
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. }
                if pens[me] == Pen::Due =>
            {
                (
                    "write",
                    "w: write your Solution · x: you cannot write one (3.7, 3.9 B)".into(),
                )
            }
            Phase1969::Moves { turn, bonus } if *turn == me => (
                "move",
                if bonus.is_some() {
                    "Your move after the Bonus: ← → a cube, 1 2 3 to Required / Permitted / Forbidden (3.2)".into()
                } else {
                    "Your turn: ← → a cube, 1 2 3 to Required / Permitted / Forbidden · b Bonus · o assert · c challenge (3.2, 3.3, 3.6)".into()
                },
            ),
            _ if self.may_challenge(me) => (
                "challenge",
                format!(
                    "{} just moved: c challenges the move · Enter lets it stand (3.6) · play goes on in {} s (p pauses)",
                    g.last_mover().map(name).unwrap_or_default(),
                    self.window_left().div_ceil(1000)
                ),
            ),
            _ => {
                let waiting: Vec<String> = (0..g.n()).filter(|&p| g.awaits(p)).map(name).collect();
                (
                    "wait",
                    if waiting.is_empty() {
                        "Waiting".into()
                    } else {
                        format!("Waiting for {}", waiting.join(", "))
                    },
                )
            }
        }
    }

    // ------------------------------------------------------------ time and bots

    fn bot_pause(&self) -> u64 {
        BOT_MS / self.opts.speed.clamp(1, 100)
    }

    /// Advances the clock to `now` (ms since the start): stall periods that
    /// ran out cost their points (3.11), and a bot acts a moment after the
    /// game last changed.
    pub fn tick(&mut self, now: u64) {
        self.wall = self.wall.max(now);
        if self.paused {
            return;
        }
        self.now = self.now.max(self.wall.saturating_sub(self.paused_ms));
        if self.g.stalls().iter().any(|s| s.due_ms <= self.now) {
            if let Err(e) = self.apply(Act1969::Clock) {
                self.say(format!("the clock: {e}"));
            }
        }
        let people_wait = (0..self.g.n()).any(|p| self.may_challenge(p));
        let state = Some((self.version, people_wait));
        if self.g.is_over() || self.idle == state || self.now < self.last_change + self.bot_pause()
        {
            return;
        }
        match self.bot_act(people_wait) {
            Some((p, act)) => {
                if let Err(e) = self.apply(act) {
                    // A bot's act the game refuses: said, and the bots wait
                    // for the next change.
                    self.say(format!("{}: refused, {e}", self.names[p]));
                    self.idle = state;
                }
            }
            None => self.idle = state,
        }
    }

    /// The next bot act: the seats in order from the one the game waits for
    /// (as `onsets_bots::manual1969::next_act`). While a person may still
    /// challenge the last play, bots only challenge.
    fn bot_act(&mut self, people_wait: bool) -> Option<(usize, Act1969)> {
        let n = self.g.n();
        let first = match self.g.phase() {
            Phase1969::Moves { turn, .. } => *turn,
            _ => (0..n).find(|&p| self.g.awaits(p)).unwrap_or(0),
        };
        for p in (0..n).map(|i| (first + i) % n) {
            let Some(bot) = &self.bots[p] else { continue };
            if let Some(act) = bot.decide(&self.g, &mut self.claims) {
                if people_wait && !matches!(act, Act1969::Challenge { .. }) {
                    continue;
                }
                return Some((p, act));
            }
        }
        None
    }

    /// Sends an act to the game at the present clock.
    fn apply(&mut self, act: Act1969) -> Result<(), String> {
        let at_ms = self.now.max(self.g.now_ms());
        // An A-claim's alternative play (3.7 comment 3), in words before the
        // play it names changes; shown with the Solution once scored.
        let alternative = match &act {
            Act1969::Write {
                player,
                alternative: Some(alt),
                ..
            } => Some(format!(
                "{} alternative play: {}",
                self.possessive(*player),
                alternative_words(&self.g, &self.names, alt)
            )),
            _ => None,
        };
        match self
            .g
            .apply_with(Action1969 { at_ms, act }, &mut self.claims)
        {
            Ok((g, events)) => {
                self.g = g;
                self.held_alternatives.extend(alternative);
                self.version += 1;
                if self.confirm.take().is_some() {
                    self.say("the game changed: the act you were asked about was not done");
                }
                self.last_change = self.now;
                if self.window.0 != self.key() {
                    self.window = (self.key(), self.now);
                }
                self.absorb(&events);
                self.after_change();
                Ok(())
            }
            Err(e) => Err(format!("refused by the rules ({}): {}", e.rule, e.message)),
        }
    }

    /// After the game changed: the cube cursor stays in range; in a
    /// hot-seat game the keyboard goes to a person the game waits for.
    fn after_change(&mut self) {
        let k = self.resource_cubes().len();
        if self.sel >= k {
            self.sel = k.saturating_sub(1);
        }
        if !self.g.awaits(self.active) {
            if let Some(p) = (0..self.g.n()).find(|&p| self.is_human(p) && self.g.awaits(p)) {
                self.active = p;
            }
        }
    }

    /// A person's act: refused acts are shown in words with their rule.
    fn act(&mut self, act: Act1969) {
        if let Err(e) = self.apply(act) {
            self.error = Some(e);
        }
    }

    // ------------------------------------------------------------ narration

    fn absorb(&mut self, events: &[Event1969]) {
        let writing = match self.g.phase() {
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                pens.contains(&Pen::Due)
            }
            _ => false,
        };
        for e in events {
            if let (true, Event1969::Written { player, .. }) = (writing, e) {
                let s = self.verb(*player, "have written a Solution", "has written a Solution");
                self.say(s);
                self.held.push(e.clone());
                continue;
            }
            if matches!(e, Event1969::PlayScored { .. }) {
                for h in std::mem::take(&mut self.held) {
                    if let Some(s) = self.narrate(&h) {
                        self.say(s);
                    }
                }
                for a in std::mem::take(&mut self.held_alternatives) {
                    self.say(a);
                }
            }
            if let Some(s) = self.narrate(e) {
                self.say(s);
            }
            if matches!(e, Event1969::GameOver { .. }) {
                self.overlay = Overlay69::End;
            }
        }
    }

    // ------------------------------------------------------------ keys

    pub fn handle_key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        self.error = None;
        match self.overlay {
            Overlay69::Help => {
                self.overlay = Overlay69::None;
                return;
            }
            Overlay69::Quit => {
                match k.code {
                    KeyCode::Char('y') | KeyCode::Char('q') => self.quit = true,
                    _ => self.overlay = Overlay69::None,
                }
                return;
            }
            Overlay69::End => {
                match k.code {
                    KeyCode::Char('q') => self.quit = true,
                    KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay69::Help,
                    _ => self.overlay = Overlay69::None,
                }
                return;
            }
            Overlay69::None => {}
        }
        if let Some(c) = self.confirm.take() {
            if k.code == KeyCode::Char(c.key) || k.code == KeyCode::Enter {
                self.act(c.act);
            } else {
                self.say("cancelled: nothing was done");
            }
            return;
        }
        if self.editor.is_some() {
            self.editor_key(k);
            return;
        }
        if self.menu.is_some() {
            self.menu_key(k);
            return;
        }
        let me = self.active;
        match k.code {
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay69::Help,
            KeyCode::Char('q') => {
                self.overlay = if self.g.is_over() {
                    self.quit = true;
                    Overlay69::None
                } else {
                    Overlay69::Quit
                }
            }
            KeyCode::Tab => {
                let n = self.g.n();
                if let Some(p) = (1..n).map(|i| (me + i) % n).find(|&p| self.is_human(p)) {
                    self.active = p;
                }
            }
            KeyCode::Left | KeyCode::Char('h') => self.sel = self.sel.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') if self.sel + 1 < self.resource_cubes().len() => {
                self.sel += 1
            }
            KeyCode::Char('d') => {
                // Not this person's deal (2.5): said now, not after a menu.
                let trial = Action1969 {
                    at_ms: self.now.max(self.g.now_ms()),
                    act: Act1969::Deal {
                        player: me,
                        count: 8,
                    },
                };
                if let Err(e) = self.g.apply(trial) {
                    self.error = Some(format!("refused by the rules ({}): {}", e.rule, e.message));
                    return;
                }
                self.menu = Some(Menu69::new(
                    "How many cards make the Universe? (at least six, 2.2)",
                    (6..=16u8)
                        .map(|count| {
                            (
                                format!("{count} cards"),
                                Act1969::Deal { player: me, count },
                            )
                        })
                        .collect(),
                    2,
                ))
            }
            KeyCode::Char('r') => self.act(Act1969::Roll { player: me }),
            KeyCode::Char('p') => self.toggle_pause(),
            KeyCode::Char('g') => {
                self.editor = Some(Editor69::new(EditPurpose69::SetGoal, &[Field::Goal]))
            }
            KeyCode::Char('n') => self.guarded(
                'n',
                Act1969::DeclareNoGoal { player: me },
                "Say \"No Goal\"",
                "goal",
            ),
            KeyCode::Char('a') => self.act(Act1969::AcceptNoGoal { player: me }),
            KeyCode::Char(c @ ('1' | '2' | '3')) => match self.selected() {
                Some(cube) => self.act(Act1969::Move {
                    player: me,
                    cube,
                    to: match c {
                        '1' => Place::Required,
                        '2' => Place::Permitted,
                        _ => Place::Forbidden,
                    },
                    bonus: false,
                }),
                None => self.error = Some("Resources hold no cube to move (3.2)".into()),
            },
            KeyCode::Char('b') => match self.selected() {
                Some(cube) => self.act(Act1969::Move {
                    player: me,
                    cube,
                    to: Place::Forbidden,
                    bonus: true,
                }),
                None => self.error = Some("Resources hold no cube to move (3.3)".into()),
            },
            KeyCode::Char('o') => self.guarded(
                'o',
                Act1969::Assert { player: me },
                "Assert a Solution with one more cube",
                "move",
            ),
            _ => self.challenge_or_write_key(k),
        }
    }

    /// The keys of challenging, joining, writing and stalling (3.5–3.11):
    /// `c` `j` `w` `x` `s`, and Enter to let a play stand.
    fn challenge_or_write_key(&mut self, k: KeyEvent) {
        let me = self.active;
        match k.code {
            KeyCode::Char('c') => {
                let items: Vec<(String, Act1969)> =
                    if matches!(self.g.phase(), Phase1969::NoGoal { .. }) {
                        vec![(
                            "No-Goal: a Goal with a Solution could have been set (3.5 A)".into(),
                            Act1969::Challenge {
                                player: me,
                                claim: Claim::NoGoal,
                            },
                        )]
                    } else {
                        MOVE_CLAIMS
                            .iter()
                            .map(|(claim, words)| {
                                (
                                    words.to_string(),
                                    Act1969::Challenge {
                                        player: me,
                                        claim: *claim,
                                    },
                                )
                            })
                            .collect()
                    };
                let who = match self.g.phase() {
                    Phase1969::NoGoal { .. } => Some(self.g.shaker()),
                    _ => self.g.last_mover(),
                };
                let title = format!(
                    "Challenge {}: which Flub? (3.5, 3.6)",
                    who.map(|p| self.names[p].clone())
                        .unwrap_or_else(|| "the last play".into())
                );
                self.menu = Some(Menu69::new(title, items, 0));
            }
            KeyCode::Char('j') => {
                let join = |side| Act1969::Join { player: me, side };
                self.menu = Some(Menu69::new(
                    "Join a side (3.9 A)",
                    vec![
                        ("the Challenger".into(), join(Side::Challenger)),
                        ("the Mover".into(), join(Side::Mover)),
                    ],
                    0,
                ))
            }
            KeyCode::Char('w') => {
                let mut fields = vec![Field::Solution];
                if let Phase1969::Challenge { claim, .. } = self.g.phase() {
                    if *claim == Claim::NoGoal {
                        fields.push(Field::Goal);
                    }
                    if claim.needs_alternative() {
                        fields.push(Field::Alternative);
                    }
                }
                self.editor = Some(Editor69::new(EditPurpose69::Write, &fields));
            }
            KeyCode::Char('x') => self.guarded(
                'x',
                Act1969::Decline { player: me },
                "Say you cannot write a Solution",
                "write",
            ),
            KeyCode::Char('s') => {
                let items = (0..self.g.n())
                    .filter(|&p| p != me)
                    .map(|p| {
                        (
                            format!(
                                "{}{}",
                                self.names[p],
                                if self.g.awaits(p) {
                                    " (the game waits for them)"
                                } else {
                                    ""
                                }
                            ),
                            Act1969::Stall { player: me, on: p },
                        )
                    })
                    .collect();
                self.menu = Some(Menu69::new("Call \"stall\" on (3.11)", items, 0));
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if self.g.is_over() {
                    self.overlay = Overlay69::End;
                } else if self.may_challenge(me) {
                    self.passed[me] = Some(self.key());
                }
            }
            _ => {}
        }
    }

    /// `p`: the game's clock stops (the bots wait, the claim window and the
    /// stall periods of 3.11 stand still) or runs again.
    fn toggle_pause(&mut self) {
        if self.paused {
            self.paused_ms += self.wall.saturating_sub(self.paused_since);
            self.paused = false;
            self.say("the game goes on");
        } else {
            self.paused = true;
            self.paused_since = self.wall;
            self.say("paused: the bots wait and no time runs (p goes on)");
        }
    }

    /// A key whose act stakes a point (saying "No Goal", 3.5 A; an
    /// assertion, 3.10 A; saying you cannot write, 3.7, 3.9 B): done at once
    /// when the task line offers it now (`tag`), else asked about first,
    /// the same key again or Enter doing it.
    fn guarded(&mut self, key: char, act: Act1969, what: &str, tag: &str) {
        if self.task().0 == tag {
            self.act(act);
            return;
        }
        let at_ms = self.now.max(self.g.now_ms());
        if let Err(e) = self.g.apply(Action1969 {
            at_ms,
            act: act.clone(),
        }) {
            // Refused: it costs nothing, and the refusal says why.
            self.error = Some(format!("refused by the rules ({}): {}", e.rule, e.message));
            return;
        }
        self.confirm = Some(Confirm69 {
            act,
            key,
            prompt: format!("{what}? press {key} again or Enter; Esc cancels"),
        });
    }

    fn menu_key(&mut self, k: KeyEvent) {
        let Some(menu) = &mut self.menu else { return };
        match k.code {
            KeyCode::Esc => self.menu = None,
            KeyCode::Up | KeyCode::Char('k') => {
                menu.typed.clear();
                menu.cursor = menu.cursor.saturating_sub(1)
            }
            KeyCode::Down | KeyCode::Char('j') if menu.cursor + 1 < menu.items.len() => {
                menu.typed.clear();
                menu.cursor += 1
            }
            KeyCode::Enter if !menu.typed_ok() => {
                self.error = Some(format!(
                    "no item {}: type a number from the list, or ↑ ↓",
                    menu.typed
                ));
                menu.typed.clear();
            }
            KeyCode::Enter => {
                let act = menu.items.get(menu.cursor).map(|(_, a)| a.clone());
                self.menu = None;
                if let Some(act) = act {
                    self.act(act);
                }
            }
            KeyCode::Char(c) if c.is_ascii_digit() => menu.digit(c),
            KeyCode::Backspace => {
                menu.typed.pop();
                if let Some(i) = menu.find(&menu.typed) {
                    menu.cursor = i;
                }
            }
            _ => {}
        }
    }

    fn editor_key(&mut self, k: KeyEvent) {
        let Some(ed) = &mut self.editor else { return };
        match k.code {
            KeyCode::Esc => self.editor = None,
            KeyCode::Tab | KeyCode::Down => ed.focus = (ed.focus + 1) % ed.fields.len(),
            KeyCode::BackTab | KeyCode::Up => {
                ed.focus = (ed.focus + ed.fields.len() - 1) % ed.fields.len()
            }
            KeyCode::Backspace => {
                ed.fields[ed.focus].1.pop();
            }
            KeyCode::Char(c) => {
                let (field, text) = &mut ed.fields[ed.focus];
                text.push(match field {
                    Field::Solution => match c {
                        'o' | 'O' => 'O',
                        c => alias(c),
                    },
                    _ => c,
                });
            }
            KeyCode::Enter => self.submit(),
            _ => {}
        }
    }

    /// Enter in the editor: the Goal or the Solution goes to the game; the
    /// editor closes when the game takes it.
    fn submit(&mut self) {
        let Some(ed) = &self.editor else { return };
        let me = self.active;
        let act = match ed.purpose {
            EditPurpose69::SetGoal => Act1969::SetGoal {
                player: me,
                goal: ed.text(Field::Goal).unwrap_or_default().to_string(),
            },
            EditPurpose69::Write => {
                let Some(solution) = ed.text(Field::Solution) else {
                    self.error = Some(
                        "type a Solution first (x, outside the editor: you cannot write one)"
                            .into(),
                    );
                    return;
                };
                let alternative = match ed.text(Field::Alternative) {
                    None => None,
                    Some(t) => match read_alternative(&self.g, t) {
                        Ok(a) => Some(a),
                        Err(e) => {
                            self.error = Some(format!("the alternative play: {e}"));
                            return;
                        }
                    },
                };
                Act1969::Write {
                    player: me,
                    solution: solution.to_string(),
                    goal: ed.text(Field::Goal).map(str::to_string),
                    alternative,
                }
            }
        };
        match self.apply(act) {
            Ok(()) => self.editor = None,
            Err(e) => self.error = Some(e),
        }
    }
}
