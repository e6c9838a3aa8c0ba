//! Moving cubes (Basic II, IV-B, VIII-A, XIII-A-7): an attempt read as one
//! of the solver's legal moves and, where the step asks for a safe move,
//! judged by the solver's classification (V-A).

use super::{outcome, reason, LessonError, Outcome, Reason};
use onsets_core::{Position, Section, Symbol};
use onsets_solver::analysis::{
    apply_move, classify_moves_with, legal_moves_with, Class, Move, MoveKind, MoveOptions,
};

pub(super) fn section_of(name: &str) -> Option<Section> {
    match name.trim().to_lowercase().as_str() {
        "required" => Some(Section::Required),
        "permitted" => Some(Section::Permitted),
        "forbidden" => Some(Section::Forbidden),
        "resources" => Some(Section::Resources),
        _ => None,
    }
}

pub(super) fn move_options() -> MoveOptions {
    // the position does not record the score, and bonus moves are not taught
    MoveOptions { bonus: false }
}

/// Reads a move attempt as one of the solver's moves.
fn read_move(cube: &str, from: Option<&str>, to: &str) -> Result<Move, LessonError> {
    let face = Symbol::parse(cube.trim()).map_err(|e| {
        LessonError::Unreadable(format!("`{}` is not a cube face: {e}", cube.trim()))
    })?;
    let to = section_of(to).ok_or_else(|| {
        LessonError::Unreadable(format!(
            "`{}` is not a section: required, permitted or forbidden",
            to.trim()
        ))
    })?;
    let kind = match from.map(section_of) {
        None | Some(Some(Section::Resources)) => MoveKind::FromResources,
        Some(Some(Section::Permitted)) => MoveKind::ShiftFromPermitted,
        Some(_) => {
            return Err(LessonError::Unreadable(
                "a cube moves from Resources, or shifts from Permitted".into(),
            ))
        }
    };
    Ok(Move {
        bonus: None,
        kind,
        cube: face,
        to,
    })
}

pub(super) fn judge_move(
    position: &Position,
    want_to: Option<&str>,
    want_shift: bool,
    safe: bool,
    cube: &str,
    from: Option<&str>,
    to: &str,
) -> Result<Outcome, LessonError> {
    let mv = read_move(cube, from, to)?;
    let legal = legal_moves_with(position, move_options());
    if !legal.contains(&mv) {
        let why = illegal_why(position, &mv);
        return Ok(outcome(
            false,
            format!("{mv} is not a legal move here."),
            vec![why],
        ));
    }
    let after = apply_move(position, &mv);
    let mut o = if let Some(t) = want_to.and_then(section_of) {
        if mv.to != t {
            outcome(
                false,
                format!("{mv} is legal, but this step asks for a cube moved to {t}."),
                vec![reason("Basic II", format!("move a cube to {t}"))],
            )
        } else {
            outcome(true, format!("Right: {mv}."), Vec::new())
        }
    } else if want_shift && mv.kind != MoveKind::ShiftFromPermitted {
        outcome(
            false,
            format!("{mv} is legal, but this step asks for a shift from Permitted."),
            vec![reason(
                "XIII-A-7",
                "transfer a cube in Permitted to Required or Forbidden",
            )],
        )
    } else {
        outcome(true, format!("Right: {mv}."), Vec::new())
    };
    if o.correct && safe {
        let classes = classify_moves_with(position, move_options());
        let c = classes.iter().find(|c| c.mv == mv);
        o = match c {
            Some(c) if c.class == Class::Safe => outcome(
                true,
                format!(
                    "Right: {mv} is safe. A Now challenge would lose (no correct Solution uses \
                     the mat and at most one more cube), and an Impossible challenge would lose: \
                     {} is still possible (V-A).",
                    c.witness.as_deref().unwrap_or("a Solution")
                ),
                Vec::new(),
            ),
            Some(c) if c.class == Class::NowWins => outcome(
                false,
                format!(
                    "{mv} lets the next player challenge Now and win: {} uses the mat and at \
                     most one more cube.",
                    c.witness.as_deref().unwrap_or("a Solution")
                ),
                vec![reason(
                    "V-A-2",
                    "a correct Solution can be written with the mat and one more cube",
                )],
            ),
            _ => outcome(
                false,
                format!(
                    "{mv} lets the next player challenge Impossible and win: after it no correct \
                     Solution can be written, however the Resources are played."
                ),
                vec![reason(
                    "V-A-1",
                    "no correct Solution can be written any more",
                )],
            ),
        };
    }
    o.after = serde_json::to_value(after.to_raw()).ok();
    Ok(o)
}

fn illegal_why(position: &Position, mv: &Move) -> Reason {
    let from = match mv.kind {
        MoveKind::FromResources => Section::Resources,
        MoveKind::ShiftFromPermitted => Section::Permitted,
    };
    if !position.section(from).iter().any(|s| s == mv.cube) {
        return reason(
            "Basic II",
            format!("there is no {} cube in {from}", mv.cube),
        );
    }
    if mv.cube.is_digit() {
        return reason("III-B", "digit cubes are used only in setting the Goal");
    }
    let left = position
        .resources()
        .iter()
        .filter(|s| !s.is_digit())
        .count();
    match mv.kind {
        MoveKind::ShiftFromPermitted if !onsets_solver::analysis::shift_in_force(position) => {
            reason("Basic II", "a move takes a cube from Resources")
        }
        MoveKind::ShiftFromPermitted => reason(
            "XIII-A-7",
            "a shift goes to Required or Forbidden, and not with one cube left in Resources",
        ),
        MoveKind::FromResources if mv.to == Section::Forbidden && left <= 1 => reason(
            "Basic VII",
            "the last cube in Resources must go to Required or Permitted",
        ),
        _ => reason(
            "IV-D",
            "= and ⊆ go to Forbidden only when four or fewer cubes remain",
        ),
    }
}
