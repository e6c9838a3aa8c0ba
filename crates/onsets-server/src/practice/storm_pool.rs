//! The storm pool (docs/practice.md, "The storm pool"): puzzles of each
//! kind generated ahead, off the request path, so that a Storm's or a
//! Streak's list is drawn from more than the embedded pool while issuing
//! one stays a draw and one insert (docs/performance.md, "Storm pools").
//!
//! One background task per process keeps [`target`] puzzles of each kind
//! (challenge, solve, safe-move, goal) ready beside the embedded pool:
//! it makes them in small batches with `onsets_puzzles::generate` (the
//! same generator and filters as `onsets puzzle generate`, docs/puzzles.md:
//! unique answers proved by the solver) on the judging pool's yielding
//! lane (a table's act always goes first), resting three times as long as
//! each batch took (so at most a quarter of a core), writes them to the puzzles
//! table (so that another instance, or this one after a restart, can judge
//! a run naming them: `crate::puzzles::load_missing`), and keeps them in
//! memory (`crate::puzzles::register_generated`). Once every kind is full
//! it renews one batch a minute, the oldest of a kind leaving the draw
//! (still judged: a list issued before names it), until the process has
//! made `crate::puzzles::MAX_GENERATED`.
//!
//! The request path only reads a snapshot ([`ready`]): it never generates
//! and never waits for the generator.

use crate::pool::{judge, Lane};
use crate::store::Store;
use onsets_puzzles::{Config, Kind, Puzzle};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;

/// The kinds a storm mixes (the 2026-27 kinds; `claim` is 1969's).
pub const KINDS: [Kind; 4] = [Kind::Challenge, Kind::Solve, Kind::SafeMove, Kind::Goal];

/// Puzzles generated per batch (one job on the judging pool).
const BATCH: usize = 3;

/// Puzzles of each kind kept ready by default.
const DEFAULT_TARGET: usize = 40;

/// The least pause between batches while filling.
const FILL_PAUSE: Duration = Duration::from_millis(250);

/// The pause after a batch, in multiples of the time it took: the generator
/// works at most a quarter of the time (it yields to tables on the judging
/// pool, and this keeps it from taking a core from the requests' threads).
const PAUSE_FACTOR: u32 = 3;

/// The pause between renewals once every kind is full.
const RENEW_EVERY: Duration = Duration::from_secs(60);

/// Puzzles of each kind kept ready: `ONSETS_STORM_POOL` (0 turns the
/// generator off: lists come from the embedded pool alone), else
/// [`DEFAULT_TARGET`]. At most 500.
pub fn target() -> usize {
    static T: OnceLock<usize> = OnceLock::new();
    *T.get_or_init(|| {
        std::env::var("ONSETS_STORM_POOL")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or(DEFAULT_TARGET)
            .min(500)
    })
}

/// The ready puzzles of one kind, newest last.
type Shelf = VecDeque<&'static Puzzle>;

struct Pools {
    /// One shelf per kind of [`KINDS`].
    shelves: [RwLock<Arc<Vec<&'static Puzzle>>>; 4],
    /// The filler task of the running runtime, when one runs.
    filler: Mutex<Option<tokio::task::JoinHandle<()>>>,
}

fn pools() -> &'static Pools {
    static P: OnceLock<Pools> = OnceLock::new();
    P.get_or_init(|| Pools {
        shelves: Default::default(),
        filler: Mutex::new(None),
    })
}

fn slot(kind: Kind) -> Option<usize> {
    KINDS.iter().position(|k| *k == kind)
}

/// The puzzles generated ahead and ready for a list of `kind` (every kind:
/// `None`). A snapshot: cheap, never waits for the generator.
pub fn ready(kind: Option<Kind>) -> Vec<&'static Puzzle> {
    let p = pools();
    let mut out = Vec::new();
    for (i, k) in KINDS.iter().enumerate() {
        if kind.is_some_and(|want| want != *k) {
            continue;
        }
        if let Ok(shelf) = p.shelves[i].read() {
            out.extend(shelf.iter().copied());
        }
    }
    out
}

/// How many are ready of each kind of [`KINDS`].
pub fn counts() -> [usize; 4] {
    let p = pools();
    std::array::from_fn(|i| p.shelves[i].read().map_or(0, |s| s.len()))
}

/// Starts the filler on the current runtime unless one runs (idempotent;
/// called on the first list asked). A filler whose runtime ended (a test's
/// server) is started again on the caller's.
pub fn ensure_started(store: &Store) {
    if target() == 0 {
        return;
    }
    let Ok(mut filler) = pools().filler.lock() else {
        return;
    };
    if filler.as_ref().is_some_and(|h| !h.is_finished()) {
        return;
    }
    let store = store.clone();
    *filler = Some(tokio::spawn(fill(store)));
}

/// A seed for the next batch: the time and a counter, so that two
/// processes (two instances) make different puzzles.
fn next_seed() -> u64 {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let now = crate::store::now_ms() as u64;
    onsets_puzzles::fnv1a(&format!("storm-pool {now} {n} {}", std::process::id()))
}

/// One batch of `kind` made on the judging pool's yielding lane.
async fn batch(kind: Kind) -> Vec<Puzzle> {
    let mut config = Config::new(kind, BATCH, next_seed());
    // a bounded search: fewer than asked is fine (the next batch tries again)
    config.tries_per_puzzle = 400;
    let made = judge()
        .run(Lane::Yielding, move || {
            let mut out = Vec::new();
            let _ = onsets_puzzles::generate_each(&config, &mut |p| out.push(p));
            out
        })
        .await;
    made.unwrap_or_default()
}

/// Puts a batch on its kind's shelf (newest last), the oldest leaving the
/// draw past the target. Returns how many were new.
fn shelve(kind: Kind, made: Vec<Puzzle>) -> usize {
    let Some(i) = slot(kind) else { return 0 };
    let mut kept: Vec<&'static Puzzle> = Vec::new();
    for p in made {
        let Some(p) = crate::puzzles::register_generated(p) else {
            break;
        };
        kept.push(p);
    }
    let Ok(mut shelf) = pools().shelves[i].write() else {
        return 0;
    };
    let mut next: Shelf = shelf.iter().copied().collect();
    let mut new = 0;
    for p in kept {
        if next.iter().any(|q| q.id == p.id) || crate::puzzles::pool().iter().any(|q| q.id == p.id)
        {
            continue;
        }
        next.push_back(p);
        new += 1;
    }
    while next.len() > target() {
        next.pop_front();
    }
    *shelf = Arc::new(next.into_iter().collect());
    new
}

/// The filler: fills every kind to the target, then renews one batch a
/// minute, until the process has made its cap of generated puzzles.
async fn fill(store: Store) {
    let mut turn = 0usize;
    loop {
        let ready_now = counts();
        let short = (0..KINDS.len())
            .map(|k| (turn + k) % KINDS.len())
            .find(|&k| ready_now[k] < target());
        let (kind, pause) = match short {
            Some(k) => (KINDS[k], FILL_PAUSE),
            None => (KINDS[turn % KINDS.len()], RENEW_EVERY),
        };
        turn += 1;
        if short.is_none() {
            tokio::time::sleep(pause).await;
        }
        let began = std::time::Instant::now();
        let made = batch(kind).await;
        let took = began.elapsed();
        if !made.is_empty() {
            if let Err(e) = crate::store::puzzles::ensure_pool(&store, &made).await {
                tracing::warn!("storm pool: the generated puzzles could not be stored: {e}");
                tokio::time::sleep(RENEW_EVERY).await;
                continue;
            }
        }
        let n = made.len();
        shelve(kind, made);
        if n > 0 && crate::puzzles::register_generated_full() {
            tracing::info!(
                "storm pool: the process made its most generated puzzles; the shelves stay"
            );
            return;
        }
        if short.is_some() {
            if counts().iter().all(|n| *n >= target()) {
                tracing::info!("storm pool: {} puzzles of each kind ready", target());
            }
            tokio::time::sleep(pause.max(took * PAUSE_FACTOR)).await;
        }
    }
}
