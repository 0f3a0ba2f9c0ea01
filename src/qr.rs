//! The student link as a QR code, drawn as SVG. Used by the teacher's tools
//! (`ui::teacher::share`) only, so the page's own wasm does not carry the encoder.
//!
//! The encoding is Project Nayuki's `qrcodegen` (ISO/IEC 18004 QR Code Model 2, byte mode for a
//! URL), with error correction level M (the code still reads with about 15 % of its codewords
//! wrong, qrcodegen's documentation of `QrCodeEcc::Medium`) and the standard quiet zone of 4
//! modules around it (docs/sources.md).

use qrcodegen::{QrCode, QrCodeEcc};

/// Modules of white border around the code (ISO/IEC 18004 asks for 4).
pub const QUIET_ZONE: i32 = 4;

/// The QR code of `text` as an SVG document: one dark square path on a white background, in
/// module units (`viewBox` = the code plus the quiet zone), to be scaled by whoever shows it.
/// `None` when the text is too long for a QR code (over 2 331 bytes at level M).
///
/// ```
/// // 28 bytes: version 3 (29 × 29 modules) at level M, and 4 modules of border on each side.
/// let svg = pe_explorer::qr::qr_svg("https://example.org/?lang=en").unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("viewBox=\"0 0 37 37\""));
/// assert!(pe_explorer::qr::qr_svg(&"x".repeat(5000)).is_none());
/// ```
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::encode_text(text, QrCodeEcc::Medium).ok()?;
    let size = code.size();
    let side = size + 2 * QUIET_ZONE;
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + QUIET_ZONE, y + QUIET_ZONE));
            }
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_of_up_to_2331_bytes_fits_and_one_byte_more_does_not() {
        // Version 40 at level M holds 2 331 bytes in byte mode (lower-case text is byte mode).
        assert!(qr_svg(&"x".repeat(2331)).is_some());
        assert!(qr_svg(&"x".repeat(2332)).is_none());
    }

    #[test]
    fn the_drawing_has_one_square_per_dark_module_inside_the_quiet_zone() {
        let text = "https://example.org/pe/?d_model=64&lang=zh";
        let code = QrCode::encode_text(text, QrCodeEcc::Medium).unwrap();
        let svg = qr_svg(text).unwrap();
        let dark = (0..code.size())
            .flat_map(|y| (0..code.size()).map(move |x| (x, y)))
            .filter(|&(x, y)| code.get_module(x, y))
            .count();
        assert_eq!(svg.matches("h1v1h-1z").count(), dark);
        // The three finder patterns' corners are dark, and nothing is drawn in the quiet zone.
        for (x, y) in [(0, 0), (code.size() - 1, 0), (0, code.size() - 1)] {
            assert!(code.get_module(x, y));
            assert!(svg.contains(&format!("M{},{}h1", x + QUIET_ZONE, y + QUIET_ZONE)));
        }
        assert!(!svg.contains(&format!("M{},", QUIET_ZONE - 1)));
        let side = code.size() + 2 * QUIET_ZONE;
        assert!(svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
    }
}
