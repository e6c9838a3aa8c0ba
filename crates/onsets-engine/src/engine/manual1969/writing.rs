//! Writing: the assertion of a Solution with one more cube (M69 3.2, 3.10
//! A), a Solution written or declined by the side with the burden of proof
//! (3.7, 3.4 D), and the alternative play an A-claim Challenger shows (3.7
//! comment 3; editions.md Q21, Q22).

use super::{rej, Game, R};
use super::{Allowance, Alternative, Claim, Claims, Event1969, Pen, Phase1969};
use crate::model::RejectCode;

impl Game {
    /// 3.2, 3.10 A: on your turn, "assert (without challenging) that a
    /// Solution can be built with one more cube from Resources". Play ends;
    /// every player may write.
    pub(super) fn assert(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Moves { turn, bonus } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.2",
                "an assertion is made on a turn after the Goal",
            );
        };
        if player != turn {
            return rej(
                RejectCode::NotYourTurn,
                "M69 3.2",
                "an assertion is made on your own turn",
            );
        }
        if bonus.is_some() {
            return rej(
                RejectCode::BonusCommits,
                "M69 3.3",
                "a bonus move comes before a regular move; after it, move",
            );
        }
        ev.push(Event1969::Asserted { player });
        self.phase = Phase1969::Assertion {
            asserter: player,
            pens: vec![Pen::Due; self.n()],
        };
        Ok(())
    }

    pub(super) fn write(
        &mut self,
        player: usize,
        solution: &str,
        goal: Option<&str>,
        alternative: Option<Alternative>,
        claims: &mut dyn Claims,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        if !self.writing(player) {
            return rej(
                RejectCode::MayNotPresent,
                "M69 3.7",
                "this player is not to write a Solution now (the side with the burden of proof writes, 3.7, 3.9 B)",
            );
        }
        let (allowance, claim) = match &self.phase {
            Phase1969::Challenge { claim, .. } => (claim.allowance(), Some(*claim)),
            _ => (Allowance::AtMostOne, None),
        };
        let mut reasons = Vec::new();
        let x = match claim {
            Some(Claim::NoGoal) => match goal {
                None => {
                    reasons.push(
                        "after a No-Goal challenge you must set a Goal as well as build a Solution (3.4 D)"
                            .to_string(),
                    );
                    None
                }
                Some(t) => match self.goal_position(&self.places(), None, t) {
                    Ok(p) => Some(p),
                    Err(m) => {
                        reasons.push(m);
                        None
                    }
                },
            },
            _ => Some(self.position()),
        };
        if let Some(x) = &x {
            if let Err(r) = claims.check(x, allowance, solution) {
                reasons.extend(r);
            }
        }
        if let Some(c) = claim.filter(|c| c.needs_alternative()) {
            match alternative {
                None => reasons.push(
                    "the Challenger of an A-claim must also show an alternative move that keeps the A- and P-claims (3.7 comment 3)"
                        .into(),
                ),
                Some(alt) => {
                    if let Err(m) = self.check_alternative(c, &alt, claims) {
                        reasons.push(m);
                    }
                }
            }
        }
        let sustained = reasons.is_empty();
        ev.push(Event1969::Written {
            player,
            solution: solution.to_string(),
            sustained,
            reasons: reasons.clone(),
        });
        self.set_pen(
            player,
            Pen::Wrote {
                solution: solution.to_string(),
                sustained,
                reasons,
            },
        );
        self.maybe_score(ev);
        Ok(())
    }

    pub(super) fn decline(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if !self.writing(player) {
            return rej(
                RejectCode::MayNotPresent,
                "M69 3.7",
                "this player is not to write a Solution now",
            );
        }
        ev.push(Event1969::Declined { player });
        self.set_pen(player, Pen::Declined);
        self.maybe_score(ev);
        Ok(())
    }

    pub(super) fn set_pen(&mut self, player: usize, pen: Pen) {
        match &mut self.phase {
            Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                pens[player] = pen
            }
            _ => {}
        }
    }

    /// 3.7 comment 3: the alternative "(a) did not allow a Solution to be
    /// built with at most one more cube from the Resources" and "(b) did not
    /// violate the P-claim". For an A-claim it replaces the challenged play;
    /// for a C-claim from A the play that began the chain, which the
    /// Challenger names (editions.md Q21, Q22).
    pub(super) fn check_alternative(
        &self,
        claim: Claim,
        alt: &Alternative,
        claims: &mut dyn Claims,
    ) -> Result<(), String> {
        let last = self
            .plays
            .len()
            .checked_sub(1)
            .ok_or("no play has been made")?;
        let k = match (claim, alt.play) {
            (Claim::A, None) => last,
            (Claim::A, Some(k)) if k == last => last,
            (Claim::A, Some(k)) => {
                return Err(format!(
                    "an A-claim is about the challenged play ({last}), not play {k}"
                ))
            }
            (_, Some(k)) if k < last => {
                // 3.5 comments 2 and 3, 3.7 comment 2: the chain stems from "a
                // previous A-claim violation", so play k itself must have
                // allowed a Solution with at most one more cube; with the
                // alternative below (3.7 comment 3) that makes it one. A play
                // that allowed none (or a forced one, comment 2: no
                // alternative then exists) begins no chain.
                let x = self
                    .position_after(k)
                    .ok_or_else(|| format!("there is no play {k}"))?;
                if !claims.within_one(&x) {
                    return Err(format!(
                        "play {k} did not allow a Solution with at most one more cube from Resources, so it was no A-claim violation and no C-claim stems from it (3.5 comment 3, 3.7 comment 2)"
                    ));
                }
                k
            }
            (_, Some(k)) if k == last => {
                return Err(format!(
                    "a C-claim stems from a previous play's violation (3.5 comment 3); play {k} is the challenged play itself: challenge it with an A-claim"
                ))
            }
            (_, Some(k)) => return Err(format!("there is no play {k}")),
            (_, None) => {
                return Err(
                    "a C-claim stemming from an A-claim names the play that began the chain (editions.md Q22)"
                        .into(),
                )
            }
        };
        let y = self.alternative_position(k, alt)?;
        if claims.within_one(&y) {
            return Err(format!(
                "the alternative also allows a Solution with at most one more cube from Resources: {}",
                claims.solution(&y, Allowance::AtMostOne).unwrap_or_default()
            ));
        }
        if !claims.possible(&y) {
            return Err(
                "the alternative violates the P-claim: no Solution can be built after it".into(),
            );
        }
        Ok(())
    }
}
