//! Applying actions: the fixed order of checks, every handler, time limits
//! and the end of shakes and of the match.

use crate::chain::Chain;
use crate::judge;
use crate::model::*;
use crate::scoring;
use crate::state::*;
use onsets_core::{Card, Goal, Situation, Symbol, Variation};

type R<T> = Result<T, Rejection>;

fn rej<T>(code: &'static str, rule: &'static str, msg: impl Into<String>) -> R<T> {
    Err(Rejection::new(code, rule, msg))
}

impl Match {
    /// Starts a match (I): the first Goal-setter is chosen by lot, each player
    /// rolling a digit cube and ties rolling again (I-D); the first shake's
    /// time for rolling and dealing starts at 0 ms.
    pub fn new(config: MatchConfig) -> Result<(Match, Vec<Event>), Rejection> {
        let n = config.players.len();
        if !(2..=3).contains(&n) {
            return rej("players", "I-A", "a match has two or three players");
        }
        if config.round_ms == 0 {
            return rej("round", "XI-B", "the round must last some time");
        }
        if config.absent.iter().any(|&p| p >= n) {
            return rej(
                "no-such-player",
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
                "clock-backwards",
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
                return rej("no-such-player", "I-A", format!("there is no player {p}"));
            }
        }
        if m.phase == Phase::Over && action.act != Act::Clock {
            return rej("match-over", "XII", "the match is over");
        }
        if let Some(p) = action.act.player() {
            if !matches!(action.act, Act::Arrive { .. }) && !m.is_seated(p) {
                return rej(
                    "not-seated",
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
                    "block-held",
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
                    "return-first",
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

    fn act(&mut self, act: &Act, ev: &mut Vec<Event>) -> R<()> {
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
            Act::DeclareNoGoal { player } => self.declare_no_goal(player, ev),
            Act::AgreeNoGoal { player } => self.agree_no_goal(player, ev),
            Act::Challenge { player, kind } => self.challenge(player, kind, ev),
            Act::PickUpBlock { player } => {
                if !self.in_shake() {
                    return rej("wrong-phase", "V-B", "no shake is under way");
                }
                // XI-A-1-f: 15 seconds to state a valid challenge.
                self.block = Some(player);
                self.block_until = Some(self.now_ms + 15_000);
                ev.push(Event::BlockPickedUp { player });
                Ok(())
            }
            Act::PutDownBlock { player } => {
                if self.block != Some(player) {
                    return rej("not-holding", "V-B", "this player does not hold the block");
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
            } => self.present(player, solution, goal, ev),
            Act::Decline { player } => self.decline(player, ev),
            Act::Accept { player, writer } => self.decide(player, writer, None, ev),
            Act::Object {
                player,
                writer,
                objection,
            } => self.decide(player, writer, Some(objection), ev),
        }
    }

    fn in_shake(&self) -> bool {
        !matches!(self.phase, Phase::Over)
    }

    // ------------------------------------------------------------ helpers

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

    fn clear_timer(&mut self, player: usize, task: Task) {
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
            None => rej("no-such-cube", rule, format!("there is no cube {id}")),
            Some(c) if c.place != at => rej(
                "cube-not-there",
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
    fn shake_dice(&self) -> Option<&ShakeDice> {
        let k = (self.shake as usize).checked_sub(1)?;
        self.config.dice.as_ref()?.shakes.get(k)
    }

    // ------------------------------------------------------------ shake start

    fn start_shake(&mut self, ev: &mut Vec<Event>) {
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
            self.set_timer(self.goal_setter, Task::Roll, 60_000, true);
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
    fn arrive(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        if self.is_present(player) {
            return rej("already-present", "X-D", "this player is at the table");
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
                self.set_timer(self.goal_setter, Task::Roll, 60_000, true);
            }
            if self.seated_count() >= 2 && !self.timers.iter().any(|t| t.task == Task::Deal) {
                let due = self
                    .timers
                    .iter()
                    .find(|t| t.task == Task::Roll)
                    .map(|t| t.due_ms.saturating_sub(self.now_ms))
                    .unwrap_or(60_000);
                self.set_timer(self.dealer, Task::Deal, due, true);
            }
        }
        Ok(())
    }

    /// II-A: the Goal-setter rolls the 18 cubes (Elementary and Basic: the
    /// Restriction cubes are set out as V and Λ first, II-A-3).
    fn roll(&mut self, player: usize, set_out: Option<SetOut>, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Setup { rolled, dealt } = self.phase else {
            return rej(
                "wrong-phase",
                "II-A",
                "the cubes are rolled at the start of a shake",
            );
        };
        if player != self.goal_setter {
            return rej("not-goal-setter", "II-A", "the Goal-setter rolls the cubes");
        }
        if self.seated_count() < 2 {
            return rej("waiting", "X-D", "fewer than two players are at the table");
        }
        if rolled {
            return rej(
                "already-rolled",
                "IX-D",
                "the cubes were already rolled; rerolling is not allowed",
            );
        }
        let set_aside = !self.restrictions();
        match (set_aside, set_out) {
            (true, None) => {
                return rej(
                    "set-out",
                    "II-A-3",
                    "set out two V and one Λ or one V and two Λ before rolling",
                )
            }
            (false, Some(_)) => {
                return rej(
                    "set-out",
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
        self.clear_timer(player, Task::Roll);
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
    fn deal(&mut self, player: usize, count: u8, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Setup { rolled, dealt } = self.phase else {
            return rej(
                "wrong-phase",
                "II-B",
                "cards are dealt at the start of a shake",
            );
        };
        if self.seated_count() < 2 {
            return rej("waiting", "X-D", "fewer than two players are at the table");
        }
        if player != self.dealer {
            return rej(
                "not-dealer",
                "II-B",
                "the player to the Goal-setter's right deals",
            );
        }
        if dealt {
            return rej(
                "already-dealt",
                "IX-D",
                "the Universe is complete; re-dealing is not allowed",
            );
        }
        if count == 0 {
            return rej("deal-nothing", "II-B", "deal at least one card");
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
        let (min, max) = EDITION.universe_size(self.config.division);
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

    fn after_setup(&mut self, ev: &mut Vec<Event>) {
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

    // ------------------------------------------------------------ variations

    fn selector(&self, pos: usize) -> usize {
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
    fn select(&mut self, player: usize, text: &str, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Variations {
            pos,
            picks,
            failures,
        } = self.phase
        else {
            return rej(
                "wrong-phase",
                "II-C",
                "variations are selected after the roll and the deal, before the Goal",
            );
        };
        if player != self.selector(pos) {
            return rej(
                "not-your-selection",
                "II-C-1",
                "selections go from the Goal-setter to the left",
            );
        }
        let v = Variation::parse(text)
            .map_err(|e| Rejection::new("bad-variation", "II-C-1-c", e.to_string()))?;
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
    fn recheck_own_picks(&mut self, player: usize) {
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

    fn end_selection(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Variations { pos, picks, .. } = self.phase else {
            return rej("wrong-phase", "II-C", "no variation selection is under way");
        };
        if player != self.selector(pos) {
            return rej(
                "not-your-selection",
                "II-C-1",
                "it is not this player's selection",
            );
        }
        let (need, _) = self.picks(player);
        if picks < need {
            return rej(
                "must-select",
                "II-C-3",
                format!("this player must select {need} variation(s)"),
            );
        }
        self.next_selector(ev);
        Ok(())
    }

    // ------------------------------------------------------------ Goal

    fn enter_goal_phase(&mut self, _ev: &mut Vec<Event>) {
        self.phase = Phase::Goal {
            bonus: None,
            revise: Vec::new(),
        };
        self.set_timer(self.goal_setter, Task::SetGoal, 120_000, true);
    }

    /// III-A, III-B: the Goal-setter places one to three digit cubes and says "Goal".
    fn set_goal(
        &mut self,
        player: usize,
        spec: &GoalSpec,
        unused_to_forbidden: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Goal { revise, .. } = self.phase.clone() else {
            return rej(
                "wrong-phase",
                "III-A",
                "the Goal is set after the variations are selected (OS-B5)",
            );
        };
        if player != self.goal_setter {
            return rej(
                "not-goal-setter",
                "III-A",
                "the player who rolled the cubes sets the Goal",
            );
        }
        let goal = spec
            .goal()
            .map_err(|e| Rejection::new("bad-goal", "III-B", e))?;
        // Match digits to digit cubes: those already in the Goal first (OS-B2).
        let mut free: Vec<u8> = revise.clone();
        free.extend(
            self.cubes
                .iter()
                .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
                .map(|c| c.id),
        );
        let mut used = Vec::new();
        for d in goal.digits() {
            let pos = free
                .iter()
                .position(|id| self.cubes[*id as usize].face == Symbol::Digit(d.digit));
            match pos {
                Some(i) => used.push(free.remove(i)),
                None => {
                    return rej(
                        "no-such-digit",
                        "III-A",
                        format!("no digit cube showing {} is in Resources", d.digit),
                    )
                }
            }
        }
        if let Some(id) = revise.iter().find(|id| !used.contains(id)) {
            return rej(
                "goal-cube-must-stay",
                "III-B-2",
                format!(
                    "digit cube {id} touched the Goal section and must be used in the Goal (OS-B2)"
                ),
            );
        }
        for id in &used {
            self.place(*id, Place::Goal);
        }
        if unused_to_forbidden {
            let rest: Vec<u8> = self
                .cubes
                .iter()
                .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
                .map(|c| c.id)
                .collect();
            for id in &rest {
                self.place(*id, Place::Forbidden);
            }
            if !rest.is_empty() {
                ev.push(Event::DigitCubesToForbidden {
                    player,
                    cubes: rest,
                });
            }
        }
        self.goal = Some(spec.clone());
        ev.push(Event::GoalSet {
            player,
            goal: goal.to_string(),
        });
        self.clear_timer(player, Task::SetGoal);
        let prev = self.last_mover;
        self.last_mover = Some(player);
        let turn = self.left(player);
        self.phase = Phase::Moves {
            turn,
            bonus: None,
            first: true,
        };
        // XI-A-1-d: two minutes for the first turn.
        self.set_timer(turn, Task::Move, 120_000, true);
        if goal.is_legal_layout() {
            // II-C-2: a legal Goal insulates illegal selections, whoever made them.
            let (sel, keep): (Vec<Pending>, Vec<Pending>) = self
                .pending
                .drain(..)
                .partition(|p| matches!(p.kind, IpKind::IllegalVariation { .. }));
            self.pending = keep;
            for p in sel {
                self.insulated(p, ev);
            }
            self.insulate(player, ev);
        } else {
            self.illegal(
                player,
                "III-B-1",
                IpKind::IllegalGoal { digits: used },
                prev,
                None,
                ev,
            );
        }
        Ok(())
    }

    /// III-D: "no Goal".
    fn declare_no_goal(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Goal { bonus, revise } = &self.phase else {
            return rej(
                "wrong-phase",
                "III-D",
                "\"no Goal\" is declared instead of setting the Goal",
            );
        };
        if player != self.goal_setter {
            return rej(
                "not-goal-setter",
                "III-D",
                "only the Goal-setter declares \"no Goal\"",
            );
        }
        if bonus.is_some() {
            return rej(
                "bonus-commits",
                "III-D-1",
                "after a bonus move the Goal-setter must set a Goal (III-D comment c)",
            );
        }
        if !revise.is_empty() {
            return rej(
                "goal-touched",
                "III-B-2",
                "a digit cube touched the Goal section; a Goal must be set",
            );
        }
        self.clear_timer(player, Task::SetGoal);
        self.phase = Phase::NoGoal { agreed: Vec::new() };
        ev.push(Event::NoGoalDeclared { player });
        for q in 0..self.n() {
            if q != player && self.is_seated(q) {
                // III-D: opponents have one minute to agree or disagree.
                self.set_timer(q, Task::SetGoal, 60_000, false);
            }
        }
        Ok(())
    }

    fn agree_no_goal(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::NoGoal { agreed } = &mut self.phase else {
            return rej(
                "wrong-phase",
                "III-D-1",
                "no \"no Goal\" declaration is pending",
            );
        };
        if player == self.goal_setter {
            return rej(
                "own-declaration",
                "III-D-1",
                "the opponents agree or disagree",
            );
        }
        if agreed.contains(&player) {
            return rej("already-agreed", "III-D-1", "this player already agreed");
        }
        agreed.push(player);
        self.clear_timer(player, Task::SetGoal);
        self.maybe_no_goal_void(ev);
        Ok(())
    }

    fn maybe_no_goal_void(&mut self, ev: &mut Vec<Event>) {
        if let Phase::NoGoal { agreed } = &self.phase {
            if agreed.len() + 1 == self.seated_count() {
                ev.push(Event::NoGoalAgreed);
                // III-D-1: void; the same player repeats as Goal-setter.
                self.finish_shake(None, "\"no Goal\" agreed (III-D-1)", true, ev);
            }
        }
    }

    // ------------------------------------------------------------ moves

    fn do_move(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        match self.phase.clone() {
            Phase::Goal { bonus: b, .. } => self.goal_bonus(player, id, to, bonus, b, ev),
            Phase::Moves {
                turn,
                bonus: b,
                first,
            } => self.turn_move(player, id, to, bonus, turn, b, first, ev),
            Phase::Writing(Writing {
                kind: WritingKind::Forceout { .. },
                ..
            }) => rej(
                "forceout",
                "VIII-A",
                "the last cube has been moved: all moves are over (OS-C5)",
            ),
            _ => rej(
                "wrong-phase",
                "IV-B",
                "cubes are moved after the Goal is set (bonus: before it)",
            ),
        }
    }

    /// III-C: the Goal-setter's bonus move before the Goal.
    fn goal_bonus(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        b: Option<u8>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if player != self.goal_setter {
            return rej(
                "not-your-turn",
                "III-C",
                "before the Goal only the Goal-setter may move (a bonus move)",
            );
        }
        if !bonus {
            return rej(
                "goal-first",
                "IV-A",
                "cubes are moved to the mat after the Goal is set; say \"Bonus\" for a bonus move",
            );
        }
        if b.is_some() {
            return rej("one-bonus", "III-C", "one bonus move before the Goal");
        }
        if to != Place::Forbidden {
            return rej(
                "bonus-to-forbidden",
                "III-C-1",
                "a bonus move goes to Forbidden",
            );
        }
        let c = self.check_cube(id, Place::Resources, "III-C-1")?;
        if c.family == Family::Digit {
            return rej(
                "bonus-digit",
                "III-C-1",
                "a bonus move moves a non-digit cube",
            );
        }
        let relation = c.face.is_relation() && self.restrictions();
        let leading = self.leading(player);
        self.place(id, Place::Forbidden);
        self.phase = Phase::Goal {
            bonus: Some(id),
            revise: Vec::new(),
        };
        ev.push(Event::BonusMove { player, cube: id });
        if relation || leading {
            let rule = if relation { "III-C-1" } else { "III-C-2" };
            self.illegal(
                player,
                rule,
                IpKind::GoalBonus {
                    cube: id,
                    leading: !relation && leading,
                },
                self.last_mover,
                None,
                ev,
            );
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn turn_move(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        turn: usize,
        b: Option<u8>,
        first: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if player != turn {
            return self.out_of_turn(player, id, to, bonus, Place::Resources, turn, ev);
        }
        if bonus && self.cube(id).is_some_and(|c| c.place == Place::Permitted) {
            return self.bonus_shift(player, id, to, turn, b, first, ev);
        }
        let c = self.check_cube(id, Place::Resources, "IV-B")?.clone();
        if matches!(to, Place::Resources | Place::Goal) {
            return rej(
                "bad-section",
                "IV-B",
                "a cube is moved to Required, Permitted or Forbidden",
            );
        }
        if c.family == Family::Digit {
            // OS-C1: not a turn; the digit cubes go to Forbidden.
            let ids: Vec<u8> = self
                .cubes
                .iter()
                .filter(|x| x.family == Family::Digit && x.place == Place::Resources)
                .map(|x| x.id)
                .collect();
            for i in &ids {
                self.place(*i, Place::Forbidden);
            }
            ev.push(Event::DigitCubesToForbidden { player, cubes: ids });
            return Ok(());
        }
        if bonus {
            if b.is_some() {
                return rej("one-bonus", "IV-C", "one bonus move per turn");
            }
            if to != Place::Forbidden {
                return rej(
                    "bonus-to-forbidden",
                    "IV-C-1",
                    "a bonus move goes to Forbidden (comment b)",
                );
            }
        }
        let res = self.resources_count();
        let relation = c.face.is_relation() && self.restrictions();
        let snap = self.move_timer(player);
        let prev = self.last_mover;
        if to == Place::Forbidden && res == 1 {
            // VIII-A: the last cube may not go to Forbidden. It stays there
            // until a challenge (set aside, no penalty) or a charge returns
            // it; the turn does not pass and the Mover's time runs on.
            self.place(id, Place::Forbidden);
            ev.push(Event::Moved {
                player,
                cube: id,
                to,
            });
            self.illegal(
                player,
                "VIII-A",
                IpKind::LastCubeToForbidden { cube: id },
                prev,
                snap,
                ev,
            );
            return Ok(());
        }
        if bonus {
            self.place(id, Place::Forbidden);
            self.last_mover = Some(player);
            self.phase = Phase::Moves {
                turn,
                bonus: Some(id),
                first,
            };
            ev.push(Event::BonusMove { player, cube: id });
            if relation && res > 4 {
                self.illegal(
                    player,
                    "IV-D",
                    IpKind::RelationToForbidden {
                        cube: id,
                        bonus: true,
                    },
                    prev,
                    snap,
                    ev,
                );
            } else if self.leading(player) {
                self.illegal(
                    player,
                    "IV-C-2",
                    IpKind::BonusWhileLeading {
                        cube: id,
                        second: None,
                    },
                    prev,
                    snap,
                    ev,
                );
            } else {
                self.insulate(player, ev);
            }
            return Ok(());
        }
        self.place(id, to);
        self.last_mover = Some(player);
        self.last_move = Some((player, id));
        ev.push(Event::Moved {
            player,
            cube: id,
            to,
        });
        self.note_second_cube(player, id, false);
        let ip = to == Place::Forbidden && relation && res > 4;
        if !ip {
            self.insulate(player, ev);
        }
        self.end_turn(player, ev);
        if ip {
            self.illegal(
                player,
                "IV-D",
                IpKind::RelationToForbidden {
                    cube: id,
                    bonus: false,
                },
                prev,
                snap,
                ev,
            );
        }
        Ok(())
    }

    /// After a regular move or shift: the forceout (VIII) or the next turn.
    fn end_turn(&mut self, player: usize, ev: &mut Vec<Event>) {
        self.clear_task(Task::Move);
        if self.resources_count() == 0 {
            self.forceout(player, ev);
            return;
        }
        let next = self.left(player);
        self.phase = Phase::Moves {
            turn: next,
            bonus: None,
            first: false,
        };
        // XI-A-1-e: one minute for other turns.
        self.set_timer(next, Task::Move, 60_000, true);
        ev.push(Event::TurnPassed { to: next });
    }

    /// XIII-A-7: Shift from Permitted.
    fn shift(&mut self, player: usize, id: u8, to: Place, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Moves { turn, .. } = self.phase else {
            if matches!(self.phase, Phase::Writing(_)) {
                return rej(
                    "forceout",
                    "XIII-A-7",
                    "once the last cube is moved no cube may be shifted (comment c, OS-C5)",
                );
            }
            return rej("wrong-phase", "XIII-A-7", "a shift is a move on your turn");
        };
        if player != turn {
            return self.out_of_turn(player, id, to, false, Place::Permitted, turn, ev);
        }
        let c = self.check_cube(id, Place::Permitted, "XIII-A-7")?.clone();
        if !matches!(to, Place::Required | Place::Forbidden) {
            return rej(
                "bad-section",
                "XIII-A-7",
                "a cube is shifted from Permitted to Required or Forbidden",
            );
        }
        if self.resources_count() <= 1 {
            return rej(
                "last-cube",
                "VIII-A",
                "with one cube in Resources, move it or challenge Impossible",
            );
        }
        let prev = self.last_mover;
        let snap = self.move_timer(player);
        self.place(id, to);
        self.last_mover = Some(player);
        self.note_second_cube(player, id, true);
        ev.push(Event::Shifted {
            player,
            cube: id,
            to,
        });
        let in_force = self.variation_in_force(&Variation::ShiftFromPermitted);
        let relation = c.face.is_relation() && self.restrictions() && to == Place::Forbidden;
        if in_force && !relation {
            self.insulate(player, ev);
        }
        self.end_turn(player, ev);
        if !in_force {
            self.illegal(
                player,
                "XIII-A-7",
                IpKind::ShiftNotInForce { cube: id },
                prev,
                snap.clone(),
                ev,
            );
        } else if relation {
            self.illegal(
                player,
                "XIII-B-7",
                IpKind::ShiftRelationToForbidden { cube: id },
                prev,
                snap,
                ev,
            );
        }
        Ok(())
    }

    // ------------------------------------------------------------ challenges

    fn set_aside(
        &mut self,
        p: usize,
        rule: &'static str,
        reason: &str,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        ev.push(Event::ChallengeSetAside {
            player: p,
            rule: rule.into(),
            reason: reason.into(),
        });
        self.penalize(p, rule, reason, ev);
        Ok(())
    }

    /// V: Now and Impossible, with every validity condition of V-A and V-B;
    /// III-D-2: the "no Goal" challenge.
    fn challenge(&mut self, player: usize, kind: ChallengeKind, ev: &mut Vec<Event>) -> R<()> {
        if self.block == Some(player) {
            // V-B: the holder states the challenge within the 15 seconds.
            self.block = None;
            self.block_until = None;
        }
        if let Some(p) = self.take_last_cube() {
            // VIII-A: "any challenge that is made is set aside (without penalty)".
            ev.push(Event::ChallengeSetAside {
                player,
                rule: "VIII-A".into(),
                reason: "the last cube was moved to Forbidden: the challenge is set aside without penalty and the cube returned".into(),
            });
            if let IpKind::LastCubeToForbidden { cube } = p.kind {
                self.return_last_cube(p.offender, cube, p.timer, ev);
            }
            return Ok(());
        }
        match self.phase.clone() {
            Phase::Setup { .. } | Phase::Variations { .. } | Phase::Goal { .. } => self.set_aside(
                player,
                "V-B",
                "challenge before the Goal was set (OS-A4)",
                ev,
            ),
            Phase::NoGoal { .. } => {
                if kind != ChallengeKind::NoGoal {
                    return self.set_aside(
                        player,
                        "V-B",
                        "no Goal was set; only the \"no Goal\" declaration can be challenged",
                        ev,
                    );
                }
                if player == self.goal_setter {
                    return self.set_aside(player, "V-B", "challenging your own declaration", ev);
                }
                self.timers.clear();
                ev.push(Event::Challenged {
                    player,
                    kind,
                    against: self.goal_setter,
                });
                let mut roles = vec![Role::May; self.n()];
                roles[player] = Role::Must;
                roles[self.goal_setter] = Role::MayNot;
                self.start_writing(
                    WritingKind::NoGoal {
                        challenger: player,
                        setter: self.goal_setter,
                    },
                    roles,
                    self.solution_minutes_ms(),
                );
                Ok(())
            }
            Phase::Moves { .. } => {
                let against = self.last_mover.unwrap_or(self.goal_setter);
                if kind == ChallengeKind::NoGoal {
                    return self.set_aside(
                        player,
                        "V-A",
                        "a Goal was set; the only challenges are Now and Impossible",
                        ev,
                    );
                }
                if player == against {
                    return self.set_aside(
                        player,
                        "V-B",
                        "challenging yourself: you were the last Mover",
                        ev,
                    );
                }
                if kind == ChallengeKind::Now {
                    let need = if self.two_solutions() { 3 } else { 2 };
                    if self.resources_count() < need {
                        let rule = if need == 3 { "XIII-D-14" } else { "V-A-2-a" };
                        return self.set_aside(
                            player,
                            rule,
                            &format!("Now with fewer than {need} cubes in Resources"),
                            ev,
                        );
                    }
                    if self.in_place(Place::Required).is_empty()
                        && self.in_place(Place::Permitted).is_empty()
                    {
                        return self.set_aside(
                            player,
                            "V-A-2-b",
                            "Now before any cube was played to Required or Permitted",
                            ev,
                        );
                    }
                }
                self.insulate(player, ev);
                self.pending.clear();
                self.timers.clear();
                ev.push(Event::Challenged {
                    player,
                    kind,
                    against,
                });
                let mut roles = vec![Role::May; self.n()];
                let kind2 = kind;
                if kind == ChallengeKind::Now {
                    roles[player] = Role::Must;
                    roles[against] = Role::MayNot;
                } else {
                    roles[player] = Role::MayNot;
                    roles[against] = Role::Must;
                }
                self.start_writing(
                    WritingKind::Challenge {
                        challenge: kind2,
                        challenger: player,
                        mover: against,
                    },
                    roles,
                    self.solution_minutes_ms(),
                );
                Ok(())
            }
            Phase::Writing(w) => match w.kind {
                WritingKind::Forceout {
                    mover,
                    window_until,
                } => {
                    if kind != ChallengeKind::Impossible {
                        return self.set_aside(
                            player,
                            "VIII-B",
                            "after the last cube only Impossible may be challenged",
                            ev,
                        );
                    }
                    if player == mover {
                        return self.set_aside(
                            player,
                            "V-B",
                            "challenging yourself: you moved the last cube",
                            ev,
                        );
                    }
                    if self.now_ms > window_until {
                        return self.set_aside(
                            player,
                            "VIII-B",
                            "Impossible after the first minute for writing Solutions",
                            ev,
                        );
                    }
                    self.pending.clear();
                    ev.push(Event::Challenged {
                        player,
                        kind,
                        against: mover,
                    });
                    // VIII-B: the rest of the original time for writing.
                    let mut writers = w.writers.clone();
                    for (q, wr) in writers.iter_mut().enumerate() {
                        wr.role = if q == player || !self.is_seated(q) {
                            Role::MayNot
                        } else if q == mover {
                            Role::Must
                        } else {
                            Role::May
                        };
                        if q == player {
                            wr.presented = None;
                        }
                    }
                    let start = self.window_start(window_until);
                    let rest = (start + self.solution_minutes_ms()).saturating_sub(self.now_ms);
                    self.timers.clear();
                    self.phase = Phase::Writing(Writing {
                        kind: WritingKind::Challenge {
                            challenge: ChallengeKind::Impossible,
                            challenger: player,
                            mover,
                        },
                        writers,
                    });
                    self.writing_timers(rest);
                    self.maybe_end_writing(ev);
                    Ok(())
                }
                WritingKind::EndOfRound => {
                    self.set_aside(player, "V-B", "challenge after \"stop\" (XI-B-2)", ev)
                }
                _ => rej(
                    "already-challenged",
                    "V-A",
                    "a challenge has already been made in this shake",
                ),
            },
            Phase::Checking(_) => rej("wrong-phase", "V-A", "Solutions are being checked"),
            Phase::Over => rej("match-over", "XII", "the match is over"),
        }
    }

    /// The start of the forceout's writing time, given the window's end.
    fn window_start(&self, window_until: u64) -> u64 {
        let window = if self.two_solutions() {
            120_000
        } else {
            60_000
        };
        window_until - window
    }

    /// VIII: the last cube was played to Required or Permitted.
    pub(crate) fn forceout(&mut self, mover: usize, ev: &mut Vec<Event>) {
        ev.push(Event::Forceout { mover });
        self.timers.clear();
        // XIII-D-14: two minutes to challenge Impossible with Two Solutions.
        let window = if self.two_solutions() {
            120_000
        } else {
            60_000
        };
        let roles = vec![Role::May; self.n()];
        self.start_writing(
            WritingKind::Forceout {
                mover,
                window_until: self.now_ms + window,
            },
            roles,
            self.solution_minutes_ms(),
        );
    }

    // ------------------------------------------------------------ Solutions

    fn start_writing(&mut self, kind: WritingKind, roles: Vec<Role>, ms: u64) {
        let seated: Vec<bool> = (0..self.n()).map(|q| self.is_seated(q)).collect();
        self.phase = Phase::Writing(Writing {
            kind,
            writers: roles
                .into_iter()
                .zip(seated)
                .map(|(role, s)| Writer {
                    role: if s { role } else { Role::MayNot },
                    presented: None,
                    declined: false,
                    lapsed: false,
                })
                .collect(),
        });
        self.writing_timers(ms);
    }

    fn writing_timers(&mut self, ms: u64) {
        if let Phase::Writing(w) = &self.phase {
            let list: Vec<(usize, bool)> = w
                .writers
                .iter()
                .enumerate()
                .filter(|(_, wr)| !wr.done())
                .map(|(q, wr)| {
                    let penal = wr.role == Role::Must
                        && matches!(
                            w.kind,
                            WritingKind::Challenge { .. } | WritingKind::NoGoal { .. }
                        );
                    (q, penal)
                })
                .collect();
            for (q, penal) in list {
                self.set_timer(q, Task::Write, ms, penal);
            }
        }
    }

    /// VII-C-2: presenting; no change afterwards.
    fn present(
        &mut self,
        player: usize,
        solution: String,
        goal: Option<GoalSpec>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Writing(w) = &mut self.phase else {
            return rej(
                "wrong-phase",
                "VII-A",
                "Solutions are presented after a challenge, a forceout or \"stop\"",
            );
        };
        let wr = &mut w.writers[player];
        if wr.role == Role::MayNot {
            return rej(
                "may-not-present",
                "VII-A",
                "this player may not present a Solution",
            );
        }
        if wr.presented.is_some() {
            return rej(
                "already-presented",
                "VII-C-2-a",
                "a presented Solution may not be changed",
            );
        }
        if wr.declined {
            return rej(
                "declined",
                "VII-C-1",
                "the decision not to present may not be retracted",
            );
        }
        if wr.lapsed {
            return rej("time-up", "XI-A", "the time for writing ran out");
        }
        wr.presented = Some(Presented {
            solution: solution.clone(),
            goal,
        });
        ev.push(Event::Presented { player, solution });
        self.clear_timer(player, Task::Write);
        self.maybe_end_writing(ev);
        Ok(())
    }

    fn decline(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Writing(w) = &mut self.phase else {
            return rej("wrong-phase", "VII-C-1", "no Solutions are being written");
        };
        let wr = &mut w.writers[player];
        if wr.role != Role::May {
            return rej(
                "must-or-may-not",
                "VII-A",
                "only a player who may present can decline",
            );
        }
        if wr.done() {
            return rej("already-decided", "VII-C-1", "this player already decided");
        }
        wr.declined = true;
        ev.push(Event::Declined { player });
        self.clear_timer(player, Task::Write);
        self.maybe_end_writing(ev);
        Ok(())
    }

    fn maybe_end_writing(&mut self, ev: &mut Vec<Event>) {
        let Phase::Writing(w) = &self.phase else {
            return;
        };
        if !w.writers.iter().all(Writer::done) {
            return;
        }
        let w = w.clone();
        self.clear_task(Task::Write);
        self.pending.clear();
        ev.push(Event::WritingOver);
        let queue: Vec<usize> = (0..self.n())
            .filter(|q| w.writers[*q].presented.is_some())
            .collect();
        let mut c = Checking {
            kind: w.kind,
            writers: w.writers,
            decisions: vec![vec![Decision::Pending; self.n()]; queue.len()],
            queue,
            current: 0,
            correct: vec![None; self.n()],
            attempts: Vec::new(),
        };
        for (k, &q) in c.queue.iter().enumerate() {
            c.decisions[k][q] = Decision::Accepted;
            for (a, d) in c.decisions[k].iter_mut().enumerate() {
                if !self.is_seated(a) {
                    // X-D: a player sitting out the shake does not check.
                    *d = Decision::Accepted;
                }
            }
        }
        if self.config.checking == CheckingMode::Judge {
            for k in 0..c.queue.len() {
                let q = c.queue[k];
                let (ok, reasons) = judge::rule(
                    self,
                    &c.kind,
                    c.writers[q].presented.as_ref().expect("queued"),
                );
                c.correct[q] = Some(ok);
                ev.push(Event::SolutionJudged {
                    writer: q,
                    correct: ok,
                    reasons,
                    solution: c.writers[q]
                        .presented
                        .as_ref()
                        .map(|p| p.solution.clone())
                        .unwrap_or_default(),
                });
            }
            c.current = c.queue.len();
            self.phase = Phase::Checking(c);
            self.score(ev);
        } else {
            self.phase = Phase::Checking(c);
            self.next_check(ev);
        }
    }

    /// Starts checking the current Solution, or scores when all are checked.
    fn next_check(&mut self, ev: &mut Vec<Event>) {
        let Phase::Checking(c) = &self.phase else {
            return;
        };
        if c.current >= c.queue.len() {
            self.score(ev);
            return;
        }
        let k = c.current;
        let pend: Vec<usize> = (0..self.n())
            .filter(|q| c.decisions[k][*q] == Decision::Pending)
            .collect();
        if pend.is_empty() {
            let q = c.queue[k];
            let mut c = c.clone();
            // VII-C-5-c: every checker is ready; the writer checks each
            // attempt at proving ambiguity (no time runs, comment e), and no
            // further objection is allowed.
            let attempts: Vec<(usize, usize, String)> =
                c.attempts.iter().filter(|a| a.0 == k).cloned().collect();
            c.attempts.retain(|a| a.0 != k);
            let presented = c.writers[q].presented.clone().expect("queued");
            for (_, checker, grouping) in attempts {
                let (upheld, reason) = judge::objection(
                    self,
                    &c.kind,
                    &presented,
                    &Objection::Ambiguous { grouping },
                );
                ev.push(Event::ObjectionRuled {
                    checker,
                    writer: q,
                    upheld,
                    reason,
                });
                c.decisions[k][checker] = Decision::Objected { upheld };
            }
            let upheld = c.decisions[k].contains(&Decision::Objected { upheld: true });
            c.correct[q] = Some(!upheld);
            c.current += 1;
            let reasons = if upheld {
                vec!["an objection was upheld (VII-C-4)".into()]
            } else {
                // VII-C-4: a Solution nobody successfully objected to stands
                // as correct. When the checker finds it incorrect, everyone
                // is told so (the score does not change).
                match judge::rule(self, &c.kind, &presented) {
                    (true, _) => Vec::new(),
                    (false, why) => vec![format!(
                        "the players accepted it, so it stands as correct (VII-C-4), but the checker finds it incorrect: {}",
                        why.join("; ")
                    )],
                }
            };
            ev.push(Event::SolutionJudged {
                writer: q,
                correct: !upheld,
                reasons,
                solution: presented.solution.clone(),
            });
            self.phase = Phase::Checking(c);
            self.clear_task(Task::Check);
            self.next_check(ev);
            return;
        }
        if !self.timers.iter().any(|t| t.task == Task::Check) {
            let ms = self.solution_minutes_ms();
            for q in pend {
                self.set_timer(q, Task::Check, ms, true);
            }
        }
    }

    /// VII-C-4, VII-C-5: accept or object to the Solution being checked.
    fn decide(
        &mut self,
        player: usize,
        writer: usize,
        objection: Option<Objection>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Checking(c) = &self.phase else {
            return rej("wrong-phase", "VII-C", "no Solution is being checked");
        };
        if self.config.checking == CheckingMode::Judge {
            return rej(
                "judge-mode",
                "VII-C-6",
                "in judge mode the engine rules on every Solution",
            );
        }
        if c.current >= c.queue.len() || c.queue[c.current] != writer {
            return rej(
                "not-being-checked",
                "VII-C-3",
                "check one Solution at a time: that one is not being checked now",
            );
        }
        if player == writer {
            return rej("own-solution", "VII-C-3", "opponents check a Solution");
        }
        let k = c.current;
        if c.decisions[k][player] != Decision::Pending {
            return rej(
                "already-decided",
                "VII-C-5-c",
                "each checker has one decision and one attempt at ambiguity (comments a, c)",
            );
        }
        let presented = c.writers[writer].presented.clone().expect("queued");
        let kind = c.kind.clone();
        let d = match objection {
            Some(Objection::Ambiguous { grouping }) => {
                // VII-C-5-c: checkers work separately; the attempt is checked
                // when every checker is ready (or has nothing to show).
                ev.push(Event::AmbiguityAttempt {
                    checker: player,
                    writer,
                    grouping: grouping.clone(),
                });
                if let Phase::Checking(c) = &mut self.phase {
                    c.attempts.push((k, player, grouping));
                }
                Decision::Attempted
            }
            None => {
                ev.push(Event::Accepted {
                    checker: player,
                    writer,
                });
                Decision::Accepted
            }
            Some(o) => {
                let (upheld, reason) = judge::objection(self, &kind, &presented, &o);
                ev.push(Event::ObjectionRuled {
                    checker: player,
                    writer,
                    upheld,
                    reason,
                });
                Decision::Objected { upheld }
            }
        };
        if let Phase::Checking(c) = &mut self.phase {
            c.decisions[k][player] = d;
        }
        self.clear_timer(player, Task::Check);
        self.next_check(ev);
        Ok(())
    }

    fn score(&mut self, ev: &mut Vec<Event>) {
        let Phase::Checking(c) = &self.phase else {
            return;
        };
        let seated: Vec<bool> = (0..self.n()).map(|q| self.is_seated(q)).collect();
        let points = scoring::score(&seated, c);
        self.finish_shake(Some(points), "", false, ev);
    }

    // ------------------------------------------------------------ shake and match end

    pub(crate) fn finish_shake(
        &mut self,
        points: Option<Vec<i32>>,
        note: &str,
        same_setter: bool,
        ev: &mut Vec<Event>,
    ) {
        let void = points.is_none();
        let points = points.unwrap_or_else(|| vec![0; self.n()]);
        let rec = ShakeRecord {
            shake: self.shake,
            goal_setter: self.goal_setter,
            points: points.clone(),
            penalties: self.penalties.clone(),
            void,
            note: note.into(),
        };
        if void {
            ev.push(Event::ShakeVoid {
                shake: self.shake,
                reason: note.into(),
            });
        } else {
            ev.push(Event::ShakeScored {
                shake: self.shake,
                scores: points
                    .iter()
                    .zip(&self.penalties)
                    .map(|(a, b)| a + b)
                    .collect(),
            });
        }
        self.history.push(rec);
        self.penalties = vec![0; self.n()];
        self.timers.clear();
        self.pending.clear();
        if self.round_up {
            self.end_match(ev);
            return;
        }
        if !same_setter {
            self.goal_setter = self.left(self.goal_setter);
        }
        self.start_shake(ev);
    }

    /// XII-A: match points from the final totals.
    fn end_match(&mut self, ev: &mut Vec<Event>) {
        let totals = self.totals();
        let n = self.n();
        // XII-A: a player who took part in no shake "Did Not Play" (0); the
        // others are placed among themselves (readings in docs/engine.md).
        let anyone = self.played.iter().any(|x| *x);
        let ranked: Vec<usize> = (0..n)
            .filter(|&p| !anyone || self.played.get(p).copied().unwrap_or(true))
            .collect();
        let mp: Vec<u32> = (0..n)
            .map(|p| {
                if !ranked.contains(&p) {
                    return 0;
                }
                let place = 1 + ranked.iter().filter(|&&q| totals[q] > totals[p]).count() as u32;
                let tied = ranked.iter().filter(|&&q| totals[q] == totals[p]).count() as u32;
                EDITION.match_points(n as u32, place, tied)
            })
            .collect();
        self.phase = Phase::Over;
        self.timers.clear();
        self.stop_at = None;
        self.match_points = Some(mp.clone());
        ev.push(Event::MatchOver {
            totals,
            match_points: mp,
        });
    }

    // ------------------------------------------------------------ time

    /// Runs the clock to `t`, applying every time limit (XI-A) and the
    /// round's end (XI-B) that falls due on the way, in time order.
    pub(crate) fn advance(&mut self, t: u64, ev: &mut Vec<Event>) {
        loop {
            if self.phase == Phase::Over {
                break;
            }
            let timer = self
                .timers
                .iter()
                .enumerate()
                .map(|(i, x)| (timer_fire(x), i))
                .min();
            let round = (!self.round_up).then_some(self.config.round_ms);
            let stop = self.stop_at;
            let block = self.block_until;
            let ret = self.return_choice.as_ref().map(|r| r.until_ms);
            let mut next: Option<(u64, u8, usize)> = None;
            for c in [
                round.map(|r| (r, 0u8, 0usize)),
                stop.map(|s| (s, 1, 0)),
                timer.map(|(f, i)| (f, 2, i)),
                block.map(|b| (b, 3, 0)),
                ret.map(|r| (r, 4, 0)),
            ]
            .into_iter()
            .flatten()
            {
                if next.is_none_or(|n| c.0 < n.0) {
                    next = Some(c);
                }
            }
            match next {
                Some((when, what, i)) if when <= t => {
                    self.now_ms = self.now_ms.max(when);
                    match what {
                        0 => self.round_time_up(ev),
                        1 => self.stop(ev),
                        3 => self.block_time_up(ev),
                        4 => {
                            // IX-A-1: no choice within ten seconds: the
                            // second cube goes back.
                            if let Some(rc) = self.return_choice.take() {
                                self.place(rc.cubes[1], Place::Resources);
                                ev.push(Event::CubeReturned {
                                    player: rc.player,
                                    cube: rc.cubes[1],
                                });
                            }
                        }
                        _ => self.expire(i, ev),
                    }
                }
                _ => break,
            }
        }
        self.now_ms = self.now_ms.max(t);
    }

    /// XI-B: no more shakes; the shake under way gets five more minutes
    /// unless it is past its challenge or forceout.
    fn round_time_up(&mut self, ev: &mut Vec<Event>) {
        self.round_up = true;
        ev.push(Event::RoundTimeUp);
        match self.phase {
            Phase::Setup {
                rolled: false,
                dealt: false,
            } if self.dealt.is_empty() => self.end_match(ev),
            Phase::Setup { .. }
            | Phase::Variations { .. }
            | Phase::Goal { .. }
            | Phase::NoGoal { .. }
            | Phase::Moves { .. } => {
                self.stop_at = Some(self.now_ms + 5 * 60_000);
            }
            _ => {}
        }
    }

    /// XI-B-2: "Stop": every player writes a Solution that may use any cube
    /// left in Resources.
    fn stop(&mut self, ev: &mut Vec<Event>) {
        self.stop_at = None;
        match self.phase {
            Phase::Moves { .. } => {
                ev.push(Event::Stop);
                if let Some(Pending {
                    kind: IpKind::LastCubeToForbidden { cube },
                    ..
                }) = self.take_last_cube()
                {
                    // XI-B-2: the Solutions may use any cube in Resources.
                    self.place(cube, Place::Resources);
                }
                self.timers.clear();
                self.pending.clear();
                let roles = vec![Role::May; self.n()];
                self.start_writing(WritingKind::EndOfRound, roles, self.solution_minutes_ms());
            }
            Phase::Setup { .. }
            | Phase::Variations { .. }
            | Phase::Goal { .. }
            | Phase::NoGoal { .. } => {
                ev.push(Event::Stop);
                self.finish_shake(None, "stopped before a Goal was set (XI-B-2)", false, ev);
            }
            _ => {}
        }
    }

    /// XI-A-1-f and the exception of XI-A-3: no countdown; the holder of
    /// the block who has not stated a valid challenge loses a point and the
    /// challenge is set aside (V-B).
    fn block_time_up(&mut self, ev: &mut Vec<Event>) {
        self.block_until = None;
        if let Some(p) = self.block.take() {
            let _ = self.set_aside(
                p,
                "XI-A-1-f",
                "no challenge stated within 15 seconds of picking up the block (V-B)",
                ev,
            );
        }
    }

    /// XI-A: −1 for a time limit (`second`: the additional minute) that ran out.
    fn time_penalty(&mut self, t: &Timer, second: bool, ev: &mut Vec<Event>) {
        let what = if second {
            "additional minute"
        } else {
            "time limit"
        };
        self.penalize(
            t.player,
            "XI-A",
            &format!("{what} for {:?} expired", t.task),
            ev,
        );
        ev.push(Event::TimeExpired {
            player: t.player,
            task: t.task,
            second,
        });
    }

    /// XI-A: the first expiry costs a point and gives one more minute; the
    /// second costs another point and the task is lost.
    fn expire(&mut self, i: usize, ev: &mut Vec<Event>) {
        let t = self.timers[i].clone();
        if t.penal && t.stage == 0 {
            self.time_penalty(&t, false, ev);
            let tm = &mut self.timers[i];
            tm.stage = 1;
            tm.due_ms = self.now_ms + 60_000;
            return;
        }
        self.timers.remove(i);
        if t.penal {
            self.time_penalty(&t, true, ev);
        }
        let p = t.player;
        match t.task {
            Task::Roll | Task::SetGoal if t.penal => {}
            Task::Roll => {}
            Task::SetGoal => {
                // III-D: silence within the minute is taken as agreement.
                if let Phase::NoGoal { agreed } = &mut self.phase {
                    if !agreed.contains(&p) {
                        agreed.push(p);
                    }
                    self.maybe_no_goal_void(ev);
                }
            }
            Task::Deal => {
                // OS-A2: the deal passes to the Goal-setter, who reshuffles.
                if let Phase::Setup { .. } = self.phase {
                    self.dealt.clear();
                    self.deck.clear();
                    self.dealer = self.goal_setter;
                    ev.push(Event::DealTransferred { to: self.dealer });
                    self.set_timer(self.dealer, Task::Deal, 60_000, true);
                }
            }
            Task::SelectVariation => {
                if let Phase::Variations { .. } = self.phase {
                    ev.push(Event::SelectionForfeited { player: p });
                    self.next_selector(ev);
                }
            }
            Task::Move => {
                if let Phase::Moves { turn, .. } = self.phase {
                    if turn == p {
                        // VIII-A: a last cube left in Forbidden goes back as
                        // the turn is lost.
                        if let Some(Pending {
                            kind: IpKind::LastCubeToForbidden { cube },
                            offender,
                            ..
                        }) = self.take_last_cube()
                        {
                            self.place(cube, Place::Resources);
                            ev.push(Event::LastCubeReturned {
                                player: offender,
                                cube,
                            });
                        }
                        self.end_turn_lost(p, ev);
                    }
                }
            }
            Task::Write => {
                if let Phase::Writing(w) = &mut self.phase {
                    w.writers[p].lapsed = true;
                }
                self.maybe_end_writing(ev);
            }
            Task::Check => {
                if let Phase::Checking(c) = &mut self.phase {
                    let k = c.current;
                    if k < c.decisions.len() && c.decisions[k][p] == Decision::Pending {
                        c.decisions[k][p] = Decision::Lapsed;
                    }
                }
                if !self.timers.iter().any(|x| x.task == Task::Check) {
                    self.next_check(ev);
                }
            }
        }
    }

    fn end_turn_lost(&mut self, p: usize, ev: &mut Vec<Event>) {
        let next = self.left(p);
        self.phase = Phase::Moves {
            turn: next,
            bonus: None,
            first: false,
        };
        self.set_timer(next, Task::Move, 60_000, true);
        ev.push(Event::TurnPassed { to: next });
    }
}

pub(crate) fn card_name(mask: u8) -> String {
    Card::from_mask(mask)
        .map(|c| c.to_string())
        .unwrap_or_default()
}

/// The Goal a writer's Solution is judged against.
pub(crate) fn goal_of(m: &Match) -> Option<Goal> {
    m.goal.as_ref().and_then(|g| g.goal().ok())
}

/// The situation Solutions are judged in after `kind` (VII-A, VIII, XI-B-2,
/// III-D-2): Now after a Now challenge; Impossible after an Impossible or a
/// "no Goal" challenge; forceout; end of round.
pub fn situation_of(kind: &WritingKind) -> Situation {
    match kind {
        WritingKind::Challenge {
            challenge: ChallengeKind::Now,
            ..
        } => Situation::Now,
        WritingKind::Challenge { .. } | WritingKind::NoGoal { .. } => Situation::Impossible,
        WritingKind::Forceout { .. } => Situation::Forceout,
        WritingKind::EndOfRound => Situation::EndOfRound,
    }
}
