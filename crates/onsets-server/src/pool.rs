//! The server's CPU work off the tables' tasks, on bounded pools of threads
//! (`docs/protocol.md`, "Bots" and "Judging").
//!
//! * [`judge`]: every `Match::apply` (the checker judges Solutions there, the
//!   solver adjudicates challenges) and every replay of a stored log. A table
//!   awaits the result; its tokio worker is free meanwhile. Acts at tables of
//!   bots only wait in the yielding lane.
//! * [`bots`]: bots' thinking, in two lanes. Bots at tables with people
//!   come first; bots at tables of bots only take what is left and never
//!   more than all but one thread, so a bot at a table with people always
//!   finds a thread as soon as one is free of other such bots.
//!
//! Threads have large stacks (judging recurses over the Solution's parse
//! tree, whose depth the core's parsers bound).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Which queue a job waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Served first.
    First,
    /// Served when no job waits in `First`, on at most `workers - 1` threads.
    Yielding,
}

struct Queues {
    first: VecDeque<Job>,
    yielding: VecDeque<Job>,
    yielding_running: usize,
}

struct Inner {
    q: Mutex<Queues>,
    cv: Condvar,
    yielding_cap: usize,
}

/// A fixed set of threads taking jobs from two queues.
#[derive(Clone)]
pub struct Pool {
    inner: Arc<Inner>,
    pub workers: usize,
}

const STACK: usize = 32 << 20;

impl Pool {
    pub fn new(name: &str, workers: usize) -> Pool {
        let workers = workers.max(1);
        let inner = Arc::new(Inner {
            q: Mutex::new(Queues {
                first: VecDeque::new(),
                yielding: VecDeque::new(),
                yielding_running: 0,
            }),
            cv: Condvar::new(),
            yielding_cap: workers.saturating_sub(1).max(1),
        });
        for i in 0..workers {
            let inner = inner.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .stack_size(STACK)
                .spawn(move || work(&inner));
            if let Err(e) = spawned {
                tracing::error!("cannot start a {name} thread: {e}");
            }
        }
        Pool { inner, workers }
    }

    /// Runs `f` on the pool; `None` if it panicked (the panic is logged).
    pub async fn run<R: Send + 'static>(
        &self,
        lane: Lane,
        f: impl FnOnce() -> R + Send + 'static,
    ) -> Option<R> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            if r.is_err() {
                tracing::error!("a pool job panicked");
            }
            let _ = tx.send(r.ok());
        });
        {
            let mut q = self.inner.q.lock().expect("pool lock");
            match lane {
                Lane::First => q.first.push_back(job),
                Lane::Yielding => q.yielding.push_back(job),
            }
        }
        self.inner.cv.notify_one();
        rx.await.ok().flatten()
    }

    /// Jobs waiting (first, yielding).
    pub fn waiting(&self) -> (usize, usize) {
        let q = self.inner.q.lock().expect("pool lock");
        (q.first.len(), q.yielding.len())
    }
}

fn work(inner: &Inner) {
    loop {
        let (job, yielding) = {
            let mut q = inner.q.lock().expect("pool lock");
            loop {
                if let Some(j) = q.first.pop_front() {
                    break (j, false);
                }
                if q.yielding_running < inner.yielding_cap {
                    if let Some(j) = q.yielding.pop_front() {
                        q.yielding_running += 1;
                        break (j, true);
                    }
                }
                q = inner.cv.wait(q).expect("pool lock");
            }
        };
        job();
        if yielding {
            inner.q.lock().expect("pool lock").yielding_running -= 1;
            // A thread may be waiting for the yielding cap to free up.
            inner.cv.notify_all();
        }
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The pool that applies acts (judging) and replays logs: one thread a core.
pub fn judge() -> &'static Pool {
    static P: OnceLock<Pool> = OnceLock::new();
    P.get_or_init(|| Pool::new("onsets-judge", cores()))
}

/// The bots' pool: one thread a core, at least two (so that a bot at a
/// table with people is never behind a bot at a table of bots only).
pub fn bots() -> &'static Pool {
    static P: OnceLock<Pool> = OnceLock::new();
    P.get_or_init(|| Pool::new("onsets-bot", cores().max(2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[tokio::test]
    async fn a_first_lane_job_runs_while_yielding_jobs_hold_all_they_may() {
        let pool = Pool::new("test", 2);
        let release = Arc::new(AtomicBool::new(false));
        // Two long yielding jobs: only one may run (cap = workers - 1).
        let mut long = Vec::new();
        for _ in 0..2 {
            let (p, r) = (pool.clone(), release.clone());
            long.push(tokio::spawn(async move {
                p.run(Lane::Yielding, move || {
                    while !r.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
            }));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let got = tokio::time::timeout(Duration::from_secs(5), pool.run(Lane::First, || 7))
            .await
            .expect("the first lane is never starved");
        assert_eq!(got, Some(7));
        release.store(true, Ordering::Relaxed);
        for l in long {
            assert_eq!(l.await.unwrap(), Some(()));
        }
    }

    #[tokio::test]
    async fn a_panicking_job_is_none_and_the_pool_goes_on() {
        let pool = Pool::new("test", 1);
        assert_eq!(
            pool.run(Lane::First, || -> u8 { panic!("boom") }).await,
            None
        );
        assert_eq!(pool.run(Lane::First, || 1).await, Some(1));
    }
}
