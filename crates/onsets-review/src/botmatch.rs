//! A bot-only match played to its end, returned as its log (JSON lines,
//! docs/engine.md "Log schema"), so that bots' matches can be reviewed (and
//! the review measured on simulated matches, docs/performance.md).

use onsets_bots::{Bot, Driver, Level, Pace, Step};
use onsets_core::{Division, Edition};
use onsets_engine::{Act, Action, Header, Match, MatchConfig, Phase, FORMAT};

/// Plays one match between bots of `levels` (two or three) with the engine's
/// seed `seed`, and returns its log. Actions the engine refuses are not
/// logged (the clock moves on instead), as in `onsets simulate`.
pub fn bot_match_log(
    levels: &[Level],
    division: Division,
    adventurous: bool,
    seed: u64,
) -> Result<String, String> {
    play_until(levels, division, adventurous, seed, &mut |_| false).map(|(_, log)| log)
}

/// [`bot_match_log`] under the rules of `edition` (the 2026-27 tournament
/// rules or MLAG 2019-20, docs/editions.md), e.g. to measure the review of
/// each edition's matches (docs/performance.md).
pub fn bot_match_log_in(
    edition: Edition,
    levels: &[Level],
    division: Division,
    adventurous: bool,
    seed: u64,
) -> Result<String, String> {
    let mut config = match_config(levels, division, adventurous, seed);
    config.edition = edition;
    play_config(levels, config, seed, &mut |_| false).map(|(_, log)| log)
}

/// The engine's configuration of a bot match (players named by level and seat).
fn match_config(levels: &[Level], division: Division, adventurous: bool, seed: u64) -> MatchConfig {
    let names: Vec<String> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{l}{i}"))
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    MatchConfig::new(seed, &refs, division, adventurous)
}

/// Plays a bot match until `stop` holds for the state (or the match is
/// over); returns the state and the log so far.
pub fn play_until(
    levels: &[Level],
    division: Division,
    adventurous: bool,
    seed: u64,
    stop: &mut dyn FnMut(&Match) -> bool,
) -> Result<(Match, String), String> {
    let config = match_config(levels, division, adventurous, seed);
    play_config(levels, config, seed, stop)
}

/// [`play_until`] from an engine configuration.
fn play_config(
    levels: &[Level],
    config: MatchConfig,
    seed: u64,
    stop: &mut dyn FnMut(&Match) -> bool,
) -> Result<(Match, String), String> {
    let header = Header {
        format: FORMAT.to_string(),
        config: config.clone(),
    };
    let mut log = serde_json::to_string(&header).map_err(|e| e.to_string())?;
    log.push('\n');
    let (mut m, _) = Match::new(config).map_err(|e| e.to_string())?;
    let bots = levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            Some(Bot::new(
                *l,
                i,
                seed.wrapping_mul(31).wrapping_add(i as u64),
            ))
        })
        .collect();
    // The bots' one scheduler, at their own pace; the clock jumps to each
    // next step, as in `onsets simulate`.
    let mut driver = Driver::new(bots, Pace::AS_CHOSEN);
    let mut steps = 0u32;
    while *m.phase() != Phase::Over && !stop(&m) {
        steps += 1;
        if steps > 100_000 {
            return Err(format!("the match with seed {seed} does not end"));
        }
        driver.think(&m, m.now_ms());
        let Some(next) = driver.due(&m, u64::MAX) else {
            return Err(format!("match with seed {seed}: nobody can act"));
        };
        let at_ms = next.at_ms.max(m.now_ms());
        let action = match next.step {
            Step::Clock => Action {
                at_ms,
                act: Act::Clock,
            },
            Step::Act { decision, .. } => Action {
                at_ms,
                act: decision.act,
            },
        };
        let action = match m.apply(action.clone()) {
            Ok((next, _)) => {
                m = next;
                action
            }
            Err(_) => {
                let to = m.next_deadline().unwrap_or(m.now_ms() + 1000);
                let clock = Action {
                    at_ms: to.max(m.now_ms()),
                    act: Act::Clock,
                };
                m = m.apply(clock.clone()).map_err(|e| e.to_string())?.0;
                clock
            }
        };
        if action.act == Act::Clock {
            driver.clock_applied(&m, action.at_ms, action.at_ms);
        }
        log.push_str(&serde_json::to_string(&action).map_err(|e| e.to_string())?);
        log.push('\n');
    }
    Ok((m, log))
}
