//! A WebSocket frame from a client never panics the server: the envelope
//! reader, the act reader, and the engine applying the act to a match.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onsets_server::protocol::{parse_client, read_act, ClientMsg};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(ClientMsg::Act { act, .. }) = parse_client(text) {
        if let Ok(a) = read_act(0, act) {
            let (m, _) = onsets_engine::Match::new(onsets_engine::MatchConfig::new(
                1,
                &["A", "B"],
                onsets_core::Division::Senior,
                true,
            ))
            .unwrap();
            let _ = m.apply(onsets_engine::Action { at_ms: 5, act: a });
        }
    }
});
