//! Acting on a 1969 game: [`Game::apply`] and [`Game::apply_with`], the
//! stall clock running out (M69 3.11), the dispatch of an act, and the start
//! of a play: the Universe dealt by the player to the Shaker's right before
//! the roll (2.2, 2.3, 2.5) and the roll of the shaking set (2.5).

use super::{card_1969, claims, face_1969, parse_faces, rej, shaking_set, Game, Stall, R};
use super::{Act1969, Action1969, Claims, DefaultClaims, Event1969, Phase1969};
use crate::model::{Place, RejectCode};
use crate::state::faces;

impl Game {
    /// Applies one action, judging written Solutions with
    /// [`DefaultClaims`].
    pub fn apply(&self, action: Action1969) -> R<(Game, Vec<Event1969>)> {
        self.apply_with(action, &mut DefaultClaims::new())
    }

    /// Applies one action, asking `claims` whatever the rules make a solver
    /// question (whether a written Solution is correct, whether an
    /// alternative play keeps the A- and P-claims).
    pub fn apply_with(
        &self,
        action: Action1969,
        claims: &mut dyn Claims,
    ) -> R<(Game, Vec<Event1969>)> {
        if action.at_ms < self.now_ms {
            return rej(
                RejectCode::ClockBackwards,
                "M69 3.11",
                format!(
                    "the action is at {} ms but the clock is at {} ms",
                    action.at_ms, self.now_ms
                ),
            );
        }
        if let Some(p) = action.act.player() {
            if p >= self.n() {
                return rej(
                    RejectCode::NoSuchPlayer,
                    "M69 2.1",
                    format!("there is no player {p}"),
                );
            }
        }
        let mut g = self.clone();
        let mut ev = Vec::new();
        g.advance(action.at_ms, &mut ev);
        if g.is_over() && action.act != Act1969::Clock {
            return rej(RejectCode::MatchOver, "M69 2.7", "the game is over");
        }
        g.act(&action.act, claims, &mut ev)?;
        let keep: Vec<Stall> = g
            .stalls
            .iter()
            .filter(|s| g.awaits(s.on))
            .cloned()
            .collect();
        g.stalls = keep;
        g.log.push(action);
        crate::public::note_1969(&mut g.drawn, &ev);
        Ok((g, ev))
    }

    /// 3.11: every stall period that ran out costs its player a point and
    /// begins another.
    pub(super) fn advance(&mut self, at_ms: u64, ev: &mut Vec<Event1969>) {
        self.now_ms = at_ms;
        for s in &mut self.stalls {
            if s.due_ms <= at_ms {
                // Every period that ran out by now, at once (however far the
                // clock jumped).
                let missed = (at_ms - s.due_ms) / s.period_ms + 1;
                let points = i32::try_from(missed).unwrap_or(i32::MAX);
                self.penalties[s.on] = self.penalties[s.on].saturating_sub(points);
                ev.push(Event1969::StallMissed {
                    player: s.on,
                    periods: missed,
                });
                s.due_ms = s.due_ms.saturating_add(missed.saturating_mul(s.period_ms));
            }
        }
    }

    pub(super) fn act(
        &mut self,
        act: &Act1969,
        claims: &mut dyn Claims,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        match act.clone() {
            Act1969::Clock => Ok(()),
            Act1969::Deal { player, count } => self.deal(player, count, ev),
            Act1969::Roll { player } => self.roll(player, ev),
            Act1969::Move {
                player,
                cube,
                to,
                bonus,
            } => self.do_move(player, cube, to, bonus, ev),
            Act1969::SetGoal { player, goal } => self.set_goal(player, &goal, ev),
            Act1969::DeclareNoGoal { player } => self.declare_no_goal(player, ev),
            Act1969::AcceptNoGoal { player } => self.accept_no_goal(player, ev),
            Act1969::Challenge { player, claim } => self.challenge(player, claim, ev),
            Act1969::Assert { player } => self.assert(player, ev),
            Act1969::Join { player, side } => self.join(player, side, ev),
            Act1969::Write {
                player,
                solution,
                goal,
                alternative,
            } => self.write(player, &solution, goal.as_deref(), alternative, claims, ev),
            Act1969::Decline { player } => self.decline(player, ev),
            Act1969::Stall { player, on } => self.stall(player, on, ev),
        }
    }

    pub(super) fn start_play(&mut self, ev: &mut Vec<Event1969>) {
        self.play += 1;
        self.dealer = self.right(self.shaker);
        for c in &mut self.cubes {
            c.place = Place::Resources;
        }
        self.dealt.clear();
        self.goal = None;
        self.plays.clear();
        self.play_start = None;
        self.last_mover = None;
        self.stalls.clear();
        self.penalties = vec![0; self.n()];
        self.phase = Phase1969::Deal;
        ev.push(Event1969::PlayStarted {
            play: self.play,
            shaker: self.shaker,
            dealer: self.dealer,
        });
    }

    pub(super) fn shake_dice(&self) -> Option<&crate::model::ShakeDice> {
        let k = (self.play as usize).checked_sub(1)?;
        self.header.config.dice.as_ref()?.shakes.get(k)
    }

    /// 2.2, 2.3, 2.5: "The player to his right builds a Universe", shuffling
    /// and turning up "at least six cards", before the cubes are shaken.
    pub(super) fn deal(&mut self, player: usize, count: u8, ev: &mut Vec<Event1969>) -> R<()> {
        if self.phase != Phase1969::Deal {
            return rej(
                RejectCode::AlreadyDealt,
                "M69 2.3",
                "the Universe is built before the cubes are shaken, once",
            );
        }
        if player != self.dealer {
            return rej(
                RejectCode::NotDealer,
                "M69 2.5",
                "the player to the Shaker's right builds the Universe",
            );
        }
        if !(6..=16).contains(&count) {
            return rej(
                RejectCode::DealNothing,
                "M69 2.2",
                "a Universe has at least six cards (2.2) and the deck sixteen (editions.md Q17)",
            );
        }
        let mut deck: Vec<u8> = (0..16).collect();
        for i in (1..16).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        if let Some(top) = self.shake_dice().and_then(|d| d.cards.as_deref()) {
            if let Ok(top) = crate::dice::parse_cards(&claims::read_1969(top)) {
                deck.retain(|c| !top.contains(c));
                deck.splice(0..0, top);
            }
        }
        self.dealt = deck[..count as usize].to_vec();
        ev.push(Event1969::Dealt {
            cards: self.dealt.iter().map(|m| card_1969(*m)).collect(),
        });
        self.phase = Phase1969::Roll;
        Ok(())
    }

    /// 2.5: the Shaker rolls the shaking set; the top faces are the Resources.
    pub(super) fn roll(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        if self.phase != Phase1969::Roll {
            return rej(
                RejectCode::WrongPhase,
                "M69 2.3",
                "the cubes are shaken once the Universe is built",
            );
        }
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 2.5",
                "the Shaker rolls the cubes",
            );
        }
        let fixed = self
            .shake_dice()
            .and_then(|d| d.faces.as_deref())
            .and_then(|f| parse_faces(self.form(), f).ok());
        match fixed {
            Some(cubes) => self.cubes = cubes,
            None => {
                self.cubes = shaking_set(self.form());
                for c in &mut self.cubes {
                    let all = faces(c.family);
                    c.face = all[self.rng.below(all.len() as u32) as usize];
                }
            }
        }
        ev.push(Event1969::Rolled {
            faces: self.cubes.iter().map(|c| face_1969(c.face)).collect(),
        });
        self.phase = Phase1969::Goal { bonus: None };
        Ok(())
    }
}
