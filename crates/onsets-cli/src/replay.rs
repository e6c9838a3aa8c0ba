//! `onsets replay`: re-run a match log (JSON lines, docs/engine.md) and print
//! the scoresheet (XII); a 1969 game's log (header `format` `onsets-1969/1`,
//! docs/editions.md) is re-run by the 1969 game and its score sheet printed.

use crate::{emit, EXIT_INCORRECT, EXIT_UNREADABLE};
use anyhow::{Context, Result};
use clap::Args;
use onsets_engine::{Match, SeedCheck};
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  onsets replay match.jsonl
  onsets replay --json match.jsonl

The log is a header line then one action per line (docs/engine.md, \"Log schema\");
the header's \"dice\" may fix the first Goal-setter, each shake's faces and deal.
--json prints every event (faces rolled, cards dealt, set-asides and penalties with
their rules), each with its log line, beside the scoresheet.
Exit status: 0 the log replays; 1 an action breaks the rules (the line and the rule
are printed); 2 the file cannot be read or a line is not JSON of the schema.")]
pub struct ReplayArgs {
    /// The match log (JSON lines); `-` reads standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Print the events and the scoresheet (or the rejection) as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// Runs the command; returns the exit status.
pub fn run(args: &ReplayArgs) -> Result<u8> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?
    };
    if onsets_review::is_1969_log(&text) {
        return replay_1969(args, &text);
    }
    let (result, events) = Match::replay_with_events(&text);
    match result {
        Ok(m) => {
            let sheet = m.scoresheet();
            let seed = seed_words(m.config());
            if args.json {
                let mut v = serde_json::json!({
                    "ok": true,
                    "over": m.match_points().is_some(),
                    "actions": m.log().len(),
                    "events": events,
                    "scoresheet": sheet,
                });
                if let Some((check, _)) = seed {
                    v["seed_check"] = check.into();
                }
                emit(&format!("{v}\n"));
            } else {
                emit(&sheet.to_string());
                if m.match_points().is_none() {
                    emit("(the match is not over: no match points yet)\n");
                }
                if let Some((_, words)) = seed {
                    emit(&format!("{words}\n"));
                }
            }
            Ok(0)
        }
        Err(e) => {
            // A rule-breaking action: exit 1; a line that cannot be read: 2.
            let code = if e.rule.is_some() {
                EXIT_INCORRECT
            } else {
                EXIT_UNREADABLE
            };
            if args.json {
                let v = serde_json::json!({
                    "ok": false,
                    "line": e.line,
                    "rule": e.rule,
                    "message": e.message,
                    "events": events,
                });
                emit(&format!("{v}\n"));
            }
            eprintln!("onsets: {}: {e}", args.file.display());
            Ok(code)
        }
    }
}

/// What the header's seed commitment says (docs/security/hidden.md): `None`
/// for a log without one (written before commitments); a seed that does not
/// match its commitment never gets here (the replay refuses the header).
fn seed_words(config: &onsets_engine::MatchConfig) -> Option<(&'static str, &'static str)> {
    match config.verify_seed() {
        Ok(SeedCheck::Verified) => Some((
            "verified",
            "seed: SHA-256 of the salt and seed matches the commitment published at the start",
        )),
        Ok(SeedCheck::Withheld) => Some((
            "withheld",
            "seed: withheld (the log was read while the match was played; future rolls and deals are unknown)",
        )),
        _ => None,
    }
}

/// A 1969 game's log (M69 3.8–3.11): the score sheet, play by play, and the
/// totals. Exit 1 when an action breaks the manual's rules, 2 when a line is
/// not an action of the schema.
fn replay_1969(args: &ReplayArgs, text: &str) -> Result<u8> {
    use onsets_engine::manual1969::{Action1969, Game};
    match Game::replay(text) {
        Ok(g) => {
            let seed = seed_words(&g.header().config);
            if args.json {
                let mut v = serde_json::json!({
                    "ok": true,
                    "edition": "1969",
                    "form": g.form().name(),
                    "over": g.is_over(),
                    "actions": text.lines().filter(|l| !l.trim().is_empty()).count() - 1,
                    "plays": g.history(),
                    "totals": g.totals(),
                });
                if let Some((check, _)) = seed {
                    v["seed_check"] = check.into();
                }
                emit(&format!("{v}\n"));
            } else {
                let names = &g.header().config.players;
                let mut out = format!("1969 {} ON-SETS\n", g.form().name());
                // Each play's points by name, the note with the seats'
                // names (M69 3.8), never `player 1`.
                for line in g.history() {
                    out += &format!(
                        "play {}: {} ({})\n",
                        line.play,
                        line.points
                            .iter()
                            .zip(&line.penalties)
                            .zip(names)
                            .map(|((p, pen), n)| format!("{n} {}", p + pen))
                            .collect::<Vec<_>>()
                            .join(", "),
                        onsets_engine::manual1969::seats_named(&line.note, names)
                    );
                }
                let totals = g.totals();
                out += &names
                    .iter()
                    .zip(&totals)
                    .map(|(n, t)| format!("{n}: {t}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                out += "\n";
                if !g.is_over() {
                    out += "(the game is not over)\n";
                }
                if let Some((_, words)) = seed {
                    out += words;
                    out += "\n";
                }
                emit(&out);
            }
            Ok(0)
        }
        Err(message) => {
            // A line that is not an action of the schema cannot be read (2);
            // an action the rules refuse is incorrect (1).
            let unreadable = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .skip(1)
                .any(|l| serde_json::from_str::<Action1969>(l).is_err())
                || message.starts_with("line 1:")
                || message == "the log is empty";
            if args.json {
                emit(&format!(
                    "{}\n",
                    serde_json::json!({"ok": false, "edition": "1969", "message": message})
                ));
            }
            eprintln!("onsets: {}: {message}", args.file.display());
            Ok(if unreadable {
                EXIT_UNREADABLE
            } else {
                EXIT_INCORRECT
            })
        }
    }
}
