//! The review as text (`onsets review` without `--json`; docs/review.md):
//! shake by shake (a 1969 game: play by play, M69 2.7) the Goals, the moves
//! with their verdicts and the chances missed, the challenges (and for 1969
//! the assertions and the score sheet), then the players by name.

use crate::report::*;
use onsets_engine::manual1969::Claim;
use onsets_engine::ChallengeKind;
use std::fmt::{Formatter, Result, Write};

fn kind_name(k: ChallengeKind) -> &'static str {
    match k {
        ChallengeKind::Now => "Now",
        ChallengeKind::Impossible => "Impossible",
        ChallengeKind::NoGoal => "no Goal",
    }
}

fn claims_text(c: &[Claim]) -> String {
    c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

impl Review {
    fn name(&self, p: usize) -> &str {
        self.players.get(p).map(String::as_str).unwrap_or("?")
    }

    /// The shakes (plays) any entry belongs to, in order.
    fn rounds(&self) -> Vec<u32> {
        let mut r: Vec<u32> = self
            .moves
            .iter()
            .map(|m| m.round.number())
            .chain(self.goals.iter().map(|g| g.round.number()))
            .chain(self.challenges.iter().map(|c| c.round.number()))
            .collect();
        r.sort_unstable();
        r.dedup();
        r
    }

    fn goal_line(&self, g: &GoalReview, f: &mut Formatter<'_>) -> Result {
        let who = self.name(g.player);
        match &g.verdict {
            GoalVerdict::Tournament {
                solvable,
                solvable_count,
            } => {
                let allowed = format!(
                    "{} of {} allowed Goals were solvable",
                    solvable_count.unwrap_or(0),
                    g.allowed.len()
                );
                if g.is_no_goal() {
                    let right = solvable_count.unwrap_or(0) == 0;
                    let word = if right { "right" } else { "WRONG" };
                    writeln!(f, "  {who} declared no Goal: {word} ({allowed})")
                } else {
                    let word = if *solvable {
                        "solvable"
                    } else {
                        "NOT solvable"
                    };
                    writeln!(f, "  Goal {} set by {who}: {word} ({allowed})", g.goal)
                }
            }
            GoalVerdict::Manual1969 {
                possible,
                safe,
                possible_count,
                safe_count,
            } => {
                let allowed = format!(
                    "{} of {} allowed Goals possible, {} safe",
                    possible_count.unwrap_or(0),
                    g.allowed.len(),
                    safe_count.unwrap_or(0)
                );
                if g.is_no_goal() {
                    let word = if *possible { "a FLUB" } else { "right" };
                    writeln!(f, "  {who} said No Goal: {word} ({allowed})")
                } else {
                    let word = if *safe {
                        "safe"
                    } else if *possible {
                        "allows a Solution with one more cube"
                    } else {
                        "NO Solution possible"
                    };
                    writeln!(f, "  Goal {} set by {who}: {word} ({allowed})", g.goal)
                }
            }
        }
    }

    fn move_lines(&self, i: usize, m: &MoveReview, f: &mut Formatter<'_>) -> Result {
        let who = self.name(m.player);
        let missed = self
            .missed_challenges
            .iter()
            .filter(|x| x.after_move == Some(i));
        match &m.verdict {
            MoveVerdict::Tournament(t) => {
                let mark = match t.class {
                    "safe" => "ok",
                    "now-wins" => "FLUB: leaves a Now",
                    _ => "FLUB: leaves an Impossible",
                };
                writeln!(f, "  {:>3}. {who} {}: {mark}", i + 1, m.mv)?;
                if let (Some(w), "now-wins") = (&t.witness, t.class) {
                    writeln!(f, "       Now Solution: {w}")?;
                }
                if let Some(b) = &t.best_alternative {
                    writeln!(f, "       better: {b}")?;
                }
            }
            MoveVerdict::Manual1969(c) => {
                let mark = match c.flub {
                    None => "sound".to_string(),
                    Some(k) => format!("FLUB ({})", k.name()),
                };
                writeln!(f, "  {:>3}. {who} {}: {mark}", i + 1, m.mv)?;
                if let Some(b) = &c.better {
                    writeln!(f, "       better: {b}")?;
                }
                if let (Some(Claim::A), Some(s)) = (c.flub, &c.one_more_solution) {
                    writeln!(f, "       Solution with one more cube: {s}")?;
                }
            }
        }
        for x in missed {
            match &x.chance {
                Chance::Tournament { kind, .. } => {
                    let who: Vec<&str> = x.players.iter().map(|&p| self.name(p)).collect();
                    writeln!(
                        f,
                        "       missed: a {} challenge would have won ({})",
                        kind_name(*kind),
                        who.join(", ")
                    )?;
                }
                Chance::Manual1969 { claims } => writeln!(
                    f,
                    "       missed: a challenge ({}) would have won",
                    claims_text(claims)
                )?,
            }
        }
        Ok(())
    }

    fn challenge_line(&self, c: &ChallengeReview, f: &mut Formatter<'_>) -> Result {
        let verdict = if c.correct { "correct" } else { "incorrect" };
        match &c.made {
            ChallengeMade::Tournament { player, kind, .. } => writeln!(
                f,
                "  {} challenged {}: {verdict}",
                self.name(*player),
                kind_name(*kind)
            ),
            ChallengeMade::Manual1969(x) => {
                let game = match (x.game_challenger_won, x.agrees) {
                    (Some(won), Some(true)) => {
                        format!("; the game agreed ({})", if won { "won" } else { "lost" })
                    }
                    (Some(won), _) => format!(
                        "; the game scored it {} (the proof written decided)",
                        if won { "won" } else { "lost" }
                    ),
                    _ => String::new(),
                };
                writeln!(
                    f,
                    "  {} challenged {} ({}): {verdict}{game}",
                    self.name(x.challenger),
                    self.name(x.mover),
                    x.claim.name()
                )
            }
        }
    }

    /// A 1969 play's end: "No Goal" chances missed, assertions, the score.
    fn play_end(&self, g: &Manual1969Game, round: u32, f: &mut Formatter<'_>) -> Result {
        for a in g.assertions.iter().filter(|a| a.play == round) {
            writeln!(
                f,
                "  {} asserted a Solution with one more cube: {}",
                self.name(a.player),
                if a.correct { "correct" } else { "incorrect" }
            )?;
        }
        if let Some(line) = g.score_sheet.iter().find(|l| l.play == round) {
            let pts: Vec<String> = line
                .points
                .iter()
                .enumerate()
                .map(|(p, pts)| format!("{} {pts}", self.name(p)))
                .collect();
            // The note names the players already (the review's score sheet).
            writeln!(f, "  scored: {} ({})", pts.join(", "), line.note)?;
        }
        Ok(())
    }

    fn round(&self, round: u32, f: &mut Formatter<'_>) -> Result {
        let m69 = self.manual1969();
        let word = if m69.is_some() { "Play" } else { "Shake" };
        writeln!(f, "{word} {round}")?;
        for g in self.goals.iter().filter(|g| g.round.number() == round) {
            self.goal_line(g, f)?;
        }
        for (i, m) in self.moves.iter().enumerate() {
            if m.round.number() == round {
                self.move_lines(i, m, f)?;
            }
        }
        let no_goal_missed = self
            .missed_challenges
            .iter()
            .filter(|x| x.round.number() == round && x.after_move.is_none());
        for _ in no_goal_missed {
            writeln!(f, "  missed: a No-Goal challenge would have won")?;
        }
        for c in self.challenges.iter().filter(|c| c.round.number() == round) {
            self.challenge_line(c, f)?;
        }
        match m69 {
            Some(g) => self.play_end(g, round, f),
            None => Ok(()),
        }
    }

    fn player_line(&self, s: &PlayerSummary) -> String {
        let acc = s
            .accuracy
            .map(|a| format!("{a:.0}%"))
            .unwrap_or_else(|| "-".into());
        let mut line = format!("  {}: ", s.name);
        if let Some(score) = s.score {
            let _ = write!(line, "score {score}, ");
        }
        let plays = if s.score.is_some() { "plays" } else { "moves" };
        let _ = write!(
            line,
            "accuracy {acc}, {} {plays}, {} flubs, {} missed chances, {} correct and {} incorrect challenges",
            s.moves, s.flubs, s.missed_chances, s.correct_challenges, s.incorrect_challenges
        );
        if let Some(a) = s.assertions {
            let _ = write!(
                line,
                ", {} correct and {} incorrect assertions",
                a.correct_assertions, a.incorrect_assertions
            );
        }
        line
    }
}

impl std::fmt::Display for Review {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        let m69 = self.manual1969();
        if let Some(g) = m69 {
            writeln!(
                f,
                "1969 ON-SETS ({}), reviewed by the Flub claims (M69 3.5)",
                g.form
            )?;
        }
        for round in self.rounds() {
            self.round(round, f)?;
        }
        writeln!(f, "Players")?;
        for s in &self.summary {
            writeln!(f, "{}", self.player_line(s))?;
        }
        if m69.is_some_and(|g| !g.finished) {
            writeln!(f, "(the log ends before the game does)")?;
        }
        Ok(())
    }
}
