//! Challenges of a Flub (M69 3.5, 3.6): against the play just completed or
//! "No Goal", simultaneous challengers decided by a coin (3.6 comment 2),
//! the claim fitting the play, and the Third Parties joining a side (3.9 A)
//! before the side with the burden of proof writes (3.7, 3.9 B).

use super::{rej, Game, R};
use super::{Claim, Event1969, Pen, Phase1969, Side};
use crate::model::RejectCode;

impl Game {
    /// 3.6: "Whether or not it is your turn", a challenge of "the other
    /// player who has just completed a move or has just said 'No Goal'",
    /// naming the kind of Flub. Two challenges at the same moment: the coin
    /// decides; the other challenger is a Third Party (3.6 comment 2).
    pub(super) fn challenge(
        &mut self,
        player: usize,
        claim: Claim,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        let n = self.n();
        if let Phase1969::Challenge {
            challenger,
            mover,
            at_ms,
            sides,
            pens,
            claim: current,
        } = &self.phase
        {
            let fresh = sides
                .iter()
                .enumerate()
                .all(|(p, s)| p == *challenger || p == *mover || s.is_none())
                && pens.iter().all(|p| *p == Pen::Idle || *p == Pen::Due);
            if *at_ms != self.now_ms || !fresh || n < 3 {
                return rej(
                    RejectCode::AlreadyChallenged,
                    "M69 3.6",
                    "a challenge has been made; it cannot be retracted, and a later one is not simultaneous",
                );
            }
            if player == *challenger || player == *mover {
                return rej(
                    RejectCode::AlreadyChallenged,
                    "M69 3.6",
                    "this player is the Challenger or the Mover",
                );
            }
            self.claim_fits(claim, *mover)?;
            let (first, mover, current) = (*challenger, *mover, *current);
            let fixed = self
                .header
                .config
                .dice
                .as_ref()
                .and_then(|d| d.coins.get(self.tosses).copied())
                .filter(|w| *w == first || *w == player);
            self.tosses += 1;
            let winner = match fixed {
                Some(w) => w,
                None if self.rng.below(2) == 0 => first,
                None => player,
            };
            ev.push(Event1969::CoinTossed {
                challengers: vec![first, player],
                winner,
            });
            let claim = if winner == player { claim } else { current };
            self.begin_challenge(winner, mover, claim, ev);
            return Ok(());
        }
        let mover = match &self.phase {
            Phase1969::NoGoal { .. } => self.shaker,
            Phase1969::Moves { bonus: None, .. } => self.last_mover.unwrap_or(self.shaker),
            Phase1969::Moves { bonus: Some(_), turn } => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.6",
                    format!("player {turn} has begun a play with a bonus move: the previous play can no longer be challenged"),
                )
            }
            _ => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.6",
                    "a challenge is made against a completed move or \"No Goal\"",
                )
            }
        };
        if player == mover {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.6",
                "a player challenges the other player who has just moved",
            );
        }
        self.claim_fits(claim, mover)?;
        self.begin_challenge(player, mover, claim, ev);
        Ok(())
    }

    /// Whether `claim` can be made against the present play (3.5).
    pub(super) fn claim_fits(&self, claim: Claim, _mover: usize) -> R<()> {
        let no_goal = matches!(self.phase, Phase1969::NoGoal { .. })
            || matches!(
                &self.phase,
                Phase1969::Challenge {
                    claim: Claim::NoGoal,
                    ..
                }
            );
        match (no_goal, claim) {
            (true, Claim::NoGoal) => Ok(()),
            (true, _) => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "\"No Goal\" is challenged as a No-Goal Flub (3.5 A)",
            ),
            (false, Claim::NoGoal) => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "nobody has said \"No Goal\"",
            ),
            (false, Claim::CFromA | Claim::CFromP) if self.plays.len() < 2 => rej(
                RejectCode::WrongPhase,
                "M69 3.5",
                "the C-claim is about challenging the previous move; the Goal has none before it",
            ),
            _ => Ok(()),
        }
    }

    pub(super) fn begin_challenge(
        &mut self,
        challenger: usize,
        mover: usize,
        claim: Claim,
        ev: &mut Vec<Event1969>,
    ) {
        let n = self.n();
        let mut sides = vec![None; n];
        sides[challenger] = Some(Side::Challenger);
        sides[mover] = Some(Side::Mover);
        ev.push(Event1969::Challenged {
            player: challenger,
            claim,
            against: mover,
        });
        self.phase = Phase1969::Challenge {
            claim,
            challenger,
            mover,
            at_ms: self.now_ms,
            sides,
            pens: vec![Pen::Idle; n],
        };
        self.maybe_begin_writing();
    }

    /// Once every Third Party has joined, the side with the burden writes
    /// (3.7, 3.9 B).
    pub(super) fn maybe_begin_writing(&mut self) {
        if let Phase1969::Challenge {
            claim, sides, pens, ..
        } = &mut self.phase
        {
            if sides.iter().all(|s| s.is_some()) {
                let b = claim.burden();
                for (p, s) in sides.iter().enumerate() {
                    if *s == Some(b) && pens[p] == Pen::Idle {
                        pens[p] = Pen::Due;
                    }
                }
            }
        }
    }

    /// 3.9 A: "the Third Party (T) must join either the Challenger (C) or
    /// the Mover (M)".
    pub(super) fn join(&mut self, player: usize, side: Side, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Challenge { sides, .. } = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.9",
                "there is no challenge to join",
            );
        };
        if sides[player].is_some() {
            return rej(
                RejectCode::AlreadyDecided,
                "M69 3.9",
                "only a Third Party joins a side, once",
            );
        }
        sides[player] = Some(side);
        ev.push(Event1969::Joined { player, side });
        self.maybe_begin_writing();
        Ok(())
    }
}
