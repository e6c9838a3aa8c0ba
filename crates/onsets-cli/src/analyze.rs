//! `onsets analyze`: the move-classification table of a position in play, or
//! (with `--goals`) the achievable-Goal table of its digit cubes.

use crate::emit;
use crate::input::read_position;
use anyhow::Result;
use clap::Args;
use onsets_core::{Position, Section};
use onsets_solver::analysis::{
    achievable_goals, adjudicate, classify_moves_with, goal_digits, Adjudication, Challenge, Class,
    MoveClass, MoveKind, MoveOptions,
};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets analyze examples/analysis-in-play.json
  onsets analyze --json --no-bonus examples/analysis-in-play.json
  onsets analyze --goals examples/analysis-in-play.json

Moves (the default). For the position as it stands (its `situation` is
ignored) every legal next turn is listed: each Resources cube (one per face)
to Required, Permitted or Forbidden, the same after a bonus move to Forbidden
(IV-C), and shifts from Permitted when Shift from Permitted is in force
(XIII-A-7). Move rules applied: no = or ⊆ to Forbidden while more than four
cubes remain in Resources (IV-D), never the last cube to Forbidden (VIII-A),
never = or ⊆ shifted to Forbidden (XIII-B-7); digit cubes are not moved. Each
turn is classified:
  now-wins         a Now challenge would win: a correct Solution uses at most
                   one more Resources cube (the 1969 manual's A-claim, 3.5)
  impossible-wins  an Impossible challenge would win: no correct Solution
                   however the rest is played (the P-claim)
  safe             neither; the witness shows a Solution is still possible
A Now challenge needs two cubes left in Resources (three with Two Solutions)
and a cube in Required or Permitted (V-A-2); after a turn where it would be
invalid, the turn is never now-wins (column `Now?`). Before the table, the
two challenges are adjudicated against the position as it stands.

Goals (--goals). For a position before the Goal is set, put the digit cubes
rolled in Resources and any placeholder Goal: the position's Goal is ignored: every legal layout (III-B-1)
of one to three of the digit cubes in Resources (or, when Resources holds no
digit cube, of the Goal's digit cubes), upside-down digits included, that
names a whole number, with its values and a correct Solution from all the
other Resources when one exists. \"no Goal\" (III-D) is correct exactly when
no layout has one.

With --json each move (each Goal) carries `position`: the position its
witness `solution` is claimed for, so `onsets check` can confirm it.

Exit status: 0 when the analysis is printed, 2 when the position or the
arguments cannot be read.")]
pub struct AnalyzeArgs {
    /// The position as JSON (notation.md, "Positions"); `-` reads standard input
    #[arg(value_name = "POSITION")]
    pub position: PathBuf,

    /// Print one JSON object
    #[arg(long)]
    pub json: bool,

    /// Analyze the Goals that could be set from the digit cubes rolled
    #[arg(long)]
    pub goals: bool,

    /// Leave out turns with a bonus move (a Mover leading in the match may not
    /// make one, IV-C-2)
    #[arg(long, conflicts_with = "goals")]
    pub no_bonus: bool,
}

/// Runs the command; returns the exit status (0).
pub fn run(args: &AnalyzeArgs) -> Result<u8> {
    let position = read_position(&args.position)?;
    let mut o = String::new();
    if args.goals {
        goals(&mut o, &position, args.json);
    } else {
        moves(&mut o, &position, args.json, !args.no_bonus);
    }
    emit(&o);
    Ok(0)
}

fn goals(o: &mut String, position: &Position, as_json: bool) {
    let digits = goal_digits(position);
    let options = achievable_goals(position);
    let no_goal = !options.iter().any(|g| g.solvable());
    if as_json {
        let goals: Vec<Value> = options
            .iter()
            .map(|g| {
                json!({
                    "goal": g.goal.to_string(),
                    "values": g.values,
                    "solvable": g.solvable(),
                    "solution": g.witness,
                    "position": position_json(&g.position),
                })
            })
            .collect();
        let out = json!({ "digits": digits, "goals": goals, "no_goal_correct": no_goal });
        let _ = writeln!(o, "{out}");
        return;
    }
    let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(
        o,
        "Goals from the digit cubes {} (all other Resources usable):",
        ds.join(" ")
    );
    let rows: Vec<[String; 3]> = options
        .iter()
        .map(|g| {
            let values: Vec<String> = g.values.iter().map(|v| v.to_string()).collect();
            [
                g.goal.to_string(),
                values.join(" or "),
                g.witness.clone().unwrap_or_else(|| "no Solution".into()),
            ]
        })
        .collect();
    table(o, &["Goal", "value", "Solution"], &rows);
    let solvable = options.iter().filter(|g| g.solvable()).count();
    let _ = writeln!(
        o,
        "{solvable} of {} Goals have a correct Solution; \"no Goal\" is {} (III-D).",
        options.len(),
        if no_goal { "correct" } else { "incorrect" }
    );
}

fn adjudication_json(a: &Adjudication) -> Value {
    json!({ "valid": a.valid, "challenger_right": a.challenger_right, "solution": a.witness })
}

fn describe(name: &str, a: &Adjudication) -> String {
    if !a.valid {
        return format!("{name}: invalid here (V-A-2)");
    }
    let verdict = if a.challenger_right {
        "the Challenger is right"
    } else {
        "the Challenger is wrong"
    };
    match &a.witness {
        Some(w) => format!("{name}: {verdict} ({w})"),
        None => format!("{name}: {verdict} (no Solution)"),
    }
}

fn section_name(s: Section) -> &'static str {
    match s {
        Section::Required => "required",
        Section::Permitted => "permitted",
        Section::Forbidden => "forbidden",
        Section::Resources => "resources",
        Section::Goal => "goal",
    }
}

fn moves(o: &mut String, position: &Position, as_json: bool, bonus: bool) {
    let now = adjudicate(position, Challenge::Now);
    let impossible = adjudicate(position, Challenge::Impossible);
    let classes = classify_moves_with(position, MoveOptions { bonus });
    let count = |c: Class| classes.iter().filter(|m| m.class == c).count();
    if as_json {
        let moves: Vec<Value> = classes.iter().map(move_json).collect();
        let out = json!({
            "challenges": {
                "now": adjudication_json(&now),
                "impossible": adjudication_json(&impossible),
            },
            "moves": moves,
            "counts": {
                "now-wins": count(Class::NowWins),
                "impossible-wins": count(Class::ImpossibleWins),
                "safe": count(Class::Safe),
            },
        });
        let _ = writeln!(o, "{out}");
        return;
    }
    let _ = writeln!(o, "Challenges against the last move:");
    let _ = writeln!(o, "  {}", describe("Now", &now));
    let _ = writeln!(o, "  {}", describe("Impossible", &impossible));
    if classes.is_empty() {
        let _ = writeln!(o, "No legal move: Resources holds no cube to move.");
        return;
    }
    let _ = writeln!(o, "Next moves:");
    let rows: Vec<[String; 4]> = classes
        .iter()
        .map(|m| {
            [
                m.mv.to_string(),
                m.class.to_string(),
                if m.now_valid { "yes" } else { "no" }.to_string(),
                m.witness.clone().unwrap_or_else(|| "-".into()),
            ]
        })
        .collect();
    table(o, &["move", "class", "Now?", "witness"], &rows);
    let _ = writeln!(
        o,
        "{} moves: {} safe, {} now-wins, {} impossible-wins.",
        classes.len(),
        count(Class::Safe),
        count(Class::NowWins),
        count(Class::ImpossibleWins)
    );
}

fn move_json(m: &MoveClass) -> Value {
    json!({
        "move": m.mv.to_string(),
        "bonus": m.mv.bonus.map(|b| b.to_string()),
        "kind": match m.mv.kind {
            MoveKind::FromResources => "from-resources",
            MoveKind::ShiftFromPermitted => "shift-from-permitted",
        },
        "cube": m.mv.cube.to_string(),
        "to": section_name(m.mv.to),
        "class": m.class.name(),
        "now_valid": m.now_valid,
        "solution": m.witness,
        "situation": m.position.situation.name(),
        "position": position_json(&m.position),
    })
}

/// The position a witness is claimed for, as notation.md's JSON object.
fn position_json(p: &Position) -> Value {
    serde_json::to_value(p.to_raw()).expect("positions serialize")
}

/// Prints rows in columns padded to the widest cell (counted in characters).
fn table<const N: usize>(o: &mut String, head: &[&str; N], rows: &[[String; N]]) {
    let mut width = [0usize; N];
    for (i, h) in head.iter().enumerate() {
        width[i] = h.chars().count();
    }
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            width[i] = width[i].max(c.chars().count());
        }
    }
    let mut line = |cells: Vec<&str>| {
        let mut s = String::from(" ");
        for (i, c) in cells.iter().enumerate() {
            s.push(' ');
            s.push_str(c);
            if i + 1 < N {
                s.push_str(&" ".repeat(width[i] - c.chars().count() + 1));
            }
        }
        let _ = writeln!(o, "{}", s.trim_end());
    };
    line(head.to_vec());
    for r in rows {
        line(r.iter().map(|c| c.as_str()).collect());
    }
}
