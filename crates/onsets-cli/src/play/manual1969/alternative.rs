//! The alternative play an A-claim (or C-claim from A) Challenger shows
//! (M69 3.7 comment 3), as a person types it, and the round's plays in
//! words for the editor's hint.

use super::super::app::alias;
use onsets_engine::manual1969::{face_1969, Alternative, Game};
use onsets_engine::{Family, Place};

/// A typed face in 1969's letters: `o` is orange, and the editor's aliases
/// (`u` ∪, `n` ∩, `-` −, `'` ′, `^` Λ, `<` ⊆, `v` V).
fn typed_face(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'o' | 'O' => 'O',
            c => alias(c),
        })
        .collect()
}

/// What play `k` of the round did, in words: the Goal, or the cubes moved
/// (a bonus move and the move).
pub fn play_words(g: &Game, names: &[String], k: usize) -> Option<String> {
    let r = g.plays().get(k)?;
    let who = &names[r.mover];
    if r.goal_play {
        return Some(format!(
            "{k}: the Goal {} ({who})",
            g.goal().unwrap_or("not set")
        ));
    }
    let moved: Vec<String> = g
        .cubes()
        .iter()
        .filter(|c| c.family != Family::Digit)
        .filter(|c| r.before.get(c.id as usize) != r.after.get(c.id as usize))
        .map(|c| {
            format!(
                "{} to {}",
                face_1969(c.face),
                r.after.get(c.id as usize).map_or("?", |p| p.name())
            )
        })
        .collect();
    Some(format!("{k}: {} ({who})", moved.join(", ")))
}

/// Reads an alternative play as a person types it (3.7 comment 3): `K FACE
/// r|p|f` (a cube with that face moved instead) or `K goal TEXT`, with
/// `bonus FACE` in front for a bonus move first. K is the play it replaces,
/// counted from 0 (the Goal). A face names a cube that was in Resources
/// before play K; cubes with the same face are alike. Whether the play
/// sustains the claim is the game's to judge.
pub fn read_alternative(g: &Game, line: &str) -> Result<Alternative, String> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut bonus_face = None;
    if words.first() == Some(&"bonus") {
        if words.len() < 2 {
            return Err("`bonus` needs the face of the cube moved to Forbidden".into());
        }
        bonus_face = Some(typed_face(words[1]));
        words.drain(..2);
    }
    let last = g.plays().len().saturating_sub(1);
    let k: usize = words
        .first()
        .ok_or("first the number of the play it replaces (0: the Goal)")?
        .parse()
        .map_err(|_| "the play it replaces is a number (0: the Goal)".to_string())?;
    let record = g
        .plays()
        .get(k)
        .ok_or(format!("there is no play {k}: the plays are 0 to {last}"))?;
    let mut taken: Vec<u8> = Vec::new();
    let mut cube_of = |face: &str| -> Result<u8, String> {
        let id = g
            .cubes()
            .iter()
            .filter(|c| c.family != Family::Digit)
            .filter(|c| record.before.get(c.id as usize) == Some(&Place::Resources))
            .filter(|c| !taken.contains(&c.id))
            .find(|c| face_1969(c.face) == face)
            .map(|c| c.id)
            .ok_or(format!("no {face} cube was in Resources before play {k}"))?;
        taken.push(id);
        Ok(id)
    };
    let mut alt = Alternative {
        play: Some(k),
        ..Alternative::default()
    };
    if let Some(face) = bonus_face {
        alt.bonus = Some(cube_of(&face)?);
    }
    match &words[1..] {
        ["goal", goal @ ..] if !goal.is_empty() => alt.goal = Some(goal.join(" ")),
        [face, to] => {
            alt.cube = Some(cube_of(&typed_face(face))?);
            alt.to = Some(match *to {
                "r" | "required" => Place::Required,
                "p" | "permitted" => Place::Permitted,
                "f" | "forbidden" => Place::Forbidden,
                _ => return Err(format!("`{to}`: a section is r, p or f")),
            });
        }
        _ => return Err("K FACE r|p|f (a move), or K goal TEXT".into()),
    }
    Ok(alt)
}

/// An alternative play in words (3.7 comment 3), as the table sees it once
/// the play is scored: `instead of play 2 (R to Forbidden (ann)): a bonus
/// G to Forbidden, then B to Required`.
pub fn alternative_words(g: &Game, names: &[String], alt: &Alternative) -> String {
    let face = |id: u8| {
        g.cubes()
            .iter()
            .find(|c| c.id == id)
            .map_or("a cube".to_string(), |c| face_1969(c.face).to_string())
    };
    let k = alt.play.unwrap_or(g.plays().len().saturating_sub(1));
    let instead = match play_words(g, names, k) {
        Some(w) => match w.split_once(": ") {
            Some((_, what)) => format!("instead of play {k} ({what})"),
            None => format!("instead of play {k}"),
        },
        None => format!("instead of play {k}"),
    };
    let mut parts = Vec::new();
    if let Some(b) = alt.bonus {
        parts.push(format!("a bonus {} to Forbidden", face(b)));
    }
    if let Some(goal) = &alt.goal {
        parts.push(format!("the Goal {goal}"));
    }
    if let (Some(c), Some(to)) = (alt.cube, alt.to) {
        parts.push(format!("{} to {}", face(c), to.name()));
    }
    format!("{instead}: {}", parts.join(", then "))
}
