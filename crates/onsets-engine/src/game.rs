//! One shape for every rule edition's game (docs/architecture.md, "Rule
//! editions"): the [`Rules`] trait a host (the server's table, a simulator)
//! drives without knowing which edition it holds.
//!
//! * [`Match`] implements it for the 2026-27 Tournament Rules and MLAG
//!   2019-20 (sections I–XII; the edition is in its [`MatchConfig`]);
//! * [`manual1969::Game`] implements it for Allen's 1969 Basic and Advanced
//!   ON-SETS (M69 §§2–3), in [`crate::game1969`].
//!
//! Every implementation is a pure state machine: [`Rules::begin`] from a
//! header, [`Rules::step`] with the clock as an input, the log written by
//! [`Rules::log`] and re-run by [`Rules::from_log`]; [`Rules::view`] is the
//! edition's one privacy filter (what a seat may see), [`Rules::legal_for`]
//! the acts a seat may take now that the game accepts.

use crate::manual1969;
use crate::model::{Act, Action, Event, MatchConfig, Rejection};
use crate::state::Match;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A game of one rule edition, as a host drives it.
pub trait Rules: Sized + Clone + Send + Sync + 'static {
    /// The log's header: players, seed, settings.
    type Header: Serialize + DeserializeOwned + Clone + Debug + Send + Sync;
    /// What a player (or the clock) does.
    type Act: Serialize + DeserializeOwned + Clone + PartialEq + Debug + Send + Sync;
    /// What happened.
    type Event: Serialize + Clone + Debug + Send + Sync;
    /// The game as one seat (or a spectator) may see it.
    type View: Debug + Send + Sync;
    /// An event as one seat (or a spectator) may see it.
    type SeenEvent: Serialize + Clone + Debug + Send + Sync;

    /// Starts a game from its header, with the events of its start.
    fn begin(header: Self::Header) -> Result<(Self, Vec<Self::Event>), Rejection>;
    /// The header the game was started from.
    fn header(&self) -> &Self::Header;
    /// The players' names, in seating order.
    fn players(&self) -> &[String];
    /// Applies `act` at the game clock `at_ms`: the next state and the
    /// events, or the rule that refuses it (the state is untouched).
    fn step(&self, at_ms: u64, act: Self::Act) -> Result<(Self, Vec<Self::Event>), Rejection>;
    /// The act by which time passes (the host applies it at [`Rules::deadline`]).
    fn clock_act() -> Self::Act;
    /// The seat an act is for (`None`: the clock).
    fn actor(act: &Self::Act) -> Option<usize>;
    /// The game clock of the last applied act (ms).
    fn clock_ms(&self) -> u64;
    /// When a time limit next expires, if one runs (game ms).
    fn deadline(&self) -> Option<u64>;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The acts `seat` may take now that the game accepts (empty when it
    /// has none). Acts outside the list may still be sent: the game judges
    /// them.
    fn legal_for(&self, seat: usize) -> Vec<Self::Act>;
    /// The game as `seat` may see it (`None`: a spectator), with `legal`
    /// (the seat's [`Rules::legal_for`], computed by the caller once per
    /// state).
    fn view(&self, seat: Option<usize>, legal: Vec<Self::Act>) -> Self::View;
    /// `events` (of the last applied act) as `seat` may see them.
    fn events_seen(&self, events: &[Self::Event], seat: Option<usize>) -> Vec<Self::SeenEvent>;
    /// The log: the header line, then one act per line.
    fn log(&self) -> String;
    /// Re-runs a log written by [`Rules::log`] (every line checked, the
    /// seed commitment verified).
    fn from_log(text: &str) -> Result<Self, String>;
}

impl Rules for Match {
    type Header = MatchConfig;
    type Act = Act;
    type Event = Event;
    type View = crate::view::PlayerView;
    type SeenEvent = Event;

    fn begin(header: MatchConfig) -> Result<(Match, Vec<Event>), Rejection> {
        Match::new(header)
    }
    fn header(&self) -> &MatchConfig {
        self.config()
    }
    fn players(&self) -> &[String] {
        &self.config().players
    }
    fn step(&self, at_ms: u64, act: Act) -> Result<(Match, Vec<Event>), Rejection> {
        self.apply(Action { at_ms, act })
    }
    fn clock_act() -> Act {
        Act::Clock
    }
    fn actor(act: &Act) -> Option<usize> {
        act.player()
    }
    fn clock_ms(&self) -> u64 {
        self.now_ms()
    }
    fn deadline(&self) -> Option<u64> {
        self.next_deadline()
    }
    fn over(&self) -> bool {
        *self.phase() == crate::state::Phase::Over
    }
    fn legal_for(&self, seat: usize) -> Vec<Act> {
        self.legal_actions(seat)
    }
    fn view(&self, seat: Option<usize>, legal: Vec<Act>) -> crate::view::PlayerView {
        let mut v = self.view_for(seat);
        v.legal = legal;
        v
    }
    fn events_seen(&self, events: &[Event], seat: Option<usize>) -> Vec<Event> {
        self.events_for(events, seat)
    }
    fn log(&self) -> String {
        self.log_lines()
    }
    fn from_log(text: &str) -> Result<Match, String> {
        Match::replay(text).map_err(|e| e.to_string())
    }
}

impl Rules for manual1969::Game {
    type Header = manual1969::Header1969;
    type Act = manual1969::Act1969;
    type Event = manual1969::Event1969;
    type View = crate::game1969::View1969;
    type SeenEvent = crate::game1969::SeenEvent1969;

    fn begin(
        header: manual1969::Header1969,
    ) -> Result<(Self, Vec<manual1969::Event1969>), Rejection> {
        manual1969::Game::new(header)
    }
    fn header(&self) -> &manual1969::Header1969 {
        manual1969::Game::header(self)
    }
    fn players(&self) -> &[String] {
        &manual1969::Game::header(self).config.players
    }
    fn step(
        &self,
        at_ms: u64,
        act: manual1969::Act1969,
    ) -> Result<(Self, Vec<manual1969::Event1969>), Rejection> {
        self.apply(manual1969::Action1969 { at_ms, act })
    }
    fn clock_act() -> manual1969::Act1969 {
        manual1969::Act1969::Clock
    }
    fn actor(act: &manual1969::Act1969) -> Option<usize> {
        act.player()
    }
    fn clock_ms(&self) -> u64 {
        self.now_ms()
    }
    /// M69 has no time limit the game enforces by itself: a stall (3.11) is
    /// called by a player ([`manual1969::Act1969::Stall`]).
    fn deadline(&self) -> Option<u64> {
        None
    }
    fn over(&self) -> bool {
        self.is_over()
    }
    fn legal_for(&self, seat: usize) -> Vec<manual1969::Act1969> {
        crate::game1969::legal_1969(self, seat)
    }
    fn view(
        &self,
        seat: Option<usize>,
        legal: Vec<manual1969::Act1969>,
    ) -> crate::game1969::View1969 {
        crate::game1969::View1969::new(self, seat, legal)
    }
    fn events_seen(
        &self,
        events: &[manual1969::Event1969],
        _seat: Option<usize>,
    ) -> Vec<crate::game1969::SeenEvent1969> {
        crate::game1969::events_seen_1969(self, events)
    }
    fn log(&self) -> String {
        self.log_lines().join("\n") + "\n"
    }
    fn from_log(text: &str) -> Result<Self, String> {
        manual1969::Game::replay(text)
    }
}
