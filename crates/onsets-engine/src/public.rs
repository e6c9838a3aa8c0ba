//! What of a match leaves the server: the one filter of a log, for every
//! edition (docs/security/hidden.md).
//!
//! A stored log holds the seed of the generator that rolls the cubes and
//! shuffles the cards: whoever has it knows every future roll and deal. It
//! also holds the text of every Solution presented, which no other player
//! sees while Solutions are still written (VII-C-3; 1969: each writes
//! "independently", M69 3.9 B), and each checker's grouping proving
//! ambiguity until every checker is ready (VII-C-5-c). [`public_log`]
//! (2026-27, 2019-20) and [`public_log_1969`] give the log as a reader may
//! see it while the match is played:
//!
//! * the header without `seed` and `seed_salt`, with `seed_commitment`, and
//!   with `dice` holding what the generator has already drawn (the first
//!   Goal-setter or Shaker, each shake's faces and the cards dealt so far,
//!   1969 coin tosses), so the log still replays to the same public state;
//! * the text hidden by the view filter ([`Match::phase_for`], M69 3.9 B for
//!   1969) blanked, except for the reader's own seat.
//!
//! Once the match is over (or the table is closed), the log is the stored
//! one, seed and salt included, and anyone can check the seed against the
//! commitment published at the start ([`MatchConfig::verify_seed`]).

use crate::log::{Header, ReplayError, FORMAT};
use crate::manual1969::{Act1969, Action1969, Event1969, Game, Pen, Phase1969};
use crate::model::{Act, Action, Dice, Event, MatchConfig, Objection, ShakeDice};
use crate::state::{Match, Phase};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::mem::discriminant;

/// The bytes of a commitment's salt.
pub const SALT_BYTES: usize = 32;

/// The commitment to `seed`: lowercase hex of SHA-256 over `salt` followed
/// by the seed as 8 bytes big-endian.
pub fn seed_commitment(seed: u64, salt: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(salt);
    h.update(seed.to_be_bytes());
    hex(&h.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// What [`MatchConfig::verify_seed`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedCheck {
    /// No commitment (a log written before commitments, or by hand).
    NoCommitment,
    /// The seed is withheld: the match was being played when the log was read.
    Withheld,
    /// The seed and salt hash to the commitment.
    Verified,
}

impl MatchConfig {
    /// Commits to the seed with `salt` (random, one per match): sets
    /// `seed_salt` and `seed_commitment`.
    pub fn commit_seed(&mut self, salt: &[u8; SALT_BYTES]) {
        self.seed_salt = Some(hex(salt));
        self.seed_commitment = Some(seed_commitment(self.seed, salt));
    }

    /// Checks the revealed seed and salt against the commitment.
    pub fn verify_seed(&self) -> Result<SeedCheck, String> {
        let Some(commitment) = &self.seed_commitment else {
            return Ok(SeedCheck::NoCommitment);
        };
        if self.seed_withheld {
            return Ok(SeedCheck::Withheld);
        }
        let Some(salt) = &self.seed_salt else {
            return Err("`seed_salt`: the seed is given without the salt of its commitment".into());
        };
        let salt = unhex(salt).ok_or("`seed_salt`: not hexadecimal bytes")?;
        if seed_commitment(self.seed, &salt) == commitment.to_ascii_lowercase() {
            Ok(SeedCheck::Verified)
        } else {
            Err(format!(
                "`seed`: SHA-256 of the salt and seed {} is not the commitment {commitment}",
                self.seed
            ))
        }
    }
}

/// Reads a log's header line (any edition's fields; the caller checks the
/// format): `seed_withheld` is set when it has no `seed`, and a revealed
/// seed must match its commitment.
pub fn read_header<T: serde::de::DeserializeOwned>(
    line: &str,
    config: impl Fn(&mut T) -> &mut MatchConfig,
) -> Result<T, String> {
    let raw: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let withheld = raw.get("seed").is_none();
    let mut header: T = serde_json::from_value(raw).map_err(|e| e.to_string())?;
    let c = config(&mut header);
    c.seed_withheld = withheld;
    c.verify_seed()?;
    Ok(header)
}

/// The public header: the stored one without `seed` and `seed_salt`, with
/// the generator's draws so far as `dice`.
fn public_header(mut header: Value, dice: Dice) -> Value {
    if let Some(o) = header.as_object_mut() {
        o.remove("seed");
        o.remove("seed_salt");
        o.insert(
            "dice".into(),
            serde_json::to_value(dice).unwrap_or(Value::Null),
        );
    }
    header
}

/// The generator's draws, gathered from the events.
#[derive(Default)]
struct Drawn(Dice);

impl Drawn {
    fn shake(&mut self, setter: usize) {
        self.0.first_setter.get_or_insert(setter);
        self.0.shakes.push(ShakeDice::default());
    }
    fn faces(&mut self, faces: &[String]) {
        if let Some(s) = self.0.shakes.last_mut() {
            s.faces = Some(faces.join(" "));
        }
    }
    fn cards(&mut self, cards: &[String]) {
        if let Some(s) = self.0.shakes.last_mut() {
            let dealt = s.cards.get_or_insert_with(String::new);
            for c in cards {
                if !dealt.is_empty() {
                    dealt.push(' ');
                }
                dealt.push_str(c);
            }
        }
    }
    fn events(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::ShakeStarted { goal_setter, .. } => self.shake(*goal_setter),
                Event::Rolled { faces } => self.faces(faces),
                Event::Dealt { cards } => self.cards(cards),
                // OS-A2: the deal passes and the deck is reshuffled; the
                // Universe is the new dealer's (the cards dealt before were
                // taken back: the replay deals them from the same top).
                Event::DealTransferred { .. } => {
                    if let Some(s) = self.0.shakes.last_mut() {
                        s.cards = None;
                    }
                }
                _ => {}
            }
        }
    }
    fn events_1969(&mut self, events: &[Event1969]) {
        for e in events {
            match e {
                Event1969::PlayStarted { shaker, .. } => self.shake(*shaker),
                Event1969::Rolled { faces } => self.faces(faces),
                Event1969::Dealt { cards } => self.cards(cards),
                Event1969::CoinTossed { winner, .. } => self.0.coins.push(*winner),
                _ => {}
            }
        }
    }
}

fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

fn replay_error(line: usize, message: String) -> ReplayError {
    ReplayError {
        line,
        rule: None,
        message,
    }
}

/// The 2026-27 (or 2019-20) log `text` as `seat` may see it (`None`: a
/// spectator). `closed`: the table will see no more play (over or
/// abandoned), so everything is shown. A log that does not replay is an
/// error (the stored logs always do).
pub fn public_log(text: &str, seat: Option<usize>, closed: bool) -> Result<String, ReplayError> {
    let mut it = lines(text);
    let (first, head) = it
        .next()
        .ok_or_else(|| replay_error(1, "the log is empty".into()))?;
    let header: Header = read_header(head, |h: &mut Header| &mut h.config)
        .map_err(|e| replay_error(first, format!("bad header: {e}")))?;
    if header.format != FORMAT || closed {
        return Ok(text.to_string());
    }
    let (mut m, ev) =
        Match::new(header.config.clone()).map_err(|r| replay_error(first, r.to_string()))?;
    let mut drawn = Drawn::default();
    drawn.events(&ev);
    let mut actions: Vec<Action> = Vec::new();
    let mut phase_start = 0;
    for (line, l) in it {
        let a: Action = serde_json::from_str(l)
            .map_err(|e| replay_error(line, format!("not an action: {e}")))?;
        let before = discriminant(m.phase());
        let (next, ev) = m
            .apply(a.clone())
            .map_err(|r| replay_error(line, r.to_string()))?;
        m = next;
        drawn.events(&ev);
        if discriminant(m.phase()) != before {
            phase_start = actions.len();
        }
        actions.push(a);
    }
    if m.match_points().is_some() || matches!(m.phase(), Phase::Over) {
        return Ok(text.to_string());
    }
    for a in &mut actions[phase_start..] {
        hide(&m, seat, &mut a.act);
    }
    let head = public_header(
        serde_json::to_value(&header).unwrap_or(Value::Null),
        drawn.0,
    );
    Ok(join(head, &actions))
}

fn join<T: serde::Serialize>(head: Value, actions: &[T]) -> String {
    let mut out = head.to_string();
    out.push('\n');
    for a in actions {
        out.push_str(&serde_json::to_string(a).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Blanks what [`Match::phase_for`] hides from `seat` in an act of the
/// current phase of `m`: another seat's presented Solution (and its Goal)
/// while Solutions are written (VII-C-3), another checker's grouping while
/// the attempts are pending (VII-C-5-c).
fn hide(m: &Match, seat: Option<usize>, act: &mut Act) {
    match (m.phase(), act) {
        (
            Phase::Writing(_),
            Act::Present {
                player,
                solution,
                goal,
            },
        ) if Some(*player) != seat => {
            solution.clear();
            *goal = None;
        }
        (
            Phase::Checking(c),
            Act::Object {
                player,
                objection: Objection::Ambiguous { grouping },
                ..
            },
        ) if Some(*player) != seat && c.attempts.iter().any(|a| a.1 == *player) => {
            grouping.clear();
        }
        _ => {}
    }
}

impl Game {
    /// Whether Solutions are being written: nobody sees another's until the
    /// play is scored (M69 3.9 B, 4.1 footnote).
    pub fn solutions_hidden(&self) -> bool {
        match self.phase() {
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                pens.contains(&Pen::Due)
            }
            _ => false,
        }
    }
}

/// Adds a 1969 game's draws in `events` to `dice` (the game keeps them as
/// it goes, so its public log needs no replay).
pub(crate) fn note_1969(dice: &mut Dice, events: &[Event1969]) {
    let mut d = Drawn(std::mem::take(dice));
    d.events_1969(events);
    *dice = d.0;
}

impl Game {
    /// The log as `seat` may see it (`None`: a spectator): while the game is
    /// played, the header without `seed` and `seed_salt` and with the draws
    /// so far as `dice`, and, while Solutions are written, the other seats'
    /// Solutions of the current challenge or assertion blanked (M69 3.9 B);
    /// once it is over, [`Game::log_lines`].
    pub fn public_log(&self, seat: Option<usize>) -> String {
        if self.is_over() {
            return self.log_lines().join("\n") + "\n";
        }
        let mut actions: Vec<Action1969> = self.log_actions().to_vec();
        if self.solutions_hidden() {
            // The writing belongs to the last challenge or assertion.
            let start = actions
                .iter()
                .rposition(|a| matches!(a.act, Act1969::Challenge { .. } | Act1969::Assert { .. }))
                .unwrap_or(0);
            for a in &mut actions[start..] {
                if let Act1969::Write {
                    player,
                    solution,
                    goal,
                    alternative,
                } = &mut a.act
                {
                    if Some(*player) != seat {
                        solution.clear();
                        *goal = None;
                        *alternative = None;
                    }
                }
            }
        }
        let head = public_header(
            serde_json::to_value(self.header()).unwrap_or(Value::Null),
            self.drawn.clone(),
        );
        join(head, &actions)
    }
}

/// [`public_log`] for a 1969 game log (`onsets-1969/1`): replays it (with
/// the solver judging written Solutions) and gives [`Game::public_log`].
pub fn public_log_1969(text: &str, seat: Option<usize>, closed: bool) -> Result<String, String> {
    if closed {
        return Ok(text.to_string());
    }
    Ok(Game::replay(text)?.public_log(seat))
}
