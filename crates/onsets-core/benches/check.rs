//! Checker speed: `cargo bench -p onsets-core --bench check`.
//! Figures are recorded in docs/performance.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use onsets_core::{check, Position};

const EXAMPLE: &str = r#"{
  "division": "senior", "adventurous": true,
  "universe": "B BR RGY blank BRGY G Y BG RG BRY", "goal": "3*(2+1)",
  "required": "B ∪ =", "permitted": "R ′", "forbidden": "G 4", "resources": "Y ∩ −",
  "variations": ["wild-cube Y", "double-set R′"], "situation": "now"
}"#;

const ALL_CUBES: &str = r#"{
  "division": "senior", "adventurous": true,
  "universe": "B R G Y BR BG RG BRG BY RY GY BRY BGY blank", "goal": "5",
  "permitted": "B R G Y B R G Y ∪ ∩ − ′ V Λ =",
  "variations": ["two-solutions", "no-null-restrictions", "blank-card-wild"],
  "situation": "impossible"
}"#;

fn bench(c: &mut Criterion) {
    let example = Position::from_json(EXAMPLE).unwrap();
    let all = Position::from_json(ALL_CUBES).unwrap();
    let cases: [(&str, &Position, &str); 5] = [
        ("notation example, correct", &example, "B ∪ R = R@Y; B ∪ R′"),
        (
            "notation example, undefined",
            &example,
            "B ∪ R = R@Y; B ∪ ′R",
        ),
        ("ambiguous 5-operand Set-Name", &all, "B ∪ R − G ∩ Y ∪ V"),
        (
            "ambiguous 11-operand Set-Name",
            &all,
            "B ∪ R − G ∩ Y ∪ B − R ∩ G ∪ Y − V ∩ Λ",
        ),
        (
            "two solutions with ambiguous Restrictions",
            &all,
            "B ∪ R = G − Y ∩ B; blank: BG; R ∪ G − B || B ⊆ R ∪ G − Y; Y ∪ B − R",
        ),
    ];
    for (name, position, solution) in cases {
        c.bench_function(name, |b| {
            b.iter(|| check(black_box(position), black_box(solution)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
