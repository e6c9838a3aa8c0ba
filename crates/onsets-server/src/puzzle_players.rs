//! The puzzles' anonymous players (docs/puzzles.md, "Players";
//! docs/security.md, "Puzzle ratings"): ids the server issues, signed with
//! HMAC-SHA-256 under a random secret kept in the database (made once, so it
//! survives restarts and every instance shares it), and the rate limits of
//! issuing them and of attempts.
//!
//! An id is 24 hex digits of randomness, `-`, and the first 128 bits of
//! the HMAC of those digits (57 characters; a player id as before, 8 to 64
//! letters, digits and `-`). Only an issued id, or the signed-in account,
//! has its attempts rated; any other id gets the verdict, unrated.

use crate::limits::{limiter, ClientKey, Limited};
use crate::lobby::Config;
use crate::store::Store;
use anyhow::{Context, Result};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::Row;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

type HmacSha256 = Hmac<Sha256>;

/// The secret's name in `server_secrets`.
const SECRET: &str = "puzzle-players";
/// Hex digits of randomness in an id.
const RANDOM_HEX: usize = 24;
/// Hex digits of the signature (128 bits).
const TAG_HEX: usize = 32;

/// Issued ids a minute per client address (a class behind one address
/// opens the page at once).
pub const ISSUE_PER_MINUTE: u32 = 30;
/// Attempts a minute per client address.
pub const ATTEMPTS_PER_ADDRESS: u32 = 120;
/// Attempts a minute per player (an issued id or an account).
pub const ATTEMPTS_PER_PLAYER: u32 = 20;

/// The rate limits of the puzzles' players (off with the table-creation
/// limits off, `Config::unlimited`).
pub struct Limits {
    issue: Option<DefaultKeyedRateLimiter<ClientKey>>,
    by_address: Option<DefaultKeyedRateLimiter<ClientKey>>,
    by_player: Option<DefaultKeyedRateLimiter<String>>,
}

impl Limits {
    pub fn new(c: &Config) -> Limits {
        let on = c.create_per_minute != 0;
        let per = |n: u32| if on { n } else { 0 };
        Limits {
            issue: limiter(per(ISSUE_PER_MINUTE), ISSUE_PER_MINUTE),
            by_address: limiter(per(ATTEMPTS_PER_ADDRESS), ATTEMPTS_PER_ADDRESS / 2),
            by_player: on.then(|| {
                let n = |v: u32| NonZeroU32::new(v).unwrap_or(NonZeroU32::MIN);
                RateLimiter::keyed(
                    Quota::per_minute(n(ATTEMPTS_PER_PLAYER))
                        .allow_burst(n(ATTEMPTS_PER_PLAYER / 2)),
                )
            }),
        }
    }

    /// A new id for the client at `key`.
    pub fn issue(&self, key: ClientKey) -> Result<(), Limited> {
        crate::limits::Limits::check(&self.issue, key, "new puzzle players", ISSUE_PER_MINUTE)
    }

    /// An attempt from the client at `key` (any player id, issued or not).
    pub fn attempt_from(&self, key: ClientKey) -> Result<(), Limited> {
        crate::limits::Limits::check(
            &self.by_address,
            key,
            "puzzle attempts",
            ATTEMPTS_PER_ADDRESS,
        )
    }

    /// An attempt by the issued player (or account) `player`.
    pub fn attempt_by(&self, player: &str) -> Result<(), Limited> {
        let Some(l) = &self.by_player else {
            return Ok(());
        };
        l.check_key(&player.to_string()).map_err(|not_until| {
            let wait = not_until
                .wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            Limited {
                message: format!(
                    "too many attempts by this player: at most {ATTEMPTS_PER_PLAYER} a minute; try again in {secs} s"
                ),
                retry_after_s: secs.max(1),
            }
        })
    }

    /// Forgets clients and players whose buckets are full again, every
    /// minute.
    pub fn start_cleaning(self: &Arc<Self>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let Some(l) = me.upgrade() else { return };
                for x in [&l.issue, &l.by_address].into_iter().flatten() {
                    x.retain_recent();
                    x.shrink_to_fit();
                }
                if let Some(x) = &l.by_player {
                    x.retain_recent();
                    x.shrink_to_fit();
                }
            }
        });
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The signing key: made at random the first time (whichever instance
/// comes first wins; the others read it).
async fn secret(store: &Store) -> Result<Vec<u8>> {
    let fresh = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    let insert =
        "INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING";
    let select = "SELECT value FROM server_secrets WHERE name = $1";
    let value: String = match store {
        Store::Sqlite(p) => {
            sqlx::query(insert)
                .bind(SECRET)
                .bind(&fresh)
                .execute(p)
                .await?;
            sqlx::query(select).bind(SECRET).fetch_one(p).await?.get(0)
        }
        Store::Postgres(p) => {
            sqlx::query(insert)
                .bind(SECRET)
                .bind(&fresh)
                .execute(p)
                .await?;
            sqlx::query(select).bind(SECRET).fetch_one(p).await?.get(0)
        }
    };
    Ok(value.into_bytes())
}

fn mac(key: &[u8], random: &str) -> Result<HmacSha256> {
    let mut m = HmacSha256::new_from_slice(key).context("the puzzle players' key")?;
    m.update(b"onsets puzzle player ");
    m.update(random.as_bytes());
    Ok(m)
}

/// A new signed player id.
pub async fn issue(store: &Store) -> Result<String> {
    let key = secret(store).await?;
    let random = uuid::Uuid::new_v4().simple().to_string()[..RANDOM_HEX].to_string();
    let tag = mac(&key, &random)?.finalize().into_bytes();
    Ok(format!("{random}-{}", hex(&tag[..TAG_HEX / 2])))
}

/// Whether `id` is one the server issued (its signature checks, in
/// constant time).
pub async fn issued(store: &Store, id: &str) -> Result<bool> {
    let Some((random, tag)) = id.split_once('-') else {
        return Ok(false);
    };
    if random.len() != RANDOM_HEX
        || tag.len() != TAG_HEX
        || !random
            .bytes()
            .chain(tag.bytes())
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        return Ok(false);
    }
    let tag: Vec<u8> = (0..TAG_HEX / 2)
        .filter_map(|i| u8::from_str_radix(&tag[2 * i..2 * i + 2], 16).ok())
        .collect();
    let key = secret(store).await?;
    Ok(mac(&key, random)?.verify_truncated_left(&tag).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn issued_ids_check_and_made_up_or_altered_ones_do_not() {
        let store = Store::memory().await.unwrap();
        let id = issue(&store).await.unwrap();
        assert_eq!(id.len(), RANDOM_HEX + 1 + TAG_HEX, "{id}");
        assert!(issued(&store, &id).await.unwrap());
        let mut altered = id.clone().into_bytes();
        altered[0] = if altered[0] == b'0' { b'1' } else { b'0' };
        let altered = String::from_utf8(altered).unwrap();
        assert!(!issued(&store, &altered).await.unwrap());
        for made_up in ["player-0001", "", "-", &id[..40], &id.to_uppercase()] {
            assert!(!issued(&store, made_up).await.unwrap(), "{made_up}");
        }
        // The key is kept: another id from the same database checks too.
        let again = issue(&store).await.unwrap();
        assert_ne!(again, id);
        assert!(issued(&store, &id).await.unwrap() && issued(&store, &again).await.unwrap());
        // Another database has another key.
        let other = Store::memory().await.unwrap();
        assert!(!issued(&other, &id).await.unwrap());
    }
}
