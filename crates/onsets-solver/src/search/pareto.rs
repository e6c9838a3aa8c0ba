//! Dominance among builds: of two builds with the same key, the one using
//! no more cubes of any class (but not below what the lower bounds need)
//! and, in a bounded search, no more written symbols, does all the other
//! can (VII-B-4-b, XIII-A-1).

use super::classes::{Config, LO};
use super::hash::HashMap;
use super::nodes::{Chain, Item};

/// Something built from cubes: its usage vector and written symbols.
pub(super) trait Built {
    fn usage(&self) -> u64;
    fn syms(&self) -> u16;
}

impl Built for Item {
    fn usage(&self) -> u64 {
        self.usage
    }
    fn syms(&self) -> u16 {
        self.syms
    }
}

impl Built for Chain {
    fn usage(&self) -> u64 {
        self.usage
    }
    fn syms(&self) -> u16 {
        self.syms
    }
}

/// Drops the items dominated by another with the same `key` (see
/// [`Config::dominates`]): anything built from the dominated one can be built
/// from the other, and the lower bounds of VII-B-4-b and XIII-A-1 are still
/// met. Groups keep their first-seen order; within a group the smallest
/// builds come first.
pub(super) fn pareto_by<T: Built + Copy, K: std::hash::Hash + Eq + Copy>(
    cfg: &Config,
    items: Vec<T>,
    key: impl Fn(&T) -> K,
) -> Vec<T> {
    // the sum of the 4-bit counters: bytes of at most 30, added up by a
    // multiplication (at most 240)
    let total = |u: u64| {
        let b = (u & LO) + ((u >> 4) & LO);
        (b.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    };
    // (group in first-seen order, cubes, symbols, index): sorted, the
    // groups in order, each smallest first, ties in their first-seen order
    let mut group_of: HashMap<K, u32> = HashMap::default();
    group_of.reserve(items.len());
    let mut order: Vec<(u32, u32, u16, u32)> = Vec::with_capacity(items.len());
    for (i, it) in items.iter().enumerate() {
        let next = group_of.len() as u32;
        let g = *group_of.entry(key(it)).or_insert(next);
        order.push((g, total(it.usage()), it.syms(), i as u32));
    }
    order.sort_unstable();
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    let (mut group, mut start) = (u32::MAX, 0);
    for &(g, _, _, i) in &order {
        if g != group {
            group = g;
            start = out.len();
        }
        let it = items[i as usize];
        if !out[start..].iter().any(|o| {
            cfg.dominates(o.usage(), it.usage()) && (!cfg.by_syms || o.syms() <= it.syms())
        }) {
            out.push(it);
        }
    }
    out
}

/// Builds with the same truth table and operation count. A single symbol is
/// no Solution by itself (VII-B-4-a), so it does not stand in for longer builds.
pub(super) fn pareto(cfg: &Config, items: Vec<Item>) -> Vec<Item> {
    pareto_by(cfg, items, |it| (it.table, it.ops, it.syms >= 2))
}

/// Restrictions with the same accepted cards.
pub(super) fn pareto_chains(cfg: &Config, items: Vec<Chain>) -> Vec<Chain> {
    pareto_by(cfg, items, |it| it.accept)
}

/// Chains with the same accepted cards and last side.
pub(super) fn pareto_frontier(cfg: &Config, items: Vec<Chain>) -> Vec<Chain> {
    pareto_by(cfg, items, |it| (it.accept, it.last))
}

/// Whether the configuration has no Restriction cube to write.
pub(super) fn rel_free(cfg: &Config) -> bool {
    !cfg.classes.iter().any(|c| c.stands.is_relation())
}
