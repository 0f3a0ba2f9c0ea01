//! Text exports of the core's results, shared by the `pe_csv` example and the app's download
//! buttons so both always produce the same bytes.

use crate::encoding::{pe_vector, Layout};

/// One value as text with at least 7 significant digits: fixed notation with 10 decimals when
/// |v| ≥ 1e-3, scientific below (so 1.2e-16 is not printed as 0.0000000000).
///
/// ```
/// use pe_explorer::export::format_value;
/// assert_eq!(format_value(0.0), "0");
/// assert_eq!(format_value(0.841470984807897), "0.8414709848");
/// assert_eq!(format_value(1.2246467991473532e-16), "1.224646799e-16");
/// ```
pub fn format_value(v: f64) -> String {
    if v == 0.0 {
        "0".to_string()
    } else if v.abs() >= 1e-3 {
        format!("{v:.10}")
    } else {
        format!("{v:.9e}")
    }
}

/// The PE matrix as CSV: `length` lines of `d_model` comma-separated values, no header,
/// computed from the f64 formula (not the f32 drawing buffer), each line ending in `\n`.
///
/// ```
/// use pe_explorer::{encoding::Layout, export::pe_matrix_csv};
/// let mut csv = Vec::new();
/// pe_matrix_csv(2, 2, 10_000.0, Layout::Interleaved, &mut csv).unwrap();
/// assert_eq!(String::from_utf8(csv).unwrap(), "0,1.0000000000\n0.8414709848,0.5403023059\n");
/// ```
pub fn pe_matrix_csv(
    length: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut row = vec![0.0; d_model];
    let mut line = String::new();
    for pos in 0..length {
        pe_vector(pos as f64, base, layout, &mut row);
        line.clear();
        for (dim, value) in row.iter().enumerate() {
            if dim > 0 {
                line.push(',');
            }
            line.push_str(&format_value(*value));
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}
