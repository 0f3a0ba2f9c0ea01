//! Every user-visible string, in English and 简体中文, in one typed table.
//!
//! A small table instead of `leptos_i18n`: the strings are few, the notices need structured
//! arguments that we format ourselves, and a `match` over an enum makes a missing translation a
//! compile error rather than a runtime fallback. The `strings!` macro requires both languages
//! for every key; `tests::every_key_has_both_languages` also rejects empty or untranslated text.

pub mod chinese;
#[cfg(not(target_arch = "wasm32"))]
pub mod page_words;

pub use crate::lesson::Lang;
use crate::lesson::{Field, Notice, PanelId, Reason};

/// Gives [`Lang`] its strings: `lang.t(key)`. A trait because `Lang` belongs to the lesson state
/// (`lesson/` sits below `i18n/` and must not import it).
pub trait Translate {
    /// The string for `key` in this language.
    fn t(self, key: Key) -> &'static str;
}

impl Translate for Lang {
    fn t(self, key: Key) -> &'static str {
        match self {
            Lang::En => key.en(),
            Lang::Zh => key.zh(),
        }
    }
}

/// Text in both languages, as views show it (`ui::context::tr`): a key of the table below, or
/// a lab's `[English, 中文]` pair (the labs' words are not in this table, which the page's wasm
/// compiles; a pair cannot lack a language either, its type holds two).
pub trait Bilingual: Copy + Send + Sync + 'static {
    /// The text in `lang`.
    fn in_language(self, lang: Lang) -> &'static str;
}

impl Bilingual for Key {
    fn in_language(self, lang: Lang) -> &'static str {
        lang.t(self)
    }
}

impl Bilingual for [&'static str; 2] {
    fn in_language(self, lang: Lang) -> &'static str {
        lang.pick(self)
    }
}

macro_rules! strings {
    ($($key:ident => $en:expr, $zh:expr;)*) => {
        /// A user-visible string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key { $($key),* }

        impl Key {
            /// Every key, in declaration order (`key as usize` is its index).
            pub const ALL: &'static [Key] = &[$(Key::$key),*];

            /// The keys' names, for the Chinese file's fingerprint (used at compile time only).
            const NAMES: &'static [&'static str] = &[$(stringify!($key)),*];

            /// Each key's English, by index.
            const ENGLISH: &'static [&'static str] = &[$($en),*];

            fn en(self) -> &'static str {
                Self::ENGLISH[self as usize]
            }

            /// Natively the table's Chinese; the page's wasm does not compile it in
            /// (`chinese.rs`).
            #[cfg(not(target_arch = "wasm32"))]
            fn zh(self) -> &'static str {
                match self { $(Key::$key => $zh),* }
            }

            #[cfg(target_arch = "wasm32")]
            fn zh(self) -> &'static str {
                // The table's Chinese is only checked here, never compiled into the wasm.
                $(let _ = stringify!($zh);)*
                chinese::text(self)
            }
        }
    };
}

strings! {
    AppName => "PE Explorer", "位置编码探索器";
    Tagline => "How a transformer knows where each word is: positional encodings, live.",
               "Transformer 如何知道每个词的位置：在交互演示中看懂位置编码。";
    Controls => "Parameters", "设置";
    DModelLabel => "model width", "模型维度";
    LengthLabel => "sequence length", "序列长度";
    PosLabel => "position", "位置";
    KLabel => "offset", "偏移量";
    PairLabel => "dimension pair (2i, 2i+1)", "维度对 (2i, 2i+1)";
    PairLabelSplit => "dimension pair (i, d_model/2 + i)", "维度对 (i, d_model/2 + i)";
    BaseLabel => "frequency base", "频率底数";
    LayoutLabel => "where the sines and cosines sit", "sin 与 cos 的排列方式";
    LayoutInterleaved => "interleaved (sin, cos, sin, cos…)", "交错排列（sin, cos, sin, cos…）";
    LayoutSplit => "split halves (all sin, then all cos)", "分半排列（前一半全是 sin，后一半全是 cos）";
    NoticeTitle => "Some values in the link were corrected:", "链接中的部分设置值已更正：";
    Dismiss => "Dismiss", "关闭";
    VectorTitle => "The encoding of one position", "一个位置的编码向量";
    VectorText => "Each bar is one dimension of PE(pos). Even dimensions hold sines, odd ones cosines; ⟦heatmap-why|the left pairs turn fast as pos changes, the right ones slowly. Move pos and watch the left end change first.⟧",
                  "每根柱子是 PE(pos) 的一维。偶数维放正弦，奇数维放余弦；⟦heatmap-why|pos 变化时，左边的维度对转得快，右边的转得慢。拖动 pos，可以看到左端先变。⟧";
    // The vector panel's text at d_model = 2, where both layouts are one pair.
    VectorTextOnePair => "Each bar is one dimension of PE(pos). With d_model = 2 there is only pair 0: dimension 0 holds sin(pos) and dimension 1 cos(pos), so the two bars are the point at angle pos on the unit circle, ⟦heatmap-why|which turns one radian per position. Move pos and watch the two bars take turns.⟧",
                        "每根柱子是 PE(pos) 的一维。d_model = 2 时只有第 0 对：第 0 维放 sin(pos)，第 1 维放 cos(pos)，两根柱子就是单位圆上角度为 pos 的点，⟦heatmap-why|每过一个位置转 1 弧度。拖动 pos，看两根柱子此消彼长。⟧";
    // The vector panel's text when layout=split (the shell shows it instead of VectorText).
    VectorTextSplit => "Each bar is one dimension of PE(pos). In the split layout the first half holds the sines and the second half the cosines: pair i is dimensions i and d_model/2 + i. Within each half the left pairs turn fast as pos changes, the right ones slowly. Move pos and watch the left end of each half change first.",
                       "每根柱子是 PE(pos) 的一维。分半排列时，前一半放正弦，后一半放余弦：第 i 对是第 i 维和第 d_model/2 + i 维。在每一半里，pos 变化时左边的维度对转得快，右边的转得慢。拖动 pos，可以看到每一半的左端先变。";
    LayoutSameNumbers => "Interleaved or split, the two layouts hold the same numbers, only with the dimensions in another fixed order (the same reordering at every position). So every dot product PE(m)·PE(n) is identical in both, and with it the dot-product panel's picture and every cosine similarity between positions; only pictures drawn dimension by dimension, such as this section's bars and the heatmap, look different.",
                         "交错排列和分半排列里的数完全相同，只是各维按一种固定的方式换了顺序（每个位置都换得一样）。所以任意点积 PE(m)·PE(n) 在两种排列下都相同，点积一节的图和位置之间的余弦相似度也都一样；只有逐维画出的图，比如本节的柱状图和热力图一节的图，看起来不同。";
    AxisDimension => "dimension", "维度";
    AxisValue => "value", "数值";
    ReasonMalformed => "is not a valid value", "不是有效的值";
    NoneValue => "none", "none（无）";
    ValidNames => "valid names: ", "可用的名称：";
    ReasonNotWhole => "is not a whole number", "不是整数";
    ReasonOdd => "is odd", "是奇数";
    ReasonTooSmall => "is below the minimum", "低于最小值";
    ReasonTooLarge => "is above the maximum", "超过最大值";
    ReasonBeyond => "is out of range for the other settings", "超出了其他设置允许的范围";
    ReasonRounded => "has more decimals than kept", "小数位数超出了保留的精度";
    ReasonRepeated => "was given more than once", "出现了不止一次";
    Using => "using", "改用";
    DimsLabel => "extra wave dimensions", "额外显示的波形维度";
    SentenceLabel => "sentence", "句子";
    TokenLabel => "token", "词元";
    ScaleLabel => "multiply embeddings by √d_model", "词向量乘以 √d_model";
    AmplitudeLabel => "PE amplitude", "位置编码幅度";
    // Heatmap panel.
    HeatmapTitle => "The whole encoding as a heatmap", "用热力图看整个位置编码";
    HeatmapText => "Each row is one position, each column one dimension; blue is −1, red is +1. ⟦heatmap-why|The left columns flicker from row to row because their pairs turn fast; towards the right the pairs turn more and more slowly, and with a large base such as 10 000 so slowly that neighbouring rows look alike.⟧ The two marked rows are pos and pos + k, the marked columns the pair i. Hover or tap a cell to read its value; click it, or use the button \"Move pos and i to this cell\", to move pos and i there.",
                    "每行是一个位置，每列是一维；蓝色表示 −1，红色表示 +1。⟦heatmap-why|左边几列的颜色逐行跳变，因为它们所在的维度对转得快；越往右转得越慢，底数较大（如 10000）时慢到相邻的行几乎看不出差别。⟧标出的两行是 pos 和 pos + k，标出的两列是第 i 对。悬停或轻触格子可读出数值；点击格子，或用按钮“把 pos 和 i 移到这一格”，可把 pos 和 i 移到该处。";
    // The heatmap panel's text at d_model = 2.
    HeatmapTextOnePair => "Each row is one position, each column one dimension; blue is −1, red is +1. With d_model = 2 there are two columns, sin(pos) and cos(pos) of pair 0. ⟦heatmap-why|That pair turns one radian per position, so both columns change colour from row to row and come back about every 6.28 rows.⟧ The two marked rows are pos and pos + k, the marked columns the pair i. Hover or tap a cell to read its value; click it, or use the button \"Move pos and i to this cell\", to move pos there.",
                         "每行是一个位置，每列是一维；蓝色表示 −1，红色表示 +1。d_model = 2 时只有两列：第 0 对的 sin(pos) 和 cos(pos)。⟦heatmap-why|这一对每过一个位置转 1 弧度，所以两列的颜色逐行变化，大约每 6.28 行回到原样。⟧标出的两行是 pos 和 pos + k，标出的两列是第 i 对。悬停或轻触格子可读出数值；点击格子，或用按钮“把 pos 和 i 移到这一格”，可把 pos 移到该处。";
    // The heatmap panel's text when layout=split.
    HeatmapTextSplit => "Each row is one position, each column one dimension; blue is −1, red is +1. In the split layout the left half of the columns holds the sines and the right half the cosines. ⟦heatmap-why|In each half the columns at its left edge flicker from row to row because their pairs turn fast; further right within the half (up to the middle in the left half, up to the right edge in the right half) the pairs turn more and more slowly, and with a large base such as 10 000 so slowly that neighbouring rows look alike.⟧ The two marked rows are pos and pos + k, the marked columns the pair i (dimensions i and d_model/2 + i). Hover or tap a cell to read its value; click it, or use the button \"Move pos and i to this cell\", to move pos and i there.",
                        "每行是一个位置，每列是一维；蓝色表示 −1，红色表示 +1。分半排列时，左半边的列是正弦，右半边的列是余弦。⟦heatmap-why|每一半最左边的几列颜色逐行跳变，因为它们所在的维度对转得快；在每一半里越往右转得越慢（左半边到中间为止，右半边到右边缘为止），底数较大（如 10000）时慢到相邻的行几乎看不出差别。⟧标出的两行是 pos 和 pos + k，标出的两列是第 i 对（第 i 维和第 d_model/2 + i 维）。悬停或轻触格子可读出数值；点击格子，或用按钮“把 pos 和 i 移到这一格”，可把 pos 和 i 移到该处。";
    HeatmapSampled => "More cells than pixels: each pixel is the mean of up to {p} × {d} cells (positions × dimensions), so fast columns fade where their waves cancel. The read-out is exact.",
                      "单元格多于像素：每个像素是至多 {p} × {d} 个单元格（位置 × 维度）的平均值，因此在波形相互抵消的地方，变化快的列颜色变淡。读数是精确值。";
    HeatmapTable => "Data table", "数据表";
    HeatmapTableCaption => "PE values at positions {rows} (of {length}) and dimensions {dims} (of {d_model}). The window follows pos and pair i: move them to move it. The CSV export holds every value.",
                           "位置 {rows}（共 {length} 个）、维度 {dims}（共 {d_model} 维）上的位置编码值。表格窗口跟着 pos 和第 i 对走：移动它们即可移动窗口。导出的 CSV 含全部数值。";
    HeatmapMoveHere => "Move pos and i to this cell", "把 pos 和 i 移到这一格";
    // The heatmap's row-to-row change: pair 0 turns by ω_0 = 1 radian per position, so a value
    // moves by at most 2·sin(ω/2) from one row to the next.
    HeatmapChangeFirst => "From one row to the next, pair 0 turns by 1 radian, so its values change by up to {change}", "从一行到下一行，第 0 对转 1 弧度，所以它的值最多变化 {change}";
    HeatmapChangeLast => "; pair {i} turns by {angle} radian, so its values change by up to {change}", "；第 {i} 对转 {angle} 弧度，它的值最多变化 {change}";
    HeatmapReadoutEmpty => "Hover or tap a cell to read its value.", "悬停或轻触格子即可读出数值。";
    AxisPosition => "position pos", "位置 pos";
    AxisPositionWindow => "position pos ({a}–{b} of 0–{n}, around pos)", "位置 pos（pos 附近的 {a}–{b}，全长 0–{n}）";
    AxisPeValue => "PE value", "PE 的值";
    AxisPositionM => "position m", "位置 m";
    AxisPositionPlain => "position", "位置";
    AxisOutputDimension => "output dimension", "输出维度";
    AxisKeyWord => "key word", "键对应的词";
    AxisFirstDimensions => "dimension (the first {n})", "维度（前 {n} 个）";
    AxisQueryWord => "query word", "查询对应的词";
    AxisPositionN => "position n", "位置 n";
    DimNotNumber => "Type a dimension number.", "请输入维度编号。";
    DimTooLarge => "Dimensions run from 0 to {d}.", "维度编号只能是 0 到 {d}。";
    DimShown => "That dimension is already drawn.", "这个维度已经画出来了。";
    DimsFull => "Four extra dimensions at most: remove one first.", "最多再加四个维度：请先移除一个。";
    Sine => "sine", "正弦";
    Cosine => "cosine", "余弦";
    // Waves panel.
    WavesTitle => "Each dimension is a wave", "每一维都是一条波";
    WavesText => "Follow one column of the heatmap down the positions and you get a sine or cosine wave. Pair i's wavelength is 2π·base^(2i/d_model): it grows by the same factor from each pair to the next, from 2π ≈ 6.3 positions for pair 0 to the last pair's, which this section's note \"Here pair 0 turns…\" gives. The dashed lines mark pos and pos + k, with the value of each wave where it crosses them.",
                  "沿热力图的某一列往下看，就得到一条正弦波或余弦波。第 i 对的波长是 2π·base^(2i/d_model)：每往后一对都乘以同一个倍数，从第 0 对的 2π ≈ 6.3 个位置，一直增长到最后一对（数值见本节的说明）。两条虚线标出 pos 和 pos + k，并注明每条波与它们相交处的值。";
    WavesRange => "Here pair 0 turns once every 2π ≈ 6.3 positions and the last pair, pair {last}, once every {lambda} positions.",
                  "当前设置下，第 0 对每 2π ≈ 6.3 个位置转一圈，最后一对（第 {last} 对）每 {lambda} 个位置转一圈。";
    WavesOnePair => "With d_model = 2 there is only pair 0: it turns once every 2π ≈ 6.3 positions.",
                    "d_model = 2 时只有第 0 对：它每 2π ≈ 6.3 个位置转一圈。";
    AddDimension => "Add", "添加";
    RemoveDimension => "Remove dimension", "移除维度";
    Wavelength => "wavelength", "波长";
    // A symbol's first appearance in a read-out carries its meaning.
    OmegaNamed => "ω (angle per position, rad)", "ω（每个位置转过的弧度）";
    LambdaNamed => "λ (positions per full turn)", "λ（转满一圈所需的位置数）";
    // Rotation panel.
    RotationTitle => "Moving by k is a rotation", "移动 k 个位置就是一次旋转";
    RotationText => "Pair i of PE(pos) is a point on the unit circle at angle pos·ω_i: its cosine across, its sine up, so that it turns counter-clockwise as pos grows, as RoPE's pairs do, and M_k has the sign pattern of RoPE's matrix. ⟦rotation-why|Going k positions further turns it by k·ω_i, whatever pos is, so a fixed matrix M_k takes every position to the one k later. Vaswani et al. chose the formula for this property: they hypothesized it would let a model easily learn to attend by relative position, because a rule such as \"three words back\" is then one linear map, the same at every position.⟧ The formula makes the rule expressible; whether a trained model learns it is another matter. The printed error is rounding, not approximation. Texts that keep the paper's order, sine first, write the same turn as [[cos kω_i, sin kω_i], [−sin kω_i, cos kω_i]], the transpose of M_k: swapping the two coordinates mirrors the plane, and a mirror turns counter-clockwise into clockwise. Texts that multiply a row vector from the right (x·R) also write the transpose, for the same counter-clockwise turn. Both are right.",
                     "PE(pos) 的第 i 对是单位圆上角度为 pos·ω_i 的点：余弦值画在横轴，正弦值画在纵轴，于是 pos 增大时它按逆时针方向转动，与 RoPE 的维度对一样，M_k 的正负号排列也与 RoPE 的矩阵相同。⟦rotation-why|再往后走 k 个位置，它就转过 k·ω_i，与 pos 无关；因此同一个固定矩阵 M_k 能把每个位置的编码变成其后第 k 个位置的编码。Vaswani 等（2017）正是看中这一性质才选了这个公式：他们的假设是，这能让模型轻松学会按相对位置分配注意力，因为像“往回数三个词”这样的规则此时就是一个线性映射，在每个位置都相同。⟧公式只是让这条规则能够表达出来；训练好的模型是否真的学到了它，是另一回事。本节显示的误差来自浮点舍入，不是近似。有些教材沿用论文的顺序，先写正弦值，同一次旋转就写成 [[cos kω_i, sin kω_i], [−sin kω_i, cos kω_i]]，即 M_k 的转置：交换两个坐标相当于把平面镜像翻转，镜像会把逆时针变成顺时针。把向量写成行向量、从右边乘矩阵（x·R）的教材也写成转置，表示的仍是同一次逆时针旋转。两种写法都对。";
    RotationElsewhere => "The same k from another position", "同样的 k，换一个起点";
    Play => "Play", "播放";
    Pause => "Pause", "暂停";
    ErrorLabel => "error", "误差";
    AngleLabel => "angle k·ω_i", "转角 k·ω_i";
    // Add versus concatenate panel.
    CombineTitle => "Add or concatenate?", "相加还是拼接？";
    CombineText => "The original Transformer adds the position vector to the word vector instead of appending it. Adding keeps the width at d_model, so every later matrix stays the same size; in hundreds of dimensions there is room for both signals to coexist, and the learned projections can pull them apart again. Concatenating keeps them separate by construction but makes the matrix that reads them wider. How loud each part is depends on the scale: see the note \"Why √d_model?\".",
                     "原始 Transformer 把位置向量加到词向量上，而不是拼接在后面。相加让维数保持为 d_model，后面的每个矩阵都不必变大；在几百维的空间里，两种信号有足够的余地共存，学到的投影还能把它们重新分开。拼接从结构上就把两者分开，代价是读取它们的矩阵更宽。两部分各占多大分量取决于缩放，见说明“为什么要乘 √d_model？”。";
    RowEmbedding => "word embedding", "词向量";
    RowPosition => "position encoding", "位置编码";
    RowSum => "sum (add)", "相加";
    RowConcat => "concatenation", "拼接";
    WidthLabel => "width", "维数";
    ProjectionLabel => "next projection's weights", "下一个投影矩阵的参数量";
    ShareLabel => "position's share of |x|² + |p|², that is |p|² / (|x|² + |p|²) (the cross term 2x·p left out): ",
                  "位置编码在 |x|² + |p|² 中的占比，即 |p|² / (|x|² + |p|²)（不计交叉项 2x·p）：";
    CrossCosine => "cosine of the word row and the position vector, cos(x, p): ",
                   "词向量与位置向量的余弦 cos(x, p)：";
    CrossNote => "The cross term is small when x and p are nearly orthogonal. For a row of independent random numbers, as here or at the start of training, and any fixed position vector, the cosine is typically about ±1/√d_model (0.044 at d_model = 512): in many dimensions two unrelated vectors are nearly orthogonal, so adding them mixes little. A trained table is not random, and nothing keeps its rows orthogonal to PE.",
                      "x 与 p 接近正交时，交叉项就很小。嵌入表的一行若由独立的随机数组成（这里如此，训练开始时也是如此），它与任何固定的位置向量的余弦通常约为 ±1/√d_model（d_model = 512 时为 0.044）：在高维空间里，两个互不相关的向量几乎正交，所以相加时彼此干扰很小。训练好的嵌入表并不随机，也没有任何机制保证它的行与位置编码正交。";
    ShareDrownsMeaning => "position drowns meaning", "位置淹没了词义";
    ShareDrownsPosition => "meaning drowns position", "词义淹没了位置";
    ShareBalanced => "both are visible", "两者都清晰可见";
    ScoreTitle => "A query·key score, split into four parts", "查询与键的分数，拆成四项";
    TermCc => "word·word", "词·词";
    TermCp => "word·position", "词·位置";
    TermPc => "position·word", "位置·词";
    TermPp => "position·position", "位置·位置";
    UnitInitLabel => "word table from N(0, 1) (PyTorch's default), not N(0, 1/d_model)",
                     "嵌入表按 N(0, 1) 初始化（PyTorch 默认），而非 N(0, 1/d_model)";
    ScaleReason => "Why √d_model? The paper does not say. The factor balances word and position only for a table that starts small: with N(0, 1/d_model), as in tensor2tensor (the authors' code), a row's entries are about 1/√d_model and √d_model brings them to about 1, the size of sin and cos. With PyTorch's nn.Embedding default N(0, 1) the entries are about 1 already, and √d_model makes them about √d_model (22.6 at d_model = 512) while PE's entries stay within ±1: the word drowns the position. Tick \"word table from N(0, 1)\" and watch the position's share.",
                   "为什么要乘 √d_model？论文没有说明。只有当嵌入表的初值很小时，这个因子才能让词与位置大小相当：按 tensor2tensor（作者的代码）用 N(0, 1/d_model) 初始化时，每个分量约为 1/√d_model，乘以 √d_model 后约为 1，与 sin、cos 同一量级。若按 PyTorch nn.Embedding 的默认 N(0, 1) 初始化，分量本来就约为 1，乘以 √d_model 后约为 √d_model（d_model = 512 时为 22.6），而位置编码始终在 ±1 之内：词义淹没了位置。勾选“嵌入表按 N(0, 1) 初始化”，看位置编码的占比如何变化。";
    ProjectionsLabel => "through the head's projections W_Q, W_K", "经过注意力头的投影 W_Q、W_K";
    ShiftTitle => "The same two words, moved together", "同样两个词，一起平移";
    ShiftQuery => "query", "查询";
    ShiftKey => "key", "键";
    ShiftSame => "Compared directly, the position·position term p·p is the same in every row, to rounding: a²·Σ cos(ω_i(m − n)) depends on the offset m − n alone.",
                 "不经投影直接比较时，位置·位置这一项 p·p 在每一行都相同（只差舍入误差）：a²·Σ cos(ω_i(m − n)) 只取决于偏移量 m − n。";
    ShiftDiffers => "Through projections (seeded random numbers here; learned in a real head) the position·position term p_m W_Q·p_n W_K (for a > 0) changes from row to row although the offset is the same: in general it depends on where the pair sits, not on m − n alone. Rotating the query and key after the projections closes this gap:",
                    "经过投影（这里是固定种子的随机数，真实的注意力头里则是学出来的）之后，尽管偏移量相同，位置·位置这一项 p_m W_Q·p_n W_K（a > 0 时）却逐行不同：一般来说，它取决于这对词所处的位置，而不只取决于 m − n。在投影之后再旋转查询和键，就能消除这个差别：";
    MisconceptionLabel => "Common misconception:", "常见误解：";
    MisconceptionConcat => "\"concatenating only makes the first projection larger\" or \"it doubles every layer\". Both can be true: it depends on what reads [x; p]. If one linear map brings the width back to d_model, only that map grows (the table's column \"next projection's weights\"), and then W·[x; p] = W_x·x + W_p·p is an addition again, of the word and a learned transform of its position. If [x; p] is carried as it is, every later layer reads and writes the wider vector and grows with it.",
                            "“拼接只会让第一个投影变大”，或“拼接会让每一层都翻倍”。两种说法都可能成立，要看由谁读取 [x; p]。如果紧接着用一个线性映射把维数变回 d_model，那么变大的只有这个映射（见表中“下一个投影矩阵的参数量”一列），而且 W·[x; p] = W_x·x + W_p·p 又变回了加法：词向量加上位置经过学习变换的结果。如果 [x; p] 原样往后传，后面每一层读写的都是更宽的向量，参数也随之增多。";
    MisconceptionWavelength => "\"a smaller pair index means a longer wavelength\". It is the reverse: λ_i = 2π·base^(2i/d_model) grows with i, so pair 0 has the shortest wave (2π) and the last pair the longest. The chart \"A ladder of wavelengths\" shows it: move i and the marked rung climbs.",
                               "“维度对的编号越小，波长越长”。恰恰相反：λ_i = 2π·base^(2i/d_model) 随 i 增大，第 0 对的波长最短（2π），最后一对最长。“波长阶梯”图就能看出来：增大 i，标出的那一级随之升高。";
    MisconceptionLearned => "\"a learned position table is better than the formula\". Vaswani et al. tried both and found \"nearly identical results\" (Table 3, row E); BERT and GPT-2 use learned tables, but their papers do not show that it works better. Within the training length the paper's one comparison found them alike (English–German development set: BLEU 25.7 learned, 25.8 sinusoidal); beyond it (the chart \"cos(PE(p), PE(p − 1))\") the learned table has no rows at all.",
                            "“可学习位置表比正弦公式更好”。Vaswani 等（2017）两种都试过，结果“几乎相同”（表 3 第 E 行）；BERT 和 GPT-2 用的是可学习位置表，但它们的论文并没有表明它效果更好。在训练长度之内，论文唯一的一次对比显示两者相当（英德开发集上的 BLEU 分数分别为 25.7 和 25.8，前者为可学习位置表）；超出训练长度（见图“cos(PE(p), PE(p − 1))”），可学习位置表根本没有对应的行。";
    Hide => "Hide", "收起";
    MisconceptionRope => "\"attention with RoPE is (nearly) unchanged when a circular sequence is rotated\". What RoPE guarantees is that moving both positions by the same amount along the sequence leaves the score unchanged. On a circle of N positions the last and the first are neighbours, but RoPE sees them N − 1 apart; the two readings agree only if every pair turns a whole number of times in N positions, and pair 0, which turns θ_0 = 1 radian per position, never does in a whole number of positions.",
                            "“用了 RoPE，把环形序列循环平移后注意力（几乎）不变”。RoPE 保证的是：沿着序列把两个位置移动同样的距离，分数不变。在 N 个位置首尾相接的环上，最后一个位置和第一个位置是相邻的，RoPE 却认为它们相距 N − 1；只有每一对维度在 N 个位置内都恰好转整数圈，两种看法才一致，而第 0 对每个位置转 θ_0 = 1 弧度，在整数个位置内永远转不出整数圈。";
    // Saturation panel.
    SaturationTitle => "How loud should position be?", "位置编码该有多强？";
    SaturationText => "The same toy attention head reads \"the cat sat on the mat\" with the position encoding multiplied by a. At a = 0 the words alone decide where each word looks. ⟦amp-why|As a grows, the position terms take over the scores, the softmax sharpens, and each row of attention narrows onto a single position: the entropy falls (towards 0 as a grows without bound; the slider stops at 8) and the words matter less and less.⟧ Useful encodings sit between the two. (Entropy is measured in nats, with natural logarithms: a row spread evenly over the six words has ln 6 ≈ 1.79, a row on one word 0.) The original Transformer divides every score by √d_k against the same collapse: its authors suspected that large dot products push the softmax into regions where it has extremely small gradients (for q and k with independent entries of mean 0 and variance 1, q·k has variance d_k).",
                      "同一个简化的注意力头读取“the cat sat on the mat”，只是位置编码先乘以 a。a = 0 时，每个词关注哪里完全由词本身决定。⟦amp-why|a 越大，位置项在注意力分数中越占主导，softmax 越尖锐，每一行注意力越来越集中到单个位置上：熵不断下降（a 无限增大时趋近于 0；滑块最大到 8），词本身的作用越来越小。⟧有用的编码介于这两种极端之间。（熵以奈特为单位，即用自然对数计算：平均分布在六个词上的一行，熵为 ln 6 ≈ 1.79；全部落在一个词上的一行，熵为 0。）原始 Transformer 把每个分数除以 √d_k，防的也是这种塌缩：作者推测，点积过大会把 softmax 推到梯度极小的区域（q 和 k 的分量若相互独立、均值为 0、方差为 1，q·k 的方差就是 d_k）。";
    SaturationEntropy => "mean attention entropy (nats)", "平均注意力熵（奈特）";
    SaturationWeights => "attention weights, query word by key word", "注意力权重：作为查询的词 × 作为键的词";
    SaturationCaveat => "A simplification: this toy head reads the sum √d·E + a·PE as it is, so the position terms of its scores grow with a without limit. Most real models rescale before attention: BERT normalises the sum of its embeddings (LayerNorm) before the first layer, and GPT-2 normalises the input of every attention block. There the input's overall size is reset, so a changes only the mix of word and position and cannot make the scores grow without limit. The original Transformer did not: as its paper describes it, each sublayer's output is LayerNorm(x + Sublayer(x)), so its first attention reads the raw sum of embedding and position encoding, and there the amplitude matters as shown here.",
                        "需要说明的是：这个简化的注意力头直接读取 √d·E + a·PE 这个和，所以分数中的位置项会随 a 无限增大。大多数真实模型在注意力之前会先重新缩放：BERT 在第一层之前对嵌入之和做层归一化（LayerNorm），GPT-2 则在每个注意力块的输入处做层归一化。这样一来，输入的整体大小被重置，a 只改变词与位置各占的比例，不能让分数无限增大。原始 Transformer 没有这样做：按论文的描述，每个子层的输出是 LayerNorm(x + Sublayer(x))，所以它的第一层注意力读到的是词向量与位置编码未经归一化的和，幅度的作用正如这里所示。";
    // Dot-product panel.
    DotTitle => "Dot products depend only on the distance", "点积只取决于距离";
    DotText => "Multiply the encodings of two positions m and n: each pair contributes sin·sin + cos·cos = cos(ω_i(m − n)), so the sum depends on m − n alone. The square map shows every pair of positions (scaled by d_model/2, so the diagonal is 1): its stripes run parallel to the diagonal. The curve is that one function of the offset. It is highest at offset 0, where every pair adds cos 0 = 1, and no other whole offset reaches that value. With one pair (d_model = 2) it is cos(m − n) itself, a wave that keeps coming back close to its peak; with more pairs the fast pairs' cosines fall out of step away from 0 and the curve stays lower, and a larger base keeps the slower pairs near 1 for longer. This section's read-outs compare the same k from pos and from 0. That the product cannot tell before from after does not stop a trained model: its score for positions m and n is (PE(m)·W_Q)·(PE(n)·W_K), and W_Q·W_Kᵀ need not be symmetric; a causal mask also hides every later key.",
                "把位置 m 和 n 的编码做点积：每一对维度贡献 sin·sin + cos·cos = cos(ω_i(m − n))，所以总和只取决于 m − n。方形的图画出所有位置对的点积（除以 d_model/2，使对角线为 1），条纹都与对角线平行。那条曲线就是这个关于偏移量的函数。它在偏移量 0 处最大，因为每一对都贡献 cos 0 = 1；其他任何整数偏移量都达不到这个值。只有一对维度（d_model = 2）时，曲线就是 cos(m − n) 本身，一条反复回到峰值附近的波；维度对更多时，离开 0 之后高频维度对的余弦彼此错开，曲线就低下来，而底数越大，低频维度对保持在 1 附近的距离就越长。本节的读数比较从 pos 出发和从 0 出发的同一个 k。点积分不出先后，并不妨碍训练好的模型分出先后：位置 m 与 n 的分数是 (PE(m)·W_Q)·(PE(n)·W_K)，而 W_Q·W_Kᵀ 不必对称；因果掩码也会遮住后面所有的键。";
    AxisOffset => "offset m − n", "偏移量 m − n";
    DotSymmetric => "The curve is symmetric about 0: PE(m)·PE(n) = PE(n)·PE(m), so the offsets −k and +k give the same dot product (the first two read-outs). The dot product tells how far apart two positions are, not which of them comes first: distance, not direction.",
                    "这条曲线关于 0 对称：PE(m)·PE(n) = PE(n)·PE(m)，偏移量 −k 和 +k 的点积完全相同（见前两个读数）。点积只说明两个位置相距多远，却分不出哪个在前、哪个在后：它反映距离，不反映方向。";
    AxisDotScaled => "dot product ÷ (d_model/2)", "点积 ÷ (d_model/2)";
    DotOrthogonal => "Compare a table whose rows are all orthogonal to each other, such as one-hot positions (possible for at most d_model positions): the dot product of two positions is then the row's squared norm for the same position and 0 for any other, so it tells same from different and nothing about how far apart they are. The sinusoids' dot product is a function of the offset, so it carries the distance. A trained table is neither orthogonal nor a function of the offset alone: the real-data panel shows one whose neighbouring rows are alike.",
                     "对比一张各行两两正交的表，例如独热编码的位置（最多只能有 d_model 个位置）：两个位置的点积，位置相同时是该行范数的平方，位置不同时一律为 0，它只能区分相同与不同，看不出两者相距多远。正弦位置编码的点积是偏移量的函数，所以带有距离的信息。训练得到的表既不正交，也不只是偏移量的函数：真实模型一节展示的表中，相邻的行彼此相似。";
    // Frequencies panel.
    FrequencyTitle => "A ladder of wavelengths", "波长阶梯";
    FrequencyText => "Each pair turns at its own speed: pair 0 completes a turn every 2π ≈ 6.3 positions, each next pair a fixed factor more slowly, up to 2π·base^((d_model−2)/d_model) for the last. The paper rounds that to 2π·base; it is less, by a factor that shrinks as d_model grows (with base 10 000: about 54 400 positions at d_model = 128, 19 900 at d_model = 16, against 62 832). Fast pairs tell neighbouring positions apart; slow pairs change so little across a sentence that they act like a smooth measure of where in a long text a word is. The span of scales is what lets one vector serve both near and far.",
                      "每一对维度以自己的速度旋转：第 0 对每 2π ≈ 6.3 个位置转一圈，之后每一对都按固定倍数变慢，直到最后一对的 2π·base^((d_model−2)/d_model) 个位置。论文把它近似为 2π·base，实际值要小一些，相差的倍数随 d_model 增大而缩小（底数为 10000 时：d_model = 128 约为 54400 个位置，d_model = 16 约为 19900 个，而 2π·base 为 62832）。高频维度对区分相邻的位置；低频维度对在一句话里几乎不变，像一把平滑的标尺，量出一个词处在长文本的哪一段。正是这种跨越多个数量级的尺度，让同一个向量既能分辨近处，也能顾及远处。";
    FrequencySlowPairs => "{slow} of {pairs} pairs have a wavelength longer than the sequence (length {length}): they never complete a turn in it.",
                          "{pairs} 对中有 {slow} 对的波长超过序列长度（{length}）：它们在整个序列内转不满一圈。";
    AxisPair => "pair i", "第 i 对";
    FrequencyReference => "Green line: the same ladder with the paper's base 10 000, for comparison.", "绿线：论文底数 10000 下的同一阶梯，用于对比。";
    FrequencyLengthLine => "sequence length = {length}", "序列长度 = {length}";
    // Word-order panel.
    OrderTitle => "Without position, word order is invisible", "没有位置，就分不出词序";
    OrderText => "Self-attention compares every word with every other word, but nothing in it says where a word stands. ⟦order-why|Swap two words and each word still sees the same set of neighbours, so its output is the same row, only in another place; averaged over the sentence, \"dog bites man\" and \"man bites dog\" become the same vector. Add the position encoding and the two sentences finally differ.⟧ Position can enter in four places, and this course visits each: added to the input as a vector (the sinusoids, a learned table), as a rotation of the query and key (RoPE), as a bias on the scores (ALiBi, T5), or only through the causal mask, which hides later words (no encoding at all: NoPE).",
                  "自注意力让每个词与其他所有词比较，但其中没有任何信息说明一个词在哪个位置。⟦order-why|交换两个词，每个词看到的仍是同一组邻居，所以它的输出还是同一行，只是换了地方；对整句取平均后，“狗咬人”和“人咬狗”得到同一个向量。加上位置编码，两句话才有了区别。⟧位置信息可以从四个地方进入模型，本课程逐一介绍：作为向量加到输入上（正弦位置编码、可学习位置表），旋转查询和键（RoPE），给分数加偏置（ALiBi、T5），或者只靠遮住后面词的因果掩码（完全不用位置编码：NoPE）。";
    OrderPairLabel => "sentences", "句子";
    OrderPeLabel => "add positional encoding", "加上位置编码";
    OrderDifference => "largest difference between the two sentence vectors", "两个句向量之间的最大差值";
    OrderExactlyZero => "exactly zero", "恰好为零";
    OrderRowsPermuted => "the per-word outputs are the same rows in another order", "每个词的输出还是那几行，只是顺序不同";
    OrderRowsDiffer => "the per-word outputs differ, not just their order", "每个词的输出本身就不同，不只是顺序变了";
    // Table of contents.
    Contents => "Contents", "目录";
    // The glossary's search (ui/course.rs; the course's fixed words are in page_words.rs).
    GlossaryShown => "Terms holding every word typed: {n}", "{n} 个术语包含所输入的全部词语";
    // Embedding lookup panel.
    EmbedTitle => "From a word to the vector the model reads", "从一个词到模型读入的向量";
    EmbedText => "A token is only an id. The id picks one row of the embedding table (highlighted), in a trained model a vector learned for that word; here seeded random numbers stand in for it. The original Transformer multiplies the row by √d_model (the paper gives no reason: see the note in the add-or-concatenate panel), then adds PE of the token's position. The sum is all the first layer sees: meaning and place in one vector. Click a word to follow it.",
                  "词元（token）只是一个编号。编号选中嵌入表中的一行（高亮显示）；在训练好的模型里，这一行是为该词学到的向量，这里用固定种子的随机数代替。原始 Transformer 把这一行乘以 √d_model（论文没有说明原因，见“相加还是拼接？”一节的说明），再加上该词元所在位置的位置编码 PE。这个和就是第一层看到的全部：词义和位置合在同一个向量里。点击一个词，跟着它走一遍。";
    EmbedTable => "embedding table (seeded random numbers, not trained): one row per vocabulary word", "嵌入表（固定种子的随机数，未经训练）：词表中每个词一行";
    EmbedRow => "E[id], the word's row", "E[id]：该词所在的行";
    EmbedScaled => "× scale", "× 缩放因子";
    EmbedPosition => "PE(pos)", "位置编码 PE(pos)";
    EmbedInput => "= input to the first layer", "= 第一层的输入";
    EmbedStrips => "the four vectors of the path, top to bottom: E[id], E[id] × scale, PE(pos), and the sum of the last two, the input to the first layer; one cell per dimension (first 64)", "这条路径上的四个向量，自上而下依次是 E[id]、E[id] × 缩放因子、PE(pos) 以及后两者之和（第一层的输入）；每格一维（前 64 维）";
    EmbedToken => "token", "词元";
    EmbedId => "id", "编号";
    EmbedScaleValue => "scale", "缩放因子";
    // Extrapolation panel.
    ExtrapTitle => "Beyond the training length", "超出训练长度之后";
    ExtrapText => "A learned position table has one trained row per position up to the length it was trained on, N_train⟦extrap-why|, and nothing after it⟧. ⟦extrap-why|A model must then either stop or reuse a row; reusing the last one makes every later position identical, so order beyond N_train is lost.⟧ The formula has no end: it keeps producing new, distinct vectors, and their similarities keep the same pattern as inside the training range. That is not the same as extrapolation, a trained model working on inputs longer than it was trained on: Vaswani et al. only wrote that the formula \"may\" allow it, and Press et al. (2022) found that such models do not extrapolate efficiently. ALiBi (the chapter \"The other schemes\") was designed to: a model trained on short inputs is run on longer ones as it is. The scalings of RoPE (the lab in the RoPE panel) come with more training or without it: position interpolation fine-tunes the scaled model briefly on long texts, and so does YaRN's paper, and Llama 3.1 reached its 128K context by continued pre-training; but Qwen2.5's documentation turns on YaRN ×4 for its released models by adding a rope_scaling entry to config.json, with no training, and dynamic NTK scaling, which changes the frequencies with each input's length, is meant for use with no training at all. The learned table here is random, as at the start of training (GPT-2's N(0, 0.01²)); the real-data panel shows a trained one.",
                   "可学习位置表只为训练长度 N_train 以内的每个位置各训练了一行⟦extrap-why|，之后就什么也没有⟧。⟦extrap-why|这时模型要么无法继续，要么复用某一行；复用最后一行会让之后的所有位置完全相同，N_train 之后的词序就丢失了。⟧公式没有尽头：它不断给出新的、互不相同的向量，而且这些向量之间的相似度保持着与训练范围内相同的规律。但这还不等于外推（外推指训练好的模型能处理比训练时更长的输入）：Vaswani 等（2017）只说这个公式“可能”做到这一点，而 Press 等（2022）发现这类模型并不能有效地外推。ALiBi（见“其他方案”一章）正是为外推设计的：在短输入上训练的模型，原样用于更长的输入。RoPE 的各种缩放方法（见 RoPE 一节的实验）有的配合继续训练，有的不用：位置插值在缩放之后还要用长文本对模型做一小段微调，YaRN 论文也这样做，Llama 3.1 靠继续预训练才达到 128K 的上下文；而 Qwen2.5 的文档让用户只需在已发布模型的 config.json 中加一项 rope_scaling 即可启用 YaRN ×4，无需训练；动态 NTK 缩放按每个输入的长度调整频率，本来就是设计成完全不经训练即可使用的。这里的可学习位置表是随机的，相当于刚开始训练时的状态（GPT-2 的 N(0, 0.01²)）；真实模型一节展示的是一张训练好的表。";
    ExtrapSinusoidal => "sinusoidal: cosine similarity of positions", "正弦位置编码：各位置之间的余弦相似度";
    ExtrapLearned => "learned, last row reused: cosine similarity", "可学习位置表（复用最后一行）：余弦相似度";
    ExtrapNeighbour => "cos(PE(p), PE(p − 1)): each position against the one before", "cos(PE(p), PE(p − 1))：每个位置与前一个位置的余弦相似度";
    ExtrapLearnedLegend => "learned (last row reused)", "可学习位置表（复用最后一行）";
    ExtrapSinusoidalRange => "sinusoidal, every p", "正弦位置编码，所有 p";
    ExtrapLearnedBeyond => "learned, p ≥ N_train", "可学习位置表，p ≥ N_train";
    ExtrapMissing => "asking the learned table for position {pos}", "向可学习位置表取位置 {pos} 的向量";
    ExtrapMissingAnswer => "no row: the table has rows 0 to {last}", "没有这一行（表中只有第 0 到第 {last} 行）";
    ExtrapSampled => ". The matrices show one position in {stride}: 0, {stride}, …, {pick}", "。矩阵中每 {stride} 个位置取一个：0, {stride}, …, {pick}";
    ExtrapShown => "positions 0 to {last} (twice N_train); the line marks N_train", "位置 0 到 {last}（N_train 的两倍）；图中的线标出 N_train";
    // RoPE panel.
    RopeTitle => "RoPE: rotate the query and the key", "RoPE：旋转查询和键";
    RopeText => "Rotary embedding adds nothing to the word vector. It turns each pair of dimensions of the query by m·θ_i and of the key by n·θ_i, with θ_i = base^(−2i/d) as in the sinusoidal formula. Here the query and key stand for one attention head, d = d_model wide. In a real model d is the rotated width of one head, and every head uses the same angles: Llama 2 7B rotates all 128 dimensions of each head, so θ₁ = 0.866 (not 0.9955, which d = 4 096 would give), and some models rotate only part of each head (GPT-NeoX-20B a quarter of it, DeepSeek-V3 64 dimensions). ⟦rope-why|The turns keep each pair's length, so in the dot product they change only the angle between the query's pair and the key's, and after both turns that angle has changed by (m − n)·θ_i: the score depends on the offset and not on where the pair stands. Move m and n together and the score does not change; move them apart and it does.⟧ Only the query and the key turn, never the value: position shapes the attention weights, not what they mix. A model that caches keys stores them already turned (as Llama's reference code does), so a new token turns only its own query and key. How the score changes with the distance depends on q and k themselves: this section's chart of the score against the distance |m − n| shows it for a query and key that point the same way.",
                 "旋转位置编码（RoPE）不往词向量上加任何东西。它把查询的每一对维度旋转 m·θ_i，把键的每一对维度旋转 n·θ_i，θ_i = base^(−2i/d)，与正弦位置编码的公式相同。这里的查询和键代表一个注意力头，其维数 d 等于 d_model。在真实模型中，d 是一个头里参与旋转的维数，而且每个头用同一组角度：Llama 2 7B 每个头的 128 维都旋转，所以 θ₁ = 0.866（若按 d = 4096 计算则是 0.9955）；有些模型只旋转每个头的一部分（GPT-NeoX-20B 旋转四分之一，DeepSeek-V3 旋转 64 维）。⟦rope-why|旋转不改变每对维度的范数，因此在点积中只改变查询与键对应维度对之间的夹角；两次旋转之后，这个夹角改变了 (m − n)·θ_i：分数只取决于偏移量，与这对词元所处的位置无关。让 m 和 n 一起移动，分数不变；让它们分开，分数就变。⟧只有查询和键会旋转，值不旋转：位置只影响注意力权重，不影响被加权混合的内容。缓存键的模型存的是已经旋转过的键（Llama 的参考代码就是这样），所以新来的词元只需旋转自己的查询和键。分数随距离怎样变化，取决于 q 和 k 本身：本节中分数随距离 |m − n| 变化的图给出的是查询和键方向相同时的情形。";
    RopePlane => "pair i of q and k: dashed before, solid after rotation", "q 与 k 的第 i 对维度：虚线为旋转前，实线为旋转后";
    RopeDecay => "against the distance |m − n|: the score when the query and key point the same way, q = k = (1, 1, …, 1), and RoFormer's upper bound on |score|, each divided by its value at distance 0",
                 "随距离 |m − n| 的变化：查询和键方向相同（q = k = (1, 1, …, 1)）时的分数，以及 RoFormer 给出的 |分数| 上界，均除以各自在距离 0 处的值";
    RopeLegendSame => "score for q = k = (1, …, 1)", "q = k = (1, …, 1) 时的分数";
    RopeLegendBound => "RoFormer's bound: (1/(d/2))·Σ_j |S_j|", "RoFormer 的上界：(1/(d/2))·Σ_j |S_j|";
    RopeBoundNote => "Neither curve is the average score: for a query and key drawn independently at random, the score averages 0 at every distance. For q = k each pair adds |q_pair|²·cos((m − n)θ_i). With one pair (d_model = 2) that is cos(m − n) itself, which keeps coming back close to 1; with more pairs the fast pairs' cosines soon fall out of step, which is why the first curve sinks below 1 away from distance 0. RoFormer (Su et al. 2021, §3.4.3) bounds the size of the score for any q and k: |score| ≤ max_i |h_(i+1) − h_i| · Σ_j |S_j|, where S_j = Σ_(i<j) exp(√−1·(m−n)θ_i) (√−1 the imaginary unit, i the pair) and h_i is pair i of q times the conjugate of pair i of k, each pair read as a complex number (h_(d/2) = 0). Only Σ_j |S_j| depends on the distance; divided by d/2 it is RoFormer's relative bound, and the second curve is that divided by its value at distance 0, as the first is. So the two curves can cross: the bound limits the size of the score, not these normalised values. A bound that falls allows smaller scores far away; it does not make them smaller.",
                     "两条曲线都不是平均分数：查询和键若各自独立随机取，在任何距离上分数的平均值都是 0。q = k 时，每对维度贡献 |q_pair|²·cos((m − n)θ_i)。只有一对维度（d_model = 2）时，这就是 cos(m − n) 本身，会反复回到 1 附近；维度对更多时，高频维度对的余弦很快彼此错开，所以离开距离 0 之后，第一条曲线落到 1 以下。Su 等（2021）在 RoFormer 中（§3.4.3）对任意 q 和 k 给出了分数大小的上界：|分数| ≤ max_i |h_(i+1) − h_i| · Σ_j |S_j|，其中 S_j = Σ_(i<j) exp(√−1·(m−n)θ_i)（√−1 是虚数单位，i 是维度对的编号），h_i 是把每对维度看作一个复数后，q 的第 i 对乘以 k 的第 i 对的共轭（h_(d/2) = 0）。其中只有 Σ_j |S_j| 随距离变化，除以 d/2 就是 RoFormer 的相对上界；第二条曲线是它再除以距离 0 处的值，与第一条曲线的做法相同。所以两条曲线可能相交：上界限制的是分数的大小，而不是这些归一化后的值。上界随距离下降，只说明远处的分数可以更小，并不保证它一定更小。";
    // `{link}` is where the RoPE panel puts its link to the add-versus-concatenate panel.
    RopeAfterProjections => "RoPE rotates the query and the key after the projections W_Q and W_K, so the positions enter the score only through the offset m − n, which a position vector added before the projections does not guarantee. To see that gap, switch the projections on in:",
                            "RoPE 在投影 W_Q、W_K 之后才旋转查询和键，所以位置只以偏移量 m − n 的形式进入分数；而在投影之前加上的位置向量保证不了这一点。要看到这个差别，可在这一节中勾选投影：";
    RopePairsLabel => "which dimensions form a pair", "哪两维配成一对";
    RopePairsInterleaved => "pairs (2i, 2i+1)", "维度对 (2i, 2i+1)";
    RopePairsSplit => "pairs (i, i + d/2)", "维度对 (i, i + d/2)";
    RopeDiagram => "which dimensions rotate together (16 dimensions shown)", "哪些维度一起旋转（显示 16 维）";
    RopeScore => "score q_m·k_n at m = {m}, n = {n}", "m = {m}，n = {n} 时的分数 q_m·k_n";
    RopeScoreOrigin => "the same offset from 0: q_(m−n)·k_0", "从 0 出发的同一偏移量：q_(m−n)·k_0";
    RopeTogether => "move m and n together", "让 m 和 n 一起移动";
    RopeApart => "move n away from m", "让 n 远离 m";
    AxisDistance => "distance |m − n|", "距离 |m − n|";
    AxisRelativeToZero => "÷ value at distance 0", "÷ 距离 0 处的值";
    AxisScore => "score", "分数";
    // ALiBi panel.
    AlibiTitle => "ALiBi: a penalty for distance instead of a position vector", "ALiBi：用距离惩罚代替位置向量";
    AlibiText => "ALiBi adds no vector either. Each attention head subtracts slope × distance from every score, so a key one step further back loses a fixed amount. ⟦alibi-why|Every head has its own slope: steep heads look only at the last few tokens, gentle heads much further back. For n heads, n a power of two, the slopes are 2^(−8/n), 2^(−16/n), …, 2^(−8), falling in equal ratios.⟧ For other n the paper's code takes the slopes for p heads, p the largest power of two below n, then every other slope for 2p heads (the 1st, 3rd, …) until there are n, so they no longer fall in order: try 12 heads. Press et al. name this inductive bias towards recency as what lets ALiBi outperform other position methods: in every head the penalty grows with the distance, so far keys count less and less. Having nothing learned and no end is not enough on its own: the sinusoidal encoding has neither, and it did not extrapolate in their tests (their Figure 1). ALiBi shares RoPE's goal, a score that depends on how far apart the query and key are, not its mechanism: RoPE turns the query and key, ALiBi subtracts a fixed penalty. And a flat perplexity past the training length is not proof that the longer context is used: Press et al. trace most of the gain to the first tokens of each evaluated window getting more context, and write that ALiBi \"might not be using contexts longer than the ones it was trained on\".",
                  "ALiBi 同样不加任何向量。每个注意力头从每个分数中减去“斜率 × 距离”，所以键每往回远一步，分数就多扣一个固定值。⟦alibi-why|每个头有自己的斜率：斜率陡的头只看最近的几个词元，斜率缓的头能看到远得多的地方。头数 n 是 2 的幂时，斜率依次为 2^(−8/n)、2^(−16/n)、…、2^(−8)，按相同比例递减。⟧n 不是 2 的幂时，论文的代码先取 p 个头的斜率（p 是小于 n 的最大的 2 的幂），再从 2p 个头的斜率中隔一个取一个（第 1、3、…个），直到凑满 n 个，因此斜率不再依次递减：试试 12 个头。Press 等（2022）指出，正是这种偏向近处的归纳偏置让 ALiBi 胜过其他位置编码方法：每个头的惩罚都随距离增大，越远的键权重越小。仅仅没有要学习的参数、也没有终点，并不足以外推：正弦位置编码同样如此，在他们的实验中却不能外推（论文图 1）。ALiBi 与 RoPE 的目标相同，都是让分数取决于查询和键相距多远，但机制不同：RoPE 旋转查询和键，ALiBi 减去一个固定的惩罚。超出训练长度后困惑度不上升，也不能证明它用上了更长的上下文：Press 等（2022）发现，收益主要来自每个评估窗口开头的词元得到了更多上文，并写道 ALiBi“可能并没有利用比训练时更长的上下文”。";
    AlibiSlopes => "slope of each head", "每个头的斜率";
    AlibiBias => "bias of the chosen head, query by key (later keys masked)", "所选头的偏置：查询 × 键（之后的键被掩码屏蔽）";
    AlibiRow => "attention of query pos over keys 0…pos, with equal content scores", "查询 pos 对键 0…pos 的注意力（内容分数都相同）";
    AlibiWithout => "without bias", "不加偏置";
    AlibiWith => "with ALiBi", "加上 ALiBi";
    AlibiStep => "weight ratio of neighbouring keys", "相邻两个键的权重之比";
    DotScaled => "the same ÷ (d_model/2): the curve at k", "同一个值 ÷ (d_model/2)：曲线在 k 处的值";
    DotSampled => "More positions than pixel rows: each cell is the mean over {} × {} pairs of positions. The read-outs are exact.",
                  "位置数多于像素行数：每个格子是 {} × {} 个位置对的平均值。读数都是精确值。";
    RopeOnCurve => "the marked point (q = k, at |m − n|, ÷ its value at 0)", "标出的点（q = k，距离 |m − n|，除以距离 0 处的值）";
    AlibiExpected => "e^(−slope): softmax of a score lowered by the slope", "e^(−斜率)：分数减去斜率后经 softmax 得到的比值";
    AxisHead => "head", "头";
    AxisSlope => "slope", "斜率";
    AxisKey => "key position", "键的位置";
    AxisQuery => "query position", "查询的位置";
    AxisWeight => "weight", "权重";
    NTrainLabel => "training length", "训练长度";
    RopeMLabel => "query position", "查询的位置";
    RopeNLabel => "key position", "键的位置";
    HeadsLabel => "number of attention heads", "注意力头数";
    HeldValue => "back to {v} when it fits", "放得下时回到 {v}";
    HeadLabel => "head shown", "当前显示的头";
    WordsLabel => "words compared", "参与比较的词";
    // Real-data panel.
    RealTitle => "A real model: learned positions beside the formula", "真实模型：可学习位置表与公式对照";
    RealText => "The earlier chapters use formulas, or random numbers for an untrained table. Here are the tables of a trained model, all-MiniLM-L6-v2: a small BERT-style sentence encoder of width 384 that learned one vector for each of 512 positions. They (427 KB) are downloaded only when this section comes into view.",
                "前面各章用的是公式，未训练的表则用随机数代替。这里是一个训练好的模型 all-MiniLM-L6-v2 的真实表格：它是一个模型维度为 384 的小型 BERT 式句子编码器，为 512 个位置各学习了一个向量。这些表格（427 KB）只在本节滚动到屏幕上时才下载。";
    RealCredit => "Data: the embedding tables of sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0 licence), rounded to float16.", "数据：sentence-transformers/all-MiniLM-L6-v2 的嵌入表（Apache-2.0 许可），舍入为 float16。";
    RealRawTables => "These are the model's raw tables, its parameters embeddings.position_embeddings and embeddings.word_embeddings. Inside the model each input vector is the sum of a word vector, a position vector and a token-type (segment) vector, which tells a first sentence from a second, and that sum is normalised by LayerNorm before the first layer. The pictures and sums here leave out both the token-type vector and the LayerNorm.",
                     "这里显示的是模型的原始参数表（embeddings.position_embeddings 和 embeddings.word_embeddings）。在模型内部，每个输入向量是词向量、位置向量和片段向量（token type embedding）三者之和，片段向量用来区分第一句和第二句；这个和在进入第一层之前还要经过层归一化（LayerNorm）。这里的图和求和既没有加片段向量，也没有做层归一化。";
    RealWaiting => "The tables load when this section is on screen.", "本节出现在屏幕上时才加载表格。";
    RealLoading => "Downloading the model's tables…", "正在下载模型的表格……";
    RealReady => "Loaded: 512 position vectors and 57 word vectors ({kb} KB).", "已加载：512 个位置向量和 57 个词向量（{kb} KB）。";
    RealFailed => "The model's tables could not be loaded ({reason}). Everything else on the page works without them; reload the page to try again.", "模型的表格未能加载（{reason}）。页面上的其他内容都不依赖它们，照常可用；重新加载页面即可重试。";
    RealHttp => "the server answered {status}", "服务器返回 {status}";
    RealWrongLength => "a damaged file: {got} bytes where {expected} were expected", "文件已损坏：应为 {expected} 字节，实际为 {got} 字节";
    RealNotFinite => "a damaged file: entry {index} is not a number", "文件已损坏：第 {index} 项不是数字";
    AxisShift => "offset k", "偏移量 k";
    RealNetwork => "no answer from the server", "服务器没有响应";
    RealSidesTitle => "Learned and sinusoidal, side by side", "可学习位置表与正弦位置编码并排对照";
    RealLearnedHeatmap => "learned (MiniLM): positions 0–511 down, dimensions 0–383 across", "可学习位置表（MiniLM）：纵向为位置 0–511，横向为维度 0–383";
    RealSinusoidalHeatmap => "sinusoidal, d_model = 384, 512 positions (the lesson's base and layout)", "正弦位置编码，d_model = 384，512 个位置（使用当前的底数和排列方式）";
    // The colour note under the two tables: {limit}, {clipped}, {share}, {largest} and {row} are
    // computed from the learned table when it is loaded (`render::heatmap::ClippedScale`).
    RealColourScale => "Colours: the learned table against the 99th percentile of its |values|, {limit}. The {clipped} cells beyond it ({share} of the table; the largest, {largest}, at position {row}) are clipped: drawn in the end colours. Against its largest |value| the rest of the table would be a nearly blank grey. The sinusoidal table against 1, the most a sine or cosine can be, so none of it is clipped.",
                       "颜色：可学习位置表以其 |值| 的第 99 百分位数 {limit} 为色标上限。超出它的 {clipped} 个格子（占全表的 {share}；最大的是位置 {row} 上的 {largest}）被截断，画成两端的颜色。若以最大的 |值| 为上限，表的其余部分几乎是一片灰。正弦位置编码以 1 为上限，即正弦和余弦的最大值，所以没有格子被截断。";
    RealColourScaleWaiting => "Colours: the learned table against the 99th percentile of its |values|, the few cells beyond it clipped to the end colours; the sinusoidal table against 1. The numbers appear here once the tables are loaded.",
                              "颜色：可学习位置表以其 |值| 的第 99 百分位数为色标上限，超出的少数格子被截断，画成两端的颜色；正弦位置编码以 1 为上限。表格加载后，这里会给出具体数值。";
    RealLearnedCosine => "learned: cosine similarity of positions (every 4th)", "可学习位置表：各位置之间的余弦相似度（每隔 4 个位置取一个）";
    RealSinusoidalCosine => "sinusoidal: cosine similarity of positions (every 4th)", "正弦位置编码：各位置之间的余弦相似度（每隔 4 个位置取一个）";
    RealOffsetCurve => "mean cos(PE(p), PE(p + k)) over all p, against the offset k", "cos(PE(p), PE(p + k)) 对所有 p 的平均值，随偏移量 k 的变化";
    RealLearnedLegend => "learned (MiniLM)", "可学习位置表（MiniLM）";
    RealPairColumn => "positions", "位置";
    RealLearnedColumn => "learned", "可学习位置表";
    SinusoidalName => "sinusoidal", "正弦位置编码";
    RealAlike => "Alike: in both tables nearby positions are, on average, more similar than distant ones; training found this in data, the formula builds it in. ⟦real-why|Not alike: the learned table ends at 511, its similarity falls only on average and unevenly, and nothing makes PE(p + k) a fixed function of PE(p).⟧",
                 "相同之处：两张表中，平均而言，相近的位置比相距远的位置更相似；训练是从数据中学到这一点的，公式则直接把它构造了进去。⟦real-why|不同之处：可学习位置表到 511 就结束了；它的相似度只是平均而言随距离下降，而且并不均匀；也没有任何机制让 PE(p + k) 成为 PE(p) 的固定函数。⟧";
    RealFitText => "Test the last point: for the shift k, fit by least squares the one linear map M (384 × 384) that best sends every PE(p) to PE(p + k), and measure what it misses: on the pairs it was fitted to, and on positions held out of the fit, which is the honest test (with 384 unknowns per output and about 500 pairs, a map can fit much of what it is given without having found a rule). ⟦real-why|For the sinusoidal table a rotation per pair does it exactly (only rounding is left), held out or not; for the learned table no map does, and it misses far more of the positions held out than of the pairs it was fitted to.⟧",
                   "检验最后一点：对偏移量 k，用最小二乘法拟合出一个线性映射 M（384 × 384），让它尽可能把每个 PE(p) 变成 PE(p + k)，再看它还差多少：既看拟合所用的位置对，也看未参与拟合的位置，后者才是真正的检验（每个输出有 384 个未知数，位置对只有约 500 个，映射即使没有找到任何规律，也能拟合出所给数据的很大一部分）。⟦real-why|对正弦位置编码，每对维度各转一个角度就能精确做到（只剩舍入误差），留出与否都一样；对可学习位置表，任何映射都做不到，而且它在留出位置上的误差比在拟合所用位置对上大得多。⟧";
    RealFitLearned => "learned: relative error of the best map, on the pairs it was fitted to", "可学习位置表：最佳映射在拟合所用位置对上的相对误差";
    RealFitHeldOut => "learned: relative error on positions held out of the fit (5 runs of positions in turn, ridge λ = 0.1)", "可学习位置表：在未参与拟合的位置上的相对误差（5 段位置轮流留出，岭正则 λ = 0.1）";
    RealFitSinusoidal => "sinusoidal: relative error of the best map", "正弦位置编码：最佳映射的相对误差";
    RealFitShift => "shift k (the lesson's k, kept within 1 to 64)", "偏移量 k（即当前的 k，限制在 1 到 64 之间）";
    RealFitClamped => "k = {k} is outside 1 to 64, so k = {used} is fitted: larger shifts leave fewer pairs (512 − k) for the 384 unknowns per dimension (from k = 128 on the map passes through every pair exactly, and its error says nothing), and k = 0 needs no map.",
                      "k = {k} 不在 1 到 64 之间，因此改为拟合 k = {used}：偏移量越大，可用的位置对（512 − k 对）越少，而每一维有 384 个未知数（从 k = 128 起，映射能精确穿过每一对，误差就什么也说明不了）；k = 0 则根本不需要映射。";
    RealFitting => "fitting… {percent}%", "正在拟合……{percent}%";
    RealWordsTitle => "Word meaning, before and after adding position", "加上位置编码前后的词义";
    RealWordsText => "Trained word vectors put related words close together. Give the first word of each pair position pos, the second position pos + k, and add the position vectors, as a transformer's input does. MiniLM's position vectors are small beside its word vectors (norm 0.47 on average, against 1.2 for its words), so meaning survives; sinusoidal ones (norm √192 ≈ 13.9) drown it unless the words are first multiplied by √384, as in the original transformer.",
                     "在训练得到的词向量中，相关的词彼此靠近。把每对词中的第一个放在位置 pos、第二个放在位置 pos + k，再像 Transformer 的输入那样加上位置向量。MiniLM 的位置向量比词向量小得多（范数平均 0.47，词向量平均 1.2），词义得以保留；正弦位置编码的向量（范数 √192 ≈ 13.9）则会淹没词义，除非像原始 Transformer 那样先把词向量乘以 √384。";
    RealWordA => "first word", "第一个词";
    RealWordB => "second word", "第二个词";
    RealWordC => "third word", "第三个词";
    RealPositions => "pos = {p}, pos + k = {q} (at most 511)", "pos = {p}，pos + k = {q}（最大 511）";
    RealWordPair => "pair", "词对";
    RealWordsAlone => "words alone", "仅词向量";
    RealWithLearned => "+ learned PE", "+ 可学习位置编码";
    RealWithSinusoidal => "+ sinusoidal PE", "+ 正弦位置编码";
    RealWithScaled => "words × √384, + sinusoidal PE", "词向量 × √384，+ 正弦位置编码";
    PanicMessage => "Something went wrong and this page stopped responding. Your settings are kept in the address: reload to carry on where you were.",
                    "出了点问题，页面停止了响应。你的设置都保存在地址中：重新加载即可从刚才的位置继续。";
    Reload => "Reload", "重新加载";
    LanguageLabel => "language", "语言";
    Show => "Show", "展开";
    LessonMode => "Lesson mode", "课堂模式";
    PresenterLabel => "Presenter view", "演示模式";
    ThemeLabel => "theme", "主题";
    ThemeAuto => "system", "跟随系统";
    ThemeLight => "light", "浅色";
    ThemeDark => "dark", "深色";
    Share => "Copy link for students", "复制学生链接";
    ShareTitle => "Share with the class", "分享给全班";
    Close => "Close", "关闭";
    StudentLink => "Link for students (no presenter view, theme or lesson step)", "学生链接（不含演示模式、主题和课堂步骤）";
    SelfStudy => "Self-study: students may run lesson mode themselves, Reveal included (otherwise their page has no lesson mode and no sharing)", "自学：学生可以自己使用课堂模式，包括“揭晓答案”（否则他们的页面没有课堂模式，也没有分享）";
    QrAlt => "QR code of the link for students", "学生链接的二维码";
    BuilderTitle => "Hide or lock for students", "对学生隐藏或锁定";
    BuilderWhat => "control or section", "控件或节";
    BuilderHide => "Hide", "隐藏";
    BuilderLock => "Lock", "锁定";
    Export => "Export", "导出";
    HiddenControls => "controls this link hides", "此链接隐藏的控件";
    LockedControls => "controls this link locks", "此链接锁定的控件";
    Locked => "Locked by this link", "已被此链接锁定";
    SvgFailed => "Exporting pictures needs a connection once: try again online.",
                 "导出图片需联网加载一次，请联网后再试。";
    CopyNumpy => "Copy as NumPy", "复制为 NumPy 代码";
    CopyPytorch => "Copy as PyTorch", "复制为 PyTorch 代码";
    CodeCopied => "Code copied", "代码已复制";
    Copied => "Link copied", "链接已复制";
    CopyFailed => "Could not copy: select the address bar and copy it", "无法复制：请选中地址栏手动复制";
    LessonStep => "Step {n} of {total}", "第 {n} 步，共 {total} 步";
    LessonPrevious => "Previous", "上一步";
    LessonNext => "Next", "下一步";
    LessonReveal => "Reveal", "揭晓答案";
    LessonRunReveal => "Train, then reveal", "先训练，再揭晓";
    LessonRunning => "Training: step {n} of {total}. The answer follows when the run has finished; Page Up stops waiting.",
                     "正在训练：第 {n} / {total} 步。训练结束后揭晓答案；按 Page Up 不再等待。";
    LessonRunStarting => "Starting the training run…", "正在开始训练……";
    LessonReset => "Reset this step", "重置本步";
    LessonExit => "Leave lesson mode", "退出课堂模式";
    LessonLoading => "Loading the lesson's questions…", "正在加载课堂问题……";
    LessonFailed => "The lesson's questions could not be loaded; reload the page to try again.",
                    "课堂问题未能加载，请重新加载页面再试。";
    LessonKeys => "Clicker keys: Page Down (or →) reveals the answer, then moves on; Page Up (or ←) first takes a reveal back, then goes back; B or . blanks the screen; N opens the teacher's notes in a window for your own screen, not the projector; Esc closes what is open, then leaves.",
                  "快捷键（翻页笔同样适用）：Page Down（或 →）先揭晓答案，再进入下一步；Page Up（或 ←）先收回已揭晓的答案，再返回上一步；B 或 . 让屏幕变黑；N 在单独的窗口中打开教师提示（放在你自己的屏幕上，不投影）；Esc 先关闭打开的窗口，再退出。";
    LessonNotes => "Teacher's notes", "教师提示";
    NoteMisconception => "The misconception it targets: ", "针对的误解：";
    NotePoint => "Point at: ", "指给学生看：";
    NoteAsk => "Ask next: ", "接着问：";
    NoteMinutes => "About {m} min in class", "课上约 {m} 分钟";
    NotesWindowTitle => "Teacher's notes · PE Explorer", "教师提示 · 位置编码探索器";
    NotesQuestion => "The question", "问题";
    NotesAnswer => "The answer", "答案";
    NotesShown => "The class sees it now.", "学生现在能看到答案。";
    NotesHidden => "The class does not see it yet: Page Down reveals it.", "学生还看不到答案：按 Page Down 揭晓。";
    NotesNext => "Next step", "下一步";
    NotesLast => "This is the last step of the lesson.", "这是本节课的最后一步。";
    NotesEnded => "Lesson mode has ended on the projected page.", "投影页面上的课堂模式已结束。";
    NotesBack => "◀ Page Up", "◀ 上一步（Page Up）";
    NotesForward => "Page Down ▶", "下一步（Page Down）▶";
    NotesKeys => "The keys here drive the projected page: Page Down (→, space) reveals, then moves on; Page Up (←) takes a reveal back, then goes back; B or . blanks the projector; Esc closes this window.",
                 "在本窗口中按键即可控制投影页面：Page Down（→ 或空格）先揭晓答案，再进入下一步；Page Up（←）先收回已揭晓的答案，再返回上一步；B 或 . 让投影变黑；Esc 关闭本窗口。";
    NotesClock => "Lesson {elapsed} of {planned} min planned · this step {step} of about {m} min",
                  "课堂已进行 {elapsed}，计划 {planned} 分钟 · 本步已用 {step}，计划约 {m} 分钟";
    NotesBlocked => "The browser blocked the notes window. Allow pop-ups for this site to keep the notes off the projector; until then they are shown here.",
                    "浏览器拦截了教师提示窗口。请允许本网站弹出窗口，这样提示就不会出现在投影上；在此之前，提示先显示在这里。";
    PickerTitle => "Choose a lesson", "选择一节课";
    PickerResume => "Continue where the lesson was left (step {n})", "从上次离开的地方继续（第 {n} 步）";
    PickerStart => "Start this lesson", "开始这节课";
    PlanLength => "{steps} steps · {minutes} min", "{steps} 步 · {minutes} 分钟";
    HandoutsLabel => "Print: ", "打印：";
    HandoutWorksheet => "worksheet", "学生练习单";
    HandoutAnswers => "answer key", "答案";
    HandoutGuide => "teacher's guide", "教师指南";
    EmbedCodeTitle => "Embed one part in a slide or a course page", "把某一部分嵌入幻灯片或课程网页";
    EmbedWhich => "Part to embed: ", "要嵌入的部分：";
    EmbedCopy => "Copy the code", "复制代码";
    EmbedCodeLabel => "The code to paste:", "要粘贴的代码：";
    EmbedNote => "The frame shows the chosen section or lab with its own controls and the values on screen now. In a frame at least 3 : 2 wide and 400 px tall, such as a 16 : 9 slide, it is laid out as a slide: its controls and its first chart fill the frame, without the explanations and the charts after it (a long table or code listing scrolls in its own area); another frame (from 320 px wide) shows all of it, and the page scrolls. In a slide, keys the frame does not need go to the slide: a clicker's Page Down and Page Up always (even from a slider), B and . unless you are typing in a box, Space, N, P and the arrows when no control has the focus. A reveal.js deck turns or blanks at once (through its postMessage API); after such a press, or a click outside the controls, the keyboard is back on the slide, so any slide software gets the next presses. Paste the code where the slide or page takes HTML.", "框中只显示所选的节或实验及其自身的控件，数值与现在屏幕上的相同。框的宽高比至少为 3 : 2、高度至少为 400 px 时（例如 16 : 9 的幻灯片），内容按幻灯片排版：控件和第一张图占满整个框，不显示说明文字和后面的图（很长的表格或代码只在各自的区域内滚动）；其他的框（宽 320 px 起）显示全部内容，整页滚动。按幻灯片排版时，框里用不到的按键会转交给幻灯片：翻页笔的 Page Down 和 Page Up 无论焦点在哪里（包括滑块）都会转交，B 和 . 只要不是在输入框中打字也会转交，空格、N、P 和方向键在没有控件获得焦点时转交。reveal.js 幻灯片会通过它的跨窗口消息接口（postMessage）立即翻页或黑屏；按过一次这样的键或点击控件以外的地方后，键盘焦点就回到幻灯片上，之后的按键任何幻灯片软件都能直接收到。把这段代码粘贴到幻灯片或网页里允许嵌入网页代码的位置即可。";
    EmbedSize => "Frame size: ", "框的大小：";
    EmbedSizeSlide => "{w} × {h} (16 : 9, a slide)", "{w} × {h}（16 : 9，幻灯片）";
    EmbedSizePage => "{w} × {h} (4 : 3, a course page)", "{w} × {h}（4 : 3，课程网页）";
    HandoutsTitle => "Printed handouts of each lesson plan", "各节课的打印材料";
    EmbedLabel => "embedded part", "嵌入的部分";
    LessonPlanLabel => "lesson plan", "教案";
    LessonStepsLabel => "lesson steps", "课堂步骤";
    NoScript => "PE Explorer needs JavaScript and WebAssembly.", "位置编码探索器需要 JavaScript 和 WebAssembly。";
}

/// The label of a parameter's control.
pub fn field_label(field: Field) -> Key {
    match field {
        Field::DModel => Key::DModelLabel,
        Field::Length => Key::LengthLabel,
        Field::Pos => Key::PosLabel,
        Field::K => Key::KLabel,
        Field::Pair => Key::PairLabel,
        Field::Base => Key::BaseLabel,
        Field::Layout => Key::LayoutLabel,
        Field::Dims => Key::DimsLabel,
        Field::Sentence => Key::SentenceLabel,
        Field::Token => Key::TokenLabel,
        Field::Scale => Key::ScaleLabel,
        Field::UnitInit => Key::UnitInitLabel,
        Field::Projections => Key::ProjectionsLabel,
        Field::Amplitude => Key::AmplitudeLabel,
        Field::Lang => Key::LanguageLabel,
        Field::OrderPair => Key::OrderPairLabel,
        Field::OrderPe => Key::OrderPeLabel,
        Field::NTrain => Key::NTrainLabel,
        Field::RopeM => Key::RopeMLabel,
        Field::RopeN => Key::RopeNLabel,
        Field::Heads => Key::HeadsLabel,
        Field::Head => Key::HeadLabel,
        Field::Words => Key::WordsLabel,
        Field::Step => Key::LessonMode,
        Field::Presenter => Key::PresenterLabel,
        Field::Theme => Key::ThemeLabel,
        Field::Lesson => Key::LessonPlanLabel,
        Field::Steps => Key::LessonStepsLabel,
        Field::Hide => Key::HiddenControls,
        Field::Lock => Key::LockedControls,
        Field::Embed => Key::EmbedLabel,
    }
}

/// A panel's title: its heading and its entry in the table of contents.
pub fn panel_title(panel: PanelId) -> Key {
    match panel {
        PanelId::WordOrder => Key::OrderTitle,
        PanelId::Embedding => Key::EmbedTitle,
        PanelId::Vector => Key::VectorTitle,
        PanelId::Heatmap => Key::HeatmapTitle,
        PanelId::Waves => Key::WavesTitle,
        PanelId::Frequencies => Key::FrequencyTitle,
        PanelId::Rotation => Key::RotationTitle,
        PanelId::DotProduct => Key::DotTitle,
        PanelId::AddConcat => Key::CombineTitle,
        PanelId::Saturation => Key::SaturationTitle,
        PanelId::Extrapolation => Key::ExtrapTitle,
        PanelId::Rope => Key::RopeTitle,
        PanelId::Alibi => Key::AlibiTitle,
        PanelId::RealData => Key::RealTitle,
    }
}

/// A panel's explanation, the paragraph under its heading.
pub fn panel_text(panel: PanelId) -> Key {
    match panel {
        PanelId::WordOrder => Key::OrderText,
        PanelId::Embedding => Key::EmbedText,
        PanelId::Vector => Key::VectorText,
        PanelId::Heatmap => Key::HeatmapText,
        PanelId::Waves => Key::WavesText,
        PanelId::Frequencies => Key::FrequencyText,
        PanelId::Rotation => Key::RotationText,
        PanelId::DotProduct => Key::DotText,
        PanelId::AddConcat => Key::CombineText,
        PanelId::Saturation => Key::SaturationText,
        PanelId::Extrapolation => Key::ExtrapText,
        PanelId::Rope => Key::RopeText,
        PanelId::Alibi => Key::AlibiText,
        PanelId::RealData => Key::RealText,
    }
}

/// The common misconception a panel refutes, shown after its demonstration.
pub fn panel_misconception(panel: PanelId) -> Option<Key> {
    match panel {
        PanelId::AddConcat => Some(Key::MisconceptionConcat),
        PanelId::Frequencies => Some(Key::MisconceptionWavelength),
        PanelId::Extrapolation => Some(Key::MisconceptionLearned),
        PanelId::Rope => Some(Key::MisconceptionRope),
        _ => None,
    }
}

/// A URL notice in the chosen language, e.g. "d_model=7 is odd; using 8".
///
/// ```
/// use pe_explorer::{i18n::{notice_text, Lang}, lesson::from_query};
/// let n = &from_query("d_model=7").notices[0];
/// assert_eq!(notice_text(Lang::En, n), "d_model=7 is odd; using 8");
/// assert_eq!(notice_text(Lang::Zh, n), "d_model=7 是奇数；改用 8");
/// ```
pub fn notice_text(lang: Lang, notice: &Notice) -> String {
    let why = match notice.reason {
        Reason::Malformed => Key::ReasonMalformed,
        Reason::NotWhole => Key::ReasonNotWhole,
        Reason::Odd => Key::ReasonOdd,
        Reason::TooSmall => Key::ReasonTooSmall,
        Reason::TooLarge => Key::ReasonTooLarge,
        Reason::BeyondDependent => Key::ReasonBeyond,
        Reason::Rounded => Key::ReasonRounded,
        Reason::Repeated => Key::ReasonRepeated,
    };
    let (space, semicolon) = match lang {
        Lang::En => (" ", "; "),
        Lang::Zh => (" ", "；"),
    };
    // `none` is a word of the link, not of the page: said in the reader's language beside it.
    let used = match notice.used.as_str() {
        "none" => lang.t(Key::NoneValue),
        used => used,
    };
    let mut text = format!(
        "{}={}{space}{}{semicolon}{} {used}",
        notice.field.symbol(),
        notice.given,
        lang.t(why),
        lang.t(Key::Using),
    );
    if matches!(notice.field, Field::Hide | Field::Lock) && notice.reason == Reason::Malformed {
        text += semicolon;
        text += lang.t(Key::ValidNames);
        text += &crate::lesson::query::valid_names(notice.field);
    }
    if notice.field == Field::Lesson && notice.reason == Reason::Malformed {
        text += semicolon;
        text += lang.t(Key::ValidNames);
        let plans: Vec<&str> = crate::lesson::playlist::PlanId::ALL
            .iter()
            .map(|p| p.code())
            .collect();
        text += &plans.join(", ");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_both_languages() {
        for key in Key::ALL {
            let (en, zh) = (key.en(), key.zh());
            assert!(!en.trim().is_empty(), "{key:?} has no English text");
            assert!(!zh.trim().is_empty(), "{key:?} has no Chinese text");
            // Chinese characters, or Chinese punctuation alone (a list's 、, a colon's ：).
            let has_cjk = zh.chars().any(|c| {
                ('\u{4e00}'..='\u{9fff}').contains(&c)
                    || ('\u{3000}'..='\u{303f}').contains(&c)
                    || ('\u{ff00}'..='\u{ffef}').contains(&c)
            });
            assert!(
                has_cjk,
                "{key:?}: the Chinese text has no Chinese characters"
            );
        }
    }

    #[test]
    fn english_notice_matches_the_core_wording() {
        for query in ["d_model=7", "pos=NaN", "k=1e99", "pos=1&pos=2", "length=0"] {
            for n in crate::lesson::from_query(query).notices {
                assert_eq!(notice_text(Lang::En, &n), n.to_string());
            }
        }
    }
}
