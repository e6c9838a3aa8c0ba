//! The match log (JSON lines) and the scoresheet (XII-B).

use crate::model::{Action, Event, MatchConfig, Rejection};
use crate::state::Match;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The first line of a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `"onsets-match/1"`.
    pub format: String,
    #[serde(flatten)]
    pub config: MatchConfig,
}

pub const FORMAT: &str = "onsets-match/1";

/// Why a log could not be replayed: the 1-based line and, for a rule-breaking
/// action, the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub line: usize,
    pub rule: Option<&'static str>,
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rule {
            Some(r) => write!(f, "line {}: {} ({r})", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Match {
    /// The log: the header line, then one action per line.
    pub fn log_lines(&self) -> String {
        let mut out = serde_json::to_string(&Header {
            format: FORMAT.into(),
            config: self.config.clone(),
        })
        .expect("header serializes");
        out.push('\n');
        for a in &self.log {
            out.push_str(&serde_json::to_string(a).expect("actions serialize"));
            out.push('\n');
        }
        out
    }

    /// Re-runs a log. Blank lines are skipped; a line that is not an action,
    /// or an action the rules refuse, stops the replay with its line number.
    pub fn replay(text: &str) -> Result<Match, ReplayError> {
        Self::replay_inner(text, None)
    }

    /// [`Match::replay`] keeping every event (the faces rolled, the cards
    /// dealt, set-asides and penalties with their rules), each with the
    /// 1-based line of the action that caused it (line 1: the header's lot
    /// and the first shake). On an error, the events up to it.
    pub fn replay_with_events(text: &str) -> (Result<Match, ReplayError>, Vec<ReplayEvent>) {
        let mut events = Vec::new();
        let r = Self::replay_inner(text, Some(&mut events));
        (r, events)
    }

    fn replay_inner(
        text: &str,
        mut sink: Option<&mut Vec<ReplayEvent>>,
    ) -> Result<Match, ReplayError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (i, first) = lines.next().ok_or(ReplayError {
            line: 1,
            rule: None,
            message: "the log is empty".into(),
        })?;
        let header: Header = crate::public::read_header(first, |h: &mut Header| &mut h.config)
            .map_err(|e| ReplayError {
                line: i + 1,
                rule: None,
                message: format!("bad header: {e}"),
            })?;
        if header.format != FORMAT {
            return Err(ReplayError {
                line: i + 1,
                rule: None,
                message: format!("unknown log format `{}`", header.format),
            });
        }
        let err = |line: usize, r: Rejection| ReplayError {
            line,
            rule: Some(r.rule.as_str()),
            message: format!("{}: {}", r.code, r.message),
        };
        let (mut m, ev) = Match::new(header.config).map_err(|r| err(i + 1, r))?;
        let mut keep = |line: usize, at_ms: u64, ev: Vec<Event>| {
            if let Some(s) = sink.as_deref_mut() {
                s.extend(
                    ev.into_iter()
                        .map(|event| ReplayEvent { line, at_ms, event }),
                );
            }
        };
        keep(i + 1, 0, ev);
        for (i, l) in lines {
            let a: Action = serde_json::from_str(l).map_err(|e| ReplayError {
                line: i + 1,
                rule: None,
                message: format!("not an action: {e}"),
            })?;
            let at = a.at_ms;
            let (next, ev) = m.apply(a).map_err(|r| err(i + 1, r))?;
            m = next;
            keep(i + 1, at, ev);
        }
        Ok(m)
    }

    /// The scoresheet (XII-B).
    pub fn scoresheet(&self) -> Scoresheet {
        Scoresheet {
            players: self.config.players.clone(),
            shakes: self
                .history
                .iter()
                .map(|r| ScoreLine {
                    shake: r.shake,
                    goal_setter: r.goal_setter,
                    points: r.points.clone(),
                    penalties: r.penalties.clone(),
                    void: r.void,
                    note: r.note.clone(),
                })
                .collect(),
            totals: self.totals(),
            match_points: self.match_points.clone(),
        }
    }
}

/// An event of a replayed match with the log line (1-based) and the clock of
/// the action that caused it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayEvent {
    pub line: usize,
    pub at_ms: u64,
    #[serde(flatten)]
    pub event: Event,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub shake: u32,
    pub goal_setter: usize,
    pub points: Vec<i32>,
    pub penalties: Vec<i32>,
    pub void: bool,
    pub note: String,
}

/// Shake by shake scores, totals and (at the end) match points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoresheet {
    pub players: Vec<String>,
    pub shakes: Vec<ScoreLine>,
    pub totals: Vec<i32>,
    pub match_points: Option<Vec<u32>>,
}

impl fmt::Display for Scoresheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<6}", "shake")?;
        for p in &self.players {
            write!(f, " {p:>10}")?;
        }
        writeln!(f)?;
        for s in &self.shakes {
            write!(f, "{:<6}", s.shake)?;
            for i in 0..self.players.len() {
                let cell = if s.penalties[i] != 0 {
                    format!("{}{:+}", s.points[i], s.penalties[i])
                } else {
                    s.points[i].to_string()
                };
                let mark = if i == s.goal_setter { "*" } else { "" };
                write!(f, " {:>10}", format!("{cell}{mark}"))?;
            }
            if s.void {
                write!(f, "  void: {}", s.note)?;
            }
            writeln!(f)?;
        }
        write!(f, "{:<6}", "total")?;
        for t in &self.totals {
            write!(f, " {t:>10}")?;
        }
        writeln!(f)?;
        if let Some(mp) = &self.match_points {
            write!(f, "{:<6}", "points")?;
            for t in mp {
                write!(f, " {t:>10}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
