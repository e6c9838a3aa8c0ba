//! The puzzles' anonymous players (docs/puzzles.md, "Players";
//! docs/security.md, "Puzzle ratings"): ids the server issues, signed with
//! HMAC-SHA-256 under a random secret kept in the database (made once, so it
//! survives restarts and every instance shares it, [`crate::store::secrets`]).
//! The rate limits of issuing them and of attempts are
//! [`crate::limits::PuzzleLimits`].
//!
//! An id is 24 hex digits of randomness, `-`, and the first 128 bits of
//! the HMAC of those digits (57 characters; a player id as before, 8 to 64
//! letters, digits and `-`). Only an issued id, or the signed-in account,
//! has its attempts rated; any other id gets the verdict, unrated.

use crate::store::{Store, StoreError};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Kept for the lobby, which builds the limits (their home is
/// [`crate::limits::PuzzleLimits`]).
pub use crate::limits::{
    PuzzleLimits as Limits, ATTEMPTS_PER_ADDRESS, ATTEMPTS_PER_PLAYER, ISSUE_PER_MINUTE,
};

/// Why an id could not be issued or checked.
#[derive(Debug, thiserror::Error)]
pub enum PlayerIdError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored key does not make an HMAC key.
    #[error("the puzzle players' key: {0}")]
    Key(#[from] hmac::digest::InvalidLength),
}

type Result<T> = std::result::Result<T, PlayerIdError>;

type HmacSha256 = Hmac<Sha256>;

/// The secret's name in `server_secrets`.
const SECRET: &str = "puzzle-players";
/// Hex digits of randomness in an id.
const RANDOM_HEX: usize = 24;
/// Hex digits of the signature (128 bits).
const TAG_HEX: usize = 32;

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
    let value = crate::store::secrets::get_or_make(store, SECRET, &fresh).await?;
    Ok(value.into_bytes())
}

fn mac(key: &[u8], random: &str) -> Result<HmacSha256> {
    let mut m = HmacSha256::new_from_slice(key)?;
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
