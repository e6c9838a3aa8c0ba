#![allow(dead_code)]
use onsets_core::{Card, Division, Symbol};
use onsets_engine::*;

/// A table: a match plus a clock that moves one second per action.
pub struct T {
    pub m: Match,
    pub t: u64,
}

impl T {
    pub fn new(seed: u64, n: usize, division: Division, adventurous: bool) -> T {
        let names = ["Ann", "Bob", "Cy"];
        let (m, _) =
            Match::new(MatchConfig::new(seed, &names[..n], division, adventurous)).unwrap();
        T { m, t: 0 }
    }
    pub fn with(config: MatchConfig) -> T {
        let (m, _) = Match::new(config).unwrap();
        T { m, t: 0 }
    }
    pub fn try_act(&mut self, act: Act) -> Result<Vec<Event>, Rejection> {
        self.t = self.t.max(self.m.now_ms()) + 1000;
        let (m, ev) = self.m.apply(Action { at_ms: self.t, act })?;
        self.m = m;
        Ok(ev)
    }
    pub fn act(&mut self, act: Act) -> Vec<Event> {
        let a = act.clone();
        self.try_act(act)
            .unwrap_or_else(|r| panic!("{a:?} rejected: {r}"))
    }
    pub fn clock(&mut self, at: u64) -> Vec<Event> {
        self.t = at;
        let (m, ev) = self
            .m
            .apply(Action {
                at_ms: at,
                act: Act::Clock,
            })
            .unwrap();
        self.m = m;
        ev
    }
    pub fn setter(&self) -> usize {
        self.m.goal_setter()
    }
    pub fn left(&self, p: usize) -> usize {
        self.m.left(p)
    }
    /// Rolls and deals, then fixes the faces (digits, then the 15 others in
    /// kit order: 8 colors, 4 operations, 3 Restriction cubes) and the Universe.
    pub fn start(&mut self, digits: [u8; 3], others: &str, cards: &str) {
        let setter = self.setter();
        let set_out = if self.m.restrictions() {
            None
        } else {
            Some(SetOut::TwoUniverseOneEmpty)
        };
        self.act(Act::Roll {
            player: setter,
            set_out,
        });
        let (min, _) = onsets_core::Edition::Tournament2026.universe_size(self.m.config().division);
        let dealer = self.m.dealer();
        self.act(Act::Deal {
            player: dealer,
            count: min as u8,
        });
        for (i, d) in digits.iter().enumerate() {
            self.m.scenario_set_face(i as u8, Symbol::Digit(*d));
        }
        let syms: Vec<Symbol> = others
            .split_whitespace()
            .map(|s| Symbol::parse(s).unwrap())
            .collect();
        assert_eq!(syms.len(), 15);
        for (i, s) in syms.into_iter().enumerate() {
            self.m.scenario_set_face(3 + i as u8, s);
        }
        self.m.scenario_set_dealt(
            cards
                .split_whitespace()
                .map(|c| Card::parse(c).unwrap().mask())
                .collect(),
        );
    }
    /// The id of a cube showing `face` in `place`.
    pub fn cube(&self, face: &str, place: Place) -> u8 {
        let s = Symbol::parse(face).unwrap();
        self.m
            .cubes()
            .iter()
            .find(|c| c.face == s && c.place == place)
            .unwrap_or_else(|| panic!("no {face} in {place:?}"))
            .id
    }
    pub fn mv(&mut self, player: usize, face: &str, to: Place) -> Vec<Event> {
        let cube = self.cube(face, Place::Resources);
        self.act(Act::Move {
            player,
            cube,
            to,
            bonus: false,
        })
    }
    pub fn bonus(&mut self, player: usize, face: &str) -> Vec<Event> {
        let cube = self.cube(face, Place::Resources);
        self.act(Act::Move {
            player,
            cube,
            to: Place::Forbidden,
            bonus: true,
        })
    }
    pub fn goal(&mut self, g: &str) -> Vec<Event> {
        let p = self.setter();
        self.act(Act::SetGoal {
            player: p,
            goal: GoalSpec::Layout(g.into()),
            unused_to_forbidden: true,
        })
    }
    pub fn select(&mut self, player: usize, v: &str) -> Vec<Event> {
        self.act(Act::SelectVariation {
            player,
            variation: v.into(),
        })
    }
    pub fn present(&mut self, player: usize, s: &str) -> Vec<Event> {
        self.act(Act::Present {
            player,
            solution: s.into(),
            goal: None,
        })
    }
    pub fn penalties(&self) -> Vec<i32> {
        self.m.penalties().to_vec()
    }
    pub fn last_scores(&self) -> Vec<i32> {
        self.m.history().last().unwrap().points.clone()
    }
}

pub fn has(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

pub fn conserve(m: &Match) {
    assert_eq!(m.cubes().len(), 18);
    for (i, c) in m.cubes().iter().enumerate() {
        assert_eq!(c.id as usize, i);
    }
}
