//! Prints a sinusoidal PE matrix as CSV, for pasting into a spreadsheet.
//!
//! cargo run --release --example pe_csv -- --d-model D --len L [--base B] [--layout interleaved|split]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use pe_explorer::encoding::Layout;
use pe_explorer::export::pe_matrix_csv;
use pe_explorer::lesson::params::{BASE_MAX, BASE_MIN, D_MODEL_MAX, LENGTH_MAX};

const USAGE: &str = "usage: pe_csv --d-model D --len L [--base B] [--layout interleaved|split]
  D: model width, 1..=1024     L: number of positions, 1..=2048
  B: frequency base, 10..=1000000 (default 10000)
Prints L lines of D comma-separated values: PE(pos, 0..D) for pos = 0..L.";

struct Args {
    d_model: usize,
    length: usize,
    base: f64,
    layout: Layout,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut d_model, mut length, mut base, mut layout) =
        (None, None, 10_000.0, Layout::Interleaved);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--d-model" => d_model = Some(parse_count(&value()?, "--d-model", D_MODEL_MAX)?),
            "--len" => length = Some(parse_count(&value()?, "--len", LENGTH_MAX)?),
            "--base" => {
                let text = value()?;
                base = text
                    .parse::<f64>()
                    .ok()
                    .filter(|b| (BASE_MIN..=BASE_MAX).contains(b))
                    .ok_or(format!(
                        "--base {text}: expected a number from 10 to 1000000"
                    ))?;
            }
            "--layout" => {
                layout = match value()?.as_str() {
                    "interleaved" => Layout::Interleaved,
                    "split" => Layout::SplitHalves,
                    other => {
                        return Err(format!("--layout {other}: expected interleaved or split"))
                    }
                }
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(Args {
        d_model: d_model.ok_or("--d-model is required")?,
        length: length.ok_or("--len is required")?,
        base,
        layout,
    })
}

fn parse_count(text: &str, flag: &str, max: usize) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or(format!(
            "{flag} {text}: expected a whole number from 1 to {max}"
        ))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("pe_csv: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let written = pe_matrix_csv(args.length, args.d_model, args.base, args.layout, &mut out)
        .and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head`) is not worth a panic; say it and stop.
        Err(error) => {
            eprintln!("pe_csv: {error}");
            ExitCode::FAILURE
        }
    }
}
