//! An exact search of the Set-Names (and statements) a throw of cubes can
//! build, for the questions the 1969 games ask: "can a Set-Name fish out
//! exactly n of these cards?" (CUBE SETS … INK SETS, GO-THROUGH, ONE, A-B).
//!
//! Why it is exact and small: every Set-Name has one more set cube (a color,
//! V, Λ) than binary operation cubes (∪ ∩ −), and ′ is unary; a Set-Name is
//! therefore determined, up to its grouping, by how many cubes of each face it
//! uses. The search is a dynamic programme over those face counts (never more
//! than the cubes thrown), keeping for each the distinct sets of cards its
//! fully grouped Set-Names fish out (each with one witness). The red-symbol
//! cubes bound the size: at most four operations in any 1969 shaking set.
//! Fully grouped Set-Names suffice: an ungrouped one counts only when every
//! grouping agrees (editions.md Q13), so it fishes what a grouped one does.

use crate::kit;
use onsets_core::eval::link;
use onsets_core::{CardSet, Color, Symbol};
use std::collections::HashMap;
use std::rc::Rc;

/// Face counts: B R G Y, V, Λ, ∪, ∩, −, ′, =, ⊆.
pub type Counts = [u8; 12];

const KINDS: [Symbol; 12] = [
    Symbol::Color(Color::Blue),
    Symbol::Color(Color::Red),
    Symbol::Color(Color::Green),
    Symbol::Color(Color::Yellow),
    Symbol::Universe,
    Symbol::Empty,
    Symbol::Union,
    Symbol::Intersection,
    Symbol::Minus,
    Symbol::Complement,
    Symbol::Equals,
    Symbol::Subset,
];

fn kind(s: Symbol) -> Option<usize> {
    KINDS.iter().position(|k| *k == s)
}

/// The face counts of a list of cubes (numerals are not counted: they never
/// appear in a Set-Name).
pub fn counts(cubes: &[Symbol]) -> Counts {
    let mut c = [0u8; 12];
    for s in cubes {
        if let Some(k) = kind(*s) {
            c[k] = c[k].saturating_add(1);
        }
    }
    c
}

fn leaves(c: &Counts) -> u32 {
    c[..6].iter().map(|x| *x as u32).sum()
}
fn binaries(c: &Counts) -> u32 {
    c[6..9].iter().map(|x| *x as u32).sum()
}
fn is_set_name(c: &Counts) -> bool {
    c[10] == 0 && c[11] == 0 && leaves(c) == binaries(c) + 1
}
fn le(a: &Counts, b: &Counts) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y)
}
fn sub(a: &Counts, b: &Counts) -> Counts {
    let mut c = *a;
    for (x, y) in c.iter_mut().zip(b) {
        *x -= *y;
    }
    c
}
fn add(a: &Counts, b: &Counts) -> Counts {
    let mut c = *a;
    for (x, y) in c.iter_mut().zip(b) {
        *x += *y;
    }
    c
}

/// Every count vector `v` with `0 ≤ v ≤ top`.
fn below(top: &Counts) -> Vec<Counts> {
    let mut out = vec![[0u8; 12]];
    for k in 0..12 {
        let mut next = Vec::new();
        for v in &out {
            for n in 0..=top[k] {
                let mut w = *v;
                w[k] = n;
                next.push(w);
            }
        }
        out = next;
    }
    out
}

/// One Set-Name found: the cards it fishes out (of those in play) and a fully
/// grouped witness in the notation (letters B R G Y).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub cards: CardSet,
    pub text: String,
}

impl Found {
    /// The witness written for 1969 (`O` for orange), outer parentheses off.
    pub fn text_1969(&self) -> String {
        kit::from_notation(strip(&self.text))
    }
}

/// Removes one pair of parentheses around the whole text, if it encloses it.
fn strip(t: &str) -> &str {
    if t.starts_with('(') && t.ends_with(')') {
        let mut depth = 0i32;
        for (i, ch) in t.char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 && i + ch.len_utf8() < t.len() {
                return t;
            }
        }
        &t[1..t.len() - 1]
    } else {
        t
    }
}

type Table = Rc<Vec<Found>>;

/// The Set-Names buildable from a throw, against the cards in play.
pub struct Names {
    avail: Counts,
    cards: CardSet,
    memo: HashMap<Counts, Table>,
}

impl Names {
    /// `cubes`: the thrown cubes that may be used; `cards`: the cards in play.
    pub fn new(cubes: &[Symbol], cards: CardSet) -> Names {
        Names {
            avail: counts(cubes),
            cards,
            memo: HashMap::new(),
        }
    }

    /// The distinct sets of cards fished out by Set-Names using exactly the
    /// cubes counted by `c`, each with a witness.
    pub fn exactly(&mut self, c: &Counts) -> Table {
        if let Some(t) = self.memo.get(c) {
            return t.clone();
        }
        let mut out: Vec<Found> = Vec::new();
        let mut seen: HashMap<u16, ()> = HashMap::new();
        let mut push = |out: &mut Vec<Found>, cards: CardSet, text: String| {
            if seen.insert(cards.0, ()).is_none() {
                out.push(Found { cards, text });
            }
        };
        if is_set_name(c) {
            if leaves(c) == 1 && binaries(c) == 0 && c[9] == 0 {
                let k = (0..6).find(|k| c[*k] == 1).unwrap_or(0);
                let cards = onsets_core::eval::set_table(KINDS[k])
                    .unwrap_or(CardSet::EMPTY)
                    .intersection(self.cards);
                push(&mut out, cards, KINDS[k].canonical());
            }
            if c[9] > 0 {
                let mut inner = *c;
                inner[9] -= 1;
                for f in self.exactly(&inner).iter() {
                    let cards = f.cards.complement().intersection(self.cards);
                    push(&mut out, cards, format!("{}′", f.text));
                }
            }
            for op in 6..9 {
                if c[op] == 0 {
                    continue;
                }
                let mut rest = *c;
                rest[op] -= 1;
                for a in below(&rest) {
                    let b = sub(&rest, &a);
                    if !is_set_name(&a) || !is_set_name(&b) {
                        continue;
                    }
                    let ta = self.exactly(&a);
                    let tb = self.exactly(&b);
                    for x in ta.iter() {
                        for y in tb.iter() {
                            let cards = match KINDS[op] {
                                Symbol::Union => x.cards.union(y.cards),
                                Symbol::Intersection => x.cards.intersection(y.cards),
                                _ => x.cards.difference(y.cards),
                            };
                            push(
                                &mut out,
                                cards,
                                format!("({} {} {})", x.text, KINDS[op].canonical(), y.text),
                            );
                        }
                    }
                }
            }
        }
        let t = Rc::new(out);
        self.memo.insert(*c, t.clone());
        t
    }

    /// Every count vector of a Set-Name that the throw allows.
    pub fn shapes(&self) -> Vec<Counts> {
        below(&self.avail).into_iter().filter(is_set_name).collect()
    }

    /// A Set-Name from the throw that fishes out exactly `n` cards, if any
    /// (the cubes need not all be used, §8.5-B).
    pub fn fishing(&mut self, n: u32) -> Option<Found> {
        let mut shapes = self.shapes();
        shapes.sort_by_key(|c| c.iter().map(|x| *x as u32).sum::<u32>());
        for c in shapes {
            if let Some(f) = self.exactly(&c).iter().find(|f| f.cards.len() == n) {
                return Some(f.clone());
            }
        }
        None
    }

    /// Every distinct set of cards some Set-Name from the throw fishes out.
    pub fn all_fished(&mut self) -> Vec<Found> {
        let mut seen: HashMap<u16, ()> = HashMap::new();
        let mut out = Vec::new();
        for c in self.shapes() {
            for f in self.exactly(&c).iter() {
                if seen.insert(f.cards.0, ()).is_none() {
                    out.push(f.clone());
                }
            }
        }
        out
    }

    /// Statements (one relation between two Set-Names, §4.3-B) the throw can
    /// build with exactly the cubes `c` (one = or ⊆ among them), each with
    /// the cards it keeps.
    fn statements(&mut self, c: &Counts) -> Vec<Found> {
        let mut out = Vec::new();
        let mut seen: HashMap<u16, ()> = HashMap::new();
        for rel in [10usize, 11] {
            if c[rel] != 1 || c[10] + c[11] != 1 {
                continue;
            }
            let mut rest = *c;
            rest[rel] -= 1;
            for a in below(&rest) {
                let b = sub(&rest, &a);
                if !is_set_name(&a) || !is_set_name(&b) {
                    continue;
                }
                let ta = self.exactly(&a);
                let tb = self.exactly(&b);
                for x in ta.iter() {
                    for y in tb.iter() {
                        let keep = link(KINDS[rel], x.cards, y.cards).intersection(self.cards);
                        if seen.insert(keep.0, ()).is_none() {
                            out.push(Found {
                                cards: keep,
                                text: format!(
                                    "{} {} {}",
                                    strip(&x.text),
                                    KINDS[rel].canonical(),
                                    strip(&y.text)
                                ),
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Every distinct truth set of a statement (one relation between two
    /// Set-Names) the throw can build, each with a witness (§8.4).
    pub fn all_statements(&mut self) -> Vec<Found> {
        let mut out = Vec::new();
        let mut seen: HashMap<u16, ()> = HashMap::new();
        for c in below(&self.avail) {
            if c[10] + c[11] != 1 {
                continue;
            }
            for f in self.statements(&c) {
                if seen.insert(f.cards.0, ()).is_none() {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Every distinct set of cards a Set-Name fishes out, each with the
    /// Pareto-minimal cube usages that build it (and a witness per usage).
    fn minimal_entries(&mut self) -> Vec<(CardSet, Counts, String)> {
        let mut by_table: HashMap<u16, Vec<(Counts, String)>> = HashMap::new();
        for c in self.shapes() {
            for f in self.exactly(&c).iter() {
                pareto_insert(by_table.entry(f.cards.0).or_default(), c, &f.text);
            }
        }
        let mut out = Vec::new();
        for (t, us) in by_table {
            for (u, text) in us {
                out.push((CardSet(t), u, text));
            }
        }
        out.sort_by_key(|(t, u, _)| (t.0, *u));
        out
    }

    /// A Set-Name, alone or together with statements (rule 3.4'), that fishes
    /// out exactly `n` cards, written `statement ; … ; Set-Name` (ONE, §8.5-A).
    ///
    /// Exact: only what a part fishes out or keeps matters, and for each such
    /// set only the cube usages that are minimal (a part needing more cubes
    /// of every face than another part with the same cards is never needed).
    pub fn fishing_with_statements(&mut self, n: u32) -> Option<String> {
        if let Some(f) = self.fishing(n) {
            return Some(strip(&f.text).to_string());
        }
        let rel_cubes = (self.avail[10] + self.avail[11]) as usize;
        if rel_cubes == 0 {
            return None;
        }
        let entries = self.minimal_entries();
        // Single statements: keep mask → minimal usages.
        let mut singles: HashMap<u16, Vec<(Counts, String)>> = HashMap::new();
        for rel in [10usize, 11] {
            if self.avail[rel] == 0 {
                continue;
            }
            let mut r = [0u8; 12];
            r[rel] = 1;
            for (ta, ua, xa) in &entries {
                let with_rel = add(ua, &r);
                if !le(&with_rel, &self.avail) {
                    continue;
                }
                for (tb, ub, xb) in &entries {
                    let u = add(&with_rel, ub);
                    if !le(&u, &self.avail) {
                        continue;
                    }
                    let keep = link(KINDS[rel], *ta, *tb).intersection(self.cards);
                    if keep == self.cards {
                        continue; // keeps every card: never needed
                    }
                    let text = format!("{} {} {}", strip(xa), KINDS[rel].canonical(), strip(xb));
                    pareto_insert(singles.entry(keep.0).or_default(), u, &text);
                }
            }
        }
        let singles: Vec<(CardSet, Counts, String)> = singles
            .into_iter()
            .flat_map(|(k, us)| us.into_iter().map(move |(u, t)| (CardSet(k), u, t)))
            .collect();
        // Groups of up to `rel_cubes` statements.
        let mut groups: Vec<(CardSet, Counts, String)> = singles.clone();
        let mut frontier = singles.clone();
        for _ in 1..rel_cubes {
            let mut next: HashMap<u16, Vec<(Counts, String)>> = HashMap::new();
            for (k, u, t) in &frontier {
                for (k2, u2, t2) in &singles {
                    let sum = add(u, u2);
                    if le(&sum, &self.avail) {
                        pareto_insert(
                            next.entry(k.intersection(*k2).0).or_default(),
                            sum,
                            &format!("{t} ; {t2}"),
                        );
                    }
                }
            }
            frontier = next
                .into_iter()
                .flat_map(|(k, us)| us.into_iter().map(move |(u, t)| (CardSet(k), u, t)))
                .collect();
            groups.extend(frontier.iter().cloned());
        }
        for (keep, ug, tg) in &groups {
            for (t, ut, xt) in &entries {
                if t.intersection(*keep).len() == n && le(&add(ug, ut), &self.avail) {
                    return Some(format!("{tg} ; {}", strip(xt)));
                }
            }
        }
        None
    }

    /// `k` Set-Names at the same time (no cube used twice), each fishing out
    /// exactly `n` cards, no two the same set of cards (A-B, M69 8.5-C: the
    /// Set-Names are written "all at the same time"; docs/rulings.md).
    pub fn several(&mut self, k: usize, n: u32) -> Option<Vec<Found>> {
        if k == 0 {
            return Some(Vec::new());
        }
        // Each set of n cards with its Pareto-minimal cube usages.
        let mut by_cards: Vec<(CardSet, Vec<(Counts, String)>)> = Vec::new();
        for c in self.shapes() {
            for f in self.exactly(&c).iter().filter(|f| f.cards.len() == n) {
                match by_cards.iter_mut().find(|(s, _)| *s == f.cards) {
                    Some((_, list)) => pareto_insert(list, c, &f.text),
                    None => by_cards.push((f.cards, vec![(c, f.text.clone())])),
                }
            }
        }
        let mut chosen = Vec::new();
        if pick(&by_cards, 0, k, [0; 12], &self.avail, &mut chosen) {
            Some(
                chosen
                    .into_iter()
                    .map(|(i, j)| Found {
                        cards: by_cards[i].0,
                        text: by_cards[i].1[j].1.clone(),
                    })
                    .collect(),
            )
        } else {
            None
        }
    }
}

/// Adds `u` to a list of Pareto-minimal usages (no usage ≤ another kept).
fn pareto_insert(list: &mut Vec<(Counts, String)>, u: Counts, text: &str) {
    if list.iter().any(|(v, _)| le(v, &u)) {
        return;
    }
    list.retain(|(v, _)| !le(&u, v));
    list.push((u, text.to_string()));
}

/// Chooses `k` of the card sets from index `from` on (each at most once),
/// one usage each, within the cubes `avail`.
fn pick(
    options: &[(CardSet, Vec<(Counts, String)>)],
    from: usize,
    k: usize,
    used: Counts,
    avail: &Counts,
    chosen: &mut Vec<(usize, usize)>,
) -> bool {
    if k == 0 {
        return true;
    }
    for i in from..options.len() {
        for (j, (u, _)) in options[i].1.iter().enumerate() {
            let sum = add(&used, u);
            if le(&sum, avail) {
                chosen.push((i, j));
                if pick(options, i + 1, k - 1, sum, avail, chosen) {
                    return true;
                }
                chosen.pop();
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naming::{read, Form};
    use onsets_core::CubeList;

    fn cubes(t: &str) -> Vec<Symbol> {
        CubeList::parse(&kit::to_notation(t))
            .unwrap()
            .into_symbols()
    }

    #[test]
    fn every_witness_fishes_what_it_claims() {
        let cards = CardSet::parse("B R G Y BR GY BRG blank").unwrap();
        let throw = cubes("B R G ∪ − ′");
        let mut names = Names::new(&throw, cards);
        for f in names.all_fished() {
            let r = read(&f.text, Form::SetName, &throw, cards).unwrap();
            assert_eq!(r.fished, f.cards, "{}", f.text);
        }
    }

    #[test]
    fn search_agrees_with_brute_force_over_small_names() {
        // Brute force: every Set-Name of at most 3 cubes written out.
        let cards = CardSet::parse("B R G BR BG RG BRG").unwrap();
        let throw = cubes("B R ∩ ′");
        let mut names = Names::new(&throw, cards);
        let found: Vec<u16> = names.all_fished().iter().map(|f| f.cards.0).collect();
        let texts = [
            "B",
            "R",
            "B′",
            "R′",
            "B ∩ R",
            "R ∩ B",
            "B′ ∩ R",
            "B ∩ R′",
            "(B ∩ R)′",
        ];
        let mut brute: Vec<u16> = texts
            .iter()
            .map(|t| read(t, Form::SetName, &throw, cards).unwrap().fished.0)
            .collect();
        brute.sort();
        brute.dedup();
        let mut f = found.clone();
        f.sort();
        assert_eq!(f, brute);
    }

    /// The naive model: every fully grouped Set-Name over subsets of the
    /// cubes *by position* (each cube used once), card by card.
    fn naive(cubes: &[Symbol], cards: CardSet) -> HashMap<u32, Vec<u16>> {
        let n = cubes.len();
        let mut by_mask: HashMap<u32, Vec<u16>> = HashMap::new();
        for mask in 1u32..(1 << n) {
            let mut out: Vec<u16> = Vec::new();
            let idx: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
            if idx.len() == 1 {
                if let Some(t) = onsets_core::eval::set_table(cubes[idx[0]]) {
                    out.push(t.intersection(cards).0);
                }
            }
            for &i in &idx {
                let rest = mask & !(1 << i);
                if rest == 0 {
                    continue;
                }
                match cubes[i] {
                    Symbol::Complement => {
                        for t in by_mask.get(&rest).cloned().unwrap_or_default() {
                            out.push(CardSet(t).complement().intersection(cards).0);
                        }
                    }
                    op @ (Symbol::Union | Symbol::Intersection | Symbol::Minus) => {
                        let mut a = rest;
                        while a > 0 {
                            let b = rest & !a;
                            if b > 0 {
                                for x in by_mask.get(&a).cloned().unwrap_or_default() {
                                    for y in by_mask.get(&b).cloned().unwrap_or_default() {
                                        let (x, y) = (CardSet(x), CardSet(y));
                                        let t = match op {
                                            Symbol::Union => x.union(y),
                                            Symbol::Intersection => x.intersection(y),
                                            _ => x.difference(y),
                                        };
                                        out.push(t.0);
                                    }
                                }
                            }
                            a = (a - 1) & rest;
                        }
                    }
                    _ => {}
                }
            }
            out.sort();
            out.dedup();
            by_mask.insert(mask, out);
        }
        by_mask
    }

    fn any_symbol() -> impl Strategy<Value = Symbol> {
        prop::sample::select(vec![
            Symbol::Color(Color::Blue),
            Symbol::Color(Color::Red),
            Symbol::Color(Color::Green),
            Symbol::Color(Color::Yellow),
            Symbol::Union,
            Symbol::Intersection,
            Symbol::Minus,
            Symbol::Complement,
            Symbol::Universe,
            Symbol::Empty,
        ])
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn search_agrees_with_the_naive_model(
            throw in proptest::collection::vec(any_symbol(), 1..8),
            cards in any::<u16>(),
            relation in prop::sample::select(vec![None, Some(Symbol::Equals), Some(Symbol::Subset)]),
            n in 0u32..5,
        ) {
            let cards = CardSet(cards);
            let model = naive(&throw, cards);
            let mut all: Vec<u16> = model.values().flatten().copied().collect();
            all.sort();
            all.dedup();
            let mut names = Names::new(&throw, cards);
            let mut found: Vec<u16> = names.all_fished().iter().map(|f| f.cards.0).collect();
            found.sort();
            prop_assert_eq!(&found, &all);
            // With one relation cube: a statement and a Set-Name on disjoint cubes.
            if let Some(rel) = relation {
                let mut with = throw.clone();
                with.push(rel);
                let full = (1u32 << throw.len()) - 1;
                let mut expect = all.iter().any(|t| CardSet(*t).len() == n);
                for s in 1..=full {
                    for a in model.get(&s).into_iter().flatten() {
                        let rest = full & !s;
                        let mut x = rest;
                        while x > 0 && !expect {
                            // The statement's right side: any cubes not yet used.
                            let others = rest & !x;
                            let mut y = others;
                            while y > 0 {
                                for l in model.get(&x).into_iter().flatten() {
                                    for r in model.get(&y).into_iter().flatten() {
                                        let keep = link(rel, CardSet(*l), CardSet(*r));
                                        if CardSet(*a).intersection(keep).intersection(cards).len() == n {
                                            expect = true;
                                        }
                                    }
                                }
                                y = (y - 1) & others;
                            }
                            x = (x - 1) & rest;
                        }
                    }
                }
                let mut names = Names::new(&with, cards);
                let got = names.fishing_with_statements(n);
                prop_assert_eq!(got.is_some(), expect, "{:?}", got);
                if let Some(t) = got {
                    let r = read(&t, Form::SetNameWithStatements, &with, cards).unwrap();
                    prop_assert_eq!(r.fished.len(), n);
                }
            }
        }
    }

    #[test]
    fn statements_restrict_then_the_set_name_fishes() {
        let cards = CardSet::parse("B R BR").unwrap();
        // B and R each fish out two cards; B = R keeps only BR, and then the
        // second B fishes out exactly one card.
        let throw = cubes("B R B =");
        let mut names = Names::new(&throw, cards);
        assert!(names.fishing(1).is_none());
        let with = names.fishing_with_statements(1).unwrap();
        let r = read(&with, Form::SetNameWithStatements, &throw, cards).unwrap();
        assert_eq!(r.fished.len(), 1, "{with}");
        // Without the second B there is none.
        let mut fewer = Names::new(&cubes("B R ="), cards);
        assert!(fewer.fishing_with_statements(1).is_none());
    }
}
