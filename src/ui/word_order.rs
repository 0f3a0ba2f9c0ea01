//! Panel: "dog bites man" and "man bites dog" through the same toy attention. Without position
//! the sentence vectors are identical; with it they differ.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{
    canvas_height, paint_cells, redraw_on_frame, SizedCanvas, ThemeColors, CANVAS_WIDTH,
};
use super::context::{tr, use_lesson, Restriction};
use super::controls::SwitchBox;
use super::math::{Formula, Math};
use super::panel::Panel;

use crate::encoding::{word_order, WordOrder, VOCABULARY, WORD_ORDER_PAIRS};
use crate::i18n::{Key, Translate};
use crate::lesson::{Field, Lang, PanelId};
use crate::render::colormap::DivergingMap;
use crate::render::heatmap::max_abs;

/// Width of the toy model: small enough to compute on every toggle, wide enough to mean something.
const TOY_WIDTH: usize = 32;

#[component]
pub fn WordOrderPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| params.with(|p| (p.order_pair_shown(), p.order_pe, p.base)));
    let demo = Memo::new(move |_| {
        let (pair, with_pe, base) = inputs.get();
        let (a, b) = WORD_ORDER_PAIRS[pair];
        word_order(a, b, TOY_WIDTH, if with_pe { 1.0 } else { 0.0 }, base).ok()
    });

    let canvas = NodeRef::<html::Canvas>::new();
    redraw_on_frame(
        canvas,
        move || (demo.get(), lesson.lang.get()),
        |element, (demo, lang)| {
            if let (Some(sized), Some(demo)) = (SizedCanvas::fit(element, 0.3), demo) {
                draw_outputs(&sized, demo, *lang);
            }
        },
    );

    let t = move |key: Key| lesson.lang.get().t(key);
    let difference = move || {
        demo.get().map_or(String::new(), |d| {
            if d.difference == 0.0 {
                match lesson.lang.get() {
                    Lang::En => format!("0 ({})", t(Key::OrderExactlyZero)),
                    Lang::Zh => format!("0（{}）", t(Key::OrderExactlyZero)),
                }
            } else if (1e-3..1e4).contains(&d.difference.abs()) {
                // Plain decimals unless the number is tiny or huge.
                format!("{:.4}", d.difference)
            } else {
                format!("{:.3e}", d.difference)
            }
        })
    };
    view! {
        <Panel id=PanelId::WordOrder>
            <Formula markup=Math::Pool />
            <div class="panel-controls">
                <label hidden=Restriction::of(Field::OrderPair).hidden() data-hide-as=Restriction::of(Field::OrderPair).hide_as()>
                    {tr(Key::OrderPairLabel)}
                    <select
                        data-testid="select-order-pair"
                        disabled=Restriction::of(Field::OrderPair).disabled() title=Restriction::of(Field::OrderPair).title()
                        prop:value=move || params.get().order_pair_shown().to_string()
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<usize>() {
                                params.update(|p| *p = p.with(Field::OrderPair, v as f64));
                            }
                        }
                    >
                        {WORD_ORDER_PAIRS
                            .iter()
                            .enumerate()
                            .map(|(n, (a, b))| view! { <option value=n.to_string()>{format!("{a} / {b}")}</option> })
                            .collect_view()}
                    </select>
                </label>
                <SwitchBox field=Field::OrderPe testid="toggle-order-pe" read=|p| p.order_pe />
            </div>
            <div class="chart-box">
                <canvas node_ref=canvas width=CANVAS_WIDTH height=canvas_height(0.3) data-testid="canvas-word-order" role="img" aria-label=tr(Key::OrderTitle)></canvas>
            </div>
            <p data-readout="order-difference">
                {tr(Key::OrderDifference)} {move || lesson.lang.get().colon()}
                <strong data-testid="order-difference">{difference}</strong>
            </p>
            <p data-testid="order-rows" data-readout="order-difference">
                {Signal::derive(move || {
                    let permuted = demo.get().is_some_and(|d| d.rows_permuted);
                    t(if permuted { Key::OrderRowsPermuted } else { Key::OrderRowsDiffer }).to_string()
                })}
            </p>
        </Panel>
    }
}

/// The per-word outputs of both sentences side by side, one row per word, on one colour scale
/// (its bar at the right), the output's dimensions across.
fn draw_outputs(canvas: &SizedCanvas, demo: &WordOrder, lang: Lang) -> Option<()> {
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let context = canvas.context()?;
    let map = DivergingMap::cool_warm();
    let as_f32 = |v: &[f64]| v.iter().map(|x| *x as f32).collect::<Vec<f32>>();
    let blocks = [as_f32(&demo.outputs[0]), as_f32(&demo.outputs[1])];
    let scale = max_abs(&blocks[0]).max(max_abs(&blocks[1])).max(1e-12);
    let font = canvas.label_font(&colors);
    let f = canvas.font_px(12.0);
    // Room at the right for the colour bar and its scale, below for the axis title.
    let half = (canvas.width as f64 - 6.5 * f) / 2.0;
    let label_width = canvas.font_px(64.0);
    let h = canvas.height as f64 - 1.8 * f;
    for (side, (block, tokens)) in blocks.iter().zip(&demo.tokens).enumerate() {
        let rows = tokens.len();
        let x = side as f64 * half + label_width;
        let w = half - label_width - canvas.font_px(12.0);
        paint_cells(
            &context,
            block,
            (rows, block.len() / rows.max(1)),
            scale,
            &map,
            (x, 0.0, w, h),
        )?;
        for (r, token) in tokens.iter().enumerate() {
            let y = (r as f64 + 0.5) * h / rows as f64;
            area.draw_text(
                VOCABULARY[*token],
                &font,
                (
                    (side as f64 * half + canvas.font_px(4.0)) as i32,
                    y as i32 - canvas.font_px(6.0) as i32,
                ),
            )
            .ok()?;
        }
        area.draw_text(
            lang.t(Key::AxisOutputDimension),
            &font,
            (x as i32, (h + 0.4 * f) as i32),
        )
        .ok()?;
    }
    area.present().ok()?;
    super::chart::colour_bar(canvas, (2.0 * half + 0.6 * f, 0.0, h), scale)
}
