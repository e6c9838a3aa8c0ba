//! Lower bounds on the written symbols of a Solution (VII-B-4-a,
//! VII-B-4-b), for the bounded searches of shortest Solutions.

use super::classes::{split, Config, HI};
use super::pareto::rel_free;
use onsets_core::Symbol;

/// Lower bounds on the written symbols of a Solution from the Required
/// cubes each part must use (VII-B-4-b), for the bounded searches of
/// [`search`] (shortest Solutions).
#[derive(Clone, Copy, Default)]
pub(super) struct Bounds {
    /// The Required cubes of the Restriction part per class, as 8-bit
    /// lanes (even classes, odd classes; see [`Config::sum`]).
    lanes_r: [u64; 2],
    /// The Required cubes of the Set-Name per class, by what the class
    /// stands for: a set, a binary operation, the complement.
    lanes_s: [[u64; 2]; 3],
    /// Whether a Restriction part can be written at all.
    pub(super) parts: bool,
    /// Fewest symbols of a Set-Name, and of a Restriction part if needed.
    pub(super) name_min: u16,
    pub(super) part_min: u16,
}

impl Bounds {
    pub(super) fn of(cfg: &Config, need_part: bool) -> Bounds {
        let mut b = Bounds {
            lanes_r: [0; 2],
            lanes_s: [[0; 2]; 3],
            parts: !rel_free(cfg),
            name_min: 1,
            part_min: 0,
        };
        let mut tr = 0u16;
        let mut by_kind = [0u16; 4];
        for (k, c) in cfg.classes.iter().enumerate() {
            let kind = if c.stands.is_set() {
                0
            } else if c.stands.is_binary_operation() {
                1
            } else if c.stands == Symbol::Complement {
                2
            } else {
                3
            };
            let (w, sh) = (k & 1, 8 * (k / 2));
            b.lanes_r[w] |= (c.req_r as u64) << sh;
            if kind < 3 {
                b.lanes_s[kind][w] |= (c.req_s as u64) << sh;
            }
            by_kind[kind] += c.req_s as u16;
            tr += c.req_r as u16;
        }
        // a Set-Name of `s` Required set cubes has `s − 1` binary operations
        let [sets, bins, compl, _] = by_kind;
        b.name_min = (sets + sets.saturating_sub(1).max(bins) + compl).max(1);
        if need_part {
            b.part_min = tr.max(3);
        }
        b
    }

    /// Required cubes of the Restriction part missing from usage `u`.
    #[inline]
    fn missing_r(&self, u: u64) -> u16 {
        lanes_missing(self.lanes_r, u)
    }

    /// Symbols a Set-Name containing a build of usage `u` still adds: each
    /// missing set cube is a leaf, joined by a binary operation (which may
    /// be a missing one), and each missing complement a symbol.
    #[inline]
    fn name_missing(&self, u: u64) -> u16 {
        let sets = lanes_missing(self.lanes_s[0], u);
        let bins = lanes_missing(self.lanes_s[1], u);
        let compl = lanes_missing(self.lanes_s[2], u);
        sets + sets.max(bins) + compl
    }

    /// Whether every Solution containing this build (as the Set-Name or
    /// inside it, or as a side of a Restriction) has more than `max` symbols.
    #[inline]
    pub(super) fn build_too_long(&self, u: u64, syms: u16, max: u16) -> bool {
        let as_name = syms + self.name_missing(u) + self.part_min;
        if as_name <= max {
            return false;
        }
        if !self.parts {
            return true;
        }
        // a side: at least one link and one other side besides
        let as_side = syms + self.missing_r(u).max(2) + self.name_min;
        as_side > max
    }

    /// The most symbols a build of usage `u` may have without being
    /// [`Bounds::build_too_long`] (negative when every build of `u` is): a
    /// build of `syms` symbols is too long exactly when `syms` exceeds it.
    #[inline]
    pub(super) fn build_max_syms(&self, u: u64, max: u16) -> i32 {
        let max = i32::from(max);
        let as_name = max - i32::from(self.name_missing(u)) - i32::from(self.part_min);
        if !self.parts {
            return as_name;
        }
        let as_side = max - i32::from(self.missing_r(u).max(2)) - i32::from(self.name_min);
        as_name.max(as_side)
    }

    /// Whether every Restriction part extending this one (usage `u`,
    /// `syms` symbols), with a Set-Name, has more than `max` symbols.
    #[inline]
    pub(super) fn part_too_long(&self, u: u64, syms: u16, max: u16) -> bool {
        syms + self.missing_r(u) + self.name_min > max
    }
}

/// The sum over the classes of `req − used` where positive, `req` as 8-bit
/// lanes and `used` a usage word (word-parallel: a lane's `req + 128 − used`
/// keeps its high bit exactly when `req ≥ used`).
#[inline]
fn lanes_missing(req: [u64; 2], u: u64) -> u16 {
    let x = split(u);
    let mut total = 0u16;
    for w in 0..2 {
        let d = (req[w] | HI) - x[w];
        let keep = ((d & HI) >> 7) * 0xFF;
        let v = d & keep & !HI;
        // at most 8 lanes of at most 15: the byte sum fits in the top byte
        total += (v.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u16;
    }
    total
}
