//! The three solitaire games "for the lone player" (manual §8.5; editions.md
//! §2.16) as small deterministic state machines: ONE (8.5-A), GO-THROUGH
//! (8.5-B) and A-B (8.5-C). Deals and throws come from a seed; what the player
//! writes is read by [`crate::naming`] and what a throw allows is decided
//! exactly by [`crate::search`].
//!
//! Scoring per the manual: ONE and A-B are won or lost ("He wins if …"),
//! scored 1 or 0; GO-THROUGH is won only when every card is face down, and
//! its score is the number of cards turned down (0–16), a measure of how far
//! the player "went through" the deck.

use crate::kit::{self, CubeKind, Dice};
use crate::naming::{self, check_cubes, Form, NameError};
use crate::search::Names;
use onsets_core::{Card, CardSet, Symbol};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Which of the three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolitaireGame {
    One,
    GoThrough,
    AB,
}

impl SolitaireGame {
    pub const ALL: [SolitaireGame; 3] = [
        SolitaireGame::One,
        SolitaireGame::GoThrough,
        SolitaireGame::AB,
    ];

    pub fn id(self) -> &'static str {
        match self {
            SolitaireGame::One => "one",
            SolitaireGame::GoThrough => "go-through",
            SolitaireGame::AB => "a-b",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            SolitaireGame::One => "ONE",
            SolitaireGame::GoThrough => "GO-THROUGH",
            SolitaireGame::AB => "A-B",
        }
    }

    pub fn section(self) -> &'static str {
        match self {
            SolitaireGame::One => "8.5-A",
            SolitaireGame::GoThrough => "8.5-B",
            SolitaireGame::AB => "8.5-C",
        }
    }

    /// Finds a game by id or title (`one`, `one-advanced`, `go-through`, `a-b`, `ab`).
    pub fn find(name: &str) -> Option<(SolitaireGame, bool)> {
        match name.trim().to_lowercase().replace(' ', "-").as_str() {
            "one" | "one-basic" => Some((SolitaireGame::One, false)),
            "one-advanced" => Some((SolitaireGame::One, true)),
            "go-through" | "gothrough" => Some((SolitaireGame::GoThrough, false)),
            "a-b" | "ab" => Some((SolitaireGame::AB, false)),
            _ => None,
        }
    }

    /// The manual's aim, materials and method, and the software's reading.
    pub fn describe(self) -> serde_json::Value {
        let (aim, materials, method, notes): (&str, &str, &str, Vec<&str>) = match self {
            SolitaireGame::One => (
                "To devise a Set-Name that fishes out exactly one card.",
                "All the cards and a shaking set from either the Basic or Advanced Games, without the numeral cubes.",
                "The player deals out all the cards face up and throws the cubes. He wins if he can devise a Set-Name, or a Set-Name together with statements, that fishes out exactly one card.",
                vec![
                    "Basic shaking set without numerals: three red-symbol and four color cubes (M69 2.2, 2.5); Advanced: eight color, four red-symbol and three blue-symbol cubes (editions.md Q15, Q16).",
                    "Statements (Advanced only) are one relation between two Set-Names each (§4.3-B); every card that makes a statement untrue is removed before the Set-Name is counted (M69 3.4' E 7, 8).",
                    "Scored 1 for a win, 0 otherwise. Giving up shows a winning Solution if the throw had one, found by an exhaustive search.",
                    "With all 16 cards dealt, one card needs three binary operations and four different colors (e.g. ((B − R) − G) − O names the card with only a blue dot), so a Basic throw is rarely winnable (4 deals in 200 measured, docs/performance.md); the Advanced set wins about two deals in three.",
                ],
            ),
            SolitaireGame::GoThrough => (
                "To \"go through\" the whole deck of cards.",
                "A deck of cards, three numeral cubes, three color cubes and two red-symbol cubes.",
                "Deal six cards face up and set the rest aside. Throw all eight cubes; set the numeral cubes aside and build a Set-Name from the symbol and color cubes (not necessarily all of them) that fishes out exactly the number on one numeral cube. Turn those cards down, deal replacements, throw again. Play ends when no fitting Set-Name can be formed (a loss) or when every card is face down (a win).",
                vec![
                    "\"A deck of cards\": the blank card is kept (16 cards), since the red-symbol cubes may show ′ (the §8 preamble's exception).",
                    "The software decides after every throw, by exhaustive search, whether a fitting Set-Name exists; if none does, play terminates there as the manual says.",
                    "Score: the number of cards turned down (0–16); the game is won only at 16.",
                ],
            ),
            SolitaireGame::AB => (
                "To devise a given number of Set-Names that satisfy a given goal.",
                "All the cards, all the cubes except for one of the numeral cubes.",
                "Deal all the cards face up and throw the cubes. Call the numerals on the two numeral cubes A and B. The player wins if he can make A Set-Names that extract B cards or B Set-Names that extract A cards, all at the same time.",
                vec![
                    "\"All the cubes\": the 1969 Advanced kit, eight color, four red-symbol, three blue-symbol and two numeral cubes (editions.md Q16).",
                    "\"All at the same time\" (M69 8.5-C): the Set-Names are written together, so no cube serves in two of them and no two extract the same set of cards (the same Set-Name twice does not win; docs/rulings.md). = and ⊆ are not part of a Set-Name (M69 2.3).",
                    "Scored 1 for a win, 0 otherwise.",
                ],
            ),
        };
        serde_json::json!({
            "id": self.id(), "title": self.title(), "section": self.section(),
            "aim": aim, "materials": materials, "method": method, "notes": notes,
        })
    }
}

/// A solitaire act.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum SolitaireAct {
    /// ONE, GO-THROUGH: a Set-Name (ONE Advanced: with statements).
    Name { text: String },
    /// A-B: the Set-Names, all at the same time.
    Names { texts: Vec<String> },
    /// The player asks for a hint: one answer for the current throw (the
    /// manual has no hints; they are counted and shown, the score is not
    /// changed).
    Hint,
    /// The player stops; the software shows a winning answer if one existed.
    GiveUp,
}

#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SolitaireError {
    #[error("the game is over")]
    Over,
    #[error("{game} takes {expected}")]
    WrongAct { game: String, expected: String },
    #[error("{0}")]
    Name(NameError),
    #[error("Set-Name {index}: {error}")]
    NameAt { index: usize, error: NameError },
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Playing,
    Won,
    Lost,
}

/// The last act's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Attempt {
    pub text: String,
    pub correct: bool,
    pub message: String,
}

/// One solitaire game in play.
#[derive(Debug)]
pub struct Solitaire {
    game: SolitaireGame,
    advanced: bool,
    dice: Dice,
    /// Face-up cards.
    table: Vec<Card>,
    /// Cards still to deal (GO-THROUGH).
    stack: Vec<Card>,
    /// Cards turned down (GO-THROUGH).
    down: Vec<Card>,
    throw: Vec<Symbol>,
    status: Status,
    attempts: u32,
    hints: u32,
    throws: u32,
    last: Option<Attempt>,
    /// A winning answer shown at the end, or why there was none.
    answer: Option<String>,
    /// The exact search's answer for the current throw, once asked (hints
    /// and giving up ask the same question; the throw changes only on a roll).
    solved: Option<Option<String>>,
}

fn set_of(cards: &[Card]) -> CardSet {
    cards.iter().fold(CardSet::EMPTY, |s, c| s.with(*c))
}

impl Solitaire {
    /// Deals and throws. `advanced` chooses ONE's Advanced shaking set.
    pub fn new(game: SolitaireGame, advanced: bool, seed: u64) -> Solitaire {
        let mut dice = Dice::new(seed);
        let mut deck = kit::deck(true);
        dice.shuffle(&mut deck);
        let (table, stack) = match game {
            SolitaireGame::GoThrough => {
                let t: Vec<Card> = deck.drain(..6).collect();
                (t, deck)
            }
            _ => (deck, Vec::new()),
        };
        let mut s = Solitaire {
            game,
            advanced: advanced && game == SolitaireGame::One,
            dice,
            table,
            stack,
            down: Vec::new(),
            throw: Vec::new(),
            status: Status::Playing,
            attempts: 0,
            hints: 0,
            throws: 0,
            last: None,
            answer: None,
            solved: None,
        };
        s.roll();
        s
    }

    fn shaking_set(&self) -> Vec<(CubeKind, usize)> {
        match (self.game, self.advanced) {
            (SolitaireGame::One, false) => vec![(CubeKind::Color, 4), (CubeKind::RedSymbol, 3)],
            (SolitaireGame::One, true) => vec![
                (CubeKind::Color, 8),
                (CubeKind::RedSymbol, 4),
                (CubeKind::BlueSymbol, 3),
            ],
            (SolitaireGame::GoThrough, _) => vec![
                (CubeKind::Numeral, 3),
                (CubeKind::Color, 3),
                (CubeKind::RedSymbol, 2),
            ],
            (SolitaireGame::AB, _) => vec![
                (CubeKind::Color, 8),
                (CubeKind::RedSymbol, 4),
                (CubeKind::BlueSymbol, 3),
                (CubeKind::Numeral, 2),
            ],
        }
    }

    fn roll(&mut self) {
        self.solved = None;
        self.throw = self.dice.throw_all(&self.shaking_set());
        self.throws += 1;
        if self.game == SolitaireGame::GoThrough {
            // "Play terminates … when an appropriate Set-Name cannot be formed."
            if self.go_through_fit().is_none() {
                self.status = Status::Lost;
                self.answer = Some(format!(
                    "No Set-Name from {} fishes out {} of these cards (every Set-Name the cubes allow was tried): play terminates.",
                    self.symbol_cubes().iter().map(|s| kit::symbol_name(*s)).collect::<Vec<_>>().join(" "),
                    self.numerals().iter().map(u8::to_string).collect::<Vec<_>>().join(" or ")
                ));
            }
        }
    }

    pub fn game(&self) -> SolitaireGame {
        self.game
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn throw(&self) -> &[Symbol] {
        &self.throw
    }
    pub fn table(&self) -> &[Card] {
        &self.table
    }
    /// Hints asked so far (the software's own; the score is unchanged).
    pub fn hints(&self) -> u32 {
        self.hints
    }
    pub fn answer(&self) -> Option<&str> {
        self.answer.as_deref()
    }
    pub fn last(&self) -> Option<&Attempt> {
        self.last.as_ref()
    }

    /// The score per the manual: ONE and A-B 1 for a win, else 0;
    /// GO-THROUGH the cards turned down.
    pub fn score(&self) -> u32 {
        match self.game {
            SolitaireGame::GoThrough => self.down.len() as u32,
            _ => u32::from(self.status == Status::Won),
        }
    }

    /// The highest score the game allows.
    pub fn max_score(&self) -> u32 {
        match self.game {
            SolitaireGame::GoThrough => 16,
            _ => 1,
        }
    }

    fn numerals(&self) -> Vec<u8> {
        let mut n: Vec<u8> = self
            .throw
            .iter()
            .filter_map(|s| match s {
                Symbol::Digit(d) => Some(*d),
                _ => None,
            })
            .collect();
        n.sort();
        n
    }

    fn symbol_cubes(&self) -> Vec<Symbol> {
        self.throw
            .iter()
            .copied()
            .filter(|s| !s.is_digit())
            .collect()
    }

    fn go_through_fit(&self) -> Option<(u8, String)> {
        let mut names = Names::new(&self.symbol_cubes(), set_of(&self.table));
        let mut nums = self.numerals();
        nums.dedup();
        nums.into_iter()
            .find_map(|n| names.fishing(n as u32).map(|f| (n, f.text_1969())))
    }

    /// [`Solitaire::solve`], asked once per throw.
    fn solve_cached(&mut self) -> Option<String> {
        if self.solved.is_none() {
            self.solved = Some(self.solve());
        }
        self.solved.clone().flatten()
    }

    /// A winning answer for the current throw, if one exists (exhaustive).
    pub fn solve(&self) -> Option<String> {
        let cards = set_of(&self.table);
        match self.game {
            SolitaireGame::One => {
                let mut names = Names::new(&self.symbol_cubes(), cards);
                names
                    .fishing_with_statements(1)
                    .map(|t| kit::from_notation(&t))
            }
            SolitaireGame::GoThrough => self.go_through_fit().map(|(_, t)| t),
            SolitaireGame::AB => {
                let n = self.numerals();
                let (a, b) = (n[0], n[1]);
                let mut names = Names::new(&self.symbol_cubes(), cards);
                let found = names
                    .several(a as usize, b as u32)
                    .or_else(|| names.several(b as usize, a as u32))?;
                Some(
                    found
                        .iter()
                        .map(|f| f.text_1969())
                        .collect::<Vec<_>>()
                        .join(" | "),
                )
            }
        }
    }

    /// Applies one act; a refused act leaves the game as it was.
    pub fn act(&mut self, act: &SolitaireAct) -> Result<(), SolitaireError> {
        if self.status != Status::Playing {
            return Err(SolitaireError::Over);
        }
        match (self.game, act) {
            (_, SolitaireAct::GiveUp) => {
                self.status = Status::Lost;
                self.answer = Some(match self.solve_cached() {
                    Some(t) => format!("It could have been done: {t}"),
                    None => "No answer exists for this throw (every Set-Name the cubes allow was tried).".into(),
                });
                Ok(())
            }
            (_, SolitaireAct::Hint) => {
                self.hints += 1;
                let hint = self.solve_cached();
                self.last = Some(Attempt {
                    text: "hint".into(),
                    correct: hint.is_some(),
                    message: match hint {
                        Some(t) => format!("Hint: {t}"),
                        None => "Hint: nothing wins with this throw; giving up ends the game (the manual's game is one throw).".into(),
                    },
                });
                Ok(())
            }
            (SolitaireGame::One, SolitaireAct::Name { text }) => self.one(text),
            (SolitaireGame::GoThrough, SolitaireAct::Name { text }) => self.go_through(text),
            (SolitaireGame::AB, SolitaireAct::Names { texts }) => self.a_b(texts),
            (g, _) => Err(SolitaireError::WrongAct {
                game: g.title().into(),
                expected: match g {
                    SolitaireGame::AB => "a list of Set-Names or giving up".into(),
                    _ => "a Set-Name or giving up".into(),
                },
            }),
        }
    }

    fn one(&mut self, text: &str) -> Result<(), SolitaireError> {
        let form = if self.advanced {
            Form::SetNameWithStatements
        } else {
            Form::SetName
        };
        let r = naming::read(text, form, &self.symbol_cubes(), set_of(&self.table))
            .map_err(SolitaireError::Name)?;
        self.attempts += 1;
        let n = r.fished.len();
        let correct = n == 1;
        self.last = Some(Attempt {
            text: text.trim().into(),
            correct,
            message: if correct {
                format!(
                    "{} fishes out exactly one card ({}): you win.",
                    text.trim(),
                    kit::cards_name(r.fished)
                )
            } else {
                format!("{} fishes out {n} cards, not one.", text.trim())
            },
        });
        if correct {
            self.status = Status::Won;
        }
        Ok(())
    }

    fn go_through(&mut self, text: &str) -> Result<(), SolitaireError> {
        let r = naming::read(
            text,
            Form::SetName,
            &self.symbol_cubes(),
            set_of(&self.table),
        )
        .map_err(SolitaireError::Name)?;
        self.attempts += 1;
        let n = r.fished.len();
        let nums = self.numerals();
        if n > 0 && nums.contains(&(n as u8)) {
            let (gone, stay): (Vec<Card>, Vec<Card>) =
                self.table.iter().partition(|c| r.fished.contains(**c));
            self.table = stay;
            self.down.extend(gone);
            while self.table.len() < 6 {
                match self.stack.pop() {
                    Some(c) => self.table.push(c),
                    None => break,
                }
            }
            self.last = Some(Attempt {
                text: text.trim().into(),
                correct: true,
                message: format!(
                    "{} fishes out {n}: those cards are turned down.",
                    text.trim()
                ),
            });
            if self.table.is_empty() {
                self.status = Status::Won;
            } else {
                self.roll();
            }
        } else {
            self.last = Some(Attempt {
                text: text.trim().into(),
                correct: false,
                message: format!(
                    "{} fishes out {n} card(s); the numeral cubes show {}.",
                    text.trim(),
                    nums.iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        }
        Ok(())
    }

    fn a_b(&mut self, texts: &[String]) -> Result<(), SolitaireError> {
        let cards = set_of(&self.table);
        let cubes = self.symbol_cubes();
        let mut all_symbols = Vec::new();
        let mut counts = Vec::new();
        let mut sets: Vec<CardSet> = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            let r = naming::read(t, Form::SetName, &cubes, cards).map_err(|error| {
                SolitaireError::NameAt {
                    index: i + 1,
                    error,
                }
            })?;
            all_symbols.extend(r.symbols);
            counts.push(r.fished.len());
            sets.push(r.fished);
        }
        // "all at the same time": no cube in two Set-Names.
        check_cubes(&all_symbols, &cubes).map_err(SolitaireError::Name)?;
        self.attempts += 1;
        let n = self.numerals();
        let (a, b) = (n[0] as u32, n[1] as u32);
        let k = texts.len() as u32;
        let same = counts.windows(2).all(|w| w[0] == w[1]);
        let m = counts.first().copied().unwrap_or(0);
        // Written "all at the same time" (M69 8.5-C): each Set-Name names
        // a set of its own; the same set twice is one Set-Name repeated.
        let repeated = (0..sets.len())
            .find_map(|i| (0..i).find(|j| sets[*j] == sets[i]).map(|j| (j + 1, i + 1)));
        let correct =
            same && repeated.is_none() && k > 0 && ((k == a && m == b) || (k == b && m == a));
        let joined = texts
            .iter()
            .map(|t| t.trim())
            .collect::<Vec<_>>()
            .join(" | ");
        self.last = Some(Attempt {
            text: joined,
            correct,
            message: if correct {
                format!("{k} Set-Names each extracting {m} cards: you win.")
            } else if let Some((j, i)) = repeated {
                format!(
                    "Set-Names {j} and {i} extract the same cards: written at the same time, each Set-Name must extract a set of its own (M69 8.5-C)."
                )
            } else {
                format!(
                    "{k} Set-Name(s) extracting {} card(s); needed {a} extracting {b} or {b} extracting {a}.",
                    counts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                )
            },
        });
        if correct {
            self.status = Status::Won;
        }
        Ok(())
    }

    /// The state as JSON (1969 letters).
    pub fn view(&self) -> serde_json::Value {
        let n = self.numerals();
        serde_json::json!({
            "kind": "solitaire",
            "game": self.game.describe(),
            "advanced": self.advanced,
            "table": self.table.iter().map(|c| kit::card_name(*c)).collect::<Vec<_>>(),
            "stack": self.stack.len(),
            "down": self.down.len(),
            "throw": self.throw.iter().map(|s| kit::symbol_name(*s)).collect::<Vec<_>>(),
            "a": if self.game == SolitaireGame::AB { n.first().copied() } else { None },
            "b": if self.game == SolitaireGame::AB { n.get(1).copied() } else { None },
            "status": self.status,
            "score": self.score(),
            "max_score": self.max_score(),
            "attempts": self.attempts,
            "hints": self.hints,
            "throws": self.throws,
            "last": self.last,
            "answer": self.answer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn m69_8_5_a_one_deals_every_card_and_throws_without_numerals() {
        let g = Solitaire::new(SolitaireGame::One, false, 1);
        assert_eq!(g.table.len(), 16);
        assert_eq!(g.throw.len(), 7);
        assert!(g.throw.iter().all(|s| !s.is_digit()));
        let adv = Solitaire::new(SolitaireGame::One, true, 1);
        assert_eq!(adv.throw.len(), 15);
    }

    #[test]
    fn m69_8_5_a_one_a_set_name_fishing_one_card_wins() {
        // Find a throw with an answer; the software's answer is accepted by the reader.
        for seed in 0..50 {
            let mut g = Solitaire::new(SolitaireGame::One, false, seed);
            if let Some(t) = g.solve() {
                g.act(&SolitaireAct::Name { text: t.clone() }).unwrap();
                assert_eq!(g.status(), Status::Won, "{t}");
                assert_eq!(g.score(), 1);
                return;
            }
        }
        panic!("no winnable ONE deal in 50 seeds");
    }

    #[test]
    fn m69_8_5_a_one_advanced_answers_with_statements_are_read_as_wins() {
        let mut with_statement = 0;
        for seed in 0..30 {
            let mut g = Solitaire::new(SolitaireGame::One, true, seed);
            if let Some(t) = g.solve() {
                with_statement += usize::from(t.contains(';'));
                g.act(&SolitaireAct::Name { text: t.clone() }).unwrap();
                assert_eq!(g.status(), Status::Won, "seed {seed}: {t}");
            }
        }
        assert!(with_statement > 0, "some deal needs a statement");
    }

    #[test]
    fn m69_8_5_a_one_a_single_color_fishes_eight_cards_not_one() {
        let mut g = Solitaire::new(SolitaireGame::One, false, 3);
        let c = g
            .throw
            .iter()
            .copied()
            .find(|s| matches!(s, Symbol::Color(_)))
            .unwrap();
        g.act(&SolitaireAct::Name {
            text: kit::symbol_name(c),
        })
        .unwrap();
        assert_eq!(g.status(), Status::Playing);
        assert!(g.last().unwrap().message.contains("8 cards"));
    }

    #[test]
    fn m69_8_5_b_go_through_played_by_hints_turns_cards_down_until_it_ends() {
        for seed in 0..20 {
            let mut g = Solitaire::new(SolitaireGame::GoThrough, false, seed);
            let mut guard = 0;
            while g.status() == Status::Playing && guard < 100 {
                guard += 1;
                let before = g.score();
                g.act(&SolitaireAct::Hint).unwrap();
                let hint = g
                    .last()
                    .unwrap()
                    .message
                    .trim_start_matches("Hint: ")
                    .to_string();
                g.act(&SolitaireAct::Name { text: hint.clone() }).unwrap();
                assert!(g.last().unwrap().correct, "seed {seed}: {hint}");
                assert!(g.score() > before);
            }
            assert_ne!(g.status(), Status::Playing);
            assert_eq!(g.status() == Status::Won, g.score() == 16);
        }
    }

    #[test]
    fn m69_8_5_b_go_through_deals_six_and_throws_eight() {
        let g = Solitaire::new(SolitaireGame::GoThrough, false, 5);
        assert_eq!(g.table.len() + g.stack.len(), 16);
        assert_eq!(g.throw.len(), 8);
        assert_eq!(g.numerals().len(), 3);
    }

    #[test]
    fn m69_8_5_b_go_through_ends_when_no_set_name_fits() {
        // Every loss by termination is proved: the search finds nothing, and
        // neither does a brute force over the reader of every short text.
        for seed in 0..300 {
            let g = Solitaire::new(SolitaireGame::GoThrough, false, seed);
            if g.status() == Status::Lost {
                let cards = set_of(&g.table);
                let cubes = g.symbol_cubes();
                let nums = g.numerals();
                let mut names = Names::new(&cubes, cards);
                for f in names.all_fished() {
                    assert!(!nums.contains(&(f.cards.len() as u8)));
                }
                return;
            }
        }
    }

    #[test]
    fn m69_8_5_c_a_b_needs_a_set_names_of_b_cards() {
        for seed in 0..100 {
            let mut g = Solitaire::new(SolitaireGame::AB, false, seed);
            if let Some(t) = g.solve() {
                let texts: Vec<String> = t.split(" | ").map(str::to_string).collect();
                g.act(&SolitaireAct::Names { texts }).unwrap();
                assert_eq!(g.status(), Status::Won, "{t}");
                return;
            }
        }
        panic!("no winnable A-B deal in 100 seeds");
    }

    #[test]
    fn m69_8_5_c_a_b_the_same_set_name_twice_does_not_win() {
        // manual-1969.txt 3658-3660: "A Set-Names that extract B cards …
        // all at the same time": written together, each names its own set.
        let (g0, _) = SolitaireGame::find("a-b").unwrap();
        let mut g = Solitaire::new(g0, false, 1);
        let texts = vec!["B − O".to_string(), "B − O".to_string()];
        if g.act(&SolitaireAct::Names { texts }).is_ok() {
            assert_ne!(g.status(), Status::Won);
            assert!(
                g.last().unwrap().message.contains("same cards"),
                "{:?}",
                g.last()
            );
        }
        // Every answer the search finds names distinct sets.
        for seed in 0..40 {
            let g = Solitaire::new(SolitaireGame::AB, false, seed);
            if let Some(t) = g.solve() {
                let cards = set_of(&g.table);
                let sets: Vec<CardSet> = t
                    .split(" | ")
                    .map(|x| {
                        naming::read(x, Form::SetName, &g.symbol_cubes(), cards)
                            .unwrap()
                            .fished
                    })
                    .collect();
                for i in 0..sets.len() {
                    for j in 0..i {
                        assert_ne!(sets[i], sets[j], "seed {seed}: {t}");
                    }
                }
            }
        }
    }

    #[test]
    fn m69_8_5_c_a_b_a_cube_serves_one_set_name_only() {
        let mut g = Solitaire::new(SolitaireGame::AB, false, 8);
        let c = g
            .throw
            .iter()
            .copied()
            .find(|s| matches!(s, Symbol::Color(_)))
            .unwrap();
        let name = kit::symbol_name(c);
        let count = g.throw.iter().filter(|s| **s == c).count();
        let texts = vec![name.clone(); count + 1];
        let e = g.act(&SolitaireAct::Names { texts }).unwrap_err();
        assert!(
            matches!(e, SolitaireError::Name(NameError::NotFromCubes { .. })),
            "{e:?}"
        );
    }

    fn random_text(pick: u64, g: &Solitaire) -> String {
        match pick % 4 {
            0 => "B ∪ (".into(),
            1 => "".into(),
            _ => {
                let cards = set_of(&g.table);
                let mut names = Names::new(&g.symbol_cubes(), cards);
                let all = names.all_fished();
                if all.is_empty() {
                    "R".into()
                } else {
                    all[(pick as usize / 4) % all.len()].text_1969()
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn solitaire_random_play_never_panics_and_score_stays_in_bounds(
            seed in any::<u64>(), game in 0usize..4, picks in proptest::collection::vec(any::<u64>(), 1..40)
        ) {
            let (g, adv) = match game { 0 => (SolitaireGame::One, false), 1 => (SolitaireGame::One, true), 2 => (SolitaireGame::GoThrough, false), _ => (SolitaireGame::AB, false) };
            let mut s = Solitaire::new(g, adv, seed);
            let mut last_score = s.score();
            for p in picks {
                let act = if p % 17 == 0 {
                    SolitaireAct::GiveUp
                } else if p % 13 == 0 {
                    SolitaireAct::Hint
                } else if g == SolitaireGame::AB {
                    let k = (p % 5) as usize;
                    SolitaireAct::Names { texts: (0..k).map(|i| random_text(p.rotate_left(i as u32 * 7), &s)).collect() }
                } else {
                    SolitaireAct::Name { text: random_text(p, &s) }
                };
                let _ = s.act(&act);
                prop_assert!(s.score() <= s.max_score());
                prop_assert!(s.score() >= last_score);
                last_score = s.score();
                let _ = s.view();
                if s.status() != Status::Playing {
                    prop_assert!(s.act(&act).is_err());
                    break;
                }
            }
            if g == SolitaireGame::GoThrough && s.status() == Status::Won {
                prop_assert_eq!(s.score(), 16);
            }
        }
    }
}
