//! `cargo run --release -p onsets-solver --example classify_jsonl -- FILE.jsonl [LINE...]`
//! prints the move classification (`analysis::classify_moves`) of every
//! position of a JSON-lines file (or of the lines given, counted from 1),
//! one line per position: its number and each distinct move's class
//! (`move=class`, moves in `legal_moves` order), to compare two builds'
//! answers (`corpus/slow-in-play.classes`, tests/corpus_check.rs).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("a readable JSON-lines file");
    let only: Vec<usize> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
    for (i, line) in text.lines().enumerate() {
        if !only.is_empty() && !only.contains(&(i + 1)) {
            continue;
        }
        let pos = onsets_solver::batch::parse_line(line)
            .expect("a position")
            .position;
        let classes: Vec<String> = onsets_solver::analysis::classify_moves(&pos)
            .iter()
            .map(|c| format!("{}={}", c.mv, c.class))
            .collect();
        println!("{} {}", i + 1, classes.join("; "));
    }
}
