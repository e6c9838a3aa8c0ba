//! Basic counters: tables, connections, actions (and actions per second over
//! the last minute), served at `GET /metrics` in Prometheus' text format,
//! and the act path's stages as histograms (docs/performance.md, "The
//! server's tail"): an act from its frame read to its answer, its judging
//! on the judging pool (wait included), its store write, and each update's
//! rendering for one connection.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Debug)]
pub struct Metrics {
    tables: AtomicI64,
    connections: AtomicI64,
    actions: AtomicU64,
    frames_in: AtomicU64,
    errors: AtomicU64,
    table_wakes: AtomicU64,
    bot_asks: AtomicU64,
    bot_acts: AtomicU64,
    rate_limited: AtomicU64,
    started: Instant,
    /// (when, actions) samples for the rate.
    window: Mutex<Vec<(Instant, u64)>>,
    /// An act from its frame read to its answer (`accepted`/`rejected`).
    pub act: Histogram,
    /// An act's judging: the wait for a thread of the judging pool and
    /// `Match::apply`.
    pub judge: Histogram,
    /// An act's store write (awaited before it is broadcast).
    pub store: Histogram,
    /// One update rendered for one connection (the seat's view and JSON).
    pub render: Histogram,
}

/// The histograms' upper bounds (seconds).
const BOUNDS: [f64; 11] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0,
];

/// A latency histogram without a lock: a count per bucket, the sum and the
/// worst, rendered as a Prometheus histogram (cumulative `le` buckets).
#[derive(Debug, Default)]
pub struct Histogram {
    buckets: [AtomicU64; BOUNDS.len()],
    count: AtomicU64,
    sum_ns: AtomicU64,
    max_ns: AtomicU64,
}

impl Histogram {
    /// Records one duration.
    pub fn observe(&self, d: std::time::Duration) {
        let s = d.as_secs_f64();
        if let Some(i) = BOUNDS.iter().position(|b| s <= *b) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        let ns = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_ns.fetch_add(ns, Ordering::Relaxed);
        self.max_ns.fetch_max(ns, Ordering::Relaxed);
    }

    /// Records the time since `since`.
    pub fn since(&self, since: Instant) {
        self.observe(since.elapsed());
    }

    /// How many durations were recorded.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// The histogram as `name_bucket{le=…}`, `name_sum`, `name_count` and
    /// `name_max_seconds` lines.
    fn render(&self, name: &str, out: &mut String) {
        use std::fmt::Write;
        let _ = writeln!(out, "# TYPE {name} histogram");
        let mut below = 0;
        for (b, n) in BOUNDS.iter().zip(&self.buckets) {
            below += n.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{b}\"}} {below}");
        }
        let count = self.count();
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.sum_ns.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "{name}_sum {sum:.6}\n{name}_count {count}");
        let max = self.max_ns.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "# TYPE {name}_max gauge\n{name}_max {max:.6}");
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            tables: AtomicI64::new(0),
            connections: AtomicI64::new(0),
            actions: AtomicU64::new(0),
            frames_in: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            table_wakes: AtomicU64::new(0),
            bot_asks: AtomicU64::new(0),
            bot_acts: AtomicU64::new(0),
            rate_limited: AtomicU64::new(0),
            started: Instant::now(),
            window: Mutex::new(Vec::new()),
            act: Histogram::default(),
            judge: Histogram::default(),
            store: Histogram::default(),
            render: Histogram::default(),
        }
    }
}

impl Metrics {
    pub fn table_opened(&self) {
        self.tables.fetch_add(1, Ordering::Relaxed);
    }
    pub fn table_closed(&self) {
        self.tables.fetch_sub(1, Ordering::Relaxed);
    }
    pub fn connection(&self, delta: i64) {
        self.connections.fetch_add(delta, Ordering::Relaxed);
    }
    pub fn action(&self) {
        self.actions.fetch_add(1, Ordering::Relaxed);
    }
    pub fn frame_in(&self) {
        self.frames_in.fetch_add(1, Ordering::Relaxed);
    }
    pub fn error(&self) {
        self.errors.fetch_add(1, Ordering::Relaxed);
    }
    /// A table's task woke on its own (a deadline, a bot's act, presence).
    pub fn table_wake(&self) {
        self.table_wakes.fetch_add(1, Ordering::Relaxed);
    }
    /// A bot was asked what to do.
    pub fn bot_ask(&self) {
        self.bot_asks.fetch_add(1, Ordering::Relaxed);
    }
    pub fn bot_act(&self) {
        self.bot_acts.fetch_add(1, Ordering::Relaxed);
    }
    pub fn limited(&self) {
        self.rate_limited.fetch_add(1, Ordering::Relaxed);
    }
    pub fn table_wakes(&self) -> u64 {
        self.table_wakes.load(Ordering::Relaxed)
    }
    pub fn bot_asks(&self) -> u64 {
        self.bot_asks.load(Ordering::Relaxed)
    }
    pub fn tables(&self) -> i64 {
        self.tables.load(Ordering::Relaxed)
    }
    pub fn connections(&self) -> i64 {
        self.connections.load(Ordering::Relaxed)
    }
    pub fn actions(&self) -> u64 {
        self.actions.load(Ordering::Relaxed)
    }

    /// Actions per second over (about) the last minute.
    pub fn actions_per_second(&self) -> f64 {
        let now = Instant::now();
        let total = self.actions();
        let mut w = self.window.lock().expect("metrics lock");
        w.push((now, total));
        w.retain(|(t, _)| now.duration_since(*t).as_secs() < 60);
        let (t0, a0) = w[0];
        let dt = now.duration_since(t0).as_secs_f64();
        if dt < 1.0 {
            let up = now.duration_since(self.started).as_secs_f64().max(1.0);
            return total as f64 / up;
        }
        (total - a0) as f64 / dt
    }

    pub fn render(&self) -> String {
        let mut out = self.counters();
        self.act.render("onsets_act_seconds", &mut out);
        self.judge.render("onsets_act_judge_seconds", &mut out);
        self.store.render("onsets_act_store_seconds", &mut out);
        self.render.render("onsets_update_render_seconds", &mut out);
        out
    }

    fn counters(&self) -> String {
        format!(
            "# TYPE onsets_tables gauge\nonsets_tables {}\n\
             # TYPE onsets_connections gauge\nonsets_connections {}\n\
             # TYPE onsets_actions_total counter\nonsets_actions_total {}\n\
             # TYPE onsets_actions_per_second gauge\nonsets_actions_per_second {:.2}\n\
             # TYPE onsets_frames_in_total counter\nonsets_frames_in_total {}\n\
             # TYPE onsets_frame_errors_total counter\nonsets_frame_errors_total {}\n\
             # TYPE onsets_table_wakes_total counter\nonsets_table_wakes_total {}\n\
             # TYPE onsets_bot_asks_total counter\nonsets_bot_asks_total {}\n\
             # TYPE onsets_bot_acts_total counter\nonsets_bot_acts_total {}\n\
             # TYPE onsets_rate_limited_total counter\nonsets_rate_limited_total {}\n\
             # TYPE onsets_uptime_seconds gauge\nonsets_uptime_seconds {}\n",
            self.tables(),
            self.connections(),
            self.actions(),
            self.actions_per_second(),
            self.frames_in.load(Ordering::Relaxed),
            self.errors.load(Ordering::Relaxed),
            self.table_wakes(),
            self.bot_asks(),
            self.bot_acts.load(Ordering::Relaxed),
            self.rate_limited.load(Ordering::Relaxed),
            self.started.elapsed().as_secs(),
        )
    }
}
