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
    let mut text = String::new();
    push_value(&mut text, v);
    text
}

/// Appends [`format_value`]'s text for `v` to `out`, with no string of its own: a full-size
/// matrix is a million values.
pub fn push_value(out: &mut String, v: f64) {
    use std::fmt::Write;
    // Writing to a String cannot fail.
    let _ = if v == 0.0 {
        out.write_char('0')
    } else if v.abs() >= 1e-3 {
        write!(out, "{v:.10}")
    } else {
        write!(out, "{v:.9e}")
    };
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
            push_value(&mut line, *value);
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

/// Where the texts' code runs: PyTorch (the modules) or NumPy (their float64 twin, which the
/// tests run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    Torch,
    NumPy,
}

/// The table's lines as the texts' `PositionalEncoding` computes them (The
/// Annotated Transformer's `div_term`: ω = exp(2i·(−ln base / d_model)) = base^(−2i/d_model)),
/// in `library`, for `layout`. One template for both, so the NumPy twin the tests run is the
/// module's arithmetic: PyTorch in its default float32, NumPy in float64.
pub fn table_lines(library: Library, layout: Layout) -> String {
    let (lib, float, zeros) = match library {
        Library::Torch => ("torch", "torch.float", "torch.zeros(max_len, d_model)"),
        Library::NumPy => ("np", "np.float64", "np.zeros((max_len, d_model))"),
    };
    let (sines, cosines) = match layout {
        Layout::Interleaved => ("0::2", "1::2"),
        Layout::SplitHalves => (": d_model // 2", "d_model // 2 :"),
    };
    format!(
        "position = {lib}.arange(max_len, dtype={float})[:, None]  # [max_len, 1]\n\
         # omega_i = base^(-2i/d_model), through exp and log as the texts write it\n\
         omega = {lib}.exp({lib}.arange(0, d_model, 2, dtype={float}) * (-math.log(base) / d_model))\n\
         pe = {zeros}\n\
         pe[:, {sines}] = {lib}.sin(position * omega)\n\
         pe[:, {cosines}] = {lib}.cos(position * omega)\n"
    )
}

/// A float literal for Python: a whole number gets its ".0", so NumPy and PyTorch compute in
/// floating point.
fn python_float(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x}.0")
    } else {
        format!("{x}")
    }
}

/// The texts' two position modules in PyTorch, written by us with the page's d_model,
/// length as max_len, base and layout: the fixed encoding registered as a buffer, and a learned `nn.Embedding` table. Dropout on the sum, as
/// Vaswani et al. (2017) §5.4 apply it.
///
/// ```
/// use pe_explorer::{encoding::Layout, export::pytorch_modules};
/// let code = pytorch_modules(128, 100, 10_000.0, Layout::Interleaved);
/// assert!(code.contains("def __init__(self, d_model=128, max_len=100, base=10000.0, dropout=0.1):"));
/// assert!(code.contains("self.register_buffer(\"pe\", pe.unsqueeze(0))"));
/// assert!(code.contains("self.pe = nn.Embedding(max_len, d_model)"));
/// ```
pub fn pytorch_modules(d_model: usize, max_len: usize, base: f64, layout: Layout) -> String {
    let table: String = table_lines(Library::Torch, layout)
        .lines()
        .map(|line| format!("        {line}\n"))
        .collect();
    let base = python_float(base);
    format!(
        "import math\n\
         \n\
         import torch\n\
         import torch.nn as nn\n\
         \n\
         \n\
         class SinusoidalPositionalEncoding(nn.Module):\n\
         \x20   \"\"\"The fixed encoding (Vaswani et al. 2017, section 3.5), one table for every input.\"\"\"\n\
         \n\
         \x20   def __init__(self, d_model={d_model}, max_len={max_len}, base={base}, dropout=0.1):\n\
         \x20       super().__init__()\n\
         {table}\
         \x20       # A buffer, not a parameter: saved in state_dict and moved by .to(device),\n\
         \x20       # but not in model.parameters(), so no optimiser changes it.\n\
         \x20       self.register_buffer(\"pe\", pe.unsqueeze(0))  # [1, max_len, d_model]\n\
         \x20       self.dropout = nn.Dropout(dropout)\n\
         \n\
         \x20   def forward(self, x):\n\
         \x20       # x: word vectors (already times sqrt(d_model)), [batch, seq_len <= max_len, d_model]\n\
         \x20       return self.dropout(x + self.pe[:, : x.size(1)])\n\
         \n\
         \n\
         class LearnedPositionalEncoding(nn.Module):\n\
         \x20   \"\"\"One trained row per position (BERT, GPT-2): no row at or past max_len.\"\"\"\n\
         \n\
         \x20   def __init__(self, d_model={d_model}, max_len={max_len}, dropout=0.1):\n\
         \x20       super().__init__()\n\
         \x20       self.pe = nn.Embedding(max_len, d_model)  # a parameter, trained with the model\n\
         \x20       self.dropout = nn.Dropout(dropout)\n\
         \n\
         \x20   def forward(self, x):\n\
         \x20       # x: word vectors, [batch, seq_len <= max_len, d_model]\n\
         \x20       positions = torch.arange(x.size(1), device=x.device)\n\
         \x20       return self.dropout(x + self.pe(positions))\n"
    )
}

/// The fixed module's table in NumPy, float64: the same lines (`table_lines`), runnable as they
/// are; tests/export.rs runs them and compares the table with the page's.
///
/// ```
/// use pe_explorer::{encoding::Layout, export::numpy_twin};
/// let code = numpy_twin(128, 100, 10_000.0, Layout::SplitHalves);
/// assert!(code.contains("d_model, max_len, base = 128, 100, 10000.0"));
/// assert!(code.contains("pe[:, : d_model // 2] = np.sin(position * omega)"));
/// ```
pub fn numpy_twin(d_model: usize, max_len: usize, base: f64, layout: Layout) -> String {
    format!(
        "import math\n\nimport numpy as np\n\nd_model, max_len, base = {d_model}, {max_len}, {}\n{}",
        python_float(base),
        table_lines(Library::NumPy, layout)
    )
}
