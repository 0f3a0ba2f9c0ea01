//! Lab (in the PE vector panel): why not just number the positions?
//! Three position signals for the word at pos, side by side: the raw index, the fraction
//! pos/length, and the sinusoidal vector (`encoding::numbering`).

use leptos::prelude::*;

use crate::encoding::numbering::{fraction, raw_index, sinusoidal, SignalAt};
use crate::ui::context::{tr, use_lesson};

/// The table's column headings and row names, `[English, 中文]`.
const COLUMNS: [[&str; 2]; 5] = [
    ["signal", "信号"],
    ["largest entry at pos", "pos 处的最大分量"],
    ["largest in the sequence", "整个序列中的最大分量"],
    ["step to pos + 1", "到 pos + 1 的步长"],
    ["at pos, sequence twice as long", "序列长一倍时 pos 处的值"],
];
const ROWS: [[&str; 2]; 3] = [
    ["raw index pos", "原始序号 pos"],
    ["fraction pos/length", "比例 pos/length"],
    ["sinusoidal PE(pos)", "正弦位置编码 PE(pos)"],
];

/// A number as the table prints it: whole numbers whole, others to four decimals.
fn plain(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.4}")
    }
}

#[component]
pub fn NumberingLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let signals = Memo::new(move |_| {
        params.with(|p| {
            [
                raw_index(p.pos, p.length),
                fraction(p.pos, p.length),
                sinusoidal(p.pos, p.d_model, p.base),
            ]
        })
    });
    let cell =
        move |row: usize, read: fn(&SignalAt) -> f64| move || plain(read(&signals.get()[row]));
    view! {
        <table class="numbers-table" data-testid="numbering-table">
            <thead>
                <tr>
                    {COLUMNS.map(|c| view! { <th scope="col">{tr(c)}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>
                {(0..3)
                    .map(|row| view! {
                        <tr data-testid=format!("numbering-row-{row}")>
                            <th scope="row">{tr(ROWS[row])}</th>
                            <td>{cell(row, |s| s.at_pos)}</td>
                            <td>{cell(row, |s| s.largest)}</td>
                            <td>{cell(row, |s| s.step)}</td>
                            // The fraction's code at twice the length answers lesson step 4.
                            <td data-readout=(row == 1).then_some("numbering-twice")>{cell(row, |s| s.twice_as_long)}</td>
                        </tr>
                    })
                    .collect_view()}
            </tbody>
        </table>
    }
}
