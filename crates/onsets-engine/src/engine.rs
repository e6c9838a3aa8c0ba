//! Applying actions: the fixed order of checks (phase, seat, turn, time,
//! rules) and the dispatch to the procedures, one module per part of the
//! rules: [`setup`] (II-A, II-B, X-D), [`selection`] (II-C),
//! [`goal_setting`] (III), [`moves`] (IV, XIII-A-7), [`challenges`] (V,
//! VIII), [`writing`] (VII), [`shake_end`] (X, XII) and [`time_limits`] (XI).

mod challenges;
mod goal_setting;
pub mod manual1969;
mod mlag2019;
mod moves;
mod selection;
mod setup;
mod shake_end;
mod time_limits;
mod writing;

use crate::chain::Chain;
use crate::model::*;
use crate::state::*;
use onsets_core::Card;

pub(crate) type R<T> = Result<T, Rejection>;

pub(crate) fn rej<T>(code: RejectCode, rule: &'static str, msg: impl Into<String>) -> R<T> {
    Err(Rejection::new(code, rule, msg))
}

impl Match {
    /// Starts a match (I): the first Goal-setter is chosen by lot, each player
    /// rolling a digit cube and ties rolling again (I-D); the first shake's
    /// time for rolling and dealing starts at 0 ms.
    pub fn new(config: MatchConfig) -> Result<(Match, Vec<Event>), Rejection> {
        let n = config.players.len();
        if !(2..=3).contains(&n) {
            return rej(
                RejectCode::Players,
                "I-A",
                "a match has two or three players",
            );
        }
        if matches!(config.edition, onsets_core::Edition::Manual1969(_)) {
            // A 1969 game is played by its own state machine
            // (`manual1969::Game`): its procedure differs from the match's.
            return rej(
                RejectCode::Edition,
                "I",
                "a 1969 game is played by onsets_engine::manual1969::Game (its procedure differs from the match's)",
            );
        }
        if config.round_ms == 0 {
            return rej(RejectCode::Round, "XI-B", "the round must last some time");
        }
        if config.absent.iter().any(|&p| p >= n) {
            return rej(
                RejectCode::NoSuchPlayer,
                "X-D",
                "an absent player is not in the match",
            );
        }
        if let Some(d) = &config.dice {
            d.validate(n)?;
        }
        let present: Vec<bool> = (0..n).map(|p| !config.absent.contains(&p)).collect();
        let mut m = Match {
            rng: RngState {
                seed: config.seed,
                word_pos: 0,
            },
            config,
            now_ms: 0,
            cubes: kit(),
            dealt: Vec::new(),
            deck: Vec::new(),
            goal: None,
            goal_setter: 0,
            dealer: 0,
            shake: 0,
            shake_started_ms: 0,
            history: Chain::new(),
            penalties: vec![0; n],
            selections: Vec::new(),
            phase: Phase::Over,
            timers: Vec::new(),
            pending: Vec::new(),
            round_up: false,
            stop_at: None,
            last_mover: None,
            match_points: None,
            log: Chain::new(),
            seated: present.clone(),
            played: vec![false; n],
            present,
            block: None,
            block_until: None,
            last_move: None,
            return_choice: None,
        };
        let mut ev = Vec::new();
        // I-D: the lot is drawn among the players at the table (X-D).
        let mut contenders: Vec<usize> = (0..n).filter(|&p| m.is_present(p)).collect();
        if contenders.is_empty() {
            contenders = (0..n).collect();
        }
        let mut rolls = Vec::new();
        if let Some(p) = m.config.dice.as_ref().and_then(|d| d.first_setter) {
            // The header fixes the first Goal-setter (no lot drawn).
            contenders = vec![p];
        }
        while contenders.len() > 1 {
            let mut round = vec![0u8; n];
            for &p in &contenders {
                round[p] = [1, 1, 2, 3, 4, 5][m.rng.below(6) as usize];
            }
            let high = contenders.iter().map(|&p| round[p]).max().unwrap_or(0);
            contenders.retain(|&p| round[p] == high);
            rolls.push(round);
        }
        ev.push(Event::FirstSetterRolls { rolls });
        m.goal_setter = contenders[0];
        m.start_shake(&mut ev);
        Ok((m, ev))
    }

    /// Applies one action. On success, the new state and what happened; on
    /// failure, the reason, and `self` is untouched (IX: an action the rules
    /// refuse outright). The order of checks is fixed: the clock runs forward,
    /// time limits that expired are applied, the match is not over, the player
    /// exists, the phase allows the act, the player may act, the act's
    /// arguments exist, and then the rules of the act.
    pub fn apply(&self, action: Action) -> Result<(Match, Vec<Event>), Rejection> {
        if action.at_ms < self.now_ms {
            return rej(
                RejectCode::ClockBackwards,
                "XI-A",
                format!(
                    "the action is at {} ms but the clock is at {} ms",
                    action.at_ms, self.now_ms
                ),
            );
        }
        let mut m = self.clone();
        let mut ev = Vec::new();
        m.advance(action.at_ms, &mut ev);
        if let Some(p) = action.act.player() {
            if p >= m.n() {
                return rej(
                    RejectCode::NoSuchPlayer,
                    "I-A",
                    format!("there is no player {p}"),
                );
            }
        }
        if m.phase == Phase::Over && action.act != Act::Clock {
            return rej(RejectCode::MatchOver, "XII", "the match is over");
        }
        if let Some(p) = action.act.player() {
            if !matches!(action.act, Act::Arrive { .. }) && !m.is_seated(p) {
                return rej(
                    RejectCode::NotSeated,
                    "X-D",
                    if m.is_present(p) {
                        "this player arrived after the roll and sits out the shake"
                    } else {
                        "this player is absent"
                    },
                );
            }
        }
        if let Some(h) = m.block {
            let ok = match &action.act {
                Act::Clock | Act::Arrive { .. } => true,
                Act::Challenge { player, .. } | Act::PutDownBlock { player } => *player == h,
                _ => false,
            };
            if !ok {
                return rej(
                    RejectCode::BlockHeld,
                    "V-B",
                    format!(
                        "player {h} holds the challenge block and must state a challenge first"
                    ),
                );
            }
        }
        if let Some(rc) = &m.return_choice {
            let ok = matches!(
                action.act,
                Act::Clock | Act::Arrive { .. } | Act::ReturnCube { .. }
            );
            if !ok {
                return rej(
                    RejectCode::ReturnFirst,
                    "IV-C",
                    format!(
                        "player {} returns one of the two cubes moved to Forbidden without \"Bonus\" first",
                        rc.player
                    ),
                );
            }
        }
        m.act(&action.act, &mut ev)?;
        // A limit restored after the countdown may already be due (IX-A-1).
        let now = m.now_ms;
        m.advance(now, &mut ev);
        if m.block.is_none() || m.phase == Phase::Over {
            m.block = None;
            m.block_until = None;
        }
        m.log.push(action);
        Ok((m, ev))
    }

    pub(crate) fn act(&mut self, act: &Act, ev: &mut Vec<Event>) -> R<()> {
        match act.clone() {
            Act::Clock => Ok(()),
            Act::Roll { player, set_out } => self.roll(player, set_out, ev),
            Act::Deal { player, count } => self.deal(player, count, ev),
            Act::SelectVariation { player, variation } => self.select(player, &variation, ev),
            Act::EndSelection { player } => self.end_selection(player, ev),
            Act::Move {
                player,
                cube,
                to,
                bonus,
            } => self.do_move(player, cube, to, bonus, ev),
            Act::Shift { player, cube, to } => self.shift(player, cube, to, ev),
            Act::SetGoal {
                player,
                goal,
                unused_to_forbidden,
            } => self.set_goal(player, &goal, unused_to_forbidden, ev),
            Act::ArrangeGoal { player, goal } => self.arrange_goal(player, &goal, ev),
            Act::DeclareNoGoal { player } => self.declare_no_goal(player, ev),
            Act::AgreeNoGoal { player } => self.agree_no_goal(player, ev),
            Act::Challenge { player, kind } => self.challenge(player, kind, ev),
            Act::PickUpBlock { player } => {
                if !self.in_shake() {
                    return rej(RejectCode::WrongPhase, "V-B", "no shake is under way");
                }
                // XI-A-1-f: 15 seconds to state a valid challenge.
                self.block = Some(player);
                self.block_until = Some(self.now_ms + 15_000);
                ev.push(Event::BlockPickedUp { player });
                Ok(())
            }
            Act::PutDownBlock { player } => {
                if self.block != Some(player) {
                    return rej(
                        RejectCode::NotHolding,
                        "V-B",
                        "this player does not hold the block",
                    );
                }
                self.block = None;
                self.block_until = None;
                self.set_aside(
                    player,
                    "V-B",
                    "picked up the challenge block and decided not to challenge",
                    ev,
                )
            }
            Act::Arrive { player } => self.arrive(player, ev),
            Act::ReturnCube { player, cube } => self.return_cube(player, cube, ev),
            Act::ChargeIllegalProcedure { player } => {
                self.charge(Some(player), ev);
                Ok(())
            }
            Act::Present {
                player,
                solution,
                goal,
            } => self.present_solution(player, solution, goal, ev),
            Act::Decline { player } => self.decline(player, ev),
            Act::JoinSide { player, side } => self.join_side(player, side, ev),
            Act::Accept { player, writer } => self.decide(player, writer, None, ev),
            Act::Object {
                player,
                writer,
                objection,
            } => self.decide(player, writer, Some(objection), ev),
        }
    }

    pub(crate) fn in_shake(&self) -> bool {
        !matches!(self.phase, Phase::Over)
    }

    pub(crate) fn penalize(&mut self, p: usize, rule: &str, reason: &str, ev: &mut Vec<Event>) {
        self.penalties[p] -= 1;
        ev.push(Event::Penalty {
            player: p,
            rule: rule.into(),
            reason: reason.into(),
        });
    }

    pub(crate) fn set_timer(&mut self, player: usize, task: Task, ms: u64, penal: bool) {
        self.timers
            .retain(|t| !(t.player == player && t.task == task));
        self.timers.push(Timer {
            player,
            task,
            due_ms: self.now_ms + ms,
            stage: 0,
            penal,
        });
    }

    pub(crate) fn clear_timer(&mut self, player: usize, task: Task) {
        self.timers
            .retain(|t| !(t.player == player && t.task == task));
    }

    pub(crate) fn clear_task(&mut self, task: Task) {
        self.timers.retain(|t| t.task != task);
    }

    pub(crate) fn place(&mut self, id: u8, to: Place) {
        self.cubes[id as usize].place = to;
    }

    pub(crate) fn check_cube(&self, id: u8, at: Place, rule: &'static str) -> R<&Cube> {
        match self.cube(id) {
            None => rej(
                RejectCode::NoSuchCube,
                rule,
                format!("there is no cube {id}"),
            ),
            Some(c) if c.place != at => rej(
                RejectCode::CubeNotThere,
                rule,
                format!(
                    "cube {id} ({}) is in {}, not {}",
                    c.face,
                    c.place.name(),
                    at.name()
                ),
            ),
            Some(c) => Ok(c),
        }
    }

    /// The header's fixed dice for the current shake, if any.
    pub(crate) fn shake_dice(&self) -> Option<&ShakeDice> {
        let k = (self.shake as usize).checked_sub(1)?;
        self.config.dice.as_ref()?.shakes.get(k)
    }
}

pub(crate) fn card_name(mask: u8) -> String {
    Card::from_mask(mask)
        .map(|c| c.to_string())
        .unwrap_or_default()
}
