//! Goals: layouts of digit cubes and their values (rules III-B-1).

use crate::error::{ParseError, ParseErrorKind};
use std::fmt;

/// A digit cube in the Goal: its digit (1–5) and whether it is upside-down
/// (III-B-1-c: the negative of the number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoalDigit {
    pub digit: u8,
    pub upside_down: bool,
}

impl GoalDigit {
    pub const fn new(digit: u8) -> Self {
        GoalDigit {
            digit,
            upside_down: false,
        }
    }
    pub const fn flipped(digit: u8) -> Self {
        GoalDigit {
            digit,
            upside_down: true,
        }
    }
    /// The value as laid out: negative when upside-down.
    pub const fn value(self) -> i64 {
        if self.upside_down {
            -(self.digit as i64)
        } else {
            self.digit as i64
        }
    }
}

impl fmt::Display for GoalDigit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.upside_down {
            f.write_str("~")?;
        }
        write!(f, "{}", self.digit)
    }
}

/// How the digit cubes of a Goal are placed on the mat. The first six are the
/// only legal configurations (III-B-1); anything else is [`GoalLayout::Illegal`],
/// which has no legal interpretation (VII-C-5-a).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GoalLayout {
    /// One cube: A.
    Single(GoalDigit),
    /// Side by side: A + B.
    Sum2(GoalDigit, GoalDigit),
    /// Side by side: A + B + C.
    Sum3(GoalDigit, GoalDigit, GoalDigit),
    /// In a vertical line: A × B.
    Product2(GoalDigit, GoalDigit),
    /// In a vertical line: A × B × C.
    Product3(GoalDigit, GoalDigit, GoalDigit),
    /// L: A over B, C beside B: (A × B) + C.
    L(GoalDigit, GoalDigit, GoalDigit),
    /// T: A over both B and C: A × (B + C).
    T(GoalDigit, GoalDigit, GoalDigit),
    /// Any other placement (a backwards L, a diagonal, four cubes...). The
    /// digits are kept; `description` says how they lie.
    Illegal {
        digits: Vec<GoalDigit>,
        description: String,
    },
}

/// A Goal (III-B). The layout is private: a Goal is built by [`Goal::parse`]
/// (which accepts only the legal configurations of III-B-1) or by
/// [`Goal::new`] from a [`GoalLayout`] (where an illegal placement is its own
/// variant, VII-C-5-a), and read through [`Goal::layout`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Goal {
    layout: GoalLayout,
}

impl Goal {
    pub fn new(layout: GoalLayout) -> Self {
        Goal { layout }
    }

    /// How the digit cubes lie (III-B-1).
    pub fn layout(&self) -> &GoalLayout {
        &self.layout
    }

    /// Whether the layout is one of the legal configurations of III-B-1.
    pub fn is_legal_layout(&self) -> bool {
        !matches!(self.layout, GoalLayout::Illegal { .. })
    }

    /// The digit cubes used.
    pub fn digits(&self) -> Vec<GoalDigit> {
        use GoalLayout::*;
        match &self.layout {
            Single(a) => vec![*a],
            Sum2(a, b) | Product2(a, b) => vec![*a, *b],
            Sum3(a, b, c) | Product3(a, b, c) | L(a, b, c) | T(a, b, c) => vec![*a, *b, *c],
            Illegal { digits, .. } => digits.clone(),
        }
    }

    fn evaluate(&self, d: &[i64]) -> Option<i64> {
        use GoalLayout::*;
        Some(match &self.layout {
            Single(_) => d[0],
            Sum2(..) => d[0] + d[1],
            Sum3(..) => d[0] + d[1] + d[2],
            Product2(..) => d[0] * d[1],
            Product3(..) => d[0] * d[1] * d[2],
            L(..) => d[0] * d[1] + d[2],
            T(..) => d[0] * (d[1] + d[2]),
            Illegal { .. } => return None,
        })
    }

    /// The value of the Goal as laid out (upside-down digits negative), or
    /// `None` for an illegal layout.
    pub fn value(&self) -> Option<i64> {
        let d: Vec<i64> = self.digits().iter().map(|g| g.value()).collect();
        self.evaluate(&d)
    }

    /// Every value of a legal interpretation of the Goal, sorted and distinct:
    /// a Goal names a whole number (III-B, Glossary "Whole number"), so
    /// negative values are not legal; an illegal layout has none (VII-C-5-a).
    /// With `absolute_value` (XIII-B-9) each upside-down digit may also be read
    /// right-side-up, so the Goal may have several legal values.
    pub fn legal_values(&self, absolute_value: bool) -> Vec<i64> {
        let digits = self.digits();
        let flips: Vec<usize> = if absolute_value {
            digits
                .iter()
                .enumerate()
                .filter(|(_, g)| g.upside_down)
                .map(|(i, _)| i)
                .collect()
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for choice in 0u32..(1 << flips.len()) {
            let mut d: Vec<i64> = digits.iter().map(|g| g.value()).collect();
            for (k, &i) in flips.iter().enumerate() {
                if choice & (1 << k) != 0 {
                    d[i] = -d[i];
                }
            }
            if let Some(v) = self.evaluate(&d) {
                if v >= 0 {
                    out.push(v);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Parses the text form of notation.md: `3`, `3+2`, `3+2+1`, `3*2`,
    /// `3*2*1`, `3*2+1` (L), `3*(2+1)` (T); `~` marks an upside-down digit;
    /// `x` and `×` are accepted for `*`; spaces anywhere.
    pub fn parse(text: &str) -> Result<Goal, ParseError> {
        #[derive(PartialEq)]
        enum Tok {
            D(GoalDigit),
            Plus,
            Times,
            Open,
            Close,
        }
        let mut toks: Vec<(usize, Tok)> = Vec::new();
        let mut pending_flip: Option<usize> = None;
        for (i, ch) in text.chars().enumerate() {
            let col = i + 1;
            if ch.is_whitespace() {
                continue;
            }
            if pending_flip.is_some() && !ch.is_ascii_digit() {
                return Err(ParseError::at(
                    ParseErrorKind::Goal,
                    col,
                    "`~` must be followed by a digit",
                ));
            }
            match ch {
                '~' => pending_flip = Some(col),
                '1'..='5' => {
                    let d = ch as u8 - b'0';
                    let g = if pending_flip.take().is_some() {
                        GoalDigit::flipped(d)
                    } else {
                        GoalDigit::new(d)
                    };
                    toks.push((col, Tok::D(g)));
                }
                '0' | '6'..='9' => {
                    return Err(ParseError::at(
                        ParseErrorKind::Goal,
                        col,
                        format!("{ch} is not on a digit cube (faces 1, 1, 2, 3, 4, 5)"),
                    ))
                }
                '+' => toks.push((col, Tok::Plus)),
                '*' | 'x' | 'X' | '×' => toks.push((col, Tok::Times)),
                '(' => toks.push((col, Tok::Open)),
                ')' => toks.push((col, Tok::Close)),
                _ => {
                    return Err(ParseError::at(
                        ParseErrorKind::Goal,
                        col,
                        format!(
                            "`{ch}` has no meaning in a Goal (digits 1–5, ~, +, *, parentheses)"
                        ),
                    ))
                }
            }
        }
        if let Some(col) = pending_flip {
            return Err(ParseError::at(
                ParseErrorKind::Goal,
                col,
                "`~` must be followed by a digit",
            ));
        }
        if toks.is_empty() {
            return Err(ParseError::new(
                ParseErrorKind::Goal,
                "the Goal is empty: it needs one to three digit cubes (III-B)",
            ));
        }
        let digits: Vec<GoalDigit> = toks
            .iter()
            .filter_map(|(_, t)| if let Tok::D(g) = t { Some(*g) } else { None })
            .collect();
        if digits.len() > 3 {
            let col = toks
                .iter()
                .filter(|(_, t)| matches!(t, Tok::D(_)))
                .nth(3)
                .map(|(c, _)| *c)
                .unwrap_or(1);
            return Err(ParseError::at(
                ParseErrorKind::Goal,
                col,
                "a Goal has at most three digit cubes (III-B)",
            ));
        }
        let shape: String = toks
            .iter()
            .map(|(_, t)| match t {
                Tok::D(_) => 'd',
                Tok::Plus => '+',
                Tok::Times => '*',
                Tok::Open => '(',
                Tok::Close => ')',
            })
            .collect();
        let g = |i: usize| digits[i];
        let layout = match shape.as_str() {
            "d" => GoalLayout::Single(g(0)),
            "d+d" => GoalLayout::Sum2(g(0), g(1)),
            "d+d+d" => GoalLayout::Sum3(g(0), g(1), g(2)),
            "d*d" => GoalLayout::Product2(g(0), g(1)),
            "d*d*d" => GoalLayout::Product3(g(0), g(1), g(2)),
            "d*d+d" => GoalLayout::L(g(0), g(1), g(2)),
            "d*(d+d)" => GoalLayout::T(g(0), g(1), g(2)),
            _ => {
                // Point at the first token where the text leaves every legal form.
                const LEGAL: [&str; 7] = ["d", "d+d", "d+d+d", "d*d", "d*d*d", "d*d+d", "d*(d+d)"];
                let mut good = 0;
                for l in LEGAL {
                    let common = l
                        .chars()
                        .zip(shape.chars())
                        .take_while(|(a, b)| a == b)
                        .count();
                    good = good.max(common);
                }
                let col = toks
                    .get(good)
                    .map(|(c, _)| *c)
                    .unwrap_or_else(|| text.chars().count().max(1));
                return Err(ParseError::at(
                    ParseErrorKind::Goal,
                    col,
                    "not a legal Goal layout (III-B-1): write A, A+B, A+B+C, A*B, A*B*C, A*B+C (L) or A*(B+C) (T)",
                ));
            }
        };
        Ok(Goal { layout })
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GoalLayout::*;
        match &self.layout {
            Single(a) => write!(f, "{a}"),
            Sum2(a, b) => write!(f, "{a}+{b}"),
            Sum3(a, b, c) => write!(f, "{a}+{b}+{c}"),
            Product2(a, b) => write!(f, "{a}*{b}"),
            Product3(a, b, c) => write!(f, "{a}*{b}*{c}"),
            L(a, b, c) => write!(f, "{a}*{b}+{c}"),
            T(a, b, c) => write!(f, "{a}*({b}+{c})"),
            Illegal {
                digits,
                description,
            } => {
                write!(f, "illegal layout [")?;
                for (i, d) in digits.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{d}")?;
                }
                write!(f, "]: {description}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(s: &str, abs: bool) -> Vec<i64> {
        Goal::parse(s).unwrap().legal_values(abs)
    }

    #[test]
    fn iii_b_1_legal_layouts_and_values() {
        assert_eq!(values("3", false), vec![3]);
        assert_eq!(values("3+2", false), vec![5]);
        assert_eq!(values("3+2+1", false), vec![6]);
        assert_eq!(values("3*2", false), vec![6]);
        assert_eq!(values("3 x 2 × 1", false), vec![6]);
        assert_eq!(values("3*2+1", false), vec![7]);
        assert_eq!(values("3*(2+1)", false), vec![9]);
    }

    #[test]
    fn iii_b_1_c_upside_down_digit_is_negative() {
        assert_eq!(values("3+~2", false), vec![1]);
        assert_eq!(values("~3", false), Vec::<i64>::new());
        assert_eq!(values("~2*~2", false), vec![4]);
    }

    #[test]
    fn xiii_b_9_absolute_value_examples() {
        // (a) 3 + upside-down 2 may be 1 or 5.
        assert_eq!(values("3+~2", true), vec![1, 5]);
        // (b) upside-down 2 over 3, upside-down 1 beside: 5 or 7.
        assert_eq!(values("~2*3+~1", true), vec![5, 7]);
    }

    #[test]
    fn illegal_layouts_are_errors_with_a_column() {
        let e = Goal::parse("3+*2").unwrap_err();
        assert_eq!(e.column, Some(3));
        assert!(Goal::parse("1+2+3+4").is_err());
        assert!(Goal::parse("6").is_err());
        assert!(Goal::parse("(3+2)*1").is_err());
        assert!(Goal::parse("").is_err());
        assert!(Goal::parse("~").is_err());
    }

    #[test]
    fn print_parse_round_trip() {
        for s in ["3", "~3+2", "1+2+3", "4*5", "1*~1*2", "3*2+1", "3*(2+~1)"] {
            let g = Goal::parse(s).unwrap();
            assert_eq!(g.to_string(), s);
            assert_eq!(Goal::parse(&g.to_string()).unwrap(), g);
        }
    }
}
