//! Rebuild when the embedded browser client changes (include_dir does not
//! notice new files by itself).
fn main() {
    for p in [
        "../../web/index.html",
        "../../web/style.css",
        "../../web/js",
    ] {
        println!("cargo:rerun-if-changed={p}");
    }
}
