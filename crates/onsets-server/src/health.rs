//! Whether the database takes writes, for `GET /healthz` (docs/protocol.md,
//! "Health"): a cheap write probe ([`Store::probe`]) whose result is kept for
//! [`PROBE_CACHE`], so a flood of health checks costs the database at most
//! one write a second; concurrent checks wait for the one probe under way
//! instead of starting their own.

use crate::store::{Fault, Store};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a probe's result answers health checks.
pub const PROBE_CACHE: Duration = Duration::from_secs(1);

/// How long the probe may take before the database is reported as
/// `timeout` (a little over [`crate::store::SQLITE_BUSY_TIMEOUT`] and
/// [`crate::store::ACQUIRE_TIMEOUT`], so a locked or unreachable database is
/// named as such).
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(4);

/// The last probe's result and when it was taken.
#[derive(Default)]
pub struct Health {
    last: tokio::sync::Mutex<Option<(Instant, Result<(), Fault>)>>,
    /// Probes run since the start.
    probes: AtomicU64,
}

impl Health {
    /// Whether `store` takes writes now (at most [`PROBE_CACHE`] old).
    pub async fn check(&self, store: &Store) -> Result<(), Fault> {
        let mut last = self.last.lock().await;
        if let Some((at, r)) = *last {
            if at.elapsed() < PROBE_CACHE {
                return r;
            }
        }
        self.probes.fetch_add(1, Ordering::Relaxed);
        let r = match tokio::time::timeout(PROBE_TIMEOUT, store.probe()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                let f = e.fault();
                tracing::warn!("health probe: {} ({e:#})", f.as_str());
                Err(f)
            }
            Err(_) => {
                tracing::warn!("health probe: no answer within {PROBE_TIMEOUT:?}");
                Err(Fault::Timeout)
            }
        };
        *last = Some((Instant::now(), r));
        r
    }

    /// Probes run since the start.
    pub fn probes(&self) -> u64 {
        self.probes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_flood_of_checks_costs_one_probe_a_second() {
        let store = Store::memory().await.unwrap();
        let health = Health::default();
        let checks = (0..500).map(|_| health.check(&store));
        let all = futures_util::future::join_all(checks).await;
        assert!(all.iter().all(Result::is_ok));
        assert_eq!(health.probes(), 1);
        tokio::time::sleep(PROBE_CACHE + Duration::from_millis(50)).await;
        assert_eq!(health.check(&store).await, Ok(()));
        assert_eq!(health.probes(), 2);
    }
}
