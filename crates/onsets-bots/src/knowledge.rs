//! What the bots compute about positions: the exact solver, memoised.
//!
//! The solver is a pure function of a public position, so its answers are
//! shared by every bot on the thread (a cache, not hidden information).

use onsets_core::{Position, Situation};
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static CACHE: RefCell<HashMap<String, Option<String>>> = RefCell::new(HashMap::new());
    /// Whether a position has a Solution, by the position with each
    /// section's cubes in order (the same mat reached by another cube order).
    static SOLVABLE: RefCell<HashMap<String, bool>> = RefCell::new(HashMap::new());

    static PROFILE: RefCell<std::collections::BTreeMap<String, (u64, f64, f64)>> =
        const { RefCell::new(std::collections::BTreeMap::new()) };
    /// The solver of this thread: its caches serve every bot on it.
    static SOLVER: RefCell<onsets_solver::Solver> = RefCell::new(onsets_solver::Solver::new());
}

/// Called with every position solved (not found in the cache) and its
/// answer (the Solution text, or `None`): see [`set_solve_hook`].
pub type SolveHook = Box<dyn Fn(&Position, Option<&str>) + Send + Sync>;

static HOOK: std::sync::OnceLock<SolveHook> = std::sync::OnceLock::new();

/// Installs, once per process, a hook that sees every position the bots
/// solve and its answer, e.g. to record a workload (the CLI's
/// `ONSETS_SOLVE_LOG`). The bots do no I/O themselves. Returns `false` if a
/// hook was already installed.
pub fn set_solve_hook(hook: SolveHook) -> bool {
    HOOK.set(hook).is_ok()
}

/// Solver calls on this thread by kind (situation, Resources left,
/// solvable): count, total and worst time in ms (for tuning).
pub fn solver_profile() -> Vec<(String, u64, f64, f64)> {
    PROFILE.with(|p| {
        p.borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.0, v.1, v.2))
            .collect()
    })
}

/// Entries each per-thread memo keeps before it starts afresh. The keys are
/// positions as JSON (a few hundred bytes each), so this bounds a thread's
/// memos to a few megabytes: a server's judging threads outlive the tables
/// whose positions they memoised. A memo only saves time; answers are the
/// solver's whatever its size.
const CACHE_LIMIT: usize = 20_000;

/// A correct Solution of `p` (fully grouped), or `None` when none exists:
/// [`onsets_solver::solve`] with a per-thread memo.
pub fn solve_cached(p: &Position) -> Option<String> {
    let key = key_of(p);
    if let Some(v) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return v;
    }
    let t = std::time::Instant::now();
    let v = SOLVER.with(|s| s.borrow_mut().solve(p).text());
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    if let Some(hook) = HOOK.get() {
        hook(p, v.as_deref());
    }
    let k = format!(
        "{:?} res={:02} {}",
        p.situation(),
        resources_left(p),
        if v.is_some() { "yes" } else { "no" }
    );
    PROFILE.with(|q| {
        let mut q = q.borrow_mut();
        let e = q.entry(k).or_insert((0, 0.0, 0.0));
        e.0 += 1;
        e.1 += ms;
        e.2 = e.2.max(ms);
    });
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_LIMIT {
            // A new map, not `clear()`: its table is given back too.
            *c = HashMap::new();
        }
        c.insert(key, v.clone());
    });
    v
}

/// The position with each section's cubes in order: the same mat, whatever
/// order its cubes were moved in.
fn sorted_key(p: &Position) -> String {
    let q = p.edit(|q| {
        for l in [
            &mut q.required,
            &mut q.permitted,
            &mut q.forbidden,
            &mut q.resources,
        ] {
            l.sort();
        }
    });
    // Sorting the cubes keeps a position valid; were it refused, the mat
    // as it is is a key too.
    q.map_or_else(|_| key_of(p), |q| key_of(&q))
}

/// A position as a cache key: its JSON on one line.
fn key_of(p: &Position) -> String {
    serde_json::to_string(&p.to_raw()).unwrap_or_else(|_| p.to_json())
}

/// Whether `p` has a correct Solution, when only yes or no matters (the
/// challenges a bot weighs): the answer is remembered by the mat, whatever
/// order its cubes were moved in (the expert's look-ahead builds the mat
/// after a move in another order than the table shows it). On a miss the
/// solver is asked through [`solve_cached`].
pub(crate) fn solvable_cached(p: &Position) -> bool {
    let key = sorted_key(p);
    if let Some(v) = SOLVABLE.with(|c| c.borrow().get(&key).copied()) {
        return v;
    }
    let v = solve_cached(p).is_some();
    SOLVABLE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_LIMIT {
            // A new map, not `clear()`: its table is given back too.
            *c = HashMap::new();
        }
        c.insert(key, v);
    });
    v
}

/// Whether a Now challenge is valid on this mat (V-A-2-a, V-A-2-b).
pub(crate) fn now_valid(p: &Position) -> bool {
    onsets_solver::analysis::now_challenge_valid(p)
}

/// The number of non-digit cubes in Resources.
pub(crate) fn resources_left(p: &Position) -> usize {
    p.resources().iter().filter(|s| !s.is_digit()).count()
}

/// Whether a Solution with at most one more Resources cube exists (a Now
/// challenge would win).
pub(crate) fn now_wins(p: &Position) -> bool {
    if !now_valid(p) {
        return false;
    }
    match p.with_situation(Situation::Now) {
        Ok(q) => solvable_cached(&q),
        Err(_) => false,
    }
}

/// Whether a Solution using any Resources (Forceout when Resources is
/// empty) exists; if not, an Impossible challenge would win.
pub(crate) fn possible(p: &Position) -> bool {
    let situation = if resources_left(p) == 0 {
        Situation::Forceout
    } else {
        Situation::Impossible
    };
    match p.with_situation(situation) {
        Ok(q) => solvable_cached(&q),
        // No position in that situation (a 1969 mat has no forceout): the
        // challenge is judged on the mat as it is.
        Err(_) => solvable_cached(p),
    }
}
