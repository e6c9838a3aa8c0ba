//! The variation drills' pool made ahead (docs/practice.md, "Variation
//! drills"; docs/performance.md, "Variation drills"): a drill of one
//! variation asked without a seed is drawn from puzzles made before it was
//! asked, so that a Senior drill (seconds to minutes of solver search in a
//! debug build) is served at once.
//!
//! * A pool per (edition, variation, kind); the division is the
//!   variation's own ([`drills::Drillable::division`]). A pool is wanted
//!   from its first request on (at most [`MAX_POOLS`]) and kept at
//!   [`TARGET`] puzzles.
//! * One background thread refills the wanted pools, one drill of one
//!   puzzle at a time from a fresh seed, off every request's path. A pool
//!   whose searches keep coming up short (safe-move puzzles of a Senior
//!   variation are rare) is left after [`GIVE_UP`] of them in a row, until
//!   asked again.
//! * Every puzzle is exactly what [`drills::drill_in`] makes (the solver's
//!   answers, the variation proved to matter); its id names its candidate,
//!   so any instance judges an attempt at it ([`drills::recall`]).

use super::{made, Puzzle};
use axum::response::Response;
use onsets_core::Edition;
use onsets_puzzles::drills;
use onsets_puzzles::Kind;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// The puzzles each wanted pool is kept at (two drills of the default five).
pub const TARGET: usize = 10;

/// The most pools kept (each a variation, a kind and an edition: 15
/// variations × 3 kinds × 2 editions at most, less those not drilled).
pub const MAX_POOLS: usize = 96;

/// Searches coming up short in a row after which a pool is left until it
/// is asked for again.
pub const GIVE_UP: u32 = 3;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    edition: Edition,
    variation: &'static str,
    kind: Kind,
}

#[derive(Default)]
struct Pool {
    puzzles: VecDeque<Puzzle>,
    short: u32,
}

#[derive(Default)]
struct Pools {
    pools: HashMap<Key, Pool>,
}

impl Pools {
    /// A wanted pool below its target, the emptiest first.
    fn next_to_fill(&self) -> Option<Key> {
        self.pools
            .iter()
            .filter(|(_, p)| p.puzzles.len() < TARGET && p.short < GIVE_UP)
            .min_by_key(|(k, p)| (p.puzzles.len(), k.variation, k.kind.name()))
            .map(|(k, _)| k.clone())
    }
}

struct Shared {
    pools: Mutex<Pools>,
    wake: Condvar,
}

/// The pools (the filler's view: it does not start itself).
fn state() -> &'static Shared {
    static S: OnceLock<Shared> = OnceLock::new();
    S.get_or_init(|| Shared {
        pools: Mutex::new(Pools::default()),
        wake: Condvar::new(),
    })
}

/// The pools, with the filler thread started on first use.
fn shared() -> &'static Shared {
    let s = state();
    static FILLER: OnceLock<()> = OnceLock::new();
    FILLER.get_or_init(|| {
        let spawned = std::thread::Builder::new()
            .name("onsets-drills-ahead".into())
            .stack_size(32 << 20) // the solver recurses, as on the judging pool
            .spawn(fill);
        if let Err(e) = spawned {
            tracing::error!("cannot start the drills' pool thread: {e}");
        }
    });
    s
}

/// A seed never used before by this process (the clock at the start, then
/// a counter, mixed).
fn fresh_seed() -> u64 {
    static NEXT: OnceLock<AtomicU64> = OnceLock::new();
    let next = NEXT.get_or_init(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        AtomicU64::new(now)
    });
    onsets_puzzles::rng::mix(next.fetch_add(1, Ordering::Relaxed), 0x0061_6865_6164)
}

/// The background thread: refills the wanted pools for ever.
fn fill() {
    let s = state();
    loop {
        let key = {
            let Ok(mut g) = s.pools.lock() else { return };
            loop {
                if let Some(k) = g.next_to_fill() {
                    break k;
                }
                g = match s.wake.wait(g) {
                    Ok(g) => g,
                    Err(_) => return,
                };
            }
        };
        let made = std::panic::catch_unwind(|| {
            drills::drill_in(key.edition, &[key.variation], key.kind, fresh_seed(), 1)
        });
        let Ok(mut g) = s.pools.lock() else { return };
        let Some(pool) = g.pools.get_mut(&key) else {
            continue;
        };
        match made {
            Ok(Ok(ps)) => {
                pool.short = 0;
                for p in ps {
                    if !pool.puzzles.iter().any(|q| q.id == p.id) {
                        pool.puzzles.push_back(p);
                    }
                }
            }
            Ok(Err(_)) => pool.short += 1,
            Err(_) => {
                tracing::error!("a drill made ahead panicked: {key:?}");
                pool.short = GIVE_UP;
            }
        }
    }
}

/// Takes up to `count` puzzles from the pool of `key`, marking it wanted
/// (and no longer given up on) and waking the filler.
fn take(key: &Key, count: usize) -> Vec<Puzzle> {
    let s = shared();
    let Ok(mut g) = s.pools.lock() else {
        return Vec::new();
    };
    if !g.pools.contains_key(key) && g.pools.len() >= MAX_POOLS {
        return Vec::new();
    }
    let pool = g.pools.entry(key.clone()).or_default();
    pool.short = 0;
    let n = count.min(pool.puzzles.len());
    let out: Vec<Puzzle> = pool.puzzles.drain(..n).collect();
    drop(g);
    s.wake.notify_all();
    out
}

/// Puzzles taken back (a drill that could not be completed).
fn give_back(key: &Key, puzzles: Vec<Puzzle>) {
    if let Ok(mut g) = shared().pools.lock() {
        if let Some(pool) = g.pools.get_mut(key) {
            for p in puzzles.into_iter().rev() {
                pool.puzzles.push_front(p);
            }
        }
    }
}

/// A drill asked without a seed: one variation's puzzles from its pool
/// first, the rest made at once from a fresh seed; several variations are
/// made at once (their turns, puzzle `i` drilling the `i mod n`-th). The
/// number taken from the pool comes with the puzzles.
pub(super) async fn served(
    edition: Edition,
    variations: Vec<String>,
    kind: Kind,
    count: usize,
) -> Result<(Vec<Puzzle>, usize), Response> {
    let single = match variations.as_slice() {
        [one] => drills::find(one).map(|d| d.keyword),
        _ => None,
    };
    let Some(variation) = single else {
        return made(edition, variations, kind, fresh_seed(), count).await;
    };
    let key = Key {
        edition,
        variation,
        kind,
    };
    let mut out = take(&key, count);
    let pooled = out.len();
    if out.len() < count {
        match made(edition, variations, kind, fresh_seed(), count - out.len()).await {
            Ok((more, _)) => out.extend(more),
            Err(r) => {
                give_back(&key, out);
                return Err(r);
            }
        }
    }
    Ok((out, pooled))
}
