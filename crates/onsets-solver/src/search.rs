//! The search behind [`crate::solve`]: one dynamic programme per
//! configuration (the Now cube, the meanings of the wild cubes, the colors of
//! the blank card), over the kinds of cube used in each part.

use onsets_core::eval::{binary, link, Semantics};
use onsets_core::{Card, InForce, Position, Situation, Symbol};
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// Counters of one search (for benchmarks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Configurations examined (Now cube × wild meanings × blank colors).
    pub configs: usize,
    /// Distinct Set-Name builds (kinds used, operation count, truth table).
    pub builds: usize,
    /// Distinct Restrictions (kinds used, accepted cards).
    pub restrictions: usize,
    /// Distinct Restriction parts.
    pub parts: usize,
}

const NONE: u32 = u32::MAX;

/// A kind of cube in one configuration: cubes with the same face that are
/// all in Required, or all usable but not in Required (VII-B-4-b, c, e, f).
#[derive(Clone, Debug)]
struct Kind {
    face: Symbol,
    req: bool,
    /// How many uses the accounting distinguishes: the number of cubes, or
    /// for a reusable operation cube (XIII-A-6, ruling 12) the number that
    /// must each get their own symbol (at least 1).
    cap: u8,
    wild: bool,
    reusable: bool,
    /// What the cube stands for in this configuration (ruling 7).
    stands: Symbol,
    /// The symbols it may be written as (XIII-A-3, XIII-A-4).
    syms: Vec<Symbol>,
}

/// A node of a built Set-Name.
#[derive(Clone, Copy, Debug)]
struct Node {
    kind: u8,
    sym: Symbol,
    l: u32,
    r: u32,
}

/// A build: cubes used (4-bit counter per kind), operation symbols written
/// (capped at 2, XIII-A-5), truth table on the effective Universe.
#[derive(Clone, Copy, Debug)]
struct Item {
    usage: u128,
    ops: u8,
    table: u16,
    syms: u16,
    node: u32,
}

#[derive(Clone, Copy, Debug)]
struct ChainNode {
    prev: u32,
    kind: u8,
    sym: Symbol,
    side: u32,
}

#[derive(Clone, Copy, Debug)]
struct Chain {
    usage: u128,
    accept: u16,
    last: u16,
    syms: u16,
    node: u32,
}

#[derive(Clone, Debug)]
struct PartState {
    usage: u128,
    accept: u16,
    syms: u16,
    /// Indices of the Restrictions, in order.
    list: Vec<u32>,
}

struct Config {
    sem: Semantics,
    kinds: Vec<Kind>,
    nodes: Vec<Node>,
    chain_nodes: Vec<ChainNode>,
}

fn field(u: u128, k: usize) -> u8 {
    ((u >> (4 * k)) & 15) as u8
}

impl Config {
    fn add(&self, u: u128, k: usize) -> Option<u128> {
        let f = field(u, k);
        if f < self.kinds[k].cap {
            Some(u + (1u128 << (4 * k)))
        } else if self.kinds[k].reusable {
            Some(u)
        } else {
            None
        }
    }

    fn sum(&self, a: u128, b: u128) -> Option<u128> {
        if a == 0 {
            return Some(b);
        }
        if b == 0 {
            return Some(a);
        }
        let mut out = 0u128;
        for (k, kind) in self.kinds.iter().enumerate() {
            let s = field(a, k) + field(b, k);
            let s = if s <= kind.cap {
                s
            } else if kind.reusable {
                kind.cap
            } else {
                return None;
            };
            out |= (s as u128) << (4 * k);
        }
        Some(out)
    }

    fn sym_text(&self, kind: u8, sym: Symbol) -> String {
        let k = &self.kinds[kind as usize];
        if k.wild && sym != k.face {
            format!("{sym}@{}", k.face)
        } else {
            sym.to_string()
        }
    }

    fn expr_text(&self, n: u32) -> String {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return self.sym_text(node.kind, node.sym);
        }
        let wrap = |c: u32| {
            let t = self.expr_text(c);
            if self.nodes[c as usize].r != NONE {
                format!("({t})")
            } else {
                t
            }
        };
        if node.r == NONE {
            format!("{}{}", wrap(node.l), self.sym_text(node.kind, node.sym))
        } else {
            format!(
                "{} {} {}",
                wrap(node.l),
                self.sym_text(node.kind, node.sym),
                wrap(node.r)
            )
        }
    }

    fn chain_text(&self, n: u32) -> String {
        let c = self.chain_nodes[n as usize];
        if c.prev == NONE {
            self.expr_text(c.side)
        } else {
            format!(
                "{} {} {}",
                self.chain_text(c.prev),
                self.sym_text(c.kind, c.sym),
                self.expr_text(c.side)
            )
        }
    }
}

/// Which symbols a kind standing for `s` may be written as.
fn class(rules: &InForce, s: Symbol) -> Vec<Symbol> {
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

/// The search. Returns the Solution text (or `None`) and statistics.
pub fn search(position: &Position, shortest: bool) -> (Option<String>, Stats) {
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
    // No Solution names more cards than the Universe holds (doubled cards
    // count twice, XIII-C-10).
    let most = position.universe.len() as i64 * if rules.double_set.is_some() { 2 } else { 1 };
    if goals.iter().all(|&g| g > most) {
        return (None, stats);
    }
    let setup = Setup {
        position,
        rules,
        goals,
    };
    let two = setup.rules.two_solutions;
    // Per physical set, the best Solution naming it.
    let mut found: HashMap<u16, Found> = HashMap::new();
    let mut order: Vec<u16> = Vec::new();
    for now_choice in now_choices(&setup) {
        for meanings in wild_meanings(&setup, &now_choice) {
            for blank in blank_colorings(&setup) {
                stats.configs += 1;
                let before = found.len();
                run_config(
                    &setup,
                    &now_choice,
                    &meanings,
                    blank,
                    shortest,
                    two,
                    &mut found,
                    &mut order,
                    &mut stats,
                );
                if !shortest {
                    let need = if two { 2 } else { 1 };
                    if found.len() >= need {
                        return (compose(&found, &order, two, false), stats);
                    }
                }
                let _ = before;
            }
        }
    }
    (compose(&found, &order, two, shortest), stats)
}

fn compose(
    found: &HashMap<u16, Found>,
    order: &[u16],
    two: bool,
    shortest: bool,
) -> Option<String> {
    if !two {
        let best = if shortest {
            found.values().min_by_key(|f| (f.syms, f.text.len()))
        } else {
            order.first().and_then(|p| found.get(p))
        }?;
        return Some(best.text.clone());
    }
    if found.len() < 2 {
        return None;
    }
    let mut all: Vec<&Found> = order.iter().filter_map(|p| found.get(p)).collect();
    if shortest {
        all.sort_by_key(|f| (f.syms, f.text.len()));
    }
    let (a, b) = (all[0], all[1]);
    // XIII-D-14: the second set must hold a card the first lacks.
    let (first, second) = if b.physical & !a.physical != 0 {
        (a, b)
    } else {
        (b, a)
    };
    Some(format!("{} || {}", first.text, second.text))
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
            let mut v = vec![Vec::new()];
            let mut seen = Vec::new();
            for s in res {
                if !seen.contains(&s) {
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

#[allow(clippy::too_many_arguments)]
fn run_config(
    setup: &Setup,
    resources: &[Symbol],
    meanings: &[(Symbol, Symbol)],
    blank: Card,
    shortest: bool,
    two: bool,
    found: &mut HashMap<u16, Found>,
    order: &mut Vec<u16>,
    stats: &mut Stats,
) {
    let p = setup.position;
    let rules = &setup.rules;
    let restrictions_ok = rules.restrictions;
    // ---- kinds
    let mut kinds: Vec<Kind> = Vec::new();
    let mut push = |face: Symbol, req: bool| {
        if let Some(k) = kinds.iter_mut().find(|k| k.face == face && k.req == req) {
            k.cap += 1;
            return;
        }
        let wild = rules.is_wild(face);
        let stands = if wild {
            meanings
                .iter()
                .find(|(f, _)| *f == face)
                .map(|(_, m)| *m)
                .unwrap_or(face)
        } else {
            face
        };
        kinds.push(Kind {
            face,
            req,
            cap: 1,
            wild,
            reusable: rules.multiple_operations && stands.is_operation(),
            stands,
            syms: class(rules, stands),
        });
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
    if kinds.len() > 32 {
        return; // cannot happen with the kit (I-B-2)
    }
    for k in &mut kinds {
        if k.reusable && !k.req {
            k.cap = 1;
        }
        k.cap = k.cap.min(15);
    }
    // ---- cards
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
    let mut weight = [0i64; 16];
    for (_, e) in &cards {
        weight[e.index()] += if double & (1 << e.index()) != 0 { 2 } else { 1 };
    }
    let mut cfg = Config {
        sem: Semantics {
            symmetric_difference: rules.symmetric_difference,
        },
        kinds,
        nodes: Vec::new(),
        chain_nodes: Vec::new(),
    };
    let nk = cfg.kinds.len();
    let fmask = |k: usize| 15u128 << (4 * k);

    // ---- accounting masks (VII-B-4-b, XIII-A-1)
    let mut must_s = (0u128, 0u128);
    let mut must_r = (0u128, 0u128);
    for (k, kind) in cfg.kinds.iter().enumerate() {
        if kind.req {
            must_r.0 |= fmask(k);
            must_r.1 |= (kind.cap as u128) << (4 * k);
            if !kind.stands.is_relation() {
                must_s.0 |= fmask(k);
                must_s.1 |= (kind.cap as u128) << (4 * k);
            }
        }
    }
    let mut face_masks: Vec<u128> = Vec::new();
    for &x in &rules.required_cubes {
        let m = (0..nk)
            .filter(|&k| cfg.kinds[k].face == x)
            .fold(0u128, |m, k| m | fmask(k));
        if m == 0 {
            return; // no usable cube shows x (ruling 4)
        }
        face_masks.push(m);
    }
    let all_faces: u32 = (1u32 << face_masks.len()) - 1;
    let faces_of = |u: u128| -> u32 {
        face_masks
            .iter()
            .enumerate()
            .filter(|(_, m)| u & **m != 0)
            .fold(0u32, |a, (i, _)| a | (1 << i))
    };
    let need_restriction = restrictions_ok && p.required.iter().any(|c| c.is_relation());

    // ---- value and card criteria (VII-B-3, XIII-C-11, ruling 15, 16)
    let goal_ok = |x: u16| -> bool {
        let w: i64 = (0..16)
            .filter(|i| x & (1 << i) != 0)
            .map(|i| weight[i])
            .sum();
        if !setup.goals.contains(&w) {
            return false;
        }
        for &c in &rules.required_cards {
            let eff = cards
                .iter()
                .find(|(pc, _)| *pc == c)
                .map(|(_, e)| *e)
                .unwrap_or(c);
            if x & (1 << eff.index()) == 0 {
                return false;
            }
        }
        for &c in &rules.forbidden_cards {
            for (pc, e) in &cards {
                if (*pc == c || *e == c) && x & (1 << e.index()) != 0 {
                    return false;
                }
            }
        }
        true
    };
    let physical = |x: u16| -> u16 {
        cards
            .iter()
            .filter(|(_, e)| x & (1 << e.index()) != 0)
            .fold(0u16, |m, (pc, _)| m | (1 << pc.index()))
    };
    let blank_part = if rules.blank_card_wild && !blank.is_blank() {
        format!("; blank: {blank}")
    } else {
        String::new()
    };
    let mut record = |cfg: &Config, parts: Option<&PartState>, name: &Item, x: u16| -> bool {
        let phys = physical(x);
        let syms = name.syms + parts.map(|p| p.syms).unwrap_or(0);
        let text = || {
            let mut t = String::new();
            if let Some(ps) = parts {
                for &r in &ps.list {
                    t.push_str(&cfg.chain_text(r));
                    t.push_str("; ");
                }
            }
            t.push_str(&cfg.expr_text(name.node));
            t.push_str(&blank_part);
            t
        };
        match found.entry(phys) {
            Entry::Vacant(v) => {
                v.insert(Found {
                    text: text(),
                    syms,
                    physical: phys,
                });
                order.push(phys);
            }
            Entry::Occupied(mut o) => {
                if shortest && syms < o.get().syms {
                    o.insert(Found {
                        text: text(),
                        syms,
                        physical: phys,
                    });
                }
            }
        }
        !shortest && (!two || found.len() >= 2)
    };

    // ---- Set-Name builds by number of leaves
    let set_kinds: Vec<usize> = (0..nk).filter(|&k| cfg.kinds[k].stands.is_set()).collect();
    let bin_kinds: Vec<usize> = (0..nk)
        .filter(|&k| cfg.kinds[k].stands.is_binary_operation())
        .collect();
    let not_kinds: Vec<usize> = (0..nk)
        .filter(|&k| cfg.kinds[k].stands == Symbol::Complement)
        .collect();
    let rel_kinds: Vec<usize> = (0..nk)
        .filter(|&k| cfg.kinds[k].stands.is_relation())
        .collect();
    let max_leaves: usize = set_kinds.iter().map(|&k| cfg.kinds[k].cap as usize).sum();
    let mut levels: Vec<Vec<Item>> = vec![Vec::new(); max_leaves + 1];
    for n in 1..=max_leaves {
        let mut index: HashMap<(u128, u8, u16), usize> = HashMap::new();
        let mut items: Vec<Item> = Vec::new();
        let mut insert = |cfg: &mut Config, items: &mut Vec<Item>, it: Item, node: Node| match index
            .entry((it.usage, it.ops, it.table))
        {
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
                if shortest && it.syms < old.syms {
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
            for &k in &set_kinds {
                for s in cfg.kinds[k].syms.clone() {
                    let t = onsets_core::eval::set_table(s)
                        .map(|c| c.bits())
                        .unwrap_or(0)
                        & mask;
                    let u = 1u128 << (4 * k);
                    let node = Node {
                        kind: k as u8,
                        sym: s,
                        l: NONE,
                        r: NONE,
                    };
                    insert(
                        &mut cfg,
                        &mut items,
                        Item {
                            usage: u,
                            ops: 0,
                            table: t,
                            syms: 1,
                            node: 0,
                        },
                        node,
                    );
                }
            }
        } else {
            for n1 in 1..n {
                let n2 = n - n1;
                for &a in &levels[n1] {
                    for &b in &levels[n2] {
                        let Some(u) = cfg.sum(a.usage, b.usage) else {
                            continue;
                        };
                        for &k in &bin_kinds {
                            let Some(u2) = cfg.add(u, k) else { continue };
                            for si in 0..cfg.kinds[k].syms.len() {
                                let s = cfg.kinds[k].syms[si];
                                let t = binary(
                                    s,
                                    onsets_core::CardSet(a.table),
                                    onsets_core::CardSet(b.table),
                                    cfg.sem,
                                )
                                .bits()
                                    & mask;
                                insert(
                                    &mut cfg,
                                    &mut items,
                                    Item {
                                        usage: u2,
                                        ops: (a.ops + b.ops + 1).min(2),
                                        table: t,
                                        syms: a.syms + b.syms + 1,
                                        node: 0,
                                    },
                                    Node {
                                        kind: k as u8,
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
        // Complement closure (′ binds tightest, VII-B-6-b). In shortest mode
        // repeat until no build gets shorter.
        if !not_kinds.is_empty() {
            loop {
                let mut changed = false;
                let mut j = 0;
                while j < items.len() {
                    let a = items[j];
                    j += 1;
                    for &k in &not_kinds {
                        let Some(u2) = cfg.add(a.usage, k) else {
                            continue;
                        };
                        let t = !a.table & mask;
                        changed |= insert(
                            &mut cfg,
                            &mut items,
                            Item {
                                usage: u2,
                                ops: (a.ops + 1).min(2),
                                table: t,
                                syms: a.syms + 1,
                                node: 0,
                            },
                            Node {
                                kind: k as u8,
                                sym: Symbol::Complement,
                                l: a.node,
                                r: NONE,
                            },
                        );
                    }
                }
                if !shortest || !changed {
                    break;
                }
            }
        }
        if !shortest {
            items = pareto(items, must_r.0, &faces_of);
        }
        stats.builds += items.len();
        // Early exit: a Set-Name alone (VII-B-4-a: at least two symbols).
        if !shortest && !need_restriction {
            for it in &items {
                if it.syms < 2
                    || it.usage & must_s.0 != must_s.1
                    || (rules.two_operations && it.ops < 2)
                    || faces_of(it.usage) != all_faces
                {
                    continue;
                }
                if goal_ok(it.table) && record(&cfg, None, it, it.table) {
                    return;
                }
            }
        }
        levels[n] = items;
    }
    let all: Vec<Item> = levels.iter().flatten().copied().collect();

    // ---- Set-Name candidates: (table, faces, ≥2 symbols) → best
    let mut names: HashMap<(u16, u32, bool), Item> = HashMap::new();
    for it in &all {
        if it.usage & must_s.0 != must_s.1 {
            continue;
        }
        if rules.two_operations && it.ops < 2 {
            continue;
        }
        let key = (it.table, faces_of(it.usage), it.syms >= 2);
        match names.entry(key) {
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
    let names: Vec<Item> = {
        let mut v: Vec<Item> = names.into_values().collect();
        v.sort_by_key(|i| (i.syms, i.table, i.usage));
        v
    };

    // ---- no Restriction part
    if !need_restriction {
        for it in &names {
            if it.syms < 2 {
                continue; // VII-B-4-a
            }
            if faces_of(it.usage) != all_faces {
                continue;
            }
            let x = it.table & mask;
            if goal_ok(x) && record(&cfg, None, it, x) {
                return;
            }
        }
    }
    if !restrictions_ok || rel_kinds.is_empty() {
        return;
    }

    // ---- Restrictions (VI-B-2): sides are builds without the op count
    let mut side_index: HashMap<(u128, u16), usize> = HashMap::new();
    let mut sides: Vec<Item> = Vec::new();
    for it in &all {
        match side_index.entry((it.usage, it.table)) {
            Entry::Vacant(v) => {
                v.insert(sides.len());
                sides.push(*it);
            }
            Entry::Occupied(o) => {
                if it.syms < sides[*o.get()].syms {
                    sides[*o.get()] = *it;
                }
            }
        }
    }
    let max_rel: usize = rel_kinds.iter().map(|&k| cfg.kinds[k].cap as usize).sum();
    let mut frontier: Vec<Chain> = sides
        .iter()
        .map(|s| {
            cfg.chain_nodes.push(ChainNode {
                prev: NONE,
                kind: 0,
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
    let mut restr_index: HashMap<(u128, u16), usize> = HashMap::new();
    let mut restrs: Vec<Chain> = Vec::new();
    for _ in 0..max_rel {
        let mut next_index: HashMap<(u128, u16, u16), usize> = HashMap::new();
        let mut next: Vec<Chain> = Vec::new();
        for c in &frontier {
            for &k in &rel_kinds {
                let Some(u1) = cfg.add(c.usage, k) else {
                    continue;
                };
                for si in 0..cfg.kinds[k].syms.len() {
                    let rel = cfg.kinds[k].syms[si];
                    for s in &sides {
                        let Some(u2) = cfg.sum(u1, s.usage) else {
                            continue;
                        };
                        let acc = c.accept
                            & link(
                                rel,
                                onsets_core::CardSet(c.last),
                                onsets_core::CardSet(s.table),
                            )
                            .bits()
                            & mask;
                        let syms = c.syms + 1 + s.syms;
                        let cn = ChainNode {
                            prev: c.node,
                            kind: k as u8,
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
                            }
                            Entry::Occupied(o) => {
                                if shortest && syms < next[*o.get()].syms {
                                    let ch = new_chain(&mut cfg);
                                    next[*o.get()] = ch;
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
        frontier = next;
        if frontier.is_empty() {
            break;
        }
    }
    stats.restrictions += restrs.len();

    // ---- Restriction parts: one or more Restrictions, one build (ruling 3);
    // No Null Restrictions: each removes a card from the Universe restricted
    // by the others (XIII-B-8, OS-E10). `privates[i]`: cards only Restriction
    // i removes; they only shrink as Restrictions are added.
    let nonull = rules.no_null_restrictions;
    type Key = (u128, u16, Vec<u16>);
    let mut part_index: HashMap<Key, usize> = HashMap::new();
    let mut parts: Vec<(PartState, Vec<u16>)> = Vec::new();
    let mut frontier: Vec<usize> = Vec::new();
    for r in restrs.iter() {
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
        let st = PartState {
            usage: r.usage,
            accept: r.accept,
            syms: r.syms,
            list: vec![r.node],
        };
        match part_index.entry(key) {
            Entry::Vacant(v) => {
                v.insert(parts.len());
                frontier.push(parts.len());
                parts.push((st, privs));
            }
            Entry::Occupied(o) => {
                if st.syms < parts[*o.get()].0.syms {
                    parts[*o.get()].0 = st;
                }
            }
        }
    }
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &pi in &frontier {
            let (st, privs) = parts[pi].clone();
            for r in &restrs {
                let Some(u) = cfg.sum(st.usage, r.usage) else {
                    continue;
                };
                let acc = st.accept & r.accept;
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
                }
                let mut list = st.list.clone();
                list.push(r.node);
                let nst = PartState {
                    usage: u,
                    accept: acc,
                    syms: st.syms + r.syms,
                    list,
                };
                match part_index.entry((u, acc, np.clone())) {
                    Entry::Vacant(v) => {
                        v.insert(parts.len());
                        next.push(parts.len());
                        parts.push((nst, np));
                    }
                    Entry::Occupied(o) => {
                        if shortest && nst.syms < parts[*o.get()].0.syms {
                            parts[*o.get()].0 = nst;
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    stats.parts += parts.len();

    // ---- combine: Restriction part (every Required cube, VII-B-4-b) and
    // Set-Name; Required Cube variation over both parts (XIII-A-1).
    let mut best_parts: HashMap<(u16, u32), PartState> = HashMap::new();
    for (st, _) in parts {
        if st.usage & must_r.0 != must_r.1 {
            continue;
        }
        let key = (st.accept, faces_of(st.usage));
        match best_parts.entry(key) {
            Entry::Vacant(v) => {
                v.insert(st);
            }
            Entry::Occupied(mut o) => {
                if st.syms < o.get().syms {
                    o.insert(st);
                }
            }
        }
    }
    let mut best_parts: Vec<PartState> = best_parts.into_values().collect();
    best_parts.sort_by_key(|p| (p.syms, p.accept, p.usage));
    for st in &best_parts {
        let fr = faces_of(st.usage);
        for it in &names {
            if (faces_of(it.usage) | fr) != all_faces {
                continue;
            }
            let x = st.accept & it.table & mask;
            if goal_ok(x) && record(&cfg, Some(st), it, x) {
                return;
            }
        }
    }
}

/// Drops builds dominated by another with the same truth table, operation
/// count, Required-cube use and Required Cube faces that uses no more of
/// any other kind of cube: anything built from the dominated one can be
/// built from the other (fewer cubes never break VII-B-4).
fn pareto(items: Vec<Item>, req_fields: u128, faces_of: &dyn Fn(u128) -> u32) -> Vec<Item> {
    let mut groups: HashMap<(u16, u8, u128, u32), Vec<Item>> = HashMap::new();
    let mut keys: Vec<(u16, u8, u128, u32)> = Vec::new();
    for it in items {
        let key = (it.table, it.ops, it.usage & req_fields, faces_of(it.usage));
        let g = groups.entry(key).or_default();
        if g.is_empty() {
            keys.push(key);
        }
        g.push(it);
    }
    let le = |a: u128, b: u128| -> bool { (0..32).all(|k| field(a, k) <= field(b, k)) };
    let mut out = Vec::new();
    for key in keys {
        let mut g = groups.remove(&key).unwrap_or_default();
        g.sort_by_key(|i| {
            (
                (0..32).map(|k| field(i.usage, k) as u32).sum::<u32>(),
                i.syms,
            )
        });
        let mut kept: Vec<Item> = Vec::new();
        for it in g {
            if !kept.iter().any(|k| le(k.usage, it.usage)) {
                kept.push(it);
            }
        }
        out.extend(kept);
    }
    out
}
