//! The programmed series of 28 introductory games (manual §8.1–8.4;
//! editions.md §2.15): a FISH, an OUT, a SQUAD and a SETS game for each idea
//! (CUBE, CUP, CAP, DIFF, COMP, EQ, INC), "beginning at a level simple enough
//! for kindergarten students" (§8).
//!
//! Each game is data ([`IntroGame`]: number, title, section, what it teaches,
//! materials, procedure, how a round is judged, what the scan lost) and one
//! state machine ([`Intro`]) shared by the four families. The question each
//! round asks ("which cards does this Set-Name fish out?", "does it fish out
//! exactly the number on a numeral cube?") is answered by onsets-core through
//! [`crate::naming`].

use crate::kit::{self, CubeKind, Dice};
use crate::naming::{self, Form, NameError};
use crate::search::Names;
use onsets_core::{Card, CardSet, Symbol};
use serde::Serialize;
use thiserror::Error;

/// The idea a game practises (§8: "a FISH game that gives practice with
/// single-cube Set-Names, a FISH game that gives practice with each of the
/// connectives … and finally, FISH games that give practice in making
/// statements").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Idea {
    /// One color cube: a set defined by a property (8.1).
    Cube,
    /// ∪ face up (8.2).
    Cup,
    /// ∩ face up (8.3).
    Cap,
    /// − face up (8.3).
    Diff,
    /// ′ face up (8.3).
    Comp,
    /// = face up: truth sets of statements (8.4).
    Eq,
    /// ⊆ face up: truth sets of statements (8.4).
    Inc,
}

/// The four families of §8 ("the FISH games, the OUT games, the SQUAD games
/// and the SETS games").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    Fish,
    Out,
    Squad,
    Sets,
}

impl Idea {
    pub const ALL: [Idea; 7] = [
        Idea::Cube,
        Idea::Cup,
        Idea::Cap,
        Idea::Diff,
        Idea::Comp,
        Idea::Eq,
        Idea::Inc,
    ];

    /// The cube placed face up for the game (none for CUBE).
    pub const fn face_up(self) -> Option<Symbol> {
        match self {
            Idea::Cube => None,
            Idea::Cup => Some(Symbol::Union),
            Idea::Cap => Some(Symbol::Intersection),
            Idea::Diff => Some(Symbol::Minus),
            Idea::Comp => Some(Symbol::Complement),
            Idea::Eq => Some(Symbol::Equals),
            Idea::Inc => Some(Symbol::Subset),
        }
    }

    /// Whether the blank card stays in the deck: "In all of these games
    /// except for those that use ′ the blank card should be left out" (§8);
    /// "In the Comp games the blank card should be left in the deck" (8.3);
    /// the statement games throw red-symbol cubes that may show ′
    /// (editions.md Q29).
    pub const fn with_blank(self) -> bool {
        matches!(self, Idea::Comp | Idea::Eq | Idea::Inc)
    }

    /// Whether some throw lets this game's Set-Name fish out `card`. Not
    /// every card can be: no X − Y fishes out the card with all four dots
    /// (it has Y), and no X′ does either; the manual does not say what then
    /// happens (docs/rulings.md, "1969 introductory games that cannot end").
    pub fn can_fish(self, card: Card) -> bool {
        let colors = card.mask().count_ones();
        match self {
            Idea::Cube | Idea::Cup | Idea::Cap => colors > 0,
            Idea::Diff => colors > 0 && colors < 4,
            Idea::Comp => colors < 4,
            Idea::Eq | Idea::Inc => true,
        }
    }

    const fn word(self) -> &'static str {
        match self {
            Idea::Cube => "CUBE",
            Idea::Cup => "CUP",
            Idea::Cap => "CAP",
            Idea::Diff => "DIFF",
            Idea::Comp => "COMP",
            Idea::Eq => "EQ",
            Idea::Inc => "INC",
        }
    }
}

/// One of the 28 games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntroGame {
    pub idea: Idea,
    pub family: Family,
}

/// A game described for players: everything the manual says and what the
/// software does with it.
#[derive(Clone, Debug, Serialize)]
pub struct Description {
    /// 1–28, in the manual's order (§8.1 A–D, 8.2 A–D, 8.3, 8.4).
    pub number: u8,
    /// The URL/CLI name, e.g. `cube-fish`.
    pub id: String,
    /// The manual's title, e.g. `CUBE FISH`, `OUT CUP`, `INK SETS`.
    pub title: String,
    /// The manual's section.
    pub section: &'static str,
    pub idea: Idea,
    pub family: Family,
    /// What it teaches (the manual's "Aim of game").
    pub teaches: String,
    pub players: String,
    pub materials: String,
    pub procedure: String,
    /// How a round is judged in the software.
    pub judged: String,
    /// What the scan lost or the manual leaves open, and the reading taken.
    pub notes: Vec<String>,
}

impl IntroGame {
    /// All 28 in the manual's order.
    pub fn all() -> Vec<IntroGame> {
        let mut out = Vec::new();
        for idea in Idea::ALL {
            for family in [Family::Fish, Family::Out, Family::Squad, Family::Sets] {
                out.push(IntroGame { idea, family });
            }
        }
        out
    }

    /// 1–28.
    pub fn number(self) -> u8 {
        let i = Idea::ALL.iter().position(|x| *x == self.idea).unwrap_or(0) as u8;
        let f = match self.family {
            Family::Fish => 1,
            Family::Out => 2,
            Family::Squad => 3,
            Family::Sets => 4,
        };
        i * 4 + f
    }

    /// The manual's title.
    pub fn title(self) -> String {
        let w = self.idea.word();
        match (self.idea, self.family) {
            (Idea::Inc, Family::Sets) => "INK SETS".into(), // sic (8.4)
            (Idea::Eq | Idea::Inc, Family::Out) => format!("{w} OUT"),
            (_, Family::Out) => format!("OUT {w}"),
            (_, Family::Fish) => format!("{w} FISH"),
            (_, Family::Squad) => format!("{w} SQUAD"),
            (_, Family::Sets) => format!("{w} SETS"),
        }
    }

    /// The name used in URLs and on the command line: `cube-fish`, `out-cup`,
    /// `inc-sets`, or the number.
    pub fn id(self) -> String {
        let w = self.idea.word().to_lowercase();
        match self.family {
            Family::Fish => format!("{w}-fish"),
            Family::Out => format!("out-{w}"),
            Family::Squad => format!("{w}-squad"),
            Family::Sets => format!("{w}-sets"),
        }
    }

    /// Finds a game by id, number, or title (any case, spaces or hyphens;
    /// `ink-sets` and `eq-out` too).
    pub fn find(name: &str) -> Option<IntroGame> {
        let n = name.trim().to_lowercase().replace(' ', "-");
        if let Ok(k) = n.parse::<u8>() {
            return IntroGame::all().into_iter().find(|g| g.number() == k);
        }
        let n = if n == "ink-sets" {
            "inc-sets".to_string()
        } else {
            n
        };
        IntroGame::all().into_iter().find(|g| {
            g.id() == n || g.title().to_lowercase().replace(' ', "-") == n || {
                let w = g.idea.word().to_lowercase();
                g.family == Family::Out && n == format!("{w}-out")
            }
        })
    }

    pub fn section(self) -> &'static str {
        match (self.idea, self.family) {
            (Idea::Cube, Family::Fish) => "8.1-A",
            (Idea::Cube, Family::Out) => "8.1-B",
            (Idea::Cube, Family::Squad) => "8.1-C",
            (Idea::Cube, Family::Sets) => "8.1-D",
            (Idea::Cup, Family::Fish) => "8.2-A",
            (Idea::Cup, Family::Out) => "8.2-B",
            (Idea::Cup, Family::Squad) => "8.2-C",
            (Idea::Cup, Family::Sets) => "8.2-D",
            (Idea::Cap | Idea::Diff | Idea::Comp, _) => "8.3",
            (Idea::Eq | Idea::Inc, _) => "8.4",
        }
    }

    /// How many color cubes are thrown (8.1–8.4; COMP: one, editions.md Q29).
    pub fn color_cubes(self) -> usize {
        match (self.idea, self.family) {
            (Idea::Cube, Family::Sets) => 3,
            (Idea::Cube, _) => 1,
            (Idea::Comp, Family::Sets) => 4,
            (Idea::Comp, _) => 1,
            (Idea::Eq | Idea::Inc, _) => 4,
            (_, Family::Sets) => 4,
            (_, _) => 2,
        }
    }

    /// The cubes thrown each turn.
    pub fn shaking_set(self) -> Vec<(CubeKind, usize)> {
        let mut set = vec![(CubeKind::Color, self.color_cubes())];
        if matches!(self.idea, Idea::Eq | Idea::Inc) {
            // "a shaking set (three red-symbol cubes and four color cubes)" (8.4).
            set.push((CubeKind::RedSymbol, 3));
        }
        if self.family == Family::Sets {
            set.push((CubeKind::Numeral, 3));
        }
        set
    }

    /// The form of what a player writes.
    fn form(self) -> Form {
        match self.idea {
            Idea::Eq | Idea::Inc => Form::Statement,
            _ => Form::SetName,
        }
    }

    /// The shape the game's Set-Name must have, checked on the symbols
    /// written (the statement games take any statement).
    fn check_shape(self, symbols: &[Symbol]) -> Result<(), NameError> {
        let color = |s: &Symbol| matches!(s, Symbol::Color(_));
        let ok = match self.idea {
            Idea::Cube => symbols.len() == 1 && color(&symbols[0]),
            Idea::Comp => {
                symbols.len() == 2 && color(&symbols[0]) && symbols[1] == Symbol::Complement
            }
            Idea::Cup | Idea::Cap | Idea::Diff => {
                symbols.len() == 3
                    && color(&symbols[0])
                    && Some(symbols[1]) == self.idea.face_up()
                    && color(&symbols[2])
            }
            Idea::Eq | Idea::Inc => symbols.iter().any(|s| Some(*s) == self.idea.face_up()),
        };
        if ok {
            Ok(())
        } else {
            Err(NameError::Shape {
                message: format!("{}: {}", self.title(), self.shape_words()),
            })
        }
    }

    fn shape_words(self) -> &'static str {
        match self.idea {
            Idea::Cube => "the Set-Name is one color cube",
            Idea::Cup => "the Set-Name is a color cube on either side of the cup (X ∪ Y)",
            Idea::Cap => "the Set-Name is a color cube on either side of the cap (X ∩ Y)",
            Idea::Diff => "the Set-Name is a color cube on either side of the minus (X − Y)",
            Idea::Comp => "the Set-Name is a color cube followed by the prime (X′)",
            Idea::Eq => "write a statement S = T with the thrown cubes",
            Idea::Inc => "write a statement S ⊆ T with the thrown cubes",
        }
    }

    /// Everything the manual says about the game, and the software's reading.
    pub fn describe(self) -> Description {
        let title = self.title();
        let name = match self.idea {
            Idea::Cube => {
                "the notion of a set (of cards) defined by a property (color)".to_string()
            }
            Idea::Cup => "the use of the cup ∪ (union: cards in either set)".into(),
            Idea::Cap => "the use of the cap ∩ (intersection: cards in both sets)".into(),
            Idea::Diff => {
                "the use of the minus − (set difference: cards in the first set and not the second)"
                    .into()
            }
            Idea::Comp => "the use of the prime ′ (complement: cards not in the set)".into(),
            Idea::Eq => {
                "statements with = and their truth sets (the cards for which the statement is true)"
                    .into()
            }
            Idea::Inc => "statements with ⊆ and their truth sets".into(),
        };
        let teaches = match self.family {
            Family::Sets if self.idea == Idea::Cube => format!(
                "the basic structure of the game ON-SETS (Goal = Num(Set-Name)), and {name}"
            ),
            Family::Sets => format!("several new features of the Basic Game, and {name}"),
            Family::Fish => format!("practice with {name}"),
            _ => format!("further practice with {name}"),
        };
        let deck = if self.idea.with_blank() {
            "the deck of 16 cards (the blank card left in)"
        } else {
            "the deck of cards with the blank card left out (15 cards)"
        };
        let cubes = match (self.idea, self.family) {
            (Idea::Cube, Family::Sets) => "a playing mat, three color cubes and three numeral cubes".to_string(),
            (Idea::Cube, _) => "one color cube".into(),
            (Idea::Eq | Idea::Inc, f) => format!(
                "one blue-symbol cube with {} face up, three red-symbol cubes and four color cubes{}",
                if self.idea == Idea::Eq { "=" } else { "⊆" },
                if f == Family::Sets { ", three numeral cubes and a playing mat" } else { "" }
            ),
            (idea, Family::Sets) => format!(
                "a playing mat, one red-symbol cube with {} face up, {} color cubes and three numeral cubes",
                idea.face_up().map(|s| s.canonical()).unwrap_or_default(),
                self.color_cubes()
            ),
            (idea, _) => format!(
                "one red-symbol cube with {} face up and {} color cube{}",
                idea.face_up().map(|s| s.canonical()).unwrap_or_default(),
                self.color_cubes(),
                if self.color_cubes() == 1 { "" } else { "s" }
            ),
        };
        let materials = match self.family {
            Family::Squad => format!("{deck}, one deck for each team (squad); {cubes}"),
            _ => format!("{deck}; {cubes}"),
        };
        let players = match self.family {
            Family::Fish | Family::Sets => "2 or more".to_string(),
            Family::Out => "2".into(),
            Family::Squad => {
                "any number, in teams (squads); a teacher or non-playing student throws".into()
            }
        };
        let name_it = match self.idea {
            Idea::Cube => "the color on top of the cube names the set".to_string(),
            Idea::Comp => "the color cube followed by the prime names the set (X′)".into(),
            Idea::Eq | Idea::Inc => "the thrower builds a statement with the face-up relation from the thrown cubes; the cards fished out are its truth set, \"the largest set of cards for which the statement … is true\" (8.4)".into(),
            _ => format!(
                "the two color cubes are placed one on either side of the {} (\"interpreted as described in section 4.2-A\")",
                self.idea.face_up().map(|s| s.canonical()).unwrap_or_default()
            ),
        };
        let procedure = match self.family {
            Family::Fish => format!("The first player places six cards face up. The player to his left throws; {name_it}, and he takes every face-up card it fishes out and keeps it face down. The first player deals enough cards to show six again, and the next player to the left throws, until the deck is used up; then play goes on until no cards are left on the table. The player with the most cards wins; a numeral-cube throw breaks a tie."),
            Family::Out => format!("The dealer turns up seven cards in front of his opponent and seven in front of himself; the extra card{} face down by the dealer. The players throw in turn, the non-dealer first; {name_it}, and the thrower turns down his own cards that it fishes out. The first player with all his cards turned down wins.", if self.idea.with_blank() { "s go" } else { " goes" }),
            Family::Squad => format!("Each team places six cards face up. The teacher throws and announces the Set-Name ({name_it}); every team turns down its cards that it fishes out and deals again up to six; with its deck used up a team plays on without dealing. The first team to get rid of all the cards in front of it — its deck used up, or all six removed by one throw — wins the round. Tied teams play a sudden-death round with six cards each: the team getting more cards out on a throw wins."),
            Family::Sets if matches!(self.idea, Idea::Eq | Idea::Inc) => format!("The first player deals six cards face up. The player to his left throws the numeral and the other cubes. If he can build a statement ({name_it}) whose truth set among the face-up cards has precisely the number on one numeral cube, he sets that numeral as the Goal and takes those cards; he deals replacements and the player to his left throws. Play ends when the table and the deck are empty; the most cards wins."),
            Family::Sets => format!("The first player deals six cards face up. The player to his left throws the numeral and the other cubes. If he can find a Set-Name ({name_it}) that fishes out precisely the number on one numeral cube, he sets that numeral as the Goal and the Set-Name to the left of the \"=\" and takes the cards; he deals replacements and the player to his left throws. Play ends when the table and the deck are empty; the most cards wins."),
        };
        let judged = match self.family {
            Family::Sets if matches!(self.idea, Idea::Eq | Idea::Inc) => "The player enters a Goal (a thrown numeral) and a statement with the face-up relation from the thrown cubes. The software reads it with onsets-core and accepts the claim only if the number of face-up cards that make it true equals the Goal; a claim that does not fit passes the turn without cards, and the software shows a fitting statement if there was one. A player may pass.".to_string(),
            Family::Sets => "The player enters a Goal (a thrown numeral) and a Set-Name of the game's form from the thrown cubes. The software reads the Set-Name with onsets-core, counts the face-up cards it fishes out and accepts the claim only if that count equals the Goal; a claim that does not fit passes the turn without cards, and the software shows a combination that would have fitted if there was one. A player may pass (the software says whether some combination fitted).".to_string(),
            _ => "The thrower enters the Set-Name (or statement) built from the throw; the software checks it is of the game's form and uses only the thrown cubes, and the cards it fishes out (computed by onsets-core) are taken, turned down or removed as the game says.".into(),
        };
        let mut notes = vec![
            "Cube faces are not listed in the manual; the project's faces are used: color cubes red, blue, green, orange; red-symbol ∪ ∩ − ′; numerals 1 1 2 3 4 5 (editions.md Q16).".to_string(),
            "Orange is written O (the notation's Y).".to_string(),
        ];
        match self.idea {
            Idea::Comp => notes.push("The manual does not say how two color cubes combine with the unary ′; the software throws one color cube and fishes X′ (editions.md Q29). The blank card stays in the deck (8.3).".into()),
            Idea::Eq | Idea::Inc => notes.push("The statement games are described only by their differences from the cup games (8.4); the blank card is kept in because the thrown red-symbol cubes may show ′ (editions.md Q29). A statement is one relation between two Set-Names (§4.3-B).".into()),
            Idea::Cube if self.family == Family::Fish => notes.push("The alternate method of scoring (a round's fished cards as its score, the deal moving left, first to 31 at the end of a round) is described but not implemented; the software plays the first method.".into()),
            _ => {}
        }
        if self.idea == Idea::Inc && self.family == Family::Sets {
            notes.push("The manual prints this title as \"INK SETS\" (8.4); `inc-sets` and `ink-sets` both find it.".into());
        }
        if self.family == Family::Sets {
            notes.push("When no combination fits the throw the turn passes to the left without cards (editions.md Q29).".into());
            notes.push("A tie for most cards: the manual settles it by \"six-card sudden-death play-offs between the winners with each one rolling a cube\" (8.1-D) without saying how such a play-off is won; the software breaks the tie by numeral-cube throws, as in CUBE FISH (8.1-A).".into());
        }
        if self.family == Family::Out && self.idea.with_blank() {
            notes.push("With the blank card in, 7 + 7 cards leave two extra cards face down by the dealer (the manual counts one, for the 15-card deck).".into());
        }
        if self.section() == "8.3" || self.section() == "8.4" {
            notes.push(format!("The manual gives these games as variants of the cup games ({}); the procedure above is the cup game's with the changes it names.", self.section()));
        }
        Description {
            number: self.number(),
            id: self.id(),
            title,
            section: self.section(),
            idea: self.idea,
            family: self.family,
            teaches,
            players,
            materials,
            procedure,
            judged,
            notes,
        }
    }
}

/// What a player does.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum IntroAct {
    /// FISH, OUT, SQUAD: the Set-Name (or statement) built from the throw.
    Name { text: String },
    /// SETS: a Goal (a thrown numeral) and the Set-Name that fishes it out.
    Claim { goal: u8, text: String },
    /// SETS: no claim this turn.
    Pass,
}

/// Why an act is refused (the state is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum IntroError {
    #[error("the game is over")]
    Over,
    #[error("{game} is played by {expected}; this act belongs to another game")]
    WrongAct { game: String, expected: String },
    #[error("{goal} is not on a thrown numeral cube (thrown: {thrown})")]
    NotThrown { goal: u8, thrown: String },
    #[error("{0}")]
    Name(NameError),
}

/// What the last act did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The seat (player or team index) that acted, or `None` for the
    /// teacher's throw in a SQUAD game.
    pub seat: Option<usize>,
    pub text: String,
    /// Cards fished out, per seat whose cards were looked at (1969 names).
    pub fished: Vec<String>,
    pub correct: bool,
    pub message: String,
}

/// The state of a game being played.
#[derive(Debug)]
pub struct Intro {
    game: IntroGame,
    seats: usize,
    dice: Dice,
    /// Undealt cards: one deck (FISH, SETS, OUT's extra cards), or one per team (SQUAD).
    decks: Vec<Vec<Card>>,
    /// Face-up cards: one table (FISH, SETS) or one per seat (OUT, SQUAD).
    tables: Vec<Vec<Card>>,
    /// Cards turned down per seat.
    won: Vec<Vec<Card>>,
    turn: usize,
    throw: Vec<Symbol>,
    turns: u32,
    winners: Vec<usize>,
    /// SQUAD's sudden-death play-off: the tied teams.
    playoff: Vec<usize>,
    last: Option<Outcome>,
}

impl Intro {
    /// A new game with `seats` players (teams in SQUAD), dealt and thrown
    /// from `seed`. OUT games always have two players; others at least two
    /// (SQUAD at least one team), at most eight.
    pub fn new(game: IntroGame, seats: usize, seed: u64) -> Intro {
        let seats = match game.family {
            Family::Out => 2,
            Family::Squad => seats.clamp(1, 8),
            _ => seats.clamp(2, 8),
        };
        let mut dice = Dice::new(seed);
        let deal = |dice: &mut Dice| {
            let mut d = kit::deck(game.idea.with_blank());
            dice.shuffle(&mut d);
            d
        };
        let (decks, tables) = match game.family {
            Family::Fish | Family::Sets => {
                let mut d = deal(&mut dice);
                let t: Vec<Card> = d.drain(..6).collect();
                (vec![d], vec![t])
            }
            Family::Out => {
                let mut d = deal(&mut dice);
                let opponent: Vec<Card> = d.drain(..7).collect();
                let dealer: Vec<Card> = d.drain(..7).collect();
                // Seat 0 deals; the extra card(s) lie face down by him.
                (vec![d], vec![dealer, opponent])
            }
            Family::Squad => {
                let mut decks = Vec::new();
                let mut tables = Vec::new();
                for _ in 0..seats {
                    let mut d = deal(&mut dice);
                    tables.push(d.drain(..6).collect());
                    decks.push(d);
                }
                (decks, tables)
            }
        };
        let mut g = Intro {
            game,
            seats,
            dice,
            decks,
            tables,
            won: vec![Vec::new(); seats],
            // The player to the dealer's left (seat 1) throws first; in OUT
            // the non-dealer.
            turn: 1 % seats,
            throw: Vec::new(),
            turns: 0,
            winners: Vec::new(),
            playoff: Vec::new(),
            last: None,
        };
        g.roll();
        g
    }

    pub fn game(&self) -> IntroGame {
        self.game
    }
    pub fn seats(&self) -> usize {
        self.seats
    }
    /// Whose turn it is (FISH, OUT, SETS); SQUAD's throws are the teacher's.
    pub fn turn(&self) -> Option<usize> {
        (self.game.family != Family::Squad).then_some(self.turn)
    }
    pub fn throw(&self) -> &[Symbol] {
        &self.throw
    }
    pub fn is_over(&self) -> bool {
        !self.winners.is_empty()
    }
    pub fn winners(&self) -> &[usize] {
        &self.winners
    }
    pub fn last(&self) -> Option<&Outcome> {
        self.last.as_ref()
    }
    /// Face-up cards of each table.
    pub fn tables(&self) -> &[Vec<Card>] {
        &self.tables
    }
    /// Cards each seat has turned down.
    pub fn won(&self) -> &[Vec<Card>] {
        &self.won
    }
    /// How many throws have been made.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    fn roll(&mut self) {
        self.throw = self.dice.throw_all(&self.game.shaking_set());
        self.turns += 1;
    }

    /// The cubes that may be written: the throw (without numerals) and the
    /// face-up cube.
    fn writable(&self) -> Vec<Symbol> {
        let mut c: Vec<Symbol> = self
            .throw
            .iter()
            .copied()
            .filter(|s| !s.is_digit())
            .collect();
        if let Some(f) = self.game.idea.face_up() {
            c.push(f);
        }
        c
    }

    fn set_of(cards: &[Card]) -> CardSet {
        cards.iter().fold(CardSet::EMPTY, |s, c| s.with(*c))
    }

    /// Reads `text` against the cards `cards` as this game's form.
    fn read(&self, text: &str, cards: CardSet) -> Result<CardSet, NameError> {
        let r = naming::read(text, self.game.form(), &self.writable(), cards)?;
        self.game.check_shape(&r.symbols)?;
        Ok(r.fished)
    }

    /// Namings the throw allows, each with the cards it fishes out of
    /// `cards` (1969 letters), for hints and for the terminal's menu.
    pub fn namings(&self, cards: CardSet) -> Vec<(String, CardSet)> {
        let colors: Vec<Symbol> = self
            .throw
            .iter()
            .copied()
            .filter(|s| matches!(s, Symbol::Color(_)))
            .collect();
        let mut out: Vec<(String, CardSet)> = Vec::new();
        let add = |text: String, out: &mut Vec<(String, CardSet)>| {
            if out.iter().all(|(t, _)| *t != text) {
                if let Ok(f) = self.read(&text, cards) {
                    out.push((text, f));
                }
            }
        };
        match self.game.idea {
            Idea::Cube => colors
                .iter()
                .for_each(|c| add(kit::symbol_name(*c), &mut out)),
            Idea::Comp => colors
                .iter()
                .for_each(|c| add(format!("{}′", kit::symbol_name(*c)), &mut out)),
            Idea::Cup | Idea::Cap | Idea::Diff => {
                let op = self
                    .game
                    .idea
                    .face_up()
                    .map(|s| s.canonical())
                    .unwrap_or_default();
                for (i, a) in colors.iter().enumerate() {
                    for (j, b) in colors.iter().enumerate() {
                        if i != j {
                            add(
                                format!("{} {op} {}", kit::symbol_name(*a), kit::symbol_name(*b)),
                                &mut out,
                            );
                        }
                    }
                }
            }
            Idea::Eq | Idea::Inc => {
                let mut names = Names::new(&self.writable(), cards);
                for f in names.all_statements() {
                    let t = kit::from_notation(&f.text);
                    if self.read(&t, cards).is_ok() {
                        out.push((t, f.cards));
                    }
                }
                out.sort_by_key(|(t, f)| (std::cmp::Reverse(f.len()), t.chars().count()));
            }
        }
        out
    }

    /// A correct claim for the current SETS throw, if any: (Goal, Set-Name).
    pub fn fitting_claim(&self) -> Option<(u8, String)> {
        let cards = Self::set_of(&self.tables[0]);
        let goals: Vec<u8> = self
            .throw
            .iter()
            .filter_map(|s| match s {
                Symbol::Digit(d) => Some(*d),
                _ => None,
            })
            .collect();
        self.namings(cards).into_iter().find_map(|(t, f)| {
            goals
                .iter()
                .find(|g| f.len() == **g as u32)
                .map(|g| (*g, t))
        })
    }

    /// Applies one act. A refused act leaves the game as it was.
    pub fn act(&mut self, act: &IntroAct) -> Result<(), IntroError> {
        if self.is_over() {
            return Err(IntroError::Over);
        }
        match (self.game.family, act) {
            (Family::Sets, IntroAct::Claim { goal, text }) => self.claim(*goal, text),
            (Family::Sets, IntroAct::Pass) => {
                let hint = self.fitting_claim();
                let message = match &hint {
                    Some((g, t)) => format!("Passed. {t} would have fished out {g} card(s)."),
                    None => "Passed: no combination fitted this throw.".into(),
                };
                self.last = Some(Outcome {
                    seat: Some(self.turn),
                    text: "pass".into(),
                    fished: Vec::new(),
                    correct: hint.is_none(),
                    message,
                });
                self.next_turn();
                Ok(())
            }
            (Family::Sets, _) => Err(IntroError::WrongAct {
                game: self.game.title(),
                expected: "a claim (Goal and Set-Name) or a pass".into(),
            }),
            (_, IntroAct::Name { text }) => self.name(text),
            (_, _) => Err(IntroError::WrongAct {
                game: self.game.title(),
                expected: "naming the set the throw makes".into(),
            }),
        }
    }

    fn claim(&mut self, goal: u8, text: &str) -> Result<(), IntroError> {
        if !self.throw.contains(&Symbol::Digit(goal)) {
            return Err(IntroError::NotThrown {
                goal,
                thrown: self
                    .throw
                    .iter()
                    .filter(|s| s.is_digit())
                    .map(|s| s.canonical())
                    .collect::<Vec<_>>()
                    .join(" "),
            });
        }
        let cards = Self::set_of(&self.tables[0]);
        let fished = self.read(text, cards).map_err(IntroError::Name)?;
        let seat = self.turn;
        if fished.len() == goal as u32 {
            self.take(0, seat, fished);
            self.last = Some(Outcome {
                seat: Some(seat),
                text: text.trim().to_string(),
                fished: vec![kit::cards_name(fished)],
                correct: true,
                message: format!(
                    "Num({}) = {goal}: correct; {} card(s) taken.",
                    text.trim(),
                    goal
                ),
            });
            self.refill(0);
        } else {
            let hint = self.fitting_claim();
            self.last = Some(Outcome {
                seat: Some(seat),
                text: text.trim().to_string(),
                fished: vec![kit::cards_name(fished)],
                correct: false,
                message: format!(
                    "{} fishes out {} card(s) ({}), not {goal}: no cards this turn.{}",
                    text.trim(),
                    fished.len(),
                    kit::cards_name(fished),
                    match hint {
                        Some((g, t)) => format!(" {t} would have fished out {g}."),
                        None => " No combination fitted this throw.".into(),
                    }
                ),
            });
        }
        self.next_turn();
        Ok(())
    }

    fn name(&mut self, text: &str) -> Result<(), IntroError> {
        match self.game.family {
            Family::Fish => {
                let fished = self
                    .read(text, Self::set_of(&self.tables[0]))
                    .map_err(IntroError::Name)?;
                let seat = self.turn;
                self.take(0, seat, fished);
                self.refill(0);
                self.last = Some(Outcome {
                    seat: Some(seat),
                    text: text.trim().into(),
                    fished: vec![kit::cards_name(fished)],
                    correct: true,
                    message: format!("{} fishes out {} card(s).", text.trim(), fished.len()),
                });
                if self.decks[0].is_empty() && self.stuck(0) {
                    self.finish_by_count();
                } else {
                    self.next_turn();
                }
            }
            Family::Out => {
                let seat = self.turn;
                let fished = self
                    .read(text, Self::set_of(&self.tables[seat]))
                    .map_err(IntroError::Name)?;
                self.take(seat, seat, fished);
                self.last = Some(Outcome {
                    seat: Some(seat),
                    text: text.trim().into(),
                    fished: vec![kit::cards_name(fished)],
                    correct: true,
                    message: format!("{} turns down {} card(s).", text.trim(), fished.len()),
                });
                if self.tables[seat].is_empty() {
                    self.winners = vec![seat];
                } else if self.stuck(0) && self.stuck(1) {
                    // Neither player can turn down another card: fewer left wins.
                    self.finish_by_fewest(&[0, 1]);
                } else {
                    self.next_turn();
                }
            }
            Family::Squad => self.squad_name(text)?,
            Family::Sets => {
                return Err(IntroError::WrongAct {
                    game: self.game.title(),
                    expected: "a claim (Goal and Set-Name) or a pass".into(),
                })
            }
        }
        Ok(())
    }

    fn squad_name(&mut self, text: &str) -> Result<(), IntroError> {
        // Check the Set-Name once (against all cards) before touching any table.
        self.read(text, CardSet::ALL).map_err(IntroError::Name)?;
        let teams: Vec<usize> = if self.playoff.is_empty() {
            (0..self.seats).collect()
        } else {
            self.playoff.clone()
        };
        let mut fished_words = Vec::new();
        let mut counts = Vec::new();
        for &t in &teams {
            let f = self
                .read(text, Self::set_of(&self.tables[t]))
                .map_err(IntroError::Name)?;
            self.take(t, t, f);
            fished_words.push(kit::cards_name(f));
            counts.push(f.len());
        }
        let mut message = format!("{} is thrown.", text.trim());
        if !self.playoff.is_empty() {
            let best = counts.iter().copied().max().unwrap_or(0);
            let top: Vec<usize> = teams
                .iter()
                .zip(&counts)
                .filter(|(_, c)| **c == best)
                .map(|(t, _)| *t)
                .collect();
            if top.len() == 1 {
                self.winners = top;
                message.push_str(" The sudden-death round is decided.");
            } else {
                message.push_str(" Still tied: another sudden-death throw.");
                self.playoff_deal(&top);
            }
        } else {
            let cleared: Vec<usize> = teams
                .iter()
                .copied()
                .filter(|t| self.tables[*t].is_empty())
                .collect();
            for &t in &teams {
                self.refill(t);
            }
            let all_stuck = teams
                .iter()
                .all(|t| self.decks[*t].is_empty() && self.stuck(*t));
            match cleared.len() {
                0 if all_stuck => self.finish_by_fewest(&teams),
                0 => {}
                1 => self.winners = cleared,
                _ => {
                    message.push_str(" Several teams cleared their cards: a sudden-death round with six cards each.");
                    self.playoff_deal(&cleared);
                }
            }
        }
        self.last = Some(Outcome {
            seat: None,
            text: text.trim().into(),
            fished: fished_words,
            correct: true,
            message,
        });
        if !self.is_over() {
            self.roll();
        }
        Ok(())
    }

    fn playoff_deal(&mut self, teams: &[usize]) {
        self.playoff = teams.to_vec();
        for &t in teams {
            let mut d = kit::deck(self.game.idea.with_blank());
            self.dice.shuffle(&mut d);
            self.tables[t] = d.drain(..6).collect();
            self.decks[t] = Vec::new();
        }
    }

    /// Moves the fished cards of table `table` to seat `seat`'s pile.
    fn take(&mut self, table: usize, seat: usize, fished: CardSet) {
        let (gone, stay): (Vec<Card>, Vec<Card>) = self.tables[table]
            .iter()
            .partition(|c| fished.contains(**c));
        self.tables[table] = stay;
        self.won[seat].extend(gone);
    }

    fn refill(&mut self, table: usize) {
        let deck = if self.decks.len() > table { table } else { 0 };
        while self.tables[table].len() < 6 {
            match self.decks[deck].pop() {
                Some(c) => self.tables[table].push(c),
                None => break,
            }
        }
    }

    fn next_turn(&mut self) {
        if self.game.family == Family::Sets && self.decks[0].is_empty() && self.stuck(0) {
            self.finish_by_count();
            return;
        }
        self.turn = (self.turn + 1) % self.seats;
        self.roll();
    }

    /// Whether no throw can fish out any face-up card of table `t` (an
    /// empty table included).
    fn stuck(&self, t: usize) -> bool {
        self.tables[t].iter().all(|c| !self.game.idea.can_fish(*c))
    }

    /// The seats among `seats` with the fewest face-up cards win (a game
    /// that cannot go on, docs/rulings.md).
    fn finish_by_fewest(&mut self, seats: &[usize]) {
        let fewest = seats
            .iter()
            .map(|s| self.tables[*s].len())
            .min()
            .unwrap_or(0);
        self.winners = seats
            .iter()
            .copied()
            .filter(|s| self.tables[*s].len() == fewest)
            .collect();
    }

    /// Most cards wins; ties are broken by numeral-cube throws (8.1-A), each
    /// tied player throwing until one is highest.
    fn finish_by_count(&mut self) {
        let best = self.won.iter().map(Vec::len).max().unwrap_or(0);
        let mut tied: Vec<usize> = (0..self.seats)
            .filter(|s| self.won[*s].len() == best)
            .collect();
        while tied.len() > 1 {
            let rolls: Vec<u8> = tied
                .iter()
                .map(|_| match self.dice.throw(CubeKind::Numeral) {
                    Symbol::Digit(d) => d,
                    _ => 0,
                })
                .collect();
            let top = rolls.iter().copied().max().unwrap_or(0);
            tied = tied
                .iter()
                .zip(&rolls)
                .filter(|(_, r)| **r == top)
                .map(|(s, _)| *s)
                .collect();
        }
        self.winners = tied;
    }

    /// The namings the throw allows, for a menu (FISH, OUT and SQUAD games
    /// other than the statement games, whose statements are typed).
    pub fn options(&self) -> Vec<String> {
        if self.is_over()
            || self.game.family == Family::Sets
            || matches!(self.game.idea, Idea::Eq | Idea::Inc)
        {
            return Vec::new();
        }
        let t = match self.game.family {
            Family::Out => self.turn,
            _ => 0,
        };
        self.namings(Self::set_of(&self.tables[t]))
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    /// The state as JSON for the browser and the server (1969 letters).
    pub fn view(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": "intro",
            "game": self.game.describe(),
            "seats": self.seats,
            "turn": self.turn(),
            "throw": self.throw.iter().map(|s| kit::symbol_name(*s)).collect::<Vec<_>>(),
            "face_up": self.game.idea.face_up().map(kit::symbol_name),
            "tables": self.tables.iter().map(|t| t.iter().map(|c| kit::card_name(*c)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "decks": self.decks.iter().map(Vec::len).collect::<Vec<_>>(),
            "won": self.won.iter().map(Vec::len).collect::<Vec<_>>(),
            "playoff": self.playoff,
            "last": self.last,
            "over": self.is_over(),
            "winners": self.winners,
            "throws": self.turns,
            "options": self.options(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> IntroGame {
        IntroGame::find(name).unwrap()
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
            let per_deck = if g.idea.with_blank() { 16 } else { 15 };
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
        g.act(&IntroAct::Name {
            text: kit::symbol_name(color),
        })
        .unwrap();
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
                text: kit::symbol_name(other)
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
        g.act(&IntroAct::Name { text }).unwrap();
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
                    .0;
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
        g.act(&IntroAct::Name { text }).unwrap();
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
        g.act(&IntroAct::Name { text }).unwrap();
        let won: Vec<u32> = g.won.iter().map(|w| w.len() as u32).collect();
        assert_eq!(won, expect);
    }

    #[test]
    fn m69_8_1_c_cube_squad_first_team_out_wins_or_sudden_death() {
        for seed in 0..20 {
            let mut g = Intro::new(game("cube-squad"), 2, seed);
            while !g.is_over() {
                let c = kit::symbol_name(g.throw[0]);
                g.act(&IntroAct::Name { text: c }).unwrap();
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
                    IntroAct::Name {
                        text: best.map(|(t, _)| t).unwrap_or_default(),
                    }
                };
                m.act(&act).unwrap_or_else(|e| panic!("{}: {e}", g.title()));
            }
            assert!(m.is_over(), "{} did not end", g.title());
        }
    }
}
