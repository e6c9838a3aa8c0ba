//! Restriction parts (VI-B): one or more Restrictions, written with one
//! build of cubes (ruling 3), accepting the cards every Restriction
//! accepts. No Null Restrictions (XIII-B-8, OS-E10): each Restriction
//! removes a card from the Universe restricted by the others; `privs[i]`
//! holds the cards only Restriction `i` removes, and they only shrink as
//! Restrictions are added.

use super::classes::Config;
use super::hash::HashMap;
use super::nodes::{Chain, PartNode, PartState, NONE};
use super::restrictions::Pairing;
use super::run::Run;
use std::collections::hash_map::Entry;

/// The key of a part: usage, accepted cards, and (No Null Restrictions)
/// the cards each Restriction alone removes.
type Key = (u64, u16, Vec<u16>);

/// The Restriction parts built so far.
#[derive(Default)]
struct PartSet {
    index: HashMap<Key, usize>,
    parts: Vec<(PartState, Vec<u16>)>,
    /// Restrictions are combined in non-decreasing order of index, so each
    /// set of Restrictions is built once; `last_of[i]`: the smallest index
    /// a path to part `i` ended with.
    last_of: Vec<usize>,
    /// (usage, symbols) of the parts kept per accepted cards.
    by_accept: HashMap<u16, Vec<(u64, u16)>>,
    /// The Restrictions grouped by usage (indices in order): whether a
    /// Restriction fits a part's cubes is decided once per group.
    by_usage: Vec<(u64, Vec<usize>)>,
    /// The Restrictions that fit the part being extended, with the usage
    /// together (reused from part to part).
    fitting: Vec<(usize, u64)>,
}

impl Run<'_, '_> {
    /// Every Restriction part from the Restrictions `restrs`, each new one
    /// paired with the Set-Names at once.
    pub(super) fn parts(&mut self, cfg: &mut Config, pairing: &mut Pairing, restrs: Vec<Chain>) {
        let nonull = self.setup.rules.no_null_restrictions;
        let mask = self.cards.mask;
        let by_syms = cfg.by_syms;
        let mut set = PartSet::default();
        let mut group: HashMap<u64, usize> = HashMap::default();
        for (ri, r) in restrs.iter().enumerate() {
            let g = *group.entry(r.usage).or_insert_with(|| {
                set.by_usage.push((r.usage, Vec::new()));
                set.by_usage.len() - 1
            });
            set.by_usage[g].1.push(ri);
        }
        let mut frontier: Vec<usize> = Vec::new();
        for (ri, r) in restrs.iter().enumerate() {
            if !pairing.viable.get(r.accept) {
                continue;
            }
            let privs = if nonull {
                let p0 = mask & !r.accept;
                if p0 == 0 {
                    continue;
                }
                vec![p0]
            } else {
                Vec::new()
            };
            let key = (r.usage, r.accept, privs.clone());
            cfg.part_nodes.push(PartNode {
                prev: NONE,
                chain: r.node,
            });
            let st = PartState {
                usage: r.usage,
                accept: r.accept,
                syms: r.syms,
                node: (cfg.part_nodes.len() - 1) as u32,
            };
            match set.index.entry(key) {
                Entry::Vacant(v) => {
                    v.insert(set.parts.len());
                    frontier.push(set.parts.len());
                    // (a shorter Restriction may have replaced the one tried)
                    if by_syms && self.try_part(cfg, pairing, &st) {
                        return;
                    }
                    set.parts.push((st, privs));
                    set.last_of.push(ri);
                }
                Entry::Occupied(o) => {
                    if st.syms < set.parts[*o.get()].0.syms {
                        if by_syms && self.try_part(cfg, pairing, &st) {
                            return;
                        }
                        set.parts[*o.get()].0 = st;
                    }
                }
            }
        }
        if !nonull {
            for (st, _) in &set.parts {
                set.by_accept
                    .entry(st.accept)
                    .or_default()
                    .push((st.usage, st.syms));
            }
        }
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &pi in &frontier {
                if self.extend(cfg, pairing, &restrs, &mut set, pi, &mut next) {
                    return;
                }
            }
            frontier = next;
        }
        self.stats.parts += set.parts.len();
    }

    /// Extends part `pi` by each Restriction from its `last_of` on; the
    /// parts new or shortened go to `next`. True when the search is over.
    fn extend(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        restrs: &[Chain],
        set: &mut PartSet,
        pi: usize,
        next: &mut Vec<usize>,
    ) -> bool {
        let (st, privs) = set.parts[pi].clone();
        let from = set.last_of[pi];
        // the Restrictions from `from` on whose cubes fit with the part's,
        // in order of index
        let mut fitting = std::mem::take(&mut set.fitting);
        fitting.clear();
        for (usage, idx) in &set.by_usage {
            let Some(u) = cfg.sum(st.usage, *usage) else {
                continue;
            };
            let start = idx.partition_point(|&i| i < from);
            fitting.extend(idx[start..].iter().map(|&i| (i, u)));
        }
        fitting.sort_unstable_by_key(|f| f.0);
        let done = self.extend_by(cfg, pairing, restrs, set, (&st, &privs), &fitting, next);
        set.fitting = fitting;
        done
    }

    /// [`Run::extend`] by the Restrictions `fitting` (index, usage together).
    #[allow(clippy::too_many_arguments)]
    fn extend_by(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        restrs: &[Chain],
        set: &mut PartSet,
        (st, privs): (&PartState, &[u16]),
        fitting: &[(usize, u64)],
        next: &mut Vec<usize>,
    ) -> bool {
        let nonull = self.setup.rules.no_null_restrictions;
        let by_syms = cfg.by_syms;
        let max_syms = self.max_syms;
        for &(ri, u) in fitting {
            let r = &restrs[ri];
            let nsyms = st.syms + r.syms;
            // a Set-Name of at least one symbol follows
            if nsyms >= max_syms || (by_syms && self.plan.lb.part_too_long(u, nsyms, max_syms)) {
                continue;
            }
            let acc = st.accept & r.accept;
            if !pairing.viable.get(acc) {
                continue;
            }
            let mut np: Vec<u16> = Vec::new();
            if nonull {
                let mine = st.accept & !r.accept;
                if mine == 0 {
                    continue;
                }
                np = privs.iter().map(|p| p & r.accept).collect();
                if np.contains(&0) {
                    continue;
                }
                np.push(mine);
                np.sort_unstable();
            } else if acc == st.accept {
                // removes nothing more: only useful for the cube count
                if cfg.dominates(st.usage, u) {
                    continue;
                }
            }
            if !nonull {
                // the same part again: dominated by itself (fast path)
                if let Some(&j) = set.index.get(&(u, acc, Vec::new())) {
                    if !by_syms || set.parts[j].0.syms <= nsyms {
                        continue;
                    }
                }
                // a part with the same accepted cards and no more cubes
                // (above the lower bounds; no more symbols when they are
                // bounded) does all this one can
                let kept = set.by_accept.entry(acc).or_default();
                if kept
                    .iter()
                    .any(|&(k, ks)| cfg.dominates(k, u) && (!by_syms || ks <= nsyms))
                {
                    continue;
                }
                kept.push((u, nsyms));
            }
            let key = (u, acc, np.clone());
            let make = |cfg: &mut Config| {
                cfg.part_nodes.push(PartNode {
                    prev: st.node,
                    chain: r.node,
                });
                PartState {
                    usage: u,
                    accept: acc,
                    syms: nsyms,
                    node: (cfg.part_nodes.len() - 1) as u32,
                }
            };
            match set.index.entry(key) {
                Entry::Vacant(v) => {
                    let nst = make(cfg);
                    v.insert(set.parts.len());
                    next.push(set.parts.len());
                    if self.try_part(cfg, pairing, &nst) {
                        return true;
                    }
                    set.parts.push((nst, np));
                    set.last_of.push(ri);
                }
                Entry::Occupied(o) => {
                    let j = *o.get();
                    let mut again = false;
                    if by_syms && nsyms < set.parts[j].0.syms {
                        // a shorter way to the same part: tried, and
                        // extended again
                        let nst = make(cfg);
                        if self.try_part(cfg, pairing, &nst) {
                            return true;
                        }
                        set.parts[j].0 = nst;
                        again = true;
                    }
                    if ri < set.last_of[j] {
                        set.last_of[j] = ri;
                        again = true;
                    }
                    if again {
                        next.push(j);
                    }
                }
            }
        }
        false
    }
}
