//! `onsets manual`: the 1969 manual's introductory and solitaire games in
//! the terminal (issue 15 item 4; docs/manual-1969.md). A line-oriented
//! interface: the state is printed, the player types a Set-Name (or a Goal
//! and a Set-Name, or a number from the menu), and the game's state machine
//! (crates/onsets-manual) judges it. Standard input may be a pipe.

use crate::emit;
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use onsets_core::CardSet;
use onsets_manual::intro::{Family, Intro, IntroAct, IntroGame};
use onsets_manual::kit;
use onsets_manual::puzzles;
use onsets_manual::solitaire::{Solitaire, SolitaireAct, SolitaireGame, Status};
use std::io::BufRead;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets manual list
  onsets manual play cube-fish --players 3 --seed 7
  onsets manual play go-through --seed 1
  onsets manual play one-advanced
  onsets manual puzzles

Orange dots and cubes are written O (B R G O). Set-Names use ∪ (or U), ∩ (or n),
− (or -), ′ (or '), V, Λ (or ^), = and ⊆ (or <); statements are separated by `;`.")]
pub struct ManualArgs {
    #[command(subcommand)]
    pub command: ManualCommand,
}

#[derive(Debug, Subcommand)]
pub enum ManualCommand {
    /// List the 28 introductory games and the three solitaire games
    List {
        /// One JSON object per game
        #[arg(long)]
        json: bool,
    },
    /// Play a game: its id (`cube-fish`, `out-cup`, `inc-sets`), number (1–28),
    /// or a solitaire game (`one`, `one-advanced`, `go-through`, `a-b`)
    Play {
        game: String,
        /// Seed of the deal and the throws (the same seed, the same game)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players (teams in SQUAD games) for the introductory games
        #[arg(long, default_value_t = 2)]
        players: usize,
    },
    /// The manual's puzzles, exercises and examples, each re-derived as far as the scan allows
    Puzzles {
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: &ManualArgs) -> Result<u8> {
    match &args.command {
        ManualCommand::List { json } => list(*json),
        ManualCommand::Play {
            game,
            seed,
            players,
        } => play(game, *seed, *players),
        ManualCommand::Puzzles { json } => puzzles_cmd(*json),
    }
}

fn list(json: bool) -> Result<u8> {
    let mut out = String::new();
    for g in IntroGame::all() {
        let d = g.describe();
        if json {
            out.push_str(&serde_json::to_string(&d)?);
        } else {
            out.push_str(&format!(
                "{:>2}  {:<12} {:<11} {:<6} {}",
                d.number, d.id, d.title, d.section, d.teaches
            ));
        }
        out.push('\n');
    }
    for g in SolitaireGame::ALL {
        let d = g.describe();
        if json {
            out.push_str(&serde_json::to_string(&d)?);
        } else {
            out.push_str(&format!(
                "    {:<12} {:<11} {:<6} {}",
                g.id(),
                g.title(),
                g.section(),
                d["aim"].as_str().unwrap_or_default()
            ));
        }
        out.push('\n');
    }
    if !json {
        out.push_str("    one-advanced: ONE with the Advanced shaking set (statements allowed)\n");
    }
    emit(&out);
    Ok(0)
}

fn puzzles_cmd(json: bool) -> Result<u8> {
    let mut out = String::new();
    let mut failed = false;
    for item in puzzles::items() {
        let v = item.verify();
        failed |= !v.ok;
        if json {
            out.push_str(&serde_json::to_string(&v)?);
        } else {
            out.push_str(&format!(
                "{} ({}) {}\n  {}\n  printed answer: {}\n  checked: {}: {}\n",
                v.id,
                v.section,
                if v.ok { "✓" } else { "✗" },
                v.question,
                v.printed_answer,
                v.checked,
                v.detail
            ));
            if !v.lost.is_empty() {
                out.push_str(&format!("  lost: {}\n", v.lost));
            }
        }
        out.push('\n');
    }
    emit(&out);
    Ok(u8::from(failed))
}

fn play(name: &str, seed: u64, players: usize) -> Result<u8> {
    if let Some((g, advanced)) = SolitaireGame::find(name) {
        return play_solitaire(Solitaire::new(g, advanced, seed));
    }
    match IntroGame::find(name) {
        Some(g) => play_intro(Intro::new(g, players, seed)),
        None => bail!(
            "unknown game `{name}`: `onsets manual list` shows the 28 introductory games and the solitaire games"
        ),
    }
}

fn lines() -> impl Iterator<Item = String> {
    std::io::stdin().lock().lines().map_while(Result::ok)
}

fn seat_name(g: &Intro, s: usize) -> String {
    if g.game().family == Family::Squad {
        format!("team {}", s + 1)
    } else {
        format!("player {}", s + 1)
    }
}

fn show_intro(g: &Intro, menu: &[(String, CardSet)]) -> String {
    let d = g.game().describe();
    let v = g.view();
    let mut s = String::new();
    if let Some(last) = g.last() {
        s.push_str(&format!("\n» {}\n", last.message));
    }
    s.push_str(&format!(
        "\n{} ({}) · throw {}\n",
        d.title,
        d.section,
        g.turns()
    ));
    for (i, t) in g.tables().iter().enumerate() {
        let whose = match g.game().family {
            Family::Fish | Family::Sets => "table".to_string(),
            _ => seat_name(g, i),
        };
        s.push_str(&format!(
            "  {whose:<8} {}\n",
            if t.is_empty() {
                "(no cards)".to_string()
            } else {
                t.iter()
                    .map(|c| kit::card_name(*c))
                    .collect::<Vec<_>>()
                    .join("  ")
            }
        ));
    }
    s.push_str(&format!(
        "  cards turned down: {}\n",
        g.won()
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{} {}", seat_name(g, i), w.len()))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    s.push_str(&format!(
        "  throw: {}{}\n",
        v["throw"]
            .as_array()
            .map(|a| a
                .iter()
                .filter_map(|x| x.as_str())
                .collect::<Vec<_>>()
                .join(" "))
            .unwrap_or_default(),
        g.game()
            .idea
            .face_up()
            .map(|f| format!("   face up: {}", kit::symbol_name(f)))
            .unwrap_or_default()
    ));
    if g.is_over() {
        return s;
    }
    match g.turn() {
        Some(t) => s.push_str(&format!("  {} to play.\n", seat_name(g, t))),
        None => s.push_str("  The teacher names the set for every team.\n"),
    }
    if g.game().family == Family::Sets {
        s.push_str("  Type a Goal and a Set-Name (e.g. `2 R ∪ B`), `pass`, `hint` or `quit`.\n");
    } else {
        for (i, (t, f)) in menu.iter().enumerate().take(9) {
            s.push_str(&format!("   {}. {t}  →  {}\n", i + 1, kit::cards_name(*f)));
        }
        s.push_str("  Type the Set-Name (or statement), a number from the list, or `quit`.\n");
    }
    s
}

fn intro_menu(g: &Intro) -> Vec<(String, CardSet)> {
    let cards = match (g.game().family, g.turn()) {
        (Family::Out, Some(t)) => &g.tables()[t],
        _ => &g.tables()[0],
    };
    let set = cards.iter().fold(CardSet::EMPTY, |s, c| s.with(*c));
    g.namings(set)
}

fn play_intro(mut g: Intro) -> Result<u8> {
    emit(&format!(
        "{}\n",
        serde_json::to_string_pretty(&g.game().describe())?
            .lines()
            .filter(|l| l.contains("\"teaches\"") || l.contains("\"procedure\""))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n")
    ));
    let mut menu = intro_menu(&g);
    emit(&show_intro(&g, &menu));
    for line in lines() {
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        if line == "quit" || line == "q" {
            return Ok(0);
        }
        let act = if g.game().family == Family::Sets {
            if line == "pass" {
                IntroAct::Pass
            } else if line == "hint" {
                emit(&match g.fitting_claim() {
                    Some((goal, t)) => format!("  hint: {goal} {t}\n"),
                    None => "  hint: nothing fits this throw; pass.\n".into(),
                });
                continue;
            } else {
                let (goal, text) = line.split_once(char::is_whitespace).unwrap_or((&line, ""));
                match goal.parse::<u8>() {
                    Ok(goal) => IntroAct::Claim {
                        goal,
                        text: text.to_string(),
                    },
                    Err(_) => {
                        emit("  Type a Goal (a thrown numeral), then the Set-Name; or `pass`.\n");
                        continue;
                    }
                }
            }
        } else {
            match line.parse::<usize>() {
                Ok(k) if (1..=menu.len()).contains(&k) => IntroAct::Name {
                    text: menu[k - 1].0.clone(),
                },
                _ => IntroAct::Name { text: line },
            }
        };
        if let Err(e) = g.act(&act) {
            emit(&format!("  ✗ {e}\n"));
            continue;
        }
        menu = intro_menu(&g);
        emit(&show_intro(&g, &menu));
        if g.is_over() {
            let w: Vec<String> = g.winners().iter().map(|s| seat_name(&g, *s)).collect();
            emit(&format!(
                "\nGame over: {} win{}.\n",
                w.join(" and "),
                if w.len() == 1 { "s" } else { "" }
            ));
            return Ok(0);
        }
    }
    Ok(0)
}

fn show_solitaire(g: &Solitaire) -> String {
    let v = g.view();
    let mut s = String::new();
    if let Some(last) = g.last() {
        s.push_str(&format!("\n» {}\n", last.message));
    }
    s.push_str(&format!(
        "\n{} ({}) · score {} of {}\n  cards: {}\n  throw: {}\n",
        g.game().title(),
        g.game().section(),
        g.score(),
        g.max_score(),
        g.table()
            .iter()
            .map(|c| kit::card_name(*c))
            .collect::<Vec<_>>()
            .join("  "),
        g.throw()
            .iter()
            .map(|c| kit::symbol_name(*c))
            .collect::<Vec<_>>()
            .join(" ")
    ));
    match g.game() {
        SolitaireGame::GoThrough => s.push_str(&format!(
            "  left to deal: {} · turned down: {}\n",
            v["stack"], v["down"]
        )),
        SolitaireGame::AB => s.push_str(&format!("  A = {}, B = {}\n", v["a"], v["b"])),
        SolitaireGame::One => {}
    }
    if g.status() == Status::Playing {
        s.push_str(match g.game() {
            SolitaireGame::AB => "  Type the Set-Names separated by `|`, `hint`, or `give up`.\n",
            SolitaireGame::One if v["advanced"] == true => {
                "  Type a Set-Name (statements first, separated by `;`), `hint`, or `give up`.\n"
            }
            _ => "  Type a Set-Name, `hint`, or `give up`.\n",
        });
    }
    s
}

fn play_solitaire(mut g: Solitaire) -> Result<u8> {
    emit(&format!(
        "{}\n",
        g.game().describe()["method"].as_str().unwrap_or_default()
    ));
    emit(&show_solitaire(&g));
    let mut input = lines();
    while g.status() == Status::Playing {
        let Some(line) = input.next() else { break };
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        let act = match line.as_str() {
            "give up" | "giveup" | "quit" | "q" => SolitaireAct::GiveUp,
            "hint" => SolitaireAct::Hint,
            _ if g.game() == SolitaireGame::AB => SolitaireAct::Names {
                texts: line.split('|').map(|t| t.trim().to_string()).collect(),
            },
            _ => SolitaireAct::Name { text: line },
        };
        if let Err(e) = g.act(&act) {
            emit(&format!("  ✗ {e}\n"));
            continue;
        }
        emit(&show_solitaire(&g));
    }
    if g.status() != Status::Playing {
        emit(&format!(
            "\n{}. Score {} of {}.{}\n",
            if g.status() == Status::Won {
                "You win"
            } else {
                "Game over"
            },
            g.score(),
            g.max_score(),
            g.answer().map(|a| format!("\n{a}")).unwrap_or_default()
        ));
    }
    Ok(0)
}
