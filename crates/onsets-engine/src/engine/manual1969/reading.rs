//! Reading a 1969 game's state: the header and form, the seats around the
//! table (the Shaker, the dealer to the Shaker's right, play passing to the
//! left: M69 2.5, 3.2), the phase, the plays of the round, the score sheet
//! and totals (3.9, 3.10; editions.md Q27), and whom the game waits for (the
//! players a "stall" may be called on, 3.11).

use super::{claims, digits_at, Game, PlayLine, PlayRecord, Stall};
use super::{Cube1969, Header1969, Pen, Phase1969};
use crate::model::Place;
use onsets_core::Form1969;

impl Game {
    pub fn header(&self) -> &Header1969 {
        &self.header
    }
    /// The form: Basic or Advanced ON-SETS (2.2).
    pub fn form(&self) -> Form1969 {
        self.header.config.edition.form().unwrap_or_default()
    }
    pub fn n(&self) -> usize {
        self.header.config.players.len()
    }
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    pub fn cubes(&self) -> &[Cube1969] {
        &self.cubes
    }
    pub fn dealt(&self) -> &[u8] {
        &self.dealt
    }
    pub fn goal(&self) -> Option<&str> {
        self.goal.as_deref()
    }
    pub fn shaker(&self) -> usize {
        self.shaker
    }
    pub fn dealer(&self) -> usize {
        self.dealer
    }
    /// The number of the current play, from 1.
    pub fn play(&self) -> u32 {
        self.play
    }
    pub fn phase(&self) -> &Phase1969 {
        &self.phase
    }
    /// The completed plays of the current round (index 0: the Goal).
    pub fn plays(&self) -> &[PlayRecord] {
        &self.plays
    }
    pub fn last_mover(&self) -> Option<usize> {
        self.last_mover
    }
    pub fn stalls(&self) -> &[Stall] {
        &self.stalls
    }
    /// Stall penalties in the current play (3.11).
    pub fn penalties(&self) -> &[i32] {
        &self.penalties
    }
    /// The score sheet: one line per finished play.
    pub fn history(&self) -> &[PlayLine] {
        &self.history
    }
    /// Totals over the plays: a plain sum (editions.md Q27).
    pub fn totals(&self) -> Vec<i32> {
        let mut t = vec![0; self.n()];
        for line in &self.history {
            for (p, total) in t.iter_mut().enumerate() {
                *total += line.points[p] + line.penalties[p];
            }
        }
        t
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase1969::Over
    }
    /// The number of plays the game lasts (Q27; default one per player).
    pub fn plays_in_game(&self) -> u32 {
        self.header.settings.plays.unwrap_or(self.n() as u32)
    }
    pub(super) fn left(&self, p: usize) -> usize {
        (p + 1) % self.n()
    }
    pub(super) fn right(&self, p: usize) -> usize {
        (p + self.n() - 1) % self.n()
    }
    /// The cards of the Universe.
    pub fn universe(&self) -> onsets_core::CardSet {
        claims::universe_of(&self.dealt)
    }
    /// The digits of the numeral cubes still in Resources.
    pub fn digits_in_resources(&self) -> Vec<u8> {
        digits_at(&self.cubes, &self.places())
    }
    pub(super) fn places(&self) -> Vec<Place> {
        self.cubes.iter().map(|c| c.place).collect()
    }

    /// Whether the game waits for `p` to decide or write (3.11: the players a
    /// "stall" may be called on).
    pub fn awaits(&self, p: usize) -> bool {
        match &self.phase {
            Phase1969::Deal => p == self.dealer,
            Phase1969::Roll | Phase1969::Goal { .. } => p == self.shaker,
            Phase1969::NoGoal { accepted } => p != self.shaker && !accepted.contains(&p),
            Phase1969::Moves { turn, .. } => p == *turn,
            Phase1969::Challenge { sides, pens, .. } => {
                if sides.iter().any(|s| s.is_none()) {
                    sides[p].is_none()
                } else {
                    pens[p] == Pen::Due
                }
            }
            Phase1969::Assertion { pens, .. } => pens[p] == Pen::Due,
            Phase1969::Over => false,
        }
    }

    pub(super) fn writing(&self, p: usize) -> bool {
        match &self.phase {
            Phase1969::Challenge { sides, pens, .. } => {
                sides.iter().all(|s| s.is_some()) && pens[p] == Pen::Due
            }
            Phase1969::Assertion { pens, .. } => pens[p] == Pen::Due,
            _ => false,
        }
    }
}
