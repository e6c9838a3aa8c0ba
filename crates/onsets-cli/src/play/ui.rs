//! Drawing the table: a pure function of the [`App`].

use super::app::{App, EditPurpose, Overlay, PALETTE};
use super::words;
use onsets_core::{Card, Color as Dot, Goal, Symbol};
use onsets_engine::{Family, Phase, Place, Task};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The keys, as the help screen lists them.
pub const HELP: &[(&str, &str)] = &[
    ("?  F1", "this help (any key closes it)"),
    ("r", "roll the cubes (Goal-setter, II-A)"),
    ("d", "deal the cards (dealer, II-B)"),
    (
        "v / e",
        "select a variation (here v: what each does) / end selection (II-C)",
    ),
    (
        "g",
        "set the Goal, by value (type one); ~2 is upside down: −2 (III-B-1)",
    ),
    (
        "n / p",
        "no Goal (III-D) / 2019-20: place a Goal, set by time (III-B-2-c)",
    ),
    ("← →  h l", "choose a cube in Resources"),
    (
        "1 2 3",
        "move it to Required / Permitted / Forbidden (IV-B)",
    ),
    (
        "b",
        "Bonus: the next cube (3) goes to Forbidden first (III-C, IV-C)",
    ),
    ("m / s", "menu of every legal move / shift from Permitted"),
    (
        "c / i",
        "challenge Now / Impossible, asked first: c c or c Enter (V-A)",
    ),
    (
        "a",
        "accept: no Goal (III-D-1), or the Solution being checked",
    ),
    ("o", "object to the Solution being checked (VII-C-5)"),
    ("w", "write a Solution (Enter presents, Esc closes)"),
    (
        "x / t",
        "decline to present (VII-C-1) / 2019-20: join a side (VII-A-3)",
    ),
    ("Tab", "hot-seat: switch to the next human seat"),
    ("PgUp PgDn", "[ ] too: older / newer events in the log"),
    (
        "Enter Esc",
        "close the result screen; menus: ↑ ↓ Enter, Esc",
    ),
    ("q  Ctrl-C", "quit"),
];

/// The notation's annotations, as the help screen explains them
/// (notation.md, "Solutions").
pub const NOTATION_HELP: &[&str] = &[
    "@: a cube standing for another symbol: R ∪@B G uses the B cube as ∪",
    "blank: BG  the colors on the blank card (Blank Card Wild), typed in lowercase",
];

struct Theme {
    color: bool,
}

impl Theme {
    fn dot(&self, c: Dot) -> Color {
        match c {
            Dot::Blue => Color::Blue,
            Dot::Red => Color::Red,
            Dot::Green => Color::Green,
            Dot::Yellow => Color::Yellow,
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
                    v.push(Span::raw(c.letter().to_string()));
                }
            }
        }
        v.push(Span::raw("]"));
        v
    }
    fn cube(&self, s: Symbol, selected: bool) -> Span<'static> {
        let text = format!("[{s}]");
        let mut st = Style::default();
        if self.color {
            if let Symbol::Color(c) = s {
                st = st.fg(Color::Black).bg(self.dot(c));
            }
        }
        if selected {
            st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            if !self.color {
                return Span::styled(format!(">{s}<"), st);
            }
        }
        Span::styled(text, st)
    }
    fn bold(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    fn accent(&self) -> Style {
        if self.color {
            Style::default()
                .fg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            self.bold()
        }
    }
    fn bad(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Red)
        } else {
            self.bold()
        }
    }
    fn good(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Green)
        } else {
            Style::default()
        }
    }
}

fn mmss(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

fn task_name(t: Task) -> &'static str {
    match t {
        Task::Roll => "roll",
        Task::Deal => "deal",
        Task::SelectVariation => "select",
        Task::SetGoal => "Goal",
        Task::Move => "move",
        Task::Write => "write",
        Task::Check => "check",
    }
}

/// The rows a paragraph takes when wrapped to `width` (at least one).
fn rows_of(p: &Paragraph, width: u16) -> u16 {
    (p.line_count(width.max(1)) as u16).max(1)
}

/// Draws the whole screen. Every line wraps at the terminal's width (nothing
/// is cut at 80×24); menus open in the lower part, under the board.
pub fn render(app: &App, f: &mut Frame) {
    let th = Theme {
        color: app.opts.color,
    };
    let area = f.area();
    let m = &app.m;
    let wrap = Wrap { trim: false };
    let width = area.width;

    // header
    let header = format!(
        "On-Sets · {} · {} · shake {} · round {}{}",
        m.config().division,
        if m.config().adventurous {
            "Adventurous"
        } else {
            "Basic"
        },
        m.shake(),
        mmss(app.round_left() as i64),
        if m.round_up() { " (time is up)" } else { "" }
    );
    let header = Paragraph::new(Span::styled(header, th.accent())).wrap(wrap);

    let players = players_paragraph(app, &th);

    // task and timers
    let (_, task) = app.task();
    let timers: Vec<String> = app
        .timers()
        .iter()
        .map(|(p, t, left)| format!("{} {} {}", app.names[*p], task_name(*t), mmss(*left)))
        .collect();
    let task = Paragraph::new(Line::from(vec![
        Span::styled(task, th.bold()),
        Span::raw(if timers.is_empty() {
            String::new()
        } else {
            format!("  ⏱ {}", timers.join(", "))
        }),
    ]))
    .wrap(wrap);

    // universe
    let mut u = vec![Span::styled("Universe ", th.bold())];
    if m.dealt().is_empty() {
        u.push(Span::raw("(not dealt yet)"));
    }
    for mask in m.dealt() {
        u.extend(th.card(Card::from_mask(*mask).unwrap_or(Card::BLANK)));
        u.push(Span::raw(" "));
    }
    let universe = Paragraph::new(Line::from(u)).wrap(wrap);

    // goal
    let goal = match m.goal() {
        Some(g) => match g.goal() {
            Ok(goal) => {
                let abs = m.variation_in_force(&onsets_core::Variation::AbsoluteValue);
                format!(
                    "{}  = {}",
                    goal_layout(&goal),
                    super::app::or_list(&goal.legal_values(abs))
                )
            }
            Err(e) => format!("unreadable: {e}"),
        },
        None => "(not set)".into(),
    };
    let goal = Paragraph::new(Line::from(vec![
        Span::styled("Goal     ", th.bold()),
        Span::styled(goal, th.accent()),
    ]))
    .wrap(wrap);
    let vars: Vec<String> = m.variations().iter().map(words::variation_short).collect();
    let variations = Paragraph::new(Line::from(vec![
        Span::styled("Variations ", th.bold()),
        Span::raw(if vars.is_empty() {
            "none".into()
        } else {
            vars.join(", ")
        }),
    ]))
    .wrap(wrap);

    let mat = mat_paragraph(app, &th);
    let resources = resources_paragraph(app, &th);

    let hints = if app.editor.is_some() {
        "Enter present · Esc close · ←→ Home End · Backspace"
    } else if app.menu.is_some() {
        "↑↓ choose · Enter do it · Esc close"
    } else {
        "? help · r d v g · ←→ 1 2 3 b m · c i · w x · a o · q quit"
    };
    let hints = Paragraph::new(Span::styled(
        hints,
        Style::default().add_modifier(Modifier::DIM),
    ))
    .wrap(wrap);

    let rows = Layout::vertical([
        Constraint::Length(rows_of(&header, width)),
        Constraint::Length(rows_of(&players, width)),
        Constraint::Length(rows_of(&task, width)),
        Constraint::Length(rows_of(&universe, width)),
        Constraint::Length(rows_of(&goal, width)),
        Constraint::Length(rows_of(&variations, width)),
        Constraint::Length(rows_of(&mat, width)),
        Constraint::Length(rows_of(&resources, width)),
        Constraint::Min(3), // messages / editor / menu
        Constraint::Length(rows_of(&hints, width)),
    ])
    .split(area);
    f.render_widget(header, rows[0]);
    f.render_widget(players, rows[1]);
    f.render_widget(task, rows[2]);
    f.render_widget(universe, rows[3]);
    f.render_widget(goal, rows[4]);
    f.render_widget(variations, rows[5]);
    f.render_widget(mat, rows[6]);
    f.render_widget(resources, rows[7]);
    f.render_widget(hints, rows[9]);

    // messages, the editor or a menu: under the board, never over it
    let bottom = rows[8];
    if let Some(ed) = &app.editor {
        draw_editor(app, ed, &th, f, bottom);
    } else {
        draw_messages(app, &th, f, bottom);
    }

    draw_overlay(app, &th, f, area);
}

/// The players with their running totals (XII) and who sets the Goal, deals, moves.
fn players_paragraph(app: &App, th: &Theme) -> Paragraph<'static> {
    let m = &app.m;
    let totals = m.totals();
    let turn = match m.phase() {
        Phase::Moves { turn, .. } => Some(*turn),
        _ => None,
    };
    // The match's running totals (XII), plain numbers: a shake's points
    // (with their sign) are on the result screen.
    let mut spans = vec![Span::raw("Totals: ")];
    for (i, name) in app.names.iter().enumerate() {
        let mut tags = String::new();
        if i == m.goal_setter() {
            tags.push('G');
        }
        if i == m.dealer() {
            tags.push('D');
        }
        let marker = if turn == Some(i) { "▶" } else { " " };
        let text = format!(
            "{marker}{name}{} {}  ",
            if tags.is_empty() {
                String::new()
            } else {
                format!("({tags})")
            },
            super::narrate::total(totals[i])
        );
        let st = if i == app.active && app.is_human(i) {
            th.bold().add_modifier(Modifier::UNDERLINED)
        } else {
            Style::default()
        };
        spans.push(Span::styled(text, st));
    }
    Paragraph::new(Line::from(spans)).wrap(Wrap { trim: false })
}

/// Required, Permitted, Forbidden and a Solution being checked.
fn mat_paragraph(app: &App, th: &Theme) -> Paragraph<'static> {
    let m = &app.m;
    let mut mat: Vec<Line> = [Place::Required, Place::Permitted, Place::Forbidden]
        .iter()
        .map(|p| {
            let mut s = vec![Span::styled(format!("{:<10}", p.name()), th.bold())];
            for c in m.in_place(*p) {
                s.push(th.cube(c.face, false));
            }
            Line::from(s)
        })
        .collect();
    if let Some((w, sol)) = app.under_check() {
        let whose = if app.is_you(w) {
            "Your".to_string()
        } else {
            format!("{}'s", app.names[w])
        };
        mat.push(Line::from(vec![
            Span::styled(format!("{whose} Solution: "), th.bold()),
            Span::styled(sol, th.accent()),
        ]));
    }
    Paragraph::new(mat).wrap(Wrap { trim: false })
}

/// Resources, the picked cube marked, and the digits.
fn resources_paragraph(app: &App, th: &Theme) -> Paragraph<'static> {
    let m = &app.m;

    let mut r = vec![Span::styled(format!("{:<10}", "Resources"), th.bold())];
    let res = if matches!(m.phase(), Phase::Setup { rolled: false, .. }) {
        r.push(Span::raw("(not rolled yet)"));
        Vec::new()
    } else {
        app.resource_cubes()
    };
    for (k, id) in res.iter().enumerate() {
        if let Some(c) = m.cube(*id) {
            r.push(th.cube(c.face, k == app.sel));
        }
    }
    let digits: Vec<String> = m
        .cubes()
        .iter()
        .filter(|c| c.place == Place::Resources && c.family == Family::Digit)
        .map(|c| c.face.to_string())
        .collect();
    if !digits.is_empty() && !res.is_empty() {
        r.push(Span::raw(format!(" digits {}", digits.join(" "))));
    }
    if app.bonus {
        r.push(Span::styled(" BONUS", th.bad()));
    }
    Paragraph::new(Line::from(r)).wrap(Wrap { trim: false })
}

/// Under the board: a menu takes the rows it needs at the bottom; the
/// latest messages, wrapped, fill the rows above it, the last at the bottom.
fn draw_messages(app: &App, th: &Theme, f: &mut Frame, bottom: Rect) {
    let wrap = Wrap { trim: false };
    let menu_rows = app.menu.as_ref().map_or(0, |m| {
        (m.items.len() as u16 + 2).clamp(3, bottom.height.max(3))
    });
    let msgs = Rect {
        height: bottom.height.saturating_sub(menu_rows),
        ..bottom
    };
    // Scrolled back (PgUp, `[`): older events, and a last row that says so.
    let back = app.log_scroll.min(app.messages.len());
    let end = app.messages.len() - back;
    let rows = if back > 0 {
        msgs.height.saturating_sub(1)
    } else {
        msgs.height
    };
    let start = end.saturating_sub(rows as usize);
    let mut lines: Vec<Line> = app.messages[start..end]
        .iter()
        .map(|s| Line::raw(s.clone()))
        .collect();
    if back > 0 {
        lines.push(Line::styled(
            format!("── {back} newer below: PgDn or ] ──"),
            th.accent(),
        ));
    }
    let p = Paragraph::new(lines).wrap(wrap);
    let total = p.line_count(msgs.width.max(1)) as u16;
    let p = p.scroll((total.saturating_sub(msgs.height), 0));
    f.render_widget(p, msgs);
    if let Some(menu) = &app.menu {
        let rect = Rect {
            y: bottom.y + bottom.height.saturating_sub(menu_rows),
            height: menu_rows.min(bottom.height),
            ..bottom
        };
        draw_menu(menu, th, f, rect);
    }
}

/// The overlay, if any: the keys, a shake's result, or the question before
/// quitting.
fn draw_overlay(app: &App, th: &Theme, f: &mut Frame, area: Rect) {
    let wrap = Wrap { trim: false };
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => {
            let rect = centered(area, area.width.min(80), area.height.min(24));
            f.render_widget(Clear, rect);
            let mut lines: Vec<Line> = HELP
                .iter()
                .map(|(k, d)| {
                    Line::from(vec![
                        Span::styled(format!("{k:<11}"), th.bold()),
                        Span::raw(*d),
                    ])
                })
                .collect();
            let pal: Vec<String> = PALETTE.iter().map(|(a, s)| format!("{a}→{s}")).collect();
            lines.push(Line::raw(format!(
                "Solution keys: {}  ; new part  || two",
                pal.join(" ")
            )));
            for l in NOTATION_HELP {
                lines.push(Line::raw(*l));
            }
            f.render_widget(
                Paragraph::new(lines).wrap(wrap).block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(" Keys (v: the variations; any other key closes) "),
                ),
                rect,
            );
        }
        Overlay::Result { title, lines } => {
            let w = area.width.min(78);
            let mut ls: Vec<Line> = lines
                .iter()
                .map(|l| {
                    if l.trim_start().starts_with('✗') {
                        Line::styled(l.clone(), th.bad())
                    } else {
                        Line::raw(l.clone())
                    }
                })
                .collect();
            ls.push(Line::styled(
                "Enter: continue · ↑↓ scroll",
                Style::default().add_modifier(Modifier::DIM),
            ));
            let p = Paragraph::new(ls).wrap(wrap);
            let rows = p.line_count(w.saturating_sub(2).max(1)) as u16;
            let h = (rows + 2).min(area.height).max(5);
            let rect = centered(area, w, h);
            f.render_widget(Clear, rect);
            // Too long for the screen: ↑ ↓ scroll it.
            let inner = h.saturating_sub(2);
            let scroll = app.result_scroll.min(rows.saturating_sub(inner));
            f.render_widget(
                p.scroll((scroll, 0)).block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(format!(" {title} ")),
                ),
                rect,
            );
        }
        Overlay::Quit => {
            let rect = centered(area, 30, 3);
            f.render_widget(Clear, rect);
            f.render_widget(
                Paragraph::new("Quit the match? y / n")
                    .block(Block::default().borders(Borders::ALL)),
                rect,
            );
        }
    }
}

/// A menu, in the lower part of the screen (the board stays in view).
fn draw_menu(menu: &super::app::Menu, th: &Theme, f: &mut Frame, area: Rect) {
    f.render_widget(Clear, area);
    let inner = area.height.saturating_sub(2).max(1) as usize;
    let start = menu.cursor.saturating_sub(inner.saturating_sub(1));
    let width = area.width.saturating_sub(4) as usize;
    let lines: Vec<Line> = menu
        .items
        .iter()
        .enumerate()
        .skip(start)
        .take(inner)
        .map(|(i, (l, _))| {
            // One row per choice: a choice too long for the screen ends in …
            let l = if l.chars().count() > width && width > 1 {
                format!("{}…", l.chars().take(width - 1).collect::<String>())
            } else {
                l.clone()
            };
            if i == menu.cursor {
                Line::styled(format!("> {l}"), th.bold().add_modifier(Modifier::REVERSED))
            } else {
                Line::raw(format!("  {l}"))
            }
        })
        .collect();
    let mut block = Block::default().borders(Borders::ALL).title(format!(
        " {} ({}/{}) ",
        menu.title,
        menu.cursor + 1,
        menu.items.len()
    ));
    let note = menu.notes.get(menu.cursor).filter(|n| !n.is_empty());
    let bottom = match (note, &menu.legend, menu.typed.is_empty()) {
        (_, _, false) => Some(format!(
            " typed {} · Enter chooses, Esc closes ",
            menu.typed
        )),
        (Some(n), _, true) => Some(format!(" {n} ")),
        (None, Some(l), true) => Some(format!(" {l} ")),
        (None, None, true) => None,
    };
    if let Some(b) = bottom {
        block = block.title_bottom(Line::raw(b));
    }
    f.render_widget(Paragraph::new(lines).block(block), area);
}

fn draw_editor(app: &App, ed: &super::app::Editor, th: &Theme, f: &mut Frame, area: Rect) {
    let title = match ed.purpose {
        EditPurpose::Solution => " Solution ".to_string(),
        EditPurpose::Grouping { writer } => {
            format!(" Grouping of {}'s Solution that fails ", app.names[writer])
        }
    };
    let mut lines = Vec::new();
    let no_goal = matches!(app.m.phase(), Phase::Writing(w) if matches!(w.kind, onsets_engine::WritingKind::NoGoal { .. }));
    if no_goal {
        lines.push(Line::raw(format!(
            "Goal{}: {}   (Tab switches)",
            if ed.goal_focus { " ✎" } else { "" },
            ed.goal
        )));
    }
    let mut with_cursor: Vec<Span> = Vec::new();
    for (i, ch) in ed.text.chars().enumerate() {
        let st = if i == ed.cursor && !ed.goal_focus {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        with_cursor.push(Span::styled(ch.to_string(), st));
    }
    if ed.cursor >= ed.text.chars().count() {
        with_cursor.push(Span::styled(
            " ",
            Style::default().add_modifier(Modifier::REVERSED),
        ));
    }
    let mut l = vec![Span::raw("> ")];
    l.extend(with_cursor);
    lines.push(Line::from(l));
    match ed.feedback() {
        Ok(canon) => lines.push(Line::styled(format!("✓ reads as: {canon}"), th.good())),
        Err((col, msg)) => {
            if let Some(c) = col {
                lines.push(Line::styled(
                    format!("  {}^", " ".repeat(c.saturating_sub(1))),
                    th.bad(),
                ));
                lines.push(Line::styled(format!("✗ column {c}: {msg}"), th.bad()));
            } else {
                lines.push(Line::raw(msg));
            }
        }
    }
    let pal: Vec<String> = PALETTE.iter().map(|(a, s)| format!("{a}{s}")).collect();
    lines.push(Line::raw(format!(
        "palette: {}  B R G Y · ; next part · || 2nd · R ∪@B: cube as · blank: BG",
        pal.join(" ")
    )));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::TOP).title(title)),
        area,
    );
}

/// The Goal as laid out, with × for the product.
fn goal_layout(g: &Goal) -> String {
    g.to_string().replace('*', "×")
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
