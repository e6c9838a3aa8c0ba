//! The printable sheet (`onsets puzzle sheet`): A4 pages, three puzzles a
//! page with the cards drawn (a card is a rectangle with its colored dots,
//! II-B) and the cubes drawn as squares, then the answer key.
//!
//! The PDF's built-in Helvetica font has no set-theory symbols, so the sheet
//! writes cubes and Solutions with the ASCII forms notation.md accepts on
//! input (`U` ∪, `n` ∩, `-` −, `'` ′, `^` Λ, `<` ⊆), with a legend on every
//! page.

use onsets_core::{Card, Color, Position, Symbol};
use onsets_puzzles::{Kind, Puzzle};
use printpdf::path::{PaintMode, WindingOrder};
use printpdf::{
    BuiltinFont, Color as PdfColor, IndirectFontRef, Mm, PdfDocument, PdfLayerReference, Point,
    Polygon, Rect, Rgb,
};

const W: f32 = 210.0;
const H: f32 = 297.0;
const MARGIN: f32 = 14.0;
const LEGEND: &str = "Symbols: U union, n intersection, - difference, ' complement, V universe, ^ empty set, = equals, < subset (notation.md).";

/// Text in the ASCII forms of notation.md, for the built-in font.
pub fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '∪' => "U".to_string(),
            '∩' => "n".to_string(),
            '−' | '–' => "-".to_string(),
            '′' | '’' => "'".to_string(),
            'Λ' => "^".to_string(),
            '⊆' => "<".to_string(),
            '→' => "->".to_string(),
            '×' => "x".to_string(),
            '“' | '”' => "\"".to_string(),
            c if c.is_ascii() => c.to_string(),
            _ => "?".to_string(),
        })
        .collect()
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn rgb(c: Color) -> PdfColor {
    let (r, g, b) = match c {
        Color::Blue => (0.15, 0.35, 0.85),
        Color::Red => (0.85, 0.15, 0.15),
        Color::Green => (0.1, 0.6, 0.25),
        Color::Yellow => (0.95, 0.8, 0.1),
    };
    PdfColor::Rgb(Rgb::new(r, g, b, None))
}

fn grey(v: f32) -> PdfColor {
    PdfColor::Rgb(Rgb::new(v, v, v, None))
}

struct Page<'a> {
    layer: PdfLayerReference,
    font: &'a IndirectFontRef,
    bold: &'a IndirectFontRef,
    y: f32,
    /// The puzzle is under the 1969 manual: the fourth color is orange,
    /// printed O (M69 2.0).
    orange: bool,
}

impl Page<'_> {
    /// A color's ink: the fourth color is orange in 1969 (M69 2.0).
    fn rgb(&self, c: Color) -> PdfColor {
        if self.orange && c == Color::Yellow {
            return PdfColor::Rgb(Rgb::new(0.95, 0.5, 0.1, None));
        }
        rgb(c)
    }

    fn text(&mut self, s: &str, size: f32, bold: bool) {
        let f = if bold { self.bold } else { self.font };
        self.layer.set_fill_color(grey(0.0));
        self.layer
            .use_text(ascii(s), size, Mm(MARGIN), Mm(self.y), f);
        self.y -= size * 0.45;
    }

    fn para(&mut self, s: &str, size: f32) {
        let width = (175.0 / (size * 0.19)) as usize;
        for l in wrap(&ascii(s), width) {
            self.text(&l, size, false);
        }
    }

    fn rect(&self, x: f32, y: f32, w: f32, h: f32, fill: PdfColor) {
        self.layer.set_fill_color(fill);
        self.layer.set_outline_color(grey(0.2));
        self.layer.set_outline_thickness(0.6);
        self.layer.add_rect(
            Rect::new(Mm(x), Mm(y), Mm(x + w), Mm(y + h)).with_mode(PaintMode::FillStroke),
        );
    }

    fn dot(&self, cx: f32, cy: f32, r: f32, fill: PdfColor) {
        let ring: Vec<(Point, bool)> = (0..16)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 16.0;
                (
                    Point::new(Mm(cx + r * a.cos()), Mm(cy + r * a.sin())),
                    false,
                )
            })
            .collect();
        self.layer.set_fill_color(fill);
        self.layer.add_polygon(Polygon {
            rings: vec![ring],
            mode: PaintMode::Fill,
            winding_order: WindingOrder::NonZero,
        });
    }

    /// The Universe: each card a rectangle with its dots in a fixed place
    /// per color (blue, red top; green, yellow bottom).
    fn cards(&mut self, position: &Position) {
        let mut x = MARGIN;
        let (w, h) = (11.0, 15.0);
        let y = self.y - h;
        for c in position.universe.iter() {
            self.card(c, x, y, w, h);
            x += w + 2.0;
        }
        self.y = y - 3.0;
    }

    fn card(&self, c: Card, x: f32, y: f32, w: f32, h: f32) {
        self.rect(x, y, w, h, grey(1.0));
        let spots = [
            (Color::Blue, x + w * 0.3, y + h * 0.7),
            (Color::Red, x + w * 0.7, y + h * 0.7),
            (Color::Green, x + w * 0.3, y + h * 0.3),
            (Color::Yellow, x + w * 0.7, y + h * 0.3),
        ];
        for (col, cx, cy) in spots {
            if c.has(col) {
                self.dot(cx, cy, 1.8, self.rgb(col));
            }
        }
    }

    /// One row of cubes, labelled.
    fn cubes(&mut self, label: &str, cubes: &[Symbol]) {
        let size = 6.5;
        let y = self.y - size;
        self.layer.set_fill_color(grey(0.0));
        self.layer
            .use_text(label, 9.0, Mm(MARGIN), Mm(y + 1.8), self.font);
        let mut x = MARGIN + 22.0;
        if cubes.is_empty() {
            self.layer
                .use_text("(none)", 9.0, Mm(x), Mm(y + 1.8), self.font);
        }
        for s in cubes {
            let (fill, ink) = match s {
                Symbol::Color(c) => (
                    self.rgb(*c),
                    if *c == Color::Yellow {
                        grey(0.0)
                    } else {
                        grey(1.0)
                    },
                ),
                _ => (grey(0.95), grey(0.0)),
            };
            self.rect(x, y, size, size, fill);
            self.layer.set_fill_color(ink);
            let face = match s {
                Symbol::Color(Color::Yellow) if self.orange => "O".to_string(),
                _ => ascii(&s.to_string()),
            };
            self.layer
                .use_text(face, 10.0, Mm(x + 1.9), Mm(y + 1.8), self.bold);
            x += size + 1.5;
        }
        self.y = y - 1.5;
    }
}

/// The sheet as PDF bytes.
pub fn pdf(title: &str, puzzles: &[Puzzle]) -> Result<Vec<u8>, String> {
    let (doc, p1, l1) = PdfDocument::new(title, Mm(W), Mm(H), "sheet");
    let font = doc
        .add_builtin_font(BuiltinFont::Helvetica)
        .map_err(|e| e.to_string())?;
    let bold = doc
        .add_builtin_font(BuiltinFont::HelveticaBold)
        .map_err(|e| e.to_string())?;
    let mut page = Page {
        layer: doc.get_page(p1).get_layer(l1),
        font: &font,
        bold: &bold,
        y: H - MARGIN,
        orange: false,
    };
    page.text(title, 14.0, true);
    page.text(LEGEND, 8.0, false);
    page.y -= 2.0;
    for (i, p) in puzzles.iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            let (pi, li) = doc.add_page(Mm(W), Mm(H), "sheet");
            page.layer = doc.get_page(pi).get_layer(li);
            page.y = H - MARGIN;
            page.text(LEGEND, 8.0, false);
            page.y -= 2.0;
        }
        let position = p.position()?;
        page.orange = matches!(position.edition, onsets_core::Edition::Manual1969(_));
        page.text(
            &format!(
                "{}. {} (difficulty {})",
                i + 1,
                kind_title(p.kind),
                p.difficulty
            ),
            12.0,
            true,
        );
        page.para(&p.question, 9.0);
        page.y -= 1.0;
        let variations: Vec<String> = position.variations.iter().map(|v| v.to_string()).collect();
        let goal = if p.kind == Kind::Goal {
            "not set yet: the digit cubes are in Resources".to_string()
        } else {
            position.goal.to_string()
        };
        let rules = match position.edition {
            onsets_core::Edition::Manual1969(f) => format!("1969 manual, {} form", f.name()),
            e => format!(
                "{} division, {}{}",
                position.division,
                if position.adventurous {
                    "Adventurous"
                } else {
                    "Basic"
                },
                if e == onsets_core::Edition::Mlag2019 {
                    " (MLAG 2019-20)"
                } else {
                    ""
                }
            ),
        };
        page.para(
            &format!(
                "{rules}; Goal: {goal}; {}",
                if variations.is_empty() {
                    "no variation".to_string()
                } else {
                    format!("variations: {}", variations.join(", "))
                }
            ),
            9.0,
        );
        page.cards(&position);
        page.cubes("Required", &position.required.0);
        page.cubes("Permitted", &position.permitted.0);
        page.cubes("Forbidden", &position.forbidden.0);
        page.cubes("Resources", &position.resources.0);
        match p.kind {
            Kind::Challenge => page.text(
                "Answer:   [ ] Now    [ ] Impossible    [ ] neither",
                10.0,
                false,
            ),
            Kind::Claim => page.text(
                "Answer:   [ ] A-claim    [ ] P-claim    [ ] none",
                10.0,
                false,
            ),
            Kind::SafeMove => {
                let moves: Vec<String> = p
                    .choices
                    .iter()
                    .enumerate()
                    .map(|(k, m)| format!("({}) {m}", (b'a' + (k % 26) as u8) as char))
                    .collect();
                page.para(&format!("Moves: {}", moves.join("   ")), 8.5);
            }
            _ => page.text(
                "Answer: ______________________________________________",
                10.0,
                false,
            ),
        }
        page.y -= 5.0;
    }
    // the answer key
    let (pi, li) = doc.add_page(Mm(W), Mm(H), "key");
    page.layer = doc.get_page(pi).get_layer(li);
    page.y = H - MARGIN;
    page.text(&format!("Answer key: {title}"), 13.0, true);
    page.y -= 2.0;
    for (i, p) in puzzles.iter().enumerate() {
        if page.y < 40.0 {
            let (pi, li) = doc.add_page(Mm(W), Mm(H), "key");
            page.layer = doc.get_page(pi).get_layer(li);
            page.y = H - MARGIN;
        }
        page.text(&format!("{}. {}", i + 1, kind_title(p.kind)), 10.0, true);
        page.para(&format!("Answer: {}", crate::puzzle::answer_text(p)), 9.0);
        page.para(&p.explanation, 8.5);
        page.y -= 2.0;
    }
    doc.save_to_bytes().map_err(|e| e.to_string())
}

fn kind_title(k: Kind) -> &'static str {
    match k {
        Kind::Challenge => "Which challenge?",
        Kind::Solve => "Write a Solution",
        Kind::SafeMove => "Find the safe move",
        Kind::Goal => "Set a safe Goal",
        Kind::Claim => "Which Flub claim?",
    }
}
