//! The games of the rule editions as a table holds them, beside the one
//! table actor (`crate::table`): [`game1969`], a 1969 game with its seats,
//! its bots and their challenge window (M69 §§2–3), hosted by the actor and
//! by the HTTP alias (`crate::table1969`).

pub mod game1969;

use onsets_engine::SALT_BYTES;

/// A fresh random salt for a seed commitment (docs/security/hidden.md):
/// the random bits of two version-4 UUIDs (the operating system's
/// generator, as for seat tokens), 244 random bits.
pub(crate) fn fresh_salt() -> [u8; SALT_BYTES] {
    let mut salt = [0u8; SALT_BYTES];
    salt[..16].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    salt[16..].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    salt
}
