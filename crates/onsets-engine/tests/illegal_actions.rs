//! Property tests in the other direction: random actions that are *not*
//! drawn from `legal_actions`. Each is refused (the state untouched), or
//! accepted as legal, or accepted with a penalty, a set-aside or as pending
//! illegal procedure of its player; it never changes another player's score.
mod common;
use common::conserve;
use onsets_core::Division;
use onsets_engine::*;
use proptest::prelude::*;

/// A random act from a few numbers: any kind, any player (one beyond the
/// table too), any cube (beyond the kit too), any place.
fn random_act(r: &[u16]) -> Act {
    let g = |i: usize| r[i % r.len()] as usize;
    let player = g(1) % 4;
    let cube = (g(2) % 20) as u8;
    let place = [
        Place::Resources,
        Place::Goal,
        Place::Required,
        Place::Permitted,
        Place::Forbidden,
    ][g(3) % 5];
    let bonus = g(4) % 2 == 0;
    let texts = ["B ∪ R", "B ∪", "", "G − Y′", "R ∩ (B"];
    let goals = ["3", "1+2", "9", "~2", "3*(2+1)", "2*"];
    let vars = [
        "wild-cube Y",
        "required-cube =",
        "two-operations",
        "double-set B",
        "nonsense",
        "required-card RGY",
    ];
    match g(0) % 21 {
        0 => Act::Roll {
            player,
            set_out: [None, Some(SetOut::TwoUniverseOneEmpty)][g(4) % 2],
        },
        1 => Act::Deal {
            player,
            count: (g(5) % 16) as u8,
        },
        2 => Act::SelectVariation {
            player,
            variation: vars[g(5) % vars.len()].into(),
        },
        3 => Act::EndSelection { player },
        4..=6 => Act::Move {
            player,
            cube,
            to: place,
            bonus,
        },
        7 => Act::Shift {
            player,
            cube,
            to: place,
        },
        8 => Act::SetGoal {
            player,
            goal: GoalSpec::Layout(goals[g(5) % goals.len()].into()),
            unused_to_forbidden: bonus,
        },
        9 => Act::DeclareNoGoal { player },
        10 => Act::AgreeNoGoal { player },
        11 | 12 => Act::Challenge {
            player,
            kind: [
                ChallengeKind::Now,
                ChallengeKind::Impossible,
                ChallengeKind::NoGoal,
            ][g(5) % 3],
        },
        13 => Act::PutDownBlock { player },
        14 => Act::Present {
            player,
            solution: texts[g(5) % texts.len()].into(),
            goal: None,
        },
        15 => Act::Decline { player },
        16 => Act::Accept {
            player,
            writer: g(5) % 4,
        },
        17 => Act::Object {
            player,
            writer: g(5) % 4,
            objection: Objection::WrongValue,
        },
        18 => Act::ReturnCube { player, cube },
        19 => Act::Arrive { player },
        _ => Act::ChargeIllegalProcedure { player },
    }
}

/// A legal act of some player with one field changed: another player, cube,
/// section or bonus (near misses of the rules).
fn mutate(m: &Match, r: &[u16]) -> Option<Act> {
    let n = m.n();
    let p = r[1] as usize % n;
    let legal = m.legal_actions(p);
    let mut a = legal.get(r[2] as usize % legal.len().max(1))?.clone();
    let other = (p + 1 + r[3] as usize % (n - 1)) % n;
    let places = [
        Place::Resources,
        Place::Goal,
        Place::Required,
        Place::Permitted,
        Place::Forbidden,
    ];
    match (&mut a, r[4] % 3) {
        (Act::Move { player, .. }, 0) | (Act::Shift { player, .. }, 0) => *player = other,
        (Act::Move { cube, .. }, 1) | (Act::Shift { cube, .. }, 1) => *cube = (r[0] % 18) as u8,
        (Act::Move { to, bonus, .. }, _) => {
            *to = places[r[0] as usize % 5];
            *bonus = !*bonus;
        }
        (Act::Shift { to, .. }, _) => *to = places[r[0] as usize % 5],
        (Act::Challenge { player, .. }, _)
        | (Act::Present { player, .. }, _)
        | (Act::SelectVariation { player, .. }, _)
        | (Act::SetGoal { player, .. }, _)
        | (Act::Decline { player }, _)
        | (Act::Accept { player, .. }, _) => *player = other,
        _ => return None,
    }
    Some(a)
}

/// The act with its free text and numbers blanked: the candidates of
/// `legal_actions` carry placeholders for them.
fn shape(a: &Act) -> String {
    let mut a = a.clone();
    match &mut a {
        Act::Present { solution, goal, .. } => {
            solution.clear();
            *goal = None;
        }
        Act::SelectVariation { variation, .. } => variation.clear(),
        Act::SetGoal {
            goal,
            unused_to_forbidden,
            ..
        } => {
            *goal = GoalSpec::Layout(String::new());
            *unused_to_forbidden = true;
        }
        Act::Deal { count, .. } => *count = 0,
        Act::Object { objection, .. } => *objection = Objection::WrongValue,
        Act::Roll { set_out, .. } => *set_out = None,
        _ => {}
    }
    format!("{a:?}")
}

/// What a random act did: refused, accepted as legal, or accepted as a fault.
#[derive(Default)]
struct Tally {
    refused: usize,
    legal: usize,
    faults: usize,
}

fn check_one(m: &Match, act: Act, tally: &mut Tally) -> Option<Match> {
    let before = m.clone();
    let p = act.player();
    let r = m.apply(Action {
        at_ms: m.now_ms(),
        act: act.clone(),
    });
    assert_eq!(*m, before, "apply never changes the state it is given");
    let Ok((after, ev)) = r else {
        tally.refused += 1;
        return None;
    };
    conserve(&after);
    let p = p.expect("acts with a player");
    let listed = m.legal_actions(p).iter().any(|l| shape(l) == shape(&act));
    let never_listed = matches!(
        act,
        Act::PickUpBlock { .. }
            | Act::PutDownBlock { .. }
            | Act::ChargeIllegalProcedure { .. }
            | Act::Arrive { .. }
            | Act::Clock
    );
    let flagged = ev.iter().any(|e| {
        matches!(
            e,
            Event::Penalty { player, .. } | Event::ChallengeSetAside { player, .. } if *player == p
        ) || matches!(
            e,
            Event::IllegalProcedureCharged { offender, .. } if *offender == p
        ) || matches!(e, Event::DigitCubesToForbidden { .. })
    });
    let pending = after.pending().len() > m.pending().len()
        && after.pending().last().is_some_and(|x| x.offender == p);
    if listed || never_listed {
        tally.legal += 1;
    } else {
        tally.faults += 1;
    }
    assert!(
        listed || never_listed || flagged || pending,
        "{act:?} was accepted although not legal, with no penalty and no illegal procedure: {ev:?}"
    );
    if !listed && !never_listed && !ev.iter().any(|e| matches!(e, Event::ShakeScored { .. })) {
        // an illegal act costs only its own player
        let (t0, t1) = (m.totals(), after.totals());
        for q in 0..m.n() {
            if q != p {
                assert_eq!(t0[q], t1[q], "{act:?} changed player {q}'s score: {ev:?}");
            }
        }
    }
    Some(after)
}

fn run(seed: u64, n: usize, div: usize, adventurous: bool, auto: bool, picks: Vec<u16>) -> Tally {
    let mut tally = Tally::default();
    let names = ["Ann", "Bob", "Cy"];
    let mut cfg = MatchConfig::new(seed, &names[..n], Division::ALL[div], adventurous);
    cfg.round_ms = 10 * 60_000;
    cfg.auto_charge = auto;
    let (mut m, _) = Match::new(cfg).unwrap();
    let mut steps = 0usize;
    while *m.phase() != Phase::Over && steps < 400 {
        steps += 1;
        let r: Vec<u16> = (0..6)
            .map(|k| picks[(steps * 7 + k * 3) % picks.len()].wrapping_add(k as u16 * 31))
            .collect();
        let act = if r[5] % 2 == 0 {
            mutate(&m, &r).unwrap_or_else(|| random_act(&r))
        } else {
            random_act(&r)
        };
        if let Some(next) = check_one(&m, act, &mut tally) {
            // keep one accepted random act in four: matches with pending
            // illegal procedure go on
            if r[0] % 4 == 0 {
                m = next;
                continue;
            }
        }
        // then a legal step or the clock
        let legal = (0..n)
            .map(|k| m.legal_actions((r[1] as usize + k) % n))
            .find(|l| !l.is_empty())
            .unwrap_or_default();
        let due = m.next_deadline();
        if legal.is_empty() || steps % 9 == 0 {
            let to = if legal.is_empty() {
                due.unwrap_or(m.now_ms() + 1000)
            } else {
                m.now_ms() + 1000
            }
            .max(m.now_ms());
            m = m
                .apply(Action {
                    at_ms: to,
                    act: Act::Clock,
                })
                .expect("clock")
                .0;
        } else {
            let a = legal[r[2] as usize % legal.len()].clone();
            m = m
                .apply(Action {
                    at_ms: m.now_ms(),
                    act: a.clone(),
                })
                .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"))
                .0;
        }
    }
    let replayed = Match::replay(&m.log_lines()).unwrap();
    assert_eq!(replayed, m);
    tally
}

/// The property is not vacuous: over a few fixed matches random acts are
/// refused, accepted as legal, and accepted as faults (penalised or pending).
#[test]
fn random_acts_reach_refusals_legal_acts_and_faults() {
    let mut all = Tally::default();
    for seed in 0..12u64 {
        let picks: Vec<u16> = (0..61)
            .map(|i| ((seed * 37 + i * 101) % 997) as u16)
            .collect();
        let t = run(
            seed,
            2 + (seed % 2) as usize,
            (seed % 4) as usize,
            seed % 3 != 0,
            seed % 4 == 1,
            picks,
        );
        all.refused += t.refused;
        all.legal += t.legal;
        all.faults += t.faults;
    }
    eprintln!(
        "refused {}, legal {}, faults {}",
        all.refused, all.legal, all.faults
    );
    assert!(
        all.refused > 0 && all.legal > 0 && all.faults > 0,
        "refused {}, legal {}, faults {}",
        all.refused,
        all.legal,
        all.faults
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]
    #[test]
    fn random_illegal_actions_are_refused_or_recorded(seed in any::<u64>(), n in 2usize..=3,
            div in 0usize..4, adv in any::<bool>(), auto in any::<bool>(),
            picks in proptest::collection::vec(any::<u16>(), 1..64)) {
        run(seed, n, div, adv, auto, picks);
    }
}
