//! The matching-based cube accounting (`cubes.rs`) against a brute force that
//! tries every assignment of pool cubes to written symbols and checks the
//! rules of VII-B-4 and the variations directly.

use onsets_core::cubes::{CubeUse, PartKind, Relax};
use onsets_core::solution::Written;
use onsets_core::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

const SYMBOLS: [Symbol; 12] = Symbol::NON_DIGIT;

fn sym() -> impl Strategy<Value = Symbol> {
    (0..SYMBOLS.len()).prop_map(|i| SYMBOLS[i])
}

fn section_list(max: usize) -> impl Strategy<Value = Vec<Symbol>> {
    proptest::collection::vec(sym(), 0..=max)
}

fn variation() -> impl Strategy<Value = Variation> {
    prop_oneof![
        sym()
            .prop_filter("not = ⊆", |s| !s.is_relation())
            .prop_map(Variation::WildCube),
        sym().prop_map(Variation::RequiredCube),
        Just(Variation::UnionIntersectionInterchangeable),
        Just(Variation::UniverseEmptyInterchangeable),
        Just(Variation::MultipleOperations),
    ]
}

fn situation() -> impl Strategy<Value = Situation> {
    prop_oneof![
        Just(Situation::Now),
        Just(Situation::Impossible),
        Just(Situation::EndOfRound)
    ]
}

/// Whether lists of cubes keep to the kit (I-B-2): every position is
/// validated, so the generators keep to it.
fn lists_fit_kit(lists: [&[Symbol]; 4]) -> bool {
    [
        CubeFamily::Color,
        CubeFamily::Operation,
        CubeFamily::Restriction,
    ]
    .into_iter()
    .all(|f| {
        lists
            .iter()
            .flat_map(|l| l.iter())
            .filter(|s| s.family() == f)
            .count()
            <= f.kit_count()
    })
}

fn fits_kit(p: &Position) -> bool {
    [
        CubeFamily::Color,
        CubeFamily::Operation,
        CubeFamily::Restriction,
    ]
    .into_iter()
    .all(|f| p.all_cubes().filter(|(_, s)| s.family() == f).count() <= f.kit_count())
}

/// A written symbol: usually the face of a cube of the position (so that many
/// cases are feasible), sometimes any symbol; sometimes annotated.
fn pick(faces: Vec<Symbol>, relations: bool) -> impl Strategy<Value = Written> {
    let n = faces.len().max(1);
    (0..n, sym(), 0..10u8, sym()).prop_filter_map(
        "relations only in Restrictions",
        move |(i, any, roll, ann)| {
            let meaning = if roll < 7 && !faces.is_empty() {
                faces[i]
            } else {
                any
            };
            if meaning.is_relation() && !relations {
                return None;
            }
            let cube = if roll == 9 {
                Some(ann)
            } else if roll == 8 && !faces.is_empty() {
                Some(faces[i])
            } else {
                None
            };
            Some(Written {
                meaning,
                cube,
                pos: Default::default(),
            })
        },
    )
}

fn case() -> impl Strategy<Value = (Position, Vec<(PartKind, Vec<Written>)>)> {
    (
        section_list(2),
        section_list(3),
        section_list(2),
        section_list(3),
        proptest::collection::vec(variation(), 0..3),
        situation(),
    )
        .prop_filter("the kit (I-B-2)", |(req, per, forb, res, _, _)| {
            lists_fit_kit([req, per, forb, res])
        })
        .prop_flat_map(|(req, per, forb, res, vars, sit)| {
            let faces: Vec<Symbol> = req
                .iter()
                .chain(per.iter())
                .chain(res.iter())
                .copied()
                .collect();
            let position = Position::new(PositionSetup {
                edition: Edition::default(),
                division: Division::Middle,
                adventurous: true,
                universe: CardSet::parse("B R G Y BR").unwrap(),
                goal: Goal::parse("1").unwrap(),
                required: CubeList::new(req),
                permitted: CubeList::new(per),
                forbidden: CubeList::new(forb),
                resources: CubeList::new(res),
                variations: vars,
                situation: sit,
            })
            .expect("the generator keeps to the kit (I-B-2)");
            (
                Just(position),
                proptest::collection::vec(pick(faces.clone(), true), 0..4),
                proptest::collection::vec(pick(faces, false), 1..5),
            )
        })
        .prop_map(|(position, restr, name)| {
            let mut parts = Vec::new();
            if !restr.is_empty() {
                parts.push((PartKind::Restrictions, restr));
            }
            parts.push((PartKind::SetName, name));
            (position, parts)
        })
}

/// Tries every assignment (symbol → pool cube) and checks the rules directly.
fn brute_force(u: &CubeUse) -> bool {
    let rules = u.rules;
    let pool = &u.pool;
    let wild_of = |face: Symbol| {
        u.wild_meaning
            .iter()
            .find(|(f, _)| *f == face)
            .map(|(_, m)| *m)
    };
    let can_be = |c: &PoolCube, w: &Written| -> bool {
        if w.cube.is_some_and(|a| a != c.face) {
            return false;
        }
        let target = wild_of(c.face).unwrap_or(c.face);
        w.meaning == target || rules.interchangeable(w.meaning, target)
    };
    let occs: Vec<(usize, Written)> = u
        .parts
        .iter()
        .enumerate()
        .flat_map(|(p, (_, ws))| ws.iter().map(move |w| (p, *w)))
        .collect();
    let n = pool.len();
    if n == 0 {
        return occs.is_empty();
    }
    let mut assign = vec![0usize; occs.len()];
    loop {
        if valid(u, &occs, &assign, &can_be) {
            return true;
        }
        let mut k = 0;
        loop {
            if k == assign.len() {
                return false;
            }
            assign[k] += 1;
            if assign[k] < n {
                break;
            }
            assign[k] = 0;
            k += 1;
        }
    }
}

use onsets_core::cubes::PoolCube;

fn valid(
    u: &CubeUse,
    occs: &[(usize, Written)],
    assign: &[usize],
    can_be: &dyn Fn(&PoolCube, &Written) -> bool,
) -> bool {
    let rules = u.rules;
    let pool = &u.pool;
    let stands = |i: usize| {
        u.wild_meaning
            .iter()
            .find(|(f, _)| *f == pool[i].face)
            .map(|(_, m)| *m)
            .unwrap_or(pool[i].face)
    };
    let mut resources_used: Vec<usize> = Vec::new();
    for (k, (p, w)) in occs.iter().enumerate() {
        let i = assign[k];
        let c = &pool[i];
        if !can_be(c, w) {
            return false;
        }
        match c.section {
            Section::Forbidden | Section::Goal => return false,
            Section::Resources => {
                if u.position.situation() == Situation::Forceout {
                    return false;
                }
                if !resources_used.contains(&i) {
                    resources_used.push(i);
                }
            }
            _ => {}
        }
        // within a part, each cube once unless it is an operation under Multiple Operations
        let reusable = rules.multiple_operations && stands(i).is_operation();
        if !reusable
            && occs
                .iter()
                .enumerate()
                .any(|(j, (q, _))| j != k && q == p && assign[j] == i)
        {
            return false;
        }
    }
    if u.position.situation() == Situation::Now && resources_used.len() > 1 {
        return false;
    }
    // Required cubes (VII-B-4-b)
    for (p, (kind, _)) in u.parts.iter().enumerate() {
        for (i, cube) in pool.iter().enumerate() {
            if cube.section != Section::Required {
                continue;
            }
            // B19: a Required wild = or ⊆ must be used in the Set-Name too
            // (B19 VII-B-2-b: "all the cubes in Required").
            if *kind == PartKind::SetName && stands(i).is_relation() && !rules.wild_relations {
                continue;
            }
            if !occs
                .iter()
                .enumerate()
                .any(|(k, (q, _))| *q == p && assign[k] == i)
            {
                return false;
            }
        }
    }
    // Required Cube variation: a cube showing the symbol somewhere
    for &x in &rules.required_cubes {
        if !assign.iter().any(|&i| pool[i].face == x) {
            return false;
        }
    }
    true
}

static FEASIBLE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, max_global_rejects: 100_000, max_local_rejects: 1_000_000, ..ProptestConfig::default() })]

    #[test]
    fn vii_b_4_matching_agrees_with_brute_force((position, parts) in case()) {
        prop_assume!(fits_kit(&position));
        let rules = InForce::of(&position);
        let (u, errors) = CubeUse::new(&position, &rules, parts);
        prop_assume!(errors.is_empty());
        let fast = u.feasible(Relax::default());
        let slow = brute_force(&u);
        if fast {
            FEASIBLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        prop_assert_eq!(fast, slow, "position {}\nparts {:?}", position.to_json(), u.parts);
        // The witness `onsets check --explain` shows (docs/notation.md, "Explanations") exists
        // exactly when the accounting succeeds, and obeys every rule.
        match u.assignment() {
            None => prop_assert!(!fast, "feasible, but no assignment"),
            Some(a) => {
                prop_assert!(fast, "an assignment of an infeasible case");
                let assign = indices(&u, &a);
                let occs: Vec<(usize, Written)> = u
                    .parts
                    .iter()
                    .enumerate()
                    .flat_map(|(p, (_, ws))| ws.iter().map(move |w| (p, *w)))
                    .collect();
                let rules = u.rules;
                let wild_of = |face: Symbol| u.wild_meaning.iter().find(|(f, _)| *f == face).map(|(_, m)| *m);
                let can_be = |c: &PoolCube, w: &Written| -> bool {
                    if w.cube.is_some_and(|a| a != c.face) {
                        return false;
                    }
                    let target = wild_of(c.face).unwrap_or(c.face);
                    w.meaning == target || rules.interchangeable(w.meaning, target)
                };
                prop_assert!(valid(&u, &occs, &assign, &can_be), "invalid witness {:?} for {}\nparts {:?}", a, position.to_json(), u.parts);
            }
        }
    }
}

/// MLAG Basic 2019-20 (B19 I-B-2-d-iii): the = cubes are wild sets and the
/// ⊆ cubes wild operations; a Set-Name only. Written symbols are often on
/// the wild cubes (`R@=`, `∪@⊆`).
fn b19_case() -> impl Strategy<Value = (Position, Vec<(PartKind, Vec<Written>)>)> {
    (
        section_list(2),
        section_list(3),
        section_list(2),
        section_list(3),
        situation(),
    )
        .prop_filter("the kit (I-B-2)", |(req, per, forb, res, _)| {
            lists_fit_kit([req, per, forb, res])
        })
        .prop_flat_map(|(req, per, forb, res, sit)| {
            let faces: Vec<Symbol> = req
                .iter()
                .chain(per.iter())
                .chain(res.iter())
                .copied()
                .filter(|s| !s.is_relation())
                .collect();
            let position = Position::new(PositionSetup {
                edition: Edition::Mlag2019,
                division: Division::Senior,
                adventurous: false,
                universe: CardSet::parse("B R G Y BR").unwrap(),
                goal: Goal::parse("1").unwrap(),
                required: CubeList::new(req),
                permitted: CubeList::new(per),
                forbidden: CubeList::new(forb),
                resources: CubeList::new(res),
                variations: Vec::new(),
                situation: sit,
            })
            .expect("the generator keeps to the kit (I-B-2)");
            let written = (pick(faces, false), 0..3u8).prop_map(|(mut w, roll)| {
                if roll == 0 {
                    w.cube = Some(if w.meaning.is_set() {
                        Symbol::Equals
                    } else {
                        Symbol::Subset
                    });
                }
                w
            });
            (Just(position), proptest::collection::vec(written, 1..5))
        })
        .prop_map(|(position, name)| (position, vec![(PartKind::SetName, name)]))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, max_global_rejects: 100_000, max_local_rejects: 1_000_000, ..ProptestConfig::default() })]

    #[test]
    fn b19_i_b_2_d_iii_matching_agrees_with_brute_force((position, parts) in b19_case()) {
        prop_assume!(fits_kit(&position));
        let rules = InForce::of(&position);
        prop_assert!(rules.wild_relations);
        let (u, errors) = CubeUse::new(&position, &rules, parts);
        prop_assume!(errors.is_empty());
        prop_assert_eq!(u.feasible(Relax::default()), brute_force(&u), "position {}\nparts {:?}", position.to_json(), u.parts);
    }
}

/// Pool indices for an assignment of (face, section) cubes: within a part the
/// k-th use of a kind of cube takes the k-th cube of that kind (the last one
/// again for a reusable Required operation cube, the first for other
/// reusable ones); the same cube in both parts is the
/// same index (the one Resources cube after Now is the first of its face).
fn indices(u: &CubeUse, a: &[Vec<PoolCube>]) -> Vec<usize> {
    let mut out = Vec::new();
    for cubes in a {
        let mut seen: Vec<PoolCube> = Vec::new();
        for c in cubes {
            let k = seen.iter().filter(|x| *x == c).count();
            seen.push(*c);
            let same: Vec<usize> = (0..u.pool.len()).filter(|&i| u.pool[i] == *c).collect();
            let stands = u
                .wild_meaning
                .iter()
                .find(|(f, _)| *f == c.face)
                .map(|(_, m)| *m)
                .unwrap_or(c.face);
            let reusable = u.rules.multiple_operations && stands.is_operation();
            // A reusable cube outside Required serves every use (after Now
            // only one Resources cube may be used); Required ones are spread
            // so that each is used (VII-B-4-b).
            let k = if reusable && c.section != Section::Required {
                0
            } else {
                k
            };
            out.push(same[k.min(same.len() - 1)]);
        }
    }
    out
}

/// The generator must produce feasible and infeasible cases in good numbers,
/// or the agreement above would prove little.
#[test]
fn generator_produces_feasible_cases() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut feasible = 0;
    let mut total = 0;
    for _ in 0..3000 {
        let (position, parts) = case().new_tree(&mut runner).unwrap().current();
        if !fits_kit(&position) {
            continue;
        }
        let rules = InForce::of(&position);
        let (u, errors) = CubeUse::new(&position, &rules, parts);
        if !errors.is_empty() {
            continue;
        }
        total += 1;
        if brute_force(&u) {
            feasible += 1;
        }
    }
    assert!(
        feasible * 10 > total,
        "only {feasible} of {total} cases are feasible"
    );
    assert!(
        feasible * 10 < total * 9,
        "{feasible} of {total} cases are feasible"
    );
}

/// The B19 generator produces feasible cases, some using a wild cube.
#[test]
fn b19_generator_produces_feasible_cases() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut feasible, mut wild, mut total) = (0, 0, 0);
    for _ in 0..2000 {
        let (position, parts) = b19_case().new_tree(&mut runner).unwrap().current();
        if !fits_kit(&position) {
            continue;
        }
        let rules = InForce::of(&position);
        let (u, errors) = CubeUse::new(&position, &rules, parts);
        if !errors.is_empty() {
            continue;
        }
        total += 1;
        if brute_force(&u) {
            feasible += 1;
            if u.parts[0]
                .1
                .iter()
                .any(|w| w.cube.is_some_and(|c| c.is_relation()))
            {
                wild += 1;
            }
        }
    }
    assert!(feasible * 20 > total, "only {feasible} of {total} feasible");
    assert!(wild > 10, "only {wild} feasible cases use a wild cube");
}
