//! Matches at each stage of a shake where a player's text reaches the rules
//! (variation selection, the Goal, moves, writing and checking Solutions),
//! for the fuzz targets that go through the engine. Built once per process
//! through the engine's public API only, by a fixed driver, so the same
//! stages are reached on every run.

use onsets_core::Division;
use onsets_engine::{Act, Action, ChallengeKind, Match, MatchConfig};
use std::sync::OnceLock;

/// A match and the time of its last action.
pub struct Stage {
    pub name: &'static str,
    pub m: Match,
    pub now_ms: u64,
}

fn kind(acts: &[Act]) -> Option<&'static str> {
    let has = |f: &dyn Fn(&Act) -> bool| acts.iter().any(f);
    if has(&|a| matches!(a, Act::Accept { .. } | Act::Object { .. })) {
        Some("checking")
    } else if has(&|a| matches!(a, Act::Present { .. })) {
        Some("writing")
    } else if has(&|a| matches!(a, Act::SelectVariation { .. })) {
        Some("variations")
    } else if has(&|a| matches!(a, Act::SetGoal { .. })) {
        Some("goal")
    } else if has(&|a| matches!(a, Act::Move { .. })) {
        Some("moves")
    } else {
        None
    }
}

/// One match per stage, first met by the driver: fresh, variation selection,
/// Goal, moves, writing Solutions (after a Now challenge), checking them.
pub fn stages() -> &'static [Stage] {
    static STAGES: OnceLock<Vec<Stage>> = OnceLock::new();
    STAGES.get_or_init(|| {
        let players = ["A", "B", "C"];
        let (mut m, _) = Match::new(MatchConfig::new(
            3,
            &players,
            Division::Senior,
            true,
        ))
        .expect("a Senior match");
        let mut out = vec![Stage {
            name: "fresh",
            m: m.clone(),
            now_ms: 0,
        }];
        let mut t = 0u64;
        let mut moves = 0;
        for _ in 0..2_000 {
            let acts: Vec<Act> = (0..players.len()).flat_map(|p| m.legal_actions(p)).collect();
            if let Some(k) = kind(&acts) {
                if !out.iter().any(|s| s.name == k) {
                    out.push(Stage {
                        name: k,
                        m: m.clone(),
                        now_ms: t,
                    });
                }
            }
            if out.iter().any(|s| s.name == "checking") {
                break;
            }
            let pick = |f: &dyn Fn(&Act) -> bool| acts.iter().find(|a| f(a)).cloned();
            let act = pick(&|a| matches!(a, Act::Present { .. }))
                .map(|a| match a {
                    Act::Present { player, goal, .. } => Act::Present {
                        player,
                        solution: "B ∪ R".into(),
                        goal,
                    },
                    a => a,
                })
                .or_else(|| {
                    (moves >= 2)
                        .then(|| {
                            pick(&|a| {
                                matches!(
                                    a,
                                    Act::Challenge {
                                        kind: ChallengeKind::Now,
                                        ..
                                    }
                                )
                            })
                        })
                        .flatten()
                })
                .or_else(|| pick(&|a| matches!(a, Act::EndSelection { .. })))
                .or_else(|| {
                    pick(&|a| {
                        !matches!(
                            a,
                            Act::Challenge { .. } | Act::DeclareNoGoal { .. } | Act::Decline { .. }
                        )
                    })
                });
            let Some(act) = act else {
                t += 1_000;
                m = m
                    .apply(Action {
                        at_ms: t,
                        act: Act::Clock,
                    })
                    .expect("the clock")
                    .0;
                continue;
            };
            if matches!(act, Act::Move { .. }) {
                moves += 1;
            }
            t += 1_000;
            m = m
                .apply(Action { at_ms: t, act })
                .expect("a legal action applies")
                .0;
        }
        out
    })
}

/// 1969 games (M69 §§2–3) at each phase a bot game passes through (deal,
/// roll, Goal, "No Goal", moves, a challenge, an assertion), each with the
/// time of its last act, for `game_1969`. Careless bots on a fixed run of
/// seeds flub and challenge, so every phase is met.
pub fn stages_1969() -> &'static [(onsets_engine::manual1969::Game, u64)] {
    use onsets_bots::manual1969::{next_act, Bot1969};
    use onsets_engine::manual1969::{
        Action1969, DefaultClaims, Game, Header1969, Settings1969,
    };
    static STAGES: OnceLock<Vec<(Game, u64)>> = OnceLock::new();
    STAGES.get_or_init(|| {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        let mut claims = DefaultClaims::new();
        for seed in 0..12u64 {
            let form = if seed % 2 == 0 {
                onsets_core::Form1969::Basic
            } else {
                onsets_core::Form1969::Advanced
            };
            let names = ["A", "B", "C"].map(String::from);
            let header = Header1969::new(seed, &names, form, Settings1969::default());
            let Ok((mut g, _)) = Game::new(header) else {
                continue;
            };
            let bots: Vec<Bot1969> = (0..3).map(|p| Bot1969::careless(p, seed)).collect();
            let mut t = 0;
            for _ in 0..2_000 {
                if g.is_over() {
                    break;
                }
                let key = format!("{:?}", std::mem::discriminant(g.phase()));
                let new = !seen.contains(&key);
                if new {
                    seen.push(key);
                }
                if new || (out.len() < 24 && t % 7_000 == 0) {
                    out.push((g.clone(), t));
                }
                let Some(act) = next_act(&g, &bots, &mut claims) else {
                    break;
                };
                t += 1000;
                match g.apply_with(Action1969 { at_ms: t, act }, &mut claims) {
                    Ok((next, _)) => g = next,
                    Err(_) => break,
                }
            }
        }
        out
    })
}
