//! The actions a player may take now without breaking a rule (for bots,
//! user interfaces and the property tests).

use crate::model::*;
use crate::state::*;
use onsets_core::{Card, Symbol};

impl Match {
    /// Every action `player` may take at the current clock that the engine
    /// accepts with no penalty and no illegal procedure. A `Present` action is
    /// listed with a placeholder Solution (`"B ∪ R"`): the writer fills in the
    /// text. Charges, `PickUpBlock` and `Clock` are never listed.
    pub fn legal_actions(&self, player: usize) -> Vec<Act> {
        // Probe on a copy without the log, so each candidate clones little.
        let mut probe = self.clone();
        probe.log.clear();
        self.candidates(player)
            .into_iter()
            .filter(|a| probe.is_clean(a))
            .collect()
    }

    /// Whether the engine takes `act` now (at [`Match::now_ms`]) as a clean
    /// act of its player: accepted, and
    ///
    /// * for a charge of illegal procedure (IX-A): it charges another
    ///   player's uncorrected illegal procedure and is not set aside (the
    ///   charger loses nothing; the correction is the offender's);
    /// * for every other act: no penalty (XI-A, IV-C-2, V, ...), no challenge
    ///   set aside (V-A-2, VIII-A), no last cube returned (VIII-A), no charge
    ///   or illegal procedure of its player left pending (IX-A-1: moving out
    ///   of turn, two cubes to Forbidden without "Bonus", = or ⊆ to Forbidden
    ///   with more than four cubes left, IV-D), and no digit cube moved
    ///   after the Goal is set: such a move "does not count as the player's
    ///   turn" and the digit cubes go to Forbidden (OS-C1; digit cubes are
    ///   used only in setting the Goal, I-B-2-a comment). Setting a Goal
    ///   puts the unused digit cubes in Forbidden as III-B's comment says:
    ///   that is no fault (OS-B1).
    ///
    /// This is the one test of a clean act: [`Match::legal_actions`] lists
    /// the acts that pass it, and the bots check each decision with it
    /// (`onsets_bots::View::is_clean`). See docs/rulings.md, "Match
    /// procedure", "A clean act".
    pub fn is_clean(&self, act: &Act) -> bool {
        let Ok((m, ev)) = self.apply(Action {
            at_ms: self.now_ms,
            act: act.clone(),
        }) else {
            return false;
        };
        let me = act.player();
        if let Act::ChargeIllegalProcedure { .. } = act {
            return ev.iter().any(|e| {
                matches!(e, Event::IllegalProcedureCharged { offender, .. } if Some(*offender) != me)
            }) && !ev.iter().any(|e| {
                matches!(e, Event::Penalty { player, .. } if Some(*player) == me)
                    || matches!(e, Event::ChargeSetAside { .. })
            });
        }
        let goal = matches!(act, Act::SetGoal { .. });
        !ev.iter().any(|e| {
            matches!(
                e,
                Event::Penalty { .. }
                    | Event::ChallengeSetAside { .. }
                    | Event::LastCubeReturned { .. }
                    | Event::ChargeSetAside { .. }
                    | Event::IllegalProcedureCharged { .. }
            ) || (!goal && matches!(e, Event::DigitCubesToForbidden { .. }))
        }) && !m
            .pending
            .iter()
            .any(|p| Some(p.offender) == me && !self.pending.contains(p))
    }

    fn candidates(&self, p: usize) -> Vec<Act> {
        let mut out = Vec::new();
        if !self.is_present(p) {
            // X-D: an absent player can only arrive.
            out.push(Act::Arrive { player: p });
            return out;
        }
        if let Some(rc) = &self.return_choice {
            // IV-C comment b: nothing else happens until the choice.
            if rc.player == p {
                for cube in rc.cubes {
                    out.push(Act::ReturnCube { player: p, cube });
                }
            }
            return out;
        }
        match &self.phase {
            Phase::Setup { .. } => {
                for set_out in [
                    None,
                    Some(SetOut::TwoUniverseOneEmpty),
                    Some(SetOut::OneUniverseTwoEmpty),
                ] {
                    out.push(Act::Roll { player: p, set_out });
                }
                for count in 1..=14 {
                    let have = self.dealt.len() as u32 + count as u32;
                    let (min, max) = self
                        .config
                        .edition
                        .universe_size_in(self.config.division, self.config.adventurous);
                    if (min..=max).contains(&have) {
                        out.push(Act::Deal { player: p, count });
                    }
                }
            }
            Phase::Variations { .. } => {
                for v in self.variation_candidates() {
                    out.push(Act::SelectVariation {
                        player: p,
                        variation: v,
                    });
                }
                out.push(Act::EndSelection { player: p });
            }
            Phase::Goal { .. } => self.goal_candidates_acts(p, &mut out),
            Phase::NoGoal { .. } => {
                out.push(Act::AgreeNoGoal { player: p });
                out.push(Act::Challenge {
                    player: p,
                    kind: ChallengeKind::NoGoal,
                });
            }
            Phase::Moves { turn, .. } => self.move_candidates(p, *turn, &mut out),
            Phase::Writing(w) => {
                out.push(Act::Present {
                    player: p,
                    solution: "B ∪ R".into(),
                    goal: matches!(w.kind, WritingKind::NoGoal { .. })
                        .then(|| GoalSpec::Layout("1".into())),
                });
                out.push(Act::Decline { player: p });
                if self.third_party_joins() {
                    // 2019-20 VII-A-3: the Third Party declares a side.
                    for side in [Side::Challenger, Side::Mover] {
                        out.push(Act::JoinSide { player: p, side });
                    }
                }
                out.push(Act::Challenge {
                    player: p,
                    kind: ChallengeKind::Impossible,
                });
            }
            Phase::Checking(c) => {
                if let Some(&w) = c.queue.get(c.current) {
                    out.push(Act::Accept {
                        player: p,
                        writer: w,
                    });
                    out.push(Act::Object {
                        player: p,
                        writer: w,
                        objection: Objection::WrongValue,
                    });
                }
            }
            Phase::Over => {}
        }
        out
    }

    /// III: the Goal-setter's acts while the Goal is set (and 2019-20 III-B-2-b).
    fn goal_candidates_acts(&self, p: usize, out: &mut Vec<Act>) {
        let goals = self.goal_candidates();
        for g in goals.iter().cloned() {
            out.push(Act::SetGoal {
                player: p,
                goal: GoalSpec::Layout(g),
                unused_to_forbidden: true,
            });
        }
        for c in self.in_place(Place::Resources) {
            if c.family != Family::Digit {
                out.push(Act::Move {
                    player: p,
                    cube: c.id,
                    to: Place::Forbidden,
                    bonus: true,
                });
            }
        }
        out.push(Act::DeclareNoGoal { player: p });
        if self.mlag2019() {
            // 2019-20 III-B-2-b: arranging before "Goal" (listed
            // last: a host's first pick stays "Goal").
            for g in goals {
                out.push(Act::ArrangeGoal {
                    player: p,
                    goal: GoalSpec::Layout(g),
                });
            }
        }
    }

    /// IV, V: moves and shifts of the player whose turn it is, and challenges.
    fn move_candidates(&self, p: usize, turn: usize, out: &mut Vec<Act>) {
        // Moving out of turn is illegal procedure (IX-A-1): only the
        // player whose turn it is has moves to list.
        let mine = turn == p;
        for c in self.in_place(Place::Resources).into_iter().filter(|_| mine) {
            if c.family == Family::Digit {
                continue;
            }
            for to in [Place::Required, Place::Permitted, Place::Forbidden] {
                out.push(Act::Move {
                    player: p,
                    cube: c.id,
                    to,
                    bonus: false,
                });
            }
            out.push(Act::Move {
                player: p,
                cube: c.id,
                to: Place::Forbidden,
                bonus: true,
            });
        }
        for c in self.in_place(Place::Permitted).into_iter().filter(|_| mine) {
            for to in [Place::Required, Place::Forbidden] {
                out.push(Act::Shift {
                    player: p,
                    cube: c.id,
                    to,
                });
            }
        }
        for kind in [ChallengeKind::Now, ChallengeKind::Impossible] {
            out.push(Act::Challenge { player: p, kind });
        }
    }

    /// Every variation selection `player` may make now with no penalty
    /// (II-C-2), from a wider list than [`Match::legal_actions`] (which the
    /// bots choose from): every card dealt for Required or Forbidden Card
    /// (XIII-C-11), and Double Sets of one color, its complement, two colors
    /// joined by ∪, ∩ or −, and the four-symbol forms of two colors
    /// (`(B − R)′`, `B ∩ R′`, `B ∪ R′`, `(B ∪ R)′`, `(B ∩ R)′`; XIII-C-10:
    /// at most four symbols, grouping symbols not counted). For
    /// user interfaces: each choice is one the engine takes with no penalty.
    /// Empty outside the selection of variations.
    pub fn variation_choices(&self, player: usize) -> Vec<String> {
        if !matches!(self.phase, Phase::Variations { .. }) {
            return Vec::new();
        }
        let mut candidates = self.variation_candidates();
        let mut cards: Vec<Card> = self
            .dealt
            .iter()
            .filter_map(|m| Card::from_mask(*m))
            .collect();
        cards.sort();
        cards.dedup();
        for c in cards {
            candidates.push(format!("required-card {c}"));
            candidates.push(format!("forbidden-card {c}"));
        }
        let colors = ["B", "R", "G", "Y"];
        for a in colors {
            candidates.push(format!("double-set {a}"));
            candidates.push(format!("double-set {a}′"));
        }
        for (i, a) in colors.iter().enumerate() {
            for (j, b) in colors.iter().enumerate() {
                if i < j {
                    candidates.push(format!("double-set {a} ∪ {b}"));
                    candidates.push(format!("double-set {a} ∩ {b}"));
                    candidates.push(format!("double-set ({a} ∪ {b})′"));
                    candidates.push(format!("double-set ({a} ∩ {b})′"));
                }
                if i != j {
                    candidates.push(format!("double-set {a} − {b}"));
                    candidates.push(format!("double-set ({a} − {b})′"));
                    candidates.push(format!("double-set {a} ∩ {b}′"));
                    candidates.push(format!("double-set {a} ∪ {b}′"));
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        candidates.retain(|v| seen.insert(v.clone()));
        let mut probe = self.clone();
        probe.log.clear();
        candidates
            .into_iter()
            .filter(|v| {
                probe.is_clean(&Act::SelectVariation {
                    player,
                    variation: v.clone(),
                })
            })
            .collect()
    }

    fn variation_candidates(&self) -> Vec<String> {
        let mut v: Vec<String> = [
            "union-intersection-interchangeable",
            "universe-empty-interchangeable",
            "two-operations",
            "multiple-operations",
            "shift-from-permitted",
            "no-null-restrictions",
            "absolute-value",
            "blank-card-wild",
            "symmetric-difference",
            "two-solutions",
            "double-set B",
            "double-set R′",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut faces: Vec<Symbol> = self
            .cubes
            .iter()
            .filter(|c| c.family != Family::Digit)
            .map(|c| c.face)
            .collect();
        faces.sort();
        faces.dedup();
        for f in faces {
            v.push(format!("required-cube {f}"));
            v.push(format!("wild-cube {f}"));
        }
        for m in self.dealt.iter().take(2) {
            if let Some(c) = Card::from_mask(*m) {
                v.push(format!("required-card {c}"));
                v.push(format!("forbidden-card {c}"));
            }
        }
        v
    }

    /// Every legal Goal layout of III-B-1 from the digit cubes available
    /// (in Resources, or in the Goal section when an illegal Goal is revised,
    /// OS-B2): one cube; two side by side (sum) or in a vertical line
    /// (product); three in a line either way, the L (`a*b+c`) and the T
    /// (`a*(b+c)`); in Adventurous On-Sets each digit may also be upside-down
    /// (III-B-1-c; Absolute Value, XIII-B).
    pub(crate) fn goal_candidates(&self) -> Vec<String> {
        let d: Vec<u8> = self
            .cubes
            .iter()
            .filter(|c| {
                c.family == Family::Digit && matches!(c.place, Place::Resources | Place::Goal)
            })
            .filter_map(|c| match c.face {
                Symbol::Digit(x) => Some(x),
                _ => None,
            })
            .collect();
        let signs: &[bool] = if self.config.adventurous {
            &[false, true]
        } else {
            &[false]
        };
        let mut terms: Vec<Vec<String>> = vec![Vec::new(); d.len()];
        for (i, x) in d.iter().enumerate() {
            for &neg in signs {
                terms[i].push(if neg { format!("~{x}") } else { x.to_string() });
            }
        }
        let mut out = Vec::new();
        let n = d.len();
        for i in 0..n {
            for a in &terms[i] {
                out.push(a.clone());
                for j in (0..n).filter(|&j| j != i) {
                    for b in &terms[j] {
                        out.push(format!("{a}+{b}"));
                        out.push(format!("{a}*{b}"));
                        for k in (0..n).filter(|&k| k != i && k != j) {
                            for c in &terms[k] {
                                out.push(format!("{a}+{b}+{c}"));
                                out.push(format!("{a}*{b}*{c}"));
                                out.push(format!("{a}*{b}+{c}"));
                                out.push(format!("{a}*({b}+{c})"));
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
