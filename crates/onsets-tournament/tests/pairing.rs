//! Properties of pairing (I-A: two- or three-player matches), checked
//! against a brute force over every seating for small events.

use onsets_tournament::match_points::from_scores;
use onsets_tournament::pairing::table_sizes;
use onsets_tournament::{Event, FirstRound};
use proptest::prelude::*;
use std::collections::{BTreeMap, HashSet};

/// Every seating of `people` at tables of `sizes` (a multiset), brute force.
fn all_seatings(people: &[usize], threes: usize, twos: usize) -> Vec<Vec<Vec<usize>>> {
    let Some((&head, rest)) = people.split_first() else {
        return vec![vec![]];
    };
    let mut out = Vec::new();
    let mut recurse = |table: Vec<usize>, th: usize, tw: usize| {
        let left: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|p| !table.contains(p))
            .collect();
        for mut s in all_seatings(&left, th, tw) {
            s.push(table.clone());
            out.push(s);
        }
    };
    if threes > 0 {
        for (i, a) in rest.iter().enumerate() {
            for b in &rest[i + 1..] {
                recurse(vec![head, *a, *b], threes - 1, twos);
            }
        }
    }
    if twos > 0 {
        for a in rest {
            recurse(vec![head, *a], threes, twos - 1);
        }
    }
    out
}

fn pairs(tables: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for t in tables {
        for (i, a) in t.iter().enumerate() {
            for b in &t[i + 1..] {
                v.push((*a.min(b), *a.max(b)));
            }
        }
    }
    v
}

fn cost(
    tables: &[Vec<usize>],
    met: &HashSet<(usize, usize)>,
    team: &[Option<u8>],
    teams_apart: bool,
) -> (usize, usize) {
    let ps = pairs(tables);
    let repeats = ps.iter().filter(|p| met.contains(p)).count();
    let mates = ps
        .iter()
        .filter(|(a, b)| teams_apart && team[*a].is_some() && team[*a] == team[*b])
        .count();
    (repeats, mates)
}

/// Plays a round with made-up scores.
fn finish(e: &mut Event, scores: &[i64]) {
    let round = e.paired.last().unwrap().clone();
    for t in &round.tables {
        let s: Vec<Option<i64>> = t
            .players
            .iter()
            .map(|p| Some(scores[(p * 7 + round.round as usize) % scores.len()]))
            .collect();
        let mp = from_scores(&s);
        let map: BTreeMap<String, u8> = t
            .players
            .iter()
            .zip(mp)
            .map(|(p, m)| (e.entries[*p].name.clone(), m))
            .collect();
        e.record_result(round.round, t.table, &map, None).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every entry is seated exactly once a round (or has the bye), tables
    /// have three players where possible, then two, and no seating of the
    /// brute force has fewer repeated meetings (then fewer team-mates
    /// together while teams are kept apart) than the one chosen.
    #[test]
    fn pairing_is_complete_sized_and_least_repeating(
        n in 2usize..=8,
        rounds in 1u32..=5,
        seed in any::<u64>(),
        by_seed in any::<bool>(),
        teams in proptest::collection::vec(proptest::option::of(0u8..3), 8),
        scores in proptest::collection::vec(-10i64..60, 1..9),
    ) {
        let first = if by_seed { FirstRound::Seeds } else { FirstRound::Random(seed) };
        let mut e = Event::new("Test", "Junior".parse().unwrap(), rounds, first).unwrap();
        for (i, t) in teams.iter().take(n).enumerate() {
            let team = t.map(|t| format!("Team {t}"));
            e.add_entry(&format!("P{i}"), team.as_deref()).unwrap();
        }
        let team: Vec<Option<u8>> = teams[..n].to_vec();
        for r in 1..=rounds {
            let met = e.met();
            let round = e.pair_next_round().unwrap().clone();
            prop_assert_eq!(round.round, r);
            let mut seen: Vec<usize> = round.tables.iter().flat_map(|t| t.players.clone()).collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
            let mut sizes: Vec<usize> = round.tables.iter().map(|t| t.players.len()).collect();
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            prop_assert_eq!(&sizes, &table_sizes(n).0);
            let tables: Vec<Vec<usize>> = round.tables.iter().map(|t| t.players.clone()).collect();
            let apart = r <= rounds.div_ceil(2);
            let chosen = cost(&tables, &met, &team, apart);
            let threes = sizes.iter().filter(|s| **s == 3).count();
            let best = all_seatings(&(0..n).collect::<Vec<_>>(), threes, sizes.len() - threes)
                .iter()
                .map(|s| cost(s, &met, &team, apart))
                .min()
                .unwrap();
            prop_assert_eq!(chosen, best);
            finish(&mut e, &scores);
        }
        prop_assert!(e.pair_next_round().is_err());
    }

    /// Larger events: complete and sized, and nobody meets again while the
    /// standings leave another seating (few rounds, many entries).
    #[test]
    fn large_events_never_repeat_in_three_rounds(n in 12usize..=60, seed in any::<u64>()) {
        let mut e = Event::new("Big", "Senior".parse().unwrap(), 3, FirstRound::Random(seed)).unwrap();
        for i in 0..n {
            e.add_entry(&format!("P{i}"), None).unwrap();
        }
        for _ in 0..3 {
            let met = e.met();
            let round = e.pair_next_round().unwrap().clone();
            let tables: Vec<Vec<usize>> = round.tables.iter().map(|t| t.players.clone()).collect();
            prop_assert_eq!(tables.iter().map(Vec::len).sum::<usize>(), n);
            prop_assert!(pairs(&tables).iter().all(|p| !met.contains(p)));
            finish(&mut e, &[30, 10, 20, 0, 40]);
        }
    }
}

#[test]
fn ten_entries_are_seated_three_three_two_two() {
    let mut e = Event::new("Ten", "Middle".parse().unwrap(), 1, FirstRound::Seeds).unwrap();
    for i in 1..=10 {
        e.add_entry(&format!("Seed {i}"), None).unwrap();
    }
    let r = e.pair_next_round().unwrap();
    let sizes: Vec<usize> = r.tables.iter().map(|t| t.players.len()).collect();
    assert_eq!(sizes, vec![3, 3, 2, 2]);
    // By seed order the four top seeds head the four tables.
    let heads: Vec<usize> = r.tables.iter().map(|t| t.players[0]).collect();
    assert_eq!(heads, vec![0, 1, 2, 3]);
    assert_eq!(r.bye, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A withdrawn entry is never seated again and every other entry is
    /// seated once a round; the withdrawn entry keeps its line (and its
    /// points) in the standings.
    #[test]
    fn withdrawn_entries_are_not_paired_but_stay_in_the_standings(
        n in 4usize..=12,
        seed in any::<u64>(),
        by_seed in any::<bool>(),
        out in proptest::collection::vec(any::<proptest::sample::Index>(), 1..3),
    ) {
        let first = if by_seed { FirstRound::Seeds } else { FirstRound::Random(seed) };
        let mut e = Event::new("Test", "Junior".parse().unwrap(), 3, first).unwrap();
        for i in 0..n {
            e.add_entry(&format!("P{i}"), None).unwrap();
        }
        let mut gone = std::collections::BTreeSet::new();
        for (r, o) in out.iter().enumerate() {
            // Withdrawals before round 1 (r = 0) and after it.
            let w = o.index(n);
            if gone.insert(w) {
                e.withdraw(&format!("p{w}")).unwrap();
            } else {
                let again = e.withdraw(&format!("P{w}"));
                prop_assert!(again.is_err());
            }
            let round = e.pair_next_round().unwrap().clone();
            let mut seen: Vec<usize> = round.tables.iter().flat_map(|t| t.players.clone()).collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            let expected: Vec<usize> = (0..n).filter(|i| !gone.contains(i)).collect();
            prop_assert_eq!(seen, expected, "round {}", r + 1);
            for t in &round.tables {
                prop_assert!(t.players.len() == 2 || t.players.len() == 3);
                let mp: BTreeMap<String, u8> = t.players.iter().zip([6u8, 4, 2])
                    .map(|(p, m)| (format!("P{p}"), m))
                    .collect();
                e.record_result(round.round, t.table, &mp, None).unwrap();
            }
        }
        let st = onsets_tournament::standings(&e);
        prop_assert_eq!(st.len(), n);
        for s in &st {
            prop_assert_eq!(s.withdrawn, gone.contains(&s.entry));
        }
    }
}
