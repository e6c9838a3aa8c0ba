//! `onsets puzzle`: puzzles whose answers are proved by the solver
//! (docs/puzzles.md).
//!
//! * `onsets puzzle generate --kind KIND --count N --seed S [--division D]
//!   [--edition 2026-27|2019-20|1969 [--form basic|advanced]] [--basic]
//!   [--source generated|mined|both] [--json]`: one puzzle per
//!   line (with `--json`, one JSON object per line: `id`, `kind`, `position`,
//!   `question`, `answer`, `explanation`, `difficulty`, …).
//! * `onsets puzzle sheet --count 12 --seed S --out FILE.pdf`: a printable
//!   sheet of puzzles with an answer key, for coaches.
//!
//! Exit status: 0; 1 when fewer puzzles than asked could be found; 2 when the
//! arguments cannot be read (among them a kind the edition does not have:
//! `challenge` under 1969, `claim` under 2026-27 and 2019-20; `--source
//! mined` under an edition other than 2026-27). `--edition` and `--form` are
//! read as `onsets check` reads them (docs/editions.md).

mod layout;
mod sheet;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use onsets_core::{Division, Edition};
use onsets_puzzles::{generate_each, Config, GenerateError, Kind, Puzzle, Source};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    command: PuzzleCommand,
}

#[derive(Debug, Subcommand)]
enum PuzzleCommand {
    /// Generate puzzles of one kind: challenge, solve, safe-move or goal
    Generate(GenerateArgs),
    /// Write a printable PDF sheet of puzzles with an answer key
    Sheet(SheetArgs),
}

#[derive(Debug, Args)]
struct Common {
    /// Seed (the same seed gives the same puzzles)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// elementary, middle, junior or senior
    #[arg(long, default_value = "middle")]
    division: String,
    /// Rule edition: 2026-27 (default), 2019-20 (with --basic: MLAG Basic,
    /// else Adventurous) or 1969 (docs/editions.md, docs/puzzles.md)
    #[arg(long, value_name = "EDITION")]
    edition: Option<String>,
    /// The 1969 form with --edition 1969: basic or advanced
    #[arg(long, value_name = "FORM", requires = "edition")]
    form: Option<String>,
    /// Basic On-Sets (no variations) instead of Adventurous
    #[arg(long)]
    basic: bool,
    /// Where positions come from: generated directly, mined from bot
    /// self-play, or both in turn (goal puzzles are always generated)
    #[arg(long, default_value = "both")]
    source: String,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// challenge, solve, safe-move or goal
    #[arg(long)]
    kind: String,
    /// How many puzzles
    #[arg(long, default_value_t = 10)]
    count: usize,
    #[command(flatten)]
    common: Common,
    /// One JSON object per line
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct SheetArgs {
    /// How many puzzles (the kinds in turn: challenge, solve, safe-move, goal)
    #[arg(long, default_value_t = 12)]
    count: usize,
    #[command(flatten)]
    common: Common,
    /// The PDF file to write
    #[arg(long, value_name = "FILE.pdf")]
    out: PathBuf,
}

/// The most puzzles one command makes.
const MAX_COUNT: usize = 10_000;

fn config(kind: Kind, count: usize, c: &Common) -> Result<Config> {
    let edition = match (c.edition.as_deref(), c.form.as_deref()) {
        (None, None) => Edition::Tournament2026,
        (None, Some(_)) => bail!("--form goes with --edition 1969"),
        (Some(e), form) => Edition::from_parts(e, form).map_err(|m| {
            if m.contains("form") {
                anyhow!("--form: {m}")
            } else {
                anyhow!("--edition: {m}")
            }
        })?,
    };
    kind.check_edition(edition)
        .map_err(|m| anyhow!("--kind: {m}"))?;
    let division: Division = c
        .division
        .parse()
        .map_err(|e: String| anyhow!("--division: {e}"))?;
    let source: Source = c
        .source
        .parse()
        .map_err(|e: String| anyhow!("--source: {e}"))?;
    if count > MAX_COUNT {
        bail!("--count: at most {MAX_COUNT} puzzles at a time");
    }
    let mut cfg = Config::new(kind, count, c.seed);
    cfg.division = division;
    cfg.adventurous = !c.basic;
    cfg.source = source;
    cfg.edition = edition;
    Ok(cfg)
}

pub fn run(args: &PuzzleArgs) -> Result<u8> {
    match &args.command {
        PuzzleCommand::Generate(a) => generate(a),
        PuzzleCommand::Sheet(a) => write_sheet(a),
    }
}

fn generate(a: &GenerateArgs) -> Result<u8> {
    let kind: Kind = a.kind.parse().map_err(|e: String| anyhow!("--kind: {e}"))?;
    let cfg = config(kind, a.count, &a.common)?;
    let mut n = 0;
    let r = generate_each(&cfg, &mut |p| {
        n += 1;
        let line = if a.json {
            serde_json::to_string(&p).unwrap_or_default() + "\n"
        } else {
            text(n, &p)
        };
        crate::emit(&line);
    });
    match r {
        Ok(()) => Ok(0),
        Err(e @ GenerateError::TooFew { .. }) => {
            eprintln!("onsets: {e}");
            Ok(1)
        }
        Err(GenerateError::Unsupported(m)) => bail!("{m}"),
    }
}

/// A puzzle for people: the question, the position, the answer.
fn text(n: usize, p: &Puzzle) -> String {
    format!(
        "Puzzle {n} ({}, {}, difficulty {})\n{}\nPosition: {}\nAnswer: {}\n{}\n\n",
        p.kind,
        p.id,
        p.difficulty,
        p.question,
        p.position,
        answer_text(p),
        p.explanation
    )
}

/// The answer in a line.
pub fn answer_text(p: &Puzzle) -> String {
    let list = |v: &serde_json::Value| {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_default()
    };
    match p.kind {
        Kind::Challenge | Kind::Claim => p.answer.as_str().unwrap_or_default().to_string(),
        Kind::Solve => match p.answer["sets"][0]["cards"].as_str() {
            Some(cards) => format!(
                "{} (fewest cubes: {}; any correct Solution naming {{{cards}}})",
                p.answer["shortest"].as_str().unwrap_or_default(),
                p.answer["cubes"],
            ),
            None => format!(
                "{} (fewest cubes: {}; any correct Solution)",
                p.answer["shortest"].as_str().unwrap_or_default(),
                p.answer["cubes"],
            ),
        },
        Kind::SafeMove => format!("safe: {}", list(&p.answer["safe"])),
        Kind::Goal => format!("safe Goals: {}", list(&p.answer["safe"])),
    }
}

fn write_sheet(a: &SheetArgs) -> Result<u8> {
    let count = a.count.clamp(1, 200);
    let edition = config(Kind::Solve, 1, &a.common)?.edition;
    let kinds = Kind::of_edition(edition);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (i, kind) in kinds.iter().enumerate() {
        let k = count / 4 + usize::from(i < count % 4);
        if k == 0 {
            continue;
        }
        let mut cfg = config(*kind, k, &a.common)?;
        cfg.seed = onsets_puzzles::rng::mix(a.common.seed, i as u64);
        // distinct positions on one sheet (docs/puzzles.md)
        match onsets_puzzles::generate_distinct(&cfg, &puzzles) {
            Ok(got) => puzzles.extend(got),
            Err(GenerateError::Unsupported(m)) => bail!("{m}"),
            Err(e) => {
                eprintln!("onsets: {e}");
                return Ok(1);
            }
        }
    }
    // the kinds in turn
    let mut order: Vec<Puzzle> = Vec::new();
    let mut by_kind: Vec<Vec<Puzzle>> = kinds
        .iter()
        .map(|k| puzzles.iter().filter(|p| p.kind == *k).cloned().collect())
        .collect();
    while by_kind.iter().any(|v| !v.is_empty()) {
        for v in by_kind.iter_mut() {
            if !v.is_empty() {
                order.push(v.remove(0));
            }
        }
    }
    let title = match edition {
        Edition::Tournament2026 => format!(
            "On-Sets puzzles ({} division, seed {})",
            a.common.division, a.common.seed
        ),
        Edition::Mlag2019 => format!(
            "On-Sets puzzles, MLAG {} 2019-20 ({} division, seed {})",
            if a.common.basic {
                "Basic"
            } else {
                "Adventurous"
            },
            a.common.division,
            a.common.seed
        ),
        Edition::Manual1969(form) => format!(
            "ON-SETS puzzles, 1969 manual, {} ON-SETS (seed {})",
            if form == onsets_core::Form1969::Basic {
                "Basic"
            } else {
                "Advanced"
            },
            a.common.seed
        ),
    };
    let bytes = sheet::pdf(&title, &order).map_err(|e| anyhow!("writing the PDF: {e}"))?;
    std::fs::write(&a.out, bytes).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!(
        "wrote {} puzzles and their answer key to {}",
        order.len(),
        a.out.display()
    );
    Ok(0)
}
