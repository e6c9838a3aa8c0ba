//! Every text a 1969 player can send reaches the 1969 game
//! (`onsets_engine::manual1969::Game`, M69 §§2–3) without a panic:
//!
//! * the whole input as a game log (`Game::replay`, format `onsets-1969/1`),
//!   as `onsets replay` and a restarted server read it;
//! * the input as one act in JSON (`{"type":"move","player":0,…}`, the body of
//!   `POST /api/tables1969/{id}/act`), applied by every seat at every phase of
//!   a bot game (deal, roll, Goal, "No Goal", moves, a challenge, an
//!   assertion);
//! * the input as a Goal, a Solution and a Solution with a Goal, by every
//!   seat at every phase.
//!
//! Whatever is accepted must still print a log that replays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_engine::manual1969::{Act1969, Action1969, Game};
use onsets_fuzz::stages_1969;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let _ = Game::replay(&text);
    let parsed: Option<Act1969> = serde_json::from_str(&text).ok();
    for (g, now_ms) in stages_1969() {
        let at_ms = now_ms + 500;
        let mut acts: Vec<Act1969> = parsed.iter().cloned().collect();
        for player in 0..g.n() {
            acts.push(Act1969::SetGoal {
                player,
                goal: text.clone(),
            });
            acts.push(Act1969::Write {
                player,
                solution: text.clone(),
                goal: None,
                alternative: None,
            });
            acts.push(Act1969::Write {
                player,
                solution: "R".into(),
                goal: Some(text.clone()),
                alternative: None,
            });
        }
        for act in acts {
            if let Ok((next, _)) = g.apply(Action1969 { at_ms, act }) {
                let log = next.log_lines().join("\n") + "\n";
                assert!(Game::replay(&log).is_ok(), "an accepted act's log must replay");
            }
        }
    }
});
