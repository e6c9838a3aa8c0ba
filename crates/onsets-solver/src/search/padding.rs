//! Padding (absorption): `E ∪ Z`, `E − Z` with `Z` empty and `E ∩ Z` with
//! `Z` the Universe leave `E`'s table unchanged, and `Z` can be built from
//! any leftover cubes (`S ∩ Λ`, `S − V`, `Λ − S`, `S ∪ V`, ...). A padded
//! build uses the cubes a part still lacks (VII-B-4-b, XIII-A-1). Used only
//! to find witnesses fast; every witness is checked before it is returned.

use super::classes::{field, Class, Config, R_PART};
use super::nodes::NONE;
use onsets_core::eval::binary;
use onsets_core::Symbol;

/// Whether a padding shape fits a usage, and the table of its padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PadFit {
    Untried,
    No,
    Table(u16),
}

/// One shape of padding `E outer Z`: `Z` is `S inner K` (or just `K`),
/// `K` a constant (`None`: `x − x`), `S` built from the leftover cubes.
#[derive(Clone, Copy, Debug)]
pub(super) struct PadShape {
    pub(super) outer: Symbol,
    pub(super) inner: Option<Symbol>,
    pub(super) konst: Option<Symbol>,
    pub(super) s_first: bool,
}

/// The constants of the padding shapes.
pub(super) const PAD_KONSTS: [Option<Symbol>; 7] = {
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
pub(super) const PAD_SHAPES: [PadShape; 3 * (7 + 3 * 7 * 2)] = {
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

impl Config {
    /// Pads the Set-Name node `core`, written in a part whose usage is `u`,
    /// with an identity that uses the cubes the part still lacks (lower
    /// bounds of VII-B-4-b and XIII-A-1). Returns the padded node and the
    /// part's new usage; the table is unchanged (verified).
    pub(super) fn pad(&mut self, core: u32, u: u64, part: usize, mask: u16) -> Option<(u32, u64)> {
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
    pub(super) fn try_pad(
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
