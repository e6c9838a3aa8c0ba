//! What a player at the table sees.

use onsets_core::{CardSet, CubeList, Goal, Position, Situation, Symbol, Variation};
use onsets_engine::{Act, Cube, Family, GoalSpec, Match, MatchConfig, Phase, Place, Timer};

/// The table as seen from one seat. It exposes the public state of the match
/// only: not the order of the undealt cards, not the dice generator, and not
/// the text of Solutions presented by others while Solutions are still being
/// written (they are shown when checking starts, VII-C-3).
pub struct View<'a> {
    m: &'a Match,
    seat: usize,
}

impl<'a> View<'a> {
    pub fn new(m: &'a Match, seat: usize) -> Self {
        View { m, seat }
    }
    /// The whole match, hidden parts included: for the engine's legality
    /// checks only, never for a bot's choices.
    pub(crate) fn table(&self) -> &Match {
        self.m
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn n(&self) -> usize {
        self.m.n()
    }
    pub fn now_ms(&self) -> u64 {
        self.m.now_ms()
    }
    pub fn config(&self) -> &MatchConfig {
        self.m.config()
    }
    pub fn shake(&self) -> u32 {
        self.m.shake()
    }
    pub fn goal_setter(&self) -> usize {
        self.m.goal_setter()
    }
    pub fn dealer(&self) -> usize {
        self.m.dealer()
    }
    pub fn last_mover(&self) -> Option<usize> {
        self.m.last_mover()
    }
    pub fn left(&self, p: usize) -> usize {
        self.m.left(p)
    }
    pub fn cubes(&self) -> &[Cube] {
        self.m.cubes()
    }
    pub fn dealt(&self) -> usize {
        self.m.dealt().len()
    }
    pub fn universe(&self) -> CardSet {
        self.m.universe()
    }
    pub fn goal(&self) -> Option<&GoalSpec> {
        self.m.goal()
    }
    pub fn timers(&self) -> &[Timer] {
        self.m.timers()
    }
    pub fn totals(&self) -> Vec<i32> {
        self.m.totals()
    }
    pub fn leading(&self, p: usize) -> bool {
        self.m.leading(p)
    }
    pub fn restrictions(&self) -> bool {
        self.m.restrictions()
    }
    /// Whether the Restriction cubes are set out as V and Λ before the roll
    /// (II-A-3; not in MLAG Basic 2019-20, which rolls all 18 cubes).
    pub fn restriction_set_out(&self) -> bool {
        self.m.restriction_set_out()
    }
    /// Whether the match leader may not make a bonus move (III-C-2, IV-C-2;
    /// MLAG Basic 2019-20 lets any player).
    pub fn bonus_barred_while_leading(&self) -> bool {
        self.m.bonus_barred_while_leading()
    }
    /// Whether the Third Party joins a side after a challenge (2019-20
    /// VII-A-3).
    pub fn third_party_joins(&self) -> bool {
        self.m.third_party_joins()
    }
    pub fn variations(&self) -> Vec<Variation> {
        self.m.variations()
    }
    pub fn two_solutions(&self) -> bool {
        self.m.two_solutions()
    }
    pub fn picks(&self, p: usize) -> (u8, u8) {
        self.m.picks(p)
    }
    pub fn resources_count(&self) -> usize {
        self.m.resources_count()
    }
    /// The illegal procedures not yet corrected nor insulated (IX): public,
    /// since they happen on the table (a cube moved, a word said).
    pub fn pending(&self) -> &[onsets_engine::Pending] {
        self.m.pending()
    }
    /// The mat as a position for the checker and the solver.
    pub fn position(&self, situation: Situation, goal: Goal) -> Position {
        self.m.position(situation, goal)
    }
    /// The position before a Goal is set: the digit cubes still in
    /// Resources are listed in Resources (for `achievable_goals`).
    pub fn position_with_digits(&self) -> Position {
        let p = self.m.position(
            Situation::Impossible,
            Goal::parse("1").expect("the Goal 1 parses"),
        );
        let digits: Vec<Symbol> = self
            .m
            .cubes()
            .iter()
            .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
            .map(|c| c.face)
            .collect();
        let mut r = digits;
        r.extend(p.resources().iter());
        // Digit cubes are not counted by the kit (I-B-2), and the engine's
        // digits show 1–5: the position stays valid.
        p.with_resources(CubeList::new(r)).unwrap_or(p)
    }
    /// The phase as this seat may see it: the engine's one privacy filter
    /// ([`Match::phase_for`]): other players' Solutions are hidden while
    /// they are being written (VII-C-3), other checkers' groupings until
    /// every checker is ready (VII-C-5-c).
    pub fn phase(&self) -> Phase {
        self.m.phase_for(Some(self.seat))
    }
    /// The acts this seat may take now with no penalty and no illegal
    /// procedure (the engine's list; legality never depends on hidden cards).
    pub fn legal_actions(&self) -> Vec<Act> {
        self.m.legal_actions(self.seat)
    }
    /// The time left before this seat's running limit for `task` ends (its
    /// sand runs out; the ten-second countdown is not counted on).
    pub fn time_left(&self, task: onsets_engine::Task) -> Option<u64> {
        self.m
            .timers()
            .iter()
            .find(|t| t.player == self.seat && t.task == task)
            .map(|t| t.due_ms.saturating_sub(self.m.now_ms()))
    }
    /// Identifies the state for a decision: it changes with every act and
    /// every time limit that expires, not with the clock alone.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.m.shake().hash(&mut h);
        self.m
            .log()
            .iter()
            .filter(|a| a.act != Act::Clock)
            .count()
            .hash(&mut h);
        // the phase's Debug text, hashed as it is written (no String)
        struct HashText<'a, H: Hasher>(&'a mut H);
        impl<H: Hasher> std::fmt::Write for HashText<'_, H> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0.write(s.as_bytes());
                Ok(())
            }
        }
        // writing to a hasher cannot fail
        let _ =
            std::fmt::Write::write_fmt(&mut HashText(&mut h), format_args!("{:?}", self.m.phase()));
        for t in self.m.timers() {
            (t.player, t.task as u8, t.stage).hash(&mut h);
        }
        self.m.round_up().hash(&mut h);
        h.finish()
    }
}
