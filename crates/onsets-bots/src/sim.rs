//! Bot-only matches driven through the engine, with statistics
//! (`onsets simulate`).
//!
//! The match is scheduled by the bots' [`Driver`] at their own pace: the
//! bots whose view changed think, and the match clock jumps to the next step
//! ([`Driver::due`]): the decision due first (the time it was asked plus its
//! think time) is applied, unless a time limit falls due before it, in which
//! case the clock is run to that limit. Ties go to the bot, and among bots
//! to the lower seat. Everything is deterministic for a seed except the
//! measured wall-clock decision times ([`Stats::decision_ms`]).
//!
//! Matches are independent (match `k` is played from `mix(seed, k)`), so they
//! are played on every core (rayon) in batches and their statistics added up
//! in match order; the match that reaches the shake count is played again,
//! cut short there, exactly as one core would. The statistics are the same
//! for any number of threads.

use crate::{Bot, Driver, Level, Pace, Step};
use onsets_core::{Division, Goal};
use onsets_engine::{
    Act, Action, ChallengeKind, CheckingMode, Event, Header, Match, MatchConfig, Phase, FORMAT,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// One level per seat (two or three); the seating rotates every match.
    pub levels: Vec<Level>,
    pub division: Division,
    pub adventurous: bool,
    /// The rule edition (docs/editions.md; default 2026-27).
    pub edition: onsets_core::Edition,
    /// Shakes to play in all (scored or void); the match under way when the
    /// count is reached is cut short and not counted as a match.
    pub shakes: u64,
    pub seed: u64,
    pub checking: CheckingMode,
    /// The round's length (XI-B: 30 minutes).
    pub round_ms: u64,
    /// Keep each match's log in [`Stats::logs`] (`onsets simulate --log-dir`).
    pub keep_logs: bool,
}

impl SimConfig {
    pub fn new(levels: Vec<Level>, division: Division, shakes: u64, seed: u64) -> Self {
        SimConfig {
            levels,
            division,
            adventurous: true,
            edition: onsets_core::Edition::default(),
            shakes,
            seed,
            checking: CheckingMode::Players,
            round_ms: 30 * 60_000,
            keep_logs: false,
        }
    }
}

/// Per level (seats of the same level are added together).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelStats {
    /// Completed matches played (one per seat of this level).
    pub matches: u64,
    /// Matches finished strictly ahead of everyone.
    pub wins: u64,
    /// Match points (XII) in all.
    pub match_points: u64,
    pub mean_match_points: f64,
    /// Shakes played (scored or void) and points in them, penalties included.
    pub shakes: u64,
    pub score: i64,
    pub mean_score_per_shake: f64,
    /// Penalty points (negative).
    pub penalties: i64,
    /// Challenges made (Now, Impossible, "no Goal") and those that scored 6.
    pub challenges: u64,
    pub challenges_won: u64,
    /// Decisions applied and their mean think time on the match clock (s).
    pub decisions: u64,
    pub mean_think_s: f64,
    #[serde(skip)]
    think_ms: u64,
}

/// Wall-clock time of fresh decisions (not deterministic).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Timing {
    pub count: u64,
    pub median_ms: f64,
    pub p90_ms: f64,
    pub max_ms: f64,
    pub total_s: f64,
}

/// The statistics of a simulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    pub players: Vec<String>,
    pub division: String,
    pub seed: u64,
    pub shakes: u64,
    pub matches: u64,
    pub levels: BTreeMap<String, LevelStats>,
    /// How shakes ended: now, impossible, no_goal (a "no Goal" challenge),
    /// forceout, end_of_round, void.
    pub endings: BTreeMap<String, u64>,
    /// Goal values set (the value of the layout as set).
    pub goal_values: BTreeMap<i64, u64>,
    /// Actions the engine refused (must be 0) and the first few of them.
    pub rejections: u64,
    pub rejection_examples: Vec<String>,
    /// Bot decisions replaced by a legal fallback (should be 0).
    pub fallbacks: u64,
    /// Not deterministic: wall-clock time of each level's fresh decisions.
    pub decision_ms: BTreeMap<String, Timing>,
    /// With [`SimConfig::keep_logs`]: each match's log (JSON lines,
    /// docs/engine.md), in order; the last may be cut short.
    #[serde(skip)]
    pub logs: Vec<String>,
}

impl Stats {
    /// The statistics without the wall-clock timings (the part that is the
    /// same for the same seed).
    pub fn deterministic(&self) -> Stats {
        Stats {
            decision_ms: BTreeMap::new(),
            ..self.clone()
        }
    }
}

/// A stream of seeds from one (SplitMix64).
fn mix(seed: u64, k: u64) -> u64 {
    let mut z = seed
        .wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Acc {
    stats: Stats,
    samples: BTreeMap<String, Vec<f64>>,
}

/// Runs the simulation; `progress` is called with the number of shakes
/// played after each shake.
pub fn simulate(cfg: &SimConfig, progress: &mut dyn FnMut(u64)) -> Result<Stats, String> {
    let n = cfg.levels.len();
    if !(2..=3).contains(&n) {
        return Err("a match has two or three players".into());
    }
    let mut acc = Acc {
        stats: Stats {
            players: cfg.levels.iter().map(|l| l.to_string()).collect(),
            division: cfg.division.to_string(),
            seed: cfg.seed,
            ..Stats::default()
        },
        samples: BTreeMap::new(),
    };
    for l in &cfg.levels {
        acc.stats.levels.entry(l.to_string()).or_default();
    }
    // Matches played together: as many as the shakes left surely need (at
    // most `longest` shakes a match, the most seen so far), so that the
    // threads share out a long batch with little idle time at its end, and
    // little is played past the last shake; at least a few per thread.
    let least = 4 * rayon::current_num_threads().max(1) as u64;
    let mut longest = 16u64;
    let mut k = 0u64;
    while acc.stats.shakes < cfg.shakes {
        let remaining = cfg.shakes - acc.stats.shakes;
        let batch = least.max(remaining / longest);
        let results: Vec<Result<Acc, String>> = {
            use rayon::prelude::*;
            (k..k + batch)
                .into_par_iter()
                .map(|j| one_match(cfg, j, remaining))
                .collect()
        };
        for (j, r) in (k..).zip(results) {
            if let Ok(one) = &r {
                longest = longest.max(one.stats.shakes);
            }
            let left = cfg.shakes - acc.stats.shakes;
            // a match cut short by an earlier end is played again, cut there
            let one = match r {
                Ok(one) if one.stats.shakes < left => one,
                _ => one_match(cfg, j, left)?,
            };
            add(&mut acc, one);
            progress(acc.stats.shakes);
            if acc.stats.shakes >= cfg.shakes {
                break;
            }
        }
        k += batch;
    }
    let s = &mut acc.stats;
    for l in s.levels.values_mut() {
        if l.matches > 0 {
            l.mean_match_points = l.match_points as f64 / l.matches as f64;
        }
        if l.shakes > 0 {
            l.mean_score_per_shake = l.score as f64 / l.shakes as f64;
        }
        if l.decisions > 0 {
            l.mean_think_s = l.think_ms as f64 / l.decisions as f64 / 1000.0;
        }
    }
    for (name, mut v) in acc.samples {
        v.sort_by(|a, b| a.total_cmp(b));
        let q = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
        s.decision_ms.insert(
            name,
            Timing {
                count: v.len() as u64,
                median_ms: q(0.5),
                p90_ms: q(0.9),
                max_ms: q(1.0),
                total_s: v.iter().sum::<f64>() / 1000.0,
            },
        );
    }
    Ok(acc.stats)
}

/// Match `k` of the simulation on its own, stopped after `limit` shakes.
fn one_match(cfg: &SimConfig, k: u64, limit: u64) -> Result<Acc, String> {
    let n = cfg.levels.len();
    let seating: Vec<Level> = (0..n).map(|i| cfg.levels[(i + k as usize) % n]).collect();
    let mut acc = Acc {
        stats: Stats::default(),
        samples: BTreeMap::new(),
    };
    play_match(cfg, &seating, mix(cfg.seed, k), &mut acc, limit)?;
    Ok(acc)
}

/// Adds the statistics of one match (played after those in `into`).
fn add(into: &mut Acc, one: Acc) {
    let (a, b) = (&mut into.stats, one.stats);
    a.shakes += b.shakes;
    a.matches += b.matches;
    for (name, l) in b.levels {
        let t = a.levels.entry(name).or_default();
        t.matches += l.matches;
        t.wins += l.wins;
        t.match_points += l.match_points;
        t.shakes += l.shakes;
        t.score += l.score;
        t.penalties += l.penalties;
        t.challenges += l.challenges;
        t.challenges_won += l.challenges_won;
        t.decisions += l.decisions;
        t.think_ms += l.think_ms;
    }
    for (e, c) in b.endings {
        *a.endings.entry(e).or_default() += c;
    }
    for (v, c) in b.goal_values {
        *a.goal_values.entry(v).or_default() += c;
    }
    a.rejections += b.rejections;
    a.rejection_examples.extend(b.rejection_examples);
    a.rejection_examples.truncate(5);
    a.fallbacks += b.fallbacks;
    a.logs.extend(b.logs);
    for (name, v) in one.samples {
        into.samples.entry(name).or_default().extend(v);
    }
}

/// How the shake being played ends, for the statistics.
#[derive(Default)]
struct Tally {
    ending: Option<&'static str>,
    challenger: Option<usize>,
}

impl Tally {
    /// Records one event of the match `m` (after it); `true` when the
    /// shakes asked for have been played.
    fn record(
        &mut self,
        e: &Event,
        m: &Match,
        seating: &[Level],
        acc: &mut Acc,
        limit: u64,
    ) -> bool {
        let lname = |i: usize| seating[i].to_string();
        match e {
            Event::GoalSet { goal, .. } => {
                let abs = m.variation_in_force(&onsets_core::Variation::AbsoluteValue);
                let v = Goal::parse(goal)
                    .ok()
                    .and_then(|g| g.legal_values(abs).into_iter().max());
                if let Some(v) = v {
                    *acc.stats.goal_values.entry(v).or_default() += 1;
                }
            }
            Event::Challenged { player, kind, .. } => {
                self.ending = Some(match kind {
                    ChallengeKind::Now => "now",
                    ChallengeKind::Impossible => "impossible",
                    ChallengeKind::NoGoal => "no_goal",
                });
                self.challenger = Some(*player);
                acc.stats
                    .levels
                    .entry(lname(*player))
                    .or_default()
                    .challenges += 1;
            }
            Event::Forceout { .. } => {
                self.ending.get_or_insert("forceout");
            }
            Event::Stop => {
                self.ending.get_or_insert("end_of_round");
            }
            Event::Penalty { player, .. } => {
                acc.stats
                    .levels
                    .entry(lname(*player))
                    .or_default()
                    .penalties -= 1;
            }
            Event::ShakeScored { .. } | Event::ShakeVoid { .. } => {
                let void = matches!(e, Event::ShakeVoid { .. });
                let key = if void {
                    "void"
                } else {
                    self.ending.unwrap_or("other")
                };
                *acc.stats.endings.entry(key.into()).or_default() += 1;
                let rec = m.history().iter().rev().find(|r| r.void == void).cloned();
                for i in 0..seating.len() {
                    let l = acc.stats.levels.entry(lname(i)).or_default();
                    l.shakes += 1;
                    if let Event::ShakeScored { scores, .. } = e {
                        l.score += scores[i] as i64;
                    } else if let Some(r) = &rec {
                        l.score += r.penalties[i] as i64;
                    }
                }
                if let (Some(c), Event::ShakeScored { .. }, Some(r)) = (self.challenger, e, &rec) {
                    if r.points[c] == 6 {
                        acc.stats.levels.entry(lname(c)).or_default().challenges_won += 1;
                    }
                }
                self.ending = None;
                self.challenger = None;
                acc.stats.shakes += 1;
                return acc.stats.shakes >= limit;
            }
            Event::MatchOver {
                totals,
                match_points,
            } => {
                acc.stats.matches += 1;
                let top = totals.iter().copied().max().unwrap_or(0);
                let unique = totals.iter().filter(|t| **t == top).count() == 1;
                for i in 0..seating.len() {
                    let l = acc.stats.levels.entry(lname(i)).or_default();
                    l.matches += 1;
                    l.match_points += match_points[i] as u64;
                    if unique && totals[i] == top {
                        l.wins += 1;
                    }
                }
            }
            _ => {}
        }
        false
    }
}

/// Plays one match into `acc` (which starts empty), stopping after `limit`
/// shakes.
fn play_match(
    cfg: &SimConfig,
    seating: &[Level],
    seed: u64,
    acc: &mut Acc,
    limit: u64,
) -> Result<(), String> {
    let names: Vec<String> = seating
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{l}{i}"))
        .collect();
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let mut mc = MatchConfig::new(seed, &refs, cfg.division, cfg.adventurous);
    mc.checking = cfg.checking;
    mc.round_ms = cfg.round_ms;
    mc.edition = cfg.edition;
    let mut log = cfg.keep_logs.then(|| {
        let header = Header {
            format: FORMAT.to_string(),
            config: mc.clone(),
        };
        serde_json::to_string(&header).unwrap_or_default() + "\n"
    });
    let (mut m, _) = Match::new(mc).map_err(|e| e.to_string())?;
    let bots = seating
        .iter()
        .enumerate()
        .map(|(i, l)| Some(Bot::new(*l, i, mix(seed, 1000 + i as u64))))
        .collect();
    let mut driver = Driver::new(bots, Pace::AS_CHOSEN);
    let lname = |i: usize| seating[i].to_string();
    let mut tally = Tally::default();
    let mut steps = 0u64;
    while *m.phase() != Phase::Over {
        steps += 1;
        if steps > 100_000 {
            return Err(format!("match with seed {seed} does not end"));
        }
        // The bots whose view changed think (timed: the only wall clock).
        for ask in driver.asks(&m, m.now_ms()) {
            let seat = ask.seat;
            let t = Instant::now();
            let answer = ask.think(&m);
            if answer.fresh && answer.decision.is_some() {
                acc.samples
                    .entry(lname(seat))
                    .or_default()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
            driver.answer(&m, answer);
        }
        // The match clock jumps to the next step.
        let Some(next) = driver.due(&m, u64::MAX) else {
            return Err(format!("match with seed {seed}: nobody can act"));
        };
        let at_ms = next.at_ms.max(m.now_ms());
        let (action, by) = match next.step {
            Step::Clock => (
                Action {
                    at_ms,
                    act: Act::Clock,
                },
                None,
            ),
            Step::Act { seat, decision } => (
                Action {
                    at_ms,
                    act: decision.act,
                },
                Some((seat, at_ms - m.now_ms())),
            ),
        };
        let (next, events, applied) = match m.apply(action.clone()) {
            Ok((next, events)) => (next, events, action),
            Err(r) => {
                acc.stats.rejections += 1;
                if acc.stats.rejection_examples.len() < 5 {
                    acc.stats
                        .rejection_examples
                        .push(format!("seed {seed}: {action:?}: {r}"));
                }
                let to = m.next_deadline().unwrap_or(m.now_ms() + 1000);
                let clock = Action {
                    at_ms: to.max(m.now_ms()),
                    act: Act::Clock,
                };
                let (next, events) = m.apply(clock.clone()).map_err(|e| e.to_string())?;
                (next, events, clock)
            }
        };
        if applied.act == Act::Clock {
            driver.clock_applied(&next, applied.at_ms, applied.at_ms);
        }
        if let Some(l) = log.as_mut() {
            l.push_str(&serde_json::to_string(&applied).unwrap_or_default());
            l.push('\n');
        }
        if let Some((i, think)) = by {
            let l = acc.stats.levels.entry(lname(i)).or_default();
            l.decisions += 1;
            l.think_ms += think;
        }
        m = next;
        for e in &events {
            if tally.record(e, &m, seating, acc, limit) {
                acc.stats.fallbacks += driver.fallbacks();
                acc.stats.logs.extend(log.take());
                return Ok(());
            }
        }
    }
    acc.stats.fallbacks += driver.fallbacks();
    acc.stats.logs.extend(log);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(threads: usize, cfg: &SimConfig) -> Stats {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| simulate(cfg, &mut |_| {})).unwrap()
    }

    /// Parallel where it pays, never changing a figure: the same statistics
    /// as one core for a fixed seed, whatever the number of threads (the last match cut
    /// short at the same shake).
    #[test]
    fn same_statistics_on_one_thread_and_on_many() {
        // short rounds, so that several matches are played and added up
        let mut cfg = SimConfig::new(vec![Level::Club, Level::Beginner], Division::Junior, 12, 5);
        cfg.round_ms = 4 * 60_000;
        let one = run_on(1, &cfg).deterministic();
        assert_eq!(one.shakes, 12);
        assert!(one.matches >= 2, "{} matches", one.matches);
        assert_eq!(run_on(2, &cfg).deterministic(), one);
    }
}
