//! `onsets manual`: the 1969 manual's introductory and solitaire games in
//! the terminal (docs/manual-1969.md). A line-oriented interface: the state
//! is printed in words, the player types a Set-Name and the cards it fishes
//! out (or a Goal and a Set-Name), and the game's state machine
//! (crates/onsets-manual) judges it; the screen never lists the answers.
//! Standard input may be a pipe.

use crate::emit;
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use onsets_core::Card;
use onsets_manual::intro::{Family, Idea, Intro, IntroAct, IntroGame};
use onsets_manual::kit;
use onsets_manual::puzzles;
use onsets_manual::solitaire::{Solitaire, SolitaireAct, SolitaireGame, Status};
use std::io::BufRead;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets manual list
  onsets manual show out-cup
  onsets manual play cube-fish --players 3 --seed 7
  onsets manual play cube-fish --first-to-31
  onsets manual play go-through --seed 1
  onsets manual play one-advanced
  onsets manual puzzles

Orange dots and cubes are written O (B R G O; a typed Y is read as O). Set-Names use ∪ (or U), ∩ (or n),
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
    /// What a game teaches, its players and materials, and how it is played, in words
    Show {
        /// The game's id, number or title (as for `play`)
        game: String,
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
        /// FISH games: the manual's alternate scoring, rounds until someone has 31 (M69 8.1-A)
        #[arg(long)]
        first_to_31: bool,
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
        ManualCommand::Show { game } => show(game),
        ManualCommand::Play {
            game,
            seed,
            players,
            first_to_31,
        } => play(game, *seed, *players, *first_to_31),
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

fn unknown(name: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "unknown game `{name}`: `onsets manual list` shows the 28 introductory games and the solitaire games"
    )
}

/// Wraps `text` at 78 columns, each line indented by `indent`.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.chars().count() + 1 + word.chars().count() > 78 {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

/// A game described in words: the manual's text and the software's reading.
fn describe_words(name: &str) -> Result<String> {
    let mut s = String::new();
    if let Some((g, advanced)) = SolitaireGame::find(name) {
        let d = g.describe();
        let field = |k: &str| d[k].as_str().unwrap_or_default().to_string();
        s.push_str(&format!(
            "{}{} (M69 {}), a solitaire game\n\nAim:\n{}\nMaterials:\n{}\nHow to play:\n{}",
            g.title(),
            if advanced {
                ", Advanced shaking set"
            } else {
                ""
            },
            g.section(),
            wrap(&field("aim"), "  "),
            wrap(&field("materials"), "  "),
            wrap(&field("method"), "  ")
        ));
        if let Some(notes) = d["notes"].as_array() {
            s.push_str("\nThe software's reading:\n");
            for n in notes.iter().filter_map(|n| n.as_str()) {
                s.push_str(&wrap(&format!("- {n}"), "  "));
            }
        }
        return Ok(s);
    }
    let g = IntroGame::find(name).ok_or_else(|| unknown(name))?;
    let d = g.describe();
    s.push_str(&format!(
        "{} (M69 {}), introductory game {} of 28\n\nWhat it teaches:\n{}\nPlayers:\n{}\nMaterials:\n{}\nHow to play:\n{}\nHow the software judges:\n{}",
        d.title,
        d.section,
        d.number,
        wrap(&d.teaches, "  "),
        wrap(&d.players, "  "),
        wrap(&d.materials, "  "),
        wrap(&d.procedure, "  "),
        wrap(&d.judged, "  ")
    ));
    s.push_str("\nThe software's reading:\n");
    for n in &d.notes {
        s.push_str(&wrap(&format!("- {n}"), "  "));
    }
    Ok(s)
}

fn show(name: &str) -> Result<u8> {
    emit(&describe_words(name)?);
    Ok(0)
}

fn play(name: &str, seed: u64, players: usize, first_to_31: bool) -> Result<u8> {
    if let Some((g, advanced)) = SolitaireGame::find(name) {
        if first_to_31 {
            bail!(
                "--first-to-31 is the FISH games' alternate scoring (M69 8.1-A), not {}'s",
                g.title()
            );
        }
        return play_solitaire(Solitaire::new(g, advanced, seed));
    }
    let g = IntroGame::find(name).ok_or_else(|| unknown(name))?;
    let game = if first_to_31 {
        Intro::first_to_31(g, players, seed).ok_or_else(|| {
            anyhow::anyhow!(
                "--first-to-31 is the FISH games' alternate scoring (M69 8.1-A), not {}'s",
                g.title()
            )
        })?
    } else {
        Intro::new(g, players, seed)
    };
    play_intro(game)
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

fn cards_row(cards: &[Card]) -> String {
    if cards.is_empty() {
        "(no cards)".to_string()
    } else {
        cards
            .iter()
            .map(|c| kit::card_name(*c))
            .collect::<Vec<_>>()
            .join("  ")
    }
}

fn throw_words(g: &Intro) -> String {
    g.throw()
        .iter()
        .map(|s| kit::symbol_name(*s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cards on the table, in words: one table (FISH, SETS) or each
/// player's or team's cards (OUT, SQUAD, every team shown).
fn tables_words(g: &Intro) -> String {
    let v = g.view();
    let decks: Vec<u64> = v["decks"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x.as_u64()).collect())
        .unwrap_or_default();
    let mut s = String::new();
    match g.game().family {
        Family::Fish | Family::Sets => s.push_str(&format!(
            "  face-up cards ({} left to deal): {}\n",
            decks.first().copied().unwrap_or(0),
            cards_row(&g.tables()[0])
        )),
        Family::Out => {
            for (i, t) in g.tables().iter().enumerate() {
                s.push_str(&format!(
                    "  {}'s cards: {}\n",
                    seat_name(g, i),
                    cards_row(t)
                ));
            }
        }
        Family::Squad => {
            for (i, t) in g.tables().iter().enumerate() {
                s.push_str(&format!(
                    "  {}'s cards ({} left to deal): {}\n",
                    seat_name(g, i),
                    decks.get(i).copied().unwrap_or(0),
                    cards_row(t)
                ));
            }
        }
    }
    s
}

/// What the player types now, in words (never the answer).
fn prompt(g: &Intro) -> String {
    let game = g.game();
    let op = game
        .idea
        .face_up()
        .map(kit::symbol_name)
        .unwrap_or_default();
    let squad = game.family == Family::Squad;
    let teams = if squad {
        " For the teams, separate their cards with `|` (team 1's first)."
    } else {
        ""
    };
    match (game.family, game.idea) {
        (Family::Sets, idea) => {
            let example = match idea {
                Idea::Cube => "2 B".to_string(),
                Idea::Comp => "2 B′".to_string(),
                Idea::Eq | Idea::Inc => format!("2 B {op} R"),
                _ => format!("2 B {op} R"),
            };
            format!("  Type a Goal (a thrown numeral) and a {} from the throw, e.g. `{example}`; or `pass`, `hint`, `quit`.\n", if matches!(idea, Idea::Eq | Idea::Inc) { "statement" } else { "Set-Name" })
        }
        (_, Idea::Cube) => format!(
            "  Which cards does {} fish out? Type them (e.g. `BG RG`), or `none`.{teams} `quit` to stop.\n",
            throw_words(g)
        ),
        (_, Idea::Eq | Idea::Inc) => format!(
            "  Build a statement with {op} from the throw, then the cards for which it is true: `B {op} R : BG O` (or the statement alone, then the cards).{teams} `quit` to stop.\n"
        ),
        (_, Idea::Comp) => format!(
            "  Put the prime after one of the thrown colors (X′), then type the cards it fishes out: `B′ : R G blank` (or the Set-Name alone, then the cards).{teams} `quit` to stop.\n"
        ),
        _ => format!(
            "  Put a thrown color on either side of {op}, then type the cards it fishes out: `B {op} R : BG R` (or the Set-Name alone, then the cards).{teams} `quit` to stop.\n"
        ),
    }
}

fn show_intro(g: &Intro) -> String {
    let d = g.game().describe();
    let mut s = String::new();
    if let Some(last) = g.last() {
        s.push_str(&format!("\n» {}\n", last.message));
    }
    if g.is_over() {
        return s;
    }
    s.push_str(&format!(
        "\n{} (M69 {}) · throw {}",
        d.title,
        d.section,
        g.turns()
    ));
    if let Some(totals) = g.totals() {
        s.push_str(&format!(
            " · round {} · points so far: {}",
            g.round(),
            totals
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{} {t}", seat_name(g, i)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    s.push('\n');
    s.push_str(&tables_words(g));
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
        "  the throw: {}{}\n",
        throw_words(g),
        g.game()
            .idea
            .face_up()
            .map(|f| format!("   face up: {}", kit::symbol_name(f)))
            .unwrap_or_default()
    ));
    if !g.playoff().is_empty() {
        s.push_str(&format!(
            "  sudden-death play-off between {}\n",
            g.playoff()
                .iter()
                .map(|p| seat_name(g, *p))
                .collect::<Vec<_>>()
                .join(" and ")
        ));
    }
    if g.mistakes() > 0 {
        s.push_str(&format!(
            "  answers judged wrong so far: {}\n",
            g.mistakes()
        ));
    }
    match g.turn() {
        Some(t) => s.push_str(&format!("  {} to play.\n", seat_name(g, t))),
        None => s.push_str("  The teacher throws and names the set for every team.\n"),
    }
    s.push_str(&prompt(g));
    s
}

/// The teams that answer in a SQUAD game (all, or the play-off's).
fn answering(g: &Intro) -> Vec<usize> {
    match g.game().family {
        Family::Squad if !g.playoff().is_empty() => g.playoff().to_vec(),
        Family::Squad => (0..g.seats()).collect(),
        _ => vec![0],
    }
}

/// A FISH, OUT or SQUAD answer being typed: the Set-Name, then the cards
/// (for each team in SQUAD).
struct Pending {
    text: String,
    cards: Vec<String>,
}

/// Reads one line of a FISH, OUT or SQUAD game. Returns the act once the
/// Set-Name and every card list are typed; otherwise asks for what is next.
fn naming_line(g: &Intro, line: &str, pending: &mut Option<Pending>) -> Option<IntroAct> {
    let teams = answering(g);
    let slots = if g.game().family == Family::Squad {
        g.seats()
    } else {
        1
    };
    let act = |text: String, typed: Vec<String>| {
        let mut cards = vec!["none".to_string(); slots];
        for (slot, t) in teams
            .iter()
            .map(|t| if slots == 1 { 0 } else { *t })
            .zip(typed)
        {
            cards[slot] = t;
        }
        IntroAct::Name {
            text,
            cards: Some(cards),
        }
    };
    if let Some((text, cards)) = line.split_once(':') {
        let typed: Vec<String> = cards.split('|').map(|c| c.trim().to_string()).collect();
        return Some(act(text.trim().to_string(), typed));
    }
    let p = match pending.take() {
        Some(mut p) => {
            p.cards.push(line.to_string());
            p
        }
        None if g.game().idea == Idea::Cube => Pending {
            text: throw_words(g),
            cards: vec![line.to_string()],
        },
        None => {
            if let Err(e) = g.check_naming(line) {
                emit(&format!("  ✗ {e}\n"));
                return None;
            }
            Pending {
                text: line.to_string(),
                cards: Vec::new(),
            }
        }
    };
    if p.cards.len() >= teams.len() {
        return Some(act(p.text, p.cards));
    }
    let whose = if g.game().family == Family::Squad {
        format!(
            "{}: which of your cards",
            seat_name(g, teams[p.cards.len()])
        )
    } else {
        "Which cards".to_string()
    };
    emit(&format!(
        "  {whose} does {} fish out? (e.g. `BG RG`, or `none`)\n",
        p.text
    ));
    *pending = Some(p);
    None
}

/// Reads one line of a SETS game: a Goal and a Set-Name, `pass` or `hint`.
fn sets_line(g: &Intro, line: &str, hints: &mut u32) -> Option<IntroAct> {
    if line == "pass" {
        return Some(IntroAct::Pass);
    }
    if line == "hint" {
        *hints += 1;
        emit(&match g.fitting_claim() {
            Some((goal, t)) => format!("  hint {hints}: {goal} {t}\n"),
            None => format!("  hint {hints}: nothing fits this throw; pass.\n"),
        });
        return None;
    }
    let (goal, text) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match goal.parse::<u8>() {
        Ok(goal) => Some(IntroAct::Claim {
            goal,
            text: text.to_string(),
        }),
        Err(_) => {
            emit("  Type a Goal (a thrown numeral), then the Set-Name; or `pass`.\n");
            None
        }
    }
}

fn play_intro(mut g: Intro) -> Result<u8> {
    let d = g.game().describe();
    emit(&format!(
        "{} (M69 {}): {}\n\nHow to play:\n{}`onsets manual show {}` says more.\n",
        d.title,
        d.section,
        d.teaches,
        wrap(&d.procedure, "  "),
        d.id
    ));
    emit(&show_intro(&g));
    let mut pending: Option<Pending> = None;
    let mut hints = 0;
    for line in lines() {
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        if line == "quit" || line == "q" {
            return Ok(0);
        }
        let act = if g.game().family == Family::Sets {
            sets_line(&g, &line, &mut hints)
        } else {
            naming_line(&g, &line, &mut pending)
        };
        let Some(act) = act else { continue };
        if let Err(e) = g.act(&act) {
            emit(&format!("  ✗ {e}\n"));
            emit(&prompt(&g));
            continue;
        }
        emit(&show_intro(&g));
        if g.is_over() {
            let w: Vec<String> = g.winners().iter().map(|s| seat_name(&g, *s)).collect();
            emit(&format!(
                "\nGame over after {} throws: {} win{}.\n",
                g.turns(),
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
        "\n{} (M69 {}) · score {} of {} · hints used: {}\n  cards: {}\n  the throw: {}\n",
        g.game().title(),
        g.game().section(),
        g.score(),
        g.max_score(),
        g.hints(),
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
            SolitaireGame::AB => "  Type the Set-Names separated by `|`, `hint`, or `give up` (ends the game and shows an answer).\n",
            SolitaireGame::One if v["advanced"] == true => {
                "  Type a Set-Name (statements first, separated by `;`), `hint`, or `give up` (ends the game and shows an answer).\n"
            }
            _ => "  Type a Set-Name, `hint`, or `give up` (ends the game and shows an answer).\n",
        });
    }
    s
}

fn play_solitaire(mut g: Solitaire) -> Result<u8> {
    let d = g.game().describe();
    emit(&format!(
        "{} (M69 {}): {}\n\nHow to play:\n{}`onsets manual show {}` says more.\n",
        g.game().title(),
        g.game().section(),
        d["aim"].as_str().unwrap_or_default(),
        wrap(d["method"].as_str().unwrap_or_default(), "  "),
        g.game().id()
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
            "\n{}. Score {} of {}, with {} hint{}.{}\n",
            if g.status() == Status::Won {
                "You win"
            } else {
                "Game over"
            },
            g.score(),
            g.max_score(),
            g.hints(),
            if g.hints() == 1 { "" } else { "s" },
            g.answer().map(|a| format!("\n{a}")).unwrap_or_default()
        ));
    }
    Ok(0)
}
