//! Panel: the encoding of the chosen position as a bar chart, one bar per dimension.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{
    canvas_height, css_color, redraw_on_frame, SizedCanvas, ThemeColors, CANVAS_WIDTH,
};
use super::chart::{draw_line_chart, LineChart, Ticks};
use super::classroom::LabSlot;
use super::context::{tr, use_lesson};
use super::panel::Panel;
use super::parts::PageText;
use crate::encoding::{pair_dimensions, pe_vector, Layout};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::PanelId;

/// What the bar chart depends on; k does not change PE(pos), so moving k redraws nothing here.
#[derive(Clone, Copy, PartialEq)]
struct VectorInputs {
    pos: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
}

#[component]
pub fn PeVectorPanel() -> impl IntoView {
    let lesson = use_lesson();
    let inputs = Memo::new(move |_| {
        let p = lesson.params.get();
        VectorInputs {
            pos: p.pos,
            d_model: p.d_model,
            base: p.base,
            layout: p.layout,
        }
    });
    let vector = Memo::new(move |_| {
        let VectorInputs {
            pos,
            d_model,
            base,
            layout,
        } = inputs.get();
        let mut v = vec![0.0; d_model];
        pe_vector(pos as f64, base, layout, &mut v);
        v
    });
    let highlight = Memo::new(move |_| {
        let p = lesson.params.get();
        pair_dimensions(p.pair, p.d_model, p.layout)
    });
    // Which dimensions hold the sines is the layout's, so the explanation follows it (its own
    // memo: a pos move does not touch the text).
    // At d_model = 2 both layouts are the one pair, and there is no left or right to compare.
    let layout = Memo::new(move |_| lesson.params.with(|p| (p.layout, p.d_model == 2)));
    let text = move || match layout.get() {
        (_, true) => Key::VectorTextOnePair,
        (Layout::Interleaved, false) => Key::VectorText,
        (Layout::SplitHalves, false) => Key::VectorTextSplit,
    };

    let canvas = NodeRef::<html::Canvas>::new();
    // The panel is near the screen once this canvas is: time for the labs its link opened.
    let labs_near = redraw_on_frame(
        canvas,
        move || (vector.get(), highlight.get(), lesson.lang.get()),
        move |element, (vector, highlight, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.4) {
                draw_vector(&sized, vector, *highlight, *lang);
            }
        },
    );

    view! {
        <Panel id=PanelId::Vector text=text>
            <div class="chart-box">
                <canvas
                    node_ref=canvas width=CANVAS_WIDTH height=canvas_height(0.4)
                    data-testid="canvas-pe-vector"
                    role="img"
                    aria-label=tr(Key::VectorTitle)
                ></canvas>
            </div>
            <p class="note" data-testid="layout-same-numbers"><PageText key=Key::LayoutSameNumbers /></p>
            <LabSlot panel=PanelId::Vector near=labs_near />
        </Panel>
    }
}

fn draw_vector(
    canvas: &SizedCanvas,
    vector: &[f64],
    highlight: (usize, Option<usize>),
    lang: Lang,
) -> Option<()> {
    let colors = ThemeColors::current();
    let d_model = vector.len();
    let rect = draw_line_chart(
        canvas,
        &LineChart {
            x: 0.0..d_model as f64,
            y: -1.1..1.1,
            x_desc: lang.t(Key::AxisDimension),
            y_desc: lang.t(Key::AxisValue),
            x_ticks: Ticks::Whole,
            x_labels: 8,
            no_x_grid: true,
            y_label_space: 40.0,
            ..Default::default()
        },
    )?;
    // Up to 1024 bars: plain fillRect calls grouped by colour, so a redraw sets the fill style
    // twice rather than once per bar (a single path of 1024 rectangles rasterises slowly).
    let context = canvas.context()?;
    let (sine, cosine) = highlight;
    let zero = rect.y_of(0.0, -1.1, 1.1);
    for marked in [false, true] {
        context.set_fill_style_str(&css_color(if marked {
            colors.second
        } else {
            colors.accent
        }));
        for (dim, value) in vector.iter().enumerate() {
            if (dim == sine || Some(dim) == cosine) != marked {
                continue;
            }
            let x0 = rect.x_of(dim as f64 + 0.1, 0.0, d_model as f64);
            let x1 = rect.x_of(dim as f64 + 0.9, 0.0, d_model as f64);
            let y = rect.y_of(*value, -1.1, 1.1);
            context.fill_rect(x0, y.min(zero), (x1 - x0).max(1.0), (y - zero).abs());
        }
    }
    Some(())
}
