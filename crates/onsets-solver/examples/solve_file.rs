//! `cargo run -p onsets-solver --release --example solve_file -- POSITION.json`
//! prints the solver's answer and the time it took.
fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: solve_file POSITION.json");
    let text = std::fs::read_to_string(path).expect("readable file");
    let p = onsets_core::Position::from_json(&text).expect("valid position");
    let t = std::time::Instant::now();
    let (s, stats) = onsets_solver::solve_with_stats(&p);
    println!("{:?} in {:?} {stats:?}", s.text(), t.elapsed());
}
