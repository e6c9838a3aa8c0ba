//! II-A, II-B, X-D: starting a shake, arriving, rolling the cubes and dealing the cards.

use super::{card_name, rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::Symbol;

impl Match {
    pub(crate) fn start_shake(&mut self, ev: &mut Vec<Event>) {
        self.shake += 1;
        // X-D: the players at the table take part; an absent Goal-setter's
        // turn passes to the left.
        self.seated = self.present.clone();
        self.block = None;
        self.block_until = None;
        if !self.is_seated(self.goal_setter) {
            self.goal_setter = self.left(self.goal_setter);
        }
        self.dealer = self.right(self.goal_setter);
        for c in &mut self.cubes {
            c.place = Place::Resources;
        }
        self.dealt.clear();
        self.deck.clear();
        self.goal = None;
        self.selections.clear();
        self.penalties = vec![0; self.n()];
        self.pending.clear();
        self.timers.clear();
        self.last_mover = None;
        self.last_move = None;
        self.return_choice = None;
        self.stop_at = None;
        self.shake_started_ms = self.now_ms;
        self.phase = Phase::Setup {
            rolled: false,
            dealt: false,
        };
        // XI-A-1-a: one minute for rolling the cubes and setting the Universe
        // (with fewer than two players at the table the shake waits, X-D).
        if self.seated_count() >= 2 {
            self.set_timer(self.goal_setter, Task::Roll, self.roll_limit_ms(), true);
            self.set_timer(self.dealer, Task::Deal, 60_000, true);
        }
        ev.push(Event::ShakeStarted {
            shake: self.shake,
            goal_setter: self.goal_setter,
            dealer: self.dealer,
        });
    }

    /// X-D: a player arrives. Before the Goal-setter has rolled they take
    /// part in the shake; after it they sit it out and score −2 for it.
    pub(crate) fn arrive(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        if self.is_present(player) {
            return rej(
                RejectCode::AlreadyPresent,
                "X-D",
                "this player is at the table",
            );
        }
        self.present[player] = true;
        let before_roll = matches!(self.phase, Phase::Setup { rolled: false, .. });
        ev.push(Event::Arrived {
            player,
            late: !before_roll,
        });
        if before_roll {
            let waiting = self.seated_count() < 2;
            self.seated[player] = true;
            if !self.is_seated(self.goal_setter) {
                self.goal_setter = player;
            }
            if self.dealt.is_empty() {
                self.clear_task(Task::Deal);
                self.dealer = self.right(self.goal_setter);
            }
            if waiting && self.seated_count() >= 2 {
                // The shake can start now: its minute runs from the arrival.
                self.shake_started_ms = self.now_ms;
                self.set_timer(self.goal_setter, Task::Roll, self.roll_limit_ms(), true);
            }
            if self.seated_count() >= 2 && !self.timers.iter().any(|t| t.task == Task::Deal) {
                let due = self
                    .timers
                    .iter()
                    .find(|t| t.task == Task::Roll)
                    .map(|t| t.due_ms.saturating_sub(self.now_ms).min(60_000))
                    .unwrap_or(60_000);
                self.set_timer(self.dealer, Task::Deal, due, true);
            }
        }
        Ok(())
    }

    /// II-A: the Goal-setter rolls the 18 cubes (Elementary and Basic: the
    /// Restriction cubes are set out as V and Λ first, II-A-3).
    pub(crate) fn roll(
        &mut self,
        player: usize,
        set_out: Option<SetOut>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Setup { rolled, dealt } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "II-A",
                "the cubes are rolled at the start of a shake",
            );
        };
        if player != self.goal_setter {
            return rej(
                RejectCode::NotGoalSetter,
                "II-A",
                "the Goal-setter rolls the cubes",
            );
        }
        if self.seated_count() < 2 {
            return rej(
                RejectCode::Waiting,
                "X-D",
                "fewer than two players are at the table",
            );
        }
        if rolled {
            return rej(
                RejectCode::AlreadyRolled,
                "IX-D",
                "the cubes were already rolled; rerolling is not allowed",
            );
        }
        let set_aside = self.restriction_set_out();
        match (set_aside, set_out) {
            (true, None) => {
                return rej(
                    RejectCode::SetOut,
                    "II-A-3",
                    "set out two V and one Λ or one V and two Λ before rolling",
                )
            }
            (false, Some(_)) => {
                return rej(
                    RejectCode::SetOut,
                    "II-A",
                    "all 18 cubes are rolled in this division",
                )
            }
            _ => {}
        }
        for i in 0..18 {
            let fam = self.cubes[i].family;
            if fam == Family::Restriction && set_aside {
                let v = match (set_out, i) {
                    (Some(SetOut::TwoUniverseOneEmpty), 15 | 16) => Symbol::Universe,
                    (Some(SetOut::OneUniverseTwoEmpty), 15) => Symbol::Universe,
                    _ => Symbol::Empty,
                };
                self.cubes[i].face = v;
                continue;
            }
            let f = faces(fam);
            let k = self.rng.below(f.len() as u32) as usize;
            self.cubes[i].face = f[k];
        }
        if let Some(fixed) = self.shake_dice().and_then(|d| d.faces.as_deref()) {
            // Validated in `Match::new`; the set-out Restriction cubes stay.
            if let Ok(fs) = crate::dice::parse_faces(fixed) {
                for (i, f) in fs.into_iter().enumerate() {
                    if !(set_aside && self.cubes[i].family == Family::Restriction) {
                        self.cubes[i].face = f;
                    }
                }
            }
        }
        for q in 0..self.n() {
            if self.is_seated(q) {
                self.played[q] = true;
            }
        }
        ev.push(Event::Rolled {
            faces: self.cubes.iter().map(|c| c.face.canonical()).collect(),
        });
        if self.roll_ends_limit() {
            self.clear_timer(player, Task::Roll);
        }
        self.phase = Phase::Setup {
            rolled: true,
            dealt,
        };
        self.after_setup(ev);
        Ok(())
    }

    /// II-B: the dealer deals cards from the top of the shuffled deck. Too
    /// many: the last ones dealt are removed (II-B comment, OS-A3). Too few:
    /// the dealer must deal more (OS-A2).
    pub(crate) fn deal(&mut self, player: usize, count: u8, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Setup { rolled, dealt } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "II-B",
                "cards are dealt at the start of a shake",
            );
        };
        if self.seated_count() < 2 {
            return rej(
                RejectCode::Waiting,
                "X-D",
                "fewer than two players are at the table",
            );
        }
        if player != self.dealer {
            return rej(
                RejectCode::NotDealer,
                "II-B",
                "the player to the Goal-setter's right deals",
            );
        }
        if dealt {
            return rej(
                RejectCode::AlreadyDealt,
                "IX-D",
                "the Universe is complete; re-dealing is not allowed",
            );
        }
        if count == 0 {
            return rej(RejectCode::DealNothing, "II-B", "deal at least one card");
        }
        if self.deck.is_empty() && self.dealt.is_empty() {
            let mut deck: Vec<u8> = (0..16).collect();
            for i in (1..16).rev() {
                let j = self.rng.below(i as u32 + 1) as usize;
                deck.swap(i, j);
            }
            if let Some(top) = self.shake_dice().and_then(|d| d.cards.as_deref()) {
                if let Ok(top) = crate::dice::parse_cards(top) {
                    deck.retain(|c| !top.contains(c));
                    deck.splice(0..0, top);
                }
            }
            self.deck = deck;
        }
        let take = (count as usize).min(self.deck.len());
        let cards: Vec<u8> = self.deck.drain(..take).collect();
        self.dealt.extend(&cards);
        ev.push(Event::Dealt {
            cards: cards.iter().map(|m| card_name(*m)).collect(),
        });
        let (min, max) = self
            .config
            .edition
            .universe_size_in(self.config.division, self.config.adventurous);
        if self.dealt.len() as u32 > max {
            let extra: Vec<u8> = self.dealt.split_off(max as usize);
            ev.push(Event::ExtraCardsRemoved {
                cards: extra.iter().map(|m| card_name(*m)).collect(),
            });
            let mut rest = extra;
            rest.append(&mut self.deck);
            self.deck = rest;
        }
        if (self.dealt.len() as u32) < min {
            ev.push(Event::DealIncomplete {
                have: self.dealt.len() as u32,
                min,
            });
            return Ok(());
        }
        self.clear_timer(player, Task::Deal);
        self.phase = Phase::Setup {
            rolled,
            dealt: true,
        };
        self.after_setup(ev);
        Ok(())
    }

    pub(crate) fn after_setup(&mut self, ev: &mut Vec<Event>) {
        if self.phase
            != (Phase::Setup {
                rolled: true,
                dealt: true,
            })
        {
            return;
        }
        if self.config.adventurous {
            self.phase = Phase::Variations {
                pos: 0,
                picks: 0,
                failures: 0,
            };
            self.start_selector();
        } else {
            self.enter_goal_phase(ev);
        }
    }
}
