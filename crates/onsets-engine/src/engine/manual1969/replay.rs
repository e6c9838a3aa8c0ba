//! The log of a 1969 game (docs/editions.md, "1969 (Allen)"): the accepted
//! actions, the JSON lines written (the header, then one action a line) and
//! the replay of such a log.

use super::{Action1969, Game, Header1969, FORMAT_1969};

impl Game {
    /// The accepted actions, in order.
    pub fn log_actions(&self) -> &[Action1969] {
        &self.log
    }

    /// The log: the header line, then one line per accepted action.
    pub fn log_lines(&self) -> Vec<String> {
        let mut out = vec![serde_json::to_string(&self.header).expect("headers serialize")];
        out.extend(
            self.log
                .iter()
                .map(|a| serde_json::to_string(a).expect("actions serialize")),
        );
        out
    }

    /// Re-runs a log written by [`Game::log_lines`].
    pub fn replay(text: &str) -> Result<Game, String> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let head = lines.next().ok_or("the log is empty")?;
        let header: Header1969 =
            crate::public::read_header(head, |h: &mut Header1969| &mut h.config)
                .map_err(|e| format!("line 1: {e}"))?;
        if header.format != FORMAT_1969 {
            return Err(format!("line 1: the format is not {FORMAT_1969}"));
        }
        let (mut g, _) = Game::new(header).map_err(|e| format!("line 1: {e}"))?;
        for (i, line) in lines.enumerate() {
            let a: Action1969 =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 2))?;
            g = g.apply(a).map_err(|e| format!("line {}: {e}", i + 2))?.0;
        }
        Ok(g)
    }
}
