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

/// The PE matrix as JSON: the parameters that made it and its rows, each value written as in
/// [`pe_matrix_csv`] (so a JSON and a CSV download of the same view hold the same numbers).
///
/// ```
/// use pe_explorer::{encoding::Layout, export::pe_matrix_json};
/// let json = pe_matrix_json(2, 2, 10_000.0, Layout::Interleaved);
/// assert_eq!(
///     json,
///     "{\"d_model\":2,\"length\":2,\"base\":10000,\"layout\":\"interleaved\",\
///      \"values\":[[0,1.0000000000],[0.8414709848,0.5403023059]]}"
/// );
/// ```
pub fn pe_matrix_json(length: usize, d_model: usize, base: f64, layout: Layout) -> String {
    let mut row = vec![0.0; d_model];
    let mut json = format!(
        "{{\"d_model\":{d_model},\"length\":{length},\"base\":{base},\"layout\":\"{}\",\"values\":[",
        layout_name(layout)
    );
    for pos in 0..length {
        pe_vector(pos as f64, base, layout, &mut row);
        if pos > 0 {
            json.push(',');
        }
        json.push('[');
        for (dim, value) in row.iter().enumerate() {
            if dim > 0 {
                json.push(',');
            }
            json.push_str(&format_value(*value));
        }
        json.push(']');
    }
    json.push_str("]}");
    json
}

fn layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::Interleaved => "interleaved",
        Layout::SplitHalves => "split",
    }
}

/// A NumPy snippet that builds the same matrix as [`pe_matrix_csv`] for these parameters
/// (the "copy as code" button): the formula of the lesson, in the chosen layout.
///
/// ```
/// use pe_explorer::{encoding::Layout, export::numpy_snippet};
/// let code = numpy_snippet(100, 128, 10_000.0, Layout::Interleaved);
/// assert!(code.contains("length, d_model, base = 100, 128, 10000.0"));
/// ```
pub fn numpy_snippet(length: usize, d_model: usize, base: f64, layout: Layout) -> String {
    let place = match layout {
        Layout::Interleaved => "pe[:, 0::2] = np.sin(angles)\npe[:, 1::2] = np.cos(angles[:, : d_model // 2])\n",
        Layout::SplitHalves => "pe[:, : (d_model + 1) // 2] = np.sin(angles)\npe[:, (d_model + 1) // 2 :] = np.cos(angles[:, : d_model // 2])\n",
    };
    // A float literal, so NumPy computes in float64: f64's Display writes no exponent and no
    // point for a whole number.
    let point = if base.fract() == 0.0 { ".0" } else { "" };
    format!(
        "import numpy as np\n\n\
         length, d_model, base = {length}, {d_model}, {base}{point}\n\
         i = np.arange((d_model + 1) // 2)\n\
         omega = base ** (-2 * i / d_model)\n\
         angles = np.arange(length)[:, None] * omega[None, :]\n\
         pe = np.zeros((length, d_model))\n\
         {place}"
    )
}

/// The same in PyTorch (float64, so it matches the NumPy and CSV numbers).
///
/// ```
/// use pe_explorer::{encoding::Layout, export::pytorch_snippet};
/// let code = pytorch_snippet(100, 128, 10_000.0, Layout::SplitHalves);
/// assert!(code.contains("torch.arange"));
/// ```
pub fn pytorch_snippet(length: usize, d_model: usize, base: f64, layout: Layout) -> String {
    numpy_snippet(length, d_model, base, layout)
        .replace("import numpy as np", "import torch")
        .replace(
            "np.arange((d_model + 1) // 2)",
            "torch.arange((d_model + 1) // 2, dtype=torch.float64)",
        )
        .replace(
            "np.arange(length)[:, None]",
            "torch.arange(length, dtype=torch.float64)[:, None]",
        )
        .replace(
            "np.zeros((length, d_model))",
            "torch.zeros(length, d_model, dtype=torch.float64)",
        )
        .replace("np.sin", "torch.sin")
        .replace("np.cos", "torch.cos")
}
