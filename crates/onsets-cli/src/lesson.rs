//! `onsets lesson`: the lessons of Basic On-Sets, Restrictions and the
//! variations in the terminal (docs/lessons.md).
//!
//! * `onsets lesson list [--json]`: every lesson with its rule and steps;
//! * `onsets lesson show ID [--answers] [--json]`: each step's text, position,
//!   task and hint, and with `--answers` the answer found by the solver, the
//!   checker's machinery or the engine ("show me").
//!
//! Exit status: 0; 2 for an unknown lesson.

use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};
use onsets_puzzles::lessons::{self, Lesson, Step};

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
