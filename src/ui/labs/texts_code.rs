//! Lab (in the PE vector panel, after the numbering lab): the texts' code with this page's
//! numbers: the fixed encoding as a PyTorch
//! module with a buffer, a learned `nn.Embedding` one, and the table's NumPy twin, each with a
//! copy button (`export::pytorch_modules`, `export::numpy_twin`).

use leptos::prelude::*;

use crate::export::{numpy_twin, pytorch_modules};
use crate::ui::context::{tr, use_lesson};

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
#[component]
pub fn TextsCodeLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
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
                lesson.lang.get().pick(if ok { ["Copied.", "已复制。"] } else { ["The browser did not allow copying: select the code and copy it by hand.", "浏览器不允许复制：请选中代码后手动复制。"] })
            })
    };
    view! {
        {(0..2)
            .map(|block| view! {
                <figure class="lab-code">
                    <figcaption>
                        {tr(BLOCKS[block])}
                        <button type="button" data-testid=format!("texts-code-copy-{block}") on:click=move |_| copy(block)>
                            {tr(["Copy", "复制"])}
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
