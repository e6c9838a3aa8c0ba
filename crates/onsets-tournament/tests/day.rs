//! A tournament day (docs/tournaments.md): divisions paired apart,
//! school-mates apart (docs/rulings.md, "School-mates apart"), rooms,
//! scoresheets by shake (X, XII-A) and corrections (XII-B).

use onsets_tournament::{
    division_standings, school_standings, Event, EventError, FirstRound, Registration,
};

/// Two divisions of `per` players from each of `schools` schools.
fn day(schools: usize, per: usize) -> Event {
    let mut e = Event::new("Day", "Middle".parse().unwrap(), 3, FirstRound::Random(11)).unwrap();
    e.set_divisions(vec!["Middle".into(), "Junior".into()])
        .unwrap();
    for s in 0..schools {
        let school = format!("School {s}");
        e.add_school(&school, &format!("CODE{s}")).unwrap();
        for d in ["middle", "junior"] {
            for p in 0..per {
                e.register(&Registration {
                    name: &format!("{school} {d} {p}"),
                    team: None,
                    school: Some(&school),
                    division: Some(d),
                })
                .unwrap();
            }
        }
    }
    e
}

#[test]
fn each_division_is_paired_apart_and_school_mates_apart_when_avoidable() {
    let mut e = day(3, 2);
    for round in 1..=3 {
        let r = e.pair_next_round().unwrap().clone();
        // 6 + 6: two tables of three per division, numbered 1–4.
        assert_eq!(
            r.tables.iter().map(|t| t.table).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        for t in &r.tables {
            let d = t.division.clone().unwrap();
            let mut schools: Vec<_> = t
                .players
                .iter()
                .map(|p| {
                    assert!(e.in_division(*p, Some(&d)), "round {round}: {d}");
                    e.entries[*p].school.clone().unwrap()
                })
                .collect();
            schools.sort();
            schools.dedup();
            // By round 3 each has met every player of the other schools:
            // a repeated meeting costs more than school-mates together.
            if round < 3 {
                assert_eq!(schools.len(), t.players.len(), "round {round}: {t:?}");
            }
        }
        for t in r.tables {
            let shakes = vec![t
                .players
                .iter()
                .enumerate()
                .map(|(i, _)| 6 - 2 * i as i64)
                .collect()];
            e.record_sheet(r.round, t.table, &shakes, &[], &[], "judge", 1)
                .unwrap();
        }
    }
    let middle = division_standings(&e, "Middle");
    assert_eq!(middle.len(), 6);
    assert_eq!(middle[0].place, 1);
    assert!(middle
        .iter()
        .all(|s| s.shake_points != 0 || s.match_points > 0));
    let schools = school_standings(&e, "Junior", 2);
    assert_eq!(schools.len(), 3);
    assert!(schools.iter().all(|s| s.members.len() == 2));
}

#[test]
fn a_sheet_sums_the_shakes_and_a_second_one_is_logged_as_a_correction() {
    let mut e = day(2, 1);
    let r = e.pair_next_round().unwrap().clone();
    let t = &r.tables[0];
    assert_eq!(t.players.len(), 2);
    let (scores, points) = e
        .record_sheet(1, t.table, &[vec![6, 2], vec![-2, 4]], &[], &[], "Jo", 10)
        .unwrap();
    assert_eq!((scores, points), (vec![4, 6], vec![4, 6]));
    assert!(e.day.corrections.is_empty());
    let err = e
        .record_sheet(1, t.table, &[vec![6, 2, 2]], &[], &[], "Jo", 11)
        .unwrap_err();
    assert_eq!(err.field(), "shakes");
    let absent = e.entries[t.players[1]].name.clone();
    let (_, points) = e
        .record_sheet(1, t.table, &[vec![6, 2]], &[absent], &[], "Al", 12)
        .unwrap();
    assert_eq!(points, vec![6, 0]);
    let c = &e.day.corrections[0];
    assert_eq!(
        (c.by.as_str(), c.at, c.before.clone(), c.after.clone()),
        ("Al", 12, vec![4, 6], vec![6, 0])
    );
}

#[test]
fn rooms_number_the_tables_in_order_and_a_lone_division_entry_is_refused() {
    let mut e = day(1, 1);
    e.add_room("Gym", 1).unwrap();
    e.add_room("Library", 2).unwrap();
    assert_eq!(e.room_of(1), Some("Gym"));
    assert_eq!(e.room_of(3), Some("Library"));
    assert_eq!(e.room_of(4), None);
    assert_eq!(e.add_room("gym", 3).unwrap_err().field(), "name");
    assert_eq!(e.add_room("Hall", 0).unwrap_err().field(), "tables");
    // One middle and one junior entry: neither division can be paired.
    let err = e.pair_next_round().unwrap_err();
    assert!(matches!(err, EventError::Day(_)), "{err:?}");
    assert_eq!(err.field(), "round");
}
