//! The end of a play and of the game: scoring a challenge (M69 3.8, 3.9)
//! or an assertion (3.10 A) once every writer is done, the Shaker passing to
//! the left for the next play (editions.md Q27), and "stall" (3.11).

use super::{rej, Game, PlayLine, Stall, R};
use super::{Event1969, Pen, Phase1969, Side};
use crate::model::RejectCode;

impl Game {
    /// When every writer is done: 3.8, 3.9 (a challenge) or 3.10 A (an
    /// assertion).
    pub(super) fn maybe_score(&mut self, ev: &mut Vec<Event1969>) {
        let n = self.n();
        match self.phase.clone() {
            Phase1969::Challenge {
                claim,
                challenger,
                mover,
                sides,
                pens,
                ..
            } if !pens.contains(&Pen::Due) => {
                let b = claim.burden();
                let ok = |p: &Pen| {
                    matches!(
                        p,
                        Pen::Wrote {
                            sustained: true,
                            ..
                        }
                    )
                };
                let any = pens.iter().any(ok);
                let mut points = vec![0; n];
                for p in 0..n {
                    // 3.8: Correct iff (A) has the burden and sustains it,
                    // or (B) has not and nobody sustains it.
                    let correct = if sides[p] == Some(b) {
                        ok(&pens[p])
                    } else {
                        !any
                    };
                    // 3.9 C–F.
                    points[p] = match (correct, p == challenger, p == mover, sides[p]) {
                        (false, ..) => 0,
                        (true, true, _, _) | (true, _, true, _) => 2,
                        (true, _, _, Some(Side::Challenger)) => 1,
                        (true, _, _, _) => 2,
                    };
                }
                let note = format!(
                    "{} by player {challenger} against player {mover}: burden on the {}, {} (3.8, 3.9)",
                    claim.name(),
                    if b == Side::Challenger { "Challenger" } else { "Mover" },
                    if any { "sustained" } else { "not sustained" }
                );
                self.finish_play(points, &note, ev);
            }
            Phase1969::Assertion { asserter, pens } if !pens.contains(&Pen::Due) => {
                let mut points = vec![0; n];
                for p in 0..n {
                    let wrote = matches!(
                        pens[p],
                        Pen::Wrote {
                            sustained: true,
                            ..
                        }
                    );
                    points[p] = if wrote {
                        1
                    } else if p == asserter {
                        -1
                    } else {
                        0
                    };
                }
                self.finish_play(
                    points,
                    &format!("assertion by player {asserter} (3.10 A)"),
                    ev,
                );
            }
            _ => {}
        }
    }

    pub(super) fn finish_play(&mut self, points: Vec<i32>, note: &str, ev: &mut Vec<Event1969>) {
        ev.push(Event1969::PlayScored {
            play: self.play,
            scores: points.clone(),
            note: note.to_string(),
        });
        self.history.push(PlayLine {
            play: self.play,
            shaker: self.shaker,
            points,
            penalties: self.penalties.clone(),
            note: note.to_string(),
        });
        if self.play >= self.plays_in_game() {
            self.phase = Phase1969::Over;
            self.stalls.clear();
            ev.push(Event1969::GameOver {
                totals: self.totals(),
            });
        } else {
            // Q27: the Shaker passes to the left.
            self.shaker = self.left(self.shaker);
            self.start_play(ev);
        }
    }

    /// 3.11: "stall" on a player deciding or writing starts a period; each
    /// missed period costs a point and another begins.
    pub(super) fn stall(&mut self, player: usize, on: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if on >= self.n() {
            return rej(
                RejectCode::NoSuchPlayer,
                "M69 3.11",
                format!("there is no player {on}"),
            );
        }
        if on == player {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.11",
                "any other player may call \"stall\"",
            );
        }
        if !self.awaits(on) {
            return rej(
                RejectCode::Waiting,
                "M69 3.11",
                "this player is not deciding on a Goal, a move, a side or a Solution",
            );
        }
        if self.stalls.iter().any(|s| s.on == on) {
            return rej(
                RejectCode::AlreadyDecided,
                "M69 3.11",
                "\"stall\" has been called on this player",
            );
        }
        let period_ms = if self.writing(on) {
            self.header.settings.writing_ms
        } else {
            self.header.settings.decision_ms
        };
        self.stalls.push(Stall {
            on,
            due_ms: self.now_ms.saturating_add(period_ms),
            period_ms,
        });
        ev.push(Event1969::StallCalled { player, on });
        Ok(())
    }
}
