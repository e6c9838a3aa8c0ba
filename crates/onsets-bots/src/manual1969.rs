//! A bot for the 1969 game (M69 §§2–3) and bot-only 1969 games (`onsets
//! simulate --edition 1969`).
//!
//! The bot plays by the C-A-P claims (rule 3.5), asking the exact questions
//! of [`Claims`]:
//!
//! * **Goal** (3.1): the first Goal, in the order of
//!   `onsets_solver::analysis::goal_layouts`, after which no Solution can be
//!   built with one more cube but one can be built (it keeps the A- and
//!   P-claims); failing that one with a Solution; failing that "No Goal".
//! * **Challenges** (3.5, 3.6): against the last play, a P-claim when no
//!   Solution can be built; an A-claim when one can with at most one more
//!   cube and the bot finds an alternative play that keeps both claims; a
//!   C-claim stemming from A when the play before was such an A violation;
//!   against "No Goal", a No-Goal challenge when some Goal has a Solution.
//!   It challenges only what it can prove, so its challenges are never lost.
//! * **Moves** (3.2): the first move that keeps the A- and P-claims; if
//!   none does, one that keeps P (then no alternative exists, so allowing a
//!   Solution with one more cube is no violation: 3.5 comment 2); with
//!   Resources empty, or nothing better, the assertion of 3.10 A when a
//!   Solution with one more cube exists. No bonus moves.
//! * **Joining** (3.9 A): the side whose claim it can prove, and it writes
//!   that proof; **writing**: the witness the solver gives, or "decline".

use onsets_engine::manual1969::{
    Act1969, Action1969, Allowance, Alternative, Claim, Claims, DefaultClaims, Game, Header1969,
    Pen, Phase1969, Settings1969, Side,
};
use onsets_engine::{Family, Place};
use onsets_solver::analysis::goal_layouts;

/// The 1969 bot of one seat. A careful bot plays as the module says; a
/// careless one (`careless: Some(seed)`) makes every third Goal or move at
/// random, drawn from a hash of the seed and the mat (deterministic), so its
/// opponents have Flubs to challenge. Both challenge, join and write alike.
#[derive(Clone, Debug)]
pub struct Bot1969 {
    pub seat: usize,
    pub careless: Option<u64>,
}

/// How far back a bot looks for the play that began a chain of Flubs
/// (C-claims, 3.5 comment 3).
const CHAIN_LOOKBACK: usize = 2;

impl Bot1969 {
    pub fn new(seat: usize) -> Self {
        Bot1969 {
            seat,
            careless: None,
        }
    }

    pub fn careless(seat: usize, seed: u64) -> Self {
        Bot1969 {
            seat,
            careless: Some(seed),
        }
    }

    /// A careless bot's draw for this decision: `Some(k)` (pick the k-th
    /// option at random) one time in three.
    fn slip(&self, g: &Game) -> Option<u64> {
        let seed = self.careless?;
        let mut h: u64 = seed ^ 0x9E37_79B9_7F4A_7C15;
        for x in [
            g.play() as u64,
            g.plays().len() as u64,
            self.seat as u64,
            g.universe().bits() as u64,
            g.header().config.seed,
        ] {
            h = (h ^ x).wrapping_mul(0x0100_0000_01B3).rotate_left(17);
        }
        (h % 3 == 0).then_some(h / 3)
    }

    /// What this seat does now, if anything.
    pub fn decide(&self, g: &Game, claims: &mut dyn Claims) -> Option<Act1969> {
        let me = self.seat;
        match g.phase() {
            Phase1969::Deal if g.dealer() == me => Some(Act1969::Deal {
                player: me,
                count: 6 + ((g.play() as usize * 3 + me) % 5) as u8,
            }),
            Phase1969::Roll if g.shaker() == me => Some(Act1969::Roll { player: me }),
            Phase1969::Goal { .. } if g.shaker() == me => Some(self.goal(g, claims)),
            Phase1969::NoGoal { accepted } if g.shaker() != me && !accepted.contains(&me) => {
                let w = g.position();
                Some(
                    if claims
                        .goal_with_solution(&w, &g.digits_in_resources())
                        .is_some()
                    {
                        Act1969::Challenge {
                            player: me,
                            claim: Claim::NoGoal,
                        }
                    } else {
                        Act1969::AcceptNoGoal { player: me }
                    },
                )
            }
            Phase1969::Moves { turn, bonus } => {
                if bonus.is_none() && g.last_mover() != Some(me) {
                    if let Some(claim) = self.flub_to_challenge(g, claims) {
                        return Some(Act1969::Challenge { player: me, claim });
                    }
                }
                (*turn == me).then(|| self.turn(g, claims))
            }
            Phase1969::Challenge {
                claim, sides, pens, ..
            } => {
                if sides.iter().any(|s| s.is_none()) {
                    return sides[me].is_none().then(|| Act1969::Join {
                        player: me,
                        side: self.side(g, *claim, claims),
                    });
                }
                (pens[me] == Pen::Due).then(|| self.proof(g, Some(*claim), claims))
            }
            Phase1969::Assertion { pens, .. } => {
                (pens[me] == Pen::Due).then(|| self.proof(g, None, claims))
            }
            _ => None,
        }
    }

    fn goal(&self, g: &Game, claims: &mut dyn Claims) -> Act1969 {
        let me = self.seat;
        if let Some(k) = self.slip(g) {
            let all = goal_layouts(&g.digits_in_resources());
            if !all.is_empty() {
                return Act1969::SetGoal {
                    player: me,
                    goal: all[(k % all.len() as u64) as usize].to_string(),
                };
            }
        }
        let mut fallback = None;
        let mut seen: Vec<Vec<i64>> = Vec::new();
        for goal in goal_layouts(&g.digits_in_resources()) {
            let values = goal.legal_values(false);
            if values.is_empty() || seen.contains(&values) {
                continue;
            }
            seen.push(values);
            let Ok(y) = g.position_with_goal(&goal.to_string()) else {
                continue;
            };
            if !claims.possible(&y) {
                continue;
            }
            if !claims.within_one(&y) {
                return Act1969::SetGoal {
                    player: me,
                    goal: goal.to_string(),
                };
            }
            fallback.get_or_insert(goal.to_string());
        }
        match fallback {
            Some(goal) => Act1969::SetGoal { player: me, goal },
            None => Act1969::DeclareNoGoal { player: me },
        }
    }

    /// The Flub of the last play this bot can prove, if any (3.5).
    fn flub_to_challenge(&self, g: &Game, claims: &mut dyn Claims) -> Option<Claim> {
        let x = g.position();
        if !claims.possible(&x) {
            return Some(Claim::P);
        }
        if !claims.within_one(&x) {
            return None;
        }
        let last = g.plays().len().checked_sub(1)?;
        if alternative(g, last, claims).is_some() {
            return Some(Claim::A);
        }
        chain_head(g, claims).map(|_| Claim::CFromA)
    }

    fn turn(&self, g: &Game, claims: &mut dyn Claims) -> Act1969 {
        let me = self.seat;
        if let Some(k) = self.slip(g) {
            let all = moves(g);
            if !all.is_empty() {
                let (cube, to) = all[(k % all.len() as u64) as usize];
                return Act1969::Move {
                    player: me,
                    cube,
                    to,
                    bonus: false,
                };
            }
        }
        let mut keeps_p = None;
        for (cube, to) in moves(g) {
            let y = g.alternative_position_now(cube, to);
            if !claims.possible(&y) {
                continue;
            }
            if !claims.within_one(&y) {
                return Act1969::Move {
                    player: me,
                    cube,
                    to,
                    bonus: false,
                };
            }
            keeps_p.get_or_insert((cube, to));
        }
        let x = g.position();
        if claims.within_one(&x) {
            return Act1969::Assert { player: me };
        }
        match keeps_p.or_else(|| moves(g).into_iter().next()) {
            Some((cube, to)) => Act1969::Move {
                player: me,
                cube,
                to,
                bonus: false,
            },
            // Resources empty, and no Solution: the last play broke the
            // P-claim (caught above); nothing else is legal.
            None => Act1969::Challenge {
                player: me,
                claim: Claim::P,
            },
        }
    }

    fn side(&self, g: &Game, claim: Claim, claims: &mut dyn Claims) -> Side {
        let provable = match claim {
            Claim::NoGoal => claims
                .goal_with_solution(&g.position(), &g.digits_in_resources())
                .is_some(),
            Claim::P | Claim::CFromP => claims.possible(&g.position()),
            Claim::A => {
                claims.within_one(&g.position())
                    && g.plays()
                        .len()
                        .checked_sub(1)
                        .and_then(|k| alternative(g, k, claims))
                        .is_some()
            }
            Claim::CFromA => claims.within_one(&g.position()) && chain_head(g, claims).is_some(),
        };
        match (claim.burden(), provable) {
            (b, true) => b,
            (Side::Challenger, false) => Side::Mover,
            (Side::Mover, false) => Side::Challenger,
        }
    }

    /// The proof this seat writes: a Solution (with the Goal after a No-Goal
    /// challenge, with the alternative after an A- or C-from-A claim), or
    /// "decline".
    fn proof(&self, g: &Game, claim: Option<Claim>, claims: &mut dyn Claims) -> Act1969 {
        let me = self.seat;
        let decline = Act1969::Decline { player: me };
        let write = |solution: String, goal: Option<String>, alternative: Option<Alternative>| {
            Act1969::Write {
                player: me,
                solution,
                goal,
                alternative,
            }
        };
        match claim {
            Some(Claim::NoGoal) => {
                match claims.goal_with_solution(&g.position(), &g.digits_in_resources()) {
                    Some((goal, s)) => write(s, Some(goal.to_string()), None),
                    None => decline,
                }
            }
            Some(Claim::A) => {
                let Some(s) = claims.solution(&g.position(), Allowance::AtMostOne) else {
                    return decline;
                };
                let last = g.plays().len().saturating_sub(1);
                match alternative(g, last, claims) {
                    Some(alt) => write(s, None, Some(alt)),
                    None => decline,
                }
            }
            Some(Claim::CFromA) => {
                let Some(s) = claims.solution(&g.position(), Allowance::AtMostOne) else {
                    return decline;
                };
                match chain_head(g, claims) {
                    Some(alt) => write(s, None, Some(alt)),
                    None => decline,
                }
            }
            Some(c @ (Claim::P | Claim::CFromP)) => {
                match claims.solution(&g.position(), c.allowance()) {
                    Some(s) => write(s, None, None),
                    None => decline,
                }
            }
            None => match claims.solution(&g.position(), Allowance::AtMostOne) {
                Some(s) => write(s, None, None),
                None => decline,
            },
        }
    }
}

/// Every regular move from Resources now (3.2), Forbidden first.
fn moves(g: &Game) -> Vec<(u8, Place)> {
    let mut out = Vec::new();
    for to in [Place::Forbidden, Place::Permitted, Place::Required] {
        for c in g.cubes() {
            if c.place == Place::Resources && c.family != Family::Digit {
                out.push((c.id, to));
            }
        }
    }
    out
}

/// An alternative to play `k` that keeps the A- and P-claims (3.7 comment
/// 3), when the play itself allowed a Solution with one more cube.
fn alternative(g: &Game, k: usize, claims: &mut dyn Claims) -> Option<Alternative> {
    let after = g.position_after(k)?;
    if !claims.within_one(&after) {
        return None;
    }
    let record = &g.plays()[k];
    if record.goal_play {
        let digits: Vec<u8> = g
            .cubes()
            .iter()
            .zip(&record.before)
            .filter(|(c, at)| c.family == Family::Digit && **at == Place::Resources)
            .filter_map(|(c, _)| match c.face {
                onsets_core::Symbol::Digit(d) => Some(d),
                _ => None,
            })
            .collect();
        let mut seen: Vec<Vec<i64>> = Vec::new();
        for goal in goal_layouts(&digits) {
            let values = goal.legal_values(false);
            if values.is_empty() || seen.contains(&values) {
                continue;
            }
            seen.push(values);
            let alt = Alternative {
                play: Some(k),
                goal: Some(goal.to_string()),
                ..Alternative::default()
            };
            if let Ok(y) = g.alternative_position(k, &alt) {
                if claims.safe(&y) {
                    return Some(alt);
                }
            }
        }
        return None;
    }
    for to in [Place::Forbidden, Place::Permitted, Place::Required] {
        for (c, at) in g.cubes().iter().zip(&record.before) {
            if *at != Place::Resources || c.family == Family::Digit {
                continue;
            }
            let alt = Alternative {
                play: Some(k),
                cube: Some(c.id),
                to: Some(to),
                ..Alternative::default()
            };
            if let Ok(y) = g.alternative_position(k, &alt) {
                if claims.safe(&y) {
                    return Some(alt);
                }
            }
        }
    }
    None
}

/// The play that began a chain of Flubs stemming from an A violation, with
/// its alternative: a play before the last one, within
/// [`CHAIN_LOOKBACK`], that was itself an A violation (3.5 comment 3, Q22).
fn chain_head(g: &Game, claims: &mut dyn Claims) -> Option<Alternative> {
    let last = g.plays().len().checked_sub(1)?;
    (last.saturating_sub(CHAIN_LOOKBACK)..last)
        .rev()
        .find_map(|k| alternative(g, k, claims))
}

/// Extension used by the bot: the mat after a move made now.
trait Now {
    fn alternative_position_now(&self, cube: u8, to: Place) -> onsets_core::Position;
}

impl Now for Game {
    fn alternative_position_now(&self, cube: u8, to: Place) -> onsets_core::Position {
        let mut places: Vec<Place> = self.cubes().iter().map(|c| c.place).collect();
        places[cube as usize] = to;
        self.position_at(&places, self.goal())
    }
}

/// Who acts next in a bot-only 1969 game: the seats in order from the one
/// the game waits for (the player on turn asks first whether to challenge),
/// the first that has something to do.
pub fn next_act(g: &Game, bots: &[Bot1969], claims: &mut dyn Claims) -> Option<Act1969> {
    let n = g.n();
    let first = match g.phase() {
        Phase1969::Moves { turn, .. } => *turn,
        _ => (0..n).find(|&p| g.awaits(p)).unwrap_or(0),
    };
    (0..n)
        .map(|i| (first + i) % n)
        .find_map(|p| bots[p].decide(g, claims))
}

/// What a bot-only 1969 simulation found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats1969 {
    pub games: u64,
    pub plays: u64,
    pub actions: u64,
    /// Challenges by kind: No-Goal, A, P, C from A, C from P.
    pub challenges: [u64; 5],
    /// Challenges the Challenger won (3.8: the burden sustained when it was
    /// the Challenger's, not sustained when it was the Mover's).
    pub challenger_won: u64,
    pub assertions: u64,
    pub no_goals: u64,
    /// Summed points per seat.
    pub totals: Vec<i64>,
    /// Games that stopped with nobody able to act (must be 0).
    pub stuck: u64,
}

/// Plays `games` bot-only 1969 games in `form`, one seat per entry of
/// `careful` (true: a careful bot, false: a careless one), each game of one
/// play per player; game `i` uses seed `seed + i`. Logs are returned when
/// `keep_logs`.
pub fn simulate_1969(
    form: onsets_core::Form1969,
    careful: &[bool],
    games: u64,
    seed: u64,
    keep_logs: bool,
) -> Result<(Stats1969, Vec<Vec<String>>), String> {
    let players = careful.len();
    let mut stats = Stats1969 {
        totals: vec![0; players],
        ..Stats1969::default()
    };
    let mut logs = Vec::new();
    let mut claims = DefaultClaims::new();
    let names: Vec<String> = (0..players).map(|i| format!("Bot{}", i + 1)).collect();
    for i in 0..games {
        let header = Header1969::new(seed.wrapping_add(i), &names, form, Settings1969::default());
        let (mut g, _) = Game::new(header).map_err(|e| e.to_string())?;
        let bots: Vec<Bot1969> = (0..players)
            .map(|p| {
                if careful[p] {
                    Bot1969::new(p)
                } else {
                    Bot1969::careless(p, seed.wrapping_add(i))
                }
            })
            .collect();
        let mut t = 0;
        // A play has at most one act per cube and per player and seat; this
        // bound only stops a broken game.
        let limit = 200 * players as u64 * g.plays_in_game() as u64;
        let mut steps = 0;
        while !g.is_over() {
            steps += 1;
            let Some(act) = next_act(&g, &bots, &mut claims) else {
                stats.stuck += 1;
                break;
            };
            if steps > limit {
                stats.stuck += 1;
                break;
            }
            t += 1000;
            let (next, events) = g
                .apply_with(Action1969 { at_ms: t, act }, &mut claims)
                .map_err(|e| format!("game {i}: the bot's act was refused: {e}"))?;
            for e in &events {
                use onsets_engine::manual1969::Event1969 as E;
                match e {
                    E::Challenged { claim, .. } => {
                        stats.challenges[Claim::ALL.iter().position(|c| c == claim).unwrap_or(0)] +=
                            1
                    }
                    E::Asserted { .. } => stats.assertions += 1,
                    E::NoGoalDeclared { .. } => stats.no_goals += 1,
                    E::PlayScored { .. } => stats.plays += 1,
                    _ => {}
                }
            }
            stats.actions += 1;
            g = next;
        }
        for line in g.history() {
            if line.note.contains("burden on the Challenger, sustained")
                || line.note.contains("burden on the Mover, not sustained")
            {
                stats.challenger_won += 1;
            }
        }
        for (p, v) in g.totals().iter().enumerate() {
            stats.totals[p] += *v as i64;
        }
        stats.games += 1;
        if keep_logs {
            logs.push(g.log_lines());
        }
    }
    Ok((stats, logs))
}
