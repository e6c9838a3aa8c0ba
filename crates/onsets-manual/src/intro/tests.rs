//! The introductory games' rules, each test named after the manual's
//! section (M69 §8) and citing its line in manual-1969.txt.

use super::*;

fn game(name: &str) -> IntroGame {
    IntroGame::find(name).unwrap()
}

/// The act naming `text` with the cards it really fishes out of every
/// table looked at (the student's right answer).
fn right(g: &Intro, text: &str) -> IntroAct {
    let tables: Vec<usize> = match g.game.family {
        Family::Out => vec![g.turn],
        Family::Squad => (0..g.seats).collect(),
        _ => vec![0],
    };
    let mut cards = vec![String::new(); g.tables.len()];
    for t in tables {
        let f = g.read(text, Intro::set_of(&g.tables[t])).unwrap();
        let slot = if g.game.family == Family::Squad { t } else { 0 };
        cards[slot] = if f.is_empty() {
            "none".into()
        } else {
            kit::cards_name(f)
        };
    }
    if g.game.family != Family::Squad {
        cards.truncate(1);
    }
    IntroAct::Name {
        text: text.to_string(),
        cards: Some(cards),
    }
}

#[test]
fn m69_8_twenty_eight_games_with_distinct_titles() {
    let all = IntroGame::all();
    assert_eq!(all.len(), 28);
    let mut titles: Vec<String> = all.iter().map(|g| g.title()).collect();
    titles.sort();
    titles.dedup();
    assert_eq!(titles.len(), 28);
    let numbers: Vec<u8> = all.iter().map(|g| g.number()).collect();
    assert_eq!(numbers, (1..=28).collect::<Vec<u8>>());
    assert_eq!(game("ink sets").title(), "INK SETS");
    assert_eq!(game("eq-out").title(), "EQ OUT");
    assert_eq!(game("OUT CUBE").section(), "8.1-B");
    assert_eq!(game("8").title(), "CUP SETS");
}

#[test]
fn m69_8_preamble_blank_only_in_comp_and_statement_games() {
    for g in IntroGame::all() {
        let d = Intro::new(g, 2, 1);
        let total: usize = d.tables.iter().map(Vec::len).sum::<usize>()
            + d.decks.iter().map(Vec::len).sum::<usize>();
        // OUT sets the sixteenth card aside (one extra card, M69 8.1-B).
        let per_deck = if g.family == Family::Out {
            g.deck().len().min(15)
        } else {
            g.deck().len()
        };
        assert_eq!(
            total,
            per_deck * if g.family == Family::Squad { 2 } else { 1 },
            "{}",
            g.title()
        );
    }
}

#[test]
fn m69_8_1_a_cube_fish_takes_every_card_with_the_color() {
    let mut g = Intro::new(game("cube-fish"), 2, 3);
    let color = g.throw[0];
    let before = Intro::set_of(&g.tables[0]);
    g.act(&right(&g, &kit::symbol_name(color))).unwrap();
    let expect: Vec<Card> = before
        .iter()
        .filter(|c| matches!(color, Symbol::Color(x) if c.has(x)))
        .collect();
    assert_eq!(g.won[1].len(), expect.len());
    assert!(expect.iter().all(|c| g.won[1].contains(c)));
    assert_eq!(g.tables[0].len(), 6, "the dealer deals up to six again");
    // A color not thrown is refused and changes nothing.
    let other = [
        Symbol::Color(onsets_core::Color::Blue),
        Symbol::Color(onsets_core::Color::Red),
    ]
    .into_iter()
    .find(|s| !g.throw.contains(s))
    .unwrap();
    let snapshot = g.won.clone();
    assert!(g
        .act(&IntroAct::Name {
            text: kit::symbol_name(other),
            cards: Some(vec!["none".into()]),
        })
        .is_err());
    assert_eq!(g.won, snapshot);
}

#[test]
fn m69_8_1_b_out_cube_deals_seven_and_seven_non_dealer_first() {
    let g = Intro::new(game("out-cube"), 5, 9);
    assert_eq!(g.seats, 2);
    assert_eq!(g.tables[0].len(), 7);
    assert_eq!(g.tables[1].len(), 7);
    assert_eq!(
        g.decks[0].len(),
        1,
        "the extra card lies face down by the dealer"
    );
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn m69_8_2_a_cup_fish_needs_a_color_either_side_of_the_cup() {
    let mut g = Intro::new(game("cup-fish"), 3, 5);
    let e = g
        .act(&IntroAct::Name {
            text: kit::symbol_name(g.throw[0]),
            cards: Some(vec!["none".into()]),
        })
        .unwrap_err();
    assert!(
        matches!(e, IntroError::Name(NameError::Shape { .. })),
        "{e:?}"
    );
    let text = format!(
        "{} ∪ {}",
        kit::symbol_name(g.throw[0]),
        kit::symbol_name(g.throw[1])
    );
    g.act(&right(&g, &text)).unwrap();
}

#[test]
fn m69_8_1_d_cube_sets_claim_must_match_a_numeral() {
    // Find a seed whose first throw has a fitting claim.
    let (mut g, (goal, text)) = (1..200)
        .find_map(|s| {
            let g = Intro::new(game("cube-sets"), 2, s);
            g.fitting_claim().map(|c| (g, c))
        })
        .unwrap();
    let cards = Intro::set_of(&g.tables[0]);
    let fished = g.read(&text, cards).unwrap();
    assert_eq!(fished.len(), goal as u32);
    g.act(&IntroAct::Claim { goal, text }).unwrap();
    assert_eq!(g.won[1].len(), goal as usize);
}

#[test]
fn m69_8_3_diff_and_comp_cannot_fish_the_four_dot_card() {
    let full = Card::parse("BRGY").unwrap();
    assert!(!Idea::Diff.can_fish(full));
    assert!(!Idea::Comp.can_fish(full));
    assert!(Idea::Comp.can_fish(Card::BLANK));
    assert!(Idea::Cap.can_fish(full));
    // No X − Y of the reader fishes it out either.
    let cards = CardSet::EMPTY.with(full);
    for a in ["B", "R", "G", "O"] {
        for b in ["B", "R", "G", "O"] {
            let cubes = onsets_core::CubeList::parse(&kit::to_notation(&format!("{a} {b} −")))
                .unwrap()
                .into_symbols();
            let r = naming::read(&format!("{a} − {b}"), Form::SetName, &cubes, cards).unwrap();
            assert!(r.fished.is_empty());
        }
    }
}

#[test]
fn m69_8_4_eq_fish_truth_set_is_fished() {
    let mut g = Intro::new(game("eq-fish"), 2, 11);
    let options = g.namings(Intro::set_of(&g.tables[0]));
    assert!(!options.is_empty());
    let (text, cards) = options[0].clone();
    g.act(&right(&g, &text)).unwrap();
    assert_eq!(g.won[1].len() as u32, cards.len());
}

fn colors_of(g: &Intro) -> Vec<Symbol> {
    g.throw
        .iter()
        .copied()
        .filter(|s| matches!(s, Symbol::Color(_)))
        .collect()
}

#[test]
fn m69_8_3_diff_fish_the_order_of_the_colors_matters() {
    // Find a throw with two different colors; X − Y and Y − X differ.
    let g = (0..100)
        .map(|s| Intro::new(game("diff-fish"), 2, s))
        .find(|g| colors_of(g)[0] != colors_of(g)[1])
        .unwrap();
    let [a, b] = [colors_of(&g)[0], colors_of(&g)[1]].map(kit::symbol_name);
    let cards = Intro::set_of(&g.tables[0]);
    let ab = g.read(&format!("{a} − {b}"), cards).unwrap();
    let ba = g.read(&format!("{b} − {a}"), cards).unwrap();
    for c in cards.iter() {
        let (x, y) = (
            kit::card_name(c).contains(a.as_str()),
            kit::card_name(c).contains(b.as_str()),
        );
        assert_eq!(ab.contains(c), x && !y);
        assert_eq!(ba.contains(c), y && !x);
    }
}

#[test]
fn m69_8_3_comp_fish_prime_fishes_the_cards_without_the_color_blank_included() {
    let g = (0..200)
        .map(|s| Intro::new(game("comp-fish"), 2, s))
        .find(|g| g.tables[0].contains(&Card::BLANK))
        .unwrap();
    let x = kit::symbol_name(colors_of(&g)[0]);
    let cards = Intro::set_of(&g.tables[0]);
    let f = g.read(&format!("{x}′"), cards).unwrap();
    assert!(f.contains(Card::BLANK));
    for c in cards.iter() {
        assert_eq!(f.contains(c), !kit::card_name(c).contains(x.as_str()));
    }
    // The cup's form is refused in a COMP game.
    assert!(g.read(&x, cards).is_err());
}

#[test]
fn m69_8_4_inc_statement_keeps_cards_outside_the_first_set_or_inside_the_second() {
    let g = Intro::new(game("inc-fish"), 2, 4);
    let colors = colors_of(&g);
    let (a, b) = (kit::symbol_name(colors[0]), kit::symbol_name(colors[1]));
    let cards = Intro::set_of(&g.tables[0]);
    let f = g.read(&format!("{a} ⊆ {b}"), cards).unwrap();
    for c in cards.iter() {
        let n = kit::card_name(c);
        assert_eq!(
            f.contains(c),
            !n.contains(a.as_str()) || n.contains(b.as_str())
        );
    }
    // "=" is not the face-up cube of INC games.
    assert!(g.read(&format!("{a} = {b}"), cards).is_err());
}

#[test]
fn m69_8_2_c_cup_squad_one_name_for_every_team() {
    let mut g = Intro::new(game("cup-squad"), 3, 6);
    assert_eq!(g.turn(), None, "the teacher throws");
    let before: Vec<CardSet> = g.tables.iter().map(|t| Intro::set_of(t)).collect();
    let colors = colors_of(&g);
    let text = format!(
        "{} ∪ {}",
        kit::symbol_name(colors[0]),
        kit::symbol_name(colors[1])
    );
    let expect: Vec<u32> = before
        .iter()
        .map(|c| g.read(&text, *c).unwrap().len())
        .collect();
    g.act(&right(&g, &text)).unwrap();
    let won: Vec<u32> = g.won.iter().map(|w| w.len() as u32).collect();
    assert_eq!(won, expect);
}

#[test]
fn m69_8_1_c_cube_squad_first_team_out_wins_or_sudden_death() {
    for seed in 0..20 {
        let mut g = Intro::new(game("cube-squad"), 2, seed);
        while !g.is_over() {
            let c = kit::symbol_name(g.throw[0]);
            g.act(&right(&g, &c)).unwrap();
        }
        let w = g.winners()[0];
        assert!(
            g.tables[w].is_empty() || !g.playoff.is_empty(),
            "seed {seed}"
        );
    }
}

#[test]
fn m69_8_1_d_a_claim_that_does_not_fit_passes_the_turn_without_cards() {
    let mut g = Intro::new(game("cube-sets"), 2, 7);
    let color = kit::symbol_name(colors_of(&g)[0]);
    let cards = Intro::set_of(&g.tables[0]);
    let n = g.read(&color, cards).unwrap().len() as u8;
    let wrong = g
        .throw
        .iter()
        .filter_map(|s| {
            if let Symbol::Digit(d) = s {
                Some(*d)
            } else {
                None
            }
        })
        .find(|d| *d != n);
    if let Some(goal) = wrong {
        g.act(&IntroAct::Claim { goal, text: color }).unwrap();
        assert!(!g.last().unwrap().correct);
        assert_eq!(g.won[1].len(), 0);
        assert_eq!(g.turn(), Some(0));
    }
}

#[test]
fn every_game_plays_to_its_end_with_its_first_option() {
    for g in IntroGame::all() {
        let mut m = Intro::new(g, 2, 42);
        let mut guard = 0;
        while !m.is_over() && guard < 5000 {
            guard += 1;
            let act = if g.family == Family::Sets {
                match m.fitting_claim() {
                    Some((goal, text)) => IntroAct::Claim { goal, text },
                    None => IntroAct::Pass,
                }
            } else {
                let cards = match g.family {
                    Family::Out => Intro::set_of(&m.tables[m.turn]),
                    _ => Intro::set_of(&m.tables[0]),
                };
                let options = m.namings(cards);
                let best = options.iter().max_by_key(|(_, c)| c.len()).cloned();
                right(&m, &best.map(|(t, _)| t).unwrap_or_default())
            };
            m.act(&act).unwrap_or_else(|e| panic!("{}: {e}", g.title()));
        }
        assert!(m.is_over(), "{} did not end", g.title());
    }
}

/// Plays `g` to its end with right answers (SETS: a fitting claim or a pass).
fn play_out(g: &mut Intro) {
    let mut guard = 0;
    while !g.is_over() && guard < 20_000 {
        guard += 1;
        let act = if g.game.family == Family::Sets {
            match g.fitting_claim() {
                Some((goal, text)) => IntroAct::Claim { goal, text },
                None => IntroAct::Pass,
            }
        } else {
            let cards = match g.game.family {
                Family::Out => Intro::set_of(&g.tables[g.turn]),
                _ => Intro::set_of(&g.tables[0]),
            };
            let options = g.namings(cards);
            let best = options.iter().max_by_key(|(_, c)| c.len()).cloned();
            right(g, &best.map(|(t, _)| t).unwrap_or_default())
        };
        g.act(&act).unwrap();
    }
    assert!(g.is_over(), "{} did not end", g.game.title());
}

#[test]
fn m69_8_1_a_alternate_scoring_first_to_31_at_the_end_of_a_round() {
    // manual-1969.txt 3332-3339: "The first player to get a score of 31
    // points at the end of a round wins"; "The deal moves to the player to
    // the left".
    assert!(Intro::first_to_31(game("out-cube"), 2, 1).is_none());
    for seed in 0..5 {
        let mut g = Intro::first_to_31(game("cube-fish"), 2, seed).unwrap();
        play_out(&mut g);
        let totals = g.totals().unwrap().to_vec();
        assert!(
            g.round() >= 3,
            "15 cards a round: 31 needs three rounds or more"
        );
        let w = g.winners()[0];
        assert!(totals[w] >= 31, "seed {seed}: {totals:?}");
        assert!(totals.iter().all(|t| *t <= totals[w]));
        assert_eq!(totals.iter().sum::<u32>(), 15 * g.round());
    }
    // The plain game ends after one deck.
    let mut g = Intro::new(game("cube-fish"), 2, 0);
    play_out(&mut g);
    assert_eq!(g.round(), 1);
    assert!(g.totals().is_none());
}

#[test]
fn m69_8_1_d_sets_ties_go_to_six_card_sudden_death_play_offs() {
    // manual-1969.txt 3449-3451: "ties can be settled by six-card
    // sudden-death play-offs between the winners with each one rolling a cube".
    let mut seen = 0;
    // Two players cannot tie over CUBE SETS's 15 cards; DIFF SETS has 14.
    for seed in 0..300 {
        let mut g = Intro::new(game("diff-sets"), 2, seed);
        while !g.is_over() && g.playoff.is_empty() {
            let act = match g.fitting_claim() {
                Some((goal, text)) => IntroAct::Claim { goal, text },
                None => IntroAct::Pass,
            };
            g.act(&act).unwrap();
        }
        if g.playoff.is_empty() {
            continue;
        }
        seen += 1;
        assert_eq!(
            g.won[0].len(),
            g.won[1].len(),
            "only a tie goes to a play-off"
        );
        assert_eq!(g.tables[0].len(), 6, "six fresh cards");
        assert_eq!(g.turn(), Some(g.playoff[0]));
        let before: Vec<usize> = g.won.iter().map(Vec::len).collect();
        play_out(&mut g);
        assert_eq!(g.winners().len(), 1);
        let after: Vec<usize> = g.won.iter().map(Vec::len).collect();
        assert_eq!(before, after, "play-off cards are not added to the game's");
        if seen >= 3 {
            break;
        }
    }
    assert!(seen > 0, "no seed gave a tie");
}

#[test]
fn m69_8_3_comp_fish_two_color_cubes_prime_after_either() {
    // manual-1969.txt 3554-3566: the Comp games are the cup games (two color
    // cubes, 3471) with ′ face up.
    for name in ["comp-fish", "out-comp", "comp-squad"] {
        assert_eq!(game(name).color_cubes(), 2, "{name}");
    }
    let g = (0..100)
        .map(|s| Intro::new(game("comp-fish"), 2, s))
        .find(|g| colors_of(g)[0] != colors_of(g)[1])
        .unwrap();
    for c in colors_of(&g) {
        let text = format!("{}′", kit::symbol_name(c));
        let mut h = Intro::new(game("comp-fish"), 2, 0);
        h.throw = g.throw.clone();
        h.tables = g.tables.clone();
        h.act(&right(&h, &text)).unwrap();
        assert!(h.last().unwrap().correct, "{text}");
    }
}

#[test]
fn m69_8_1_b_out_games_one_extra_card_face_down() {
    // manual-1969.txt 3357: "The extra card is placed face down in front of
    // the dealer" — one card, also with the blank card in.
    for name in ["out-cube", "out-comp", "eq-out", "inc-out"] {
        let g = Intro::new(game(name), 2, 5);
        assert_eq!(g.decks[0].len(), 1, "{name}");
    }
    // OUT DIFF's 14 cards leave none over.
    assert_eq!(Intro::new(game("out-diff"), 2, 5).decks[0].len(), 0);
}

#[test]
fn m69_8_2_c_cup_squad_two_or_more() {
    // manual-1969.txt 3504 (CUP SQUAD): "Number of players: 2 or more";
    // CUBE SQUAD (3374): "Any number can play".
    assert_eq!(Intro::new(game("cup-squad"), 1, 1).seats(), 2);
    assert_eq!(Intro::new(game("eq-squad"), 1, 1).seats(), 2);
    assert_eq!(Intro::new(game("cube-squad"), 1, 1).seats(), 1);
    assert!(game("cup-squad")
        .describe()
        .players
        .starts_with("2 or more"));
}

#[test]
fn m69_8_3_diff_and_comp_games_can_be_won_the_four_dot_card_left_out() {
    // manual-1969.txt 3290-3292 leave out the blank card where no Set-Name
    // can fish it; by the same reason the DIFF and COMP games (3554-3566)
    // leave out the four-dot card, so whoever holds it can still win.
    let full = Card::parse("BRGY").unwrap();
    for name in ["diff-fish", "out-diff", "diff-squad", "diff-sets"] {
        let d = game(name).deck();
        assert_eq!(d.len(), 14, "{name}");
        assert!(!d.contains(&full) && !d.contains(&Card::BLANK));
    }
    for name in ["comp-fish", "out-comp", "comp-squad", "comp-sets"] {
        let d = game(name).deck();
        assert_eq!(d.len(), 15, "{name}");
        assert!(!d.contains(&full) && d.contains(&Card::BLANK));
    }
    for seed in 0..30 {
        for name in ["out-diff", "out-comp"] {
            let mut g = Intro::new(game(name), 2, seed);
            play_out(&mut g);
            let w = g.winners()[0];
            assert!(
                g.tables[w].is_empty(),
                "{name} seed {seed}: won by turning down every card"
            );
        }
    }
}

#[test]
fn m69_8_the_student_finds_the_cards_and_a_wrong_answer_changes_nothing() {
    // manual-1969.txt 3308-3310: the thrower "takes out all the cards that
    // have that color on them" — the student finds them; the software judges.
    let mut g = Intro::new(game("cube-fish"), 2, 3);
    let color = kit::symbol_name(g.throw[0]);
    let e = g
        .act(&IntroAct::Name {
            text: color.clone(),
            cards: None,
        })
        .unwrap_err();
    assert!(matches!(e, IntroError::CardsMissing { .. }), "{e:?}");
    assert!(e.to_string().contains("field `cards`"));
    let table = Intro::set_of(&g.tables[0]);
    let fished = g.read(&color, table).unwrap();
    let wrong = table.difference(fished);
    let (tables, won, turn) = (g.tables.clone(), g.won.clone(), g.turn);
    g.act(&IntroAct::Name {
        text: color.clone(),
        cards: Some(vec![kit::cards_name(wrong)]),
    })
    .unwrap();
    let last = g.last().unwrap();
    assert!(!last.correct);
    assert!(
        last.fished.is_empty(),
        "a wrong answer does not show the cards"
    );
    for c in fished.iter() {
        assert!(
            !last
                .message
                .split_whitespace()
                .any(|w| w == kit::card_name(c)),
            "{}",
            last.message
        );
    }
    assert_eq!(
        (g.tables.clone(), g.won.clone(), g.turn),
        (tables, won, turn)
    );
    assert_eq!(g.mistakes(), 1);
    // A card that is not face up is refused, naming it.
    let off = kit::deck(false)
        .into_iter()
        .find(|c| !table.contains(*c))
        .unwrap();
    let e = g
        .act(&IntroAct::Name {
            text: color.clone(),
            cards: Some(vec![kit::card_name(off)]),
        })
        .unwrap_err();
    assert!(e.to_string().contains("not face up"), "{e}");
    g.act(&right(&g, &color)).unwrap();
    assert!(g.last().unwrap().correct);
    // The state the server sends lists no cards of any naming.
    let v = g.view();
    assert!(v["options"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| !o.as_str().unwrap().contains('→')));
}

#[test]
fn m69_8_4_statements_are_not_ordered_by_how_many_cards_they_fish() {
    // manual-1969.txt 3578-3581: the truth set is what the student finds.
    let g = Intro::new(game("eq-fish"), 2, 11);
    let options = g.namings(Intro::set_of(&g.tables[0]));
    let lens: Vec<usize> = options.iter().map(|(t, _)| t.chars().count()).collect();
    assert!(
        lens.windows(2).all(|w| w[0] <= w[1]),
        "shortest first, not most cards"
    );
}
