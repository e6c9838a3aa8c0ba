//! Hashing for the search's small integer keys.

use std::hash::{BuildHasherDefault, Hasher};

/// A fast, non-cryptographic hasher for the search's small integer keys
/// (the default SipHash dominated the profile).
#[derive(Default, Clone, Copy)]
pub(super) struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // final avalanche so hashbrown's top bits are well mixed
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The search's maps: [`FastHasher`] instead of SipHash.
pub(super) type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// The search's sets.
pub(super) type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<FastHasher>>;

/// The key of a Set-Name build (usage, operation count, table), hashed in
/// one round (the builds' index was the search's hottest map).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct BuildKey(pub(super) u64, pub(super) u8, pub(super) u16);

impl std::hash::Hash for BuildKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0 ^ (self.2 as u64).rotate_right(20) ^ ((self.1 as u64) << 62));
    }
}
