//! Helpers the text tests share: reading a file of the repository, and the string literals of a
//! line of Rust.

// Each test file uses the helpers it needs: the others are unused in its build.
#![allow(dead_code)]

/// A file of the repository, as text.
pub fn read(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The contents of the string literals on one line of Rust, escapes undone.
pub fn string_literals(line: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut literal = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => literal.push('\n'),
                    Some(other) => literal.push(other),
                    None => {}
                },
                _ => literal.push(c),
            }
        }
        literals.push(literal);
    }
    literals
}
