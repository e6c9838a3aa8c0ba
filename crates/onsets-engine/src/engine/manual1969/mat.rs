//! The mat as a position for the checker and the solver: now, before and
//! after a play of the round, with a Goal set from the numeral cubes in
//! Resources (M69 3.1), and the mat an alternative play reaches (3.7
//! comment 3; editions.md Q21).

use super::{goal_cubes, Alternative, Game};
use crate::model::{Family, Place};
use onsets_core::{CubeList, Division, Form1969, Goal, Position, PositionSetup, Situation};

impl Game {
    /// The mat now as a 1969 position (no digit cubes; situation Impossible;
    /// before the Goal a placeholder Goal of 1).
    pub fn position(&self) -> Position {
        self.position_at(&self.places(), self.goal.as_deref())
    }

    /// The mat with the cubes at `places` and Goal `goal`.
    pub fn position_at(&self, places: &[Place], goal: Option<&str>) -> Position {
        let list = |p: Place| {
            CubeList::new(
                self.cubes
                    .iter()
                    .zip(places)
                    .filter(|(c, at)| **at == p && c.family != Family::Digit)
                    .map(|(c, _)| c.face)
                    .collect(),
            )
        };
        Position::new(PositionSetup {
            edition: self.header.config.edition,
            division: Division::Middle,
            adventurous: self.form() == Form1969::Advanced,
            universe: self.universe(),
            goal: goal
                .and_then(|t| Goal::parse(t).ok())
                .unwrap_or_else(|| Goal::parse("1").expect("a one-cube Goal")),
            required: list(Place::Required),
            permitted: list(Place::Permitted),
            forbidden: list(Place::Forbidden),
            resources: list(Place::Resources),
            variations: Vec::new(),
            situation: Situation::Impossible,
        })
        .expect("a 1969 mat is a valid position: its cubes, a Goal of digits, situation impossible")
    }

    /// The mat before play `k` of the round (before its bonus move).
    pub fn position_before(&self, k: usize) -> Option<Position> {
        let r = self.plays.get(k)?;
        Some(self.position_at(&r.before, r.goal_before.as_deref()))
    }

    /// The Goal `text` set from the numeral cubes in Resources at `places`
    /// (the rest to Forbidden, 3.1), as a position.
    pub(super) fn goal_position(
        &self,
        places: &[Place],
        bonus: Option<u8>,
        text: &str,
    ) -> Result<Position, String> {
        let goal = Goal::parse(text).map_err(|e| format!("the Goal {text}: {e}"))?;
        let mut places = places.to_vec();
        if let Some(b) = bonus {
            places[b as usize] = Place::Forbidden;
        }
        let ids = goal_cubes(&self.cubes, &places, &goal).ok_or_else(|| {
            format!("the Goal {goal} needs numeral cubes that were not in Resources (3.1)")
        })?;
        for c in &self.cubes {
            if c.family == Family::Digit && places[c.id as usize] == Place::Resources {
                places[c.id as usize] = if ids.contains(&c.id) {
                    Place::Goal
                } else {
                    Place::Forbidden
                };
            }
        }
        Ok(self.position_at(&places, Some(&goal.to_string())))
    }

    /// The mat now with the Goal `goal` set from the numeral cubes in
    /// Resources (the rest to Forbidden, 3.1): what a Shaker, or a No-Goal
    /// Challenger, would set.
    pub fn position_with_goal(&self, goal: &str) -> Result<Position, String> {
        self.goal_position(&self.places(), None, goal)
    }

    /// The mat an alternative to play `k` of the round reaches from the mat
    /// before that play (3.7 comment 3; editions.md Q21): a bonus cube to
    /// Forbidden if any, then another Goal (for the Goal-setting play) or
    /// another move.
    pub fn alternative_position(&self, k: usize, alt: &Alternative) -> Result<Position, String> {
        let record = self
            .plays
            .get(k)
            .ok_or_else(|| format!("there is no play {k}"))?;
        let before = &record.before;
        let in_res = |id: u8| before.get(id as usize) == Some(&Place::Resources);
        if let Some(b) = alt.bonus {
            if !in_res(b) {
                return Err(format!(
                    "the alternative's bonus cube {b} was not in Resources"
                ));
            }
        }
        if record.goal_play {
            let goal = alt
                .goal
                .as_deref()
                .ok_or("the alternative to a Goal is another Goal (§5 b)")?;
            return self.goal_position(before, alt.bonus, goal);
        }
        let (Some(cube), Some(to)) = (alt.cube, alt.to) else {
            return Err("the alternative move names a cube and a section".into());
        };
        if !in_res(cube) || Some(cube) == alt.bonus {
            return Err(format!(
                "the alternative's cube {cube} was not in Resources"
            ));
        }
        if !matches!(to, Place::Required | Place::Permitted | Place::Forbidden) {
            return Err("a cube is moved to Forbidden, Permitted or Required".into());
        }
        let mut places = before.clone();
        if let Some(b) = alt.bonus {
            places[b as usize] = Place::Forbidden;
        }
        places[cube as usize] = to;
        Ok(self.position_at(&places, record.goal_before.as_deref()))
    }

    /// The mat after play `k` of the round.
    pub fn position_after(&self, k: usize) -> Option<Position> {
        let r = self.plays.get(k)?;
        let goal = if r.goal_play {
            self.goal.as_deref()
        } else {
            r.goal_before.as_deref()
        };
        Some(self.position_at(&r.after, goal))
    }
}
