//! Rebuild when the embedded browser client or the migrations change
//! (include_dir and sqlx::migrate! do not notice new files by themselves).
fn main() {
    for p in [
        "../../web/index.html",
        "../../web/style.css",
        "../../web/js",
        "migrations",
    ] {
        println!("cargo:rerun-if-changed={p}");
    }
}
