//! Reading what a player writes in a 1969 game: a Set-Name, a statement, or a
//! Set-Name together with statements, and which cards it "fishes out"
//! (manual §4.1, §4.2, §4.3-B; editions.md §2.7, §2.10).
//!
//! The grammar and meanings are the core's (onsets-core's parser and
//! evaluator); what 1969 reads differently is decided here:
//! * one-cube Set-Names are Set-Names (§4.2-B P2: "single-cube Solutions are
//!   permitted");
//! * `O` is the orange dot (written `Y` in the notation);
//! * a statement is **one** relation between two Set-Names (§4.3-B); a chain
//!   such as `A ⊆ B = C` is undefined (editions.md Q14);
//! * a Set-Name whose grouping is not fixed counts only when every grouping
//!   fishes out the same cards (editions.md Q13);
//! * every symbol written must be the top face of a cube the player has, each
//!   cube used once.

use crate::kit;
use onsets_core::eval::{interpretations, restriction_interpretations, Semantics};
use onsets_core::{CardSet, Expr, Part, Restriction, Solution, Symbol};
use serde::Serialize;
use thiserror::Error;

/// Why a written text is not accepted. Every message says what and where.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NameError {
    #[error("{message}")]
    Syntax {
        message: String,
        column: Option<usize>,
    },
    #[error("nothing was written")]
    Empty,
    #[error(
        "`{symbol}` is written {written} time(s) but only {available} such cube(s) can be used"
    )]
    NotFromCubes {
        symbol: String,
        written: usize,
        available: usize,
    },
    #[error("`{text}` can be grouped in more than one way and the groupings fish out different cards ({first} or {second}); put in parentheses (§3.4 E)")]
    Ambiguous {
        text: String,
        first: String,
        second: String,
    },
    #[error("`{text}` joins more than two Set-Names with = or ⊆: a 1969 statement is one relation between two Set-Names (§4.3-B)")]
    ChainStatement { text: String },
    #[error("statements are not part of this game: write a Set-Name only")]
    NoStatements,
    #[error("write exactly one Set-Name (found {found})")]
    SetNameCount { found: usize },
    #[error(
        "the wild-cube annotation `@` and the blank-card coloring are not part of the 1969 games"
    )]
    NotIn1969,
    #[error("{message}")]
    Shape { message: String },
}

/// A written Solution read against the cards: what it keeps and fishes out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The Set-Name, if any.
    pub set_name: Option<Expr>,
    /// The statements, each one relation between two Set-Names.
    pub statements: Vec<Restriction>,
    /// Cards (of those in play) that make every statement true.
    pub kept: CardSet,
    /// Cards fished out: the Set-Name's cards among `kept`; with no Set-Name,
    /// the truth set of the statements (§8.4 point 2).
    pub fished: CardSet,
    /// Every symbol written, in order.
    pub symbols: Vec<Symbol>,
}

/// What the reader allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// One Set-Name, nothing else (Basic; the FISH/OUT/SQUAD/SETS games; ONE
    /// Basic; GO-THROUGH; A-B).
    SetName,
    /// A Set-Name together with any number of statements (Advanced, rule 3.4').
    SetNameWithStatements,
    /// One statement and no Set-Name (the statement games, §8.4).
    Statement,
}

fn syntax(e: onsets_core::ParseError) -> NameError {
    let message = for_1969(&e.message);
    NameError::Syntax {
        message: match e.column {
            Some(c) => format!("column {c}: {message}"),
            None => message,
        },
        column: e.column,
    }
}

/// A reader's message in the 1969 manual's terms: the 2026-27 citation
/// (VII-C-5-…) becomes the manual's section on Set-Names (M69 §2.3), and the
/// cube letters are B R G O, saying that a typed `Y` is read as O.
pub fn for_1969(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find("(VII-C-") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        match tail.find(')') {
            Some(j) => {
                out.push_str("(M69 §2.3)");
                rest = &tail[j + 1..];
            }
            None => {
                out.push_str(tail);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.replace("B R G Y", "B R G O (a typed Y is read as O)")
}

/// Reads `text` (1969 letters accepted) as `form`, using only the cubes
/// `cubes` (each once), against the cards `cards`.
pub fn read(
    text: &str,
    form: Form,
    cubes: &[Symbol],
    cards: CardSet,
) -> Result<Reading, NameError> {
    let t = kit::to_notation(text.trim());
    if t.is_empty() {
        return Err(NameError::Empty);
    }
    let solution = Solution::parse(&t).map_err(syntax)?;
    let mut set_names = Vec::new();
    let mut statements = Vec::new();
    for part in solution.parts() {
        match part {
            Part::SetName(e) => set_names.push(e.clone()),
            Part::Restriction(r) => statements.push(r.clone()),
            Part::Blank(_) => return Err(NameError::NotIn1969),
        }
    }
    match form {
        Form::SetName if !statements.is_empty() => return Err(NameError::NoStatements),
        Form::SetName | Form::SetNameWithStatements if set_names.len() != 1 => {
            return Err(NameError::SetNameCount {
                found: set_names.len(),
            })
        }
        Form::Statement if !set_names.is_empty() || statements.len() != 1 => {
            return Err(NameError::Shape {
                message: "write one statement: a Set-Name, the relation cube, and another Set-Name (§8.4)".into(),
            })
        }
        _ => {}
    }
    // Cube accounting: every written symbol is a cube's top face.
    let mut symbols = Vec::new();
    for r in &statements {
        if r.sides().len() != 2 {
            return Err(NameError::ChainStatement {
                text: kit::from_notation(&r.to_string()),
            });
        }
        for w in r.symbols() {
            if w.cube.is_some() {
                return Err(NameError::NotIn1969);
            }
            symbols.push(w.meaning);
        }
    }
    for e in &set_names {
        for w in e.symbols() {
            if w.cube.is_some() {
                return Err(NameError::NotIn1969);
            }
            symbols.push(w.meaning);
        }
    }
    check_cubes(&symbols, cubes)?;
    // Meanings: the statements' truth set, then the Set-Name within it.
    let sem = Semantics::default();
    let mut kept = cards;
    for r in &statements {
        let readings = restriction_interpretations(r, sem, cards);
        match readings.as_slice() {
            [(accept, _)] => kept = kept.intersection(*accept),
            [(a, _), (b, _), ..] => {
                return Err(NameError::Ambiguous {
                    text: kit::from_notation(&r.to_string()),
                    first: kit::cards_name(a.intersection(cards)),
                    second: kit::cards_name(b.intersection(cards)),
                })
            }
            [] => kept = CardSet::EMPTY,
        }
    }
    let set_name = set_names.into_iter().next();
    let fished = match &set_name {
        None => kept,
        Some(e) => {
            let readings = interpretations(e, sem, kept);
            match readings.as_slice() {
                [(t, _)] => t.intersection(kept),
                [(a, _), (b, _), ..] => {
                    return Err(NameError::Ambiguous {
                        text: kit::from_notation(&e.to_string()),
                        first: kit::cards_name(*a),
                        second: kit::cards_name(*b),
                    })
                }
                [] => CardSet::EMPTY,
            }
        }
    };
    Ok(Reading {
        set_name,
        statements,
        kept,
        fished,
        symbols,
    })
}

/// Whether `symbols` can all be top faces of distinct cubes of `cubes`.
pub fn check_cubes(symbols: &[Symbol], cubes: &[Symbol]) -> Result<(), NameError> {
    let mut seen: Vec<Symbol> = Vec::new();
    for s in symbols {
        if seen.contains(s) {
            continue;
        }
        seen.push(*s);
        let written = symbols.iter().filter(|x| *x == s).count();
        let available = cubes.iter().filter(|x| *x == s).count();
        if written > available {
            return Err(NameError::NotFromCubes {
                symbol: kit::symbol_name(*s),
                written,
                available,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use onsets_core::{CubeList, Symbol};

    #[test]
    fn m69_2_3_messages_cite_the_manual_and_the_letters_b_r_g_o() {
        // manual-1969.txt 201: "2.3 Explanation of the Symbols"; the 1969
        // cards have orange dots (O), not the notation's Y.
        let cubes = CubeList::parse("B R ∪").unwrap().into_symbols();
        for text in ["B ∪", "X", "B R"] {
            let e = read(text, Form::SetName, &cubes, CardSet::ALL).unwrap_err();
            let m = e.to_string();
            assert!(!m.contains("VII-C"), "{m}");
            assert!(!m.contains("B R G Y"), "{m}");
        }
        let m = read("X", Form::SetName, &cubes, CardSet::ALL)
            .unwrap_err()
            .to_string();
        assert!(
            m.contains("B R G O (a typed Y is read as O)") && m.contains("M69 §2.3"),
            "{m}"
        );
    }

    fn cubes(t: &str) -> Vec<Symbol> {
        CubeList::parse(&kit::to_notation(t))
            .unwrap()
            .into_symbols()
    }

    #[test]
    fn m69_4_2_b_one_cube_set_name_fishes() {
        let cards = CardSet::parse("B R BR G").unwrap();
        let r = read("B", Form::SetName, &cubes("B R"), cards).unwrap();
        assert_eq!(r.fished, CardSet::parse("B BR").unwrap());
    }

    #[test]
    fn m69_4_2_c_prime_takes_the_set_name_before_it() {
        // "B ∪ G′ fishes out all those that are either blue or not green" (4.2-C).
        let cards = CardSet::parse("B G BG R").unwrap();
        let r = read("B ∪ G′", Form::SetName, &cubes("B G ∪ ′"), cards).unwrap();
        assert_eq!(r.fished, CardSet::parse("B BG R").unwrap());
    }

    #[test]
    fn m69_3_4_e_ungrouped_chain_counts_only_if_every_grouping_agrees() {
        let cards = CardSet::parse("B R G BR").unwrap();
        let e = read("B ∪ R ∩ G", Form::SetName, &cubes("B R G ∪ ∩"), cards).unwrap_err();
        assert!(matches!(e, NameError::Ambiguous { .. }), "{e:?}");
        // All unions: every grouping agrees.
        assert!(read("B ∪ R ∪ G", Form::SetName, &cubes("B R G ∪ ∪"), cards).is_ok());
    }

    #[test]
    fn m69_4_3_b_chain_statement_is_undefined() {
        let cards = CardSet::parse("B R G BR").unwrap();
        let e = read(
            "B ⊆ R = G ; B",
            Form::SetNameWithStatements,
            &cubes("B R G ⊆ = B"),
            cards,
        )
        .unwrap_err();
        assert!(matches!(e, NameError::ChainStatement { .. }));
    }

    #[test]
    fn cube_used_twice_is_refused() {
        let cards = CardSet::parse("B R").unwrap();
        let e = read("B ∪ B", Form::SetName, &cubes("B ∪"), cards).unwrap_err();
        assert_eq!(
            e,
            NameError::NotFromCubes {
                symbol: "B".into(),
                written: 2,
                available: 1
            }
        );
    }

    #[test]
    fn m69_4_3_b1_equality_removes_cards_in_one_set_only() {
        let cards = CardSet::parse("B R BR G").unwrap();
        let r = read("B = R", Form::Statement, &cubes("B R ="), cards).unwrap();
        assert_eq!(r.fished, CardSet::parse("BR G").unwrap());
    }
}
