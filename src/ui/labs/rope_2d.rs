//! Lab (in the RoPE panel, after xPos): RoPE for images (issue 20, item 5;
//! `encoding::rope_2d`). A grid of patches, a query patch, and the score to every patch under
//! axial 2-D RoPE, sectioned (multimodal) RoPE or the grid flattened to one sequence, beside the
//! flattened one for comparison.

use leptos::prelude::*;

use crate::encoding::rope_2d::{aligned_score_map, pairs_by_axis, GridScheme, Patch};
use crate::lesson::lab_query::{read_rope_2d, rope_2d_pairs, Rope2dSettings, ROPE_2D_PREFIX};
use crate::render::family::{heat_cell, heat_chart};
use crate::ui::context::use_lesson;

use super::parts::{
    in_language, short, term_text, CsvExport, LabChoice, LabSlider, LinkProblems, Sliders,
    SvgChart, Track,
};

pub const TITLE: [&str; 2] = ["RoPE for images: rows and columns", "图像的 RoPE：行与列"];

pub const TEXT: [&str; 2] = [
    "A vision transformer cuts an image into a grid of patches, and a patch has two coordinates, its row and its column. ⟦rope-2d-why|Reading the grid row by row as one sequence (flattened) gives the patch below a position a whole row away, while the last patch of a row and the first of the next, at opposite edges of the image, become neighbours.⟧ Two-dimensional RoPE rotates some pairs with the row and the others with the column instead. ⟦rope-2d-why|Axial 2-D RoPE, as in Qwen2-VL's vision encoder, turns the first half of the pairs with the row and the second half with the column, each half with the same frequencies.⟧ Qwen2-VL's language model uses multimodal RoPE (M-RoPE): the pairs are cut into three runs, for time, height and width (16, 24 and 24 of its 64 pairs); every patch of one image has the same time index, so the time run does not tell patches apart. In each case pair i of the query and the key turns by the difference of their coordinates, so the score depends only on the offset between the patches: move the query patch and the picture moves with it. Both pictures show the score of an aligned query and key (every pair (1, 0), divided by the number of pairs, so 1 at the query itself) from the outlined query patch to every patch: the chosen scheme first, then the flattened grid. Tap a patch in either picture to make it the query.",
    "视觉 Transformer 把图像切成一格格的图块，每个图块有两个坐标：行和列。⟦rope-2d-why|把网格逐行读成一个序列（展平）时，正下方的图块与它相隔整整一行的位置，而一行的最后一块与下一行的第一块，明明位于图像的两侧，却成了相邻位置。⟧二维 RoPE 则让一部分维度对随行旋转，其余的随列旋转。⟦rope-2d-why|轴向二维 RoPE（Qwen2-VL 的视觉编码器就是这样）让前一半维度对随行旋转，后一半随列旋转，两半使用相同的频率。⟧Qwen2-VL 的语言模型使用多模态 RoPE（M-RoPE）：维度对被分成三段，分别对应时间、高度和宽度（64 对中分别为 16、24、24 对）；同一张图像的所有图块时间索引相同，所以时间段无法区分图块。无论哪种方式，查询与键的第 i 对转过的角度之差只取决于它们坐标之差，所以分数只与两个图块之间的偏移量有关：移动查询图块，整幅图也随之移动。两幅图都画出从带框的查询图块到每个图块的分数，查询与键方向一致（每一对都是 (1, 0)；分数除以维度对的个数，所以查询图块本身处为 1）：先是所选方案，然后是展平后的网格。点击任一幅图中的图块，可把它设为查询图块。",
];

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

const SECTIONS_NOTE: [&str; 2] = [
    "In the sectioned scheme the runs are consecutive: time takes the fastest pairs and width the slowest, so with a large base the width pairs barely turn across a small image (try base 1 000 000, the default of Hugging Face's Qwen2-VL configuration).",
    "分段方案中各段是连续的：时间段占用频率最高的维度对，宽度段占用频率最低的，所以底数很大时，在一张小图像上宽度段几乎不转（试试底数 1000000，这是 Hugging Face 中 Qwen2-VL 配置的默认值）。",
];

#[component]
pub fn Rope2dLab() -> impl IntoView {
    let (settings, link_problems) =
        super::linked_settings(ROPE_2D_PREFIX, read_rope_2d, rope_2d_pairs);
    // Every write goes through `fixed()`: the sliders (`Sliders::fixed_by`), the link and lesson readers.
    let sliders = Sliders::fixed_by(settings, Rope2dSettings::fixed);
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
                settings.with(|s| (s.rows, s.columns, (s.row, s.column), s.scheme.min(2)));
            let names = if flattened { SHORT[2] } else { SHORT[scheme] };
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
            settings.update(|s| {
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
                crate::lesson::lab_query::GRID_SCHEMES[s.scheme.min(2)],
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
        <h3 id="lab-rope-2d" data-testid="rope-2d-title">{in_language(TITLE)}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="rope-2d-link-problems" />
        <div class="lab-controls">
            <LabChoice label=in_language([
                "scheme",
                "方案",
            ]) testid="rope-2d-scheme" choices=&SCHEMES
                value=Signal::derive(move || settings.with(|s| s.scheme))
                set=Callback::new(move |i| settings.update(|s| s.scheme = i)) />
            <LabSlider label=in_language([
                "rows",
                "行数",
            ]) testid="rope-2d-rows" min=1.0 max=32.0 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.rows as f64) set=sliders.set(|s, v| s.rows = v as usize) />
            <LabSlider label=in_language([
                "columns",
                "列数",
            ]) testid="rope-2d-columns" min=1.0 max=32.0 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.columns as f64) set=sliders.set(|s, v| s.columns = v as usize) />
            <LabSlider label=in_language([
                "query patch: row",
                "查询图块：行",
            ]) testid="rope-2d-row" min=0.0
                max=Signal::derive(move || settings.with(|s| s.rows as f64 - 1.0)) step=1.0 track=Track::Linear
                value=sliders.get(|s| s.row as f64) set=sliders.set(|s, v| s.row = v as usize) />
            <LabSlider label=in_language([
                "query patch: column",
                "查询图块：列",
            ]) testid="rope-2d-column" min=0.0
                max=Signal::derive(move || settings.with(|s| s.columns as f64 - 1.0)) step=1.0 track=Track::Linear
                value=sliders.get(|s| s.column as f64) set=sliders.set(|s, v| s.column = v as usize) />
            <LabSlider label=in_language([
                "head width d",
                "每个头的维度 d",
            ]) testid="rope-2d-d" min=4.0 max=256.0 step=4.0 track=Track::Linear
                value=sliders.get(|s| s.d as f64) set=sliders.set(|s, v| s.d = v as usize) />
            <LabSlider label=in_language([
                "base b",
                "底数 b",
            ]) testid="rope-2d-base" min=1.0 max=7.0 step=0.05 track=Track::Log10
                value=sliders.get(|s| s.base) set=sliders.set(|s, v| s.base = v.clamp(10.0, 1e7)) />
            <Show when=move || settings.with(|s| s.scheme == 1)>
                <LabSlider label=in_language([
                    "M-RoPE: time pairs",
                    "M-RoPE：时间段的维度对个数",
                ]) testid="rope-2d-time" min=0.0
                    max=Signal::derive(move || settings.with(|s| s.d as f64 / 2.0)) step=1.0 track=Track::Linear
                    value=sliders.get(|s| s.time as f64) set=sliders.set(|s, v| s.time = v as usize) />
                <LabSlider label=in_language([
                    "M-RoPE: height pairs (width takes the rest)",
                    "M-RoPE：高度段的维度对个数（其余归宽度）",
                ]) testid="rope-2d-height" min=0.0
                    max=Signal::derive(move || settings.with(|s| (s.d / 2 - s.time) as f64)) step=1.0 track=Track::Linear
                    value=sliders.get(|s| s.height as f64) set=sliders.set(|s, v| s.height = v as usize) />
                <p class="note">{in_language(SECTIONS_NOTE)}</p>
            </Show>
        </div>
        <dl class="numbers" data-testid="rope-2d-readout">
            <dt>{in_language([
                "pairs turning with the row / the column / neither",
                "随行 / 随列 / 都不随之旋转的维度对个数",
            ])}</dt>
            <dd data-testid="rope-2d-pairs">{move || settings.with(|s| {
                let (row, column, neither) = pairs_by_axis(s.grid_scheme(), s.d);
                format!("{row} / {column} / {neither}")
            })}</dd>
            <dt>{in_language([
                "score to the patch on the right (chosen · flattened)",
                "到右边图块的分数（所选 · 展平）",
            ])}</dt>
            <dd data-testid="rope-2d-right">{neighbour(0, 1)}</dd>
            <dt>{in_language([
                "score to the patch below (chosen · flattened)",
                "到下方图块的分数（所选 · 展平）",
            ])}</dt>
            // Lesson step 20 asks about it: masked until Reveal.
            <dd data-testid="rope-2d-below" data-readout="rope-2d-below">{neighbour(1, 0)}</dd>
            <dt>{in_language([
                "flattened: positions between a patch and the one below",
                "展平时：一个图块与其下方图块之间的位置数",
            ])}</dt>
            <dd data-testid="rope-2d-row-gap">{move || settings.with(|s| s.columns.to_string())}</dd>
        </dl>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Score from the outlined query patch to every patch",
                "从带框的查询图块到每个图块的分数",
            ])}</figcaption>
            // Masked in lesson step 20: the pictures show the patch below.
            <div class="heat-pair" data-readout="rope-2d-maps">
                <SvgChart testid="rope-2d-map" marks=chart(false) heat=true pick=pick />
                <SvgChart testid="rope-2d-flattened" marks=chart(true) heat=true pick=pick />
            </div>
            <p class="note" data-answer="rope-2d-why">{in_language([
                "Both pictures share one colour scale, from the lowest score in either (blue) to 1 (red, the query patch itself). With axial 2-D RoPE the picture is centred on the query and changes along rows as it does along columns; with sections, each axis changes with its own run of pairs; flattened, the patches above and below are a whole row of positions away, and the row's ends wrap around to the next row.",
                "两幅图使用同一个色标，从两幅图中最低的分数（蓝）到 1（红，即查询图块本身）。使用轴向二维 RoPE 时，图案以查询图块为中心，沿行的变化与沿列的相同；分段时，每个方向随各自那一段维度对变化；展平后，上下方的图块相隔整整一行的位置，而一行的两端会接到下一行。",
            ])}</p>
        </figure>
        <CsvExport testid="rope-2d-csv" file=file rows=rows />
    }
}
