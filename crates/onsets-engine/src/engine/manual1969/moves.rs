//! The plays of a round: a move of one cube from Resources, the bonus move
//! to Forbidden before it (M69 3.2, 3.3), the Goal set from the numeral
//! cubes (3.1), and "No Goal" said and let stand (3.1, 3.10 B).

use super::{face_1969, goal_cubes, numerals_in_words, rej, Game, PlayRecord, R};
use super::{Event1969, Phase1969};
use crate::model::{Family, Place, RejectCode, Rejection};
use onsets_core::Goal;

impl Game {
    pub(super) fn cube_in_resources(&self, cube: u8, rule: &'static str) -> R<()> {
        match self.cubes.get(cube as usize) {
            None => rej(RejectCode::NoSuchCube, rule, format!("there is no cube {cube}")),
            Some(c) if c.place != Place::Resources => rej(
                RejectCode::CubeNotThere,
                rule,
                format!(
                    "cube {cube} ({}) is in {}: cubes are never moved after they have been moved from Resources (3.2)",
                    face_1969(c.face),
                    c.place.name()
                ),
            ),
            Some(_) => Ok(()),
        }
    }

    /// 3.2, 3.3: a move, or a bonus move ("Bonus" and one cube from
    /// Resources to Forbidden) before the regular move or the Goal.
    pub(super) fn do_move(
        &mut self,
        player: usize,
        cube: u8,
        to: Place,
        bonus: bool,
        ev: &mut Vec<Event1969>,
    ) -> R<()> {
        let (mover, current_bonus, goal_phase) = match &self.phase {
            Phase1969::Goal { bonus } => (self.shaker, *bonus, true),
            Phase1969::Moves { turn, bonus } => (*turn, *bonus, false),
            _ => {
                return rej(
                    RejectCode::WrongPhase,
                    "M69 3.2",
                    "cubes are moved once the cubes are shaken, until play ends",
                )
            }
        };
        if player != mover {
            return rej(
                RejectCode::NotYourTurn,
                "M69 3.2",
                if goal_phase {
                    "the Shaker plays first: the Goal (3.1)"
                } else {
                    "play goes clockwise; it is another player's turn"
                },
            );
        }
        if !matches!(to, Place::Required | Place::Permitted | Place::Forbidden) {
            return rej(
                RejectCode::BadSection,
                "M69 3.2",
                "a cube is moved to Forbidden, Permitted or Required",
            );
        }
        self.cube_in_resources(cube, "M69 3.2")?;
        if bonus || goal_phase {
            if !bonus {
                return rej(
                    RejectCode::GoalFirst,
                    "M69 3.1",
                    "on your shake you set a Goal or say \"No Goal\" first; only a bonus move may come before it (3.3)",
                );
            }
            if current_bonus.is_some() {
                return rej(RejectCode::OneBonus, "M69 3.3", "one bonus move a turn");
            }
            if to != Place::Forbidden {
                return rej(
                    RejectCode::BonusToForbidden,
                    "M69 3.3",
                    "a bonus move moves a cube from Resources to Forbidden",
                );
            }
            self.play_start = Some((self.places(), self.goal.clone()));
            self.cubes[cube as usize].place = Place::Forbidden;
            ev.push(Event1969::BonusMove { player, cube });
            match &mut self.phase {
                Phase1969::Goal { bonus } | Phase1969::Moves { bonus, .. } => *bonus = Some(cube),
                _ => {}
            }
            return Ok(());
        }
        let start = self
            .play_start
            .take()
            .unwrap_or_else(|| (self.places(), self.goal.clone()));
        self.cubes[cube as usize].place = to;
        ev.push(Event1969::Moved { player, cube, to });
        self.complete_play(player, false, start);
        self.phase = Phase1969::Moves {
            turn: self.left(player),
            bonus: None,
        };
        Ok(())
    }

    pub(super) fn complete_play(
        &mut self,
        mover: usize,
        goal_play: bool,
        start: (Vec<Place>, Option<String>),
    ) {
        self.plays.push(PlayRecord {
            mover,
            goal_play,
            before: start.0,
            goal_before: start.1,
            after: self.places(),
        });
        self.last_mover = Some(mover);
    }

    /// 3.1: the Goal "must consist only of numbers"; left-over numeral cubes
    /// go to Forbidden. The move is complete when the Goal is placed.
    pub(super) fn set_goal(&mut self, player: usize, text: &str, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Goal { .. } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.1",
                "the Goal is set once, after the roll",
            );
        };
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 3.1",
                "the Shaker sets the Goal",
            );
        }
        let goal = Goal::parse(text).map_err(|e| {
            Rejection::new(
                RejectCode::BadGoal,
                "M69 3.1",
                format!("{e} (side by side is a sum, a vertical line a product, ~ upside-down)"),
            )
        })?;
        let places = self.places();
        let ids = goal_cubes(&self.cubes, &places, &goal).ok_or_else(|| {
            Rejection::new(
                RejectCode::NoSuchDigit,
                "M69 3.1",
                format!(
                    "the Goal {goal} needs numeral cubes that are not in Resources ({})",
                    numerals_in_words(&self.digits_in_resources())
                ),
            )
        })?;
        let start = self
            .play_start
            .take()
            .unwrap_or_else(|| (self.places(), self.goal.clone()));
        for c in &mut self.cubes {
            if c.family == Family::Digit && c.place == Place::Resources {
                c.place = if ids.contains(&c.id) {
                    Place::Goal
                } else {
                    Place::Forbidden
                };
            }
        }
        self.goal = Some(goal.to_string());
        ev.push(Event1969::GoalSet {
            player,
            goal: goal.to_string(),
        });
        self.complete_play(player, true, start);
        self.phase = Phase1969::Moves {
            turn: self.left(player),
            bonus: None,
        };
        Ok(())
    }

    /// 3.1: "No Goal" instead of a Goal. A Shaker who has taken a bonus move
    /// must set a Goal (editions.md Q19).
    pub(super) fn declare_no_goal(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::Goal { bonus } = self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.1",
                "\"No Goal\" is said instead of setting the Goal",
            );
        };
        if player != self.shaker {
            return rej(
                RejectCode::NotGoalSetter,
                "M69 3.1",
                "the Shaker sets the Goal or says \"No Goal\"",
            );
        }
        if bonus.is_some() {
            return rej(
                RejectCode::BonusCommits,
                "M69 3.3",
                "a bonus move comes before a regular move: after it the Shaker sets a Goal (editions.md Q19)",
            );
        }
        self.last_mover = Some(player);
        ev.push(Event1969::NoGoalDeclared { player });
        self.phase = Phase1969::NoGoal {
            accepted: Vec::new(),
        };
        Ok(())
    }

    /// 3.10 B: nobody challenges "No Goal": every player scores 1.
    pub(super) fn accept_no_goal(&mut self, player: usize, ev: &mut Vec<Event1969>) -> R<()> {
        let Phase1969::NoGoal { accepted } = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "M69 3.10",
                "nobody has said \"No Goal\"",
            );
        };
        if player == self.shaker {
            return rej(
                RejectCode::OwnDeclaration,
                "M69 3.10",
                "the Shaker said \"No Goal\"",
            );
        }
        if accepted.contains(&player) {
            return rej(
                RejectCode::AlreadyAgreed,
                "M69 3.10",
                "already let it stand",
            );
        }
        accepted.push(player);
        ev.push(Event1969::NoGoalAccepted { player });
        if accepted.len() + 1 == self.n() {
            let points = vec![1; self.n()];
            self.finish_play(
                points,
                "\"No Goal\" unchallenged: each player scores 1 (3.10 B)",
                ev,
            );
        }
        Ok(())
    }
}
