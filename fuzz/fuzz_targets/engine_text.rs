//! Every text a player can send reaches the rules through the engine without
//! a panic: the input is given as a Solution by every player at the stage
//! where Solutions are written (the checker judges it), as a variation at the
//! selection stage, as a Goal at the Goal stage, and as an objection's
//! grouping at the checking stage. Inputs are long (run with `-max_len=65536`
//! or more): deep nesting is refused with a column, never a stack overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_engine::{Act, Action, GoalSpec, Objection};
use onsets_fuzz::stages;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    for stage in stages() {
        let at_ms = stage.now_ms + 500;
        let apply = |act: Act| stage.m.apply(Action { at_ms, act });
        for player in 0..3 {
            match stage.name {
                "writing" => {
                    if let Ok((m, _)) = apply(Act::Present {
                        player,
                        solution: text.clone(),
                        goal: None,
                    }) {
                        // Time runs out for the others: the Solutions are judged.
                        let _ = m.apply(Action {
                            at_ms: at_ms + 3_600_000,
                            act: Act::Clock,
                        });
                    }
                    let _ = apply(Act::Present {
                        player,
                        solution: "B ∪ R".into(),
                        goal: Some(GoalSpec::Layout(text.clone())),
                    });
                }
                "variations" => {
                    let _ = apply(Act::SelectVariation {
                        player,
                        variation: text.clone(),
                    });
                }
                "goal" => {
                    let _ = apply(Act::SetGoal {
                        player,
                        goal: GoalSpec::Layout(text.clone()),
                        unused_to_forbidden: true,
                    });
                }
                "checking" => {
                    for writer in 0..3 {
                        let _ = apply(Act::Object {
                            player,
                            writer,
                            objection: Objection::Ambiguous {
                                grouping: text.clone(),
                            },
                        });
                    }
                }
                _ => {}
            }
        }
    }
});
