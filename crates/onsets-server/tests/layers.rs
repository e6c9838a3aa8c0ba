//! The server's modules stay in layers (docs/server-layers.md): every
//! `crate::` path in `src/` is read, resolved to the module it names, and
//! checked against the layer table below. A module may import its own
//! layer or a lower one, never a higher one; and the modules below the
//! tables import each other without a circle.
//!
//! A new module is added to [`LAYERS`] (the test fails until it is).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first, and their modules (`src/NAME.rs`; the files of
/// `src/store/` are the `store` module).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &["config", "text", "metrics", "pool", "view", "web"],
    ),
    ("store", &["store"]),
    ("limits", &["limits", "health"]),
    ("api", &["api"]),
    (
        "features",
        &[
            "accounts",
            "classes",
            "cross_site",
            "lessons",
            "live",
            "manual",
            "practice",
            "puzzle_players",
            "puzzles",
            "ratings",
            "scoresheets",
            "tournaments",
        ],
    ),
    (
        "tables",
        &[
            "assist",
            "hidden",
            "lease",
            "loadtest",
            "loadtest_race",
            "lobby",
            "protocol",
            "table",
            "table1969",
            "tables",
            "ws",
        ],
    ),
    ("routes", &["lib"]),
    ("tools", &["bin"]),
];

/// The highest layer whose modules must import each other without a circle
/// (the tables layer too: the table actor reaches the lobby's registry
/// through `table::TableRegistry`, never by importing the lobby).
const ACYCLIC_UP_TO: &str = "tables";

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every source file with the module it belongs to.
fn files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut walk = vec![src()];
    while let Some(dir) = walk.pop() {
        for e in std::fs::read_dir(&dir).expect("src/ reads") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                walk.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src()).expect("under src/");
            let first = rel
                .components()
                .next()
                .and_then(|c| c.as_os_str().to_str())
                .expect("a UTF-8 path")
                .trim_end_matches(".rs")
                .to_string();
            let text = std::fs::read_to_string(&p).expect("a source file reads");
            out.push((first, text));
        }
    }
    out
}

/// The code of a file without its comments (line comments and doc
/// comments, where module names are cited, not imported).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first segments named after each `crate::` in `code`
/// (`crate::a::b` gives `a`; `crate::{a, b::c}` gives `a` and `b`).
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut end = group.len();
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let mut depth = 0;
            let mut start = 0;
            let body = &group[..end];
            for (j, c) in body.char_indices().chain([(body.len(), ',')]) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let name = ident(body[start..j].trim());
                        if !name.is_empty() {
                            out.push(name.to_string());
                        }
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// The names `lib.rs` re-exports from a module (`pub use m::X;`,
/// `pub(crate) use m::{X, Y};`), with that module.
fn lib_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let code = code(lib);
    let starts = code
        .match_indices("pub use ")
        .chain(code.match_indices("pub(crate) use "))
        .map(|(i, m)| i + m.len());
    for start in starts {
        let Some(len) = code[start..].find(';') else {
            continue;
        };
        let path = &code[start..start + len];
        let path = path.trim();
        let module = ident(path);
        let after = &path[module.len()..];
        let Some(after) = after.strip_prefix("::") else {
            continue;
        };
        let names: Vec<&str> = match after.strip_prefix('{') {
            Some(g) => g.trim_end_matches('}').split(',').map(str::trim).collect(),
            None => vec![after.rsplit("::").next().unwrap_or(after)],
        };
        for n in names {
            let n = n.split(" as ").last().unwrap_or(n).trim();
            if !n.is_empty() {
                out.insert(n.to_string(), module.to_string());
            }
        }
    }
    out
}

/// Which module imports which (`lib` for the crate root's own items).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = files();
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let lib = &files
        .iter()
        .find(|(m, _)| m == "lib")
        .expect("src/lib.rs")
        .1;
    let reexports = lib_reexports(lib);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, text) in &files {
        let entry = g.entry(m.clone()).or_default();
        for name in crate_paths(&code(text)) {
            let target = if modules.contains(&name) {
                name
            } else if let Some(home) = reexports.get(&name) {
                home.clone()
            } else {
                "lib".to_string()
            };
            if &target != m {
                entry.insert(target);
            }
        }
    }
    g
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

#[test]
fn every_module_has_a_layer() {
    let missing: Vec<String> = graph()
        .keys()
        .filter(|m| layer_of(m).is_none())
        .cloned()
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a layer (add them to LAYERS here and to docs/server-layers.md): {missing:?}"
    );
}

#[test]
fn no_module_imports_a_higher_layer() {
    let mut wrong = Vec::new();
    for (m, targets) in graph() {
        let Some(low) = layer_of(&m) else { continue };
        for t in targets {
            if layer_of(&t).is_some_and(|high| high > low) {
                wrong.push(format!(
                    "{m} ({}) imports {t} ({})",
                    LAYERS[low].0,
                    LAYERS[layer_of(&t).unwrap_or(0)].0
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports upward: {wrong:#?}");
}

#[test]
fn the_modules_below_the_tables_import_without_a_circle() {
    let top = LAYERS
        .iter()
        .position(|(name, _)| *name == ACYCLIC_UP_TO)
        .expect("the layer exists");
    let g: BTreeMap<String, BTreeSet<String>> = graph()
        .into_iter()
        .filter(|(m, _)| layer_of(m).is_some_and(|l| l <= top))
        .collect();
    // Depth-first search; a module met again on the current path closes a
    // circle.
    fn visit(
        m: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut circle = path[i..].to_vec();
            circle.push(m.to_string());
            return Some(circle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for t in g.get(m).into_iter().flatten() {
            if g.contains_key(t) {
                if let Some(c) = visit(t, g, path, done) {
                    return Some(c);
                }
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in g.keys() {
        if let Some(circle) = visit(m, &g, &mut Vec::new(), &mut done) {
            panic!("an import circle: {}", circle.join(" -> "));
        }
    }
}

#[test]
fn the_scanner_reads_paths_groups_and_reexports() {
    let code = "use crate::api::{A, B};\nuse crate::{store::Store, lobby};\nlet x = crate::text::f();\n// crate::table\nfoo_crate::x";
    assert_eq!(
        crate_paths(&self::code(code)),
        ["api", "store", "lobby", "text"]
    );
    let lib =
        "pub use config::Config;\npub(crate) use api::{\n    api_error, Client,\n};\nuse api::X;";
    let r = lib_reexports(lib);
    assert_eq!(r.get("Config").map(String::as_str), Some("config"));
    assert_eq!(r.get("Client").map(String::as_str), Some("api"));
    assert_eq!(r.get("api_error").map(String::as_str), Some("api"));
    assert!(!r.contains_key("X"));
}
