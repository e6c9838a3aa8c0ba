//! II-C: selecting variations (Adventurous On-Sets).

use super::{rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::Variation;

impl Match {
    pub(crate) fn selector(&self, pos: usize) -> usize {
        let order = self.order_from_setter();
        order[pos.min(order.len() - 1)]
    }

    /// XI-A-1-b with II-C-1-b: 15 seconds, not before the roll's minute is over.
    pub(crate) fn start_selector(&mut self) {
        if let Phase::Variations { pos, .. } = self.phase {
            let p = self.selector(pos);
            let start = self.now_ms.max(self.shake_started_ms + 60_000);
            let ms = start - self.now_ms + 15_000;
            self.clear_task(Task::SelectVariation);
            self.set_timer(p, Task::SelectVariation, ms, true);
        }
    }

    pub(crate) fn next_selector(&mut self, ev: &mut Vec<Event>) {
        if let Phase::Variations { pos, .. } = self.phase {
            if pos + 1 >= self.seated_count() {
                self.clear_task(Task::SelectVariation);
                ev.push(Event::SelectionEnded);
                self.enter_goal_phase(ev);
            } else {
                self.phase = Phase::Variations {
                    pos: pos + 1,
                    picks: 0,
                    failures: 0,
                };
                self.start_selector();
            }
        }
    }

    /// II-C: one selection by the player whose turn it is to select.
    pub(crate) fn select(&mut self, player: usize, text: &str, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Variations {
            pos,
            picks,
            failures,
        } = self.phase
        else {
            return rej(
                RejectCode::WrongPhase,
                "II-C",
                "variations are selected after the roll and the deal, before the Goal",
            );
        };
        if player != self.selector(pos) {
            return rej(
                RejectCode::NotYourSelection,
                "II-C-1",
                "selections go from the Goal-setter to the left",
            );
        }
        let v = Variation::parse(text)
            .map_err(|e| Rejection::new(RejectCode::BadVariation, "II-C-1-c", e.to_string()))?;
        let problem = self.selection_problem(&v);
        let legal = problem.is_none();
        self.selections.push(Selection {
            player,
            variation: v.to_string(),
            legal,
            withdrawn: false,
        });
        ev.push(Event::VariationSelected {
            player,
            variation: v.to_string(),
        });
        let index = self.selections.len() - 1;
        let (_, max) = self.picks(player);
        self.phase = Phase::Variations {
            pos,
            picks: picks + 1,
            failures,
        };
        if legal {
            // II-C-2: the next player's legal selection insulates.
            self.insulate(player, ev);
            self.recheck_own_picks(player);
        }
        if picks + 1 >= max {
            self.next_selector(ev);
        }
        if !legal {
            self.illegal(
                player,
                "II-C-2",
                IpKind::IllegalVariation { index },
                None,
                None,
                ev,
            );
        }
        Ok(())
    }

    /// OS-A12 comment: when one player picks two variations "the order in
    /// which they are selected by the player makes no difference". A pick of
    /// `player` still pending as illegal that the player's later legal pick
    /// gives an effect (∪ and ∩ interchangeable, then a wild cube) is legal.
    pub(crate) fn recheck_own_picks(&mut self, player: usize) {
        let mut i = 0;
        while i < self.pending.len() {
            let fixed = match self.pending[i].kind {
                IpKind::IllegalVariation { index } if self.pending[i].offender == player => {
                    let sel = &self.selections[index];
                    !sel.withdrawn
                        && Variation::parse(&sel.variation)
                            .is_ok_and(|v| self.selection_problem(&v).is_none())
                        && {
                            self.selections[index].legal = true;
                            true
                        }
                }
                _ => false,
            };
            if fixed {
                self.pending.remove(i);
            } else {
                i += 1;
            }
        }
    }

    pub(crate) fn end_selection(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Variations { pos, picks, .. } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "II-C",
                "no variation selection is under way",
            );
        };
        if player != self.selector(pos) {
            return rej(
                RejectCode::NotYourSelection,
                "II-C-1",
                "it is not this player's selection",
            );
        }
        let (need, _) = self.picks(player);
        if picks < need {
            return rej(
                RejectCode::MustSelect,
                "II-C-3",
                format!("this player must select {need} variation(s)"),
            );
        }
        self.next_selector(ev);
        Ok(())
    }
}
