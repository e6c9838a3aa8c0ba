//! Reading a PDF's text in tests: shared by the integration tests (through
//! `common`) and the scoresheets' unit tests (`#[path]` from src/).

/// The text a PDF of the built-in font shows: its `<hex> Tj` strings in
/// drawing order, one a line (streams inflated when compressed, as in
/// release builds), bytes read as Latin-1.
pub fn pdf_text(pdf: &[u8]) -> String {
    use std::io::Read;
    let mut out = String::new();
    let mut rest = pdf;
    while let Some(i) = rest.windows(6).position(|w| w == b"stream") {
        let body = &rest[i + 6..];
        let end = body
            .windows(9)
            .position(|w| w == b"endstream")
            .unwrap_or(body.len());
        let raw = body[..end].trim_ascii();
        let mut inflated = Vec::new();
        let content = match flate2::read::ZlibDecoder::new(raw).read_to_end(&mut inflated) {
            Ok(_) => inflated.as_slice(),
            Err(_) => raw,
        };
        let text = String::from_utf8_lossy(content);
        for part in text.split('<').skip(1) {
            let Some((hex, after)) = part.split_once('>') else {
                continue;
            };
            if !after.trim_start().starts_with("Tj") {
                continue;
            }
            let bytes: Vec<u8> = (0..hex.len() / 2)
                .filter_map(|k| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).ok())
                .collect();
            out.extend(bytes.iter().map(|b| char::from(*b)));
            out.push('\n');
        }
        rest = &body[end..];
    }
    out
}
