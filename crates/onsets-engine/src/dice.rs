//! Fixed dice from the match header (`"dice"`, docs/engine.md): the first
//! Goal-setter, each shake's faces and the top of each shake's deck, so a
//! scenario (a judges' manual situation) is written without searching seeds.

use crate::model::{Dice, Family, RejectCode, Rejection};
use crate::state::{faces, kit};
use onsets_core::{Card, Symbol};

fn bad(msg: String) -> Rejection {
    Rejection::new(RejectCode::BadDice, "II-A", msg)
}

/// The 18 faces of a `faces` text, each checked against its cube's family.
pub(crate) fn parse_faces(text: &str) -> Result<Vec<Symbol>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() != 18 {
        return Err(format!(
            "`{text}`: 18 faces are needed (3 digit, 8 color, 4 operation, 3 Restriction cubes), found {}",
            words.len()
        ));
    }
    let cubes = kit();
    words
        .iter()
        .zip(&cubes)
        .map(|(w, c)| {
            let s = Symbol::parse(w).map_err(|e| format!("face {} `{w}`: {e}", c.id))?;
            if !faces(c.family).contains(&s) {
                return Err(format!(
                    "cube {} is a {} cube and has no face `{w}`",
                    c.id,
                    family_name(c.family)
                ));
            }
            Ok(s)
        })
        .collect()
}

fn family_name(f: Family) -> &'static str {
    match f {
        Family::Digit => "digit",
        Family::Color => "color",
        Family::Operation => "operation",
        Family::Restriction => "Restriction",
    }
}

/// The card masks of a `cards` text, distinct.
pub(crate) fn parse_cards(text: &str) -> Result<Vec<u8>, String> {
    let mut out: Vec<u8> = Vec::new();
    for w in text.split(|c: char| c.is_whitespace() || c == ',') {
        if w.is_empty() {
            continue;
        }
        let c = Card::parse(w).map_err(|e| format!("card `{w}`: {e}"))?;
        if out.contains(&c.mask()) {
            return Err(format!("card `{w}` is listed twice"));
        }
        out.push(c.mask());
    }
    Ok(out)
}

impl Dice {
    /// Checks the header's dice for a match of `n` players.
    pub(crate) fn validate(&self, n: usize) -> Result<(), Rejection> {
        if let Some(p) = self.first_setter {
            if p >= n {
                return Err(bad(format!("first_setter: there is no player {p}")));
            }
        }
        for (i, s) in self.shakes.iter().enumerate() {
            if let Some(f) = &s.faces {
                parse_faces(f).map_err(|e| bad(format!("shake {}: {e}", i + 1)))?;
            }
            if let Some(c) = &s.cards {
                parse_cards(c).map_err(|e| bad(format!("shake {}: {e}", i + 1)))?;
            }
        }
        Ok(())
    }
}
