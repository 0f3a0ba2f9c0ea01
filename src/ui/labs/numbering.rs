//! Lab (in the PE vector panel): why not just number the positions? (issue 18, item 1; seed 002.)
//! Three position signals for the word at pos, side by side: the raw index, the fraction
//! pos/length, and the sinusoidal vector (`encoding::numbering`).

use super::parts::term_text;
use leptos::prelude::*;

use crate::encoding::numbering::{fraction, raw_index, sinusoidal, SignalAt};
use crate::ui::context::use_lesson;

pub const TITLE: [&str; 2] = [
    "Why not just number the positions?",
    "为什么不直接给位置编号？",
];

pub const TEXT: [&str; 2] = [
    "A position signal is added to the word's vector, so it should stay on the scale of the vector's entries and mean the same thing wherever it is used. Compare three candidates for the word at pos. The raw index pos grows without bound: at the end of a long sequence it is in the thousands and swamps everything it is added to. ⟦numbering-why|The fraction pos/length stays below 1, but every position after the first gets a different code in a sentence twice as long, and the step from one position to the next, 1/length, changes with the length, so \"one word later\" has no fixed meaning.⟧ The sinusoidal vector keeps every entry between −1 and 1 at every position, and the distance from one position to the next is the same everywhere and for every length. Move pos and length: the first two rows change their size or their step; the sinusoid's entries stay within ±1 and its step stays the same.",
    "位置信息要加到词向量上，所以它的大小应当与词向量的分量相当，而且无论用在哪里含义都一样。下面比较 pos 处的词的三种候选编码。原始序号 pos 没有上限：在长序列的末尾它达到几千，加到什么上都会把它淹没。⟦numbering-why|比例 pos/length 始终小于 1，但除第一个位置外，每个位置在长一倍的句子里都得到不同的编码，相邻位置之间的步长 1/length 也随长度变化，所以“往后一个词”没有固定的含义。⟧正弦位置编码在任何位置，每个分量都在 −1 到 1 之间，相邻位置之间的距离处处相同，也与序列长度无关。调节 pos 和序列长度：前两行的大小或步长随之改变；正弦位置编码的分量始终在 ±1 之内，步长也保持不变。",
];

/// The table's column headings and row names, per language.
const COLUMNS: [[&str; 5]; 2] = [
    [
        "signal",
        "largest entry at pos",
        "largest in the sequence",
        "step to pos + 1",
        "at pos, sequence twice as long",
    ],
    [
        "信号",
        "pos 处的最大分量",
        "整个序列中的最大分量",
        "到 pos + 1 的步长",
        "序列长一倍时 pos 处的值",
    ],
];
const ROWS: [[&str; 3]; 2] = [
    ["raw index pos", "fraction pos/length", "sinusoidal PE(pos)"],
    ["原始序号 pos", "比例 pos/length", "正弦位置编码 PE(pos)"],
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
    let language = move || lesson.lang.get().index();
    let signals = Memo::new(move |_| {
        let p = params.get();
        [
            raw_index(p.pos, p.length),
            fraction(p.pos, p.length),
            sinusoidal(p.pos, p.d_model, p.base),
        ]
    });
    let cell =
        move |row: usize, read: fn(&SignalAt) -> f64| move || plain(read(&signals.get()[row]));
    view! {
        <h3 id="lab-numbering" data-testid="numbering-title">{move || TITLE[language()]}</h3>
        <p>{term_text(TEXT)}</p>
        <table class="numbers-table" data-testid="numbering-table">
            <thead>
                <tr>
                    {(0..5).map(|c| view! { <th scope="col">{move || COLUMNS[language()][c]}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>
                {(0..3)
                    .map(|row| view! {
                        <tr data-testid=format!("numbering-row-{row}")>
                            <th scope="row">{move || ROWS[language()][row]}</th>
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
