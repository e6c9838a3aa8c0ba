//! Faces, cards and notation of the 1969 game: the shaking set of a form
//! (M69 2.2, 2.5), a header's fixed faces, the 1969 printing of faces and
//! cards (orange, O), the numeral cubes a Goal uses (3.1), and a score
//! sheet's note with the seats' names (3.8).

use super::{claims, Cube1969};
use crate::model::{Family, Place};
use crate::state::faces;
use onsets_core::{Form1969, Goal, Symbol};

/// The shaking set of a form (2.2, 2.5; editions.md §2.1, Q15, Q16): Basic
/// three numeral, four color and three red-symbol cubes; Advanced all 18
/// (three numeral, eight color, four red-symbol, three blue-symbol). Cube
/// ids follow that order.
pub fn shaking_set(form: Form1969) -> Vec<Cube1969> {
    let counts: &[(Family, usize)] = match form {
        Form1969::Basic => &[
            (Family::Digit, 3),
            (Family::Color, 4),
            (Family::Operation, 3),
        ],
        Form1969::Advanced => &[
            (Family::Digit, 3),
            (Family::Color, 8),
            (Family::Operation, 4),
            (Family::Restriction, 3),
        ],
    };
    let mut out = Vec::new();
    for (family, k) in counts {
        for _ in 0..*k {
            out.push(Cube1969 {
                id: out.len() as u8,
                family: *family,
                face: faces(*family)[0],
                place: Place::Resources,
            });
        }
    }
    out
}

/// The shaking set of a header's `"faces"`, in the order written (`O` is
/// the fourth color). The rule text's sets are 10 and 18 cubes (2.2), but
/// the manual's own sample games roll others (editions.md Q15: accept any
/// multiset of cubes in a given position), so any faces are taken up to the
/// kit's counts (3 numeral, 8 color, 4 red-symbol, 3 blue-symbol cubes);
/// Basic uses no blue-symbol cubes (2.2).
pub fn parse_faces(form: Form1969, text: &str) -> Result<Vec<Cube1969>, String> {
    let mut out: Vec<Cube1969> = Vec::new();
    for w in text.split_whitespace() {
        let s = Symbol::parse(&claims::read_1969(w)).map_err(|e| format!("face `{w}`: {e}"))?;
        let family = match s.family() {
            onsets_core::CubeFamily::Digit => Family::Digit,
            onsets_core::CubeFamily::Color => Family::Color,
            onsets_core::CubeFamily::Operation => Family::Operation,
            onsets_core::CubeFamily::Restriction => Family::Restriction,
        };
        if form == Form1969::Basic && family == Family::Restriction {
            return Err(format!(
                "face `{w}`: the blue-symbol cubes are not used in Basic ON-SETS (2.2)"
            ));
        }
        out.push(Cube1969 {
            id: out.len() as u8,
            family,
            face: s,
            place: Place::Resources,
        });
    }
    for fam in [
        onsets_core::CubeFamily::Digit,
        onsets_core::CubeFamily::Color,
        onsets_core::CubeFamily::Operation,
        onsets_core::CubeFamily::Restriction,
    ] {
        let k = out.iter().filter(|c| c.face.family() == fam).count();
        if k > fam.kit_count() {
            return Err(format!(
                "`{text}`: {k} {} cubes; the kit has {}",
                fam.name(),
                fam.kit_count()
            ));
        }
    }
    if out.is_empty() {
        return Err("no faces".into());
    }
    Ok(out)
}

/// A face as 1969 prints it (the fourth color is orange, O).
pub fn face_1969(s: Symbol) -> String {
    claims::print_1969(&s.canonical())
}

/// A card as 1969 prints it.
pub fn card_1969(mask: u8) -> String {
    claims::print_1969(&crate::engine::card_name(mask))
}

pub(super) fn digits_at(cubes: &[Cube1969], places: &[Place]) -> Vec<u8> {
    cubes
        .iter()
        .zip(places)
        .filter(|(c, at)| c.family == Family::Digit && **at == Place::Resources)
        .filter_map(|(c, _)| match c.face {
            Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// The numeral cubes in Resources at `places` that a Goal uses, or `None`
/// if its digits are not there.
pub(super) fn goal_cubes(cubes: &[Cube1969], places: &[Place], goal: &Goal) -> Option<Vec<u8>> {
    let mut free: Vec<&Cube1969> = cubes
        .iter()
        .filter(|c| c.family == Family::Digit && places[c.id as usize] == Place::Resources)
        .collect();
    let mut ids = Vec::new();
    for d in goal.digits() {
        let i = free.iter().position(|c| c.face == Symbol::Digit(d.digit))?;
        ids.push(free.remove(i).id);
    }
    Some(ids)
}

/// The numeral cubes in Resources in words (M69 3.1): `Resources hold 3, 2
/// and 3`, or `Resources hold no numeral cube`.
pub(super) fn numerals_in_words(digits: &[u8]) -> String {
    let d: Vec<String> = digits.iter().map(u8::to_string).collect();
    match d.as_slice() {
        [] => "Resources hold no numeral cube".into(),
        [one] => format!("Resources hold only {one}"),
        [init @ .., last] => format!("Resources hold {} and {last}", init.join(", ")),
    }
}

/// A note of the game (`P-claim by player 1 against player 0`) with the
/// seats' names for their numbers, as a score sheet reads (M69 3.8): from
/// the highest seat down, so `player 1` never eats into `player 10`.
pub fn seats_named(text: &str, names: &[String]) -> String {
    let mut out = text.to_string();
    for (p, name) in names.iter().enumerate().rev() {
        out = out.replace(&format!("player {p}"), name);
    }
    out
}
