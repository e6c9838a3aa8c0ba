//! The search behind [`crate::solve`]: one dynamic programme per
//! configuration (the Now cube, the meanings of the wild cubes, the colors of
//! the blank card), over the *meaning classes* of the cubes used in each part.
//!
//! ## Cube accounting by meaning class
//! In one configuration every usable cube stands for one symbol (its face, or
//! its wild meaning, ruling 7), and a written symbol can be realised by any
//! usable cube whose meaning is in the same class (the symbol itself or its
//! interchangeable partner, XIII-A-3, XIII-A-4). The bipartite graph of
//! [`onsets_core::cubes`] is then a disjoint union of complete bipartite
//! graphs, one per class, so a part is feasible iff for every class `c`:
//! `req_c ≤ w_c ≤ avail_c` (`w_c` symbols of class `c` written in the part,
//! `req_c` Required cubes of that class the part must use, `avail_c` usable
//! cubes). Under Multiple Operations an operation class only needs
//! `w_c ≥ req_c` and `avail_c ≥ 1` (XIII-A-6, ruling 12). The Required Cube
//! variation (XIII-A-1) asks one more symbol of the X cube's class in the
//! part that uses an X cube that is not already one it must use. A build is
//! therefore described by its usage vector per class, capped where the
//! accounting stops distinguishing.
//!
//! ## Independent parts
//! Given the configuration the two parts only interact through the Required
//! Cube variation (recorded as flags per build) and through the value: the
//! cards named are `K ∩ T` (`K` accepted by the Restriction part, `T` the
//! Set-Name's truth table). So the Set-Name tables are collected once, per
//! flag set, and each Restriction part is paired with them through a cache
//! keyed by `K`.

use onsets_core::eval::{binary, link, Semantics};
use onsets_core::{Card, InForce, Position, Situation, Symbol};
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast, non-cryptographic hasher for the search's small integer keys
/// (the default SipHash dominated the profile).
#[derive(Default, Clone, Copy)]
struct FastHasher(u64);

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

type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// Counters of one search (for benchmarks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Configurations examined (Now cube × wild meanings × blank colors).
    pub configs: usize,
    /// Distinct Set-Name builds (classes used, operation count, truth table).
    pub builds: usize,
    /// Distinct Restrictions (classes used, accepted cards).
    pub restrictions: usize,
    /// Distinct Restriction parts.
    pub parts: usize,
}

const NONE: u32 = u32::MAX;

/// One usable cube of a configuration.
#[derive(Clone, Copy, Debug)]
struct Cube {
    face: Symbol,
    required: bool,
    wild: bool,
}

/// A meaning class in one configuration.
#[derive(Clone, Debug)]
struct Class {
    /// What its cubes stand for (a representative).
    stands: Symbol,
    /// The symbols it may be written as.
    syms: Vec<Symbol>,
    /// Usable cubes, Required first.
    cubes: Vec<Cube>,
    /// Required cubes the Restriction part / the Set-Name must use.
    req_r: u8,
    req_s: u8,
    /// Largest count the accounting distinguishes.
    cap: u8,
    /// Threshold for dominance: a build is as good as one using more of this
    /// class only if it uses at least `min(other, need)`.
    need: u8,
    reusable: bool,
}

/// A node of a built Set-Name.
#[derive(Clone, Copy, Debug)]
struct Node {
    class: u8,
    sym: Symbol,
    l: u32,
    r: u32,
}

/// A build: classes used (4-bit counter per class), operation symbols
/// written (capped at 2, only under Two Operations), truth table.
#[derive(Clone, Copy, Debug)]
struct Item {
    usage: u64,
    ops: u8,
    table: u16,
    syms: u16,
    node: u32,
}

#[derive(Clone, Copy, Debug)]
struct ChainNode {
    prev: u32,
    class: u8,
    sym: Symbol,
    side: u32,
}

#[derive(Clone, Copy, Debug)]
struct Chain {
    usage: u64,
    accept: u16,
    last: u16,
    syms: u16,
    node: u32,
}

/// A Restriction part: a linked list of Restrictions.
#[derive(Clone, Copy, Debug)]
struct PartNode {
    prev: u32,
    chain: u32,
}

#[derive(Clone, Debug)]
struct PartState {
    usage: u64,
    accept: u16,
    syms: u16,
    node: u32,
}

/// Placement data of one Required Cube variation in one part.
#[derive(Clone, Copy, Debug, Default)]
struct VarPart {
    /// An X cube the part must use anyway.
    auto: bool,
    /// An X cube the part could use in addition.
    placeable: bool,
}

#[derive(Clone, Copy, Debug)]
struct ReqVar {
    face: Symbol,
    class: usize,
    part: [VarPart; 2],
}

struct Config {
    sem: Semantics,
    classes: Vec<Class>,
    nodes: Vec<Node>,
    chain_nodes: Vec<ChainNode>,
    part_nodes: Vec<PartNode>,
    vars: Vec<ReqVar>,
    two_ops: bool,
    /// Dominance also asks for no more written symbols (a bounded search
    /// for a shortest Solution).
    by_syms: bool,
    /// Padding shapes that fit, per (usage, part), with the padding's table.
    pad_cache: HashMap<(u64, usize), Vec<(u8, PadFit)>>,
    /// The caps, needs and reusable classes as 8-bit lanes (even classes,
    /// odd classes), for the word-parallel [`Config::sum`] and
    /// [`Config::dominates`].
    lanes: Lanes,
}

#[derive(Clone, Copy, Debug, Default)]
struct Lanes {
    cap: [u64; 2],
    need: [u64; 2],
    reuse: [u64; 2],
}

const LO: u64 = 0x0F0F_0F0F_0F0F_0F0F;
const HI: u64 = 0x8080_8080_8080_8080;

impl Lanes {
    fn of(classes: &[Class]) -> Lanes {
        let mut l = Lanes::default();
        for (k, c) in classes.iter().enumerate() {
            let (w, sh) = (k & 1, 8 * (k / 2));
            l.cap[w] |= (c.cap as u64) << sh;
            l.need[w] |= (c.need as u64) << sh;
            if c.reusable {
                l.reuse[w] |= 0x80 << sh;
            }
        }
        l
    }
}

/// Splits a usage word into 8-bit lanes (even classes, odd classes).
#[inline]
fn split(u: u64) -> [u64; 2] {
    [u & LO, (u >> 4) & LO]
}

/// Lanes where `x > y` (high bit of each lane), for lanes below 128.
#[inline]
fn gt(x: u64, y: u64) -> u64 {
    !((y | HI) - x) & HI
}

fn field(u: u64, k: usize) -> u8 {
    ((u >> (4 * k)) & 15) as u8
}

const R_PART: usize = 0;
const S_PART: usize = 1;

impl Config {
    fn add(&self, u: u64, k: usize) -> Option<u64> {
        let f = field(u, k);
        if f < self.classes[k].cap {
            Some(u + (1u64 << (4 * k)))
        } else if self.classes[k].reusable {
            Some(u)
        } else {
            None
        }
    }

    /// Usage of two builds together: counts add up to the cap, reusable
    /// classes saturate there (word-parallel over the classes).
    #[inline]
    fn sum(&self, a: u64, b: u64) -> Option<u64> {
        if a == 0 {
            return Some(b);
        }
        if b == 0 {
            return Some(a);
        }
        let (sa, sb) = (split(a), split(b));
        let mut out = [0u64; 2];
        for w in 0..2 {
            let s = sa[w] + sb[w];
            let cap = self.lanes.cap[w];
            let over = gt(s, cap);
            if over & !self.lanes.reuse[w] != 0 {
                return None;
            }
            out[w] = if over == 0 {
                s
            } else {
                let m = (over >> 7) * 0xFF;
                (s & !m) | (cap & m)
            };
        }
        Some(out[0] | (out[1] << 4))
    }

    /// Whether `a` is at least as useful as `b` (same table): fewer cubes,
    /// but not below what the lower bounds need.
    #[inline]
    fn dominates(&self, a: u64, b: u64) -> bool {
        let (sa, sb) = (split(a), split(b));
        for w in 0..2 {
            let (x, y) = (sa[w], sb[w]);
            if gt(x, y) != 0 {
                return false;
            }
            // min(y, need)
            let need = self.lanes.need[w];
            let m = (gt(y, need) >> 7) * 0xFF;
            let mn = (need & m) | (y & !m);
            if gt(mn, x) != 0 {
                return false;
            }
        }
        true
    }

    /// Every maximal set of Required Cube variations (bit mask) the part
    /// can satisfy with this usage, or `None` if it breaks VII-B-4-b.
    fn flags(&self, u: u64, part: usize) -> Option<Flags> {
        for (k, c) in self.classes.iter().enumerate() {
            let req = if part == R_PART { c.req_r } else { c.req_s };
            if field(u, k) < req {
                return None;
            }
        }
        let n = self.vars.len();
        let mut out = Flags::default();
        if n == 0 {
            out.push(0);
            return Some(out);
        }
        let mut ok: Vec<u8> = Vec::new();
        for f in 0u8..(1 << n) {
            let mut extra = [0u8; 16];
            let mut good = true;
            for (i, v) in self.vars.iter().enumerate() {
                if f & (1 << i) == 0 {
                    continue;
                }
                let vp = v.part[part];
                if vp.auto {
                    continue;
                }
                if !vp.placeable {
                    good = false;
                    break;
                }
                extra[v.class] += 1;
            }
            if !good {
                continue;
            }
            let fits = self.classes.iter().enumerate().all(|(k, c)| {
                let req = if part == R_PART { c.req_r } else { c.req_s };
                extra[k] == 0 || field(u, k) >= req + extra[k]
            });
            if fits {
                ok.push(f);
            }
        }
        for &f in &ok {
            if !ok.iter().any(|&g| g != f && g & f == f) {
                out.push(f);
            }
        }
        Some(out)
    }
}

/// Whether a padding shape fits a usage, and the table of its padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PadFit {
    Untried,
    No,
    Table(u16),
}

/// One shape of padding `E outer Z`: `Z` is `S inner K` (or just `K`),
/// `K` a constant (`None`: `x − x`), `S` built from the leftover cubes.
#[derive(Clone, Copy, Debug)]
struct PadShape {
    outer: Symbol,
    inner: Option<Symbol>,
    konst: Option<Symbol>,
    s_first: bool,
}

/// The constants of the padding shapes.
const PAD_KONSTS: [Option<Symbol>; 7] = {
    use onsets_core::Color as C;
    use Symbol::*;
    [
        Some(Empty),
        Some(Universe),
        None,
        Some(Color(C::Blue)),
        Some(Color(C::Red)),
        Some(Color(C::Green)),
        Some(Color(C::Yellow)),
    ]
};

/// The padding shapes in the order they are tried: the constant Λ, V,
/// (x − x), then any color (an absorption law such as E ∪ (E ∩ S) = E; the
/// table is compared afterwards).
const PAD_SHAPES: [PadShape; 3 * (7 + 3 * 7 * 2)] = {
    use Symbol::*;
    let outers = [Union, Minus, Intersection];
    let inners = [None, Some(Intersection), Some(Minus), Some(Union)];
    let konsts = PAD_KONSTS;
    let mut out = [PadShape {
        outer: Union,
        inner: None,
        konst: None,
        s_first: true,
    }; 3 * (7 + 3 * 7 * 2)];
    let mut n = 0;
    let mut o = 0;
    while o < 3 {
        let mut i = 0;
        while i < 4 {
            let mut k = 0;
            while k < 7 {
                let mut f = 0;
                while f < 2 {
                    let s_first = f == 0;
                    if !(inners[i].is_none() && !s_first) {
                        out[n] = PadShape {
                            outer: outers[o],
                            inner: inners[i],
                            konst: konsts[k],
                            s_first,
                        };
                        n += 1;
                    }
                    f += 1;
                }
                k += 1;
            }
            i += 1;
        }
        o += 1;
    }
    out
};

/// The maximal sets of Required Cube variations a part satisfies (bit masks;
/// an antichain of subsets of at most 8 variations: at most C(8, 4) = 70).
#[derive(Clone, Copy, Debug)]
struct Flags {
    len: u8,
    f: [u8; 70],
}

impl Default for Flags {
    fn default() -> Self {
        Flags { len: 0, f: [0; 70] }
    }
}

impl Flags {
    fn push(&mut self, f: u8) {
        self.f[self.len as usize] = f;
        self.len += 1;
    }
}

impl IntoIterator for Flags {
    type Item = u8;
    type IntoIter = std::iter::Take<std::array::IntoIter<u8, 70>>;
    fn into_iter(self) -> Self::IntoIter {
        self.f.into_iter().take(self.len as usize)
    }
}

/// Padding (absorption): `E ∪ Z`, `E − Z` with `Z` empty and `E ∩ Z` with
/// `Z` the Universe leave `E`'s table unchanged, and `Z` can be built from
/// any leftover cubes (`S ∩ Λ`, `S − V`, `Λ − S`, `S ∪ V`, ...). Used only to
/// find witnesses fast; every witness is checked before it is returned.
impl Config {
    fn node(&mut self, class: usize, sym: Symbol, l: u32, r: u32) -> u32 {
        self.nodes.push(Node {
            class: class as u8,
            sym,
            l,
            r,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Truth table of a Set-Name node within `mask`.
    fn table_of(&self, n: u32, mask: u16) -> u16 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return onsets_core::eval::set_table(node.sym)
                .map(|c| c.bits())
                .unwrap_or(0)
                & mask;
        }
        let a = self.table_of(node.l, mask);
        if node.r == NONE {
            return !a & mask;
        }
        let b = self.table_of(node.r, mask);
        binary(
            node.sym,
            onsets_core::CardSet(a),
            onsets_core::CardSet(b),
            self.sem,
        )
        .bits()
            & mask
    }

    /// Operation symbols written in a Set-Name node.
    fn ops_in(&self, n: u32) -> u8 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return 0;
        }
        let r = if node.r == NONE {
            0
        } else {
            self.ops_in(node.r)
        };
        (1 + self.ops_in(node.l) as u32 + r as u32).min(255) as u8
    }

    fn syms_in(&self, n: u32) -> u16 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return 1;
        }
        let r = if node.r == NONE {
            0
        } else {
            self.syms_in(node.r)
        };
        1 + self.syms_in(node.l) + r
    }

    /// Pads the Set-Name node `core`, written in a part whose usage is `u`,
    /// with an identity that uses the cubes the part still lacks (lower
    /// bounds of VII-B-4-b and XIII-A-1). Returns the padded node and the
    /// part's new usage; the table is unchanged (verified).
    fn pad(&mut self, core: u32, u: u64, part: usize, mask: u16) -> Option<(u32, u64)> {
        let nk = self.classes.len();
        let mut def = [0u8; 16];
        let mut room = [0u8; 16];
        let mut any = false;
        for (k, c) in self.classes.iter().enumerate() {
            let mut target = if part == R_PART { c.req_r } else { c.req_s };
            for v in &self.vars {
                if v.class == k && !v.part[part].auto && v.part[part].placeable {
                    target += 1;
                }
            }
            let have = field(u, k);
            def[k] = target.saturating_sub(have);
            if def[k] > 0 && c.stands.is_relation() {
                return None;
            }
            any |= def[k] > 0;
            room[k] = if c.reusable {
                if c.cubes.is_empty() {
                    0
                } else {
                    200
                }
            } else {
                c.cap.saturating_sub(have + def[k])
            };
        }
        if !any {
            return None;
        }
        let table = self.table_of(core, mask);
        use Symbol::*;
        // The padding shapes are tried in order; whether a shape fits this
        // usage, and the table of its padding `Z`, are remembered per usage
        // and part, so the identity `E op Z = E` is then decided from the two
        // tables.
        let key = (u, part);
        let mut cands = std::mem::take(self.pad_cache.entry(key).or_default());
        if cands.is_empty() {
            // Every shape takes a cube for its outer operation and one for
            // its constant (a set symbol): shapes whose symbols no class
            // with a cube to spare can be written as do not fit.
            let can = |sym: Symbol| {
                self.classes
                    .iter()
                    .enumerate()
                    .any(|(k, c)| (def[k] > 0 || room[k] > 0) && c.syms.contains(&sym))
            };
            let any_set = self
                .classes
                .iter()
                .enumerate()
                .any(|(k, c)| c.stands.is_set() && def[k] + room[k] >= 1);
            // the shapes come in blocks of 49 per outer operation, and the
            // constants in the order of PAD_KONSTS
            let outer_ok = [Union, Minus, Intersection].map(can);
            let konst_ok = PAD_KONSTS.map(|k| match k {
                Some(sym) => can(sym),
                None => any_set,
            });
            for (i, shape) in PAD_SHAPES.iter().enumerate() {
                let b = i % 49;
                let k = if b < 7 { b } else { (b - 7) / 2 % 7 };
                debug_assert_eq!(PAD_KONSTS[k], shape.konst);
                if any_set && outer_ok[i / 49] && konst_ok[k] {
                    cands.push((i as u8, PadFit::Untried));
                }
            }
            if cands.is_empty() {
                cands.push((0, PadFit::No));
            }
        }
        let sem = self.sem;
        let mut hit = None;
        for (i, fit) in cands.iter_mut() {
            let shape = &PAD_SHAPES[*i as usize];
            if *fit == PadFit::Untried {
                let start = self.nodes.len();
                *fit = match self.try_pad(core, u, *shape, def, room, nk) {
                    Some((r, _)) => PadFit::Table(self.table_of(self.nodes[r as usize].r, mask)),
                    None => PadFit::No,
                };
                self.nodes.truncate(start);
            }
            let PadFit::Table(zt) = *fit else {
                continue;
            };
            let t = binary(
                shape.outer,
                onsets_core::CardSet(table),
                onsets_core::CardSet(zt),
                sem,
            )
            .bits()
                & mask;
            if t == table {
                hit = Some(*shape);
                break;
            }
        }
        if let Some(slot) = self.pad_cache.get_mut(&key) {
            *slot = cands;
        }
        let shape = hit?;
        let r = self.try_pad(core, u, shape, def, room, nk)?;
        debug_assert_eq!(self.table_of(r.0, mask), table);
        Some(r)
    }

    #[allow(clippy::too_many_arguments)]
    fn try_pad(
        &mut self,
        core: u32,
        u: u64,
        shape: PadShape,
        mut def: [u8; 16],
        mut room: [u8; 16],
        nk: usize,
    ) -> Option<(u32, u64)> {
        let PadShape {
            outer,
            inner,
            konst,
            s_first,
        } = shape;
        let mut used = [0u8; 16];
        // a class that may be written as `sym`: one still lacking first
        let take = |sym: Symbol,
                    def: &mut [u8; 16],
                    room: &mut [u8; 16],
                    used: &mut [u8; 16],
                    classes: &[Class]|
         -> Option<usize> {
            let ks = (0..nk).filter(|&k| classes[k].syms.contains(&sym));
            let k = ks
                .clone()
                .find(|&k| def[k] > 0)
                .or_else(|| ks.clone().find(|&k| room[k] > 0))?;
            if def[k] > 0 {
                def[k] -= 1;
            } else {
                room[k] -= 1;
            }
            used[k] += 1;
            Some(k)
        };
        let ko = take(outer, &mut def, &mut room, &mut used, &self.classes)?;
        // `None`: x − x with two cubes of one set class
        let (kc, kmin) = match konst {
            Some(sym) => (
                take(sym, &mut def, &mut room, &mut used, &self.classes)?,
                None,
            ),
            None => {
                let k = (0..nk)
                    .filter(|&k| self.classes[k].stands.is_set() && def[k] + room[k] >= 2)
                    .max_by_key(|&k| def[k].min(2))?;
                for _ in 0..2 {
                    if def[k] > 0 {
                        def[k] -= 1;
                    } else {
                        room[k] -= 1;
                    }
                    used[k] += 1;
                }
                let km = take(Symbol::Minus, &mut def, &mut room, &mut used, &self.classes)?;
                (k, Some(km))
            }
        };
        let mut leaves: Vec<usize> = Vec::new();
        let mut bins: Vec<usize> = Vec::new();
        let mut nots: Vec<usize> = Vec::new();
        let ki = match inner {
            Some(i) => Some(take(i, &mut def, &mut room, &mut used, &self.classes)?),
            None => None,
        };
        for k in 0..nk {
            let c = &self.classes[k];
            for _ in 0..def[k] {
                if c.stands.is_set() {
                    leaves.push(k);
                } else if c.stands.is_binary_operation() {
                    bins.push(k);
                } else if c.stands == Symbol::Complement {
                    nots.push(k);
                }
            }
            used[k] += def[k];
        }
        if ki.is_none() && !(leaves.is_empty() && bins.is_empty() && nots.is_empty()) {
            return None;
        }
        if ki.is_some() {
            // S needs a leaf, and one binary operation fewer than leaves
            while leaves.is_empty() || bins.len() + 1 > leaves.len() {
                let k = (0..nk).find(|&k| self.classes[k].stands.is_set() && room[k] > 0)?;
                room[k] -= 1;
                used[k] += 1;
                leaves.push(k);
            }
            while bins.len() + 1 < leaves.len() {
                let k = (0..nk)
                    .find(|&k| self.classes[k].stands.is_binary_operation() && room[k] > 0)?;
                room[k] -= 1;
                used[k] += 1;
                bins.push(k);
            }
        }
        let mut nu = u;
        for (k, &n) in used.iter().enumerate().take(nk) {
            for _ in 0..n {
                nu = self.add(nu, k)?;
            }
        }
        let kn = match kmin {
            None => self.node(kc, konst.unwrap_or(Symbol::Empty), NONE, NONE),
            Some(km) => {
                let x = self.classes[kc].stands;
                let a = self.node(kc, x, NONE, NONE);
                let b = self.node(kc, x, NONE, NONE);
                self.node(km, Symbol::Minus, a, b)
            }
        };
        let z = match ki {
            None => kn,
            Some(ki) => {
                let stands = |cfg: &Config, k: usize| cfg.classes[k].stands;
                let mut s = self.node(leaves[0], stands(self, leaves[0]), NONE, NONE);
                for &k in &nots {
                    s = self.node(k, Symbol::Complement, s, NONE);
                }
                for (j, &b) in bins.iter().enumerate() {
                    let x = self.node(leaves[j + 1], stands(self, leaves[j + 1]), NONE, NONE);
                    s = self.node(b, stands(self, b), s, x);
                }
                let i = inner.unwrap_or(Symbol::Intersection);
                if s_first {
                    self.node(ki, i, s, kn)
                } else {
                    self.node(ki, i, kn, s)
                }
            }
        };
        Some((self.node(ko, outer, core, z), nu))
    }
}

/// Hands out cubes to written symbols of one part (for the text).
struct Assign<'a> {
    cfg: &'a Config,
    order: Vec<Vec<Cube>>,
    next: Vec<usize>,
}

impl<'a> Assign<'a> {
    fn new(cfg: &'a Config, part: usize, flags: u8) -> Self {
        let mut order = Vec::new();
        for (k, c) in cfg.classes.iter().enumerate() {
            let must = if part == R_PART { c.req_r } else { c.req_s } as usize;
            let mut v: Vec<Cube> = c.cubes[..must.min(c.cubes.len())].to_vec();
            let mut rest: Vec<Cube> = c.cubes[must.min(c.cubes.len())..].to_vec();
            for (i, var) in cfg.vars.iter().enumerate() {
                if flags & (1 << i) != 0 && var.class == k && !var.part[part].auto {
                    if let Some(j) = rest.iter().position(|x| x.face == var.face) {
                        v.push(rest.remove(j));
                    }
                }
            }
            rest.sort_by_key(|x| x.wild);
            v.extend(rest);
            order.push(v);
        }
        let n = order.len();
        Assign {
            cfg,
            order,
            next: vec![0; n],
        }
    }

    fn sym(&mut self, class: u8, sym: Symbol) -> String {
        let k = class as usize;
        let list = &self.order[k];
        let i = self.next[k];
        self.next[k] += 1;
        let cube = if i < list.len() {
            list[i]
        } else {
            // reusable operation cube (XIII-A-6): prefer one needing no annotation
            *list.iter().find(|c| !c.wild).unwrap_or(&list[0])
        };
        if cube.wild && sym != cube.face {
            format!("{sym}@{}", cube.face)
        } else {
            sym.to_string()
        }
    }

    fn expr(&mut self, n: u32) -> String {
        let node = self.cfg.nodes[n as usize];
        if node.l == NONE {
            return self.sym(node.class, node.sym);
        }
        let nodes = &self.cfg.nodes;
        let wrap = |a: &mut Self, c: u32| {
            let t = a.expr(c);
            if nodes[c as usize].r != NONE {
                format!("({t})")
            } else {
                t
            }
        };
        if node.r == NONE {
            let l = wrap(self, node.l);
            let s = self.sym(node.class, node.sym);
            format!("{l}{s}")
        } else {
            let l = wrap(self, node.l);
            let s = self.sym(node.class, node.sym);
            let r = wrap(self, node.r);
            format!("{l} {s} {r}")
        }
    }

    fn chain(&mut self, n: u32) -> String {
        let c = self.cfg.chain_nodes[n as usize];
        if c.prev == NONE {
            self.expr(c.side)
        } else {
            let head = self.chain(c.prev);
            let s = self.sym(c.class, c.sym);
            let side = self.expr(c.side);
            format!("{head} {s} {side}")
        }
    }

    fn part(&mut self, n: u32) -> String {
        let p = self.cfg.part_nodes[n as usize];
        let mut t = if p.prev == NONE {
            String::new()
        } else {
            self.part(p.prev)
        };
        t.push_str(&self.chain(p.chain));
        t.push_str("; ");
        t
    }
}

/// Which symbols a class standing for `s` may be written as.
fn written_as(rules: &InForce, s: Symbol) -> Vec<Symbol> {
    let mut v = vec![s];
    if let Some(p) = s.partner() {
        if rules.interchangeable(s, p) {
            v.push(p);
        }
    }
    v
}

/// Everything a position allows, worked out once.
struct Setup<'a> {
    position: &'a Position,
    rules: InForce,
    goals: Vec<i64>,
}

fn usable(s: Symbol, restrictions: bool) -> bool {
    !s.is_digit() && (restrictions || !s.is_relation())
}

/// One correct Solution found: its text, symbol count and physical set.
struct Found {
    text: String,
    syms: u16,
    physical: u16,
}

/// The cards of one blank coloring: (physical, effective) and the value test.
struct Cards {
    cards: Vec<(Card, Card)>,
    mask: u16,
    wlo: [u8; 256],
    whi: [u8; 256],
    goals: u64,
    req: u16,
    forb: u16,
    /// The compression of card sets to the cards present, and the subsets
    /// (compressed) that meet the criteria; computed when first needed.
    lazy: std::cell::OnceCell<std::rc::Rc<Criteria>>,
    weight: [u8; 16],
}

/// The criteria bits of one set of cards (see [`Cards::lazy`]): the
/// compression, the subsets that meet the criteria, and the sets with such
/// a subset.
type Criteria = (Compress, Vec<u64>, Vec<u64>);

type CriteriaKey = ([u8; 16], u64, u16, u16);

thread_local! {
    /// The criteria bits are the same for every position with the same
    /// cards, Goal values and card variations, as met again and again in
    /// play: kept for the last few.
    static CRITERIA: std::cell::RefCell<HashMap<CriteriaKey, std::rc::Rc<Criteria>>> =
        std::cell::RefCell::new(HashMap::default());
}

impl Cards {
    fn new(setup: &Setup, blank: Card) -> Cards {
        let p = setup.position;
        let rules = &setup.rules;
        let cards: Vec<(Card, Card)> = p
            .universe
            .iter()
            .map(|c| {
                (
                    c,
                    if c.is_blank() && rules.blank_card_wild {
                        blank
                    } else {
                        c
                    },
                )
            })
            .collect();
        let mask: u16 = cards.iter().fold(0u16, |m, (_, e)| m | (1 << e.index()));
        let double = rules.double_set.map(|d| d.bits()).unwrap_or(0);
        let mut weight = [0u8; 16];
        for (_, e) in &cards {
            weight[e.index()] += if double & (1 << e.index()) != 0 { 2 } else { 1 };
        }
        let mut wlo = [0u8; 256];
        let mut whi = [0u8; 256];
        for x in 1..256usize {
            let i = x.trailing_zeros() as usize;
            wlo[x] = wlo[x & (x - 1)] + weight[i];
            whi[x] = whi[x & (x - 1)] + weight[i + 8];
        }
        let goals = setup
            .goals
            .iter()
            .filter(|&&g| (0..64).contains(&g))
            .fold(0u64, |m, &g| m | (1 << g));
        let mut req = 0u16;
        for &c in &rules.required_cards {
            let eff = cards
                .iter()
                .find(|(pc, _)| *pc == c)
                .map(|(_, e)| *e)
                .unwrap_or(c);
            req |= 1 << eff.index();
        }
        let mut forb = 0u16;
        for &c in &rules.forbidden_cards {
            for (pc, e) in &cards {
                if *pc == c || *e == c {
                    forb |= 1 << e.index();
                }
            }
        }
        Cards {
            cards,
            mask,
            wlo,
            whi,
            goals,
            req,
            forb,
            lazy: std::cell::OnceCell::new(),
            weight,
        }
    }

    fn lazy(&self) -> &Criteria {
        self.lazy.get_or_init(|| {
            let key = (self.weight, self.goals, self.req, self.forb);
            if let Some(c) = CRITERIA.with(|m| m.borrow().get(&key).cloned()) {
                return c;
            }
            let c = std::rc::Rc::new(self.criteria());
            CRITERIA.with(|m| {
                let mut m = m.borrow_mut();
                if m.len() >= 64 {
                    m.clear();
                }
                m.insert(key, c.clone());
            });
            c
        })
    }

    /// Works out [`Criteria`] for these cards.
    fn criteria(&self) -> Criteria {
        let index = Compress::new(self.mask);
        let n = self.mask.count_ones();
        let bits: Vec<u16> = (0..16)
            .filter(|i| self.mask & (1 << i) != 0)
            .map(|i| 1 << i)
            .collect();
        // weights of the compressed cards, and the required and
        // forbidden cards compressed
        let wt: Vec<u8> = bits
            .iter()
            .map(|&b| self.wlo[(b & 255) as usize] + self.whi[(b >> 8) as usize])
            .collect();
        let creq = index.idx(self.req);
        let cforb = index.idx(self.forb);
        let all_req = self.req & !self.mask == 0 && creq & cforb == 0;
        let size = 1usize << n;
        let mut ok = vec![0u64; subset_words(n)];
        if all_req {
            // the subsets holding every required card and no forbidden
            // one: `creq` plus the subsets of the free cards
            let free = (size - 1) & !creq & !cforb;
            let req_weight: u32 = (0..n as usize)
                .filter(|&i| creq & (1 << i) != 0)
                .map(|i| wt[i] as u32)
                .sum();
            let mut w = vec![0u8; size];
            let mut sub = 0usize;
            loop {
                let x = sub | creq;
                if sub > 0 {
                    let low = sub & sub.wrapping_neg();
                    w[sub] = w[sub ^ low] + wt[low.trailing_zeros() as usize];
                }
                let total = w[sub] as u32 + req_weight;
                if total < 64 && (self.goals >> total) & 1 == 1 {
                    ok[x / 64] |= 1 << (x % 64);
                }
                if sub == free {
                    break;
                }
                sub = (sub.wrapping_sub(free)) & free;
            }
        }
        if cfg!(debug_assertions) {
            let mut dec = 0u16;
            for x in 0..size {
                if x > 0 {
                    // the cards of index x (x - 1 and x differ in the
                    // lowest bits)
                    dec = (0..n as usize)
                        .filter(|&i| x & (1 << i) != 0)
                        .fold(0, |m, i| m | bits[i]);
                }
                assert_eq!(self.ok(dec), (ok[x / 64] >> (x % 64)) & 1 == 1);
            }
        }
        let mut above = ok.clone();
        close_up(&mut above, n);
        (index, ok, above)
    }

    /// Whether some subset of `t` meets the criteria (else no Solution can
    /// name a subset of `t`).
    fn has_ok_subset(&self, t: u16) -> bool {
        let (index, _, above) = self.lazy();
        let x = index.idx(t);
        (above[x / 64] >> (x % 64)) & 1 == 1
    }

    fn compress(&self) -> &Compress {
        &self.lazy().0
    }

    /// The subsets of the cards present (compressed) that meet the criteria.
    fn ok_bits(&self) -> &[u64] {
        &self.lazy().1
    }

    /// VII-B-3, XIII-C-11, rulings 15 and 16.
    #[inline]
    fn ok(&self, x: u16) -> bool {
        let w = self.wlo[(x & 255) as usize] + self.whi[(x >> 8) as usize];
        (self.goals >> w) & 1 == 1 && x & self.req == self.req && x & self.forb == 0
    }

    fn physical(&self, x: u16) -> u16 {
        self.cards
            .iter()
            .filter(|(_, e)| x & (1 << e.index()) != 0)
            .fold(0u16, |m, (pc, _)| m | (1 << pc.index()))
    }

    /// The physical sets of the Universe's subsets that meet every criterion,
    /// among the subsets a Solution could name at all: Set-Names and
    /// Restrictions are decided card by card from the colors written in
    /// them (VI-B-2), so with only the colors `visible` (a mask over B R G Y)
    /// they cannot tell apart two cards that differ only in other colors.
    /// Every named set is a union of those classes of cards.
    fn good_sets(&self, visible: u8, out: &mut Vec<u16>, limit: usize) {
        // The classes of the effective cards present, as masks over cards.
        let mut classes: Vec<(u8, u16)> = Vec::new();
        for e in 0..16u8 {
            if self.mask & (1 << e) == 0 {
                continue;
            }
            match classes.iter_mut().find(|(k, _)| *k == e & visible) {
                Some((_, m)) => *m |= 1 << e,
                None => classes.push((e & visible, 1 << e)),
            }
        }
        for pick in 0u32..(1u32 << classes.len()) {
            let x = classes
                .iter()
                .enumerate()
                .filter(|(i, _)| pick & (1 << i) != 0)
                .fold(0u16, |m, (_, (_, c))| m | c);
            if self.ok(x) {
                let ph = self.physical(x);
                if !out.contains(&ph) {
                    out.push(ph);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// The colors a Solution could write: those shown by the cubes it may use
/// (Required, Permitted, and Resources unless the situation is a forceout),
/// or every color when one of those cubes is wild (XIII-A-2).
fn visible_colors(setup: &Setup) -> u8 {
    let p = setup.position;
    let mut sections = vec![&p.required, &p.permitted];
    if p.situation != Situation::Forceout {
        sections.push(&p.resources);
    }
    let mut visible = 0u8;
    for face in sections.into_iter().flat_map(|l| l.iter()) {
        if setup.rules.is_wild(face) {
            return 0b1111;
        }
        if let Symbol::Color(c) = face {
            visible |= c.bit();
        }
    }
    visible
}

/// The search. Returns the Solution text (or `None`) and statistics.
///
/// `shortest`: iterative deepening by the number of written symbols. The
/// first search gives a Solution of `S` symbols (or proves there is none);
/// then, for each bound `L` from the fewest symbols a Solution can have up
/// to `S − 1`, an exact search over the Solutions of at most `L` symbols
/// (every dominance test also compares symbols). The first bound with a
/// Solution gives a shortest one; if none below `S`, the first Solution is.
/// Under Two Solutions the bound applies to each of the two, so the longer
/// of the two is as short as it can be.
pub fn search(position: &Position, shortest: bool) -> (Option<String>, Stats) {
    let (first, mut stats) = search_within(position, u16::MAX);
    let Some((text, syms)) = first else {
        return (None, stats);
    };
    if !shortest {
        return (Some(text), stats);
    }
    for bound in fewest_symbols(position)..syms {
        let (r, st) = search_within(position, bound);
        stats.configs += st.configs;
        stats.builds += st.builds;
        stats.restrictions += st.restrictions;
        stats.parts += st.parts;
        if let Some((t, _)) = r {
            return (Some(t), stats);
        }
    }
    (Some(text), stats)
}

/// A lower bound on the symbols of a Solution: at least two (VII-B-4-a);
/// the Set-Name writes every Required cube that is no Restriction cube, and
/// with Required Restriction cubes the Restriction part (at least three
/// symbols) writes every Required cube (VII-B-4-b; see [`Class`]).
fn fewest_symbols(position: &Position) -> u16 {
    let rules = InForce::of(position);
    let usable_req = position
        .required
        .iter()
        .filter(|s| usable(*s, rules.restrictions));
    let (mut sets_ops, mut rels) = (0u16, 0u16);
    for s in usable_req {
        if rules.is_wild(s) {
            // it may stand for a Restriction cube or not: every Required
            // cube is written in one part or the other
            sets_ops += 1;
            continue;
        }
        if s.is_relation() {
            rels += 1;
        } else {
            sets_ops += 1;
        }
    }
    if rels == 0 || position.required.iter().any(|s| rules.is_wild(s)) {
        (sets_ops + rels).max(2)
    } else {
        sets_ops.max(1) + (sets_ops + rels).max(3)
    }
}

/// One search over the Solutions of at most `max_syms` written symbols
/// (`u16::MAX`: no bound); the Solution text and its symbols (under Two
/// Solutions, the larger of the two).
fn search_within(position: &Position, max_syms: u16) -> (Option<(String, u16)>, Stats) {
    let bounded = max_syms != u16::MAX;
    let rules = InForce::of(position);
    let goals = if position.goal.is_legal_layout() {
        position.goal.legal_values(rules.absolute_value)
    } else {
        Vec::new()
    };
    let mut stats = Stats::default();
    if goals.is_empty() {
        return (None, stats);
    }
    let setup = Setup {
        position,
        rules,
        goals,
    };
    let two = setup.rules.two_solutions;
    // Some set of cards must meet the value and card criteria (two different
    // ones for Two Solutions): decided over the subsets of the Universe that
    // the colors on the usable cubes can tell apart.
    let blanks = blank_colorings(&setup);
    let cards: Vec<Cards> = blanks.iter().map(|&b| Cards::new(&setup, b)).collect();
    {
        let need = if two { 2 } else { 1 };
        let visible = visible_colors(&setup);
        let mut good: Vec<u16> = Vec::new();
        for c in &cards {
            c.good_sets(visible, &mut good, need);
            if good.len() >= need {
                break;
            }
        }
        if good.len() < need {
            return (None, stats);
        }
    }
    // Per physical set, the best Solution naming it.
    let mut found: HashMap<u16, Found> = HashMap::default();
    let mut order: Vec<u16> = Vec::new();
    // Iterative deepening on the leaves of each build: most positions with a
    // Solution have a short one; only the last, unbounded pass is a proof.
    let limits: &[usize] = if bounded {
        &[usize::MAX]
    } else {
        &[3, 5, usize::MAX]
    };
    let choices = now_choices(&setup);
    // A first, cheap pass looks for padded witnesses (see [`Config::pad`]).
    // It searches everything the three-leaf pass does (the same builds,
    // sides and Restrictions, and padded ones besides), so that pass is left
    // out after it.
    let passes: Vec<(usize, bool)> = if bounded || two {
        limits.iter().map(|&l| (l, false)).collect()
    } else {
        std::iter::once((3, true))
            .chain(limits.iter().filter(|&&l| l != 3).map(|&l| (l, false)))
            .collect()
    };
    // The Set-Name builds of each configuration, kept from one pass to the
    // next (a pass with a larger limit goes on from them).
    let mut built: Vec<KeptBuilds> = Vec::new();
    for (limit, pad) in passes {
        let mut ci = 0;
        for now_choice in &choices {
            for meanings in wild_meanings(&setup, now_choice) {
                let mut shared = SharedBuilds::default();
                for (bi, &blank) in blanks.iter().enumerate() {
                    stats.configs += 1;
                    let sh = if blanks.len() > 1 {
                        Some(&mut shared)
                    } else {
                        None
                    };
                    let keep = if blanks.len() == 1 && !bounded {
                        if built.len() <= ci {
                            built.push(KeptBuilds::default());
                        }
                        Some(&mut built[ci])
                    } else {
                        None
                    };
                    ci += 1;
                    run_config(
                        &setup, now_choice, &meanings, blank, &cards[bi], limit, pad, sh, keep,
                        max_syms, two, &mut found, &mut order, &mut stats,
                    );
                    let need = if two { 2 } else { 1 };
                    if found.len() >= need {
                        return (compose(&found, &order, two), stats);
                    }
                }
            }
        }
    }
    (compose(&found, &order, two), stats)
}

/// The Solution: the first found (the first two under Two Solutions), with
/// its symbols.
fn compose(found: &HashMap<u16, Found>, order: &[u16], two: bool) -> Option<(String, u16)> {
    if !two {
        let best = order.first().and_then(|p| found.get(p))?;
        return Some((best.text.clone(), best.syms));
    }
    if found.len() < 2 {
        return None;
    }
    let all: Vec<&Found> = order.iter().filter_map(|p| found.get(p)).collect();
    let (a, b) = (all[0], all[1]);
    // XIII-D-14: the second set must hold a card the first lacks.
    let (first, second) = if b.physical & !a.physical != 0 {
        (a, b)
    } else {
        (b, a)
    };
    Some((
        format!("{} || {}", first.text, second.text),
        a.syms.max(b.syms),
    ))
}

/// After a Now challenge: no Resources cube, or one of each face
/// (VII-B-4-e). Otherwise: every usable Resources cube (VII-B-4-f) or none
/// (forceout).
fn now_choices(setup: &Setup) -> Vec<Vec<Symbol>> {
    let p = setup.position;
    let r = setup.rules.restrictions;
    let res: Vec<Symbol> = p.resources.iter().filter(|s| usable(*s, r)).collect();
    match p.situation {
        Situation::Now => {
            // One choice per face; and two faces of one meaning class (an
            // interchangeable pair, XIII-A-3/4) give the same search: the
            // written symbols are the class's, so the Solutions are the
            // same, unless the face is wild or a Required Cube variation's.
            let rules = &setup.rules;
            let plain = |f: Symbol| !rules.is_wild(f) && !rules.required_cubes.contains(&f);
            let mut v = vec![Vec::new()];
            let mut seen: Vec<Symbol> = Vec::new();
            for s in res {
                let same =
                    |t: &Symbol| *t == s || (plain(*t) && plain(s) && rules.same_class(*t, s));
                if !seen.iter().any(same) {
                    seen.push(s);
                    v.push(vec![s]);
                }
            }
            v
        }
        Situation::Impossible | Situation::EndOfRound => vec![res],
        Situation::Forceout => vec![Vec::new()],
    }
}

/// Every meaning class of every wild face with a usable cube (XIII-A-2,
/// ruling 7): a wild cube may stand for any non-digit symbol, = and ⊆ only
/// where Restrictions are used.
fn wild_meanings(setup: &Setup, resources: &[Symbol]) -> Vec<Vec<(Symbol, Symbol)>> {
    let p = setup.position;
    let r = setup.rules.restrictions;
    let present = |f: Symbol| {
        p.required.iter().any(|s| s == f)
            || p.permitted.iter().any(|s| s == f)
            || resources.contains(&f)
    };
    let mut out: Vec<Vec<(Symbol, Symbol)>> = vec![Vec::new()];
    for &face in &setup.rules.wild {
        if !present(face) {
            continue;
        }
        let mut classes: Vec<Symbol> = vec![face];
        for m in Symbol::NON_DIGIT {
            if !usable(m, r) {
                continue;
            }
            if classes.iter().any(|&c| setup.rules.same_class(c, m)) {
                continue;
            }
            classes.push(m);
        }
        out = out
            .into_iter()
            .flat_map(|v| {
                classes.iter().map(move |&m| {
                    let mut w = v.clone();
                    w.push((face, m));
                    w
                })
            })
            .collect();
    }
    out
}

fn blank_colorings(setup: &Setup) -> Vec<Card> {
    if setup.rules.blank_card_wild && setup.position.universe.contains(Card::BLANK) {
        (0..16u8).filter_map(Card::from_mask).collect()
    } else {
        vec![Card::BLANK]
    }
}

/// The Set-Name builds of one configuration over all 16 cards, shared by the
/// blank's colorings.
#[derive(Default)]
struct SharedBuilds {
    done: bool,
    levels: Vec<Vec<Item>>,
    nodes: Vec<Node>,
}

/// The Set-Name builds of one configuration up to `upto` leaves, kept for
/// the next pass (see [`search`]).
#[derive(Default)]
struct KeptBuilds {
    upto: usize,
    levels: Vec<Vec<Item>>,
    nodes: Vec<Node>,
}

/// Set-Name tables per flag mask: distinct tables with their shortest build.
struct Names {
    by_mask: Vec<(u8, Vec<Item>)>,
}

#[allow(clippy::too_many_arguments)]
fn run_config(
    setup: &Setup,
    resources: &[Symbol],
    meanings: &[(Symbol, Symbol)],
    blank: Card,
    cards: &Cards,
    limit: usize,
    pad_pass: bool,
    shared: Option<&mut SharedBuilds>,
    built: Option<&mut KeptBuilds>,
    max_syms: u16,
    two: bool,
    found: &mut HashMap<u16, Found>,
    order: &mut Vec<u16>,
    stats: &mut Stats,
) {
    let p = setup.position;
    let rules = &setup.rules;
    // Only Solutions of at most `max_syms` symbols are sought: builds keep
    // their fewest symbols, and dominance compares symbols too.
    let by_syms = max_syms != u16::MAX;
    let restrictions_ok = rules.restrictions;
    let mo = rules.multiple_operations;
    // ---- classes
    let mut classes: Vec<Class> = Vec::new();
    let stands_for = |face: Symbol| -> Symbol {
        if rules.is_wild(face) {
            meanings
                .iter()
                .find(|(f, _)| *f == face)
                .map(|(_, m)| *m)
                .unwrap_or(face)
        } else {
            face
        }
    };
    let mut push = |face: Symbol, required: bool| {
        let stands = stands_for(face);
        let cube = Cube {
            face,
            required,
            wild: rules.is_wild(face),
        };
        let k = match classes
            .iter()
            .position(|c| rules.same_class(c.stands, stands))
        {
            Some(k) => k,
            None => {
                classes.push(Class {
                    stands,
                    syms: written_as(rules, stands),
                    cubes: Vec::new(),
                    req_r: 0,
                    req_s: 0,
                    cap: 0,
                    need: 0,
                    reusable: mo && stands.is_operation(),
                });
                classes.len() - 1
            }
        };
        let c = &mut classes[k];
        c.cubes.push(cube);
        if required {
            c.req_r += 1;
            if !stands.is_relation() {
                c.req_s += 1;
            }
        }
    };
    for s in p.required.iter() {
        if usable(s, restrictions_ok) {
            push(s, true);
        }
    }
    for s in p.permitted.iter().chain(resources.iter().copied()) {
        if usable(s, restrictions_ok) {
            push(s, false);
        }
    }
    if classes.len() > 15 {
        return; // cannot happen: 12 symbols
    }
    // ---- Required Cube variations (XIII-A-1, OS-A7, ruling 5)
    let mut vars: Vec<ReqVar> = Vec::new();
    for &x in &rules.required_cubes {
        let Some(k) = classes
            .iter()
            .position(|c| c.cubes.iter().any(|cb| cb.face == x))
        else {
            return; // no usable X cube
        };
        let c = &classes[k];
        let has_req = c.cubes.iter().any(|cb| cb.face == x && cb.required);
        let has_free = c.cubes.iter().any(|cb| cb.face == x && !cb.required);
        let rel = c.stands.is_relation();
        vars.push(ReqVar {
            face: x,
            class: k,
            part: [
                VarPart {
                    auto: has_req,
                    placeable: has_free,
                },
                VarPart {
                    auto: has_req && !rel,
                    placeable: has_free || (has_req && rel),
                },
            ],
        });
    }
    for (k, c) in classes.iter_mut().enumerate() {
        let extra = vars.iter().filter(|v| v.class == k).count() as u8;
        c.need = c.req_r.max(c.req_s) + extra;
        c.cap = if c.reusable {
            c.need.max(1)
        } else {
            c.cubes.len() as u8
        }
        .min(15);
    }
    let mut cfg = Config {
        sem: Semantics {
            symmetric_difference: rules.symmetric_difference,
        },
        classes,
        nodes: Vec::new(),
        chain_nodes: Vec::new(),
        part_nodes: Vec::new(),
        vars,
        two_ops: rules.two_operations,
        by_syms,
        pad_cache: HashMap::default(),
        lanes: Lanes::default(),
    };
    cfg.lanes = Lanes::of(&cfg.classes);
    let nk = cfg.classes.len();
    let mask = cards.mask;
    let need_restriction = restrictions_ok && p.required.iter().any(|c| c.is_relation());
    // Lower bounds on the symbols still to be written (bounded searches): a
    // part must use its Required cubes (VII-B-4-b), each missing one is at
    // least one more symbol. (Usage counts are capped at or above what is
    // required, so a capped count never overstates what is missing.)
    let lb = Bounds::of(&cfg, need_restriction && !rel_free(&cfg));
    let all_flags: u8 = ((1u16 << cfg.vars.len()) - 1) as u8;
    let blank_part = if rules.blank_card_wild && !blank.is_blank() {
        format!("; blank: {blank}")
    } else {
        String::new()
    };

    let mut record = |cfg: &Config,
                      part: Option<(&PartState, u8)>,
                      name: &Item,
                      name_flags: u8,
                      x: u16|
     -> bool {
        let phys = cards.physical(x);
        let syms = name.syms + part.map(|p| p.0.syms).unwrap_or(0);
        if pad_pass {
            // a padded witness is only taken if the checker accepts it
            if found.contains_key(&phys) {
                return !two || found.len() >= 2;
            }
            let mut t = String::new();
            if let Some((ps, f)) = part {
                t.push_str(&Assign::new(cfg, R_PART, f).part(ps.node));
            }
            t.push_str(&Assign::new(cfg, S_PART, name_flags).expr(name.node));
            t.push_str(&blank_part);
            if !onsets_core::check(p, &t).correct {
                return false;
            }
        }
        let text = || {
            let mut t = String::new();
            if let Some((ps, f)) = part {
                t.push_str(&Assign::new(cfg, R_PART, f).part(ps.node));
            }
            t.push_str(&Assign::new(cfg, S_PART, name_flags).expr(name.node));
            t.push_str(&blank_part);
            t
        };
        if syms > max_syms {
            return false;
        }
        if let Entry::Vacant(v) = found.entry(phys) {
            v.insert(Found {
                text: text(),
                syms,
                physical: phys,
            });
            order.push(phys);
        }
        !two || found.len() >= 2
    };

    // ---- Set-Name builds by number of leaves
    let set_classes: Vec<usize> = (0..nk)
        .filter(|&k| cfg.classes[k].stands.is_set())
        .collect();
    let bin_classes: Vec<usize> = (0..nk)
        .filter(|&k| cfg.classes[k].stands.is_binary_operation())
        .collect();
    let not_classes: Vec<usize> = (0..nk)
        .filter(|&k| cfg.classes[k].stands == Symbol::Complement)
        .collect();
    let rel_classes: Vec<usize> = (0..nk)
        .filter(|&k| cfg.classes[k].stands.is_relation())
        .collect();
    let two_ops = cfg.two_ops;
    let ops_of = |n: u8| if two_ops { n.min(2) } else { 0 };
    let max_leaves: usize = set_classes
        .iter()
        .map(|&k| cfg.classes[k].cap as usize)
        .sum::<usize>()
        .min(limit)
        .min((max_syms as usize).div_ceil(2));
    let mut levels: Vec<Vec<Item>> = vec![Vec::new(); max_leaves + 1];
    // Under Blank Card Wild the builds are shared by the 16 colorings: built
    // once over all 16 cards, then projected onto each coloring's cards
    // (tables are pointwise, so projecting commutes with every operation).
    let shared_mode = shared.is_some();
    let mut runs: Vec<Vec<(usize, usize)>> = vec![Vec::new(); max_leaves + 1];
    let has_minus = !cfg.sem.symmetric_difference
        && bin_classes
            .iter()
            .any(|&k| cfg.classes[k].syms.contains(&Symbol::Minus));
    let reuse = matches!(&shared, Some(sh) if sh.done);
    let dmask: u16 = if shared_mode { u16::MAX } else { mask };
    // Set-Name alone: checked as soon as a build exists (VII-B-4-a: at least
    // two symbols).
    let name_alone = |cfg: &Config, it: &Item| -> Option<u8> {
        if it.syms < 2 || (two_ops && it.ops < 2) {
            return None;
        }
        let fl = cfg.flags(it.usage, S_PART)?;
        fl.into_iter().find(|&f| f == all_flags)
    };
    let padded = |cfg: &mut Config, it: &Item| -> Option<Item> {
        let (node, usage) = cfg.pad(it.node, it.usage, S_PART, mask)?;
        Some(Item {
            usage,
            ops: ops_of(cfg.ops_in(node)),
            table: it.table,
            syms: cfg.syms_in(node),
            node,
        })
    };
    let mut check_level = |cfg: &mut Config, items: &[Item]| -> bool {
        for it in items {
            if let Some(f) = name_alone(cfg, it) {
                if cards.ok(it.table) && record(cfg, None, it, f, it.table) {
                    return true;
                }
            } else if pad_pass && cards.ok(it.table) {
                if let Some(pi) = padded(cfg, it) {
                    if let Some(f) = name_alone(cfg, &pi) {
                        if record(cfg, None, &pi, f, pi.table) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    };
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
        let mut index: HashMap<BuildKey, usize> = HashMap::default();
        index.reserve(levels[n - 1].len() * 4);
        let mut items: Vec<Item> = Vec::new();
        let mut insert = |cfg: &mut Config, items: &mut Vec<Item>, it: Item, node: Node| match index
            .entry(BuildKey(it.usage, it.ops, it.table))
        {
            _ if by_syms && lb.build_too_long(it.usage, it.syms, max_syms) => false,
            Entry::Vacant(v) => {
                cfg.nodes.push(node);
                v.insert(items.len());
                items.push(Item {
                    node: (cfg.nodes.len() - 1) as u32,
                    ..it
                });
                true
            }
            Entry::Occupied(o) => {
                let old = &mut items[*o.get()];
                if by_syms && it.syms < old.syms {
                    cfg.nodes.push(node);
                    old.syms = it.syms;
                    old.node = (cfg.nodes.len() - 1) as u32;
                    true
                } else {
                    false
                }
            }
        };
        if n == 1 {
            for &k in &set_classes {
                for s in cfg.classes[k].syms.clone() {
                    let t = onsets_core::eval::set_table(s)
                        .map(|c| c.bits())
                        .unwrap_or(0)
                        & dmask;
                    insert(
                        &mut cfg,
                        &mut items,
                        Item {
                            usage: 1u64 << (4 * k),
                            ops: 0,
                            table: t,
                            syms: 1,
                            node: 0,
                        },
                        Node {
                            class: k as u8,
                            sym: s,
                            l: NONE,
                            r: NONE,
                        },
                    );
                }
            }
        } else {
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
                        for &k in &bin_classes {
                            let Some(u2) = cfg.add(u, k) else { continue };
                            for si in 0..cfg.classes[k].syms.len() {
                                let s = cfg.classes[k].syms[si];
                                let commutes = s != Symbol::Minus || cfg.sem.symmetric_difference;
                                for (ia, &a) in levels[n1].iter().enumerate().take(ea).skip(sa) {
                                    for (ib, &b) in levels[n2].iter().enumerate().take(eb).skip(sb)
                                    {
                                        // ∪ and ∩ (and symmetric difference)
                                        // commute: one order suffices.
                                        let second = n1 > n2 || (n1 == n2 && ia > ib);
                                        if commutes && second {
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
                                        insert(
                                            &mut cfg,
                                            &mut items,
                                            Item {
                                                usage: u2,
                                                ops: ops_of(a.ops + b.ops + 1),
                                                table: t,
                                                syms: a.syms + b.syms + 1,
                                                node: 0,
                                            },
                                            Node {
                                                class: k as u8,
                                                sym: s,
                                                l: a.node,
                                                r: b.node,
                                            },
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Complement closure (′ binds tightest, VII-B-6-b). In shortest mode
        // repeat until no build gets shorter.
        if !not_classes.is_empty() {
            loop {
                let mut changed = false;
                let mut j = 0;
                while j < items.len() {
                    let a = items[j];
                    j += 1;
                    for &k in &not_classes {
                        let Some(u2) = cfg.add(a.usage, k) else {
                            continue;
                        };
                        let t = !a.table & dmask;
                        changed |= insert(
                            &mut cfg,
                            &mut items,
                            Item {
                                usage: u2,
                                ops: ops_of(a.ops + 1),
                                table: t,
                                syms: a.syms + 1,
                                node: 0,
                            },
                            Node {
                                class: k as u8,
                                sym: Symbol::Complement,
                                l: a.node,
                                r: NONE,
                            },
                        );
                    }
                }
                if !by_syms || !changed {
                    break;
                }
            }
        }
        items = pareto(&cfg, items);
        items.sort_by_key(|i| i.usage);
        runs[n] = usage_runs(&items);
        stats.builds += items.len();
        if !shared_mode && !need_restriction && check_level(&mut cfg, &items) {
            return;
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
            *level = pareto(&cfg, items);
            if !need_restriction && check_level(&mut cfg, level) {
                return;
            }
        }
    }
    let mut all: Vec<Item> = levels.iter().flatten().copied().collect();
    if pad_pass {
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
        let simple = cfg.vars.is_empty() && !two_ops;
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
            if !cards.has_ok_subset(it.table) {
                continue;
            }
            if let Some(pi) = padded(&mut cfg, &it) {
                if simple {
                    let b = best.entry(pi.table).or_insert(pi.syms);
                    *b = (*b).min(pi.syms);
                }
                all.push(pi);
            }
        }
    }

    // ---- Set-Name candidates per flag mask: distinct tables, shortest build
    let mut per_mask: HashMap<u8, HashMap<(u16, bool), Item>> = HashMap::default();
    for it in &all {
        if two_ops && it.ops < 2 {
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
    let names = Names {
        by_mask: {
            let mut v: Vec<(u8, Vec<Item>)> = per_mask
                .into_iter()
                .map(|(f, m)| {
                    let mut items: Vec<Item> = m.into_values().collect();
                    items.sort_by_key(|i| (i.syms, i.table));
                    (f, items)
                })
                .collect();
            v.sort_by_key(|x| x.0);
            v
        },
    };

    // ---- no Restriction part
    if !need_restriction {
        for (f, items) in &names.by_mask {
            if *f != all_flags {
                continue;
            }
            for it in items {
                if it.syms < 2 {
                    continue; // VII-B-4-a
                }
                if cards.ok(it.table) && record(&cfg, None, it, *f, it.table) {
                    return;
                }
            }
        }
    }
    if !restrictions_ok || rel_classes.is_empty() {
        return;
    }
    // Every Solution has a Set-Name: with none, no Restriction part helps.
    if names.by_mask.iter().all(|(_, items)| items.is_empty()) {
        return;
    }

    // Accepted-card sets that can still lead to a Solution (exact pruning of
    // the proof: Restrictions only shrink K), given the Set-Names of this
    // pass.
    let viable = {
        let tables: Vec<u16> = names
            .by_mask
            .iter()
            .flat_map(|(_, items)| items.iter().map(|it| it.table))
            .collect();
        Viable::new(&tables, cards)
    };
    // Pairs a Restriction part with the Set-Names; cached per (K, flags) when
    // only the first Solution is wanted.
    // The value: the fewest symbols of a part with these accepted cards that
    // found no Set-Name (a part with more symbols finds none either), or 0
    // when a Set-Name met the criteria.
    let mut cache: HashMap<(u16, u8), u16> = HashMap::default();
    // Under Two Solutions: the sets of cards (effective) already named by a
    // Solution of this configuration ("any" then means a new set).
    let mut seen: Vec<u16> = Vec::new();
    let mut try_part = |cfg: &mut Config, st: &PartState| -> bool {
        let padded_st;
        let mut st = st;
        let fl = match cfg.flags(st.usage, R_PART) {
            Some(fl) => fl,
            None if pad_pass => {
                // pad the last side of the last Restriction
                let pn = cfg.part_nodes[st.node as usize];
                let cn = cfg.chain_nodes[pn.chain as usize];
                let Some((side, usage)) = cfg.pad(cn.side, st.usage, R_PART, mask) else {
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
        for f in fl {
            {
                if let Some(&fail) = cache.get(&(st.accept, f)) {
                    if fail > 0 && fail <= st.syms {
                        continue;
                    }
                }
            }
            let mut any = false;
            for (g, items) in &names.by_mask {
                if f | g != all_flags {
                    continue;
                }
                for it in items {
                    // the names come shortest first
                    if st.syms + it.syms > max_syms {
                        break;
                    }
                    let x = st.accept & it.table;
                    // under Two Solutions only a set not named yet helps
                    if !cards.ok(x) || (two && seen.contains(&x)) {
                        continue;
                    }
                    any = true;
                    if record(cfg, Some((st, f)), it, *g, x) {
                        return true;
                    }
                    if two {
                        seen.push(x);
                    } else {
                        break;
                    }
                }
            }
            {
                let v = cache.entry((st.accept, f)).or_insert(u16::MAX);
                *v = if any { 0 } else { (*v).min(st.syms.max(1)) };
            }
        }
        false
    };

    // ---- Restrictions (VI-B-2): sides are builds without the op count
    let mut side_index: HashMap<(u64, u16), usize> = HashMap::default();
    let mut sides: Vec<Item> = Vec::new();
    // The padding pass pads the last side: short sides suffice there.
    let side_src: Vec<Item> = if pad_pass {
        levels.iter().take(3).flatten().copied().collect()
    } else {
        all.clone()
    };
    for it in &side_src {
        match side_index.entry((it.usage, it.table)) {
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
    sides = pareto(&cfg, sides);
    // grouped by table, fewest symbols first within a table
    sides.sort_by_key(|s| (s.table, s.syms));
    let side_groups: Vec<(u16, usize, usize)> = {
        let mut g: Vec<(u16, usize, usize)> = Vec::new();
        for (i, s) in sides.iter().enumerate() {
            match g.last_mut() {
                Some(last) if last.0 == s.table => last.2 = i + 1,
                _ => g.push((s.table, i, i + 1)),
            }
        }
        // groups with the shortest sides first: a bounded search stops at
        // the first group whose sides are all too long
        g.sort_by_key(|&(_, a, _)| sides[a].syms);
        g
    };
    let mut max_rel: usize = rel_classes
        .iter()
        .map(|&k| cfg.classes[k].cap as usize)
        .sum();
    // Only the unbounded pass is a proof; the bounded ones (and the padding
    // pass) look for witnesses among short Restrictions.
    let bounded = pad_pass || limit != usize::MAX;
    if bounded {
        // witnesses only: Restrictions with as many links as the part needs
        // (Required = and ⊆ cubes, and a Required Cube variation's = or ⊆)
        let needed: usize = rel_classes
            .iter()
            .map(|&k| cfg.classes[k].need as usize)
            .sum();
        max_rel = max_rel.min(needed.max(1));
    }
    let mut frontier: Vec<Chain> = sides
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
    let nonull = rules.no_null_restrictions;
    if bounded {
        // Witnesses only: depth first, so that a Restriction with as many
        // links as the part needs is tried as soon as one can be built
        // (breadth first built every shorter chain first).
        frontier.sort_by_key(|c| c.syms);
        let mut stack: Vec<(Chain, usize)> = frontier.iter().rev().map(|&c| (c, 0)).collect();
        let mut seen_chains: std::collections::HashSet<
            (u64, u16, u16, usize),
            BuildHasherDefault<FastHasher>,
        > = Default::default();
        let mut tried: std::collections::HashSet<(u64, u16), BuildHasherDefault<FastHasher>> =
            Default::default();
        let mut children: Vec<Chain> = Vec::new();
        while let Some((c, depth)) = stack.pop() {
            if depth >= max_rel {
                continue;
            }
            children.clear();
            for &k in &rel_classes {
                let Some(u1) = cfg.add(c.usage, k) else {
                    continue;
                };
                for si in 0..cfg.classes[k].syms.len() {
                    let rel = cfg.classes[k].syms[si];
                    for &(table, a, b) in &side_groups {
                        if c.syms + 1 + sides[a].syms >= max_syms {
                            break;
                        }
                        let acc = c.accept
                            & link(
                                rel,
                                onsets_core::CardSet(c.last),
                                onsets_core::CardSet(table),
                            )
                            .bits()
                            & mask;
                        if !viable.get(acc) {
                            continue;
                        }
                        for s in &sides[a..b] {
                            let syms = c.syms + 1 + s.syms;
                            if syms >= max_syms {
                                break;
                            }
                            let Some(u2) = cfg.sum(u1, s.usage) else {
                                continue;
                            };
                            if by_syms && lb.part_too_long(u2, syms, max_syms) {
                                continue;
                            }
                            if !seen_chains.insert((u2, acc, s.table, depth + 1)) {
                                continue;
                            }
                            cfg.chain_nodes.push(ChainNode {
                                prev: c.node,
                                class: k as u8,
                                sym: rel,
                                side: s.node,
                            });
                            let ch = Chain {
                                usage: u2,
                                accept: acc,
                                last: s.table,
                                syms,
                                node: (cfg.chain_nodes.len() - 1) as u32,
                            };
                            children.push(ch);
                            // a new Restriction: tried at once as the whole
                            // Restriction part
                            if (!nonull || acc != mask) && tried.insert((u2, acc)) {
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
                                if try_part(&mut cfg, &st) {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
            children.sort_by_key(|c| c.syms);
            stack.extend(children.iter().rev().map(|&c| (c, depth + 1)));
        }
        stats.restrictions += tried.len();
        return;
    }
    let mut restr_index: HashMap<(u64, u16), usize> = HashMap::default();
    let mut restrs: Vec<Chain> = Vec::new();
    for _ in 0..max_rel {
        let mut next_index: HashMap<(u64, u16, u16), usize> = HashMap::default();
        let mut next: Vec<Chain> = Vec::new();
        for c in &frontier {
            for &k in &rel_classes {
                let Some(u1) = cfg.add(c.usage, k) else {
                    continue;
                };
                for si in 0..cfg.classes[k].syms.len() {
                    let rel = cfg.classes[k].syms[si];
                    // the accepted cards depend on the side's table only
                    for &(table, a, b) in &side_groups {
                        if c.syms + 1 + sides[a].syms >= max_syms {
                            break;
                        }
                        let acc = c.accept
                            & link(
                                rel,
                                onsets_core::CardSet(c.last),
                                onsets_core::CardSet(table),
                            )
                            .bits()
                            & mask;
                        if !viable.get(acc) {
                            continue;
                        }
                        for s in &sides[a..b] {
                            let syms = c.syms + 1 + s.syms;
                            // a Set-Name of at least one symbol follows (the
                            // sides of a table come fewest symbols first)
                            if syms >= max_syms {
                                break;
                            }
                            let Some(u2) = cfg.sum(u1, s.usage) else {
                                continue;
                            };
                            if by_syms && lb.part_too_long(u2, syms, max_syms) {
                                continue;
                            }
                            let cn = ChainNode {
                                prev: c.node,
                                class: k as u8,
                                sym: rel,
                                side: s.node,
                            };
                            let key = (u2, acc, s.table);
                            let new_chain = |cfg: &mut Config| {
                                cfg.chain_nodes.push(cn);
                                Chain {
                                    usage: u2,
                                    accept: acc,
                                    last: s.table,
                                    syms,
                                    node: (cfg.chain_nodes.len() - 1) as u32,
                                }
                            };
                            match next_index.entry(key) {
                                Entry::Vacant(v) => {
                                    v.insert(next.len());
                                    let ch = new_chain(&mut cfg);
                                    next.push(ch);
                                    // A new Restriction: tried at once as the
                                    // whole Restriction part.
                                    if (!nonull || acc != mask)
                                        && !restr_index.contains_key(&(u2, acc))
                                    {
                                        restr_index.insert((u2, acc), restrs.len());
                                        restrs.push(ch);
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
                                        if try_part(&mut cfg, &st) {
                                            return;
                                        }
                                    }
                                }
                                Entry::Occupied(o) => {
                                    if by_syms && syms < next[*o.get()].syms {
                                        let ch = new_chain(&mut cfg);
                                        next[*o.get()] = ch;
                                    }
                                }
                            }
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
        frontier = pareto_frontier(&cfg, next);
        if frontier.is_empty() {
            break;
        }
    }
    if !nonull {
        restrs = pareto_chains(&cfg, restrs);
    }
    stats.restrictions += restrs.len();
    if bounded {
        return;
    }

    // ---- Restriction parts: one or more Restrictions, one build (ruling 3);
    // No Null Restrictions: each removes a card from the Universe restricted
    // by the others (XIII-B-8, OS-E10). `privs[i]`: cards only Restriction
    // i removes; they only shrink as Restrictions are added.
    type Key = (u64, u16, Vec<u16>);
    let mut part_index: HashMap<Key, usize> = HashMap::default();
    let mut parts: Vec<(PartState, Vec<u16>)> = Vec::new();
    let mut frontier: Vec<usize> = Vec::new();
    // Restrictions are combined in non-decreasing order of index, so each
    // set of Restrictions is built once; `last_of[i]`: the smallest index a
    // path to part i ended with.
    let mut last_of: Vec<usize> = Vec::new();
    for (ri, r) in restrs.iter().enumerate() {
        if !viable.get(r.accept) {
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
        match part_index.entry(key) {
            Entry::Vacant(v) => {
                v.insert(parts.len());
                frontier.push(parts.len());
                // (a shorter Restriction may have replaced the one tried)
                if by_syms && try_part(&mut cfg, &st) {
                    return;
                }
                parts.push((st, privs));
                last_of.push(ri);
            }
            Entry::Occupied(o) => {
                if st.syms < parts[*o.get()].0.syms {
                    if by_syms && try_part(&mut cfg, &st) {
                        return;
                    }
                    parts[*o.get()].0 = st;
                }
            }
        }
    }
    // (usage, symbols) of the parts kept per accepted cards
    let mut by_accept: HashMap<u16, Vec<(u64, u16)>> = HashMap::default();
    if !nonull {
        for (st, _) in &parts {
            by_accept
                .entry(st.accept)
                .or_default()
                .push((st.usage, st.syms));
        }
    }
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &pi in &frontier {
            let (st, privs) = parts[pi].clone();
            let from = last_of[pi];
            for (ri, r) in restrs.iter().enumerate().skip(from) {
                let Some(u) = cfg.sum(st.usage, r.usage) else {
                    continue;
                };
                let nsyms = st.syms + r.syms;
                // a Set-Name of at least one symbol follows
                if nsyms >= max_syms || (by_syms && lb.part_too_long(u, nsyms, max_syms)) {
                    continue;
                }
                let acc = st.accept & r.accept;
                if !viable.get(acc) {
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
                    if let Some(&j) = part_index.get(&(u, acc, Vec::new())) {
                        if !by_syms || parts[j].0.syms <= nsyms {
                            continue;
                        }
                    }
                    // a part with the same accepted cards and no more cubes
                    // (above the lower bounds; no more symbols when they are
                    // bounded) does all this one can
                    let kept = by_accept.entry(acc).or_default();
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
                match part_index.entry(key) {
                    Entry::Vacant(v) => {
                        let nst = make(&mut cfg);
                        v.insert(parts.len());
                        next.push(parts.len());
                        if try_part(&mut cfg, &nst) {
                            return;
                        }
                        parts.push((nst, np));
                        last_of.push(ri);
                    }
                    Entry::Occupied(o) => {
                        let j = *o.get();
                        let mut again = false;
                        if by_syms && nsyms < parts[j].0.syms {
                            // a shorter way to the same part: tried, and
                            // extended again
                            let nst = make(&mut cfg);
                            if try_part(&mut cfg, &nst) {
                                return;
                            }
                            parts[j].0 = nst;
                            again = true;
                        }
                        if ri < last_of[j] {
                            last_of[j] = ri;
                            again = true;
                        }
                        if again {
                            next.push(j);
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    stats.parts += parts.len();
}

/// Which accepted-card sets `K` can still give a Solution: some `x ⊆ K`
/// meets the value and card criteria and lies inside some Set-Name table
/// `T` (then `K' = x` would do; any Solution's `K ∩ T` is such an `x`).
/// Indexed by `K` compressed to the bits of the Universe's mask; a bitset of
/// `2^n` bits (`n` cards), so the two subset-sum transforms are word-parallel.
struct Viable {
    index: Compress,
    down: Vec<u64>,
}

/// Compression of a card set to the bits of the Universe's mask.
#[derive(Clone)]
struct Compress {
    lo: [u16; 256],
    hi: [u16; 256],
    shift: u32,
    mask: u16,
}

impl Compress {
    fn new(mask: u16) -> Compress {
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
    fn idx(&self, k: u16) -> usize {
        let k = k & self.mask;
        (self.lo[(k & 255) as usize] | (self.hi[(k >> 8) as usize] << self.shift)) as usize
    }
}

/// Positions (within a 64-bit word) whose bit `i` of the index is clear.
const CLEAR: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// A bitset over the `2^n` subsets of `n` cards.
fn subset_words(n: u32) -> usize {
    (1usize << n).div_ceil(64)
}

/// `b[x] |= b[x | bit]` for every `x` and bit (some superset is set).
fn close_down(b: &mut [u64], n: u32) {
    for i in 0..n as usize {
        if let Some(&clear) = CLEAR.get(i) {
            let s = 1u32 << i;
            for w in b.iter_mut() {
                *w |= (*w >> s) & clear;
            }
        } else {
            let step = 1usize << (i - 6);
            for j in 0..b.len() {
                if j & step == 0 {
                    b[j] |= b[j | step];
                }
            }
        }
    }
}

/// `b[x] |= b[x & !bit]` for every `x` and bit (some subset is set).
fn close_up(b: &mut [u64], n: u32) {
    for i in 0..n as usize {
        if let Some(&clear) = CLEAR.get(i) {
            let s = 1u32 << i;
            for w in b.iter_mut() {
                *w |= (*w << s) & !clear;
            }
        } else {
            let step = 1usize << (i - 6);
            for j in 0..b.len() {
                if j & step != 0 {
                    b[j] |= b[j ^ step];
                }
            }
        }
    }
}

impl Viable {
    fn new(tables: &[u16], cards: &Cards) -> Viable {
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
    fn get(&self, k: u16) -> bool {
        let x = self.index.idx(k);
        (self.down[x / 64] >> (x % 64)) & 1 == 1
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

/// Something built from cubes: its usage vector and written symbols.
trait Built {
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
fn pareto_by<T: Built, K: std::hash::Hash + Eq + Copy>(
    cfg: &Config,
    items: Vec<T>,
    key: impl Fn(&T) -> K,
) -> Vec<T> {
    let mut groups: HashMap<K, Vec<T>> = HashMap::default();
    let mut keys: Vec<K> = Vec::new();
    for it in items {
        let k = key(&it);
        let g = groups.entry(k).or_default();
        if g.is_empty() {
            keys.push(k);
        }
        g.push(it);
    }
    // the sum of the 4-bit counters: bytes of at most 30, added up by a
    // multiplication (at most 240)
    let total = |u: u64| {
        let b = (u & LO) + ((u >> 4) & LO);
        (b.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    };
    let mut out: Vec<T> = Vec::new();
    for k in keys {
        let mut g = groups.remove(&k).unwrap_or_default();
        if g.len() > 1 {
            g.sort_by_key(|i| (total(i.usage()), i.syms()));
        }
        let start = out.len();
        for it in g {
            if !out[start..].iter().any(|o| {
                cfg.dominates(o.usage(), it.usage()) && (!cfg.by_syms || o.syms() <= it.syms())
            }) {
                out.push(it);
            }
        }
    }
    out
}

/// Builds with the same truth table and operation count. A single symbol is
/// no Solution by itself (VII-B-4-a), so it does not stand in for longer builds.
fn pareto(cfg: &Config, items: Vec<Item>) -> Vec<Item> {
    pareto_by(cfg, items, |it| (it.table, it.ops, it.syms >= 2))
}

/// Restrictions with the same accepted cards.
fn pareto_chains(cfg: &Config, items: Vec<Chain>) -> Vec<Chain> {
    pareto_by(cfg, items, |it| it.accept)
}

/// Chains with the same accepted cards and last side.
fn pareto_frontier(cfg: &Config, items: Vec<Chain>) -> Vec<Chain> {
    pareto_by(cfg, items, |it| (it.accept, it.last))
}

/// Whether the configuration has no Restriction cube to write.
fn rel_free(cfg: &Config) -> bool {
    !cfg.classes.iter().any(|c| c.stands.is_relation())
}

/// Lower bounds on the written symbols of a Solution from the Required
/// cubes each part must use (VII-B-4-b), for the bounded searches of
/// [`search`] (shortest Solutions).
#[derive(Clone, Copy)]
struct Bounds {
    req_r: [u8; 16],
    req_s: [u8; 16],
    /// What each class stands for: 0 a set, 1 a binary operation, 2 the
    /// complement, 3 a relation.
    kind: [u8; 16],
    nk: usize,
    /// Whether a Restriction part can be written at all.
    parts: bool,
    /// Fewest symbols of a Set-Name, and of a Restriction part if needed.
    name_min: u16,
    part_min: u16,
}

impl Bounds {
    fn of(cfg: &Config, need_part: bool) -> Bounds {
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
    fn missing(&self, u: u64, req: &[u8; 16]) -> u16 {
        (0..self.nk)
            .map(|k| req[k].saturating_sub(field(u, k)) as u16)
            .sum()
    }

    /// Symbols a Set-Name containing a build of usage `u` still adds: each
    /// missing set cube is a leaf, joined by a binary operation (which may
    /// be a missing one), and each missing complement a symbol.
    #[inline]
    fn name_missing(&self, u: u64) -> u16 {
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
    fn build_too_long(&self, u: u64, syms: u16, max: u16) -> bool {
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
    fn part_too_long(&self, u: u64, syms: u16, max: u16) -> bool {
        syms + self.missing(u, &self.req_r) + self.name_min > max
    }
}

/// The key of a Set-Name build (usage, operation count, table), hashed in
/// one round (the builds' index was the search's hottest map).
#[derive(Clone, Copy, PartialEq, Eq)]
struct BuildKey(u64, u8, u16);

impl std::hash::Hash for BuildKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0 ^ (self.2 as u64).rotate_right(20) ^ ((self.1 as u64) << 62));
    }
}
