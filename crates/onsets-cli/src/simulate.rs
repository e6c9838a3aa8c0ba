//! `onsets simulate`: bot-only matches and their statistics (docs/bots.md).

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use onsets_bots::sim::{simulate, SimConfig, Stats};
use onsets_bots::Level;
use onsets_core::Division;
use onsets_engine::CheckingMode;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Two or three bot levels, one per seat (beginner, club, strong, expert);
    /// the seating rotates every match
    #[arg(long, default_value = "expert,club,beginner")]
    players: String,
    /// elementary, middle, junior or senior
    #[arg(long, default_value = "senior")]
    division: String,
    /// Shakes to play in all (the match under way at the end is cut short)
    #[arg(long, default_value_t = 1000)]
    shakes: u64,
    /// Seed of every match and bot (same seed, same statistics)
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Basic On-Sets (no variations) instead of Adventurous
    #[arg(long)]
    basic: bool,
    /// Who checks presented Solutions: the bots (VII-C-4, VII-C-5) or a judge (VII-C-6)
    #[arg(long, value_enum, default_value_t = Checking::Players)]
    checking: Checking,
    /// Print the statistics as one JSON object
    #[arg(long)]
    json: bool,
    /// Draw the statistics to an SVG file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Threads playing matches (default: one per core); the statistics are
    /// the same for any number
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Write each match's log to DIR/match-0001.jsonl, … (docs/engine.md),
    /// for `onsets replay` and `onsets review`; the last may be cut short
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// The rule edition: 2026-27 (default), 2019-20 (MLAG: with --basic, MLAG
    /// Basic 2019-20) or 1969 (Allen's manual: `--shakes` counts plays,
    /// `--players` only the number of seats, 2 to 6); docs/editions.md
    #[arg(long, default_value = "2026-27")]
    edition: String,
    /// The 1969 form: basic or advanced
    #[arg(long)]
    form: Option<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Checking {
    Players,
    Judge,
}

pub fn run(args: &SimulateArgs) -> Result<u8> {
    let edition = onsets_core::Edition::from_parts(&args.edition, args.form.as_deref())
        .map_err(|e| anyhow!(e))?;
    if let onsets_core::Edition::Manual1969(form) = edition {
        // One bot level in 1969: `expert` seats play carefully, every other
        // level carelessly (a random Goal or move one time in three).
        let careful: Vec<bool> = args
            .players
            .split(',')
            .map(|s| s.trim() == "expert")
            .collect();
        return crate::simulate1969::run(
            form,
            &careful,
            args.shakes,
            args.seed,
            args.json,
            args.log_dir.as_deref(),
        );
    }
    let levels: Vec<Level> = args
        .players
        .split(',')
        .map(|s| s.parse::<Level>().map_err(|e| anyhow!(e)))
        .collect::<Result<_>>()?;
    if !(2..=3).contains(&levels.len()) {
        bail!("--players takes two or three levels");
    }
    let division: Division = args.division.parse().map_err(|e: String| anyhow!(e))?;
    if args.shakes == 0 {
        bail!("--shakes must be at least 1");
    }
    let mut cfg = SimConfig::new(levels, division, args.shakes, args.seed);
    cfg.adventurous = !args.basic;
    cfg.edition = edition;
    cfg.checking = match args.checking {
        Checking::Players => CheckingMode::Players,
        Checking::Judge => CheckingMode::Judge,
    };
    // The plot's file is created before the run: a path that cannot be
    // written fails now, not after the whole simulation.
    if let Some(path) = &args.plot {
        std::fs::File::create(path)
            .with_context(|| format!("cannot write the plot {}", path.display()))?;
    }
    // Progress on stderr when it is a terminal (the statistics, text or
    // JSON, go to stdout); nothing at all otherwise.
    let bar = ProgressBar::new(args.shakes);
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} shakes, {elapsed} (eta {eta})")
            .expect("template"),
    );
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        cfg.keep_logs = true;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.map_or(0, usize::from))
        .build()
        .context("cannot start the simulation threads")?;
    let stats = pool
        .install(|| simulate(&cfg, &mut |k| bar.set_position(k)))
        .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    if let Some(dir) = &args.log_dir {
        for (i, log) in stats.logs.iter().enumerate() {
            let path = dir.join(format!("match-{:04}.jsonl", i + 1));
            std::fs::write(&path, log).with_context(|| format!("writing {}", path.display()))?;
        }
        eprintln!(
            "wrote {} match log(s) to {}",
            stats.logs.len(),
            dir.display()
        );
    }
    if let Some(path) = &args.plot {
        plot(&stats, path).with_context(|| format!("drawing {}", path.display()))?;
    }
    if args.json {
        crate::emit(&format!("{}\n", serde_json::to_string_pretty(&stats)?));
    } else {
        if cfg.edition != onsets_core::Edition::default() {
            crate::emit(&format!("{} rules\n", cfg.edition));
        }
        crate::emit(&report(&stats, &args.players));
    }
    Ok(0)
}

fn report(s: &Stats, players: &str) -> String {
    let mut o = String::new();
    o += &format!(
        "{} shakes, {} complete matches, {} division, players {players}, seed {}\n\n",
        s.shakes, s.matches, s.division, s.seed
    );
    o += "level      matches  wins  match pts  mean mp  shakes  score/shake  penalties  challenges (won)  think s\n";
    for (name, l) in &s.levels {
        o += &format!(
            "{name:<10} {:>7} {:>5} {:>10} {:>8.2} {:>7} {:>12.3} {:>10} {:>11} ({:>4}) {:>8.1}\n",
            l.matches,
            l.wins,
            l.match_points,
            l.mean_match_points,
            l.shakes,
            l.mean_score_per_shake,
            l.penalties,
            l.challenges,
            l.challenges_won,
            l.mean_think_s
        );
    }
    o += "\nhow shakes ended:\n";
    for (k, v) in &s.endings {
        o += &format!(
            "  {k:<13} {v:>7} ({:.1}%)\n",
            100.0 * *v as f64 / s.shakes.max(1) as f64
        );
    }
    o += "\nGoal values set:\n";
    let total: u64 = s.goal_values.values().sum();
    for (k, v) in &s.goal_values {
        o += &format!(
            "  {k:>3} {v:>7} ({:.1}%)\n",
            100.0 * *v as f64 / total.max(1) as f64
        );
    }
    o += "\ndecision time (wall clock, fresh decisions):\n";
    for (k, t) in &s.decision_ms {
        o += &format!(
            "  {k:<10} {:>8} decisions, median {:.2} ms, p90 {:.2} ms, max {:.1} ms, total {:.1} s\n",
            t.count, t.median_ms, t.p90_ms, t.max_ms, t.total_s
        );
    }
    o += &format!(
        "\nactions refused by the engine: {}; fallback decisions: {}\n",
        s.rejections, s.fallbacks
    );
    o
}

fn plot(s: &Stats, path: &std::path::Path) -> Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (1200, 800)).into_drawing_area();
    root.fill(&WHITE)?;
    let areas = root.split_evenly((2, 2));
    let title = |t: &str| (t.to_string(), ("sans-serif", 20));

    let bars = |area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
                name: &str,
                items: &[(String, f64)],
                color: RGBColor|
     -> Result<()> {
        let max = items.iter().map(|x| x.1).fold(0.0f64, f64::max).max(1e-9) * 1.15;
        let labels: Vec<String> = items.iter().map(|x| x.0.clone()).collect();
        let (t, f) = title(name);
        let mut chart = ChartBuilder::on(area)
            .caption(t, f)
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(50)
            .build_cartesian_2d(0..items.len().max(1), 0.0..max)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(items.len().max(1))
            .x_label_formatter(&|i| labels.get(*i).cloned().unwrap_or_default())
            .draw()?;
        chart.draw_series(items.iter().enumerate().map(|(i, (_, v))| {
            let mut r = Rectangle::new([(i, 0.0), (i + 1, *v)], color.filled());
            r.set_margin(0, 0, 8, 8);
            r
        }))?;
        Ok(())
    };
    let lv: Vec<(String, f64)> = s
        .levels
        .iter()
        .map(|(k, l)| (k.clone(), l.mean_score_per_shake))
        .collect();
    bars(&areas[0], "mean score per shake", &lv, BLUE)?;
    let mp: Vec<(String, f64)> = s
        .levels
        .iter()
        .map(|(k, l)| (k.clone(), l.mean_match_points))
        .collect();
    bars(&areas[1], "mean match points per match", &mp, GREEN)?;
    let en: Vec<(String, f64)> = s
        .endings
        .iter()
        .map(|(k, v)| (k.clone(), *v as f64))
        .collect();
    bars(&areas[2], "how shakes ended", &en, RED)?;
    let gv: Vec<(String, f64)> = s
        .goal_values
        .iter()
        .map(|(k, v)| (k.to_string(), *v as f64))
        .collect();
    bars(&areas[3], "Goal values set", &gv, MAGENTA)?;
    root.present()?;
    Ok(())
}
