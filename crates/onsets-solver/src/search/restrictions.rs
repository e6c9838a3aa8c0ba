//! Restrictions (VI-B-2): two or more sides (Set-Name builds) joined by =
//! or ⊆, pointwise over cards, so a Restriction is its accept mask (the AND
//! of its links). Each new Restriction is tried at once as a whole
//! Restriction part, paired with the Set-Names ([`Pairing`]).

use super::builds::Names;
use super::cards::Cards;
use super::classes::{Config, R_PART};
use super::hash::{HashMap, HashSet};
use super::nodes::{Chain, ChainNode, Item, PartNode, PartState, NONE};
use super::pareto::{pareto, pareto_chains, pareto_frontier};
use super::run::Run;
use super::subsets::Viable;
use onsets_core::eval::link;
use onsets_core::Symbol;
use std::cell::RefCell;
use std::collections::hash_map::Entry;

/// Pairs Restriction parts with the Set-Names of a configuration.
pub(super) struct Pairing {
    names: Names,
    /// Accepted-card sets that can still lead to a Solution (exact pruning
    /// of the proof: Restrictions only shrink K), given the Set-Names.
    pub(super) viable: Viable,
    /// Per (K, flags): the fewest symbols of a part with these accepted
    /// cards that found no Set-Name (a part with more symbols finds none
    /// either), or 0 when a Set-Name met the criteria.
    cache: HashMap<(u16, u8), u16>,
    /// Under Two Solutions: the sets of cards (effective) already named by
    /// a Solution of this configuration ("any" then means a new set).
    seen: Vec<u16>,
}

impl Pairing {
    pub(super) fn new(names: Names, cards: &Cards) -> Pairing {
        let tables: Vec<u16> = names
            .by_mask
            .iter()
            .flat_map(|(_, items)| items.iter().map(|it| it.table))
            .collect();
        let viable = Viable::new(&tables, cards);
        Pairing {
            names,
            viable,
            cache: HashMap::default(),
            seen: Vec::new(),
        }
    }
}

/// The sides of Restrictions: builds without the operation count, grouped
/// by table, fewest symbols first within a table.
pub(super) struct Sides {
    items: Vec<Item>,
    /// (table, start, end) of each group, the groups with the shortest
    /// sides first: a bounded search stops at the first group whose sides
    /// are all too long.
    groups: Vec<(u16, usize, usize)>,
    /// Each group's table compressed to the cards present
    /// ([`super::subsets::Compress`]) and its fewest symbols, side by side
    /// for the search's hottest loop; set by [`Sides::compress`].
    packed: Vec<(u32, u16)>,
    /// Per usage of a chain and its next relation: the sides whose cubes
    /// fit with it ([`Fits`]), worked out the first time it is met.
    fits: RefCell<HashMap<u64, Fits>>,
    /// The distinct usages of the sides, and each side's among them.
    usages: Vec<u64>,
    usage_ids: Vec<u32>,
    /// Per group, its sides' usages hashed to 64 bits (bit `id % 64`).
    group_sigs: Vec<u64>,
}

/// The sides whose cubes fit with one usage `u` (a chain and its next
/// relation): the groups, in [`Sides::groups`] order, that have such sides
/// (group index, range in `sides`) and those sides in their group's order,
/// each with the usage of `u` and the side together. In a proof nearly every
/// (chain, side) pair fails the cube count (in one large position 161,000
/// of 175 million did not), so the pairs that fit are listed once per usage.
#[derive(Default)]
struct Fits {
    groups: Vec<(u32, u32, u32)>,
    sides: Vec<(u32, u64)>,
}

impl Fits {
    fn of(cfg: &Config, sides: &Sides, u: u64) -> Fits {
        let mut fits = Fits::default();
        // the cube count once per distinct usage of the sides (usually fewer
        // than the sides), then looked up per side, in the same order
        let sums: Vec<Option<u64>> = sides.usages.iter().map(|&v| cfg.sum(u, v)).collect();
        // the usages that fit, hashed to 64 bits: a group none of whose
        // usages' bits is among them has no side that fits
        let fit_sig = sums
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .fold(0u64, |m, (id, _)| m | 1 << (id % 64));
        for (gi, &(_, a, b)) in sides.groups.iter().enumerate() {
            if sides.group_sigs[gi] & fit_sig == 0 {
                continue;
            }
            let start = fits.sides.len();
            for (i, &id) in sides.usage_ids[a..b].iter().enumerate() {
                if let Some(u2) = sums[id as usize] {
                    fits.sides.push(((a + i) as u32, u2));
                }
            }
            if fits.sides.len() > start {
                fits.groups
                    .push((gi as u32, start as u32, fits.sides.len() as u32));
            }
        }
        fits
    }
}

impl Sides {
    fn of(cfg: &Config, src: &[Item]) -> Sides {
        let mut index: HashMap<(u64, u16), usize> = HashMap::default();
        let mut sides: Vec<Item> = Vec::new();
        for it in src {
            match index.entry((it.usage, it.table)) {
                Entry::Vacant(v) => {
                    v.insert(sides.len());
                    sides.push(Item { ops: 0, ..*it });
                }
                Entry::Occupied(o) => {
                    if it.syms < sides[*o.get()].syms {
                        sides[*o.get()] = Item { ops: 0, ..*it };
                    }
                }
            }
        }
        let mut sides = pareto(cfg, sides);
        sides.sort_by_key(|s| (s.table, s.syms));
        let mut g: Vec<(u16, usize, usize)> = Vec::new();
        for (i, s) in sides.iter().enumerate() {
            match g.last_mut() {
                Some(last) if last.0 == s.table => last.2 = i + 1,
                _ => g.push((s.table, i, i + 1)),
            }
        }
        g.sort_by_key(|&(_, a, _)| sides[a].syms);
        let mut id_of: HashMap<u64, u32> = HashMap::default();
        let mut usages: Vec<u64> = Vec::new();
        let usage_ids = sides
            .iter()
            .map(|s| {
                *id_of.entry(s.usage).or_insert_with(|| {
                    usages.push(s.usage);
                    (usages.len() - 1) as u32
                })
            })
            .collect::<Vec<u32>>();
        let group_sigs = g
            .iter()
            .map(|&(_, a, b)| {
                usage_ids[a..b]
                    .iter()
                    .fold(0u64, |m, &id| m | 1 << (id % 64))
            })
            .collect();
        Sides {
            items: sides,
            groups: g,
            group_sigs,
            packed: Vec::new(),
            fits: RefCell::default(),
            usages,
            usage_ids,
        }
    }

    /// Compresses the groups' tables as `viable` indexes card sets.
    fn compress(&mut self, viable: &Viable) {
        self.packed = self
            .groups
            .iter()
            .map(|&(t, a, _)| (viable.index.idx(t) as u32, self.items[a].syms))
            .collect();
    }
}

/// The Restrictions (usage, accepted cards) already tried by the witness
/// search: per usage, a bitset over the accepted-card sets compressed to the
/// cards present ([`super::subsets::Compress`], one-to-one on the subsets of
/// the cards). A usage has few of them and they are met millions of times
/// in a large position: a hash set of pairs spent a third of the time.
struct Tried {
    words: usize,
    by_usage: HashMap<u64, Vec<u64>>,
    /// How many were tried.
    count: usize,
}

impl Tried {
    fn new(mask: u16) -> Tried {
        Tried {
            words: (1usize << mask.count_ones()).div_ceil(64),
            by_usage: HashMap::default(),
            count: 0,
        }
    }

    /// Marks the Restriction of usage `usage` accepting the compressed card
    /// set `x`; true the first time.
    fn first(&mut self, usage: u64, x: usize) -> bool {
        let words = self.words;
        let bits = self.by_usage.entry(usage).or_insert_with(|| vec![0; words]);
        let (w, b) = (x / 64, 1u64 << (x % 64));
        if bits[w] & b != 0 {
            return false;
        }
        bits[w] |= b;
        self.count += 1;
        true
    }
}

/// A link step: a chain extended by the relation `rel` (class `k`) and a
/// side, accepting `acc` with usage `u2` and `syms` symbols.
#[derive(Clone, Copy)]
struct Step {
    k: usize,
    rel: Symbol,
    acc: u16,
    u2: u64,
    syms: u16,
}

impl Run<'_, '_> {
    /// Pairs the Restriction part `st` with the Set-Names (with padding of
    /// its last side in the padding pass). True when the search is over.
    pub(super) fn try_part(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        st: &PartState,
    ) -> bool {
        let padded_st;
        let mut st = st;
        let fl = match cfg.flags(st.usage, R_PART) {
            Some(fl) => fl,
            None if self.pad_pass => {
                // pad the last side of the last Restriction
                let pn = cfg.part_nodes[st.node as usize];
                let cn = cfg.chain_nodes[pn.chain as usize];
                let Some((side, usage)) = cfg.pad(cn.side, st.usage, R_PART, self.cards.mask)
                else {
                    return false;
                };
                cfg.chain_nodes.push(ChainNode { side, ..cn });
                cfg.part_nodes.push(PartNode {
                    prev: pn.prev,
                    chain: (cfg.chain_nodes.len() - 1) as u32,
                });
                padded_st = PartState {
                    usage,
                    accept: st.accept,
                    syms: st.syms + cfg.syms_in(side) - cfg.syms_in(cn.side),
                    node: (cfg.part_nodes.len() - 1) as u32,
                };
                st = &padded_st;
                match cfg.flags(st.usage, R_PART) {
                    Some(fl) => fl,
                    None => return false,
                }
            }
            None => return false,
        };
        let cfg: &Config = cfg;
        let two = self.two;
        for f in fl {
            if let Some(&fail) = pairing.cache.get(&(st.accept, f)) {
                if fail > 0 && fail <= st.syms {
                    continue;
                }
            }
            let mut any = false;
            for (g, items) in &pairing.names.by_mask {
                if f | g != self.plan.all_flags {
                    continue;
                }
                for it in items {
                    // the names come shortest first
                    if st.syms + it.syms > self.max_syms {
                        break;
                    }
                    let x = st.accept & it.table;
                    // under Two Solutions only a set not named yet helps
                    if !self.cards.ok(x) || (two && pairing.seen.contains(&x)) {
                        continue;
                    }
                    any = true;
                    if self.record(cfg, Some((st, f)), it, *g, x) {
                        return true;
                    }
                    if two {
                        pairing.seen.push(x);
                    } else {
                        break;
                    }
                }
            }
            let v = pairing.cache.entry((st.accept, f)).or_insert(u16::MAX);
            *v = if any { 0 } else { (*v).min(st.syms.max(1)) };
        }
        false
    }

    /// Tries the Restriction `ch` alone as the Restriction part.
    fn try_restriction(&mut self, cfg: &mut Config, pairing: &mut Pairing, ch: &Chain) -> bool {
        cfg.part_nodes.push(PartNode {
            prev: NONE,
            chain: ch.node,
        });
        let st = PartState {
            usage: ch.usage,
            accept: ch.accept,
            syms: ch.syms,
            node: (cfg.part_nodes.len() - 1) as u32,
        };
        self.try_part(cfg, pairing, &st)
    }

    /// The Restrictions, then the Restriction parts, of a configuration.
    pub(super) fn restrictions(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        levels: &[Vec<Item>],
        all: &[Item],
    ) {
        let rel_classes = cfg.kinds().rels;
        // The padding pass pads the last side: short sides suffice there.
        let side_src: Vec<Item> = if self.pad_pass {
            levels.iter().take(3).flatten().copied().collect()
        } else {
            all.to_vec()
        };
        let mut sides = Sides::of(cfg, &side_src);
        sides.compress(&pairing.viable);
        let mut max_rel: usize = rel_classes
            .iter()
            .map(|&k| cfg.classes[k].cap as usize)
            .sum();
        if self.setup.rules.one_relation_per_statement {
            // 1969: a statement is one relation between two Set-Names (M69
            // 4.3-B); several statements make a part.
            max_rel = max_rel.min(1);
        }
        // Only the unbounded pass is a proof; the bounded ones (and the padding
        // pass) look for witnesses among short Restrictions.
        let bounded = self.pad_pass || self.limit != usize::MAX;
        if bounded {
            // witnesses only: Restrictions with as many links as the part needs
            // (Required = and ⊆ cubes, and a Required Cube variation's = or ⊆)
            let needed: usize = rel_classes
                .iter()
                .map(|&k| cfg.classes[k].need as usize)
                .sum();
            max_rel = max_rel.min(needed.max(1));
        }
        let mask = self.cards.mask;
        let frontier: Vec<Chain> = sides
            .items
            .iter()
            .map(|s| {
                cfg.chain_nodes.push(ChainNode {
                    prev: NONE,
                    class: 0,
                    sym: Symbol::Equals,
                    side: s.node,
                });
                Chain {
                    usage: s.usage,
                    accept: mask,
                    last: s.table,
                    syms: s.syms,
                    node: (cfg.chain_nodes.len() - 1) as u32,
                }
            })
            .collect();
        if bounded {
            self.witness_restrictions(cfg, pairing, frontier, &sides, &rel_classes, max_rel);
            return;
        }
        let Some(restrs) =
            self.all_restrictions(cfg, pairing, frontier, &sides, &rel_classes, max_rel)
        else {
            return;
        };
        self.parts(cfg, pairing, restrs);
    }

    /// Every way to extend the chain `c` by a link and a side, in order, to
    /// `visit` (which returns true to stop; then true is returned).
    fn steps(
        &self,
        cfg: &Config,
        viable: &Viable,
        c: &Chain,
        sides: &Sides,
        rel_classes: &[usize],
        mut visit: impl FnMut(&Step, &Item) -> bool,
    ) -> bool {
        let mask = self.cards.mask;
        let max_syms = self.max_syms;
        // Viability is tested on the compressed card sets: compression keeps
        // the cards present, so it commutes with ∩, ∪ and the complement
        // within them, and the link's accepted cards compress to the link of
        // the compressed tables.
        let full = (1u32 << mask.count_ones()) - 1;
        let (ca, cl) = (
            viable.index.idx(c.accept) as u32,
            viable.index.idx(c.last) as u32,
        );
        for &k in rel_classes {
            let Some(u1) = cfg.add(c.usage, k) else {
                continue;
            };
            for si in 0..cfg.classes[k].syms.len() {
                let rel = cfg.classes[k].syms[si];
                let subset = rel == Symbol::Subset;
                // the accepted cards depend on the side's table only; only
                // the sides whose cubes fit are visited (in the same order)
                let mut fits = sides.fits.borrow_mut();
                let fit = fits.entry(u1).or_insert_with(|| Fits::of(cfg, sides, u1));
                for &(gi, from, to) in &fit.groups {
                    let gi = gi as usize;
                    let (ct, fewest) = sides.packed[gi];
                    if c.syms + 1 + fewest >= max_syms {
                        break;
                    }
                    let x = if subset {
                        ca & ((!cl & full) | ct)
                    } else {
                        ca & !(cl ^ ct)
                    };
                    if !viable.get_packed(x as usize) {
                        continue;
                    }
                    let table = sides.groups[gi].0;
                    let acc = c.accept
                        & link(
                            rel,
                            onsets_core::CardSet(c.last),
                            onsets_core::CardSet(table),
                        )
                        .bits()
                        & mask;
                    debug_assert_eq!(viable.index.idx(acc), x as usize);
                    for &(ix, u2) in &fit.sides[from as usize..to as usize] {
                        let s = &sides.items[ix as usize];
                        let syms = c.syms + 1 + s.syms;
                        // a Set-Name of at least one symbol follows (the
                        // sides of a table come fewest symbols first)
                        if syms >= max_syms {
                            break;
                        }
                        if cfg.by_syms && self.plan.lb.part_too_long(u2, syms, max_syms) {
                            continue;
                        }
                        let step = Step {
                            k,
                            rel,
                            acc,
                            u2,
                            syms,
                        };
                        if visit(&step, s) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Witnesses only: depth first, so that a Restriction with as many
    /// links as the part needs is tried as soon as one can be built
    /// (breadth first built every shorter chain first).
    fn witness_restrictions(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        mut frontier: Vec<Chain>,
        sides: &Sides,
        rel_classes: &[usize],
        max_rel: usize,
    ) {
        let nonull = self.setup.rules.no_null_restrictions;
        let mask = self.cards.mask;
        frontier.sort_by_key(|c| c.syms);
        let mut stack: Vec<(Chain, usize)> = frontier.iter().rev().map(|&c| (c, 0)).collect();
        let mut seen_chains: HashSet<(u64, u16, u16, usize)> = Default::default();
        let mut tried = Tried::new(mask);
        let mut children: Vec<Chain> = Vec::new();
        let mut steps: Vec<(Step, Item)> = Vec::new();
        while let Some((c, depth)) = stack.pop() {
            if depth >= max_rel {
                continue;
            }
            children.clear();
            steps.clear();
            self.steps(cfg, &pairing.viable, &c, sides, rel_classes, |st, s| {
                steps.push((*st, *s));
                false
            });
            // A chain of `max_rel` links is not extended: it is only tried
            // as a Restriction (each (usage, accepted cards) once), so it
            // needs neither a place among the chains seen nor a node unless
            // it is tried.
            let last = depth + 1 >= max_rel;
            for (st, s) in &steps {
                if last {
                    if (!nonull || st.acc != mask)
                        && tried.first(st.u2, pairing.viable.index.idx(st.acc))
                    {
                        cfg.chain_nodes.push(ChainNode {
                            prev: c.node,
                            class: st.k as u8,
                            sym: st.rel,
                            side: s.node,
                        });
                        let ch = Chain {
                            usage: st.u2,
                            accept: st.acc,
                            last: s.table,
                            syms: st.syms,
                            node: (cfg.chain_nodes.len() - 1) as u32,
                        };
                        if self.try_restriction(cfg, pairing, &ch) {
                            return;
                        }
                    }
                    continue;
                }
                if !seen_chains.insert((st.u2, st.acc, s.table, depth + 1)) {
                    continue;
                }
                cfg.chain_nodes.push(ChainNode {
                    prev: c.node,
                    class: st.k as u8,
                    sym: st.rel,
                    side: s.node,
                });
                let ch = Chain {
                    usage: st.u2,
                    accept: st.acc,
                    last: s.table,
                    syms: st.syms,
                    node: (cfg.chain_nodes.len() - 1) as u32,
                };
                children.push(ch);
                // a new Restriction: tried at once as the whole
                // Restriction part
                if (!nonull || st.acc != mask)
                    && tried.first(st.u2, pairing.viable.index.idx(st.acc))
                    && self.try_restriction(cfg, pairing, &ch)
                {
                    return;
                }
            }
            children.sort_by_key(|c| c.syms);
            stack.extend(children.iter().rev().map(|&c| (c, depth + 1)));
        }
        self.stats.restrictions += tried.count;
    }

    /// Every Restriction of up to `max_rel` links, breadth first, each new
    /// one tried at once as the whole Restriction part; `None` when the
    /// search is over.
    fn all_restrictions(
        &mut self,
        cfg: &mut Config,
        pairing: &mut Pairing,
        mut frontier: Vec<Chain>,
        sides: &Sides,
        rel_classes: &[usize],
        max_rel: usize,
    ) -> Option<Vec<Chain>> {
        let nonull = self.setup.rules.no_null_restrictions;
        let mask = self.cards.mask;
        let by_syms = cfg.by_syms;
        let mut restr_index: HashMap<(u64, u16), usize> = HashMap::default();
        let mut restrs: Vec<Chain> = Vec::new();
        let mut steps: Vec<(Step, Item)> = Vec::new();
        for _ in 0..max_rel {
            let mut next_index: HashMap<(u64, u16, u16), usize> = HashMap::default();
            let mut next: Vec<Chain> = Vec::new();
            for c in &frontier {
                steps.clear();
                self.steps(cfg, &pairing.viable, c, sides, rel_classes, |st, s| {
                    steps.push((*st, *s));
                    false
                });
                for (st, s) in &steps {
                    let cn = ChainNode {
                        prev: c.node,
                        class: st.k as u8,
                        sym: st.rel,
                        side: s.node,
                    };
                    let new_chain = |cfg: &mut Config| {
                        cfg.chain_nodes.push(cn);
                        Chain {
                            usage: st.u2,
                            accept: st.acc,
                            last: s.table,
                            syms: st.syms,
                            node: (cfg.chain_nodes.len() - 1) as u32,
                        }
                    };
                    match next_index.entry((st.u2, st.acc, s.table)) {
                        Entry::Vacant(v) => {
                            v.insert(next.len());
                            let ch = new_chain(cfg);
                            next.push(ch);
                            // A new Restriction: tried at once as the
                            // whole Restriction part.
                            if (!nonull || st.acc != mask)
                                && !restr_index.contains_key(&(st.u2, st.acc))
                            {
                                restr_index.insert((st.u2, st.acc), restrs.len());
                                restrs.push(ch);
                                if self.try_restriction(cfg, pairing, &ch) {
                                    return None;
                                }
                            }
                        }
                        Entry::Occupied(o) => {
                            if by_syms && st.syms < next[*o.get()].syms {
                                next[*o.get()] = new_chain(cfg);
                            }
                        }
                    }
                }
            }
            for ch in &next {
                match restr_index.entry((ch.usage, ch.accept)) {
                    Entry::Vacant(v) => {
                        v.insert(restrs.len());
                        restrs.push(*ch);
                    }
                    Entry::Occupied(o) => {
                        if ch.syms < restrs[*o.get()].syms {
                            restrs[*o.get()] = *ch;
                        }
                    }
                }
            }
            frontier = pareto_frontier(cfg, next);
            if frontier.is_empty() {
                break;
            }
        }
        if !nonull {
            restrs = pareto_chains(cfg, restrs);
        }
        self.stats.restrictions += restrs.len();
        Some(restrs)
    }
}
