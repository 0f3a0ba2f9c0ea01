//! The image-RoPE lab (in the RoPE panel, after xPos; its view `ui::labs::rope_2d`): RoPE for
//! images.

use super::prelude::*;
use crate::encoding::rope_2d::GridScheme;

choice! {
    /// How the image-RoPE lab gives the patches of a grid their positions (the core's
    /// `GridScheme`, without the sectioned scheme's runs, which are the settings' own).
    pub enum GridKind {
        /// Half of the pairs with the row, half with the column.
        Axial = "axial",
        /// Runs of time, height and width pairs (M-RoPE's sections).
        Sections = "sections",
        /// Row by row into one sequence of positions.
        Flattened = "flattened",
    }
}

lab_settings! {
/// The image-RoPE lab's settings: the scheme, the grid, the query
/// patch, the head's width d (a multiple of 4), the base, and the sectioned scheme's time and
/// height runs in pairs (width takes the rest of d/2).
pub struct Rope2dSettings {
    pub scheme: GridKind = GridKind::Axial,
    pub rows: usize = 12,
    pub columns: usize = 12,
    pub row: usize = 5,
    pub column: usize = 5,
    pub d: usize = 128,
    pub base: f64 = 10_000.0,
    pub time: usize = 16,
    pub height: usize = 24,
}
}

impl Rope2dSettings {
    /// The scheme as the core takes it.
    pub fn grid_scheme(&self) -> GridScheme {
        match self.scheme {
            GridKind::Sections => GridScheme::Sections {
                time: self.time,
                height: self.height,
            },
            GridKind::Flattened => GridScheme::Flattened,
            GridKind::Axial => GridScheme::Axial,
        }
    }
}

pub const SCHEME: LabName<Rope2dSettings> = lab_name!("r2_scheme", GridKind, scheme);
pub const ROWS: LabNumber<Rope2dSettings> = lab_number!(whole "r2_rows", 1.0, 32.0, rows);
pub const COLUMNS: LabNumber<Rope2dSettings> = lab_number!(whole "r2_columns", 1.0, 32.0, columns);
/// Inside the grid (`fix`).
pub const ROW: LabNumber<Rope2dSettings> = lab_number!(whole "r2_row", 0.0, 31.0, row);
pub const COLUMN: LabNumber<Rope2dSettings> = lab_number!(whole "r2_column", 0.0, 31.0, column);
pub const D: LabNumber<Rope2dSettings> = lab_number!(whole "r2_d", 4.0, 256.0, d);
pub const BASE: LabNumber<Rope2dSettings> = lab_number!(real "r2_base", 10.0, 10_000_000.0, base);
/// The sectioned scheme's runs, inside d/2 together (`fix`).
pub const TIME: LabNumber<Rope2dSettings> = lab_number!(whole "r2_time", 0.0, 128.0, time);
pub const HEIGHT: LabNumber<Rope2dSettings> = lab_number!(whole "r2_height", 0.0, 128.0, height);

impl LabSettings for Rope2dSettings {
    const VALUES: LabValues<Self> = LabValues::new("r2_", &[SCHEME], &[ROWS, COLUMNS, ROW, COLUMN, D, BASE, TIME, HEIGHT]);

    /// A width that is a multiple of 4, a query patch inside the grid, and runs that fit d/2.
    fn fix(&mut self) {
        self.d = (self.d / 4 * 4).max(4);
        self.row = self.row.min(self.rows.max(1) - 1);
        self.column = self.column.min(self.columns.max(1) - 1);
        self.time = self.time.min(self.d / 2);
        self.height = self.height.min(self.d / 2 - self.time);
    }
}

const TITLE: [&str; 2] = ["RoPE for images: rows and columns", "图像的 RoPE：行与列"];

const TEXT: [&str; 2] = [
    "A vision transformer cuts an image into a grid of patches, and a patch has two coordinates, its row and its column. ⟦rope-2d-why|Reading the grid row by row as one sequence (flattened) gives the patch below a position a whole row away, while the last patch of a row and the first of the next, at opposite edges of the image, become neighbours.⟧ Two-dimensional RoPE rotates some pairs with the row and the others with the column instead. ⟦rope-2d-why|Axial 2-D RoPE, as in Qwen2-VL's vision encoder, turns the first half of the pairs with the row and the second half with the column, each half with the same frequencies.⟧ Qwen2-VL's language model uses multimodal RoPE (M-RoPE): the pairs are cut into three runs, for time, height and width (16, 24 and 24 of its 64 pairs); every patch of one image has the same time index, so the time run does not tell patches apart. In each case pair i of the query and the key turns by the difference of their coordinates, so the score depends only on the offset between the patches: move the query patch and the picture moves with it. Both pictures show the score of an aligned query and key (every pair (1, 0), divided by the number of pairs, so 1 at the query itself) from the outlined query patch to every patch: the chosen scheme first, then the flattened grid. Tap a patch in either picture to make it the query.",
    "视觉 Transformer 把图像切成一格格的图块，每个图块有两个坐标：行和列。⟦rope-2d-why|把网格逐行读成一个序列（展平）时，正下方的图块与它相隔整整一行的位置，而一行的最后一块与下一行的第一块，明明位于图像的两侧，却成了相邻位置。⟧二维 RoPE 则让一部分维度对随行旋转，其余的随列旋转。⟦rope-2d-why|轴向二维 RoPE（Qwen2-VL 的视觉编码器就是这样）让前一半维度对随行旋转，后一半随列旋转，两半使用相同的频率。⟧Qwen2-VL 的语言模型使用多模态 RoPE（M-RoPE）：维度对被分成三段，分别对应时间、高度和宽度（64 对中分别为 16、24、24 对）；同一张图像的所有图块时间索引相同，所以时间段无法区分图块。无论哪种方式，查询与键的第 i 对转过的角度之差只取决于它们坐标之差，所以分数只与两个图块之间的偏移量有关：移动查询图块，整幅图也随之移动。两幅图都画出从带框的查询图块到每个图块的分数，查询与键方向一致（每一对都是 (1, 0)；分数除以维度对的个数，所以查询图块本身处为 1）：先是所选方案，然后是展平后的网格。点击任一幅图中的图块，可把它设为查询图块。",
];

pub const LAB: Lab = Lab::new("lab-rope-2d", PanelId::Rope, TITLE, TEXT);
