//! `onsets lesson`: the lessons of Basic On-Sets, Restrictions and the
//! variations in the terminal (docs/lessons.md).
//!
//! * `onsets lesson list [--json]`: every lesson with its rule and steps;
//! * `onsets lesson show ID [--answers] [--json]`: each step's text, position,
//!   task and hint, and with `--answers` the answer found by the solver, the
//!   checker's machinery or the engine ("show me");
//! * `onsets lesson play ID [--step N]`: the lesson done in the terminal, step
//!   by step: each step's text, position and task; the student's answer typed
//!   and judged by the same judge as the server's lessons
//!   (`onsets_puzzles::lessons::judge`); `hint`, `show`, `skip`, `quit`; the
//!   progress after every step. Standard input may be a pipe.
//!
//! Exit status: 0; 2 for an unknown lesson.

use crate::emit;
use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};
use onsets_puzzles::lessons::{self, Attempt, Lesson, Step, Task};
use std::io::BufRead;

#[derive(Debug, Args)]
pub struct LessonArgs {
    #[command(subcommand)]
    command: LessonCommand,
}

#[derive(Debug, Subcommand)]
enum LessonCommand {
    /// List the lessons
    List {
        /// One JSON object per line
        #[arg(long)]
        json: bool,
    },
    /// Show a lesson's steps
    Show {
        /// The lesson's id (see `onsets lesson list`)
        id: String,
        /// Also print each step's answer, found by the solver, checker or engine
        #[arg(long)]
        answers: bool,
        /// One JSON object
        #[arg(long)]
        json: bool,
    },
    /// Do a lesson: each step's task, your answer typed and judged, hints and progress
    Play {
        /// The lesson's id (see `onsets lesson list`)
        id: String,
        /// Start at this step (1-based)
        #[arg(long, default_value_t = 1)]
        step: usize,
    },
}

pub fn run(args: &LessonArgs) -> Result<u8> {
    match &args.command {
        LessonCommand::List { json } => {
            for l in lessons::lessons() {
                if *json {
                    println!("{}", lessons::summary(l));
                } else {
                    println!(
                        "{:<22} {:<10} {:<34} {} step(s)",
                        l.id,
                        l.rule,
                        l.title,
                        l.steps.len()
                    );
                }
            }
            Ok(0)
        }
        LessonCommand::Play { id, step } => {
            let basic = lessons::basic_lessons();
            let l = match basic.iter().find(|l| &l.id == id) {
                Some(l) => l,
                None => lessons::lesson(id).map_err(|e| anyhow!("{e}"))?,
            };
            if *step == 0 || *step > l.steps.len() {
                return Err(anyhow!(
                    "--step: lesson `{}` has steps 1 to {}",
                    l.id,
                    l.steps.len()
                ));
            }
            play(l, *step);
            Ok(0)
        }
        LessonCommand::Show { id, answers, json } => {
            // a Basic lesson needs no exercise built
            let basic = lessons::basic_lessons();
            let l = match basic.iter().find(|l| &l.id == id) {
                Some(l) => l,
                None => lessons::lesson(id).map_err(|e| anyhow!("{e}"))?,
            };
            if *json {
                let mut v = serde_json::to_value(l)?;
                if *answers {
                    for (i, s) in l.steps.iter().enumerate() {
                        v["steps"][i]["answer"] = serde_json::to_value(lessons::show(s))?;
                    }
                }
                println!("{v}");
            } else {
                print_lesson(l, *answers);
            }
            Ok(0)
        }
    }
}

fn print_lesson(l: &Lesson, answers: bool) {
    println!("{} ({})\n{}\n", l.title, l.rule, l.summary);
    for (i, s) in l.steps.iter().enumerate() {
        print_step(i + 1, s, answers);
    }
}

/// A step's text and position (the lesson player's screen).
fn print_step_to(out: &mut Vec<u8>, n: usize, s: &Step) {
    use std::io::Write;
    let p = s.position.to_raw();
    let _ = writeln!(out, "Step {n} [{}]", s.sections.join(", "));
    let _ = writeln!(out, "  {}", s.text);
    let _ = writeln!(out, "  Universe:  {}", p.universe);
    if !matches!(s.task, lessons::Task::SetGoal { .. }) {
        let _ = writeln!(
            out,
            "  Goal:      {}",
            serde_json::to_string(&p.goal).unwrap_or_default()
        );
    }
    let _ = writeln!(out, "  Required:  {}", p.required);
    let _ = writeln!(out, "  Permitted: {}", p.permitted);
    let _ = writeln!(out, "  Forbidden: {}", p.forbidden);
    let _ = writeln!(out, "  Resources: {}", p.resources);
    if !p.variations.is_empty() {
        let _ = writeln!(out, "  Variations: {}", p.variations.join(", "));
    }
    let _ = writeln!(out, "  Situation: {}", p.situation);
}

fn print_step(n: usize, s: &Step, answers: bool) {
    let p = s.position.to_raw();
    println!("Step {n} [{}]", s.sections.join(", "));
    println!("  {}", s.text);
    println!("  Universe:  {}", p.universe);
    if !matches!(s.task, lessons::Task::SetGoal { .. }) {
        println!(
            "  Goal:      {}",
            serde_json::to_string(&p.goal).unwrap_or_default()
        );
    }
    println!("  Required:  {}", p.required);
    println!("  Permitted: {}", p.permitted);
    println!("  Forbidden: {}", p.forbidden);
    println!("  Resources: {}", p.resources);
    if !p.variations.is_empty() {
        println!("  Variations: {}", p.variations.join(", "));
    }
    println!("  Situation: {}", p.situation);
    println!("  Hint: {}", s.hint);
    if answers {
        match lessons::show(s) {
            Some(a) => println!("  Answer: {}", a.text),
            None => println!("  Answer: none found"),
        }
    }
    println!();
}

/// What the student types for a task, in words.
fn task_words(t: &Task) -> &'static str {
    match t {
        Task::SetGoal { .. } => "Type the Goal in the notation (e.g. `3+2`, `3*2`, `3+~1`; ~ turns a cube upside down, a negative).",
        Task::Move { .. } => "Type the cube and where it goes: `R to required` (`permitted`, `forbidden`; a shift: `∪ from permitted to required`).",
        Task::Write => "Type a Solution (e.g. `B ∪ R`; ∪ ∩ − ′ may be typed U n - ').",
        Task::Challenge => "Type the correct challenge: `now`, `impossible` or `neither`.",
        Task::Score => "Type each player's points for the shake, in seat order (e.g. `6 -1`).",
    }
}

/// Reads a typed answer as the step's attempt, or says what to type.
fn attempt(task: &Task, line: &str) -> Result<Attempt, String> {
    match task {
        Task::SetGoal { .. } => Ok(Attempt::Goal { goal: line.into() }),
        Task::Write => Ok(Attempt::Solution {
            solution: line.into(),
        }),
        Task::Challenge => Ok(Attempt::Challenge {
            challenge: line.to_lowercase(),
        }),
        Task::Score => line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| {
                w.parse::<i32>()
                    .map_err(|_| format!("`{w}` is not a number of points"))
            })
            .collect::<Result<Vec<i32>, String>>()
            .map(|points| Attempt::Score { points }),
        Task::Move { .. } => {
            let words: Vec<&str> = line.split_whitespace().collect();
            let after = |key: &str| {
                words
                    .iter()
                    .position(|w| w.eq_ignore_ascii_case(key))
                    .and_then(|i| words.get(i + 1))
                    .map(|w| w.to_lowercase())
            };
            let cube = words.first().ok_or("type the cube first")?.to_string();
            let to = after("to")
                .or_else(|| (words.len() == 2).then(|| words[1].to_lowercase()))
                .ok_or("say where the cube goes: `R to required`")?;
            Ok(Attempt::Move {
                cube,
                from: after("from"),
                to,
            })
        }
    }
}

/// The progress line: steps done, right at the first answer, hints.
struct Progress {
    done: usize,
    first_time: usize,
    hints: usize,
    shown: usize,
}

fn progress_words(p: &Progress, total: usize) -> String {
    format!(
        "Progress: {} of {total} step(s) done, {} right at the first answer, {} hint(s), {} answer(s) shown.",
        p.done, p.first_time, p.hints, p.shown
    )
}

/// Plays one step; `false` when the student quits.
fn play_step(
    n: usize,
    total: usize,
    s: &Step,
    input: &mut impl Iterator<Item = String>,
    p: &mut Progress,
) -> bool {
    emit(&format!("\n── Step {n} of {total} ──\n"));
    let mut out = Vec::new();
    print_step_to(&mut out, n, s);
    emit(&String::from_utf8_lossy(&out));
    emit(&format!(
        "  {}\n  (`hint`, `show` for an answer, `skip`, `quit`)\n",
        task_words(&s.task)
    ));
    let mut tries = 0;
    let mut hinted = false;
    for line in input.by_ref() {
        let line = line.trim().to_string();
        match line.as_str() {
            "" => continue,
            "quit" | "q" => return false,
            "hint" => {
                p.hints += usize::from(!hinted);
                hinted = true;
                emit(&format!("  Hint: {}\n", s.hint));
                continue;
            }
            "skip" => {
                emit("  Skipped.\n");
                return true;
            }
            "show" => {
                p.shown += 1;
                match lessons::show(s) {
                    Some(a) => emit(&format!("  An answer: {}\n", a.text)),
                    None => emit("  No answer was found for this step.\n"),
                }
                p.done += 1;
                return true;
            }
            _ => {}
        }
        let a = match attempt(&s.task, &line) {
            Ok(a) => a,
            Err(e) => {
                emit(&format!("  ✗ {e}\n"));
                continue;
            }
        };
        tries += 1;
        match lessons::judge(s, &a) {
            Ok(o) if o.correct => {
                emit(&format!("  ✓ {}\n", o.message));
                p.done += 1;
                p.first_time += usize::from(tries == 1);
                emit(&format!("  {}\n", progress_words(p, total)));
                return true;
            }
            Ok(o) => {
                emit(&format!("  ✗ {}\n", o.message));
                for r in &o.reasons {
                    emit(&format!("    - {} ({})\n", r.message, r.section));
                }
                emit("  Try again (`hint`, `show`, `skip`).\n");
            }
            Err(e) => emit(&format!("  ✗ {e}\n")),
        }
    }
    false
}

/// Plays a lesson from step `from` (1-based) to its end or `quit`.
fn play(l: &Lesson, from: usize) {
    emit(&format!("{} ({})\n{}\n", l.title, l.rule, l.summary));
    let mut input = std::io::stdin().lock().lines().map_while(Result::ok);
    let mut p = Progress {
        done: 0,
        first_time: 0,
        hints: 0,
        shown: 0,
    };
    let total = l.steps.len();
    for (i, s) in l.steps.iter().enumerate().skip(from - 1) {
        if !play_step(i + 1, total, s, &mut input, &mut p) {
            emit(&format!(
                "\nStopped at step {}. {}\n",
                i + 1,
                progress_words(&p, total)
            ));
            return;
        }
    }
    emit(&format!("\nLesson done. {}\n", progress_words(&p, total)));
}
