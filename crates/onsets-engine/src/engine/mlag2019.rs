//! The 2019-20 MLAG procedure (`../shared/spec/editions.md` §1.2,
//! §1.3, §1.5): where MLAG Basic 2019-20 (B19, `adventurous: false`) and MLAG
//! Adventurous 2019-20 (A19, `adventurous: true`) play differently from the
//! 2026-27 rules. The shared procedures ask these questions at the one place
//! each rule differs; everything else is played as in 2026-27.
//!
//! * B19 II-A: all 18 cubes are rolled (no V/Λ set-out); = and ⊆ are wild
//!   cubes, never Restrictions, so nothing limits them going to Forbidden.
//! * B19 XI-A-1-b: one 2-minute limit for rolling the cubes and setting the
//!   Goal.
//! * B19 III-C-1, IV-C: any player may make a bonus move (no lead check).
//! * B19 V-A-2, V-B, VIII-B comment: no penalty for an invalid challenge;
//!   A19 VIII-B comment: no penalty for a late Impossible; neither text
//!   penalizes a challenge after "stop".
//! * XI-A (both): no second point after the additional minute.
//! * IX-A (both): an illegal procedure is charged within 15 seconds.
//! * VII-A-3, X-A, X-B (both): the Third Party joins a side; III-D-2: a
//!   correct Third Party scores 4 on a "no Goal" challenge.
//! * X-D (both): an absent player scores 0.
//! * A19 II-C-3: in Senior two-player matches the second pick is optional;
//!   A19 XIII-B-2: the Middle wild cube may be = or ⊆.

use super::{rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::{Division, Edition, RelationCubes};

/// IX-A (2019-20): "A player charging illegal procedure must specify clearly
/// (within 15 seconds) the exact nature of the illegal procedure."
pub const CHARGE_WINDOW_MS: u64 = 15_000;

/// XI-A-1-b (B19): "rolling the cubes and setting the Goal 2 minutes".
pub const B19_ROLL_AND_GOAL_MS: u64 = 120_000;

impl Match {
    /// Whether the match plays the 2019-20 MLAG rules (B19 or A19).
    pub fn mlag2019(&self) -> bool {
        self.config.edition == Edition::Mlag2019
    }

    /// MLAG Basic 2019-20 (B19).
    pub(crate) fn b19(&self) -> bool {
        self.mlag2019() && !self.config.adventurous
    }

    /// Whether the Goal-setter sets out the three Restriction cubes as V
    /// and Λ before rolling (T26 II-A-3 and Basic rule I, A19 II-A-3): only
    /// where = and ⊆ are not in play. B19 II-A rolls all 18 cubes, = and ⊆
    /// being wild (B19 I-B-2-d-iii).
    pub fn restriction_set_out(&self) -> bool {
        self.config
            .edition
            .relation_cubes(self.config.division, self.config.adventurous)
            == RelationCubes::NotInPlay
    }

    /// Whether a player leading the match may not make a bonus move (T26 and
    /// A19 III-C-2, IV-C-2). B19 III-C-1 and IV-C: "Any player may make a
    /// bonus move".
    pub fn bonus_barred_while_leading(&self) -> bool {
        !self.b19()
    }

    /// Whether the Third Party joins a side after a challenge (2019-20
    /// VII-A-3: presenting a Solution joins the writer; not presenting
    /// joins the player who does not write, comment c).
    pub fn third_party_joins(&self) -> bool {
        self.mlag2019()
    }

    /// The Goal-setter's time limit for rolling the cubes (XI-A-1-a: one
    /// minute with the Universe; B19 XI-A-1-b: two minutes for rolling and
    /// setting the Goal together).
    pub(crate) fn roll_limit_ms(&self) -> u64 {
        if self.b19() {
            B19_ROLL_AND_GOAL_MS
        } else {
            60_000
        }
    }

    /// B19 XI-A-1-b: rolling does not end the Goal-setter's limit; it runs
    /// on for setting the Goal.
    pub(crate) fn roll_ends_limit(&self) -> bool {
        !self.b19()
    }

    /// B19 XI-A-1-b: the Goal phase starts with what is left of the
    /// 2-minute limit started with the shake (and its stage: a point lost
    /// for a late roll is not lost again). When the limit is already spent
    /// (the additional minute ran out while the Universe was dealt) no
    /// further limit runs, as after any additional minute.
    pub(crate) fn b19_goal_timer(&mut self) {
        let setter = self.goal_setter;
        if let Some(t) = self
            .timers
            .iter_mut()
            .find(|t| t.player == setter && t.task == Task::Roll)
        {
            t.task = Task::SetGoal;
        }
    }

    /// Whether an invalid challenge set aside under `rule` (with `reason`,
    /// the words of the engine's `set_aside` calls) costs a point.
    ///
    /// * 2026-27 V-B: every one does.
    /// * B19: none does (V-A-2-a, V-A-2-b, V-B, VIII-B comment: "set aside
    ///   and there is no point penalty"); a player holding the block 15
    ///   seconds without stating a challenge misses the time limit of
    ///   XI-A-1-e and loses a point under XI-A (editions.md Q7).
    /// * A19: as 2026-27, except an Impossible after the first minute of the
    ///   forceout (VIII-B comment: no penalty) and a challenge after "stop"
    ///   (not listed; editions.md §1.3).
    pub(crate) fn set_aside_costs(&self, rule: &str, reason: &str) -> bool {
        if !self.mlag2019() {
            return true;
        }
        if self.b19() {
            return rule == "XI-A-1-f";
        }
        !(reason.starts_with("Impossible after the first minute")
            || reason.contains("after \"stop\""))
    }

    /// XI-A: whether the end of the additional minute costs a second point
    /// (2026-27). 2019-20 XI-A: the player "loses his turn or is not allowed
    /// to complete the task", with no second penalty.
    pub(crate) fn additional_minute_costs(&self) -> bool {
        !self.mlag2019()
    }

    /// IX-A (2019-20): a charge made more than 15 seconds after the illegal
    /// action is too late; the action stands until insulated.
    pub(crate) fn charge_too_late(&self, p: &Pending) -> bool {
        self.mlag2019() && self.now_ms > p.at_ms + CHARGE_WINDOW_MS
    }

    /// VII-A-3 (2019-20): "The Third Party must decide by the end of the two
    /// minutes for writing Solutions whether to agree with the Challenger or
    /// the Mover." Joining the player who must write makes the Third Party
    /// a writer (X-A-1: "the Third Party must write a correct Solution
    /// also"; role `must`, so `decline` is refused and presenting nothing is
    /// not correct); joining the other player is not writing (as `decline`).
    /// Presenting or declining without a declaration joins a side as before
    /// (comment c).
    pub(crate) fn join_side(&mut self, player: usize, side: Side, ev: &mut Vec<Event>) -> R<()> {
        if !self.third_party_joins() {
            return rej(
                RejectCode::Edition,
                "VII-A",
                "under the 2026-27 rules the Third Party may present a Solution (VII-A); joining a side is the 2019-20 procedure (VII-A-3)",
            );
        }
        let Phase::Writing(w) = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "VII-A-3",
                "the Third Party joins a side while Solutions are written after a challenge",
            );
        };
        let WritingKind::Challenge {
            challenge,
            challenger,
            mover,
        } = w.kind
        else {
            return rej(
                RejectCode::WrongPhase,
                "VII-A-3",
                "the Third Party joins a side after a Now or Impossible challenge",
            );
        };
        if player == challenger || player == mover {
            return rej(
                RejectCode::NotThirdParty,
                "VII-A-3",
                "only the Third Party joins a side; the Challenger and the Mover are the sides",
            );
        }
        let wr = &mut w.writers[player];
        if wr.presented.is_some() {
            return rej(
                RejectCode::AlreadyPresented,
                "VII-A-3",
                "presenting a Solution already joined the player who writes",
            );
        }
        if wr.declined {
            return rej(
                RejectCode::Declined,
                "VII-A-3",
                "not presenting already joined the player who does not write (comment c)",
            );
        }
        if wr.lapsed {
            return rej(
                RejectCode::TimeUp,
                "VII-A-3",
                "the two minutes ran out: the Third Party joined the player who does not write (comment c)",
            );
        }
        match wr.role {
            Role::May => {}
            Role::Must => {
                return rej(
                    RejectCode::AlreadyDecided,
                    "VII-A-3",
                    "the Third Party already joined the player who writes",
                )
            }
            Role::MayNot => {
                return rej(
                    RejectCode::MayNotPresent,
                    "VII-A",
                    "this player takes no part in the writing",
                )
            }
        }
        let writes = (side == Side::Challenger) == (challenge == ChallengeKind::Now);
        ev.push(Event::JoinedSide { player, side });
        if writes {
            // X-A-1: must write; the two minutes run on, without a penalty
            // point (docs/rulings.md).
            wr.role = Role::Must;
        } else {
            wr.declined = true;
            self.clear_timer(player, Task::Write);
            self.maybe_end_writing(ev);
        }
        Ok(())
    }

    /// A19 II-C-3: "In two-player matches in Elementary, Middle and Junior
    /// Divisions, the player who is not the Goal-setter must select two";
    /// in Senior they may select one or two.
    pub(crate) fn second_pick_optional(&self) -> bool {
        self.mlag2019() && self.config.division == Division::Senior
    }

    /// A19 XIII-B-2: "The wild cube may not be a digit": in Middle the wild
    /// cube may be = or ⊆ (editions.md Q4).
    pub(crate) fn relation_wild_allowed(&self) -> bool {
        self.mlag2019() && self.config.division == Division::Middle
    }
}

/// Points for each player after a 2019-20 shake (penalties not included).
/// `seated` says who took part: the others score 0 (X-D: "A player who is
/// absent for a shake scores 0 for that shake"); `basic` is B19.
///
/// After a challenge the Third Party has joined a side (VII-A-3): the writer
/// by declaring so (`join_side`) or by presenting, the other player by
/// declaring so or by not presenting (comment c). X-A-1: a
/// player who had to write is correct with a correct Solution ("If the Third
/// Party agrees with the person who must write a Solution, the Third Party
/// must write a correct Solution also"); X-A-2: a player who did not write is
/// correct when no opponent wrote a correct Solution. X-B: correct scores 6,
/// "unless that player is the Third Party agreeing with the Challenger, in
/// which case the score is 4"; not correct scores 2. The X-A-2 exception (a
/// non-presenter who accepted a Solution later proved wrong scores 2) holds
/// after an Impossible challenge only in B19, after any challenge in A19
/// (VII-C-4).
pub(crate) fn score(seated: &[bool], c: &Checking, basic: bool) -> Vec<i32> {
    let n = seated.len();
    let players = seated.iter().filter(|s| **s).count();
    let ok = |q: usize| c.correct[q] == Some(true);
    let presented = |q: usize| c.writers[q].presented.is_some();
    // VII-A-3: the Third Party joined the writer by presenting, or by
    // declaring so (`join_side`: role `must`).
    let joined_writer = |q: usize| presented(q) || c.writers[q].role == Role::Must;
    let accepted_wrong = |q: usize, challenge: ChallengeKind| {
        (!basic || challenge == ChallengeKind::Impossible)
            && players == 3
            && !presented(q)
            && c.queue.iter().enumerate().any(|(k, &w)| {
                c.decisions[k][q] == Decision::Accepted && c.correct[w] == Some(false)
            })
    };
    let third = |a: usize, b: usize| (0..n).find(|&q| q != a && q != b && seated[q]);
    let mut pts = vec![2; n];
    match c.kind {
        WritingKind::Forceout { .. } | WritingKind::EndOfRound => {
            // X-C, XI-B: 4 for a correct Solution, 2 otherwise.
            for (q, p) in pts.iter_mut().enumerate() {
                *p = if ok(q) { 4 } else { 2 };
            }
        }
        WritingKind::Challenge {
            challenge,
            challenger,
            mover,
        } => {
            let t = third(challenger, mover);
            let (writer, other) = if challenge == ChallengeKind::Now {
                (challenger, mover)
            } else {
                (mover, challenger)
            };
            pts[writer] = if ok(writer) { 6 } else { 2 };
            let opponent_correct = ok(writer) || t.is_some_and(|t| presented(t) && ok(t));
            pts[other] = if !opponent_correct && !accepted_wrong(other, challenge) {
                6
            } else {
                2
            };
            if let Some(t) = t {
                // The side the Third Party joined; 4 when it is the
                // Challenger's and the Third Party is correct (X-B-2).
                let joined_challenger = joined_writer(t) == (challenge == ChallengeKind::Now);
                let correct = if joined_writer(t) {
                    // X-A-1: a correct Solution; none presented is not correct.
                    ok(t)
                } else {
                    !ok(writer) && !accepted_wrong(t, challenge)
                };
                pts[t] = match (correct, joined_challenger) {
                    (false, _) => 2,
                    (true, true) => 4,
                    (true, false) => 6,
                };
            }
        }
        WritingKind::NoGoal { challenger, setter } => {
            // III-D-2: "If the Third Party presents a correct Equation, she
            // scores 4", whatever the Challenger's Equation.
            let t = third(challenger, setter);
            pts[challenger] = if ok(challenger) { 6 } else { 2 };
            if let Some(t) = t {
                pts[t] = match (presented(t), ok(t), ok(challenger)) {
                    (true, false, _) => 2,
                    (true, true, _) => 4,
                    (false, _, false) => 6,
                    (false, _, true) => 2,
                };
            }
            let any = ok(challenger) || t.is_some_and(ok);
            pts[setter] = if any { 2 } else { 6 };
        }
    }
    for (q, p) in pts.iter_mut().enumerate() {
        if !seated[q] {
            // X-D: absent (or arrived after the roll): 0 for the shake.
            *p = 0;
        }
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// T's state in a row of the table: presented correct / incorrect, or silent.
    #[derive(Clone, Copy)]
    enum Third {
        Correct,
        Incorrect,
        Silent,
    }

    /// A checked three-player shake: players 0 (Challenger), 1 (Mover or
    /// Goal-setter), 2 (Third Party); `writer_ok` for the writer's Solution.
    fn checked(kind: WritingKind, writer: usize, writer_ok: bool, t: Third) -> Checking {
        let mut writers: Vec<Writer> = (0..3)
            .map(|_| Writer {
                role: Role::May,
                presented: None,
                declined: false,
                lapsed: false,
            })
            .collect();
        let sol = || {
            Some(Presented {
                solution: "B ∪ R".into(),
                goal: None,
            })
        };
        writers[writer].presented = sol();
        let mut correct = vec![None; 3];
        correct[writer] = Some(writer_ok);
        let mut queue = vec![writer];
        match t {
            Third::Silent => writers[2].declined = true,
            Third::Correct | Third::Incorrect => {
                writers[2].presented = sol();
                correct[2] = Some(matches!(t, Third::Correct));
                queue.push(2);
            }
        }
        Checking {
            kind,
            writers,
            decisions: vec![vec![Decision::Lapsed; 3]; queue.len()],
            current: queue.len(),
            queue,
            correct,
            attempts: Vec::new(),
        }
    }

    fn challenge(kind: ChallengeKind) -> WritingKind {
        WritingKind::Challenge {
            challenge: kind,
            challenger: 0,
            mover: 1,
        }
    }

    /// editions.md §1.5, "2019-20 C / M / T", every row (B19 and A19).
    #[test]
    fn x_b_2019_20_challenge_table() {
        use ChallengeKind::*;
        use Third::*;
        let rows: [(ChallengeKind, bool, Third, [i32; 3]); 10] = [
            (Now, true, Correct, [6, 2, 4]),
            (Now, true, Incorrect, [6, 2, 2]),
            (Now, true, Silent, [6, 2, 2]),
            (Now, false, Correct, [2, 2, 4]),
            (Now, false, Incorrect, [2, 6, 2]),
            (Now, false, Silent, [2, 6, 6]),
            (Impossible, true, Correct, [2, 6, 6]),
            (Impossible, true, Incorrect, [2, 6, 2]),
            (Impossible, true, Silent, [2, 6, 2]),
            (Impossible, false, Correct, [2, 2, 6]),
        ];
        for (kind, ok, t, want) in rows {
            let writer = if kind == Now { 0 } else { 1 };
            for basic in [true, false] {
                let c = checked(challenge(kind), writer, ok, t);
                assert_eq!(score(&[true; 3], &c, basic), want.to_vec(), "{kind:?} {ok}");
            }
        }
        for (t, want) in [(Incorrect, [6, 2, 2]), (Silent, [6, 2, 4])] {
            let c = checked(challenge(Impossible), 1, false, t);
            assert_eq!(score(&[true; 3], &c, true), want.to_vec());
        }
    }

    /// III-D-2 (2019-20): "If the Third Party presents a correct Equation,
    /// she scores 4" — also when the Challenger's is incorrect (2026-27: 6).
    #[test]
    fn iii_d_2_no_goal_third_party_correct_scores_4() {
        use Third::*;
        let kind = || WritingKind::NoGoal {
            challenger: 0,
            setter: 1,
        };
        let rows: [(bool, Third, [i32; 3]); 6] = [
            (true, Correct, [6, 2, 4]),
            (false, Correct, [2, 2, 4]),
            (true, Incorrect, [6, 2, 2]),
            (false, Incorrect, [2, 6, 2]),
            (true, Silent, [6, 2, 2]),
            (false, Silent, [2, 6, 6]),
        ];
        for (ok, t, want) in rows {
            let c = checked(kind(), 0, ok, t);
            assert_eq!(score(&[true; 3], &c, false), want.to_vec(), "{ok}");
        }
    }

    /// X-A-2 exception: B19 "After an Impossible Challenge in a three-player
    /// match, a player who does not present a Solution … scores 2 if he
    /// accepts another player's Solution as correct even if that Solution is
    /// subsequently proven wrong"; after a Now it does not apply in B19, it
    /// does in A19 (VII-C-4).
    #[test]
    fn b19_x_a_2_accepting_a_wrong_solution_only_after_impossible() {
        // Now, Challenger wrong, the silent Third Party accepted it.
        let mut c = checked(challenge(ChallengeKind::Now), 0, false, Third::Silent);
        c.decisions[0][2] = Decision::Accepted;
        assert_eq!(score(&[true; 3], &c, true), vec![2, 6, 6]);
        assert_eq!(score(&[true; 3], &c, false), vec![2, 6, 2]);
        // Impossible, Mover wrong, the silent Third Party accepted it.
        let mut c = checked(
            challenge(ChallengeKind::Impossible),
            1,
            false,
            Third::Silent,
        );
        c.decisions[0][2] = Decision::Accepted;
        assert_eq!(score(&[true; 3], &c, true), vec![6, 2, 2]);
    }

    /// VII-A-3, X-A-1: a Third Party who declared for the writer (role
    /// `must`) and presented nothing is not correct: 2 (editions.md §1.5),
    /// whatever the writer's Solution.
    #[test]
    fn vii_a_3_third_party_joined_the_writer_without_a_solution_scores_2() {
        use ChallengeKind::*;
        let rows: [(ChallengeKind, bool, [i32; 3]); 4] = [
            (Now, true, [6, 2, 2]),
            (Now, false, [2, 6, 2]),
            (Impossible, true, [2, 6, 2]),
            (Impossible, false, [6, 2, 2]),
        ];
        for (kind, ok, want) in rows {
            let writer = if kind == Now { 0 } else { 1 };
            for basic in [true, false] {
                let mut c = checked(challenge(kind), writer, ok, Third::Silent);
                c.writers[2].declined = false;
                c.writers[2].lapsed = true;
                c.writers[2].role = Role::Must;
                assert_eq!(score(&[true; 3], &c, basic), want.to_vec(), "{kind:?} {ok}");
            }
        }
    }

    /// X-D (2019-20): an absent player scores 0.
    #[test]
    fn x_d_absent_scores_0() {
        let c = checked(challenge(ChallengeKind::Now), 0, true, Third::Silent);
        assert_eq!(score(&[true, true, false], &c, true)[2], 0);
    }
}
