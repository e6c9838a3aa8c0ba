//! Lower bounds on the written symbols of a Solution (VII-B-4-a,
//! VII-B-4-b), for the bounded searches of shortest Solutions.

use super::classes::{field, Config};
use super::pareto::rel_free;
use onsets_core::Symbol;

/// Lower bounds on the written symbols of a Solution from the Required
/// cubes each part must use (VII-B-4-b), for the bounded searches of
/// [`search`] (shortest Solutions).
#[derive(Clone, Copy, Default)]
pub(super) struct Bounds {
    pub(super) req_r: [u8; 16],
    pub(super) req_s: [u8; 16],
    /// What each class stands for: 0 a set, 1 a binary operation, 2 the
    /// complement, 3 a relation.
    pub(super) kind: [u8; 16],
    pub(super) nk: usize,
    /// Whether a Restriction part can be written at all.
    pub(super) parts: bool,
    /// Fewest symbols of a Set-Name, and of a Restriction part if needed.
    pub(super) name_min: u16,
    pub(super) part_min: u16,
}

impl Bounds {
    pub(super) fn of(cfg: &Config, need_part: bool) -> Bounds {
        let mut b = Bounds {
            req_r: [0; 16],
            req_s: [0; 16],
            kind: [0; 16],
            nk: cfg.classes.len(),
            parts: !rel_free(cfg),
            name_min: 1,
            part_min: 0,
        };
        let mut tr = 0u16;
        for (k, c) in cfg.classes.iter().enumerate() {
            b.req_r[k] = c.req_r;
            b.req_s[k] = c.req_s;
            b.kind[k] = if c.stands.is_set() {
                0
            } else if c.stands.is_binary_operation() {
                1
            } else if c.stands == Symbol::Complement {
                2
            } else {
                3
            };
            tr += c.req_r as u16;
        }
        // a Set-Name of `s` Required set cubes has `s − 1` binary operations
        let mut by_kind = [0u16; 4];
        for k in 0..b.nk {
            by_kind[b.kind[k] as usize] += b.req_s[k] as u16;
        }
        let [sets, bins, compl, _] = by_kind;
        b.name_min = (sets + sets.saturating_sub(1).max(bins) + compl).max(1);
        if need_part {
            b.part_min = tr.max(3);
        }
        b
    }

    /// Required cubes of a part missing from usage `u`.
    #[inline]
    pub(super) fn missing(&self, u: u64, req: &[u8; 16]) -> u16 {
        (0..self.nk)
            .map(|k| req[k].saturating_sub(field(u, k)) as u16)
            .sum()
    }

    /// Symbols a Set-Name containing a build of usage `u` still adds: each
    /// missing set cube is a leaf, joined by a binary operation (which may
    /// be a missing one), and each missing complement a symbol.
    #[inline]
    pub(super) fn name_missing(&self, u: u64) -> u16 {
        let mut by_kind = [0u16; 4];
        for k in 0..self.nk {
            by_kind[self.kind[k] as usize] += self.req_s[k].saturating_sub(field(u, k)) as u16;
        }
        let [sets, bins, compl, _] = by_kind;
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
        let as_side = syms + self.missing(u, &self.req_r).max(2) + self.name_min;
        as_side > max
    }

    /// Whether every Restriction part extending this one (usage `u`,
    /// `syms` symbols), with a Set-Name, has more than `max` symbols.
    #[inline]
    pub(super) fn part_too_long(&self, u: u64, syms: u16, max: u16) -> bool {
        syms + self.missing(u, &self.req_r) + self.name_min > max
    }
}
