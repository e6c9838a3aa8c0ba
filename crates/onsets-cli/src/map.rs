//! `onsets map`: the card map of a Solution or Set-Name, step by step
//! (docs/practice.md, "The card map"; docs/cli.md).
//!
//! The map is the 4×4 table of the sixteen cards: rows B R, B R′, B′ R′,
//! B′ R; columns G Y, G Y′, G′ Y′, G′ Y (each color's set a half of the
//! map, every intersection a rectangle, as the browser's
//! `web/js/components/cardmap.js` draws it). Each cell is `■` and the card
//! when the card is in the set named, `□` and the card when it is in the
//! Universe but not named, `·` when it was not dealt (II-B). One map is
//! printed per sub-expression of the Set-Name, innermost first: the steps
//! of the core's explanation ([`onsets_core::explain`]), over the cards the
//! Restrictions keep when there are Restrictions (VI-B-2), whose map comes
//! first.
//!
//! `onsets map --universe "B BR G RGY" "B ∪ R′"` (a Universe of cards, read
//! as the notation writes them; 2026-27 Senior rules, so Restrictions and
//! every operation may be written), or `onsets map --position FILE TEXT`
//! (the position's Universe and variations: a Double Set or Blank Card Wild
//! changes what is named, XIII-C-10, XIII-C-12). Exit status 0; 2 when the
//! Universe, the position or the Solution cannot be read.

use crate::input::read_position_in;
use anyhow::{bail, Context, Result};
use clap::Args;
use onsets_core::explain::SolutionExplanation;
use onsets_core::{CardSet, CubeList, Division, Edition, Goal, Position, PositionSetup, Situation};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The grid itself, shared with the puzzle sheet's answer key, which
/// includes the same file (the sheet is compiled into the server too, where
/// this module does not exist).
#[allow(clippy::duplicate_mod)]
#[path = "cardmap.rs"]
pub mod grid;
pub use grid::{card_at, cell, col_heading, row_heading};

#[derive(Debug, Args)]
pub struct MapArgs {
    /// The Universe's cards, e.g. "B BR G RGY blank" (II-B)
    #[arg(
        long,
        value_name = "CARDS",
        conflicts_with = "position",
        required_unless_present = "position"
    )]
    universe: Option<String>,
    /// A position file (docs/notation.md) whose Universe and variations are used
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// The Solution or Set-Name, e.g. "B ∪ R′" or "B = G / R − Y"
    text: String,
}

/// The map as text, five lines (the column headings, then a line per row),
/// every column 8 characters wide.
pub fn render(universe: CardSet, named: CardSet) -> String {
    let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(s.chars().count())));
    let mut out = pad("", 7);
    for c in 0..4 {
        out.push_str(&pad(&col_heading(c), 8));
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    for r in 0..4 {
        let mut line = pad(&row_heading(r), 7);
        for c in 0..4 {
            line.push_str(&pad(&cell(card_at(r, c), universe, named), 8));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One map of a step: a title and the cards it names (`None`: an ambiguous
/// chain, VII-B-6, listed by its readings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapStep {
    pub title: String,
    pub cards: Option<CardSet>,
    /// The readings of an ambiguous step: grouped text and cards.
    pub readings: Vec<(String, CardSet)>,
}

/// The steps of one explained Solution: the Restrictions' kept cards
/// (when there are Restrictions with one reading each), then each
/// sub-expression of the Set-Name, innermost first.
pub fn steps(s: &SolutionExplanation) -> Vec<MapStep> {
    let mut out = Vec::new();
    if let Some(kept) = s.kept {
        out.push(MapStep {
            title: format!(
                "the cards the Restrictions keep ({})",
                s.restrictions
                    .iter()
                    .map(|r| r.restriction.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            cards: Some(kept.0),
            readings: Vec::new(),
        });
    }
    out.extend(s.steps.iter().map(|st| {
        MapStep {
            title: st.expr.clone(),
            cards: st.cards.map(|c| c.0),
            readings: st
                .interpretations
                .iter()
                .map(|r| (r.grouped.clone(), r.cards.0))
                .collect(),
        }
    }));
    out
}

/// A position with `universe` and nothing else, under the 2026-27 Senior
/// rules (Restrictions and every operation in play).
pub fn bare_position(universe: CardSet) -> Result<Position> {
    Ok(Position::new(PositionSetup {
        edition: Edition::Tournament2026,
        division: Division::Senior,
        adventurous: true,
        universe,
        goal: Goal::parse("1").context("the placeholder Goal")?,
        required: CubeList::new(Vec::new()),
        permitted: CubeList::new(Vec::new()),
        forbidden: CubeList::new(Vec::new()),
        resources: CubeList::new(Vec::new()),
        variations: Vec::new(),
        situation: Situation::Impossible,
    })?)
}

/// The whole output for `text` over `position`'s Universe.
pub fn report(position: &Position, text: &str) -> Result<String> {
    let e = onsets_core::explain(position, text);
    if e.solutions.is_empty() {
        let why = e
            .failures
            .first()
            .map(|f| format!("{} ({})", f.fact, f.section))
            .unwrap_or_else(|| "it has no defined meaning (VII-C-5-d)".to_string());
        bail!("the Solution `{text}` cannot be read: {why}");
    }
    let universe = position.universe();
    let mut out = String::new();
    let _ = writeln!(out, "Universe: {} ({} cards)", universe, universe.len());
    let _ = writeln!(
        out,
        "■ in the set named   □ in the Universe, not named   · not dealt"
    );
    for (k, s) in e.solutions.iter().enumerate() {
        if e.solutions.len() > 1 {
            let _ = writeln!(out, "\nSolution {}: {}", k + 1, s.text);
        }
        let all = steps(s);
        for (i, st) in all.iter().enumerate() {
            let _ = writeln!(out, "\nStep {} of {}: {}", i + 1, all.len(), st.title);
            match st.cards {
                Some(cards) => {
                    let _ = writeln!(
                        out,
                        "names {} card{}: {}",
                        cards.len(),
                        if cards.len() == 1 { "" } else { "s" },
                        if cards.is_empty() {
                            "none".to_string()
                        } else {
                            cards.to_string()
                        }
                    );
                    out.push_str(&render(universe, cards));
                }
                None => {
                    let _ = writeln!(out, "ambiguous (VII-B-6): its readings name");
                    for (grouped, cards) in &st.readings {
                        let _ = writeln!(
                            out,
                            "  {grouped}: {}",
                            if cards.is_empty() {
                                "none".to_string()
                            } else {
                                cards.to_string()
                            }
                        );
                    }
                }
            }
        }
    }
    Ok(out)
}

pub fn run(args: &MapArgs) -> Result<u8> {
    let position = match (&args.universe, &args.position) {
        (Some(u), _) => {
            let cards = CardSet::parse(u).map_err(|e| anyhow::anyhow!("--universe: {e}"))?;
            bare_position(cards)?
        }
        (None, Some(path)) => read_position_in(path, None, None)?,
        (None, None) => {
            bail!("give the Universe (--universe CARDS) or a position (--position FILE)")
        }
    };
    crate::emit(&report(&position, &args.text)?);
    Ok(crate::EXIT_CORRECT)
}
