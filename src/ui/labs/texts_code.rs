//! Lab (in the PE vector panel, after the numbering lab): the texts' code with this page's
//! numbers (issue 18, item 9; seeds 001 §14.6 and 003 §2.5): the fixed encoding as a PyTorch
//! module with a buffer, a learned `nn.Embedding` one, and the table's NumPy twin, each with a
//! copy button (`export::pytorch_modules`, `export::numpy_twin`).

use super::parts::term_text;
use leptos::prelude::*;

use crate::export::{numpy_twin, pytorch_modules};
use crate::ui::context::use_lesson;

pub const TITLE: [&str; 2] = [
    "The usual PyTorch code, with this page's numbers",
    "常见的 PyTorch 实现，填入本页的数值",
];

pub const TEXT: [&str; 2] = [
    "Tutorials commonly write the encoding as PyTorch modules like these two. Here they are written out again with this page's d_model, length (as max_len) and base, in the layout chosen on the page, so the table they build is the one the heatmap shows. The fixed module computes its table once and stores it with register_buffer: a buffer is part of the module's state, saved in its state_dict and moved with it by .to(device), but it is not a parameter, so model.parameters() does not list it and no optimiser changes it. The learned module is an nn.Embedding of max_len rows: its table is a parameter, trained with the rest of the model, and it has no row for a position at or past max_len, so a longer input is an error, not an extrapolation. Both apply dropout to the sum of the word vectors and the encoding, as the paper does (§5.4). PyTorch computes in float32 by default, so its table differs from this page's float64 numbers by up to about 1e-7 × max_len. The NumPy lines compute the same table in float64; a test runs them and finds the page's numbers to within 1e-9.",
    "教程里常把位置编码写成下面这样的两个 PyTorch 模块。这里用本页的 d_model、序列长度（作为 max_len）和底数，按本页选定的排列方式重新写出这些代码，所以它们构造的表就是热力图显示的那张表。正弦位置编码模块只算一次表，并用 register_buffer 保存：缓冲区是模块状态的一部分，会保存在 state_dict 中，也会随 .to(device) 一起移动，但它不是参数，所以 model.parameters() 不包含它，任何优化器都不会改变它。可学习的模块是一个有 max_len 行的 nn.Embedding：它的表是参数，与模型的其余部分一起训练；对于大于或等于 max_len 的位置，它没有对应的行，所以更长的输入会报错，而不是外推。两个模块都对词向量与位置编码之和做 dropout，与论文的做法相同（§5.4）。PyTorch 默认用 float32 计算，所以它的表与本页的 float64 数值最多相差约 1e-7 × max_len。NumPy 代码用 float64 计算同一张表；测试会运行这段代码，结果与本页的数值相差不超过 1e-9。",
];

const BLOCKS: [[&str; 2]; 2] = [
    [
        "PyTorch: the fixed and the learned module",
        "PyTorch：正弦位置编码模块和可学习模块",
    ],
    [
        "NumPy: the fixed table in float64",
        "NumPy：用 float64 计算的正弦位置编码表",
    ],
];
const COPY: [&str; 2] = ["Copy", "复制"];
const COPIED: [&str; 2] = ["Copied.", "已复制。"];
const COPY_FAILED: [&str; 2] = [
    "The browser did not allow copying: select the code and copy it by hand.",
    "浏览器不允许复制：请选中代码后手动复制。",
];

#[component]
pub fn TextsCodeLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let language = move || lesson.lang.get().index();
    let values = Memo::new(move |_| params.with(|p| (p.d_model, p.length, p.base, p.layout)));
    let code = move |block: usize| {
        let (d_model, length, base, layout) = values.get();
        if block == 0 {
            pytorch_modules(d_model, length, base, layout)
        } else {
            numpy_twin(d_model, length, base, layout)
        }
    };
    // Per block: the values of the last copy and whether it worked. Said only while the code
    // shown is the code copied: after a slider move, "Copied." would be about other numbers.
    let copied = [RwSignal::new(None), RwSignal::new(None)];
    let copy = move |block: usize| {
        let status = copied[block];
        let copied_values = values.get_untracked();
        let promise = window().navigator().clipboard().write_text(&code(block));
        leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            status.set(Some((copied_values, ok)));
        });
    };
    let status = move |block: usize| {
        copied[block]
            .get()
            .filter(|(at, _)| *at == values.get())
            .map(|(_, ok)| {
                if ok {
                    COPIED[language()]
                } else {
                    COPY_FAILED[language()]
                }
            })
    };
    view! {
        <h3 id="lab-texts-code" data-testid="texts-code-title">{move || TITLE[language()]}</h3>
        <p>{term_text(TEXT)}</p>
        {(0..2)
            .map(|block| view! {
                <figure class="lab-code">
                    <figcaption>
                        {move || BLOCKS[block][language()]}
                        <button type="button" data-testid=format!("texts-code-copy-{block}") on:click=move |_| copy(block)>
                            {move || COPY[language()]}
                        </button>
                        <span role="status" data-testid=format!("texts-code-status-{block}")>
                            {move || status(block)}
                        </span>
                    </figcaption>
                    <pre tabindex="0"><code data-testid=format!("texts-code-{block}")>{move || code(block)}</code></pre>
                </figure>
            })
            .collect_view()}
    }
}
