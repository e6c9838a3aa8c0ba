//! One configuration's search (the Now cube, the wild meanings and the
//! blank's colors fixed, module doc of [`super`]): the Set-Name builds
//! ([`super::builds`]), the Set-Names alone, then the Restrictions and the
//! Restriction parts ([`super::restrictions`], [`super::parts`]), each
//! candidate Solution recorded by the physical set of cards it names.

use super::bounds::Bounds;
use super::builds::{KeptBuilds, Names, SharedBuilds};
use super::cards::Cards;
use super::classes::{Config, R_PART, S_PART};
use super::hash::HashMap;
use super::nodes::{Item, PartState};
use super::pareto::rel_free;
use super::restrictions::Pairing;
use super::written::Writer;
use super::{Found, Setup, Stats};
use onsets_core::{check_presentation, Card, Part, Presentation, Solution, Symbol};
use std::collections::hash_map::Entry;

/// The Solutions found so far, one per physical set of cards named, in the
/// order found.
#[derive(Default)]
pub(super) struct Findings {
    pub(super) found: HashMap<u16, Found>,
    pub(super) order: Vec<u16>,
}

/// One pass over one configuration: its settings, and where its Solutions
/// and statistics go.
pub(super) struct Run<'a, 's> {
    pub(super) setup: &'a Setup<'a>,
    pub(super) cards: &'a Cards<'s>,
    /// The blank card's colors (XIII-C-12; the plain blank when not wild).
    pub(super) blank: Card,
    /// Most leaves of a Set-Name build in this pass (iterative deepening on
    /// the builds: most positions with a Solution have a short one).
    pub(super) limit: usize,
    /// The cheap first pass that looks for padded witnesses
    /// ([`super::padding`]).
    pub(super) pad_pass: bool,
    /// Most written symbols of a Solution (`u16::MAX`: no bound).
    pub(super) max_syms: u16,
    /// Two Solutions in force (XIII-D-14).
    pub(super) two: bool,
    pub(super) findings: &'a mut Findings,
    pub(super) stats: &'a mut Stats,
    /// Worked out per configuration by [`Run::run`].
    pub(super) plan: Plan,
    /// Only whether a candidate exists (over [`Cards::joint`]): the first
    /// one ends the search, noted in `findings.order` and not written.
    pub(super) probe: bool,
}

/// What a configuration asks of every Solution.
#[derive(Clone, Copy, Default)]
pub(super) struct Plan {
    /// Every Required Cube variation (bit mask, XIII-A-1).
    pub(super) all_flags: u8,
    /// A Required Restriction cube: a Restriction part must be written
    /// (VII-B-4-b).
    pub(super) need_restriction: bool,
    /// Lower bounds on the symbols still to be written (bounded searches).
    pub(super) lb: Bounds,
}

impl Run<'_, '_> {
    /// Searches the configuration of the Resources cubes `resources` and
    /// the wild meanings `meanings`. `shared`: the Set-Name builds shared
    /// by the blank's colorings; `kept`: the builds kept from the previous
    /// pass.
    pub(super) fn run(
        &mut self,
        resources: &[Symbol],
        meanings: &[(Symbol, Symbol)],
        shared: Option<&mut SharedBuilds>,
        kept: Option<&mut KeptBuilds>,
    ) {
        let rules = &self.setup.rules;
        // Only Solutions of at most `max_syms` symbols are sought: builds
        // keep their fewest symbols, and dominance compares symbols too.
        let by_syms = self.max_syms != u16::MAX;
        let Some(mut cfg) = Config::new(self.setup, resources, meanings, by_syms) else {
            return;
        };
        let restrictions_ok = rules.restrictions;
        // A Required = or ⊆ demands a Restriction part unless it is a wild
        // cube standing for a set or an operation here (A19 XIII-B-2, Q4).
        let stands = |c: Symbol| {
            meanings
                .iter()
                .find(|(f, _)| *f == c)
                .map_or(c, |(_, m)| *m)
        };
        let need_restriction = restrictions_ok
            && self
                .setup
                .position
                .required()
                .iter()
                .any(|c| stands(c).is_relation());
        // Lower bounds on the symbols still to be written (bounded searches): a
        // part must use its Required cubes (VII-B-4-b), each missing one is at
        // least one more symbol. (Usage counts are capped at or above what is
        // required, so a capped count never overstates what is missing.)
        self.plan = Plan {
            all_flags: ((1u16 << cfg.vars.len()) - 1) as u8,
            need_restriction,
            lb: Bounds::of(&cfg, need_restriction && !rel_free(&cfg)),
        };
        let Some(levels) = self.build_names(&mut cfg, shared, kept) else {
            return;
        };
        let all = self.candidates(&mut cfg, &levels);
        let names = self.names(&cfg, &all);
        if !need_restriction && self.names_alone(&cfg, &names) {
            return;
        }
        if !restrictions_ok || cfg.kinds().rels.is_empty() {
            return;
        }
        // Every Solution has a Set-Name: with none, no Restriction part helps.
        if names.by_mask.iter().all(|(_, items)| items.is_empty()) {
            return;
        }
        let mut pairing = Pairing::new(names, self.cards);
        self.restrictions(&mut cfg, &mut pairing, &levels, &all);
    }

    /// The Set-Names alone (no Restriction part) that meet the criteria,
    /// satisfy every Required Cube variation and write at least two symbols
    /// (VII-B-4-a). True when the search is over.
    fn names_alone(&mut self, cfg: &Config, names: &Names) -> bool {
        for (f, items) in &names.by_mask {
            if *f != self.plan.all_flags {
                continue;
            }
            for it in items {
                if it.syms < 2 {
                    continue; // VII-B-4-a
                }
                if self.cards.ok(it.table) && self.record(cfg, None, it, *f, it.table) {
                    return true;
                }
            }
        }
        false
    }

    /// Records a Solution: the Restriction part `part` (with the Required
    /// Cube variations it satisfies), the Set-Name `name` (with its own),
    /// naming the effective cards `x`. True when the search is over (a
    /// Solution, or two naming different sets under Two Solutions).
    pub(super) fn record(
        &mut self,
        cfg: &Config,
        part: Option<(&PartState, u8)>,
        name: &Item,
        name_flags: u8,
        x: u16,
    ) -> bool {
        let syms = name.syms + part.map(|p| p.0.syms).unwrap_or(0);
        if self.probe {
            if syms > self.max_syms {
                return false;
            }
            self.findings.order.push(x);
            return true;
        }
        let phys = self.cards.physical(x);
        let two = self.two;
        let found = &mut self.findings.found;
        let blank =
            (self.setup.rules.blank_card_wild && !self.blank.is_blank()).then_some(self.blank);
        let solution = || {
            let mut parts = Vec::new();
            if let Some((ps, f)) = part {
                parts.extend(Writer::new(cfg, R_PART, f).part(ps.node));
            }
            parts.push(Part::SetName(
                Writer::new(cfg, S_PART, name_flags).expr(name.node),
            ));
            if let Some(b) = blank {
                parts.push(Part::Blank(b));
            }
            Solution::new(parts)
        };
        let mut checked = None;
        if self.pad_pass {
            // a padded witness is only taken if the checker accepts it
            if found.contains_key(&phys) {
                return !two || found.len() >= 2;
            }
            let p = Presentation::new(vec![solution()]);
            if !check_presentation(self.setup.position, &p).correct {
                return false;
            }
            checked = p.into_solutions().into_iter().next();
        }
        if syms > self.max_syms {
            return false;
        }
        if let Entry::Vacant(v) = found.entry(phys) {
            v.insert(Found {
                solution: checked.unwrap_or_else(solution),
                syms,
                physical: phys,
            });
            self.findings.order.push(phys);
        }
        !two || found.len() >= 2
    }
}
