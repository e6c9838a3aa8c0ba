//! Drawing the 1969 table: a pure function of the [`App69`]. The fourth
//! color is orange in 1969 and is printed `O` (editions.md §2.0).

use super::alternative::play_words;
use super::app::{App69, EditPurpose69, Field, Menu69, Overlay69};
use onsets_core::{Card, Color as Dot, Symbol};
use onsets_engine::manual1969::{face_1969, Pen, Phase1969, Side};
use onsets_engine::{Family, Place};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The keys, as the help screen lists them (rules of M69).
pub const HELP: &[(&str, &str)] = &[
    ("?  F1", "this help (any key closes it)"),
    ("d", "build the Universe: choose how many cards (2.2, 2.5)"),
    ("r", "shake the cubes (Shaker, 2.5)"),
    (
        "g / n",
        "set the Goal (4+2 side by side, 2*3 a column, ~1 upside-down) / say \"No Goal\" (3.1)",
    ),
    ("← →  h l", "choose a cube in Resources"),
    (
        "1 2 3",
        "move it to Required / Permitted / Forbidden (3.2)",
    ),
    (
        "b",
        "\"Bonus\": the chosen cube to Forbidden before your move or Goal (3.3)",
    ),
    (
        "c",
        "challenge the last play: A-, P-, C-claim, or \"No Goal\" (3.5, 3.6)",
    ),
    ("Enter", "let the last play stand (no challenge)"),
    ("a", "let \"No Goal\" stand (3.10 B)"),
    (
        "o",
        "assert a Solution can be built with one more cube (3.10 A)",
    ),
    ("j", "Third Party: join the Challenger or the Mover (3.9 A)"),
    (
        "w",
        "write your Solution; after a No-Goal challenge also the Goal, after an A-claim the alternative play (3.7)",
    ),
    ("x", "you cannot write a Solution"),
    ("s", "call \"stall\" on a player the game waits for (3.11)"),
    (
        "p",
        "pause: the bots wait, no time runs (p again goes on); --claim-seconds N sets the challenge window",
    ),
    ("Tab", "hot-seat: the next person at the table"),
    ("q  Ctrl-C", "quit"),
];

/// The editor's help for each field.
fn field_hint(f: Field, app: &App69) -> String {
    match f {
        Field::Goal => format!(
            "numbers only: 4+2 side by side, 2*3 a column, ~1 upside-down; numeral cubes in Resources: {}",
            app.g
                .digits_in_resources()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Field::Solution => {
            "colors R B G O; u ∪, n ∩, - −, ' ′ (typed letters become symbols)".into()
        }
        Field::Alternative => {
            let plays: Vec<String> = (0..app.g.plays().len())
                .filter_map(|k| play_words(&app.g, &app.names, k))
                .collect();
            format!(
                "K FACE r|p|f (that cube to Required / Permitted / Forbidden instead of play K) or K goal TEXT; `bonus FACE` first for a bonus move. Plays: {}",
                plays.join(" · ")
            )
        }
    }
}

struct Theme {
    color: bool,
}

impl Theme {
    fn dot(&self, c: Dot) -> Color {
        match c {
            Dot::Blue => Color::Blue,
            Dot::Red => Color::Red,
            Dot::Green => Color::Green,
            // 1969's fourth color is orange.
            Dot::Yellow => Color::Indexed(208),
        }
    }
    fn letter(c: Dot) -> char {
        match c {
            Dot::Yellow => 'O',
            other => other.letter(),
        }
    }
    fn card(&self, card: Card) -> Vec<Span<'static>> {
        let mut v = vec![Span::raw("[")];
        if card.is_blank() {
            v.push(Span::raw(if self.color { " " } else { "-" }));
        }
        for c in Dot::ALL {
            if card.has(c) {
                if self.color {
                    v.push(Span::styled("●", Style::default().fg(self.dot(c))));
                } else {
                    v.push(Span::raw(Self::letter(c).to_string()));
                }
            }
        }
        v.push(Span::raw("] "));
        v
    }
    fn cube(&self, s: Symbol, selected: bool) -> Span<'static> {
        let face = face_1969(s);
        let mut st = Style::default();
        if self.color {
            if let Symbol::Color(c) = s {
                st = st.fg(Color::Black).bg(self.dot(c));
            }
        }
        if selected {
            st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            return Span::styled(format!(">{face}<"), st);
        }
        Span::styled(format!("[{face}]"), st)
    }
    fn accent(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.color {
            s.fg(Color::Cyan)
        } else {
            s
        }
    }
    fn bad(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.color {
            s.fg(Color::Red)
        } else {
            s
        }
    }
}

fn mmss(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The rows a paragraph takes when wrapped to `width` (at least one).
fn rows_of(p: &Paragraph, width: u16) -> u16 {
    (p.line_count(width.max(1)) as u16).max(1)
}

/// The mat's lines: the Goal and the sections, cubes with their ids.
fn mat_lines(app: &App69, th: &Theme) -> Vec<Line<'static>> {
    let g = &app.g;
    let mut lines = Vec::new();
    let mut spans = vec![Span::styled("Universe   ", th.accent())];
    if g.dealt().is_empty() {
        spans.push(Span::raw("not built yet (2.5)"));
    }
    for m in g.dealt() {
        if let Some(card) = Card::from_mask(*m) {
            spans.extend(th.card(card));
        }
    }
    lines.push(Line::from(spans));
    if matches!(g.phase(), Phase1969::Deal | Phase1969::Roll) {
        return lines;
    }
    let sel = app.selected();
    let goal = match (g.goal(), g.phase()) {
        (Some(goal), _) => goal.to_string(),
        (None, Phase1969::NoGoal { .. }) => "\"No Goal\" said".into(),
        (None, _) => "not set yet".into(),
    };
    lines.push(Line::from(vec![
        Span::styled("Goal       ", th.accent()),
        Span::raw(goal),
    ]));
    for (place, title) in [
        (Place::Required, "Required   "),
        (Place::Permitted, "Permitted  "),
        (Place::Forbidden, "Forbidden  "),
        (Place::Resources, "Resources  "),
    ] {
        let mut spans = vec![Span::styled(title, th.accent())];
        let cubes: Vec<_> = g.cubes().iter().filter(|c| c.place == place).collect();
        if cubes.is_empty() {
            spans.push(Span::raw("—"));
        }
        for c in cubes {
            let selected = place == Place::Resources
                && c.family != Family::Digit
                && sel == Some(c.id)
                && !g.is_over();
            spans.push(th.cube(c.face, selected));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// The players, their totals, and their roles in this play.
fn players_line(app: &App69, th: &Theme) -> Line<'static> {
    let g = &app.g;
    let totals = g.totals();
    let mut spans = Vec::new();
    for (p, name) in app.names.iter().enumerate() {
        let mut tags = Vec::new();
        if !g.is_over() {
            if p == g.shaker() {
                tags.push("Shaker".to_string());
            }
            if p == g.dealer() && matches!(g.phase(), Phase1969::Deal) {
                tags.push("deals".into());
            }
            match g.phase() {
                Phase1969::Challenge {
                    challenger,
                    mover,
                    sides,
                    ..
                } => {
                    if p == *challenger {
                        tags.push("Challenger".into());
                    } else if p == *mover {
                        tags.push("Mover".into());
                    } else if let Some(s) = sides[p] {
                        tags.push(
                            match s {
                                Side::Challenger => "with Challenger",
                                Side::Mover => "with Mover",
                            }
                            .into(),
                        );
                    }
                }
                Phase1969::Assertion { asserter, .. } if p == *asserter => {
                    tags.push("asserts".into())
                }
                _ => {}
            }
            match g.phase() {
                Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } => {
                    match &pens[p] {
                        Pen::Due => tags.push("writing".into()),
                        Pen::Wrote { .. } => tags.push("has written".into()),
                        Pen::Declined => tags.push("cannot write".into()),
                        Pen::Idle => {}
                    }
                }
                _ => {}
            }
            // 3.11: the time left to finish, on screen while a stall runs.
            if let Some(st) = g.stalls().iter().find(|s| s.on == p) {
                tags.push(format!(
                    "stall: {} left",
                    mmss(st.due_ms.saturating_sub(app.now))
                ));
            }
        }
        let marker = if g.awaits(p) { "▶" } else { " " };
        let mut style = Style::default();
        if p == app.active && app.is_human(p) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        spans.push(Span::styled(format!("{marker}{name}"), style));
        spans.push(Span::styled(format!(" {}", totals[p]), th.accent()));
        if !tags.is_empty() {
            spans.push(Span::raw(format!(" ({})", tags.join(", "))));
        }
        spans.push(Span::raw("   "));
    }
    Line::from(spans)
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Draws the whole screen. Every line wraps at the terminal's width; menus
/// and the editor open in the lower part, under the mat.
pub fn render(app: &App69, f: &mut Frame) {
    let th = Theme {
        color: app.opts.color,
    };
    let area = f.area();
    let g = &app.g;
    let wrap = Wrap { trim: false };
    let width = area.width;

    let header = Paragraph::new(Span::styled(
        format!(
            "ON-SETS 1969 · {} · play {} of {} · {}",
            super::app::form_name(g.form()),
            g.play().min(g.plays_in_game()),
            g.plays_in_game(),
            mmss(app.now)
        ),
        th.accent(),
    ))
    .wrap(wrap);
    let players = Paragraph::new(players_line(app, &th)).wrap(wrap);
    let mat = Paragraph::new(mat_lines(app, &th)).wrap(wrap);
    let (_, task) = app.task();
    let mut status = vec![Line::from(Span::styled(
        if app.is_human(app.active) {
            format!("{}: {task}", app.names[app.active])
        } else {
            task
        },
        th.accent(),
    ))];
    if let Some(e) = &app.error {
        status.push(Line::from(Span::styled(e.clone(), th.bad())));
    }
    let status = Paragraph::new(status).wrap(wrap);
    let footer = Paragraph::new("? help · Tab next person · q quit").wrap(wrap);

    let rows = [
        rows_of(&header, width),
        rows_of(&players, width),
        rows_of(&mat, width.saturating_sub(2)) + 2,
        rows_of(&status, width),
        rows_of(&footer, width),
    ];
    let chunks = Layout::vertical([
        Constraint::Length(rows[0]),
        Constraint::Length(rows[1]),
        Constraint::Length(rows[2]),
        Constraint::Length(rows[3]),
        Constraint::Min(1),
        Constraint::Length(rows[4]),
    ])
    .split(area);
    f.render_widget(header, chunks[0]);
    f.render_widget(players, chunks[1]);
    f.render_widget(
        mat.block(Block::default().borders(Borders::ALL).title("the mat")),
        chunks[2],
    );
    f.render_widget(status, chunks[3]);
    // The last events, newest at the bottom, as many as fit.
    let log_area = chunks[4];
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0u16;
    for m in app.messages.iter().rev() {
        let p = Paragraph::new(m.as_str()).wrap(wrap);
        let r = rows_of(&p, log_area.width);
        if used + r > log_area.height {
            break;
        }
        used += r;
        lines.insert(0, Line::from(format!("· {m}")));
    }
    f.render_widget(Paragraph::new(lines).wrap(wrap), log_area);
    f.render_widget(footer, chunks[5]);

    // The menu or the editor over the lower part.
    let lower = Rect {
        x: area.x,
        y: chunks[3].y,
        width: area.width,
        height: area.height.saturating_sub(chunks[3].y - area.y),
    };
    if let Some(menu) = &app.menu {
        render_menu(menu, f, lower, &th);
    }
    if app.editor.is_some() {
        render_editor(app, f, lower, &th);
    }
    render_overlay(app, f, area, &th);
}

/// The open menu, over the lower part of the screen.
fn render_menu(menu: &Menu69, f: &mut Frame, lower: Rect, th: &Theme) {
    let wrap = Wrap { trim: false };
    let mut lines = Vec::new();
    for (i, (label, _)) in menu.items.iter().enumerate() {
        let text = format!("{} {label}", if i == menu.cursor { "▶" } else { " " });
        lines.push(if i == menu.cursor {
            Line::from(Span::styled(text, th.accent()))
        } else {
            Line::from(text)
        });
    }
    lines.push(Line::from(if menu.typed.is_empty() {
        "↑ ↓ (or type a number), Enter chooses, Esc closes".to_string()
    } else {
        format!("typed {}: Enter chooses, Esc closes", menu.typed)
    }));
    let p = Paragraph::new(lines).wrap(wrap);
    let h = (rows_of(&p, lower.width.saturating_sub(2)) + 2).min(lower.height);
    let r = Rect { height: h, ..lower };
    f.render_widget(Clear, r);
    f.render_widget(
        p.block(
            Block::default()
                .borders(Borders::ALL)
                .title(menu.title.clone()),
        ),
        r,
    );
}

/// The open editor (the Goal or a Solution), over the lower part.
fn render_editor(app: &App69, f: &mut Frame, lower: Rect, th: &Theme) {
    let wrap = Wrap { trim: false };
    let Some(ed) = &app.editor else {
        return;
    };
    let mut lines = Vec::new();
    for (i, (field, text)) in ed.fields.iter().enumerate() {
        let focus = i == ed.focus;
        lines.push(Line::from(vec![
            Span::styled(
                format!("{}{}: ", if focus { "▶" } else { " " }, field.label()),
                th.accent(),
            ),
            Span::raw(format!("{text}{}", if focus { "▏" } else { "" })),
        ]));
        if focus {
            lines.push(Line::from(format!("  {}", field_hint(*field, app))));
        }
    }
    if let Some(e) = &app.error {
        lines.push(Line::from(Span::styled(e.clone(), th.bad())));
    }
    lines.push(Line::from(if ed.fields.len() > 1 {
        "Tab next field · Enter hands it in · Esc closes"
    } else {
        "Enter hands it in · Esc closes"
    }));
    let title = match ed.purpose {
        EditPurpose69::SetGoal => "Set the Goal (3.1)",
        EditPurpose69::Write => "Write a Solution (3.7)",
    };
    let p = Paragraph::new(lines).wrap(wrap);
    let h = (rows_of(&p, lower.width.saturating_sub(2)) + 2).min(lower.height);
    let r = Rect { height: h, ..lower };
    f.render_widget(Clear, r);
    f.render_widget(
        p.block(Block::default().borders(Borders::ALL).title(title)),
        r,
    );
}

/// The overlay (help, quit, the score sheet) over the whole screen.
fn render_overlay(app: &App69, f: &mut Frame, area: Rect, th: &Theme) {
    let wrap = Wrap { trim: false };
    let g = &app.g;
    match app.overlay {
        Overlay69::None => {}
        Overlay69::Help => {
            let mut lines: Vec<Line> = HELP
                .iter()
                .map(|(k, d)| {
                    Line::from(vec![
                        Span::styled(format!("{k:<10}"), th.accent()),
                        Span::raw(d.to_string()),
                    ])
                })
                .collect();
            lines.push(Line::from(
                "The fourth color is orange, O. The chosen cube in Resources shows as >R<.",
            ));
            let r = area;
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(lines).wrap(wrap).block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title("Keys (1969 rules) — any key closes"),
                ),
                r,
            );
        }
        Overlay69::Quit => {
            let r = centered(area, 40, 3);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new("Quit the game? y / n")
                    .block(Block::default().borders(Borders::ALL)),
                r,
            );
        }
        Overlay69::End => {
            let mut lines = Vec::new();
            for line in g.history() {
                let points: Vec<String> = line
                    .points
                    .iter()
                    .zip(&line.penalties)
                    .enumerate()
                    .map(|(p, (pt, pen))| {
                        if *pen != 0 {
                            format!("{} {pt:+} (stall {pen})", app.names[p])
                        } else {
                            format!("{} {pt:+}", app.names[p])
                        }
                    })
                    .collect();
                lines.push(Line::from(format!(
                    "Play {} (Shaker {}): {}",
                    line.play,
                    app.names[line.shaker],
                    points.join(", ")
                )));
                lines.push(Line::from(format!("   {}", app.named(&line.note))));
            }
            let totals = g.totals();
            let best = totals.iter().copied().max().unwrap_or(0);
            let winners: Vec<&str> = (0..g.n())
                .filter(|&p| totals[p] == best)
                .map(|p| app.names[p].as_str())
                .collect();
            lines.push(Line::from(Span::styled(
                format!(
                    "Totals: {}",
                    (0..g.n())
                        .map(|p| format!("{} {}", app.names[p], totals[p]))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                th.accent(),
            )));
            lines.push(Line::from(if winners.len() == 1 {
                format!(
                    "Highest total: {} (scores summed over the plays, editions.md Q27)",
                    winners[0]
                )
            } else {
                format!("A tie for the highest total: {}", winners.join(", "))
            }));
            lines.push(Line::from("Enter: back to the table · q: leave"));
            let p = Paragraph::new(lines).wrap(wrap);
            let w = area.width.min(76);
            let h = (rows_of(&p, w.saturating_sub(2)) + 2).min(area.height);
            let r = centered(area, w, h);
            f.render_widget(Clear, r);
            f.render_widget(
                p.block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title("The game is over: the score sheet"),
                ),
                r,
            );
        }
    }
}
