//! Lab (in the RoPE panel, after xPos): RoPE for images
//! (`encoding::rope_2d`). A grid of patches, a query patch, and the score to every patch under
//! axial 2-D RoPE, sectioned (multimodal) RoPE or the grid flattened to one sequence, beside the
//! flattened one for comparison.

use leptos::prelude::*;

use crate::encoding::rope_2d::{aligned_score_map, pairs_by_axis, GridScheme, Patch};
use crate::lesson::labs::Choice;
use crate::lesson::labs::rope_2d::{
    GridKind,
    Rope2dSettings, BASE, COLUMN, COLUMNS, D, HEIGHT, ROW, ROWS, SCHEME, TIME,
};
use crate::render::heat::{heat_cell, heat_chart};
use crate::ui::context::use_lesson;

use super::parts::{LabFigure, short, CsvExport, LabChoice, LabSlider, SvgChart, Track};
use super::Linked;
use crate::ui::context::tr;

const SCHEMES: [[&str; 2]; 3] = [
    [
        "axial 2-D RoPE (half rows, half columns)",
        "轴向二维 RoPE（一半随行，一半随列）",
    ],
    [
        "M-RoPE sections (time, height, width)",
        "M-RoPE 分段（时间、高度、宽度）",
    ],
    ["flattened to one sequence", "展平为一个序列"],
];

/// The schemes as the pictures' titles name them.
const SHORT: [[&str; 2]; 3] = [
    ["axial 2-D RoPE", "轴向二维 RoPE"],
    ["M-RoPE sections", "M-RoPE 分段"],
    ["flattened", "展平"],
];

#[component]
pub fn Rope2dLab() -> impl IntoView {
    let lab = Linked::<Rope2dSettings>::from_link();
    let settings = lab.settings;
    let maps = Memo::new(move |_| {
        settings.with(|s| {
            let query = Patch {
                row: s.row as f64,
                column: s.column as f64,
            };
            (
                aligned_score_map(s.grid_scheme(), s.d, s.base, s.rows, s.columns, query),
                aligned_score_map(GridScheme::Flattened, s.d, s.base, s.rows, s.columns, query),
            )
        })
    });
    let lang = use_lesson().lang;
    // Both pictures on one colour scale, from the lowest score in either to 1.
    let chart = move |flattened: bool| {
        Signal::derive(move || {
            let (rows, columns, chosen, scheme) =
                settings.with(|s| (s.rows, s.columns, (s.row, s.column), s.scheme.index()));
            let names = SHORT[if flattened { GridKind::Flattened.index() } else { scheme }];
            let title = names[lang.get().index()];
            maps.with(|(chosen_map, flat_map)| {
                let low = chosen_map
                    .iter()
                    .chain(flat_map)
                    .fold(1.0f64, |m, v| m.min(*v));
                let low = if low > 1.0 - 1e-9 { 0.0 } else { low };
                let map = if flattened { flat_map } else { chosen_map };
                heat_chart(map, rows, columns, (low, 1.0), title.into(), Some(chosen))
            })
        })
    };
    // A tap on either picture makes that patch the query.
    let pick = Callback::new(move |at: (f64, f64)| {
        let (rows, columns) = settings.with(|s| (s.rows, s.columns));
        if let Some((row, column)) = heat_cell(at, rows, columns) {
            lab.update(|s| {
                s.row = row;
                s.column = column;
            });
        }
    });
    // The score from the query to a neighbouring patch, if it is inside the grid.
    let neighbour = move |dr: usize, dc: usize| {
        Signal::derive(move || {
            let (r, c, rows, columns) =
                settings.with(|s| (s.row + dr, s.column + dc, s.rows, s.columns));
            if r >= rows || c >= columns {
                return "—".to_string();
            }
            maps.with(|(scheme, flattened)| {
                format!(
                    "{} · {}",
                    short(scheme[r * columns + c]),
                    short(flattened[r * columns + c])
                )
            })
        })
    };
    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "rope-2d_{}_{}x{}_query{}-{}_d{}.csv",
                s.scheme.name(),
                s.rows,
                s.columns,
                s.row,
                s.column,
                s.d
            )
        })
    });
    let rows = Callback::new(move |_| {
        let columns = settings.with(|s| s.columns);
        maps.with(|(scheme, flattened)| {
            let mut csv = String::from("row,column,score_chosen,score_flattened\n");
            for (i, (a, b)) in scheme.iter().zip(flattened).enumerate() {
                csv.push_str(&format!("{},{},{a},{b}\n", i / columns, i % columns));
            }
            csv
        })
    });

    view! {
        <div class="lab-controls">
            <LabChoice label=["scheme", "方案"] testid="rope-2d-scheme" choices=&SCHEMES row=lab.choice(&SCHEME) />
            <LabSlider label=["rows", "行数"] testid="rope-2d-rows" row=lab.slider(&ROWS) track=Track::Linear step=1.0 />
            <LabSlider label=["columns", "列数"] testid="rope-2d-columns" row=lab.slider(&COLUMNS)
                track=Track::Linear step=1.0 />
            <LabSlider label=["query patch: row", "查询图块：行"] testid="rope-2d-row" row=lab.slider(&ROW)
                track=Track::Linear step=1.0 up_to=Signal::derive(move || settings.with(|s| s.rows as f64 - 1.0)) />
            <LabSlider label=["query patch: column", "查询图块：列"] testid="rope-2d-column" row=lab.slider(&COLUMN)
                track=Track::Linear step=1.0 up_to=Signal::derive(move || settings.with(|s| s.columns as f64 - 1.0)) />
            <LabSlider label=["head width d", "每个头的维度 d"] testid="rope-2d-d" row=lab.slider(&D)
                track=Track::Linear step=4.0 />
            <LabSlider label=["base b", "底数 b"] testid="rope-2d-base" row=lab.slider(&BASE)
                track=Track::Log10 step=0.05 />
            <Show when=move || settings.with(|s| s.scheme == GridKind::Sections)>
                <LabSlider label=["M-RoPE: time pairs", "M-RoPE：时间段的维度对的个数"] testid="rope-2d-time"
                    row=lab.slider(&TIME) track=Track::Linear step=1.0
                    up_to=Signal::derive(move || settings.with(|s| s.d as f64 / 2.0)) />
                <LabSlider label=["M-RoPE: height pairs (width takes the rest)", "M-RoPE：高度段的维度对的个数（其余归宽度）"]
                    testid="rope-2d-height" row=lab.slider(&HEIGHT) track=Track::Linear step=1.0
                    up_to=Signal::derive(move || settings.with(|s| (s.d / 2 - s.time) as f64)) />
                <p class="note">{tr([
                    "In the sectioned scheme the runs are consecutive: time takes the fastest pairs and width the slowest, so with a large base the width pairs barely turn across a small image (try base 1 000 000, the default of Hugging Face's Qwen2-VL configuration).",
                    "分段方案中各段是连续的：时间段占用频率最高的维度对，宽度段占用频率最低的，所以底数很大时，在一张小图像上宽度段几乎不转（试试底数 1000000，这是 Hugging Face 中 Qwen2-VL 配置的默认值）。",
                ])}</p>
            </Show>
        </div>
        <dl class="numbers" data-testid="rope-2d-readout">
            <dt>{tr([
                "pairs turning with the row / the column / neither",
                "随行 / 随列 / 都不随之旋转的维度对的个数",
            ])}</dt>
            <dd data-testid="rope-2d-pairs">{move || settings.with(|s| {
                let (row, column, neither) = pairs_by_axis(s.grid_scheme(), s.d);
                format!("{row} / {column} / {neither}")
            })}</dd>
            <dt>{tr([
                "score to the patch on the right (chosen · flattened)",
                "到右边图块的分数（所选 · 展平）",
            ])}</dt>
            <dd data-testid="rope-2d-right">{neighbour(0, 1)}</dd>
            // Lesson step 20 asks about the patch below: masked until Reveal, with how far the
            // flattened grid puts it, which gives the answer away.
            <div data-readout="rope-2d-below">
                <dt>{tr([
                    "score to the patch below (chosen · flattened)",
                    "到下方图块的分数（所选 · 展平）",
                ])}</dt>
                <dd data-testid="rope-2d-below">{neighbour(1, 0)}</dd>
                <dt>{tr([
                    "flattened: positions between a patch and the next one down in the image",
                    "展平时：一个图块与图中正下方的图块之间的位置数",
                ])}</dt>
                <dd data-testid="rope-2d-row-gap">{move || settings.with(|s| s.columns.to_string())}</dd>
            </div>
        </dl>
        <LabFigure caption=[
                "Score from the outlined query patch to every patch",
                "从带框的查询图块到每个图块的分数",
            ] note=[
                "Both pictures share one colour scale, from the lowest score in either (blue) to 1 (red, the query patch itself). With axial 2-D RoPE the picture is centred on the query and changes along rows as it does along columns; with sections, each axis changes with its own run of pairs; flattened, the patches above and below are a whole row of positions away, and the row's ends wrap around to the next row.",
                "两幅图使用同一个色标，从两幅图中最低的分数（蓝）到 1（红，即查询图块本身）。使用轴向二维 RoPE 时，图案以查询图块为中心，沿行的变化与沿列的相同；分段时，每个方向随各自那一段维度对变化；展平后，上下方的图块相隔整整一行的位置，而一行的两端会接到下一行。",
            ] answer="rope-2d-why">
            // Masked in lesson step 20: the pictures show the patch below.
            <div class="heat-pair" data-readout="rope-2d-maps">
                <SvgChart testid="rope-2d-map" marks=chart(false) heat=true pick=pick />
                <SvgChart testid="rope-2d-flattened" marks=chart(true) heat=true pick=pick />
            </div>
        </LabFigure>
        <CsvExport testid="rope-2d-csv" file=file rows=rows />
    }
}
