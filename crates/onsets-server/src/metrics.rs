//! Basic counters: tables, connections, actions (and actions per second over
//! the last minute), served at `GET /metrics` in Prometheus' text format.

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
