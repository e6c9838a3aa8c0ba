//! Cube classes (module doc of [`super`], "Cube accounting by meaning
//! class"): in one configuration every usable cube stands for one symbol,
//! and the cubes of one meaning class (a symbol and its interchangeable
//! partner, XIII-A-3, XIII-A-4) can realise each other's written symbols.
//! A build's usage is a 4-bit counter per class, capped where the
//! accounting stops distinguishing (Multiple Operations, XIII-A-6, ruling 12).

use super::flags::{variations, ReqVar};
use super::hash::HashMap;
use super::nodes::{ChainNode, Node, PartNode};
use super::padding::PadFit;
use super::{usable, Setup};
use onsets_core::eval::Semantics;
use onsets_core::{InForce, Symbol};

/// One usable cube of a configuration.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cube {
    pub(super) face: Symbol,
    pub(super) required: bool,
    pub(super) wild: bool,
}

/// A meaning class in one configuration.
#[derive(Clone, Debug)]
pub(super) struct Class {
    /// What its cubes stand for (a representative).
    pub(super) stands: Symbol,
    /// The symbols it may be written as.
    pub(super) syms: Vec<Symbol>,
    /// Usable cubes, Required first.
    pub(super) cubes: Vec<Cube>,
    /// Required cubes the Restriction part / the Set-Name must use.
    pub(super) req_r: u8,
    pub(super) req_s: u8,
    /// Largest count the accounting distinguishes.
    pub(super) cap: u8,
    /// Threshold for dominance: a build is as good as one using more of this
    /// class only if it uses at least `min(other, need)`.
    pub(super) need: u8,
    pub(super) reusable: bool,
}

pub(super) struct Config {
    pub(super) sem: Semantics,
    pub(super) classes: Vec<Class>,
    pub(super) nodes: Vec<Node>,
    pub(super) chain_nodes: Vec<ChainNode>,
    pub(super) part_nodes: Vec<PartNode>,
    pub(super) vars: Vec<ReqVar>,
    pub(super) two_ops: bool,
    /// Dominance also asks for no more written symbols (a bounded search
    /// for a shortest Solution).
    pub(super) by_syms: bool,
    /// Padding shapes that fit, per (usage, part), with the padding's table.
    pub(super) pad_cache: HashMap<(u64, usize), Vec<(u8, PadFit)>>,
    /// The caps, needs and reusable classes as 8-bit lanes (even classes,
    /// odd classes), for the word-parallel [`Config::sum`] and
    /// [`Config::dominates`].
    pub(super) lanes: Lanes,
}

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lanes {
    pub(super) cap: [u64; 2],
    pub(super) need: [u64; 2],
    pub(super) reuse: [u64; 2],
}

pub(super) const LO: u64 = 0x0F0F_0F0F_0F0F_0F0F;
pub(super) const HI: u64 = 0x8080_8080_8080_8080;

impl Lanes {
    pub(super) fn of(classes: &[Class]) -> Lanes {
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
pub(super) fn split(u: u64) -> [u64; 2] {
    [u & LO, (u >> 4) & LO]
}

/// Lanes where `x > y` (high bit of each lane), for lanes below 128.
#[inline]
pub(super) fn gt(x: u64, y: u64) -> u64 {
    !((y | HI) - x) & HI
}

pub(super) fn field(u: u64, k: usize) -> u8 {
    ((u >> (4 * k)) & 15) as u8
}

/// The Restriction part.
pub(super) const R_PART: usize = 0;
/// The Set-Name part.
pub(super) const S_PART: usize = 1;

impl Config {
    pub(super) fn add(&self, u: u64, k: usize) -> Option<u64> {
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
    pub(super) fn sum(&self, a: u64, b: u64) -> Option<u64> {
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
    pub(super) fn dominates(&self, a: u64, b: u64) -> bool {
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
}

impl Config {
    /// The classes of one configuration: the usable Required and Permitted
    /// cubes and the Resources cubes of `resources` (VII-B-4), each standing
    /// for its face or, if wild, for its meaning in `meanings` (XIII-A-2,
    /// ruling 7). `None` when a Required Cube variation's cube is not
    /// usable (XIII-A-1: no Solution can use it).
    pub(super) fn new(
        setup: &Setup,
        resources: &[Symbol],
        meanings: &[(Symbol, Symbol)],
        by_syms: bool,
    ) -> Option<Config> {
        let rules = &setup.rules;
        let mut classes = classes_of(setup, resources, meanings);
        if classes.len() > 15 {
            return None; // cannot happen: 12 symbols
        }
        let vars = variations(rules, &classes)?;
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
        let lanes = Lanes::of(&classes);
        Some(Config {
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
            lanes,
        })
    }

    /// The classes standing for sets, binary operations, ′ and relations.
    pub(super) fn kinds(&self) -> Kinds {
        let of = |f: &dyn Fn(Symbol) -> bool| -> Vec<usize> {
            (0..self.classes.len())
                .filter(|&k| f(self.classes[k].stands))
                .collect()
        };
        Kinds {
            sets: of(&|s| s.is_set()),
            bins: of(&|s| s.is_binary_operation()),
            nots: of(&|s| s == Symbol::Complement),
            rels: of(&|s| s.is_relation()),
        }
    }
}

/// The classes of a configuration by what they stand for.
pub(super) struct Kinds {
    pub(super) sets: Vec<usize>,
    pub(super) bins: Vec<usize>,
    pub(super) nots: Vec<usize>,
    pub(super) rels: Vec<usize>,
}

/// The meaning classes of the usable cubes, Required cubes first.
fn classes_of(setup: &Setup, resources: &[Symbol], meanings: &[(Symbol, Symbol)]) -> Vec<Class> {
    let p = setup.position;
    let rules = &setup.rules;
    let restrictions_ok = rules.restrictions;
    let mo = rules.multiple_operations;
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
    for s in p.required().iter() {
        if usable(s, restrictions_ok) {
            push(s, true);
        }
    }
    for s in p.permitted().iter().chain(resources.iter().copied()) {
        if usable(s, restrictions_ok) {
            push(s, false);
        }
    }
    classes
}

/// Which symbols a class standing for `s` may be written as.
pub(super) fn written_as(rules: &InForce, s: Symbol) -> Vec<Symbol> {
    let mut v = vec![s];
    if let Some(p) = s.partner() {
        if rules.interchangeable(s, p) {
            v.push(p);
        }
    }
    v
}
