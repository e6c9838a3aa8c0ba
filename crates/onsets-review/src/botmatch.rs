//! A bot-only match played to its end, returned as its log (JSON lines,
//! docs/engine.md "Log schema"), so that bots' matches can be reviewed (and
//! the review measured on simulated matches, docs/performance.md).

use onsets_bots::{Bot, Level, Player, View};
use onsets_core::Division;
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

/// Plays a bot match until `stop` holds for the state (or the match is
/// over); returns the state and the log so far.
pub fn play_until(
    levels: &[Level],
    division: Division,
    adventurous: bool,
    seed: u64,
    stop: &mut dyn FnMut(&Match) -> bool,
) -> Result<(Match, String), String> {
    let names: Vec<String> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{l}{i}"))
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let config = MatchConfig::new(seed, &refs, division, adventurous);
    let header = Header {
        format: FORMAT.to_string(),
        config: config.clone(),
    };
    let mut log = serde_json::to_string(&header).map_err(|e| e.to_string())?;
    log.push('\n');
    let (mut m, _) = Match::new(config).map_err(|e| e.to_string())?;
    let mut bots: Vec<Bot> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| Bot::new(*l, i, seed.wrapping_mul(31).wrapping_add(i as u64)))
        .collect();
    let mut steps = 0u32;
    while m.phase != Phase::Over && !stop(&m) {
        steps += 1;
        if steps > 100_000 {
            return Err(format!("the match with seed {seed} does not end"));
        }
        let mut best: Option<(u64, Act)> = None;
        for (i, b) in bots.iter_mut().enumerate() {
            if let Some(d) = b.decide(&View::new(&m, i), m.now_ms) {
                let at = m.now_ms + d.think_ms;
                if best.as_ref().is_none_or(|(t, _)| at < *t) {
                    best = Some((at, d.act));
                }
            }
        }
        let deadline = m.next_deadline();
        let action = match (best, deadline) {
            (Some((at, _)), Some(dl)) if dl < at => Action {
                at_ms: dl,
                act: Act::Clock,
            },
            (Some((at, act)), _) => Action { at_ms: at, act },
            (None, Some(dl)) => Action {
                at_ms: dl,
                act: Act::Clock,
            },
            (None, None) => return Err(format!("match with seed {seed}: nobody can act")),
        };
        let action = match m.apply(action.clone()) {
            Ok((next, _)) => {
                m = next;
                action
            }
            Err(_) => {
                let to = m.next_deadline().unwrap_or(m.now_ms + 1000);
                let clock = Action {
                    at_ms: to.max(m.now_ms),
                    act: Act::Clock,
                };
                m = m.apply(clock.clone()).map_err(|e| e.to_string())?.0;
                clock
            }
        };
        log.push_str(&serde_json::to_string(&action).map_err(|e| e.to_string())?);
        log.push('\n');
    }
    Ok((m, log))
}
