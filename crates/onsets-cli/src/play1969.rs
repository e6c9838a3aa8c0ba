//! `onsets play --edition 1969`: a 1969 game (Allen's manual, M69 §§2–3)
//! in the terminal, line by line: the mat is printed, a person types a
//! command, the bots answer (docs/editions.md, "1969 (Allen)"). It reads
//! standard input, so it also runs from a script.

use anyhow::{anyhow, Result};
use onsets_bots::manual1969::Bot1969;
use onsets_core::Form1969;
use onsets_engine::manual1969::{
    card_1969, face_1969, Act1969, Action1969, Alternative, Claim, DefaultClaims, Event1969, Game,
    Header1969, Pen, Phase1969, Settings1969, Side, MAX_PLAYERS_1969,
};
use onsets_engine::Place;
use std::io::{BufRead, Write};

const HELP: &str = "\
commands (3.1–3.11 of the 1969 rules):
  deal N              build the Universe of N cards (6 to 16)
  roll                shake the cubes
  goal TEXT           set the Goal: 4+2 side by side, 2*3 a column, ~1 upside-down
  nogoal              say \"No Goal\"
  accept              let \"No Goal\" stand
  bonus ID            \"Bonus\": cube ID to Forbidden before your move
  move ID r|p|f       move cube ID to Required, Permitted or Forbidden
  challenge a|p|ca|cp|nogoal   challenge the last Mover (ca, cp: C-claim from A, from P)
  pass                do not challenge now
  assert              a Solution can be built with one more cube
  join c|m            join the Challenger or the Mover
  write SOLUTION      write your Solution (you are asked for a Goal or an alternative when needed)
  decline             you cannot write a Solution
  stall SEAT          call \"stall\" on a seat (1, 2, ...)
  help, quit";

/// One person's typed command, read.
#[derive(Debug, PartialEq)]
pub enum Command {
    Act(Act1969),
    Pass,
    Help,
    Quit,
}

fn place(w: &str) -> Result<Place> {
    match w {
        "r" | "required" => Ok(Place::Required),
        "p" | "permitted" => Ok(Place::Permitted),
        "f" | "forbidden" => Ok(Place::Forbidden),
        _ => Err(anyhow!("`{w}`: a section is r, p or f")),
    }
}

/// Reads a command line for seat `me` (a `write` is completed by
/// [`complete_write`]).
pub fn parse(line: &str, me: usize) -> Result<Command> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let num = |w: &str| -> Result<u8> { w.parse().map_err(|_| anyhow!("`{w}` is not a number")) };
    let args: Vec<&str> = rest.split_whitespace().collect();
    Ok(Command::Act(match word {
        "" | "pass" => return Ok(Command::Pass),
        "help" | "?" => return Ok(Command::Help),
        "quit" | "q" => return Ok(Command::Quit),
        "deal" => Act1969::Deal {
            player: me,
            count: num(args.first().copied().unwrap_or("8"))?,
        },
        "roll" => Act1969::Roll { player: me },
        "goal" => Act1969::SetGoal {
            player: me,
            goal: rest.to_string(),
        },
        "nogoal" => Act1969::DeclareNoGoal { player: me },
        "accept" => Act1969::AcceptNoGoal { player: me },
        "bonus" => Act1969::Move {
            player: me,
            cube: num(args.first().copied().unwrap_or(""))?,
            to: Place::Forbidden,
            bonus: true,
        },
        "move" => {
            let [id, to] = args[..] else {
                return Err(anyhow!("move ID r|p|f"));
            };
            Act1969::Move {
                player: me,
                cube: num(id)?,
                to: place(to)?,
                bonus: false,
            }
        }
        "challenge" => Act1969::Challenge {
            player: me,
            claim: match rest {
                "a" => Claim::A,
                "p" => Claim::P,
                "ca" => Claim::CFromA,
                "cp" => Claim::CFromP,
                "nogoal" => Claim::NoGoal,
                _ => return Err(anyhow!("challenge a, p, ca, cp or nogoal")),
            },
        },
        "assert" => Act1969::Assert { player: me },
        "join" => Act1969::Join {
            player: me,
            side: match rest {
                "c" => Side::Challenger,
                "m" => Side::Mover,
                _ => return Err(anyhow!("join c or m")),
            },
        },
        "write" if !rest.is_empty() => Act1969::Write {
            player: me,
            solution: rest.to_string(),
            goal: None,
            alternative: None,
        },
        "decline" => Act1969::Decline { player: me },
        "stall" => {
            let seat = num(rest)? as usize;
            if seat == 0 {
                return Err(anyhow!("seats count from 1"));
            }
            Act1969::Stall {
                player: me,
                on: seat - 1,
            }
        }
        _ => return Err(anyhow!("`{line}`: not a command (help lists them)")),
    }))
}

/// Reads an alternative play: `K ID r|p|f` (a move) or `K goal TEXT`, with
/// an optional `bonus ID` in front.
pub fn parse_alternative(line: &str) -> Result<Alternative> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut alt = Alternative::default();
    if words.first() == Some(&"bonus") && words.len() >= 2 {
        alt.bonus = Some(words[1].parse().map_err(|_| anyhow!("bonus ID"))?);
        words.drain(..2);
    }
    let k: usize = words
        .first()
        .ok_or_else(|| anyhow!("the play the alternative replaces"))?
        .parse()
        .map_err(|_| anyhow!("the play is a number (0: the Goal)"))?;
    alt.play = Some(k);
    match &words[1..] {
        ["goal", g @ ..] if !g.is_empty() => alt.goal = Some(g.join(" ")),
        [id, to] => {
            alt.cube = Some(id.parse().map_err(|_| anyhow!("`{id}` is not a cube id"))?);
            alt.to = Some(place(to)?);
        }
        _ => return Err(anyhow!("K ID r|p|f, or K goal TEXT")),
    }
    Ok(alt)
}

fn show(g: &Game, out: &mut dyn Write) -> std::io::Result<()> {
    let names = &g.header().config.players;
    let phase = match g.phase() {
        Phase1969::Deal => format!("{} builds the Universe", names[g.dealer()]),
        Phase1969::Roll => format!("{} shakes", names[g.shaker()]),
        Phase1969::Goal { .. } => format!("{} sets a Goal or says No Goal", names[g.shaker()]),
        Phase1969::NoGoal { .. } => "\"No Goal\" said: challenge it or accept".into(),
        Phase1969::Moves { turn, .. } => format!("{}'s turn", names[*turn]),
        Phase1969::Challenge {
            claim,
            challenger,
            mover,
            ..
        } => format!(
            "{} challenges {}: {}",
            names[*challenger],
            names[*mover],
            claim.name()
        ),
        Phase1969::Assertion { asserter, .. } => format!("{} asserted", names[*asserter]),
        Phase1969::Over => "the game is over".into(),
    };
    writeln!(
        out,
        "-- play {} of {}: {phase}",
        g.play(),
        g.plays_in_game()
    )?;
    if !g.dealt().is_empty() {
        let u: Vec<String> = g.dealt().iter().map(|m| card_1969(*m)).collect();
        writeln!(out, "   Universe: {}", u.join(" "))?;
    }
    if let Some(goal) = g.goal() {
        writeln!(out, "   Goal: {goal}")?;
    }
    if matches!(g.phase(), Phase1969::Deal | Phase1969::Roll) {
        return Ok(());
    }
    for (p, title) in [
        (Place::Resources, "Resources"),
        (Place::Forbidden, "Forbidden"),
        (Place::Permitted, "Permitted"),
        (Place::Required, "Required"),
    ] {
        let cubes: Vec<String> = g
            .cubes()
            .iter()
            .filter(|c| c.place == p)
            .map(|c| format!("[{}]{}", c.id, face_1969(c.face)))
            .collect();
        if !cubes.is_empty() {
            writeln!(out, "   {title}: {}", cubes.join(" "))?;
        }
    }
    Ok(())
}

fn narrate(g: &Game, e: &Event1969) -> Option<String> {
    let n = |p: &usize| g.header().config.players[*p].clone();
    Some(match e {
        Event1969::Dealt { cards } => format!("dealt {}", cards.join(" ")),
        Event1969::Rolled { faces } => format!("rolled {}", faces.join(" ")),
        Event1969::BonusMove { player, cube } => {
            format!("{}: Bonus, cube {cube} to Forbidden", n(player))
        }
        Event1969::Moved { player, cube, to } => {
            format!("{} moved cube {cube} to {}", n(player), to.name())
        }
        Event1969::GoalSet { player, goal } => format!("{} set the Goal {goal}", n(player)),
        Event1969::NoGoalDeclared { player } => format!("{}: No Goal", n(player)),
        Event1969::Challenged {
            player,
            claim,
            against,
        } => {
            format!("{} challenges {}: {}", n(player), n(against), claim.name())
        }
        Event1969::CoinTossed { winner, .. } => format!("the coin picks {}", n(winner)),
        Event1969::Asserted { player } => {
            format!("{} asserts a Solution with one more cube", n(player))
        }
        Event1969::Joined { player, side } => format!("{} joins the {side:?}", n(player)),
        Event1969::Written {
            player,
            solution,
            sustained,
            reasons,
        } => format!(
            "{} writes {solution}: {}",
            n(player),
            if *sustained {
                "sustained".to_string()
            } else {
                format!("not sustained ({})", reasons.join("; "))
            }
        ),
        Event1969::Declined { player } => format!("{} cannot write a Solution", n(player)),
        Event1969::StallMissed { player, periods } => {
            format!("{} missed {periods} stall period(s): -{periods}", n(player))
        }
        Event1969::PlayScored { scores, note, .. } => format!("scores {scores:?}: {note}"),
        Event1969::GameOver { totals } => format!("game over, totals {totals:?}"),
        _ => return None,
    })
}

/// Plays a 1969 game: `seats` are `None` for a person, `Some(careful)` for
/// a bot. The log (JSON lines, [`Game::log_lines`]) is written to `log` at
/// the end, whatever ended the game; the file is created first, so a path
/// that cannot be written is refused before the game.
pub fn run(
    form: Form1969,
    seats: &[Option<bool>],
    names: &[String],
    seed: u64,
    log: Option<&std::path::Path>,
) -> Result<u8> {
    if !(2..=MAX_PLAYERS_1969).contains(&seats.len()) {
        return Err(anyhow!(
            "--players: a 1969 game has 2 to {MAX_PLAYERS_1969} seats"
        ));
    }
    let header = Header1969::new(seed, names, form, Settings1969::default());
    let (mut g, _) = Game::new(header).map_err(|e| anyhow!("{e}"))?;
    let mut file = match log {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| anyhow!("cannot write the game log {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let result = play(form, seats, names, seed, &mut g);
    if let (Some(file), Some(path)) = (&mut file, log) {
        let mut text = g.log_lines().join("\n");
        text.push('\n');
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| anyhow!("cannot write the game log {}: {e}", path.display()))?;
    }
    result
}

/// The game loop of [`run`], on `g`.
fn play(
    form: Form1969,
    seats: &[Option<bool>],
    names: &[String],
    seed: u64,
    g: &mut Game,
) -> Result<u8> {
    let bots: Vec<Option<Bot1969>> = seats
        .iter()
        .enumerate()
        .map(|(p, s)| {
            s.map(|careful| {
                if careful {
                    Bot1969::new(p)
                } else {
                    Bot1969::careless(p, seed)
                }
            })
        })
        .collect();
    let mut claims = DefaultClaims::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    writeln!(
        out,
        "ON-SETS, 1969 rules ({}): type `help` for the commands",
        form.name()
    )?;
    let mut t = 0u64;
    // A person who passed on challenging the play with this number.
    let mut passed: Vec<Option<(u32, usize)>> = vec![None; seats.len()];
    let mut shown = false;
    let mut held: Vec<Event1969> = Vec::new();
    loop {
        if g.is_over() {
            show(g, &mut out)?;
            writeln!(out, "totals: {:?}", g.totals())?;
            return Ok(0);
        }
        let key = (g.play(), g.plays().len());
        // A person decides first when awaited, or may challenge a play that
        // is not theirs (3.6: whether or not it is their turn).
        let person = (0..seats.len())
            .find(|&p| bots[p].is_none() && g.awaits(p))
            .or_else(|| {
                (0..seats.len()).find(|&p| {
                    bots[p].is_none()
                        && matches!(
                            g.phase(),
                            Phase1969::Moves { bonus: None, .. } | Phase1969::NoGoal { .. }
                        )
                        && g.last_mover().is_some_and(|m| m != p)
                        && passed[p] != Some(key)
                })
            });
        let act = if let Some(me) = person {
            if !shown {
                show(g, &mut out)?;
                shown = true;
            }
            write!(out, "{}> ", names[me])?;
            out.flush()?;
            let Some(line) = lines.next() else {
                return Ok(0);
            };
            match parse(&line?, me) {
                Ok(Command::Quit) => return Ok(0),
                Ok(Command::Help) => {
                    writeln!(out, "{HELP}")?;
                    continue;
                }
                Ok(Command::Pass) => {
                    if g.awaits(me) {
                        writeln!(out, "it is your decision: you may not pass (3.2)")?;
                    } else {
                        passed[me] = Some(key);
                    }
                    continue;
                }
                Ok(Command::Act(a)) => complete_write(g, a, &mut lines, &mut out)?,
                Err(e) => {
                    writeln!(out, "{e}")?;
                    continue;
                }
            }
        } else {
            let n = seats.len();
            let first = match g.phase() {
                Phase1969::Moves { turn, .. } => *turn,
                _ => (0..n).find(|&p| g.awaits(p)).unwrap_or(0),
            };
            match (0..n)
                .map(|i| (first + i) % n)
                .find_map(|p| bots[p].as_ref().and_then(|b| b.decide(g, &mut claims)))
            {
                Some(a) => a,
                None => return Err(anyhow!("nobody can act: the game is stuck")),
            }
        };
        t += 1000;
        match g.apply_with(Action1969 { at_ms: t, act }, &mut claims) {
            Ok((next, events)) => {
                *g = next;
                // Each writes independently (3.9 B): what is written shows
                // once the play is scored.
                let writing = match g.phase() {
                    Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                        pens.contains(&Pen::Due)
                    }
                    _ => false,
                };
                for e in &events {
                    if let (true, Event1969::Written { player, .. }) = (writing, e) {
                        writeln!(out, "   {} has written a Solution", names[*player])?;
                        held.push(e.clone());
                        continue;
                    }
                    if matches!(e, Event1969::PlayScored { .. }) {
                        for h in held.drain(..) {
                            if let Some(s) = narrate(g, &h) {
                                writeln!(out, "   {s}")?;
                            }
                        }
                    }
                    if let Some(s) = narrate(g, e) {
                        writeln!(out, "   {s}")?;
                    }
                }
                shown = false;
            }
            Err(e) => writeln!(out, "refused: {e}")?,
        }
    }
}

/// After a challenge's `write`, asks for what the claim needs: the Goal
/// (No-Goal) or the alternative play (A-claim, C-claim from A).
fn complete_write(
    g: &Game,
    mut act: Act1969,
    lines: &mut dyn Iterator<Item = std::io::Result<String>>,
    out: &mut dyn Write,
) -> Result<Act1969> {
    if let (
        Act1969::Write {
            goal, alternative, ..
        },
        Phase1969::Challenge { claim, pens, .. },
    ) = (&mut act, g.phase())
    {
        if pens.iter().all(|p| *p != Pen::Due) {
            return Ok(act);
        }
        if *claim == Claim::NoGoal {
            write!(out, "the Goal you set: ")?;
            out.flush()?;
            *goal = lines.next().transpose()?.map(|l| l.trim().to_string());
        }
        if claim.needs_alternative() {
            write!(
                out,
                "the alternative play (K ID r|p|f, or K goal TEXT; K: the play it replaces, 0 is the Goal, {} the last): ",
                g.plays().len().saturating_sub(1)
            )?;
            out.flush()?;
            if let Some(l) = lines.next().transpose()? {
                match parse_alternative(&l) {
                    Ok(a) => *alternative = Some(a),
                    Err(e) => writeln!(out, "{e}: written without an alternative")?,
                }
            }
        }
    }
    Ok(act)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m69_commands_read_as_the_1969_acts() {
        assert_eq!(
            parse("move 4 r", 1).unwrap(),
            Command::Act(Act1969::Move {
                player: 1,
                cube: 4,
                to: Place::Required,
                bonus: false
            })
        );
        assert_eq!(
            parse("challenge ca", 0).unwrap(),
            Command::Act(Act1969::Challenge {
                player: 0,
                claim: Claim::CFromA
            })
        );
        assert_eq!(
            parse("stall 2", 0).unwrap(),
            Command::Act(Act1969::Stall { player: 0, on: 1 })
        );
        assert_eq!(parse("", 0).unwrap(), Command::Pass);
        assert!(parse("move 4", 0).is_err());
        assert!(parse("challenge x", 0).is_err());
        assert!(parse("stall 0", 0).is_err());
        let alt = parse_alternative("bonus 3 1 7 f").unwrap();
        assert_eq!(
            (alt.bonus, alt.play, alt.cube, alt.to),
            (Some(3), Some(1), Some(7), Some(Place::Forbidden))
        );
        let alt = parse_alternative("0 goal 2+4").unwrap();
        assert_eq!(alt.goal.as_deref(), Some("2+4"));
    }
}
