//! Results (XII-A, XII-B) and standings.

use onsets_tournament::{standings, team_standings, Event, EventError, FirstRound};
use std::collections::BTreeMap;

fn pts(v: &[(&str, u8)]) -> BTreeMap<String, u8> {
    v.iter().map(|(n, p)| (n.to_string(), *p)).collect()
}

fn event() -> Event {
    let mut e = Event::new("Club", "Middle".parse().unwrap(), 2, FirstRound::Seeds).unwrap();
    for (n, t) in [
        ("Ann", Some("Reds")),
        ("Bo", Some("Blues")),
        ("Cy", Some("Reds")),
        ("Di", None),
    ] {
        e.add_entry(n, t).unwrap();
    }
    e
}

#[test]
fn xii_a_impossible_match_points_are_refused_with_the_field() {
    let mut e = event();
    let r = e.pair_next_round().unwrap().clone();
    let t = &r.tables[0];
    let names: Vec<String> = t
        .players
        .iter()
        .map(|p| e.entries[*p].name.clone())
        .collect();
    let err = e
        .record_result(1, 1, &pts(&[(&names[0], 6), (&names[1], 6)]), None)
        .unwrap_err();
    assert!(matches!(err, EventError::Impossible(_)));
    assert_eq!(err.field(), "match_points");
    let err = e
        .record_result(1, 1, &pts(&[(&names[0], 6)]), None)
        .unwrap_err();
    assert_eq!(err, EventError::Missing(names[1].clone()));
    let err = e
        .record_result(1, 1, &pts(&[(&names[0], 6), ("Nobody", 4)]), None)
        .unwrap_err();
    assert_eq!(err, EventError::NotAtTable("Nobody".into()));
    assert_eq!(
        e.record_result(1, 9, &pts(&[]), None).unwrap_err(),
        EventError::NoSuchTable { round: 1, table: 9 }
    );
    assert_eq!(
        e.record_result(2, 1, &pts(&[]), None).unwrap_err(),
        EventError::NoSuchRound(2)
    );
    // XII-B: the next round waits for every scoresheet.
    assert_eq!(
        e.pair_next_round().unwrap_err(),
        EventError::RoundUnfinished(1)
    );
}

#[test]
fn xii_a_scores_must_give_the_match_points() {
    let mut e = event();
    let r = e.pair_next_round().unwrap().clone();
    let names: Vec<String> = r.tables[0]
        .players
        .iter()
        .map(|p| e.entries[*p].name.clone())
        .collect();
    let scores: BTreeMap<String, i64> = [(names[0].clone(), 40), (names[1].clone(), 20)].into();
    let err = e
        .record_result(1, 1, &pts(&[(&names[0], 4), (&names[1], 6)]), Some(&scores))
        .unwrap_err();
    assert_eq!(err.field(), "scores");
    e.record_result(1, 1, &pts(&[(&names[0], 6), (&names[1], 4)]), Some(&scores))
        .unwrap();
}

#[test]
fn standings_order_by_match_points_then_shake_points_then_head_to_head() {
    let mut e = event();
    // Seeds: tables {Ann, Cy}? Teams apart in round 1 of 2: Ann and Cy are
    // both Reds, so they sit apart.
    let r = e.pair_next_round().unwrap().clone();
    for t in &r.tables {
        let a = &e.entries[t.players[0]].name.clone();
        let b = &e.entries[t.players[1]].name.clone();
        assert!(
            !(e.entries[t.players[0]].team.is_some()
                && e.entries[t.players[0]].team == e.entries[t.players[1]].team)
        );
        e.record_result(1, t.table, &pts(&[(a, 5), (b, 5)]), None)
            .unwrap();
    }
    let s = standings(&e);
    assert!(s
        .iter()
        .all(|x| x.match_points == 5 && x.head_to_head == 0.5));
    // Round 2: nobody meets again.
    let met = e.met();
    let r2 = e.pair_next_round().unwrap().clone();
    for t in &r2.tables {
        let (p, q) = (t.players[0], t.players[1]);
        assert!(!met.contains(&(p.min(q), p.max(q))));
        let (a, b) = (e.entries[p].name.clone(), e.entries[q].name.clone());
        e.record_result(2, t.table, &pts(&[(&a, 6), (&b, 4)]), None)
            .unwrap();
    }
    let s = standings(&e);
    assert_eq!(s[0].match_points, 11);
    assert_eq!(s[1].match_points, 11);
    assert_eq!(s[3].match_points, 9);
    assert_eq!(
        s.iter().map(|x| x.place).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    let teams = team_standings(&e);
    assert_eq!(teams.len(), 2);
    assert_eq!(teams[0].team, "Reds");
    assert!(teams[0].match_points >= teams[1].match_points);
    assert_eq!(
        e.pair_next_round().unwrap_err(),
        EventError::AllRoundsPaired(2)
    );
}

#[test]
fn head_to_head_breaks_a_tie_of_match_and_shake_points() {
    let mut e = Event::new("H2H", "Senior".parse().unwrap(), 1, FirstRound::Seeds).unwrap();
    for n in ["A", "B", "C"] {
        e.add_entry(n, None).unwrap();
    }
    e.pair_next_round().unwrap();
    e.record_result(1, 1, &pts(&[("A", 3), ("B", 6), ("C", 3)]), None)
        .unwrap();
    let s = standings(&e);
    assert_eq!(s[0].name, "B");
    assert_eq!((s[1].head_to_head, s[2].head_to_head), (0.5, 0.5));
    // Level on everything: seed order.
    assert_eq!((s[1].name.as_str(), s[2].name.as_str()), ("A", "C"));
}

#[test]
fn entries_are_checked() {
    let mut e = event();
    assert_eq!(
        e.add_entry("ann", None).unwrap_err(),
        EventError::Duplicate("ann".into())
    );
    assert_eq!(e.add_entry("  ", None).unwrap_err().field(), "name");
    assert_eq!(
        e.add_entry(&"x".repeat(41), None).unwrap_err().field(),
        "name"
    );
    assert!(Event::new("E", "Senior".parse().unwrap(), 0, FirstRound::Seeds).is_err());
    let mut one = Event::new("E", "Senior".parse().unwrap(), 1, FirstRound::Seeds).unwrap();
    one.add_entry("Solo", None).unwrap();
    assert_eq!(
        one.pair_next_round().unwrap_err(),
        EventError::TooFewEntries
    );
}

#[test]
fn a_withdrawn_entry_keeps_its_standing_and_is_not_paired_again() {
    let mut e = event();
    e.add_entry("Ed", None).unwrap();
    let r1 = e.pair_next_round().unwrap().clone();
    for t in &r1.tables {
        let mp: BTreeMap<String, u8> = t
            .players
            .iter()
            .zip([6u8, 4, 2])
            .map(|(p, m)| (e.entries[*p].name.clone(), m))
            .collect();
        e.record_result(1, t.table, &mp, None).unwrap();
    }
    let before = standings(&e);
    let ann = before.iter().find(|s| s.name == "Ann").unwrap().clone();
    assert_eq!(e.withdraw("ann").unwrap(), 0);
    assert_eq!(
        e.withdraw("Ann").unwrap_err(),
        EventError::AlreadyWithdrawn("Ann".into())
    );
    let err = e.withdraw("Zed").unwrap_err();
    assert_eq!(
        (err.field(), err),
        ("name", EventError::NoSuchEntry("Zed".into()))
    );
    let r2 = e.pair_next_round().unwrap();
    assert!(r2.tables.iter().all(|t| !t.players.contains(&0)));
    assert_eq!(r2.tables.iter().map(|t| t.players.len()).sum::<usize>(), 4);
    let after = standings(&e);
    let still = after.iter().find(|s| s.name == "Ann").unwrap();
    assert_eq!(
        (still.match_points, still.withdrawn),
        (ann.match_points, true)
    );
}
