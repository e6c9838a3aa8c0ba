//! Set-Name builds (VI-A), by number of leaves: every fully grouped
//! Set-Name the configuration's cubes allow, kept as (usage, operation
//! count, truth table) with one shortest build each, dominated builds
//! dropped ([`super::pareto`]). Set-Names are pointwise over cards (VI-B-2),
//! so a build is its truth table over the cards of the Universe.

use super::classes::{Config, Kinds, S_PART};
use super::hash::{BuildKey, HashMap};
use super::nodes::{Item, Node, NONE};
use super::pareto::pareto;
use super::run::Run;
use super::subsets::Compress;
use onsets_core::eval::binary;
use onsets_core::Symbol;
use std::collections::hash_map::Entry;

/// The Set-Name builds of one configuration over all 16 cards, shared by the
/// blank's colorings.
#[derive(Default)]
pub(super) struct SharedBuilds {
    done: bool,
    levels: Vec<Vec<Item>>,
    nodes: Vec<Node>,
}

/// The Set-Name builds of one configuration up to `upto` leaves, kept for
/// the next pass (see [`super::search_within`]).
#[derive(Default)]
pub(super) struct KeptBuilds {
    upto: usize,
    levels: Vec<Vec<Item>>,
    nodes: Vec<Node>,
}

/// Set-Name tables per flag mask: distinct tables with their shortest build.
pub(super) struct Names {
    pub(super) by_mask: Vec<(u8, Vec<Item>)>,
}

/// The builds of one number of leaves, indexed by (usage, operations, table).
///
/// Nearly every build tried has the key of one made before (in one large
/// position, over a million tries for 16,000 builds), and the hash map of
/// the keys, too large for the caches, was the search's hottest spot. So
/// when the tables have at most [`Level::DENSE_CARDS`] cards, which keys
/// exist is also kept as one bitset per (usage, operations) over the
/// tables compressed to those cards ([`Compress`]): a key not in it is new
/// (no look-up), and a key in it needs the map only when a shorter build
/// may replace the old one (bounded searches). The map is then kept only
/// for those. The builds kept, their order and their nodes are the same.
struct Level {
    index: HashMap<BuildKey, usize>,
    items: Vec<Item>,
    /// The presence bitsets, if the tables are small enough.
    dense: Option<Dense>,
}

/// [`Level`]'s presence bitsets: `words` words per (usage, operations).
struct Dense {
    compress: Compress,
    words: usize,
    slots: HashMap<(u64, u8), usize>,
    bits: Vec<u64>,
    /// The last (usage, operations) looked up and its slot's first word:
    /// the builds tried come in runs of one usage.
    last: Option<(u64, u8, usize)>,
}

impl Level {
    /// Most cards of the tables for the presence bitsets (512 bytes each:
    /// a level has at most one per build, so even a level of 50,000 builds
    /// of as many usages stays within 25 MB).
    const DENSE_CARDS: u32 = 12;

    fn new(dmask: u16, expect: usize) -> Level {
        let n = dmask.count_ones();
        let dense = (n <= Self::DENSE_CARDS).then(|| Dense {
            compress: Compress::new(dmask),
            words: super::subsets::subset_words(n),
            slots: HashMap::default(),
            bits: Vec::new(),
            last: None,
        });
        let mut index = HashMap::default();
        if dense.is_none() {
            index.reserve(expect);
        }
        Level {
            index,
            items: Vec::new(),
            dense,
        }
    }
}

impl Dense {
    /// Marks the key; true when it was not there before.
    #[inline(always)]
    fn first(&mut self, usage: u64, ops: u8, table: u16) -> bool {
        let start = match self.last {
            Some((u, o, start)) if u == usage && o == ops => start,
            _ => self.slot(usage, ops),
        };
        self.mark(start, table)
    }

    /// The first word of the bitset of (usage, operations).
    fn slot(&mut self, usage: u64, ops: u8) -> usize {
        let next = self.bits.len();
        let start = *self.slots.entry((usage, ops)).or_insert(next);
        if start == next {
            self.bits.resize(next + self.words, 0);
        }
        self.last = Some((usage, ops, start));
        start
    }

    /// Marks `table` in the bitset starting at `start`; true when it was
    /// not there before.
    #[inline(always)]
    fn mark(&mut self, start: usize, table: u16) -> bool {
        let x = self.compress.idx(table);
        let w = &mut self.bits[start + x / 64];
        let b = 1u64 << (x % 64);
        let new = *w & b == 0;
        *w |= b;
        new
    }
}

/// A binary operation as three masks over the pairs of bits (in both, in
/// the first only, in the second only): the table of `a s b` is
/// `a ∩ b ∩ m11 ∪ a − b ∩ m10 ∪ b − a ∩ m01` (the same as
/// [`onsets_core::eval::binary`], without a match per build).
fn op_masks(s: Symbol, sem: onsets_core::eval::Semantics) -> [u16; 3] {
    let all = u16::MAX;
    match s {
        Symbol::Union => [all, all, all],
        Symbol::Intersection => [all, 0, 0],
        Symbol::Minus if sem.symmetric_difference => [0, all, all],
        Symbol::Minus => [0, all, 0],
        _ => [0, 0, 0],
    }
}

/// [`Run::combine`]'s innermost loop in a plain search (no bound on the
/// symbols, no operation count, presence bitsets): the build `a` joined by
/// `s` (class `k`, usage `u2`) with each of `bs`, in order, each added as
/// [`Run::insert`] would add it (a key not met before), with one look-up of
/// the usage's bitset for them all.
fn pair_plain(
    cfg: &mut Config,
    level: &mut Level,
    a: &Item,
    bs: &[Item],
    (k, s, u2, dmask): (usize, Symbol, u64, u16),
) {
    let Some(d) = level.dense.as_mut() else {
        return;
    };
    let start = match d.last {
        Some((u, 0, start)) if u == u2 => start,
        _ => d.slot(u2, 0),
    };
    let [m11, m10, m01] = op_masks(s, cfg.sem);
    let x = a.table;
    for b in bs {
        let y = b.table;
        let t = ((x & y & m11) | (x & !y & m10) | (!x & y & m01)) & dmask;
        if d.mark(start, t) {
            cfg.nodes.push(Node {
                class: k as u8,
                sym: s,
                l: a.node,
                r: b.node,
            });
            level.items.push(Item {
                usage: u2,
                ops: 0,
                table: t,
                syms: a.syms + b.syms + 1,
                node: (cfg.nodes.len() - 1) as u32,
            });
        }
    }
}

impl Config {
    /// Operation symbols counted (capped at 2, only under Two Operations,
    /// XIII-D).
    pub(super) fn ops_of(&self, n: u8) -> u8 {
        if self.two_ops {
            n.min(2)
        } else {
            0
        }
    }
}

/// Maximal runs of builds with the same usage (index ranges).
fn usage_runs(items: &[Item]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || items[i].usage != items[start].usage {
            if i > start {
                out.push((start, i));
            }
            start = i;
        }
    }
    out
}

impl Run<'_, '_> {
    /// The Set-Name builds by number of leaves (index 0 empty), or `None`
    /// when a Set-Name alone already ended the search.
    pub(super) fn build_names(
        &mut self,
        cfg: &mut Config,
        shared: Option<&mut SharedBuilds>,
        built: Option<&mut KeptBuilds>,
    ) -> Option<Vec<Vec<Item>>> {
        let kinds = cfg.kinds();
        let mask = self.cards.mask;
        let max_leaves: usize = kinds
            .sets
            .iter()
            .map(|&k| cfg.classes[k].cap as usize)
            .sum::<usize>()
            .min(self.limit)
            .min((self.max_syms as usize).div_ceil(2));
        let mut levels: Vec<Vec<Item>> = vec![Vec::new(); max_leaves + 1];
        // Under Blank Card Wild the builds are shared by the 16 colorings: built
        // once over all 16 cards, then projected onto each coloring's cards
        // (tables are pointwise, so projecting commutes with every operation).
        let shared_mode = shared.is_some();
        let mut runs: Vec<Vec<(usize, usize)>> = vec![Vec::new(); max_leaves + 1];
        let reuse = matches!(&shared, Some(sh) if sh.done);
        let dmask: u16 = if shared_mode { u16::MAX } else { mask };
        if let Some(sh) = shared.as_deref().filter(|_| reuse) {
            cfg.nodes = sh.nodes.clone();
            levels = sh.levels.clone();
        }
        // Levels built by an earlier pass for this configuration (the same
        // classes, so the same builds): taken as they are. Their Set-Names alone
        // were checked then.
        let mut from = 1;
        if let Some(b) = built.as_deref().filter(|b| b.upto > 0 && !shared_mode) {
            let upto = b.upto.min(max_leaves);
            cfg.nodes = b.nodes.clone();
            for n in 1..=upto {
                levels[n] = b.levels[n].clone();
                runs[n] = usage_runs(&levels[n]);
            }
            from = upto + 1;
        }
        for n in from..=max_leaves {
            if reuse {
                break;
            }
            let mut level = Level::new(dmask, levels[n - 1].len() * 4);
            if n == 1 {
                self.leaves(cfg, &kinds, dmask, &mut level);
            } else {
                self.combine(cfg, &kinds, dmask, &levels, &runs, n, &mut level);
            }
            self.complements(cfg, &kinds, dmask, &mut level);
            let mut items = pareto(cfg, level.items);
            items.sort_by_key(|i| i.usage);
            runs[n] = usage_runs(&items);
            self.stats.builds += items.len();
            if !shared_mode && !self.plan.need_restriction && self.check_level(cfg, &items) {
                return None;
            }
            levels[n] = items;
        }
        if let Some(b) = built.filter(|_| !shared_mode) {
            if max_leaves > b.upto {
                b.upto = max_leaves;
                b.levels = levels.clone();
                b.nodes = cfg.nodes.clone();
            }
        }
        if let Some(sh) = shared {
            if !sh.done {
                sh.done = true;
                sh.levels = levels.clone();
                sh.nodes = cfg.nodes.clone();
            }
            for level in levels.iter_mut() {
                let items: Vec<Item> = level
                    .iter()
                    .map(|it| Item {
                        table: it.table & mask,
                        ..*it
                    })
                    .collect();
                *level = pareto(cfg, items);
                if !self.plan.need_restriction && self.check_level(cfg, level) {
                    return None;
                }
            }
        }
        Some(levels)
    }

    /// Adds a build to a level unless one of its key is as short; true when
    /// it was added or shortened one.
    #[inline]
    fn insert(&self, cfg: &mut Config, level: &mut Level, it: Item, node: Node) -> bool {
        let by_syms = cfg.by_syms;
        if by_syms
            && self
                .plan
                .lb
                .build_too_long(it.usage, it.syms, self.max_syms)
        {
            return false;
        }
        if let Some(d) = level.dense.as_mut() {
            if d.first(it.usage, it.ops, it.table) {
                cfg.nodes.push(node);
                if by_syms {
                    level
                        .index
                        .insert(BuildKey(it.usage, it.ops, it.table), level.items.len());
                }
                level.items.push(Item {
                    node: (cfg.nodes.len() - 1) as u32,
                    ..it
                });
                return true;
            }
            if !by_syms {
                return false;
            }
        }
        match level.index.entry(BuildKey(it.usage, it.ops, it.table)) {
            Entry::Vacant(v) => {
                cfg.nodes.push(node);
                v.insert(level.items.len());
                level.items.push(Item {
                    node: (cfg.nodes.len() - 1) as u32,
                    ..it
                });
                true
            }
            Entry::Occupied(o) => {
                let old = &mut level.items[*o.get()];
                if by_syms && it.syms < old.syms {
                    cfg.nodes.push(node);
                    old.syms = it.syms;
                    old.node = (cfg.nodes.len() - 1) as u32;
                    true
                } else {
                    false
                }
            }
        }
    }

    /// One leaf: a color, V or Λ (VI-A).
    fn leaves(&self, cfg: &mut Config, kinds: &Kinds, dmask: u16, level: &mut Level) {
        for &k in &kinds.sets {
            for s in cfg.classes[k].syms.clone() {
                let t = onsets_core::eval::set_table(s)
                    .map(|c| c.bits())
                    .unwrap_or(0)
                    & dmask;
                let it = Item {
                    usage: 1u64 << (4 * k),
                    ops: 0,
                    table: t,
                    syms: 1,
                    node: 0,
                };
                let node = Node {
                    class: k as u8,
                    sym: s,
                    l: NONE,
                    r: NONE,
                };
                self.insert(cfg, level, it, node);
            }
        }
    }

    /// `n` leaves: two builds of `n1` and `n - n1` leaves joined by a binary
    /// operation (in parentheses where needed, VII-B-6).
    #[allow(clippy::too_many_arguments)]
    fn combine(
        &self,
        cfg: &mut Config,
        kinds: &Kinds,
        dmask: u16,
        levels: &[Vec<Item>],
        runs: &[Vec<(usize, usize)>],
        n: usize,
        level: &mut Level,
    ) {
        let has_minus = !cfg.sem.symmetric_difference
            && kinds
                .bins
                .iter()
                .any(|&k| cfg.classes[k].syms.contains(&Symbol::Minus));
        // no bound on the symbols, no operation count: [`pair_plain`]
        let plain = !cfg.by_syms && !cfg.two_ops && level.dense.is_some();
        for n1 in 1..n {
            let n2 = n - n1;
            // with only commuting operations one order suffices
            if n1 > n2 && !has_minus {
                continue;
            }
            // builds are grouped by usage: the cube accounting of a
            // combination is decided once per pair of groups
            for &(sa, ea) in &runs[n1] {
                for &(sb, eb) in &runs[n2] {
                    if n1 == n2 && !has_minus && eb <= sa {
                        continue;
                    }
                    let Some(u) = cfg.sum(levels[n1][sa].usage, levels[n2][sb].usage) else {
                        continue;
                    };
                    // bounded searches: the fewest symbols of the second
                    // run's builds, to skip a first build too long with any
                    let fewest_b = if cfg.by_syms {
                        levels[n2][sb..eb].iter().map(|b| b.syms).min().unwrap_or(0)
                    } else {
                        0
                    };
                    for &k in &kinds.bins {
                        let Some(u2) = cfg.add(u, k) else { continue };
                        // the most symbols a build of this usage may have
                        // (bounded searches; the test of [`Run::insert`]
                        // made once per usage instead of once per build)
                        let most = if cfg.by_syms {
                            self.plan.lb.build_max_syms(u2, self.max_syms)
                        } else {
                            i32::MAX
                        };
                        if cfg.by_syms
                            && i32::from(
                                levels[n1][sa..ea].iter().map(|a| a.syms).min().unwrap_or(0),
                            ) + i32::from(fewest_b)
                                + 1
                                > most
                        {
                            continue;
                        }
                        for si in 0..cfg.classes[k].syms.len() {
                            let s = cfg.classes[k].syms[si];
                            let commutes = s != Symbol::Minus || cfg.sem.symmetric_difference;
                            for (ia, &a) in levels[n1].iter().enumerate().take(ea).skip(sa) {
                                if i32::from(a.syms + fewest_b + 1) > most {
                                    continue;
                                }
                                if plain {
                                    // the same pairs as below, in the same order
                                    if commutes && n1 > n2 {
                                        continue;
                                    }
                                    let from = if commutes && n1 == n2 { sb.max(ia) } else { sb };
                                    let bs = &levels[n2][from.min(eb)..eb];
                                    pair_plain(cfg, level, &a, bs, (k, s, u2, dmask));
                                    continue;
                                }
                                for (ib, &b) in levels[n2].iter().enumerate().take(eb).skip(sb) {
                                    // ∪ and ∩ (and symmetric difference)
                                    // commute: one order suffices.
                                    let second = n1 > n2 || (n1 == n2 && ia > ib);
                                    if commutes && second {
                                        continue;
                                    }
                                    if i32::from(a.syms + b.syms + 1) > most {
                                        continue;
                                    }
                                    let t = binary(
                                        s,
                                        onsets_core::CardSet(a.table),
                                        onsets_core::CardSet(b.table),
                                        cfg.sem,
                                    )
                                    .bits()
                                        & dmask;
                                    let it = Item {
                                        usage: u2,
                                        ops: cfg.ops_of(a.ops + b.ops + 1),
                                        table: t,
                                        syms: a.syms + b.syms + 1,
                                        node: 0,
                                    };
                                    let node = Node {
                                        class: k as u8,
                                        sym: s,
                                        l: a.node,
                                        r: b.node,
                                    };
                                    self.insert(cfg, level, it, node);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Complement closure (′ binds tightest, VII-B-6-b). In shortest mode
    /// repeated until no build gets shorter.
    fn complements(&self, cfg: &mut Config, kinds: &Kinds, dmask: u16, level: &mut Level) {
        if kinds.nots.is_empty() {
            return;
        }
        loop {
            let mut changed = false;
            let mut j = 0;
            while j < level.items.len() {
                let a = level.items[j];
                j += 1;
                for &k in &kinds.nots {
                    let Some(u2) = cfg.add(a.usage, k) else {
                        continue;
                    };
                    let it = Item {
                        usage: u2,
                        ops: cfg.ops_of(a.ops + 1),
                        table: !a.table & dmask,
                        syms: a.syms + 1,
                        node: 0,
                    };
                    let node = Node {
                        class: k as u8,
                        sym: Symbol::Complement,
                        l: a.node,
                        r: NONE,
                    };
                    changed |= self.insert(cfg, level, it, node);
                }
            }
            if !cfg.by_syms || !changed {
                break;
            }
        }
    }

    /// The Required Cube variations satisfied by a Set-Name written alone,
    /// if it can be (VII-B-4-a: at least two symbols; Two Operations).
    fn name_alone(&self, cfg: &Config, it: &Item) -> Option<u8> {
        if it.syms < 2 || (cfg.two_ops && it.ops < 2) {
            return None;
        }
        let fl = cfg.flags(it.usage, S_PART)?;
        fl.into_iter().find(|&f| f == self.plan.all_flags)
    }

    /// A build padded with the cubes the Set-Name still lacks
    /// ([`super::padding`]).
    fn padded(&self, cfg: &mut Config, it: &Item) -> Option<Item> {
        let (node, usage) = cfg.pad(it.node, it.usage, S_PART, self.cards.mask)?;
        Some(Item {
            usage,
            ops: cfg.ops_of(cfg.ops_in(node)),
            table: it.table,
            syms: cfg.syms_in(node),
            node,
        })
    }

    /// Checks the builds of a level as Set-Names alone, as soon as they
    /// exist; true when the search is over.
    fn check_level(&mut self, cfg: &mut Config, items: &[Item]) -> bool {
        for it in items {
            if let Some(f) = self.name_alone(cfg, it) {
                if self.cards.ok(it.table) && self.record(cfg, None, it, f, it.table) {
                    return true;
                }
            } else if self.pad_pass && self.cards.ok(it.table) {
                if let Some(pi) = self.padded(cfg, it) {
                    if let Some(f) = self.name_alone(cfg, &pi) {
                        if self.record(cfg, None, &pi, f, pi.table) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Every build (and, in the padding pass, padded builds) as candidates
    /// for the Set-Name.
    pub(super) fn candidates(&mut self, cfg: &mut Config, levels: &[Vec<Item>]) -> Vec<Item> {
        let mut all: Vec<Item> = levels.iter().flatten().copied().collect();
        if !self.pad_pass {
            return all;
        }
        let extra: Vec<Item> = all
            .iter()
            .filter(|it| cfg.flags(it.usage, S_PART).is_none())
            .copied()
            .collect();
        // Without Required Cube variations or Two Operations, a padded
        // build (at least two symbols longer than its core) only matters
        // when no build of its table that meets the lower bounds is as
        // short: the Set-Name candidates keep the shortest build per table,
        // the first one among equals.
        let simple = cfg.vars.is_empty() && !cfg.two_ops;
        let mut best: HashMap<u16, u16> = HashMap::default();
        if simple {
            for it in all.iter().filter(|it| it.syms >= 2) {
                if cfg.flags(it.usage, S_PART).is_some() {
                    let b = best.entry(it.table).or_insert(it.syms);
                    *b = (*b).min(it.syms);
                }
            }
        }
        for it in extra {
            if simple && best.get(&it.table).is_some_and(|&b| b <= it.syms + 2) {
                continue;
            }
            // a Set-Name naming no set that meets the criteria is no use
            if !self.cards.has_ok_subset(it.table) {
                continue;
            }
            if let Some(pi) = self.padded(cfg, &it) {
                if simple {
                    let b = best.entry(pi.table).or_insert(pi.syms);
                    *b = (*b).min(pi.syms);
                }
                all.push(pi);
            }
        }
        all
    }

    /// The Set-Name candidates per flag mask: distinct tables, shortest build.
    pub(super) fn names(&self, cfg: &Config, all: &[Item]) -> Names {
        let mut per_mask: HashMap<u8, HashMap<(u16, bool), Item>> = HashMap::default();
        for it in all {
            if cfg.two_ops && it.ops < 2 {
                continue;
            }
            let Some(fl) = cfg.flags(it.usage, S_PART) else {
                continue;
            };
            for f in fl {
                let m = per_mask.entry(f).or_default();
                match m.entry((it.table, it.syms >= 2)) {
                    Entry::Vacant(v) => {
                        v.insert(*it);
                    }
                    Entry::Occupied(mut o) => {
                        if it.syms < o.get().syms {
                            o.insert(*it);
                        }
                    }
                }
            }
        }
        let mut by_mask: Vec<(u8, Vec<Item>)> = per_mask
            .into_iter()
            .map(|(f, m)| {
                let mut items: Vec<Item> = m.into_values().collect();
                items.sort_by_key(|i| (i.syms, i.table));
                (f, items)
            })
            .collect();
        by_mask.sort_by_key(|x| x.0);
        Names { by_mask }
    }
}

#[cfg(test)]
mod tests {
    use super::{op_masks, Level};
    use onsets_core::eval::{binary, Semantics};
    use onsets_core::{CardSet, Symbol};

    /// [`op_masks`] gives the table of [`binary`] for every operation,
    /// under both meanings of `−` (XIII-D symmetric difference), on
    /// tables with every pair of bits.
    #[test]
    fn op_masks_agree_with_binary() {
        let (x, y) = (0b1100_1010_0110_0101u16, 0b1010_0110_1100_0011u16);
        for symmetric_difference in [false, true] {
            let sem = Semantics {
                symmetric_difference,
            };
            for s in Symbol::NON_DIGIT {
                let [m11, m10, m01] = op_masks(s, sem);
                let t = (x & y & m11) | (x & !y & m10) | (!x & y & m01);
                assert_eq!(t, binary(s, CardSet(x), CardSet(y), sem).bits(), "{s:?}");
            }
        }
    }

    /// A level's presence bitsets say "new" exactly once per (usage,
    /// operations, table), tables compressed to the cards present.
    #[test]
    fn presence_bitsets_mark_each_key_once() {
        let mut level = Level::new(0b0110_1011_0000_1111, 0);
        let d = level.dense.as_mut().expect("9 cards: bitsets");
        assert!(d.first(0x12, 0, 0b0000_1011_0000_0101));
        assert!(!d.first(0x12, 0, 0b0000_1011_0000_0101));
        assert!(d.first(0x12, 1, 0b0000_1011_0000_0101));
        assert!(d.first(0x13, 0, 0b0000_1011_0000_0101));
        assert!(d.first(0x12, 0, 0b0100_1011_0000_0101));
        assert!(!d.first(0x12, 0, 0b0100_1011_0000_0101));
        assert!(Level::new(u16::MAX, 0).dense.is_none());
    }
}
