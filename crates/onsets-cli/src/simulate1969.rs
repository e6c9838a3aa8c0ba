//! `onsets simulate --edition 1969`: bot-only games of Allen's 1969 manual
//! (docs/editions.md, "1969 (Allen)").

use anyhow::{anyhow, bail, Context, Result};
use onsets_bots::manual1969::{simulate_1969, Stats1969};
use onsets_core::Form1969;
use onsets_engine::manual1969::Claim;
use std::path::Path;

/// Plays `plays` plays (whole games of one play per seat, at least one) and
/// prints the statistics.
pub fn run(
    form: Form1969,
    careful: &[bool],
    plays: u64,
    seed: u64,
    json: bool,
    log_dir: Option<&Path>,
) -> Result<u8> {
    let seats = careful.len();
    if !(2..=onsets_engine::manual1969::MAX_PLAYERS_1969).contains(&seats) {
        bail!(
            "--players: a 1969 game has 2 to {} seats",
            onsets_engine::manual1969::MAX_PLAYERS_1969
        );
    }
    if plays == 0 {
        bail!("--shakes must be at least 1");
    }
    let games = plays.div_ceil(seats as u64);
    let (stats, logs) =
        simulate_1969(form, careful, games, seed, log_dir.is_some()).map_err(|e| anyhow!(e))?;
    if let Some(dir) = log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for (i, log) in logs.iter().enumerate() {
            let path = dir.join(format!("game-{:04}.jsonl", i + 1));
            std::fs::write(&path, log.join("\n") + "\n")
                .with_context(|| format!("writing {}", path.display()))?;
        }
        eprintln!("wrote {} game log(s) to {}", logs.len(), dir.display());
    }
    if json {
        crate::emit(&format!("{}\n", serde_json::to_string(&stats)?));
    } else {
        crate::emit(&text(form, seats, &stats));
    }
    if stats.stuck > 0 {
        bail!("{} game(s) stopped with nobody able to act", stats.stuck);
    }
    Ok(0)
}

fn text(form: Form1969, seats: usize, s: &Stats1969) -> String {
    let mut out = format!(
        "1969 {} ON-SETS, {seats} bots: {} games, {} plays, {} actions\n",
        match form {
            Form1969::Basic => "Basic",
            Form1969::Advanced => "Advanced",
        },
        s.games,
        s.plays,
        s.actions
    );
    let total: u64 = s.challenges.iter().sum();
    out += &format!(
        "challenges: {total} ({} won by the Challenger)",
        s.challenger_won
    );
    for (c, k) in Claim::ALL.iter().zip(s.challenges) {
        out += &format!(", {} {k}", c.name());
    }
    out += &format!(
        "\nassertions: {}, \"No Goal\": {}, stuck games: {}\n",
        s.assertions, s.no_goals, s.stuck
    );
    out += "points per seat:";
    for (p, t) in s.totals.iter().enumerate() {
        out += &format!(" {}={t}", p + 1);
    }
    out += "\n";
    out
}
