//! The manual's puzzles (§7), exercises (§4) and worked examples (§5, §6) as
//! far as the scan allows (editions.md §2.12–2.14).
//!
//! Every card picture is lost, so no answer that depends on a Universe can be
//! re-derived. What can be, is:
//! * **identities** the text states or asks for ("a shorter name for B ∩ V"),
//!   true in every Universe: checked card by card over all 16 cards with
//!   onsets-core's evaluator, and, where the manual asks for a Set-Name, found
//!   again by the exact search ([`crate::search`]);
//! * **cube accounting** of every printed Solution whose mat is legible: the
//!   Solution uses every Required cube, no Forbidden cube, Permitted cubes
//!   freely and at most the Resources the claim allows (rules 3.4, 3.4'; in a
//!   C-Solution each part uses the Required cubes on its own, 3.4'(E)(1)(2),
//!   and one Resources cube "may serve either the Set-Name, the set of
//!   Restriction Statements, or both", 3.4'(E)(5)(a)).
//!
//! Each item says what was lost.

use crate::kit;
use crate::naming::{self, Form};
use crate::search::Names;
use onsets_core::{Card, CardSet, Color, CubeList, Part, Solution, Symbol};
use serde::Serialize;

/// A mat from the manual (1969 letters): Resources / Forbidden / Permitted / Required.
#[derive(Clone, Debug, Serialize)]
pub struct Mat {
    pub resources: &'static str,
    pub forbidden: &'static str,
    pub permitted: &'static str,
    pub required: &'static str,
    /// The Goal as printed (often illegible).
    pub goal: &'static str,
}

/// What is checked for an item.
#[derive(Clone, Debug)]
pub enum Check {
    /// The Set-Name fishes out exactly the cards with `property`, in every
    /// Universe.
    Names {
        text: &'static str,
        property: fn(Card) -> bool,
    },
    /// Two Set-Names name the same set in every Universe.
    Same {
        left: &'static str,
        right: &'static str,
    },
    /// The search finds a Set-Name of at most `max_cubes` from `cubes` that
    /// fishes exactly the cards with `property` (re-deriving the answer).
    Derive {
        cubes: &'static str,
        max_cubes: usize,
        property: fn(Card) -> bool,
    },
    /// The printed Solution's cube accounting on the mat: every Required cube
    /// used (per part), nothing Forbidden, at most `max_resources` cubes from
    /// Resources (`None`: any number).
    Accounting {
        mat: Mat,
        answer: &'static str,
        max_resources: Option<usize>,
    },
}

/// One puzzle, exercise or example.
#[derive(Clone, Debug)]
pub struct Item {
    pub id: &'static str,
    pub section: &'static str,
    pub question: &'static str,
    pub printed_answer: &'static str,
    pub check: Check,
    /// What the scan lost, so what could not be checked.
    pub lost: &'static str,
}

/// The result of re-deriving an item.
#[derive(Clone, Debug, Serialize)]
pub struct Verified {
    pub id: &'static str,
    pub section: &'static str,
    pub question: &'static str,
    pub printed_answer: &'static str,
    pub mat: Option<Mat>,
    pub checked: String,
    pub ok: bool,
    pub detail: String,
    pub lost: &'static str,
}

fn every_card() -> CardSet {
    CardSet::ALL
}

fn cubes(text: &str) -> Vec<Symbol> {
    CubeList::parse(&kit::to_notation(text))
        .map(CubeList::into_symbols)
        .unwrap_or_default()
}

fn table(text: &str) -> Result<CardSet, String> {
    let t = kit::to_notation(text);
    let e = onsets_core::Expr::parse(&t).map_err(|e| e.to_string())?;
    let all: Vec<Symbol> = e.symbols().iter().map(|w| w.meaning).collect();
    naming::read(text, Form::SetName, &all, every_card())
        .map(|r| r.fished)
        .map_err(|e| e.to_string())
}

fn with_property(p: fn(Card) -> bool) -> CardSet {
    Card::all()
        .filter(|c| p(*c))
        .fold(CardSet::EMPTY, |s, c| s.with(c))
}

/// How many Resources cubes the Solution `answer` needs on `mat`, or why it
/// breaks the accounting.
pub fn accounting(mat: &Mat, answer: &str) -> Result<usize, String> {
    let sol = Solution::parse(&kit::to_notation(answer)).map_err(|e| e.to_string())?;
    let required = cubes(mat.required);
    let permitted = cubes(mat.permitted);
    let resources = cubes(mat.resources);
    let count = |list: &[Symbol], s: Symbol| list.iter().filter(|x| **x == s).count();
    let mut need: Vec<(Symbol, usize)> = Vec::new();
    let mut parts: Vec<(Vec<Symbol>, bool)> = Vec::new();
    let restriction: Vec<Symbol> = sol
        .parts()
        .iter()
        .filter_map(|p| match p {
            Part::Restriction(r) => Some(r.symbols().iter().map(|w| w.meaning).collect::<Vec<_>>()),
            _ => None,
        })
        .flatten()
        .collect();
    let has_restriction = sol.restrictions().next().is_some();
    if has_restriction {
        parts.push((restriction, false));
    }
    for e in sol.set_names() {
        parts.push((e.symbols().iter().map(|w| w.meaning).collect(), true));
    }
    for (symbols, is_set_name) in &parts {
        let mut faces: Vec<Symbol> = symbols.clone();
        faces.extend(required.iter().copied());
        faces.sort();
        faces.dedup();
        for s in faces {
            let written = count(symbols, s);
            let req = if *is_set_name && s.is_relation() {
                0
            } else {
                count(&required, s)
            };
            if written < req {
                return Err(format!(
                    "the Required {} is not used in the {}",
                    kit::symbol_name(s),
                    if *is_set_name {
                        "Set-Name"
                    } else {
                        "Restriction Statements"
                    }
                ));
            }
            let extra = (written - req).saturating_sub(count(&permitted, s));
            if extra > count(&resources, s) {
                return Err(format!(
                    "{} is written {written} time(s); Required, Permitted and Resources hold only {}",
                    kit::symbol_name(s),
                    req + count(&permitted, s) + count(&resources, s)
                ));
            }
            match need.iter_mut().find(|(x, _)| *x == s) {
                Some((_, n)) => *n = (*n).max(extra),
                None => need.push((s, extra)),
            }
        }
    }
    Ok(need.iter().map(|(_, n)| n).sum())
}

impl Item {
    /// Re-derives the item.
    pub fn verify(&self) -> Verified {
        let (checked, result, mat): (String, Result<String, String>, Option<Mat>) = match &self.check {
            Check::Names { text, property } => (
                format!("{text} fishes out exactly the cards described, in every Universe (all 16 cards checked)"),
                table(text).and_then(|t| {
                    let want = with_property(*property);
                    if t == want {
                        Ok(format!("{text} names {}", kit::cards_name(t)))
                    } else {
                        Err(format!("{text} names {}, not {}", kit::cards_name(t), kit::cards_name(want)))
                    }
                }),
                None,
            ),
            Check::Same { left, right } => (
                format!("{left} and {right} name the same set in every Universe"),
                table(left).and_then(|a| {
                    let b = table(right)?;
                    if a == b {
                        Ok(format!("both name {}", kit::cards_name(a)))
                    } else {
                        Err(format!("{left} names {}, {right} names {}", kit::cards_name(a), kit::cards_name(b)))
                    }
                }),
                None,
            ),
            Check::Derive { cubes: c, max_cubes, property } => {
                let want = with_property(*property);
                let mut names = Names::new(&cubes(c), every_card());
                let found = names
                    .all_fished()
                    .into_iter()
                    .filter(|f| f.cards == want)
                    .map(|f| f.text_1969())
                    .min_by_key(|t| t.chars().filter(|ch| !ch.is_whitespace() && *ch != '(' && *ch != ')').count());
                (
                    format!("the exact search over the cubes {c} finds a Set-Name of at most {max_cubes} cubes with exactly those cards"),
                    match found {
                        Some(t) if t.chars().filter(|ch| !ch.is_whitespace() && *ch != '(' && *ch != ')').count() <= *max_cubes => Ok(format!("found {t}")),
                        Some(t) => Err(format!("shortest found is {t}")),
                        None => Err("no Set-Name from those cubes names that set".into()),
                    },
                    None,
                )
            }
            Check::Accounting { mat, answer, max_resources } => (
                format!(
                    "{answer} uses every Required cube, no Forbidden cube and {} from Resources",
                    match max_resources {
                        Some(1) => "at most one cube".to_string(),
                        Some(n) => format!("at most {n} cubes"),
                        None => "any number of cubes".into(),
                    }
                ),
                accounting(mat, answer).and_then(|n| match max_resources {
                    Some(m) if n > *m => Err(format!("{n} Resources cubes needed")),
                    _ => Ok(format!("{n} Resources cube(s) used")),
                }),
                Some(mat.clone()),
            ),
        };
        let (ok, detail) = match result {
            Ok(d) => (true, d),
            Err(d) => (false, d),
        };
        Verified {
            id: self.id,
            section: self.section,
            question: self.question,
            printed_answer: self.printed_answer,
            mat,
            checked,
            ok,
            detail,
            lost: self.lost,
        }
    }
}

fn has(c: Card, color: Color) -> bool {
    c.has(color)
}

const UNIVERSE_LOST: &str = "The Universe (card pictures) is lost, so whether the Solution names exactly the Goal cannot be re-derived.";

/// Every item the scan allows: the §4 exercises and text, the §5–§6 examples and the §7
/// puzzles, in the manual's order.
pub fn items() -> Vec<Item> {
    let mut all = section_4();
    all.extend(sections_5_6());
    all.extend(section_7());
    all
}

/// The §4 text and exercises (Set-Names and identities).
fn section_4() -> Vec<Item> {
    use Color::*;
    vec![
        Item {
            id: "4.2-C-text",
            section: "4.2-C",
            question: "B ∪ G′ fishes out all those that are either blue or not green.",
            printed_answer: "(stated in the text)",
            check: Check::Names { text: "B ∪ G′", property: |c| has(c, Blue) || !has(c, Green) },
            lost: "",
        },
        Item {
            id: "4.2-C-text-2",
            section: "4.2-C",
            question: "The cards fished out by (B ∪ G)′ are all those that are not either blue or green.",
            printed_answer: "(stated in the text)",
            check: Check::Names { text: "(B ∪ G)′", property: |c| !(has(c, Blue) || has(c, Green)) },
            lost: "The Set-Names in this passage are garbled; editions.md §2.7 reads them as above.",
        },
        Item {
            id: "4.2-C-P1-C",
            section: "4.2-C P1",
            question: "C. Write a Set-Name that would fish out all those cards that are red and not blue.",
            printed_answer: "garbled (raw \"R∩O\")",
            check: Check::Derive { cubes: "R B ∩ − ′", max_cubes: 3, property: |c| has(c, Red) && !has(c, Blue) },
            lost: "The printed answer is garbled; the software re-derives a shortest one.",
        },
        Item {
            id: "4.2-C-P1-D",
            section: "4.2-C P1",
            question: "D. Write a Set-Name that would fish out all those cards that are not both red and blue.",
            printed_answer: "(R ∩ B)′ (garbled)",
            check: Check::Names { text: "(R ∩ B)′", property: |c| !(has(c, Red) && has(c, Blue)) },
            lost: "",
        },
        Item {
            id: "4.2-B-P7",
            section: "4.2-B P7",
            question: "An expression for the cards that are both red and green, plus the orange ones.",
            printed_answer: "(R ∩ G) ∪ O; cards 1, 2, 4",
            check: Check::Names { text: "(R ∩ G) ∪ O", property: |c| (has(c, Red) && has(c, Green)) || has(c, Yellow) },
            lost: "The four cards are lost, so \"1, 2, 4\" cannot be re-derived.",
        },
        Item {
            id: "4.3-A-A",
            section: "4.3-A",
            question: "A. What is a shorter name for the set named by B ∩ V?",
            printed_answer: "B (raw \"EI\")",
            check: Check::Same { left: "B ∩ V", right: "B" },
            lost: "The question's cubes are garbled; editions.md §2.14 reads B ∩ V.",
        },
        Item {
            id: "4.3-A-B",
            section: "4.3-A",
            question: "B. What is another (shorter) name for Λ′?",
            printed_answer: "V (raw \"@0 = a\")",
            check: Check::Same { left: "Λ′", right: "V" },
            lost: "",
        },
        Item {
            id: "4.3-A-text",
            section: "4.3-A",
            question: "The set named by B − Λ is always the same as the set named by B.",
            printed_answer: "(stated in the text)",
            check: Check::Same { left: "B − Λ", right: "B" },
            lost: "The color in the text is garbled; any color gives the same identity.",
        },
    ]
}

/// The §5 examples and §6 game 1 (e).
fn sections_5_6() -> Vec<Item> {
    vec![
        Item {
            id: "5-a",
            section: "5 a",
            question: "No-Goal challenge: the Challenger sets [4][2] (= 6) and writes R ∪ R′, which names every card.",
            printed_answer: "R ∪ R′; Challenger wins",
            check: Check::Names { text: "R ∪ R′", property: |_| true },
            lost: "The Universe is lost; R ∪ R′ names every card of any Universe, so Goal 6 fits a six-card one.",
        },
        Item {
            id: "5-d",
            section: "5 d",
            question: "A-claim challenge: the Challenger builds a Solution with at most one Resources cube.",
            printed_answer: "(O − G)′, the ′ from Resources",
            check: Check::Accounting {
                mat: Mat { resources: "B ′ ∪", forbidden: "B", permitted: "R ∩ O", required: "− G", goal: "[3][4] = 7" },
                answer: "(O − G)′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "5-f",
            section: "5 f",
            question: "P-claim challenge with Goal 0: the Mover shows (G − O) − G.",
            printed_answer: "(G − O) − G; Mover wins",
            check: Check::Names { text: "(G − O) − G", property: |_| false },
            lost: "The mat is partly garbled; the identity (no card in any Universe, so Goal 0) is what is checked.",
        },
        Item {
            id: "5-g",
            section: "5 g",
            question: "C-claim stemming from an A-claim: the Challenger writes a Solution with at most one Resources cube.",
            printed_answer: "(R ∪ G)′′, one ′ from Resources",
            check: Check::Accounting {
                mat: Mat { resources: "′ ∩", forbidden: "3 2 − B", permitted: "O G", required: "′ ∪ R", goal: "5" },
                answer: "(R ∪ G)′′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "6-1-e",
            section: "6, sample game 1, play e",
            question: "P-claim: B writes a Solution; C, who joined B, writes another.",
            printed_answer: "(G ∪ B) ∪ R and (G ∪ B) ∪ (R ∩ R); A 0, B 2, C 2",
            check: Check::Accounting {
                mat: Mat { resources: "R R B G ∪ ∩", forbidden: "1", permitted: "∩", required: "∪ R", goal: "[2][4] = 6" },
                answer: "(G ∪ B) ∪ (R ∩ R)",
                max_resources: None,
            },
            lost: UNIVERSE_LOST,
        },
    ]
}

/// The §7 puzzles (One-Cube Solutions, C-Solutions, Flubs).
fn section_7() -> Vec<Item> {
    vec![
        Item {
            id: "7.1-A",
            section: "7.1-A One-Cube-Solution (Basic)",
            question: "Find a Solution using all the cubes in Required, any in Permitted, none from Forbidden and at most one from Resources.",
            printed_answer: "(G − (R ∪ B))′, using the Resources G",
            check: Check::Accounting {
                mat: Mat { resources: "G O", forbidden: "G ∩", permitted: "R B", required: "′ − ∪", goal: "7 (layout garbled)" },
                answer: "(G − (R ∪ B))′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.1-B",
            section: "7.1-B One-Cube-Solution (Advanced)",
            question: "The same question, Advanced.",
            printed_answer: "B = Λ ; Λ ∪ V, using the Resources ∪",
            check: Check::Accounting {
                mat: Mat { resources: "∩ ∩ ∪ B R O", forbidden: "2 3 B ∪ R", permitted: "V B R G", required: "= Λ", goal: "illegible" },
                answer: "B = Λ ; Λ ∪ V",
                max_resources: Some(1),
            },
            lost: "The Universe and the Goal are lost.",
        },
        Item {
            id: "7.2-B",
            section: "7.2-B CAP-Claim (Advanced)",
            question: "Which claim does the circled move violate? Sustain the burden if the Challenger has it.",
            printed_answer: "C-claim stemming from an A-claim; (B∩R) − O ⊆ G ; (B∩R) − O, the G from Resources",
            check: Check::Accounting {
                mat: Mat { resources: "B B R G ∪", forbidden: "R − 4 3", permitted: "V B R O", required: "⊆ ∩ −", goal: "illegible" },
                answer: "(B ∩ R) − O ⊆ G ; (B ∩ R) − O",
                max_resources: Some(1),
            },
            lost: "The circled cube, the Universe and the Goal are lost; which claim is violated cannot be re-derived.",
        },
        Item {
            id: "7.3-A-cap",
            section: "7.3-A Taboo-Move (Basic)",
            question: "∩ to Permitted or Required is an A-claim Flub: give the Solution.",
            printed_answer: "(B ∩ O)′",
            check: Check::Accounting {
                mat: Mat { resources: "B R −", forbidden: "3 2 G", permitted: "∪ G", required: "′ O ∩", goal: "5 (raw \"S\")" },
                answer: "(B ∩ O)′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-A-blue",
            section: "7.3-A Taboo-Move (Basic)",
            question: "B to Permitted or Required is an A-claim Flub: give the Solution.",
            printed_answer: "(B ∩ O)′",
            check: Check::Accounting {
                mat: Mat { resources: "R − ∩", forbidden: "3 2 G", permitted: "∪ G", required: "′ O B", goal: "5 (raw \"S\")" },
                answer: "(B ∩ O)′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-A-minus",
            section: "7.3-A Taboo-Move (Basic)",
            question: "− to Permitted or Required is an A-claim Flub: give the Solution.",
            printed_answer: "[O − (G ∪ R)]′",
            check: Check::Accounting {
                mat: Mat { resources: "B R ∩", forbidden: "3 2 G", permitted: "∪ G", required: "′ O −", goal: "5 (raw \"S\")" },
                answer: "[O − (G ∪ R)]′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-A-red",
            section: "7.3-A Taboo-Move (Basic)",
            question: "R to Permitted or Required is an A-claim Flub: give the Solution.",
            printed_answer: "[O − (G ∪ R)]′",
            check: Check::Accounting {
                mat: Mat { resources: "B − ∩", forbidden: "3 2 G", permitted: "∪ G", required: "′ O R", goal: "5 (raw \"S\")" },
                answer: "[O − (G ∪ R)]′",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-B-green",
            section: "7.3-B Taboo-Move (Advanced)",
            question: "G to Permitted is an A-claim Flub: give the Solution.",
            printed_answer: "G = R − G ; V − G",
            check: Check::Accounting {
                mat: Mat { resources: "∪ R B O ∩", forbidden: "B ∩ O R 4 3", permitted: "V ⊆ G", required: "= − G", goal: "1? (raw \"[T|\")" },
                answer: "G = R − G ; V − G",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-B-red",
            section: "7.3-B Taboo-Move (Advanced)",
            question: "R to Permitted or Required is an A-claim Flub: give the Solution.",
            printed_answer: "G − R = O ; G − R",
            check: Check::Accounting {
                mat: Mat { resources: "∪ G B O ∩", forbidden: "B ∩ O R 4 3", permitted: "V ⊆", required: "= − G R", goal: "1? (raw \"[T|\")" },
                answer: "G − R = O ; G − R",
                max_resources: Some(1),
            },
            lost: UNIVERSE_LOST,
        },
        Item {
            id: "7.3-B-cup",
            section: "7.3-B Taboo-Move (Advanced)",
            question: "∪ to Permitted is an A-claim Flub: give the Solution.",
            printed_answer: "G = R − V ; V − (G ∪ R)",
            check: Check::Accounting {
                mat: Mat { resources: "R G B O ∩", forbidden: "B ∩ O R 4 3", permitted: "V ⊆ ∪", required: "= − G", goal: "1? (raw \"[T|\")" },
                answer: "G = R − V ; V − (G ∪ R)",
                max_resources: Some(1),
            },
            lost: "The Universe is lost; the one Resources R serves both parts (3.4'(E)(5)(a)).",
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(id: &str) {
        let item = items().into_iter().find(|i| i.id == id).unwrap();
        let v = item.verify();
        assert!(v.ok, "{id}: {} — {}", v.checked, v.detail);
    }

    #[test]
    fn m69_4_2_c_prime_and_complement_of_a_union() {
        check("4.2-C-text");
        check("4.2-C-text-2");
    }
    #[test]
    fn m69_4_2_c_p1_c_red_and_not_blue_re_derived() {
        check("4.2-C-P1-C");
    }
    #[test]
    fn m69_4_2_c_p1_d_not_both_red_and_blue() {
        check("4.2-C-P1-D");
    }
    #[test]
    fn m69_4_2_b_p7_red_and_green_plus_orange() {
        check("4.2-B-P7");
    }
    #[test]
    fn m69_4_3_a_shorter_names() {
        check("4.3-A-A");
        check("4.3-A-B");
        check("4.3-A-text");
    }
    #[test]
    fn m69_5_a_r_cup_r_prime_names_every_card() {
        check("5-a");
    }
    #[test]
    fn m69_5_d_one_resources_cube() {
        check("5-d");
    }
    #[test]
    fn m69_5_f_goal_zero_in_every_universe() {
        check("5-f");
    }
    #[test]
    fn m69_5_g_double_prime_one_resources_cube() {
        check("5-g");
    }
    #[test]
    fn m69_6_game_1_e_third_party_solution() {
        check("6-1-e");
    }
    #[test]
    fn m69_7_1_a_one_cube_solution_basic() {
        check("7.1-A");
    }
    #[test]
    fn m69_7_1_b_one_cube_solution_advanced_required_lambda_in_both_parts() {
        check("7.1-B");
    }
    #[test]
    fn m69_7_2_b_cap_claim_c_solution() {
        check("7.2-B");
    }
    #[test]
    fn m69_7_3_a_taboo_moves_basic() {
        for id in ["7.3-A-cap", "7.3-A-blue", "7.3-A-minus", "7.3-A-red"] {
            check(id);
        }
    }
    #[test]
    fn m69_7_3_b_taboo_moves_advanced() {
        for id in ["7.3-B-green", "7.3-B-red", "7.3-B-cup"] {
            check(id);
        }
    }

    #[test]
    fn accounting_refuses_what_the_mat_does_not_allow() {
        let mat = Mat {
            resources: "G O",
            forbidden: "G ∩",
            permitted: "R B",
            required: "′ − ∪",
            goal: "7",
        };
        // Leaving out a Required cube.
        assert!(accounting(&mat, "G − (R ∪ B)").is_err());
        // Two Resources cubes (G and O).
        assert_eq!(accounting(&mat, "(G − (O ∪ B))′"), Ok(2));
        // A Forbidden ∩ cannot be used.
        assert!(accounting(&mat, "(G − (R ∪ (B ∩ R)))′").is_err());
        // The printed answer needs exactly one.
        assert_eq!(accounting(&mat, "(G − (R ∪ B))′"), Ok(1));
    }

    #[test]
    fn every_item_verifies() {
        for item in items() {
            let v = item.verify();
            assert!(v.ok, "{}: {}", v.id, v.detail);
        }
    }
}
