//! X, XII: scoring a shake, ending a shake and the match.

use crate::model::*;
use crate::scoring;
use crate::state::*;

impl Match {
    pub(crate) fn score(&mut self, ev: &mut Vec<Event>) {
        let Phase::Checking(c) = &self.phase else {
            return;
        };
        let seated: Vec<bool> = (0..self.n()).map(|q| self.is_seated(q)).collect();
        let points = if self.mlag2019() {
            super::mlag2019::score(&seated, c, self.b19())
        } else {
            scoring::score(&seated, c)
        };
        self.finish_shake(Some(points), "", false, ev);
    }

    pub(crate) fn finish_shake(
        &mut self,
        points: Option<Vec<i32>>,
        note: &str,
        same_setter: bool,
        ev: &mut Vec<Event>,
    ) {
        let void = points.is_none();
        let points = points.unwrap_or_else(|| vec![0; self.n()]);
        let rec = ShakeRecord {
            shake: self.shake,
            goal_setter: self.goal_setter,
            points: points.clone(),
            penalties: self.penalties.clone(),
            void,
            note: note.into(),
        };
        if void {
            ev.push(Event::ShakeVoid {
                shake: self.shake,
                reason: note.into(),
            });
        } else {
            ev.push(Event::ShakeScored {
                shake: self.shake,
                scores: points
                    .iter()
                    .zip(&self.penalties)
                    .map(|(a, b)| a + b)
                    .collect(),
            });
        }
        self.history.push(rec);
        self.penalties = vec![0; self.n()];
        self.timers.clear();
        self.pending.clear();
        if self.round_up {
            self.end_match(ev);
            return;
        }
        if !same_setter {
            self.goal_setter = self.left(self.goal_setter);
        }
        self.start_shake(ev);
    }

    /// XII-A: match points from the final totals.
    pub(crate) fn end_match(&mut self, ev: &mut Vec<Event>) {
        let totals = self.totals();
        let n = self.n();
        // XII-A: a player who took part in no shake "Did Not Play" (0); the
        // others are placed among themselves (readings in docs/engine.md).
        let anyone = self.played.iter().any(|x| *x);
        let ranked: Vec<usize> = (0..n)
            .filter(|&p| {
                // 2019-20 XII-A has no "Did Not Play" row: everyone is placed.
                !anyone || self.mlag2019() || self.played.get(p).copied().unwrap_or(true)
            })
            .collect();
        let mp: Vec<u32> = (0..n)
            .map(|p| {
                if !ranked.contains(&p) {
                    return 0;
                }
                let place = 1 + ranked.iter().filter(|&&q| totals[q] > totals[p]).count() as u32;
                let tied = ranked.iter().filter(|&&q| totals[q] == totals[p]).count() as u32;
                self.config.edition.match_points(n as u32, place, tied)
            })
            .collect();
        self.phase = Phase::Over;
        self.timers.clear();
        self.stop_at = None;
        self.match_points = Some(mp.clone());
        ev.push(Event::MatchOver {
            totals,
            match_points: mp,
        });
    }
}
