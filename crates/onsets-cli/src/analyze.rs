//! `onsets analyze`: the move-classification table of a position in play, or
//! (with `--goals`) the achievable-Goal table of its digit cubes.

use crate::emit;
use crate::input::{read_position_in, EditionArgs};
use anyhow::Result;
use clap::Args;
use onsets_core::{Edition, Position, Section, Situation};
use onsets_solver::analysis::{
    achievable_goals, adjudicate, classify_moves_with, goal_digits, Adjudication, Challenge, Class,
    MoveClass, MoveKind, MoveOptions,
};
use onsets_solver::claims::{
    classify_plays, goal_choices, solution_any, solution_one_more, Play, PlayClass, PlayJudgment,
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
  onsets analyze examples/analysis-1969.json

Moves (the default; 2026-27 and 2019-20, for 1969 see Editions below). For
the position as it stands (its `situation` is ignored) every legal next turn
is listed: each Resources cube (one per face) to Required, Permitted or
Forbidden, the same after a bonus move to Forbidden (IV-C), and shifts from
Permitted when Shift from Permitted is in force (XIII-A-7). Move rules
applied: no = or ⊆ to Forbidden while more than four cubes remain in
Resources (IV-D), never the last cube to Forbidden (VIII-A), never = or ⊆
shifted to Forbidden (XIII-B-7); digit cubes are not moved. Each turn is
classified:
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

Editions (--edition 2026-27|2019-20|1969 [--form basic|advanced], as for
`check` and `solve`; otherwise the position's `edition`). 2019-20 uses its own
checker and move rules: in MLAG Basic = and ⊆ are wild, never Restrictions, so
IV-D does not apply (and any player may make a bonus move); Adventurous keeps
IV-D. 1969 (Allen's manual) lists every play: any Resources cube to
Forbidden, Permitted or Required, optionally after a bonus move of any cube to
Forbidden (M69 3.2, 3.3), and judges each against the C-A-P claims (3.5):
  p-flub   no Solution can be built after it (the P-claim is broken)
  a-flub   a Solution with at most one more cube is allowed, and another
           play (named) would have allowed none and kept one possible
           (the A-claim is broken, 3.7 comment 3)
  forced   a Solution with one more cube is allowed, but every other play
           breaks the P-claim or allows one too: no Flub (3.5 comment 2)
  safe     neither claim is broken
With --goals, every Goal the numeral cubes allow (one per value) and whether
\"No Goal\" would be a Flub (3.5 A). Orange is printed as O. --no-bonus only
shortens the 1969 list: the A-claim's alternatives still include bonus plays.
JSON shapes: docs/editions.md, \"onsets analyze\".

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

    #[command(flatten)]
    pub rules: EditionArgs,
}

/// Runs the command; returns the exit status (0).
pub fn run(args: &AnalyzeArgs) -> Result<u8> {
    let position = read_position_in(
        &args.position,
        args.rules.edition.as_deref(),
        args.rules.form.as_deref(),
    )?;
    let mut o = String::new();
    if matches!(position.edition(), Edition::Manual1969(_)) {
        if args.goals {
            goals_1969(&mut o, &position, args.json);
        } else {
            plays_1969(&mut o, &position, args.json, !args.no_bonus);
        }
    } else if args.goals {
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
        "situation": m.position.situation().name(),
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

// ------------------------------------------------------------------ 1969

/// "1969 Basic" or "1969 Advanced".
fn edition_1969(p: &Position) -> String {
    match p.edition().form().map(|f| f.name()) {
        Some("advanced") => "1969 Advanced".into(),
        Some(_) => "1969 Basic".into(),
        None => "1969".into(),
    }
}

fn form_json(p: &Position) -> Value {
    json!(p.edition().form().map(|f| f.name()))
}

fn with_situation(p: &Position, s: Situation) -> Position {
    p.with_situation(s).unwrap_or_else(|_| p.clone())
}

/// The A-claim and P-claim questions against the last play (M69 3.5, 3.7),
/// asked of the mat as it stands.
fn claims_1969(position: &Position) -> (Option<String>, Option<String>) {
    let c = |t: Option<String>| t.map(|t| position.in_edition_colors(&t));
    (c(solution_one_more(position)), c(solution_any(position)))
}

fn play_json(position: &Position, j: &PlayJudgment) -> Value {
    let c = |t: &str| position.in_edition_colors(t);
    let oc = |t: &Option<String>| t.as_deref().map(c);
    let (kind, bonus, cube, to, goal) = match &j.play {
        Play::Move(m) => (
            "move",
            m.bonus,
            Some(c(&m.cube.to_string())),
            Some(section_name(m.to)),
            None,
        ),
        Play::Goal { bonus, goal } => ("goal", *bonus, None, None, Some(goal.to_string())),
    };
    json!({
        "play": c(&j.play.to_string()),
        "kind": kind,
        "bonus": bonus.map(|b| c(&b.to_string())),
        "cube": cube,
        "to": to,
        "goal": goal,
        "class": j.class.name(),
        "flub": j.class.flub().map(|f| f.name()),
        "alternative": j.alternative.as_ref().map(|a| c(&a.to_string())),
        "solution_one_more": oc(&j.one_more),
        "solution": oc(&j.any),
        "position": position_json(&with_situation(&j.after, Situation::Impossible)),
    })
}

fn plays_1969(o: &mut String, position: &Position, as_json: bool, bonus: bool) {
    let (one_more, any) = claims_1969(position);
    let judged: Vec<PlayJudgment> = classify_plays(position)
        .into_iter()
        .filter(|j| {
            bonus
                || match &j.play {
                    Play::Move(m) => m.bonus.is_none(),
                    Play::Goal { bonus, .. } => bonus.is_none(),
                }
        })
        .collect();
    let count = |c: PlayClass| judged.iter().filter(|j| j.class == c).count();
    if as_json {
        let plays: Vec<Value> = judged.iter().map(|j| play_json(position, j)).collect();
        let out = json!({
            "edition": "1969",
            "form": form_json(position),
            "claims": {
                "a": { "solution_one_more": one_more },
                "p": { "challenger_right": any.is_none(), "solution": any },
            },
            "plays": plays,
            "counts": {
                "safe": count(PlayClass::Safe),
                "forced": count(PlayClass::Forced),
                "a-flub": count(PlayClass::AFlub),
                "p-flub": count(PlayClass::PFlub),
            },
        });
        let _ = writeln!(o, "{out}");
        return;
    }
    let _ = writeln!(
        o,
        "{}: the claims against the last play (M69 3.5, 3.7):",
        edition_1969(position)
    );
    match &one_more {
        Some(w) => {
            let _ = writeln!(
                o,
                "  A-claim: a Solution with at most one more cube exists ({w}); the challenge is \
                 sustained if the last play had an alternative that allowed none and kept one \
                 possible (3.7 comment 3)"
            );
        }
        None => {
            let _ = writeln!(
                o,
                "  A-claim: the Challenger is wrong (no Solution with at most one more cube)"
            );
        }
    }
    match &any {
        Some(w) => {
            let _ = writeln!(
                o,
                "  P-claim: the Challenger is wrong (a Solution is still possible: {w})"
            );
        }
        None => {
            let _ = writeln!(
                o,
                "  P-claim: the Challenger is right (no Solution can be built)"
            );
        }
    }
    if judged.is_empty() {
        let _ = writeln!(o, "No play: Resources holds no cube to move.");
        return;
    }
    let _ = writeln!(o, "Next plays (A- and P-claims, 3.5):");
    let rows: Vec<[String; 4]> = judged
        .iter()
        .map(|j| {
            let c = |t: &str| position.in_edition_colors(t);
            let witness = match j.class {
                PlayClass::PFlub => "-".to_string(),
                PlayClass::AFlub | PlayClass::Forced => j.one_more.as_deref().map_or("-".into(), c),
                PlayClass::Safe => j.any.as_deref().map_or("-".into(), c),
            };
            [
                c(&j.play.to_string()),
                j.class.to_string(),
                j.alternative
                    .as_ref()
                    .map_or("-".into(), |a| c(&a.to_string())),
                witness,
            ]
        })
        .collect();
    table(o, &["play", "class", "alternative", "witness"], &rows);
    let _ = writeln!(
        o,
        "{} plays: {} safe, {} forced, {} a-flub, {} p-flub.",
        judged.len(),
        count(PlayClass::Safe),
        count(PlayClass::Forced),
        count(PlayClass::AFlub),
        count(PlayClass::PFlub)
    );
}

fn goals_1969(o: &mut String, position: &Position, as_json: bool) {
    let digits = goal_digits(position);
    let choices = goal_choices(position);
    let c = |t: &str| position.in_edition_colors(t);
    let flub = choices.iter().find(|g| g.possible());
    if as_json {
        let goals: Vec<Value> = choices
            .iter()
            .map(|g| {
                json!({
                    "goal": g.goal.to_string(),
                    "values": g.values,
                    "possible": g.possible(),
                    "safe": g.safe(),
                    "solution": g.any.as_deref().map(c),
                    "solution_one_more": g.one_more.as_deref().map(c),
                    "position": position_json(&g.position),
                })
            })
            .collect();
        let out = json!({
            "edition": "1969",
            "form": form_json(position),
            "digits": digits,
            "goals": goals,
            "no_goal_flub": flub.is_some(),
            "no_goal_challenge": flub.map(|g| json!({
                "goal": g.goal.to_string(),
                "solution": g.any.as_deref().map(c),
            })),
        });
        let _ = writeln!(o, "{out}");
        return;
    }
    let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(
        o,
        "{}: Goals from the numeral cubes {} (M69 3.1; one per value, all other Resources usable):",
        edition_1969(position),
        ds.join(" ")
    );
    let rows: Vec<[String; 4]> = choices
        .iter()
        .map(|g| {
            let values: Vec<String> = g.values.iter().map(|v| v.to_string()).collect();
            let (class, witness) = if g.safe() {
                ("safe", g.any.as_deref())
            } else if g.possible() {
                ("one more cube", g.one_more.as_deref())
            } else {
                ("no Solution", None)
            };
            [
                g.goal.to_string(),
                values.join(" or "),
                class.to_string(),
                witness.map_or("-".into(), c),
            ]
        })
        .collect();
    table(o, &["Goal", "value", "claims", "Solution"], &rows);
    let possible = choices.iter().filter(|g| g.possible()).count();
    let safe = choices.iter().filter(|g| g.safe()).count();
    let _ = writeln!(
        o,
        "{possible} of {} Goals possible, {safe} safe (A- and P-claims kept).",
        choices.len()
    );
    match flub {
        Some(g) => {
            let _ = writeln!(
                o,
                "\"No Goal\" would be a Flub (3.5 A): Goal {} has a Solution ({}).",
                g.goal,
                g.any.as_deref().map_or(String::new(), c)
            );
        }
        None => {
            let _ = writeln!(
                o,
                "\"No Goal\" is right: no Goal the numeral cubes allow has a Solution (3.5 A)."
            );
        }
    }
}
