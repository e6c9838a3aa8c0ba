//! A WebSocket frame from a client never panics the server: the envelope
//! reader, the act reader, and the engine applying the act, for every seat, to
//! a match at each stage of a shake (fresh, variation selection, Goal, moves,
//! writing and checking Solutions), so that texts in acts reach the parsers
//! and the checker. Run with `-max_len=65536` or more.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_server::protocol::{parse_client, read_act, ClientMsg};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(ClientMsg::Act { act, .. }) = parse_client(text) {
        for stage in onsets_fuzz::stages() {
            for seat in 0..3 {
                if let Ok(a) = read_act(seat, act.clone()) {
                    if let Ok((m, _)) = stage.m.apply(onsets_engine::Action {
                        at_ms: stage.now_ms + 500,
                        act: a,
                    }) {
                        let _ = m.apply(onsets_engine::Action {
                            at_ms: stage.now_ms + 3_600_000,
                            act: onsets_engine::Act::Clock,
                        });
                    }
                }
            }
        }
    }
});
