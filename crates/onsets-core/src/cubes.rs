//! Cube accounting: does some assignment of physical cubes to the written
//! symbols obey VII-B-4 and the variations? (Project ruling 2: accounting is
//! existential; an `@` annotation fixes the cube.)
//!
//! Each part (the Restriction part, the Set-Name) is one build: within it a
//! cube serves one written symbol (ruling 3), except that under Multiple
//! Operations an operation cube may be written many times (XIII-A-6, ruling
//! 12). The search is exact: for every choice of the one Resources cube after
//! a Now challenge and every placement of a Required Cube variation's cube, it
//! decides a bipartite matching problem that must saturate both the written
//! symbols and the cubes that must be used (Mendelsohn–Dulmage: a matching
//! saturating each side's subset exists iff one saturating both does).

use crate::cube::{Section, Symbol};
use crate::in_force::InForce;
use crate::position::{Position, Situation};
use crate::solution::Written;
use crate::verdict::{Violation, ViolationKind};

/// A cube of the position that a Solution could name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolCube {
    pub face: Symbol,
    pub section: Section,
}

/// Which part of a Solution a written symbol is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    Restrictions,
    SetName,
}

impl PartKind {
    fn name(self) -> &'static str {
        match self {
            PartKind::Restrictions => "the Restriction part",
            PartKind::SetName => "the Set-Name",
        }
    }
}

/// Constraints to drop when diagnosing why accounting fails.
#[derive(Clone, Copy, Debug, Default)]
pub struct Relax {
    /// Ignore VII-B-4-b (Required cubes must be used).
    pub required_section: bool,
    /// Let a Now Solution use any Resources cubes (ignore VII-B-4-e).
    pub resources: bool,
    /// Ignore the Required Cube variation (XIII-A-1).
    pub required_variation: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Choice {
    /// Every Resources cube the situation allows.
    All,
    /// After Now: no Resources cube, or the one with this pool index.
    One(Option<usize>),
}

/// The cube accounting problem of one Solution.
pub struct CubeUse<'a> {
    pub position: &'a Position,
    pub rules: &'a InForce,
    pub pool: Vec<PoolCube>,
    /// The symbol each wild face stands for in this Solution (ruling 7).
    pub wild_meaning: Vec<(Symbol, Symbol)>,
    pub parts: Vec<(PartKind, Vec<Written>)>,
}

impl<'a> CubeUse<'a> {
    /// Sets up the problem; returns violations of the annotation and wild-cube
    /// rules found on the way (XIII-A-2, Appendix A, OS-E2, rulings 7 and 20).
    pub fn new(
        position: &'a Position,
        rules: &'a InForce,
        parts: Vec<(PartKind, Vec<Written>)>,
    ) -> (Self, Vec<Violation>) {
        let mut pool = Vec::new();
        for section in [
            Section::Required,
            Section::Permitted,
            Section::Forbidden,
            Section::Resources,
        ] {
            for face in position.section(section).iter() {
                if face.is_digit()
                    || (face.is_relation() && !rules.restrictions && !rules.wild_relations)
                {
                    continue; // digits and stray = ⊆ are not used in Solutions (III-B-1 comment, OS-A11, OS-C1)
                }
                pool.push(PoolCube { face, section });
            }
        }
        let mut errors = Vec::new();
        let mut wild_meaning: Vec<(Symbol, Symbol)> = Vec::new();
        for (_, occs) in &parts {
            for w in occs {
                let Some(cube) = w.cube else { continue };
                if rules.is_wild(cube) {
                    if rules.wild_relations && cube.is_relation() {
                        // B19 I-B-2-d-iii: "= can be used in a Solution to
                        // represent any of the sets (B, R, G, Y, V or Λ)" and
                        // "⊆ can be used to represent any of the operations".
                        let (ok, what) = if cube == Symbol::Equals {
                            (w.meaning.is_set(), "a set (B R G Y V Λ)")
                        } else {
                            (w.meaning.is_operation(), "an operation (∪ ∩ − ′)")
                        };
                        if !ok {
                            errors.push(Violation::new(
                                ViolationKind::Annotation,
                                "B19 I-B-2-d-iii",
                                format!(
                                    "{w} at {}: the wild {cube} cube stands for {what}, not {}",
                                    w.pos, w.meaning
                                ),
                            ));
                        }
                    } else if w.meaning.is_relation() && !rules.restrictions {
                        errors.push(Violation::new(
                            ViolationKind::Annotation,
                            "ruling 7",
                            format!("{w} at {}: a wild cube may stand for = or ⊆ only where Restrictions are used", w.pos),
                        ));
                    }
                    match wild_meaning.iter().find(|(f, _)| *f == cube) {
                        None => wild_meaning.push((cube, w.meaning)),
                        Some(&(_, m)) if rules.same_class(m, w.meaning) => {}
                        Some(&(_, m)) => errors.push(Violation::new(
                            ViolationKind::WildInconsistent,
                            "XIII-A-2",
                            format!(
                                "the wild {cube} stands for {m} and, at {}, for {}: a wild cube must stand for the same symbol throughout the Solution",
                                w.pos, w.meaning
                            ),
                        )),
                    }
                } else if !rules.same_class(w.meaning, cube) {
                    errors.push(Violation::new(
                        ViolationKind::Annotation,
                        "OS-E2",
                        format!(
                            "{w} at {}: the {cube} cube is not wild, so it cannot stand for {}",
                            w.pos, w.meaning
                        ),
                    ));
                }
            }
        }
        for &face in &rules.wild {
            if !wild_meaning.iter().any(|(f, _)| *f == face) {
                wild_meaning.push((face, face)); // unannotated: the wild cube stands for itself (Appendix A default)
            }
        }
        (
            CubeUse {
                position,
                rules,
                pool,
                wild_meaning,
                parts,
            },
            errors,
        )
    }

    fn wild_of(&self, face: Symbol) -> Option<Symbol> {
        self.wild_meaning
            .iter()
            .find(|(f, _)| *f == face)
            .map(|(_, m)| *m)
    }

    /// Whether `cube` can be the cube written as `w`.
    fn compatible(&self, cube: PoolCube, w: &Written) -> bool {
        if w.cube.is_some_and(|a| a != cube.face) {
            return false;
        }
        match self.wild_of(cube.face) {
            Some(m) => self.rules.same_class(w.meaning, m),
            None => self.rules.same_class(w.meaning, cube.face),
        }
    }

    /// What the cube stands for in this Solution.
    fn stands_for(&self, cube: PoolCube) -> Symbol {
        self.wild_of(cube.face).unwrap_or(cube.face)
    }

    fn available(&self, i: usize, choice: Choice) -> bool {
        match self.pool[i].section {
            Section::Required | Section::Permitted => true,
            Section::Forbidden | Section::Goal => false,
            Section::Resources => match choice {
                Choice::All => matches!(
                    self.position.situation(),
                    Situation::Impossible | Situation::EndOfRound | Situation::Now
                ),
                Choice::One(j) => j == Some(i),
            },
        }
    }

    /// The cubes that must appear in a part (VII-B-4-b): every Required cube
    /// in the Restriction part; every Required cube but = and ⊆ (and a wild
    /// cube standing for them, ruling 6) in the Set-Name.
    fn must(&self, kind: PartKind) -> Vec<usize> {
        (0..self.pool.len())
            .filter(|&i| self.pool[i].section == Section::Required)
            .filter(|&i| {
                // B19: a Required = or ⊆ is a wild set or operation, used in
                // the Set-Name (B19 VII-B-4-b; it has no Restriction part).
                kind == PartKind::Restrictions
                    || self.rules.wild_relations
                    || !self.stands_for(self.pool[i]).is_relation()
            })
            .collect()
    }

    /// Whether some assignment of cubes satisfies every constraint not relaxed.
    pub fn feasible(&self, relax: Relax) -> bool {
        self.choices(relax)
            .into_iter()
            .any(|choice| self.feasible_with(choice, relax))
    }

    fn feasible_with(&self, choice: Choice, relax: Relax) -> bool {
        self.placement(choice, relax).is_some()
    }

    /// The choices of Resources cubes the situation allows.
    fn choices(&self, relax: Relax) -> Vec<Choice> {
        if self.position.situation() == Situation::Now && !relax.resources {
            let mut v = vec![Choice::One(None)];
            let mut seen: Vec<Symbol> = Vec::new();
            for (i, c) in self.pool.iter().enumerate() {
                if c.section == Section::Resources && !seen.contains(&c.face) {
                    seen.push(c.face);
                    v.push(Choice::One(Some(i)));
                }
            }
            v
        } else {
            vec![Choice::All]
        }
    }

    /// One assignment of a cube to every written symbol that obeys every
    /// cube rule (the witness of [`CubeUse::feasible`], found by the same
    /// search): for each part, the cube of each of its written symbols, in
    /// the order written. `None` exactly when `feasible(Relax::default())`
    /// is false.
    pub fn assignment(&self) -> Option<Vec<Vec<PoolCube>>> {
        let relax = Relax::default();
        for choice in self.choices(relax) {
            let Some(placed) = self.placement(choice, relax) else {
                continue;
            };
            let mut out = Vec::new();
            for (p, (kind, occs)) in self.parts.iter().enumerate() {
                let mut must = self.must(*kind);
                for &(pp, i) in &placed {
                    if pp == p && !must.contains(&i) {
                        must.push(i);
                    }
                }
                let cubes = self.part_assignment(occs, choice, &must)?;
                out.push(cubes.into_iter().map(|i| self.pool[i]).collect());
            }
            return Some(out);
        }
        None
    }

    /// A cube (pool index) for every symbol of a part, using every cube of
    /// `must`: a matching saturating `must` is grown by augmenting paths,
    /// which never unmatch a matched cube, until every symbol is matched.
    fn part_assignment(
        &self,
        occs: &[Written],
        choice: Choice,
        must: &[usize],
    ) -> Option<Vec<usize>> {
        let avail: Vec<usize> = (0..self.pool.len())
            .filter(|&i| self.available(i, choice))
            .collect();
        let reusable = |i: usize| {
            self.rules.multiple_operations && self.stands_for(self.pool[i]).is_operation()
        };
        let mut out: Vec<Option<usize>> = vec![None; occs.len()];
        let (single_syms, multi_syms): (Vec<usize>, Vec<usize>) = (0..occs.len())
            .partition(|&j| !(self.rules.multiple_operations && occs[j].meaning.is_operation()));
        // Operation symbols under Multiple Operations: the must cubes first,
        // each to its own symbol, then any usable operation cube.
        if !multi_syms.is_empty() {
            let must_ops: Vec<usize> = must.iter().copied().filter(|&i| reusable(i)).collect();
            let adj: Vec<Vec<usize>> = must_ops
                .iter()
                .map(|&i| {
                    (0..multi_syms.len())
                        .filter(|&k| self.compatible(self.pool[i], &occs[multi_syms[k]]))
                        .collect()
                })
                .collect();
            let mut owner = vec![None; multi_syms.len()];
            grow_matching(&adj, &mut owner);
            for (k, o) in owner.iter().enumerate() {
                if let Some(m) = o {
                    out[multi_syms[k]] = Some(must_ops[*m]);
                }
            }
            for &j in &multi_syms {
                if out[j].is_none() {
                    out[j] = avail
                        .iter()
                        .copied()
                        .find(|&i| reusable(i) && self.compatible(self.pool[i], &occs[j]));
                }
            }
        }
        let cubes: Vec<usize> = avail.iter().copied().filter(|&i| !reusable(i)).collect();
        // owner[c]: the symbol (index into single_syms) holding cube c.
        let mut owner: Vec<Option<usize>> = vec![None; cubes.len()];
        let must_single: Vec<usize> = must.iter().copied().filter(|&i| !reusable(i)).collect();
        // First saturate the must cubes (cube side), then convert.
        let adj_must: Vec<Vec<usize>> = must_single
            .iter()
            .map(|&i| {
                (0..single_syms.len())
                    .filter(|&k| self.compatible(self.pool[i], &occs[single_syms[k]]))
                    .collect()
            })
            .collect();
        let mut sym_owner = vec![None; single_syms.len()];
        grow_matching(&adj_must, &mut sym_owner);
        for (k, o) in sym_owner.iter().enumerate() {
            if let Some(m) = o {
                let c = cubes.iter().position(|&i| i == must_single[*m])?;
                owner[c] = Some(k);
            }
        }
        let adj: Vec<Vec<usize>> = single_syms
            .iter()
            .map(|&j| {
                (0..cubes.len())
                    .filter(|&c| self.compatible(self.pool[cubes[c]], &occs[j]))
                    .collect()
            })
            .collect();
        grow_matching(&adj, &mut owner);
        for (c, o) in owner.iter().enumerate() {
            if let Some(k) = o {
                out[single_syms[*k]] = Some(cubes[c]);
            }
        }
        let out: Option<Vec<usize>> = out.into_iter().collect();
        let out = out?;
        // Every must cube is used (the augmenting paths kept them matched).
        must.iter().all(|i| out.contains(i)).then_some(out)
    }

    fn placement(&self, choice: Choice, relax: Relax) -> Option<Vec<(usize, usize)>> {
        // Placements of each Required Cube variation's cube: (part, cube).
        let mut options: Vec<Vec<(usize, usize)>> = Vec::new();
        if !relax.required_variation {
            for &x in &self.rules.required_cubes {
                let mut opts: Vec<(usize, usize)> = Vec::new();
                for (p, _) in self.parts.iter().enumerate() {
                    let mut seen: Vec<Section> = Vec::new();
                    for i in 0..self.pool.len() {
                        let c = self.pool[i];
                        if c.face == x && self.available(i, choice) && !seen.contains(&c.section) {
                            seen.push(c.section);
                            opts.push((p, i));
                        }
                    }
                }
                if opts.is_empty() {
                    return None;
                }
                options.push(opts);
            }
        }
        let mut idx = vec![0usize; options.len()];
        loop {
            let placed: Vec<(usize, usize)> = idx
                .iter()
                .enumerate()
                .map(|(k, &i)| options[k][i])
                .collect();
            let ok = self.parts.iter().enumerate().all(|(p, (kind, occs))| {
                let mut must: Vec<usize> = if relax.required_section {
                    Vec::new()
                } else {
                    self.must(*kind)
                };
                for &(pp, i) in &placed {
                    if pp == p && !must.contains(&i) {
                        must.push(i);
                    }
                }
                self.part_feasible(occs, choice, &must)
            });
            if ok {
                return Some(placed);
            }
            let mut k = 0;
            loop {
                if k == idx.len() {
                    return None;
                }
                idx[k] += 1;
                if idx[k] < options[k].len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
        }
    }

    fn part_feasible(&self, occs: &[Written], choice: Choice, must: &[usize]) -> bool {
        let avail: Vec<usize> = (0..self.pool.len())
            .filter(|&i| self.available(i, choice))
            .collect();
        if must.iter().any(|i| !avail.contains(i)) {
            return false;
        }
        let reusable = |i: usize| {
            self.rules.multiple_operations && self.stands_for(self.pool[i]).is_operation()
        };
        if self.rules.multiple_operations {
            // Operation symbols: each needs some usable operation cube (reusable);
            // each operation cube that must be used needs its own symbol.
            let (ops, sets): (Vec<&Written>, Vec<&Written>) =
                occs.iter().partition(|w| w.meaning.is_operation());
            if ops.iter().any(|w| {
                !avail
                    .iter()
                    .any(|&i| reusable(i) && self.compatible(self.pool[i], w))
            }) {
                return false;
            }
            let must_ops: Vec<usize> = must.iter().copied().filter(|&i| reusable(i)).collect();
            if !self.saturates_cubes(&must_ops, &ops) {
                return false;
            }
            let single: Vec<usize> = avail.iter().copied().filter(|&i| !reusable(i)).collect();
            let must_sets: Vec<usize> = must.iter().copied().filter(|&i| !reusable(i)).collect();
            self.saturates_symbols(&sets, &single) && self.saturates_cubes(&must_sets, &sets)
        } else {
            let all: Vec<&Written> = occs.iter().collect();
            self.saturates_symbols(&all, &avail) && self.saturates_cubes(must, &all)
        }
    }

    /// A matching that gives every written symbol its own cube exists.
    fn saturates_symbols(&self, occs: &[&Written], cubes: &[usize]) -> bool {
        if occs.len() > cubes.len() {
            return false;
        }
        let adj: Vec<Vec<usize>> = occs
            .iter()
            .map(|w| {
                (0..cubes.len())
                    .filter(|&j| self.compatible(self.pool[cubes[j]], w))
                    .collect()
            })
            .collect();
        max_matching(&adj, cubes.len()) == occs.len()
    }

    /// A matching that gives every cube in `must` its own written symbol exists.
    fn saturates_cubes(&self, must: &[usize], occs: &[&Written]) -> bool {
        if must.len() > occs.len() {
            return false;
        }
        let adj: Vec<Vec<usize>> = must
            .iter()
            .map(|&i| {
                (0..occs.len())
                    .filter(|&j| self.compatible(self.pool[i], occs[j]))
                    .collect()
            })
            .collect();
        max_matching(&adj, occs.len()) == must.len()
    }

    /// Every violation of the cube rules, each with its reason.
    pub fn diagnose(&self) -> Vec<Violation> {
        let none = Relax::default();
        if self.feasible(none) {
            return Vec::new();
        }
        let all = Relax {
            required_section: true,
            resources: true,
            required_variation: true,
        };
        if !self.feasible(all) {
            return self.unavailable();
        }
        let now = self.position.situation() == Situation::Now;
        let mut out = Vec::new();
        let only_resources = Relax {
            resources: true,
            ..none
        };
        let only_required = Relax {
            required_section: true,
            ..none
        };
        let only_variation = Relax {
            required_variation: true,
            ..none
        };
        let single = [
            (now && self.feasible(only_resources), 0),
            (self.feasible(only_required), 1),
            (self.feasible(only_variation), 2),
        ];
        let mut which: Vec<usize> = single
            .iter()
            .filter(|(ok, _)| *ok)
            .map(|(_, k)| *k)
            .collect();
        if which.is_empty() {
            if now
                && !self.feasible(Relax {
                    resources: false,
                    ..all
                })
            {
                which.push(0);
            }
            if !self.feasible(Relax {
                required_section: false,
                ..all
            }) {
                which.push(1);
            }
            if !self.feasible(Relax {
                required_variation: false,
                ..all
            }) {
                which.push(2);
            }
        }
        for k in which {
            match k {
                0 => out.push(Violation::new(
                    ViolationKind::NowResources,
                    "VII-B-4-e",
                    "after a Now challenge a Solution may use at most one cube from Resources (the same cube may serve both parts)",
                )),
                1 => out.push(self.required_unused()),
                _ => {
                    let before = out.len();
                    for &x in &self.rules.required_cubes {
                        let single = InForce { required_cubes: vec![x], ..self.rules.clone() };
                        let probe = CubeUse {
                            position: self.position,
                            rules: &single,
                            pool: self.pool.clone(),
                            wild_meaning: self.wild_meaning.clone(),
                            parts: self.parts.clone(),
                        };
                        if !probe.feasible(Relax { required_variation: false, ..all }) {
                            out.push(required_cube_violation(x));
                        }
                    }
                    if out.len() == before {
                        out.extend(self.rules.required_cubes.iter().map(|&x| required_cube_violation(x)));
                    }
                }
            }
        }
        out.dedup();
        out
    }

    fn required_unused(&self) -> Violation {
        let mut missing: Vec<String> = Vec::new();
        for (kind, occs) in &self.parts {
            let must = self.must(*kind);
            let mut faces: Vec<Symbol> = Vec::new();
            for &i in &must {
                let c = self.pool[i];
                let need = must
                    .iter()
                    .filter(|&&j| self.pool[j].face == c.face)
                    .count();
                let have = occs.iter().filter(|w| self.compatible(c, w)).count();
                if have < need && !faces.contains(&c.face) {
                    faces.push(c.face);
                    missing.push(format!("{} in {}", c.face, kind.name()));
                }
            }
        }
        let detail = if missing.is_empty() {
            String::from("the Required cubes")
        } else {
            missing.join(", ")
        };
        Violation::new(
            ViolationKind::RequiredUnused,
            "VII-B-4-b",
            format!("every cube in Required must be used (in the Restriction part if there is one, and all but = and ⊆ in the Set-Name): missing {detail}"),
        )
    }

    fn unavailable(&self) -> Vec<Violation> {
        let mut out = Vec::new();
        let usable = |i: usize| self.available(i, Choice::All);
        for (kind, occs) in &self.parts {
            let mut done: Vec<Symbol> = Vec::new();
            for w in occs {
                if done.contains(&w.meaning) && w.cube.is_none() {
                    continue;
                }
                done.push(w.meaning);
                let same: Vec<&Written> = occs
                    .iter()
                    .filter(|v| v.meaning == w.meaning && v.cube == w.cube)
                    .collect();
                let cubes: Vec<usize> = (0..self.pool.len())
                    .filter(|&i| self.compatible(self.pool[i], w))
                    .collect();
                let usable_n = cubes.iter().filter(|&&i| usable(i)).count();
                let reusable = self.rules.multiple_operations && w.meaning.is_operation();
                let need = if reusable { 1 } else { same.len() };
                if usable_n >= need {
                    continue;
                }
                let what = match w.cube {
                    Some(c) => format!("{w} (a {c} cube)"),
                    None => w.meaning.to_string(),
                };
                let forbidden = cubes
                    .iter()
                    .any(|&i| self.pool[i].section == Section::Forbidden);
                let in_resources = cubes
                    .iter()
                    .any(|&i| self.pool[i].section == Section::Resources);
                // Cubes showing the symbol that are wild and stand for something
                // else in this Solution (XIII-A-2: one symbol throughout).
                let taken: Vec<(Symbol, Symbol)> = self
                    .wild_meaning
                    .iter()
                    .copied()
                    .filter(|&(face, m)| {
                        self.rules.same_class(w.meaning, face)
                            && !self.rules.same_class(w.meaning, m)
                            && w.cube.is_none_or(|c| c == face)
                    })
                    .collect();
                if let Some(&(face, m)) = taken.first() {
                    out.push(Violation::new(
                        ViolationKind::WildInconsistent,
                        "XIII-A-2",
                        format!(
                            "{} uses {what}, but the wild {face} cubes stand for {m} in this Solution: a wild cube stands for the same symbol throughout",
                            kind.name()
                        ),
                    ));
                    continue;
                }
                if usable_n == 0 && forbidden {
                    out.push(Violation::new(
                        ViolationKind::ForbiddenCube,
                        "VII-B-4-d",
                        format!(
                            "{} uses {what}, but the only cube that can be {} is in Forbidden",
                            kind.name(),
                            w.meaning
                        ),
                    ));
                } else if usable_n == 0 && w.cube.is_some() {
                    out.push(Violation::new(
                        ViolationKind::CubeUnavailable,
                        "VII-B-4",
                        format!(
                            "{} uses {what}, but no usable {} cube can stand for {} here",
                            kind.name(),
                            w.cube.unwrap_or(w.meaning),
                            w.meaning
                        ),
                    ));
                } else if usable_n == 0 {
                    let where_ = if in_resources && self.position.situation() == Situation::Forceout
                    {
                        " (Resources is empty in a forceout)"
                    } else {
                        ""
                    };
                    out.push(Violation::new(
                        ViolationKind::CubeUnavailable,
                        "VII-B-4",
                        format!("{} uses {what}, but no cube on the mat or usable from Resources can be {}{where_}", kind.name(), w.meaning),
                    ));
                } else if forbidden {
                    out.push(Violation::new(
                        ViolationKind::ForbiddenCube,
                        "VII-B-4-d",
                        format!(
                            "{} uses {what} {} times, but only {usable_n} usable cube(s) can be {}: the other is in Forbidden, and within a part each cube is used once (ruling 3)",
                            kind.name(),
                            same.len(),
                            w.meaning
                        ),
                    ));
                } else {
                    out.push(Violation::new(
                        ViolationKind::CubeUnavailable,
                        "VII-B-4",
                        format!(
                            "{} uses {what} {} times, but only {usable_n} usable cube(s) can be {}; within a part each cube is used once (ruling 3)",
                            kind.name(),
                            same.len(),
                            w.meaning
                        ),
                    ));
                }
            }
        }
        if out.is_empty() {
            out.push(Violation::new(
                ViolationKind::CubeUnavailable,
                "VII-B-4",
                "no assignment of the cubes on the mat (and the Resources the situation allows) builds this Solution: some symbols compete for the same cubes",
            ));
        }
        out
    }
}

fn required_cube_violation(x: Symbol) -> Violation {
    Violation::new(
        ViolationKind::RequiredCube,
        "XIII-A-1",
        format!("the Solution must contain a {x} cube; a wild cube standing for {x} does not count (OS-A7, ruling 5)"),
    )
}

/// Grows `owner` (right vertex → left vertex) by augmenting paths from every
/// unmatched left vertex; matched vertices stay matched.
fn grow_matching(adj: &[Vec<usize>], owner: &mut [Option<usize>]) {
    fn augment(
        u: usize,
        adj: &[Vec<usize>],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for &v in &adj[u] {
            if seen[v] {
                continue;
            }
            seen[v] = true;
            if owner[v].is_none_or(|w| augment(w, adj, seen, owner)) {
                owner[v] = Some(u);
                return true;
            }
        }
        false
    }
    for u in 0..adj.len() {
        if owner.contains(&Some(u)) {
            continue;
        }
        let mut seen = vec![false; owner.len()];
        augment(u, adj, &mut seen, owner);
    }
}

/// Size of a maximum bipartite matching (Kuhn's augmenting paths).
fn max_matching(adj: &[Vec<usize>], right: usize) -> usize {
    fn augment(
        u: usize,
        adj: &[Vec<usize>],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for &v in &adj[u] {
            if seen[v] {
                continue;
            }
            seen[v] = true;
            if owner[v].is_none_or(|w| augment(w, adj, seen, owner)) {
                owner[v] = Some(u);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; right];
    let mut n = 0;
    for u in 0..adj.len() {
        let mut seen = vec![false; right];
        if augment(u, adj, &mut seen, &mut owner) {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::max_matching;

    #[test]
    fn matching_sizes() {
        assert_eq!(max_matching(&[vec![0, 1], vec![0], vec![1]], 2), 2);
        assert_eq!(max_matching(&[vec![0], vec![0]], 2), 1);
        assert_eq!(max_matching(&[], 3), 0);
    }
}
