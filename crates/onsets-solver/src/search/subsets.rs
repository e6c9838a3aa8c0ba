//! Subsets of the cards present as bitsets: a card set compressed to the
//! bits of the Universe's mask indexes a bitset of `2^n` bits (`n` cards,
//! at most 16), so the subset-sum transforms are word-parallel.

use super::cards::Cards;

/// Which accepted-card sets `K` can still give a Solution: some `x ⊆ K`
/// meets the value and card criteria and lies inside some Set-Name table
/// `T` (then `K' = x` would do; any Solution's `K ∩ T` is such an `x`).
/// Indexed by `K` compressed to the bits of the Universe's mask; a bitset of
/// `2^n` bits (`n` cards), so the two subset-sum transforms are word-parallel.
pub(super) struct Viable {
    pub(super) index: Compress,
    pub(super) down: Vec<u64>,
}

/// Compression of a card set to the bits of the Universe's mask.
#[derive(Clone)]
pub(super) struct Compress {
    pub(super) lo: [u16; 256],
    pub(super) hi: [u16; 256],
    pub(super) shift: u32,
    pub(super) mask: u16,
}

impl Compress {
    pub(super) fn new(mask: u16) -> Compress {
        // the compressed bit of each card present
        let mut single = [0u16; 16];
        let mut j = 0;
        for (i, b) in single.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                *b = 1 << j;
                j += 1;
            }
        }
        let shift = (mask & 255).count_ones();
        let mut lo = [0u16; 256];
        let mut hi = [0u16; 256];
        for b in 1..256usize {
            let low = b.trailing_zeros() as usize;
            lo[b] = lo[b & (b - 1)] | single[low];
            hi[b] = hi[b & (b - 1)] | (single[low + 8] >> shift);
        }
        Compress {
            lo,
            hi,
            shift,
            mask,
        }
    }

    #[inline]
    pub(super) fn idx(&self, k: u16) -> usize {
        let k = k & self.mask;
        (self.lo[(k & 255) as usize] | (self.hi[(k >> 8) as usize] << self.shift)) as usize
    }
}

/// Positions (within a 64-bit word) whose bit `i` of the index is clear.
pub(super) const CLEAR: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// A bitset over the `2^n` subsets of `n` cards.
pub(super) fn subset_words(n: u32) -> usize {
    (1usize << n).div_ceil(64)
}

/// `b[x] |= b[x | bit]` for every `x` and bit (some superset is set).
pub(super) fn close_down(b: &mut [u64], n: u32) {
    for i in 0..n as usize {
        if let Some(&clear) = CLEAR.get(i) {
            let s = 1u32 << i;
            for w in b.iter_mut() {
                *w |= (*w >> s) & clear;
            }
        } else {
            // words in blocks of 2 × step (the length is a power of two):
            // the first half has the bit clear, the second half set
            let step = 1usize << (i - 6);
            for block in b.chunks_exact_mut(2 * step) {
                let (clear, set) = block.split_at_mut(step);
                for (c, s) in clear.iter_mut().zip(set.iter()) {
                    *c |= *s;
                }
            }
        }
    }
}

/// `b[x] |= b[x & !bit]` for every `x` and bit (some subset is set).
pub(super) fn close_up(b: &mut [u64], n: u32) {
    for i in 0..n as usize {
        if let Some(&clear) = CLEAR.get(i) {
            let s = 1u32 << i;
            for w in b.iter_mut() {
                *w |= (*w << s) & !clear;
            }
        } else {
            let step = 1usize << (i - 6);
            for block in b.chunks_exact_mut(2 * step) {
                let (clear, set) = block.split_at_mut(step);
                for (s, c) in set.iter_mut().zip(clear.iter()) {
                    *s |= *c;
                }
            }
        }
    }
}

impl Viable {
    pub(super) fn new(tables: &[u16], cards: &Cards) -> Viable {
        let index = cards.compress();
        let n = cards.mask.count_ones();
        let size = 1usize << n;
        // up[x]: some table T ⊇ x
        let mut up = vec![0u64; subset_words(n)];
        for &t in tables {
            let x = index.idx(t);
            up[x / 64] |= 1 << (x % 64);
        }
        close_down(&mut up, n);
        // down[K]: some x ⊆ K with up[x] and the criteria met
        let ok = cards.ok_bits();
        for (u, o) in up.iter_mut().zip(ok.iter()) {
            *u &= *o;
        }
        if size < 64 {
            up[0] &= (1u64 << size) - 1;
        }
        close_up(&mut up, n);
        Viable {
            index: index.clone(),
            down: up,
        }
    }

    #[inline]
    pub(super) fn get(&self, k: u16) -> bool {
        self.get_packed(self.index.idx(k))
    }

    /// [`Viable::get`] of a card set already compressed.
    #[inline]
    pub(super) fn get_packed(&self, x: usize) -> bool {
        (self.down[x / 64] >> (x % 64)) & 1 == 1
    }
}
