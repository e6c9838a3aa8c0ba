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

mod bounds;
mod builds;
mod cards;
mod classes;
mod configs;
mod flags;
mod hash;
mod nodes;
mod padding;
mod pareto;
mod parts;
mod restrictions;
mod run;
mod subsets;
mod written;

use builds::KeptBuilds;
use builds::SharedBuilds;
use cards::{visible_colors, Cards, CriteriaCache};
use configs::{blank_colorings, now_choices, wild_meanings};
use hash::HashMap;
use onsets_core::{Card, InForce, Position, Presentation, Solution, Symbol};
use run::{Findings, Plan, Run};
use std::cell::RefCell;

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

/// The exact solver, with the caches it keeps from one position to the
/// next: the criteria bits of the sets of cards met recently (positions met
/// in play share cards, Goal values and card variations again and again).
/// Reuse one `Solver` for many positions; the answers are the same as with
/// a new one.
#[derive(Default)]
pub struct Solver {
    criteria: RefCell<CriteriaCache>,
    /// Configurations proved to have no Solution (see [`NoSolution`]).
    no_solution: RefCell<NoSolution>,
}

/// The configurations an unbounded pass has searched to the end without a
/// Solution, by everything the search of a configuration reads: the rules
/// in force, the Universe, the Goal's values, the Required cubes (the
/// position's part of the key, [`base_key`], numbered once per position),
/// the other usable cubes (Permitted and the Resources cubes of the
/// configuration: both are cubes a Solution may use, VII-B-4), the wild
/// meanings and the blank's colors. That search is a proof by exhaustion
/// for the configuration alone, so another position with the same
/// configuration (the next move's Now choices, the same mat in another
/// cube order, a bounded search for a shortest Solution) skips it: it would
/// find nothing. Only "none" is remembered, so the Solutions found are the
/// same as without it.
///
/// The witness passes before it (the padding pass, the five-leaf pass) are
/// functions of the configuration too: a configuration whose first `n`
/// passes found nothing in one search (another configuration gave the
/// Solution before its proof) skips them in the next search that has them.
#[derive(Default)]
struct NoSolution {
    /// The positions' parts of the keys, numbered.
    bases: std::collections::HashMap<String, u32>,
    /// Per configuration: how many passes found nothing, [`PROVED`] when the
    /// proof did.
    set: HashMap<Box<[u8]>, u8>,
}

/// [`NoSolution::set`]: the configuration has no Solution.
const PROVED: u8 = u8::MAX;

impl NoSolution {
    const LIMIT: usize = 100_000;

    /// The number of a position's part of the keys.
    fn base(&mut self, key: String) -> u32 {
        if self.set.len() >= Self::LIMIT || self.bases.len() >= Self::LIMIT {
            self.set.clear();
            self.bases.clear();
        }
        let next = self.bases.len() as u32;
        *self.bases.entry(key).or_insert(next)
    }
}

/// The part of a configuration's key (see [`NoSolution`]) that is the same
/// for every configuration of a position. Anything new the search reads
/// from a position belongs here.
fn base_key(setup: &Setup) -> String {
    let p = setup.position;
    let rules = InForce {
        ignored: Vec::new(),
        ..setup.rules.clone()
    };
    let mut req: Vec<Symbol> = p.required().iter().collect();
    req.sort();
    // the edition and division too, though the search reads them only
    // through the rules in force: a key too fine costs a miss, never a
    // wrong answer
    format!(
        "{:?}|{:?}|{}|{rules:?}|{}|{:?}|{req:?}",
        p.edition(),
        p.division(),
        p.adventurous(),
        p.universe().bits(),
        setup.goals
    )
}

/// A symbol as a byte of a key.
fn symbol_byte(s: Symbol) -> u8 {
    match s {
        Symbol::Digit(d) => 32 + d,
        s => Symbol::NON_DIGIT
            .iter()
            .position(|&t| t == s)
            .map_or(255, |i| i as u8),
    }
}

/// A configuration's key: the number of its [`base_key`], the other usable
/// cubes in order, the wild meanings and the blank's colors.
fn config_key(
    base: u32,
    setup: &Setup,
    now: &[Symbol],
    meanings: &[(Symbol, Symbol)],
    blank: Card,
) -> Box<[u8]> {
    let r = setup.rules.restrictions;
    let mut key: Vec<u8> = base.to_le_bytes().to_vec();
    key.push(blank.index() as u8);
    for &(f, m) in meanings {
        key.extend([symbol_byte(f), symbol_byte(m)]);
    }
    key.push(254);
    let start = key.len();
    key.extend(
        setup
            .position
            .permitted()
            .iter()
            .chain(now.iter().copied())
            .filter(|s| usable(*s, r))
            .map(symbol_byte),
    );
    key[start..].sort_unstable();
    key.into_boxed_slice()
}

impl Solver {
    /// A solver with empty caches.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The search. Returns the Solution (or `None`) and statistics.
    ///
    /// `shortest`: iterative deepening by the number of written symbols. The
    /// first search gives a Solution of `S` symbols (or proves there is none);
    /// then, for each bound `L` from the fewest symbols a Solution can have up
    /// to `S − 1`, an exact search over the Solutions of at most `L` symbols
    /// (every dominance test also compares symbols). The first bound with a
    /// Solution gives a shortest one; if none below `S`, the first Solution is.
    /// Under Two Solutions the bound applies to each of the two, so the longer
    /// of the two is as short as it can be.
    pub(crate) fn search(
        &self,
        position: &Position,
        shortest: bool,
    ) -> (Option<Presentation>, Stats) {
        let (first, mut stats) = self.search_within(position, u16::MAX);
        let Some((solution, syms)) = first else {
            return (None, stats);
        };
        if !shortest {
            return (Some(solution), stats);
        }
        for bound in fewest_symbols(position)..syms {
            let (r, st) = self.search_within(position, bound);
            stats.configs += st.configs;
            stats.builds += st.builds;
            stats.restrictions += st.restrictions;
            stats.parts += st.parts;
            if let Some((t, _)) = r {
                return (Some(t), stats);
            }
        }
        (Some(solution), stats)
    }

    /// One search over the Solutions of at most `max_syms` written symbols
    /// (`u16::MAX`: no bound); the Solution and its symbols (under Two
    /// Solutions, the larger of the two).
    fn search_within(
        &self,
        position: &Position,
        max_syms: u16,
    ) -> (Option<(Presentation, u16)>, Stats) {
        let bounded = max_syms != u16::MAX;
        let rules = InForce::of(position);
        let goals = if position.goal().is_legal_layout() {
            position.goal().legal_values(rules.absolute_value)
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
        let blanks = blank_colorings(&setup);
        // the blank's colorings share their Set-Name builds (even when one
        // is left to search, [`blank_colorings`])
        let blank_wild = setup.rules.blank_card_wild && position.universe().contains(Card::BLANK);
        let cards: Vec<Cards> = blanks
            .iter()
            .map(|&b| Cards::new(&setup, b, &self.criteria))
            .collect();
        if !some_good_sets(&setup, &cards, two) {
            return (None, stats);
        }
        // Per physical set, the best Solution naming it.
        let mut findings = Findings::default();
        // Iterative deepening on the leaves of each build: most positions with a
        // Solution have a short one; only the last, unbounded pass is a proof.
        let limits: &[usize] = if bounded {
            &[usize::MAX]
        } else {
            &[3, 5, usize::MAX]
        };
        let choices = now_choices(&setup);
        // A first, cheap pass looks for padded witnesses (see [`padding`]).
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
        // every blank coloring at once, for the proofs (see [`none_at_all`])
        let mut joint: Option<Cards> = None;
        let base = self.no_solution.borrow_mut().base(base_key(&setup));
        // the usual passes (padding, five leaves, proof): those whose "none"
        // is remembered for each configuration
        let usual = !bounded && !two;
        for (pass, (limit, pad)) in passes.into_iter().enumerate() {
            // the pass whose "none" is a proof for each configuration
            let proof = usual && !pad && limit == usize::MAX;
            let done = if usual {
                if proof {
                    PROVED
                } else {
                    pass as u8 + 1
                }
            } else {
                PROVED
            };
            let mut ci = 0;
            for now_choice in &choices {
                for meanings in wild_meanings(&setup, now_choice) {
                    let mut shared = SharedBuilds::default();
                    // the pass over every coloring at once first: when it
                    // finds nothing, so does each coloring's
                    if blanks.len() > 1
                        && !pad
                        && self.no_coloring(
                            &setup,
                            &mut joint,
                            &blanks,
                            (base, now_choice, &meanings),
                            &mut shared,
                            &mut stats,
                            (limit, max_syms, two),
                            usual.then_some(done),
                        )
                    {
                        ci += blanks.len();
                        continue;
                    }
                    for (bi, &blank) in blanks.iter().enumerate() {
                        let key = config_key(base, &setup, now_choice, &meanings, blank);
                        let known = self.no_solution.borrow().set.get(&key).copied();
                        if known.is_some_and(|k| k >= done) {
                            ci += 1;
                            continue;
                        }
                        stats.configs += 1;
                        let sh = if blank_wild { Some(&mut shared) } else { None };
                        let keep = if !blank_wild && !bounded {
                            if built.len() <= ci {
                                built.resize_with(ci + 1, KeptBuilds::default);
                            }
                            Some(&mut built[ci])
                        } else {
                            None
                        };
                        ci += 1;
                        Run {
                            setup: &setup,
                            cards: &cards[bi],
                            blank,
                            limit,
                            pad_pass: pad,
                            max_syms,
                            two,
                            findings: &mut findings,
                            stats: &mut stats,
                            plan: Plan::default(),
                            probe: false,
                        }
                        .run(now_choice, &meanings, sh, keep);
                        let need = if two { 2 } else { 1 };
                        if findings.found.len() >= need {
                            return (compose(&findings, two), stats);
                        }
                        if usual {
                            let mut memo = self.no_solution.borrow_mut();
                            let k = memo.set.entry(key).or_insert(0);
                            *k = (*k).max(done);
                        }
                    }
                }
            }
        }
        (compose(&findings, two), stats)
    }
}

impl Solver {
    /// Under Blank Card Wild, before a pass (not the padding pass) over the
    /// colorings of a Now choice and wild meanings: whether the same pass
    /// over all of them at once ([`none_at_all`]) finds no candidate. Then
    /// none of the colorings' passes would find a Solution, so they are
    /// skipped (no answer and no Solution found changes), and with `done`
    /// (the usual passes, [`NoSolution`]) each coloring's configuration is
    /// remembered as having found nothing in this pass.
    #[allow(clippy::too_many_arguments)]
    fn no_coloring<'s>(
        &'s self,
        setup: &Setup,
        joint: &mut Option<Cards<'s>>,
        blanks: &[Card],
        (base, now_choice, meanings): (u32, &[Symbol], &[(Symbol, Symbol)]),
        shared: &mut SharedBuilds,
        stats: &mut Stats,
        (limit, max_syms, two): (usize, u16, bool),
        done: Option<u8>,
    ) -> bool {
        let keys: Vec<Box<[u8]>> = blanks
            .iter()
            .map(|&b| config_key(base, setup, now_choice, meanings, b))
            .collect();
        if let Some(done) = done {
            let memo = self.no_solution.borrow();
            if keys
                .iter()
                .all(|k| memo.set.get(k).is_some_and(|&v| v >= done))
            {
                return true;
            }
        }
        let joint = joint.get_or_insert_with(|| {
            Cards::joint(
                blanks
                    .iter()
                    .map(|&b| Cards::new(setup, b, &self.criteria))
                    .collect(),
            )
        });
        let none = none_at_all(
            setup,
            joint,
            (now_choice, meanings),
            shared,
            stats,
            (limit, max_syms, two),
        );
        if let (true, Some(done)) = (none, done) {
            let mut memo = self.no_solution.borrow_mut();
            for k in keys {
                let v = memo.set.entry(k).or_insert(0);
                *v = (*v).max(done);
            }
        }
        none
    }
}

/// Whether some set of cards meets the value and card criteria (two
/// different ones for Two Solutions): decided over the subsets of the
/// Universe that the colors on the usable cubes can tell apart.
fn some_good_sets(setup: &Setup, cards: &[Cards], two: bool) -> bool {
    let need = if two { 2 } else { 1 };
    let visible = visible_colors(setup);
    let mut good: Vec<u16> = Vec::new();
    for c in cards {
        c.good_sets(visible, &mut good, need);
        if good.len() >= need {
            break;
        }
    }
    good.len() >= need
}

/// Whether one pass (builds of at most `limit` leaves) over every blank
/// coloring at once ([`Cards::joint`]) finds no candidate: then that pass
/// of no coloring of this Now choice and these wild meanings finds a
/// Solution (of at most `max_syms` symbols); for the unbounded pass, none
/// has one. The Set-Name builds it makes are `shared` with the colorings.
fn none_at_all(
    setup: &Setup,
    joint: &Cards,
    (now_choice, meanings): (&[Symbol], &[(Symbol, Symbol)]),
    shared: &mut SharedBuilds,
    stats: &mut Stats,
    (limit, max_syms, two): (usize, u16, bool),
) -> bool {
    let mut probe = Findings::default();
    stats.configs += 1;
    Run {
        setup,
        cards: joint,
        blank: Card::BLANK,
        limit,
        pad_pass: false,
        max_syms,
        two,
        findings: &mut probe,
        stats,
        plan: Plan::default(),
        probe: true,
    }
    .run(now_choice, meanings, Some(shared), None);
    probe.order.is_empty()
}

/// Everything a position allows, worked out once.
struct Setup<'a> {
    position: &'a Position,
    rules: InForce,
    goals: Vec<i64>,
}

/// Whether a cube may be written at all: no digit, and = and ⊆ only where
/// Restrictions are used (VII-B-4).
fn usable(s: Symbol, restrictions: bool) -> bool {
    !s.is_digit() && (restrictions || !s.is_relation())
}

/// One correct Solution found: the Solution, its symbol count and the
/// physical set it names.
struct Found {
    solution: Solution,
    syms: u16,
    physical: u16,
}

/// A lower bound on the symbols of a Solution: at least two (VII-B-4-a);
/// the Set-Name writes every Required cube that is no Restriction cube, and
/// with Required Restriction cubes the Restriction part (at least three
/// symbols) writes every Required cube (VII-B-4-b; see [`classes::Class`]).
fn fewest_symbols(position: &Position) -> u16 {
    let rules = InForce::of(position);
    let usable_req = position
        .required()
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
    if rels == 0 || position.required().iter().any(|s| rules.is_wild(s)) {
        (sets_ops + rels).max(2)
    } else {
        sets_ops.max(1) + (sets_ops + rels).max(3)
    }
}

/// The Solution: the first found (the first two under Two Solutions), with
/// its symbols.
fn compose(findings: &Findings, two: bool) -> Option<(Presentation, u16)> {
    let Findings { found, order } = findings;
    if !two {
        let best = order.first().and_then(|p| found.get(p))?;
        let solutions = vec![best.solution.clone()];
        return Some((Presentation::new(solutions), best.syms));
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
    let solutions = vec![first.solution.clone(), second.solution.clone()];
    Some((Presentation::new(solutions), a.syms.max(b.syms)))
}
