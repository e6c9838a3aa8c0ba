//! Written Solutions: Set-Names, Restrictions, annotations, `blank:` parts and
//! Two Solutions (rules VI, VII-B, Appendix A; notation.md "Set-Names",
//! "Restrictions", "Solutions").
//!
//! Parsing never panics: any text either parses into a [`Presentation`] or
//! gives a [`ParseError`] that says what has no defined meaning and where
//! (VII-C-5-d).

use crate::card::{Card, Color};
use crate::cube::Symbol;
use crate::error::{ParseError, ParseErrorKind};
use std::fmt;

/// A pair of grouping symbols (VI-A comment a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bracket {
    Paren,
    Square,
    Brace,
}

impl Bracket {
    pub const fn open(self) -> char {
        match self {
            Bracket::Paren => '(',
            Bracket::Square => '[',
            Bracket::Brace => '{',
        }
    }
    pub const fn close(self) -> char {
        match self {
            Bracket::Paren => ')',
            Bracket::Square => ']',
            Bracket::Brace => '}',
        }
    }
}

/// Where a symbol was written: 1-based line and column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 1 {
            write!(f, "line {}, column {}", self.line, self.column)
        } else {
            write!(f, "column {}", self.column)
        }
    }
}

/// One written cube symbol: what it means in the Solution and, when annotated
/// with `@`, which cube it is (Appendix A). Two `Written` are equal when they
/// say the same thing; where they were written is not part of their identity.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Written {
    pub meaning: Symbol,
    pub cube: Option<Symbol>,
    pub pos: Pos,
}

impl PartialEq for Written {
    fn eq(&self, other: &Self) -> bool {
        self.meaning == other.meaning && self.cube == other.cube
    }
}

impl Written {
    pub fn new(meaning: Symbol) -> Self {
        Written {
            meaning,
            cube: None,
            pos: Pos::default(),
        }
    }
    pub fn annotated(meaning: Symbol, cube: Symbol) -> Self {
        Written {
            meaning,
            cube: Some(cube),
            pos: Pos::default(),
        }
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.meaning)?;
        if let Some(c) = self.cube {
            write!(f, "@{c}")?;
        }
        Ok(())
    }
}

/// A Set-Name (VI-A), as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A color, V or Λ.
    Set(Written),
    /// A pair of grouping symbols around a Set-Name.
    Group(Bracket, Box<Expr>),
    /// An operand followed by ′ (′ binds tightest, VII-B-6-b).
    Complement(Box<Expr>, Written),
    /// Two or more operands joined by binary operations without grouping.
    /// With three or more operands the chain is ambiguous: every bracketing is
    /// a legal interpretation (VII-B-6, VII-C-5-c).
    Chain(Vec<Expr>, Vec<Written>),
}

impl Expr {
    /// Every written symbol, left to right.
    pub fn symbols(&self) -> Vec<Written> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }
    fn collect(&self, out: &mut Vec<Written>) {
        match self {
            Expr::Set(w) => out.push(*w),
            Expr::Group(_, e) => e.collect(out),
            Expr::Complement(e, w) => {
                e.collect(out);
                out.push(*w);
            }
            Expr::Chain(es, ops) => {
                for (i, e) in es.iter().enumerate() {
                    e.collect(out);
                    if let Some(o) = ops.get(i) {
                        out.push(*o);
                    }
                }
            }
        }
    }
    /// Whether some chain has three or more operands without grouping.
    pub fn is_ambiguous(&self) -> bool {
        match self {
            Expr::Set(_) => false,
            Expr::Group(_, e) | Expr::Complement(e, _) => e.is_ambiguous(),
            Expr::Chain(es, _) => es.len() > 2 || es.iter().any(Expr::is_ambiguous),
        }
    }
    /// Parses a Set-Name alone (for Double Set and tests).
    pub fn parse(text: &str) -> Result<Expr, ParseError> {
        let p = Presentation::parse(text)?;
        match p.solutions.as_slice() {
            [s] if s.parts.len() == 1 => match &s.parts[0] {
                Part::SetName(e) => Ok(e.clone()),
                _ => Err(ParseError::new(
                    ParseErrorKind::Syntax,
                    "expected a Set-Name",
                )),
            },
            _ => Err(ParseError::new(
                ParseErrorKind::Syntax,
                "expected a single Set-Name",
            )),
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Set(w) => write!(f, "{w}"),
            Expr::Group(b, e) => write!(f, "{}{e}{}", b.open(), b.close()),
            Expr::Complement(e, w) => write!(f, "{e}{w}"),
            Expr::Chain(es, ops) => {
                for (i, e) in es.iter().enumerate() {
                    if i > 0 {
                        write!(f, " {} ", ops[i - 1])?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
        }
    }
}

/// A Restriction (VI-B-2): two or more Set-Names joined by = or ⊆; a chain
/// `A ⊆ B = C` means `A ⊆ B` and `B = C`. `wrap` holds grouping symbols
/// around the whole Restriction, outermost first (VI-B-3, useless but legal).
/// The fields are private: [`Restriction::new`] keeps one relation between
/// each two sides, which printing and the checker rely on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restriction {
    pub(crate) wrap: Vec<Bracket>,
    pub(crate) sides: Vec<Expr>,
    pub(crate) relations: Vec<Written>,
}

/// Why [`Restriction::new`] refused its parts: a Restriction is two or more
/// Set-Names with one relation (= or ⊆) between each two (VI-B-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestrictionShapeError {
    /// How many sides (Set-Names) were given.
    pub sides: usize,
    /// How many relations were given.
    pub relations: usize,
}

impl fmt::Display for RestrictionShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a Restriction needs two or more sides with one relation between each two (VI-B-2): sides {}, relations {}",
            self.sides, self.relations
        )
    }
}

impl std::error::Error for RestrictionShapeError {}

impl Restriction {
    /// A Restriction from its grouping symbols (outermost first), sides and
    /// relations; refused unless there are two or more sides and exactly one
    /// relation fewer than sides.
    pub fn new(
        wrap: Vec<Bracket>,
        sides: Vec<Expr>,
        relations: Vec<Written>,
    ) -> Result<Restriction, RestrictionShapeError> {
        if sides.len() < 2 || relations.len() + 1 != sides.len() {
            return Err(RestrictionShapeError {
                sides: sides.len(),
                relations: relations.len(),
            });
        }
        Ok(Restriction {
            wrap,
            sides,
            relations,
        })
    }
    /// The grouping symbols around the whole Restriction, outermost first.
    pub fn wrap(&self) -> &[Bracket] {
        &self.wrap
    }
    /// The Set-Names related, in order.
    pub fn sides(&self) -> &[Expr] {
        &self.sides
    }
    /// The relations written between the sides (`relations()[i]` between
    /// `sides()[i]` and `sides()[i + 1]`).
    pub fn relations(&self) -> &[Written] {
        &self.relations
    }
    pub fn symbols(&self) -> Vec<Written> {
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            out.extend(s.symbols());
            if let Some(r) = self.relations.get(i) {
                out.push(*r);
            }
        }
        out
    }
}

impl fmt::Display for Restriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in &self.wrap {
            write!(f, "{}", b.open())?;
        }
        for (i, s) in self.sides.iter().enumerate() {
            if i > 0 {
                write!(f, " {} ", self.relations[i - 1])?;
            }
            write!(f, "{s}")?;
        }
        for b in self.wrap.iter().rev() {
            write!(f, "{}", b.close())?;
        }
        Ok(())
    }
}

/// One part of a Solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A Restriction (the Restriction part is all of them together, VI-B).
    Restriction(Restriction),
    /// The Set-Name part (VI-A).
    SetName(Expr),
    /// `blank: BG`: the colors put on the blank card (XIII-C-12, Appendix A).
    Blank(Card),
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Restriction(r) => write!(f, "{r}"),
            Part::SetName(e) => write!(f, "{e}"),
            Part::Blank(c) if c.is_blank() => write!(f, "blank: -"),
            Part::Blank(c) => write!(f, "blank: {c}"),
        }
    }
}

/// One written Solution: its parts in the order written (VII-B; OS-E6: any
/// order). Whether it has exactly one Set-Name is judged by the checker.
/// Built by [`Solution::parse`] or [`Solution::new`], read through
/// [`Solution::parts`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Solution {
    pub(crate) parts: Vec<Part>,
}

impl Solution {
    /// A Solution of these parts, in the order written.
    pub fn new(parts: Vec<Part>) -> Solution {
        Solution { parts }
    }
    /// The parts in the order written.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }
    /// The parts, taken out of the Solution.
    pub fn into_parts(self) -> Vec<Part> {
        self.parts
    }
    pub fn restrictions(&self) -> impl Iterator<Item = &Restriction> {
        self.parts.iter().filter_map(|p| {
            if let Part::Restriction(r) = p {
                Some(r)
            } else {
                None
            }
        })
    }
    pub fn set_names(&self) -> impl Iterator<Item = &Expr> {
        self.parts.iter().filter_map(|p| {
            if let Part::SetName(e) = p {
                Some(e)
            } else {
                None
            }
        })
    }
    pub fn blanks(&self) -> impl Iterator<Item = Card> + '_ {
        self.parts.iter().filter_map(|p| {
            if let Part::Blank(c) = p {
                Some(*c)
            } else {
                None
            }
        })
    }
    /// Parses one Solution (no `||`).
    pub fn parse(text: &str) -> Result<Solution, ParseError> {
        let mut p = Presentation::parse(text)?;
        if p.solutions.len() != 1 {
            return Err(ParseError::new(
                ParseErrorKind::Syntax,
                "expected one Solution, found `||`",
            ));
        }
        Ok(p.solutions.remove(0))
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// What a player presents: one Solution, or two separated by `||` under Two
/// Solutions (XIII-D-14). Built by [`Presentation::parse`] or
/// [`Presentation::new`], read through [`Presentation::solutions`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Presentation {
    pub(crate) solutions: Vec<Solution>,
}

impl Presentation {
    /// A presentation of these Solutions (one, or two under XIII-D-14).
    pub fn new(solutions: Vec<Solution>) -> Presentation {
        Presentation { solutions }
    }
    /// The Solutions presented, in order.
    pub fn solutions(&self) -> &[Solution] {
        &self.solutions
    }
    /// The Solutions, taken out of the presentation.
    pub fn into_solutions(self) -> Vec<Solution> {
        self.solutions
    }
}

impl fmt::Display for Presentation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.solutions.iter().enumerate() {
            if i > 0 {
                f.write_str(" || ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- tokens

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok {
    Sym(Symbol),
    Open(Bracket),
    Close(Bracket),
    At,
    Sep,
    Bars,
    BlankWord,
    Colon,
}

fn describe(t: Tok) -> String {
    match t {
        Tok::Sym(s) => s.canonical(),
        Tok::Open(b) => b.open().to_string(),
        Tok::Close(b) => b.close().to_string(),
        Tok::At => "@".into(),
        Tok::Sep => "a part separator".into(),
        Tok::Bars => "||".into(),
        Tok::BlankWord => "blank".into(),
        Tok::Colon => ":".into(),
    }
}

/// How the notation is read under a rule edition (editions.md). The
/// default reads the 2026-27 notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    /// 1969: `O` (orange) is read as the fourth color, Y (M69 2.0: the
    /// cards are red, blue, green and orange).
    pub orange: bool,
    /// MLAG Basic 2019-20: = and ⊆ are wild (B19 I-B-2-d-iii). A bare = or
    /// ⊆ is the wild cube with the meaning its annotation (`R@=`, `∪@⊆`)
    /// gives elsewhere in the Solution (editions.md Q6); with no annotation
    /// anywhere it is undefined.
    pub wild_relations: bool,
}

impl ParseOptions {
    /// How Solutions are read in a form of the game: `O` as Y in 1969, the
    /// wild = and ⊆ of MLAG Basic 2019-20 (B19 I-B-2-d-iii).
    pub fn of(
        edition: crate::Edition,
        division: crate::Division,
        adventurous: bool,
    ) -> ParseOptions {
        ParseOptions {
            orange: matches!(edition, crate::Edition::Manual1969(_)),
            wild_relations: edition.relation_cubes(division, adventurous)
                == crate::division::RelationCubes::Wild,
        }
    }
}

fn tokenize(text: &str, opts: ParseOptions) -> Result<Vec<(Pos, Tok)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut line, mut col) = (1usize, 0usize);
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        col += 1;
        let pos = Pos { line, column: col };
        let err = |m: String| ParseError {
            kind: ParseErrorKind::UnknownSymbol,
            message: m,
            line: (line > 1).then_some(line),
            column: Some(col),
        };
        match ch {
            '\n' => {
                out.push((pos, Tok::Sep));
                line += 1;
                col = 0;
            }
            ';' | ',' => out.push((pos, Tok::Sep)),
            c if c.is_whitespace() => {}
            '|' => {
                if chars.get(i + 1) == Some(&'|') {
                    out.push((pos, Tok::Bars));
                    i += 1;
                    col += 1;
                } else {
                    return Err(err("a single `|` has no meaning; Two Solutions are separated by `||`".into()));
                }
            }
            '(' => out.push((pos, Tok::Open(Bracket::Paren))),
            '[' => out.push((pos, Tok::Open(Bracket::Square))),
            '{' => out.push((pos, Tok::Open(Bracket::Brace))),
            ')' => out.push((pos, Tok::Close(Bracket::Paren))),
            ']' => out.push((pos, Tok::Close(Bracket::Square))),
            '}' => out.push((pos, Tok::Close(Bracket::Brace))),
            '@' => out.push((pos, Tok::At)),
            ':' => out.push((pos, Tok::Colon)),
            '/' if chars.get(i + 1) == Some(&'\\') => {
                out.push((pos, Tok::Sym(Symbol::Empty)));
                i += 1;
                col += 1;
            }
            'b' | 'B'
                if chars.len() >= i + 5
                    && chars[i..i + 5].iter().collect::<String>().eq_ignore_ascii_case("blank")
                    && !chars.get(i + 5).is_some_and(|c| c.is_alphanumeric()) =>
            {
                out.push((pos, Tok::BlankWord));
                i += 4;
                col += 4;
            }
            '0'..='9' => {
                return Err(err(format!(
                    "`{ch}` is not a cube symbol; digits only form the Goal, and `= Goal` must not be written after the Set-Name (VI-A comment b)"
                )))
            }
            'O' | 'o' if opts.orange => out.push((pos, Tok::Sym(Symbol::Color(Color::Yellow)))),
            c => match Symbol::from_char(c) {
                Some(s) => out.push((pos, Tok::Sym(s))),
                None => {
                    return Err(err(format!(
                        "`{c}` has no defined meaning in On-Sets (VII-C-5-d); cube symbols are B R G Y ∪ ∩ − ′ V Λ = ⊆"
                    )))
                }
            },
        }
        i += 1;
    }
    Ok(out)
}

// ---------------------------------------------------------------- parser

fn perr(pos: Pos, message: impl Into<String>) -> ParseError {
    kperr(ParseErrorKind::Syntax, pos, message)
}

fn kperr(kind: ParseErrorKind, pos: Pos, message: impl Into<String>) -> ParseError {
    ParseError {
        kind,
        message: message.into(),
        line: (pos.line > 1).then_some(pos.line),
        column: Some(pos.column),
    }
}

/// An operand as parsed: a Set-Name, or a whole Restriction in grouping
/// symbols, which is legal only as a whole part (VI-B-3).
enum Operand {
    Expr(Expr),
    Restriction(Restriction, Pos),
}

/// How deeply grouping symbols and ′ may nest in one part. No Solution
/// buildable from the kit comes near it (15 non-digit cubes, I-B-2); the limit
/// keeps every recursive walk of a parsed Set-Name shallow, whatever the text
/// (docs/rulings.md, "Checking limits").
pub const MAX_NESTING: usize = 64;

struct Parser<'a> {
    toks: &'a [(Pos, Tok)],
    i: usize,
    end: Pos,
    /// Grouping symbols open at the current token.
    open: usize,
}

/// Measures the nesting of grouping symbols and ′ of one part without
/// recursion, before the (recursive) parser runs, so that no text, however
/// deep, reaches a recursion deeper than [`MAX_NESTING`]. The measure is the
/// parser's: a group nests one more than the deepest operand inside it, and
/// each ′ one more than the operand it follows, counted with the grouping
/// symbols around it. Mismatched brackets are left to the parser to report.
fn check_nesting(toks: &[(Pos, Tok)]) -> Result<(), ParseError> {
    // One frame per open grouping symbol (and the part itself): the deepest
    // operand seen so far and the nesting of the operand being read.
    let mut frames: Vec<(usize, usize)> = vec![(0, 0)];
    for &(pos, tok) in toks {
        let open = frames.len() - 1;
        match tok {
            Tok::Open(_) => {
                if open >= MAX_NESTING {
                    return Err(too_deep(pos));
                }
                frames.push((0, 0));
            }
            Tok::Close(_) if open > 0 => {
                let (deepest, current) = frames.pop().expect("an open frame");
                let top = frames.last_mut().expect("the part's frame");
                top.1 = deepest.max(current) + 1;
            }
            Tok::Sym(Symbol::Complement) => {
                let top = frames.last_mut().expect("a frame");
                if open + top.1 >= MAX_NESTING {
                    return Err(too_deep(pos));
                }
                top.1 += 1;
            }
            Tok::Sym(s) if s.is_set() => frames.last_mut().expect("a frame").1 = 0,
            Tok::Sym(_) => {
                let top = frames.last_mut().expect("a frame");
                top.0 = top.0.max(top.1);
                top.1 = 0;
            }
            _ => {}
        }
    }
    Ok(())
}

fn too_deep(pos: Pos) -> ParseError {
    kperr(
        ParseErrorKind::TooDeep,
        pos,
        format!("grouping symbols and ′ nested deeper than {MAX_NESTING}"),
    )
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.i).map(|t| t.1)
    }
    fn pos(&self) -> Pos {
        self.toks.get(self.i).map(|t| t.0).unwrap_or(self.end)
    }
    fn written(&mut self) -> Result<Written, ParseError> {
        let (pos, tok) = self.toks[self.i];
        let Tok::Sym(meaning) = tok else {
            return Err(perr(pos, "expected a cube symbol"));
        };
        self.i += 1;
        let mut w = Written {
            meaning,
            cube: None,
            pos,
        };
        if self.peek() == Some(Tok::At) {
            let at = self.pos();
            self.i += 1;
            match self.peek() {
                Some(Tok::Sym(c)) if !c.is_digit() => {
                    w.cube = Some(c);
                    self.i += 1;
                }
                _ => {
                    return Err(perr(
                        at,
                        "`@` must be followed by the cube the symbol is written with, e.g. `∪@B`",
                    ))
                }
            }
        }
        if self.peek() == Some(Tok::At) {
            return Err(perr(
                self.pos(),
                "a symbol can carry only one `@` annotation",
            ));
        }
        Ok(w)
    }

    /// Sides and relations of a part or a bracketed group, with the deepest
    /// nesting of grouping symbols and ′ inside it.
    fn relchain(&mut self) -> Result<(Vec<Operand>, Vec<Written>, usize), ParseError> {
        let (first, mut nest) = self.chain()?;
        let mut sides = vec![first];
        let mut rels = Vec::new();
        while let Some(Tok::Sym(s)) = self.peek() {
            if !s.is_relation() {
                break;
            }
            rels.push(self.written()?);
            if !self.starts_operand() {
                return Err(perr(
                    self.pos(),
                    format!("{s} must be followed by a set (VI-B-2)"),
                ));
            }
            let (side, n) = self.chain()?;
            nest = nest.max(n);
            sides.push(side);
        }
        if rels.is_empty() {
            return Ok((sides, rels, nest));
        }
        for s in &sides {
            if let Operand::Restriction(_, p) = s {
                return Err(perr(
                    *p,
                    "grouping symbols may not enclose = or ⊆ inside a Restriction (VI-B-3)",
                ));
            }
        }
        Ok((sides, rels, nest))
    }

    fn starts_operand(&self) -> bool {
        matches!(self.peek(), Some(Tok::Sym(s)) if s.is_set())
            || matches!(self.peek(), Some(Tok::Open(_)))
    }

    fn chain(&mut self) -> Result<(Operand, usize), ParseError> {
        let (first, mut nest) = self.operand()?;
        let mut operands = vec![first];
        let mut ops = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Sym(s)) if s.is_binary_operation() => {
                    let w = self.written()?;
                    if self.peek() == Some(Tok::Sym(Symbol::Complement)) {
                        return Err(perr(self.pos(), "′ must follow a set (VII-C-5-d)"));
                    }
                    if !self.starts_operand() {
                        let what = match self.peek() {
                            Some(t) => format!("found {}", describe(t)),
                            None => "found the end of the part".into(),
                        };
                        return Err(perr(
                            self.pos(),
                            format!(
                                "{} must be followed by a set, {what} (VII-C-5-d)",
                                w.meaning
                            ),
                        ));
                    }
                    ops.push(w);
                    let (o, n) = self.operand()?;
                    nest = nest.max(n);
                    operands.push(o);
                }
                Some(Tok::Sym(s)) if s.is_set() => {
                    return Err(perr(
                        self.pos(),
                        format!("a binary operation is missing before {s} (VII-C-5-d)"),
                    ))
                }
                Some(Tok::Open(b)) => {
                    return Err(perr(
                        self.pos(),
                        format!(
                            "a binary operation is missing before {} (VII-C-5-d)",
                            b.open()
                        ),
                    ))
                }
                _ => break,
            }
        }
        if operands.len() == 1 {
            return Ok((operands.pop().expect("one operand"), nest));
        }
        let mut exprs = Vec::new();
        for o in operands {
            match o {
                Operand::Expr(e) => exprs.push(e),
                Operand::Restriction(_, p) => {
                    return Err(perr(
                        p,
                        "grouping symbols may not enclose = or ⊆ inside a Set-Name (VI-A, VI-B-3)",
                    ))
                }
            }
        }
        Ok((Operand::Expr(Expr::Chain(exprs, ops)), nest))
    }

    /// An operand and the nesting of grouping symbols and ′ inside it
    /// (counting its own). Recursion follows the grouping symbols, which are
    /// counted before descending: no text can nest deeper than [`MAX_NESTING`].
    fn operand(&mut self) -> Result<(Operand, usize), ParseError> {
        let pos = self.pos();
        let mut nest = 0;
        let mut op = match self.peek() {
            Some(Tok::Sym(s)) if s.is_set() => Operand::Expr(Expr::Set(self.written()?)),
            Some(Tok::Open(b)) => {
                if self.open >= MAX_NESTING {
                    return Err(too_deep(pos));
                }
                self.i += 1;
                if matches!(self.peek(), Some(Tok::Close(_))) {
                    return Err(perr(
                        self.pos(),
                        "empty grouping symbols name no set (VII-C-5-d)",
                    ));
                }
                if !self.starts_operand() {
                    return Err(self.unexpected("a set"));
                }
                self.open += 1;
                let (mut sides, rels, inner) = self.relchain()?;
                self.open -= 1;
                nest = inner + 1;
                match self.peek() {
                    Some(Tok::Close(c)) if c == b => self.i += 1,
                    Some(Tok::Close(c)) => {
                        return Err(kperr(
                            ParseErrorKind::Unbalanced,
                            self.pos(),
                            format!(
                                "{} at {pos} is closed by {} (VII-C-5-d)",
                                b.open(),
                                c.close()
                            ),
                        ))
                    }
                    _ => {
                        return Err(kperr(
                            ParseErrorKind::Unbalanced,
                            pos,
                            format!("{} is never closed (VII-C-5-d)", b.open()),
                        ))
                    }
                }
                if rels.is_empty() {
                    match sides.pop().expect("one side") {
                        Operand::Expr(e) => Operand::Expr(Expr::Group(b, Box::new(e))),
                        Operand::Restriction(mut r, p) => {
                            r.wrap.insert(0, b);
                            Operand::Restriction(r, p)
                        }
                    }
                } else {
                    let first_rel = rels[0].pos;
                    let sides = sides
                        .into_iter()
                        .map(|s| match s {
                            Operand::Expr(e) => e,
                            Operand::Restriction(..) => {
                                unreachable!("relchain rejects nested Restrictions")
                            }
                        })
                        .collect();
                    Operand::Restriction(
                        Restriction {
                            wrap: vec![b],
                            sides,
                            relations: rels,
                        },
                        first_rel,
                    )
                }
            }
            Some(Tok::Sym(Symbol::Complement)) => {
                return Err(perr(pos, "′ must follow a set (VII-C-5-d)"));
            }
            Some(Tok::Sym(s)) if s.is_binary_operation() => {
                return Err(perr(
                    pos,
                    format!("{s} must be between two sets (VII-C-5-d)"),
                ))
            }
            Some(Tok::Sym(s)) if s.is_relation() => {
                return Err(perr(pos, format!("{s} must be between two sets (VI-B-2)")))
            }
            _ => return Err(self.unexpected("a set")),
        };
        while self.peek() == Some(Tok::Sym(Symbol::Complement)) {
            if self.open + nest >= MAX_NESTING {
                return Err(too_deep(self.pos()));
            }
            nest += 1;
            let w = self.written()?;
            op = match op {
                Operand::Expr(e) => Operand::Expr(Expr::Complement(Box::new(e), w)),
                Operand::Restriction(..) => {
                    return Err(perr(
                        w.pos,
                        "′ cannot follow a Restriction: a Restriction is not a set (VI-B-3)",
                    ))
                }
            };
        }
        Ok((op, nest))
    }

    fn unexpected(&self, wanted: &str) -> ParseError {
        match self.peek() {
            Some(Tok::Close(b)) => perr(
                self.pos(),
                format!("unexpected {}: expected {wanted} (VII-C-5-d)", b.close()),
            ),
            Some(t) => perr(
                self.pos(),
                format!("unexpected {}: expected {wanted} (VII-C-5-d)", describe(t)),
            ),
            None => perr(
                self.end,
                format!("the part ends where {wanted} is expected (VII-C-5-d)"),
            ),
        }
    }
}

fn parse_part(toks: &[(Pos, Tok)], end: Pos) -> Result<Part, ParseError> {
    if toks[0].1 == Tok::BlankWord {
        return parse_blank(toks, end);
    }
    if let Some((p, t)) = toks
        .iter()
        .find(|(_, t)| matches!(t, Tok::BlankWord | Tok::Colon))
    {
        return Err(perr(
            *p,
            format!(
                "`{}` may only begin a `blank:` part (Blank Card Wild)",
                describe(*t)
            ),
        ));
    }
    check_nesting(toks)?;
    let mut p = Parser {
        toks,
        i: 0,
        end,
        open: 0,
    };
    if !p.starts_operand() {
        return Err(p.unexpected("a set"));
    }
    let (mut sides, rels, _) = p.relchain()?;
    if let Some((pos, t)) = toks.get(p.i) {
        return Err(match t {
            Tok::Close(b) => kperr(
                ParseErrorKind::Unbalanced,
                *pos,
                format!("{} has no matching {} (VII-C-5-d)", b.close(), b.open()),
            ),
            Tok::At => perr(*pos, "`@` must follow a cube symbol"),
            t => perr(*pos, format!("unexpected {} (VII-C-5-d)", describe(*t))),
        });
    }
    if rels.is_empty() {
        return Ok(match sides.pop().expect("one side") {
            Operand::Expr(e) => Part::SetName(e),
            Operand::Restriction(r, _) => Part::Restriction(r),
        });
    }
    let sides = sides
        .into_iter()
        .map(|s| match s {
            Operand::Expr(e) => e,
            Operand::Restriction(..) => unreachable!("relchain rejects nested Restrictions"),
        })
        .collect();
    Ok(Part::Restriction(Restriction {
        wrap: Vec::new(),
        sides,
        relations: rels,
    }))
}

fn parse_blank(toks: &[(Pos, Tok)], end: Pos) -> Result<Part, ParseError> {
    match toks.get(1) {
        Some((_, Tok::Colon)) | Some((_, Tok::Sym(Symbol::Equals))) => {}
        Some((p, _)) => {
            return Err(kperr(
                ParseErrorKind::Blank,
                *p,
                "write the blank card's colors as `blank: BG`",
            ))
        }
        None => {
            return Err(kperr(
                ParseErrorKind::Blank,
                end,
                "write the blank card's colors as `blank: BG`",
            ))
        }
    }
    let rest = &toks[2..];
    match rest {
        [] => Err(kperr(
            ParseErrorKind::Blank,
            end,
            "`blank:` must be followed by the colors on the blank card, or `-` for none",
        )),
        [(_, Tok::Sym(Symbol::Minus))] | [(_, Tok::BlankWord)] => Ok(Part::Blank(Card::BLANK)),
        _ => {
            let mut mask = 0u8;
            for (p, t) in rest {
                match t {
                    Tok::Sym(Symbol::Color(c)) => {
                        if mask & c.bit() != 0 {
                            return Err(kperr(
                                ParseErrorKind::Blank,
                                *p,
                                format!("{} is listed twice on the blank card", c.letter()),
                            ));
                        }
                        mask |= c.bit();
                    }
                    t => {
                        return Err(kperr(
                            ParseErrorKind::Blank,
                            *p,
                            format!("{} is not a color for the blank card", describe(*t)),
                        ))
                    }
                }
            }
            Ok(Part::Blank(Card::from_mask(mask).expect("four color bits")))
        }
    }
}

/// B19 (editions.md Q6): every bare = or ⊆ becomes the wild cube written
/// with the meaning its annotation gives elsewhere in the text; a bare one
/// with no annotation anywhere is undefined.
fn resolve_bare_wild(toks: Vec<(Pos, Tok)>) -> Result<Vec<(Pos, Tok)>, ParseError> {
    let mut meaning: Vec<(Symbol, Symbol)> = Vec::new();
    for k in 1..toks.len().saturating_sub(1) {
        if let (Tok::Sym(m), Tok::At, Tok::Sym(rel)) = (toks[k - 1].1, toks[k].1, toks[k + 1].1) {
            if rel.is_relation() && !meaning.iter().any(|(r, _)| *r == rel) {
                meaning.push((rel, m));
            }
        }
    }
    let mut out = Vec::with_capacity(toks.len());
    for (k, &(pos, tok)) in toks.iter().enumerate() {
        // the cube of an annotation, or a meaning that carries one
        let annotated =
            (k > 0 && toks[k - 1].1 == Tok::At) || toks.get(k + 1).is_some_and(|t| t.1 == Tok::At);
        match tok {
            Tok::Sym(rel) if rel.is_relation() && !annotated => {
                let Some(&(_, m)) = meaning.iter().find(|(r, _)| *r == rel) else {
                    let what = if rel == Symbol::Equals {
                        "a set, e.g. `R@=`"
                    } else {
                        "an operation, e.g. `∪@⊆`"
                    };
                    return Err(kperr(
                        ParseErrorKind::UnknownSymbol,
                        pos,
                        format!("in MLAG Basic 2019-20 the {rel} cube is wild and the Solution must say what it stands for: write {what} (B19 I-B-2-d-iii, VI comment c)"),
                    ));
                };
                out.push((pos, Tok::Sym(m)));
                out.push((pos, Tok::At));
                out.push((pos, Tok::Sym(rel)));
            }
            _ => out.push((pos, tok)),
        }
    }
    Ok(out)
}

impl Presentation {
    /// Parses the notation of notation.md "Solutions": parts separated by
    /// newlines, `;` or `,`; `||` between Two Solutions.
    pub fn parse(text: &str) -> Result<Presentation, ParseError> {
        Presentation::parse_with(text, ParseOptions::default())
    }

    /// Parses the notation as an edition reads it ([`ParseOptions`]).
    pub fn parse_with(text: &str, opts: ParseOptions) -> Result<Presentation, ParseError> {
        let mut toks = tokenize(text, opts)?;
        if opts.wild_relations {
            toks = resolve_bare_wild(toks)?;
        }
        let mut solutions = Vec::new();
        let mut current = Solution::default();
        let mut start = 0;
        let end_pos = {
            let lines = text.split('\n').count();
            let last = text.rsplit('\n').next().unwrap_or("");
            Pos {
                line: lines.max(1),
                column: last.chars().count() + 1,
            }
        };
        let flush =
            |slice: &[(Pos, Tok)], end: Pos, sol: &mut Solution| -> Result<(), ParseError> {
                if !slice.is_empty() {
                    sol.parts.push(parse_part(slice, end)?);
                }
                Ok(())
            };
        for (k, (pos, tok)) in toks.iter().enumerate() {
            match tok {
                Tok::Sep => {
                    flush(&toks[start..k], *pos, &mut current)?;
                    start = k + 1;
                }
                Tok::Bars => {
                    flush(&toks[start..k], *pos, &mut current)?;
                    start = k + 1;
                    if current.parts.is_empty() {
                        return Err(perr(*pos, "`||` must come between two Solutions"));
                    }
                    solutions.push(std::mem::take(&mut current));
                }
                _ => {}
            }
        }
        flush(&toks[start..], end_pos, &mut current)?;
        if current.parts.is_empty() {
            if solutions.is_empty() {
                return Err(ParseError::new(
                    ParseErrorKind::Empty,
                    "the Solution is empty",
                ));
            }
            return Err(perr(end_pos, "`||` must come between two Solutions"));
        }
        solutions.push(current);
        Ok(Presentation { solutions })
    }
}

/// Convenience for building colors in tests and generators.
pub fn color(c: Color) -> Expr {
    Expr::Set(Written::new(Symbol::Color(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VI-B-2: a Restriction is two or more Set-Names with one relation
    /// between each two; `Restriction::new` refuses any other shape (which
    /// printing would index past), naming both counts.
    #[test]
    fn vi_b_2_a_restriction_without_one_relation_between_each_two_sides_is_refused() {
        let b = || Expr::Set(Written::new(Symbol::Color(crate::card::Color::Blue)));
        let eq = || Written::new(Symbol::Equals);
        let e = Restriction::new(Vec::new(), vec![b(), b(), b()], vec![eq()]).unwrap_err();
        assert_eq!((e.sides, e.relations), (3, 1));
        assert!(e.to_string().contains("sides 3, relations 1"), "{e}");
        assert!(Restriction::new(Vec::new(), vec![b()], Vec::new()).is_err());
        let r = Restriction::new(Vec::new(), vec![b(), b()], vec![eq()]).unwrap();
        assert_eq!(r.to_string(), "B = B");
        assert_eq!((r.sides().len(), r.relations().len()), (2, 1));
    }

    fn err(s: &str) -> ParseError {
        Presentation::parse(s).unwrap_err()
    }
    fn round(s: &str) -> String {
        Presentation::parse(s).unwrap().to_string()
    }

    #[test]
    fn vii_c_5_d_prime_before_a_set_is_undefined() {
        let e = err("R ∪ ′B");
        assert_eq!(e.column, Some(5));
        assert!(e.message.contains("′ must follow a set"), "{e}");
    }

    #[test]
    fn vii_c_5_d_dangling_operation_is_undefined() {
        let e = err("G ∪");
        assert!(e.message.contains("∪ must be followed by a set"), "{e}");
        assert_eq!(e.column, Some(4));
    }

    #[test]
    fn vii_c_5_d_missing_operation_between_sets() {
        assert_eq!(err("B R").column, Some(3));
    }

    #[test]
    fn vi_b_3_parentheses_around_a_relation_in_a_chain() {
        assert!(err("(B ⊆ R) ⊆ G").message.contains("VI-B-3"));
        assert!(err("B = (R = G)").message.contains("VI-B-3"));
        assert!(err("(B = R)′").message.contains("VI-B-3"));
        assert!(err("R ∪ (B = G) − R").message.contains("VI-B-3"));
    }

    #[test]
    fn vi_b_3_parentheses_around_whole_restriction_or_one_side_are_legal() {
        assert_eq!(round("(B ⊆ R ∪ G)"), "(B ⊆ R ∪ G)");
        assert_eq!(round("[(B ⊆ R ∪ G)]; B"), "[(B ⊆ R ∪ G)]; B");
        assert_eq!(round("B ⊆ (R ∪ G)"), "B ⊆ (R ∪ G)");
    }

    #[test]
    fn ascii_aliases_and_annotations() {
        assert_eq!(round("(R u B)' n V - ^"), "(R ∪ B)′ ∩ V − Λ");
        assert_eq!(round("R ∪@B G"), "R ∪@B G");
        assert_eq!(round("B < R\nR = G , B"), "B ⊆ R; R = G; B");
        assert_eq!(round("blank = BG; B"), "blank: BG; B");
        assert_eq!(round("B u R || B"), "B ∪ R || B");
        assert_eq!(round("/\\ ∪ B"), "Λ ∪ B");
    }

    #[test]
    fn mismatched_brackets_are_undefined() {
        assert!(err("(B ∪ R]").message.contains("closed by ]"));
        assert!(err("(B ∪ R").message.contains("never closed"));
        assert!(err("B ∪ R)").message.contains("no matching"));
    }

    #[test]
    fn digits_and_goal_after_set_name_are_undefined() {
        assert!(err("B ∪ R = 4").message.contains("VI-A"));
    }

    #[test]
    fn multi_line_errors_name_the_line() {
        let e = err("B ⊆ R\nR ∪ ′B");
        assert_eq!((e.line, e.column), (Some(2), Some(5)));
    }

    #[test]
    fn vii_c_5_d_parse_errors_have_kinds() {
        assert_eq!(err("(B ∪ R").kind, ParseErrorKind::Unbalanced);
        assert_eq!(err("(B ∪ R]").kind, ParseErrorKind::Unbalanced);
        assert_eq!(err("B ∪ R)").kind, ParseErrorKind::Unbalanced);
        assert_eq!(err("B ∪").kind, ParseErrorKind::Syntax);
        assert_eq!(err("B ∪ R = 4").kind, ParseErrorKind::UnknownSymbol);
        assert_eq!(err("B ∪ Q").kind, ParseErrorKind::UnknownSymbol);
        assert_eq!(err("").kind, ParseErrorKind::Empty);
        let deep = format!("{}B{}", "(".repeat(70), ")".repeat(70));
        assert_eq!(err(&deep).kind, ParseErrorKind::TooDeep);
    }

    #[test]
    fn nesting_limit_names_the_column_of_the_first_bracket_too_deep() {
        let ok = format!(
            "{}B{} ∪ R",
            "(".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING)
        );
        assert!(Presentation::parse(&ok).is_ok());
        let deep = format!(
            "{}B{} ∪ R",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        let e = err(&deep);
        assert_eq!(e.column, Some(MAX_NESTING + 1));
        assert!(e.message.contains("nested deeper than 64"), "{e}");
        assert!(e.to_string().ends_with("column 65"), "{e}");
    }

    #[test]
    fn nesting_limit_counts_primes_with_brackets() {
        let primes = |n: usize| format!("B{} ∪ R", "′".repeat(n));
        assert!(Presentation::parse(&primes(MAX_NESTING)).is_ok());
        let e = err(&primes(MAX_NESTING + 1));
        assert_eq!(e.column, Some(MAX_NESTING + 2));
        // 32 brackets around a set with 33 primes inside go over the limit.
        let mixed = format!("{}B{}{}", "(".repeat(32), "′".repeat(33), ")".repeat(32));
        assert!(err(&mixed).message.contains("nested deeper"));
        let mixed_ok = format!("{}B{}{}", "(".repeat(32), "′".repeat(32), ")".repeat(32));
        assert!(Presentation::parse(&mixed_ok).is_ok());
        // Primes outside the brackets count too.
        let outside = format!(
            "{}B{}{} ∪ R",
            "(".repeat(32),
            ")".repeat(32),
            "′".repeat(33)
        );
        assert!(err(&outside).message.contains("nested deeper"));
    }

    #[test]
    fn nesting_limit_applies_to_restrictions_and_double_set() {
        let deep = format!("{}B = R{}; B ∪ R", "(".repeat(100), ")".repeat(100));
        assert_eq!(err(&deep).column, Some(MAX_NESTING + 1));
        let v = crate::Variation::parse(&format!(
            "double-set {}B{}",
            "(".repeat(200),
            ")".repeat(200)
        ))
        .unwrap_err();
        assert_eq!(v.column, Some("double-set ".len() + MAX_NESTING + 1), "{v}");
    }
}
