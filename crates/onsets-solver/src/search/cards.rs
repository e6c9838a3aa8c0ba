//! Card sets and criteria: the cards of one blank coloring (XIII-C-12),
//! and which sets of them a Solution may name: the value is a legal value
//! of the Goal (VII-B-3) and the card variations hold (XIII-C-11, rulings
//! 15 and 16).

use super::hash::HashMap;
use super::subsets::{close_up, subset_words, Compress};
use super::Setup;
use onsets_core::{Card, Situation, Symbol};
use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

/// The cards of one blank coloring: (physical, effective) and the value test.
pub(super) struct Cards<'s> {
    pub(super) cards: Vec<(Card, Card)>,
    pub(super) mask: u16,
    pub(super) wlo: [u8; 256],
    pub(super) whi: [u8; 256],
    pub(super) goals: u64,
    pub(super) req: u16,
    pub(super) forb: u16,
    /// The compression of card sets to the cards present, and the subsets
    /// (compressed) that meet the criteria; computed when first needed.
    lazy: OnceCell<Arc<Criteria>>,
    /// The criteria of the positions solved before (see [`CriteriaCache`]).
    cache: &'s RefCell<CriteriaCache>,
    pub(super) weight: [u8; 16],
    /// [`Cards::joint`]: the colorings it stands for (empty otherwise).
    alts: Vec<Cards<'s>>,
}

/// The criteria bits of one set of cards (see [`Cards::lazy`]): the
/// compression, the subsets that meet the criteria, and the sets with such
/// a subset.
pub(super) type Criteria = (Compress, Vec<u64>, Vec<u64>);

pub(super) type CriteriaKey = ([u8; 16], u64, u16, u16);

/// The criteria bits are the same for every position with the same cards,
/// Goal values and card variations, as met again and again in play: a
/// [`super::Solver`] keeps them for the last few.
#[derive(Default)]
pub(super) struct CriteriaCache {
    map: HashMap<CriteriaKey, Arc<Criteria>>,
    /// The same for [`Cards::joint`], by the keys of its colorings.
    joint: HashMap<Vec<CriteriaKey>, Arc<Criteria>>,
}

impl<'s> Cards<'s> {
    pub(super) fn new(setup: &Setup, blank: Card, cache: &'s RefCell<CriteriaCache>) -> Cards<'s> {
        let p = setup.position;
        let rules = &setup.rules;
        let cards: Vec<(Card, Card)> = p
            .universe()
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
            lazy: OnceCell::new(),
            weight,
            cache,
            alts: Vec::new(),
        }
    }

    /// All the blank's colorings at once (XIII-C-12), for a proof that
    /// none of them has a Solution: the cards are every card type of any
    /// coloring, and a set meets the criteria when its cards of some
    /// coloring do. Tables are pointwise over card types, so a Set-Name's or
    /// Restriction's table over these cards projects onto its table under
    /// each coloring; every test the search prunes by is keyed by the table
    /// itself or is an "any coloring" test, so this one search finds a
    /// candidate whenever the search of some coloring would (it may also
    /// find one none of them has: then the colorings are searched one by
    /// one, as without it). Only "found nothing" is used from it.
    pub(super) fn joint(colorings: Vec<Cards<'s>>) -> Cards<'s> {
        let mask = colorings.iter().fold(0u16, |m, c| m | c.mask);
        let cache = colorings[0].cache;
        Cards {
            cards: Vec::new(),
            mask,
            wlo: [0; 256],
            whi: [0; 256],
            goals: 0,
            req: 0,
            forb: 0,
            lazy: OnceCell::new(),
            cache,
            weight: [0; 16],
            alts: colorings,
        }
    }

    fn key(&self) -> CriteriaKey {
        (self.weight, self.goals, self.req, self.forb)
    }

    pub(super) fn lazy(&self) -> &Criteria {
        self.lazy.get_or_init(|| {
            if !self.alts.is_empty() {
                let key: Vec<CriteriaKey> = self.alts.iter().map(Cards::key).collect();
                if let Some(c) = self.cache.borrow().joint.get(&key).cloned() {
                    return c;
                }
                let c = Arc::new(self.joint_criteria());
                let mut cache = self.cache.borrow_mut();
                if cache.joint.len() >= 16 {
                    cache.joint.clear();
                }
                cache.joint.insert(key, c.clone());
                return c;
            }
            let key = self.key();
            if let Some(c) = self.cache.borrow().map.get(&key).cloned() {
                return c;
            }
            let c = Arc::new(self.criteria());
            let mut cache = self.cache.borrow_mut();
            if cache.map.len() >= 64 {
                cache.map.clear();
            }
            cache.map.insert(key, c.clone());
            c
        })
    }

    /// Works out [`Criteria`] for these cards.
    pub(super) fn criteria(&self) -> Criteria {
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

    /// [`Criteria`] of [`Cards::joint`]: a set meets the criteria when its
    /// cards of some coloring do, so each coloring's sets that meet them
    /// are lifted with every choice of the cards that coloring lacks.
    fn joint_criteria(&self) -> Criteria {
        let index = Compress::new(self.mask);
        let n = self.mask.count_ones();
        let mut ok = vec![0u64; subset_words(n)];
        for c in &self.alts {
            let bits: Vec<u16> = (0..16)
                .filter(|i| c.mask & (1 << i) != 0)
                .map(|i| 1 << i)
                .collect();
            let extra = self.mask & !c.mask;
            for (w, &word) in c.ok_bits().iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let y = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let cards = (0..bits.len())
                        .filter(|&i| y & (1 << i) != 0)
                        .fold(0u16, |m, i| m | bits[i]);
                    // every subset `z` of the cards it lacks
                    let mut z = 0u16;
                    loop {
                        let x = index.idx(cards | z);
                        ok[x / 64] |= 1 << (x % 64);
                        if z == extra {
                            break;
                        }
                        z = z.wrapping_sub(extra) & extra;
                    }
                }
            }
        }
        if cfg!(debug_assertions) {
            let bits: Vec<u16> = (0..16)
                .filter(|i| self.mask & (1 << i) != 0)
                .map(|i| 1 << i)
                .collect();
            let mut dec = vec![0u16; 1 << n];
            for x in 0..1usize << n {
                if x > 0 {
                    dec[x] = dec[x & (x - 1)] | bits[x.trailing_zeros() as usize];
                }
                assert_eq!(self.ok(dec[x]), (ok[x / 64] >> (x % 64)) & 1 == 1);
            }
        }
        let mut above = ok.clone();
        close_up(&mut above, n);
        (index, ok, above)
    }

    /// Whether some subset of `t` meets the criteria (else no Solution can
    /// name a subset of `t`).
    pub(super) fn has_ok_subset(&self, t: u16) -> bool {
        let (index, _, above) = self.lazy();
        let x = index.idx(t);
        (above[x / 64] >> (x % 64)) & 1 == 1
    }

    pub(super) fn compress(&self) -> &Compress {
        &self.lazy().0
    }

    /// The subsets of the cards present (compressed) that meet the criteria.
    pub(super) fn ok_bits(&self) -> &[u64] {
        &self.lazy().1
    }

    /// VII-B-3, XIII-C-11, rulings 15 and 16.
    #[inline]
    pub(super) fn ok(&self, x: u16) -> bool {
        if !self.alts.is_empty() {
            return self.alts.iter().any(|c| c.ok(x & c.mask));
        }
        let w = self.wlo[(x & 255) as usize] + self.whi[(x >> 8) as usize];
        (self.goals >> w) & 1 == 1 && x & self.req == self.req && x & self.forb == 0
    }

    pub(super) fn physical(&self, x: u16) -> u16 {
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
    pub(super) fn good_sets(&self, visible: u8, out: &mut Vec<u16>, limit: usize) {
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
pub(super) fn visible_colors(setup: &Setup) -> u8 {
    let p = setup.position;
    let mut sections = vec![p.required(), p.permitted()];
    if p.situation() != Situation::Forceout {
        sections.push(p.resources());
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
