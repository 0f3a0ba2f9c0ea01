//! Every user-visible string, in English and 简体中文, in one typed table.
//!
//! A small table instead of `leptos_i18n`: the strings are few, the notices need structured
//! arguments that we format ourselves, and a `match` over an enum makes a missing translation a
//! compile error rather than a runtime fallback. The `strings!` macro requires both languages
//! for every key; `tests::every_key_has_both_languages` also rejects empty or untranslated text.

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

macro_rules! strings {
    ($($key:ident => $en:expr, $zh:expr;)*) => {
        /// A user-visible string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key { $($key),* }

        impl Key {
            /// Every key, for the completeness test.
            pub const ALL: &'static [Key] = &[$(Key::$key),*];

            fn en(self) -> &'static str {
                match self { $(Key::$key => $en),* }
            }

            fn zh(self) -> &'static str {
                match self { $(Key::$key => $zh),* }
            }
        }
    };
}

strings! {
    AppName => "PE Explorer", "位置编码探索器";
    Tagline => "How a transformer knows where each word is: positional encodings, live.",
               "Transformer 如何知道每个词在哪里：可交互的位置编码。";
    Controls => "Parameters", "参数";
    DModelLabel => "model width", "模型维度";
    LengthLabel => "sequence length", "序列长度";
    PosLabel => "position", "位置";
    KLabel => "offset", "偏移量";
    PairLabel => "dimension pair (2i, 2i+1)", "维度对 (2i, 2i+1)";
    BaseLabel => "frequency base", "频率底数";
    LayoutLabel => "layout", "排列方式";
    LayoutInterleaved => "interleaved (sin, cos, sin, cos…)", "交错（sin, cos, sin, cos…）";
    LayoutSplit => "split halves (all sin, then all cos)", "分半（先全部 sin，再全部 cos）";
    NoticeTitle => "Some values in the link were corrected:", "链接中的部分参数已被修正：";
    Dismiss => "Dismiss", "关闭";
    VectorTitle => "The encoding of one position", "单个位置的编码向量";
    VectorText => "Each bar is one dimension of PE(pos). Even dimensions hold sines, odd ones cosines; the left pairs turn fast as pos changes, the right ones slowly. Move pos and watch the left end change first.",
                  "每根柱子是 PE(pos) 的一个维度。偶数维是正弦，奇数维是余弦；随着 pos 变化，左侧的维度对转得快，右侧的转得慢。拖动 pos，先变化的是左端。";
    AxisDimension => "dimension", "维度";
    AxisValue => "value", "数值";
    ReasonMalformed => "is not a valid value", "不是有效的值";
    ReasonNotWhole => "is not a whole number", "不是整数";
    ReasonOdd => "is odd", "是奇数";
    ReasonTooSmall => "is below the minimum", "低于最小值";
    ReasonTooLarge => "is above the maximum", "超过最大值";
    ReasonBeyond => "is out of range for the other settings", "超出了其他参数允许的范围";
    ReasonRounded => "has more decimals than kept", "小数位数超出了保留的精度";
    ReasonRepeated => "was given more than once", "出现了不止一次";
    Using => "using", "改用";
    DimsLabel => "extra wave dimensions", "额外的波形维度";
    SentenceLabel => "sentence", "句子";
    TokenLabel => "token", "词元";
    ScaleLabel => "multiply embeddings by √d_model", "词向量乘以 √d_model";
    AmplitudeLabel => "PE amplitude", "位置编码幅度";
    // Heatmap panel.
    HeatmapTitle => "The whole encoding as a heatmap", "整张位置编码热力图";
    HeatmapText => "Each row is one position, each column one dimension; blue is −1, red is +1. The left columns flicker from row to row because their pairs turn fast; towards the right the pairs turn so slowly that neighbouring rows look alike. The two marked rows are pos and pos + k, the marked columns the pair i. Hover or tap to read a value; click to move pos and i there.",
                    "每一行是一个位置，每一列是一个维度；蓝色为 −1，红色为 +1。左侧的列逐行闪烁，因为它们所在的维度对转得快；越往右转得越慢，相邻的行几乎一样。标出的两行是 pos 和 pos + k，标出的两列是第 i 对。悬停或轻触可读取数值；点击可把 pos 和 i 移到该处。";
    HeatmapSampled => "The picture shows every {}th position: there are more positions than pixel rows. The read-out is exact for every position.",
                      "图中每隔 {} 个位置画一行：位置比像素行还多。悬停读数对每个位置都是精确值。";
    HeatmapTable => "Data table", "数据表";
    HeatmapTableCaption => "PE values at positions {rows} (of {length}) and dimensions {dims} (of {d_model}). The window follows pos and pair i: move them to move it. The CSV export holds every value.",
                           "位置 {rows}（共 {length} 个）、维度 {dims}（共 {d_model} 维）上的位置编码值。窗口跟随 pos 和第 i 对，移动它们即可移动窗口。导出 CSV 可得到全部数值。";
    HeatmapReadoutEmpty => "Hover or tap a cell to read its value.", "悬停或轻触一个格子以读取数值。";
    AxisPosition => "position pos", "位置 pos";
    Sine => "sine", "正弦";
    Cosine => "cosine", "余弦";
    // Waves panel.
    WavesTitle => "Each dimension is a wave", "每个维度都是一条波";
    WavesText => "Follow one column of the heatmap down the positions and you get a sine or cosine wave. Pair i's wavelength is 2π·base^(2i/d_model): a few positions for the first pairs, thousands for the last. The dashed lines mark pos and pos + k, with the value of each wave where it crosses them.",
                  "沿着热力图的一列往下看，就得到一条正弦或余弦波。第 i 对的波长是 2π·base^(2i/d_model)：前几对只有几个位置长，最后几对长达数千个位置。虚线标出 pos 和 pos + k，并给出每条波在交点处的值。";
    AddDimension => "Add", "添加";
    RemoveDimension => "Remove dimension", "移除维度";
    Wavelength => "wavelength", "波长";
    // Rotation panel.
    RotationTitle => "Moving by k is a rotation", "移动 k 个位置就是一次旋转";
    RotationText => "Pair i of PE(pos) is a point on the unit circle at angle pos·ω_i. Going k positions further turns it by k·ω_i, whatever pos is, so a fixed matrix M_k takes every position to the one k later. Vaswani et al. chose the formula for this property: they hypothesized it would let a model easily learn to attend by relative position, because a rule such as \"three words back\" is then one linear map, the same at every position. The formula makes the rule expressible; whether a trained model learns it is another matter. The printed error is rounding, not approximation.",
                     "PE(pos) 的第 i 对是单位圆上角度为 pos·ω_i 的一个点。再往后走 k 个位置，它就转过 k·ω_i，与 pos 无关；所以一个固定的矩阵 M_k 能把每个位置都变成它后面第 k 个位置。Vaswani 等人正是看中这一性质才选了这个公式：他们的假设是，这样模型能轻松学会按相对位置分配注意力，因为“往前数三个词”这样的规则此时就是一个线性映射，在每个位置都相同。公式让这条规则可以表达出来；训练好的模型是否真的学到了它，是另一回事。下面打印的误差只是浮点舍入，而不是近似。";
    RotationElsewhere => "The same k from another position", "同样的 k，换一个起点";
    Play => "Play", "播放";
    Pause => "Pause", "暂停";
    ErrorLabel => "error", "误差";
    AngleLabel => "angle k·ω_i", "转角 k·ω_i";
    // Add versus concatenate panel.
    CombineTitle => "Add or concatenate?", "相加还是拼接？";
    CombineText => "The original Transformer adds the position vector to the word vector instead of appending it. Adding keeps the width at d_model, so every later matrix stays the same size; in hundreds of dimensions there is room for both signals to coexist, and the learned projections can pull them apart again. Concatenating keeps them separate by construction but makes the first projection larger. Scale matters: without √d_model the word is a whisper next to the position.",
                     "原始 Transformer 把位置向量加到词向量上，而不是拼在后面。相加让宽度保持 d_model，后面的每个矩阵都不用变大；在几百维的空间里，两种信号有足够的空间共存，学到的投影矩阵还能把它们重新分开。拼接天然把两者分开，代价是第一个投影矩阵更大。尺度很重要：不乘 √d_model 时，词义的信号相对位置信号就像耳语。";
    RowEmbedding => "word embedding", "词向量";
    RowPosition => "position encoding", "位置编码";
    RowSum => "sum (add)", "相加";
    RowConcat => "concatenation", "拼接";
    WidthLabel => "width", "宽度";
    ProjectionLabel => "next projection's weights", "下一层投影的参数量";
    ShareLabel => "share of the sum's energy that comes from position", "相加结果中来自位置的能量占比";
    ShareDrownsMeaning => "position drowns meaning", "位置淹没了词义";
    ShareDrownsPosition => "meaning drowns position", "词义淹没了位置";
    ShareBalanced => "both are visible", "两者都清晰可见";
    ScoreTitle => "A query·key score, split into four parts", "把一个 query·key 分数拆成四部分";
    TermCc => "word·word", "词·词";
    TermCp => "word·position", "词·位置";
    TermPc => "position·word", "位置·词";
    TermPp => "position·position", "位置·位置";
    Hide => "Hide", "收起";
    // Saturation panel.
    SaturationTitle => "How loud should position be?", "位置信号该有多响？";
    SaturationText => "The same toy attention head reads \"the cat sat on the mat\" with the position encoding multiplied by a. At a = 0 the words alone decide where each word looks. As a grows, the position terms take over the scores, the softmax sharpens, and each row of attention collapses onto a single position: the entropy falls towards 0 and the words no longer matter. Useful encodings sit between the two.",
                      "同一个玩具注意力头读取 “the cat sat on the mat”，位置编码乘以 a。a = 0 时，每个词看向哪里完全由词本身决定。随着 a 增大，位置项主导了注意力分数，softmax 变得尖锐，每一行注意力都坍缩到单个位置上：熵趋近于 0，词本身不再重要。有用的编码处在两者之间。";
    SaturationEntropy => "mean attention entropy (nats)", "平均注意力熵（奈特）";
    SaturationWeights => "attention weights, query word by key word", "注意力权重：查询词 × 键词";
    // Dot-product panel.
    DotTitle => "Dot products depend only on the distance", "点积只取决于距离";
    DotText => "Multiply the encodings of two positions m and n: each pair contributes sin·sin + cos·cos = cos(ω_i(m − n)), so the sum depends on m − n alone. The left picture shows every pair of positions (scaled by d_model/2, so the diagonal is 1): its stripes run parallel to the diagonal. The right curve is that one function of the offset; its highest value is at 0 and it falls off, more slowly for a larger base. The numbers below compare the same k from pos and from 0.",
                "把位置 m 和 n 的编码相乘：每一对维度贡献 sin·sin + cos·cos = cos(ω_i(m − n))，所以总和只取决于 m − n。左图显示所有位置对的点积（除以 d_model/2，对角线为 1），条纹都与对角线平行。右边的曲线就是这个关于偏移量的函数：在 0 处最大，然后衰减；base 越大衰减越慢。下面的数字比较了从 pos 和从 0 出发的同一个 k。";
    AxisOffset => "offset m − n", "偏移量 m − n";
    // Frequencies panel.
    FrequencyTitle => "A ladder of wavelengths", "一架波长的梯子";
    FrequencyText => "Each pair turns at its own speed: the first pair completes a turn every 2π ≈ 6.3 positions, each next pair a fixed factor more slowly, up to 2π·base^((d_model−2)/d_model) for the last. The paper rounds that to 2π·base; it is less, by a factor that shrinks as d_model grows (with base 10 000: about 54 400 positions at d_model = 128, 19 900 at d_model = 16, against 62 832). Fast pairs tell neighbouring positions apart; slow pairs change so little across a sentence that they act like a smooth measure of where in a long text a word is. The span of scales is what lets one vector serve both near and far.",
                      "每一对维度以自己的速度旋转：第一对每 2π ≈ 6.3 个位置转一圈，之后每一对都按固定倍数变慢，最后一对要 2π·base^((d_model−2)/d_model) 个位置。论文把它约记为 2π·base，实际要小一些，d_model 越大差得越少（base 为 10 000 时：d_model = 128 约 54 400 个位置，d_model = 16 约 19 900 个，而 2π·base 是 62 832）。快的维度对能区分相邻的位置；慢的维度对在一句话里几乎不变，像是一把衡量词语处在长文本何处的平滑标尺。正是这种跨越多个数量级的尺度，让同一个向量既能看清近处，也能看到远处。";
    FrequencySlowPairs => "{slow} of {pairs} pairs have a wavelength longer than the sequence (length {length}): they never complete a turn in it.",
                          "{pairs} 对中有 {slow} 对的波长比序列（长度 {length}）还长：它们在序列中转不完一圈。";
    AxisPair => "pair i", "维度对 i";
    // Word-order panel.
    OrderTitle => "Without position, word order is invisible", "没有位置信息，词序是看不见的";
    OrderText => "Self-attention compares every word with every other word, but nothing in it says where a word stands. Swap two words and each word still sees the same set of neighbours, so its output is the same row, only in another place; averaged over the sentence, \"dog bites man\" and \"man bites dog\" become the same vector. Add the position encoding and the two sentences finally differ.",
                  "自注意力把每个词和其他所有词比较，但其中没有任何东西说明一个词在哪个位置。交换两个词，每个词看到的仍是同一组邻居，所以它的输出还是同一行，只是换了位置；对整句取平均后，“狗咬人”和“人咬狗”成了同一个向量。加上位置编码，两句话才终于不同。";
    OrderPairLabel => "sentences", "句子";
    OrderPeLabel => "add positional encoding", "加上位置编码";
    OrderDifference => "largest difference between the two sentence vectors", "两个句向量之间的最大差值";
    OrderExactlyZero => "exactly zero", "恰好为零";
    OrderRowsPermuted => "the per-word outputs are the same rows in another order", "每个词的输出是同样的行，只是顺序不同";
    OrderRowsDiffer => "the per-word outputs differ, not just their order", "每个词的输出本身就不同，不只是顺序";
    // Table of contents.
    Contents => "Contents", "目录";
    // Embedding lookup panel.
    EmbedTitle => "From a word to the vector the model reads", "从一个词到模型读到的向量";
    EmbedText => "A token is only an id. The id picks one row of the embedding table (highlighted), a vector learned for that word. The original Transformer multiplies the row by √d_model so its entries are about as large as the sines and cosines, then adds PE of the token's position. The sum is all the first layer sees: meaning and place in one vector. Click a word to follow it.",
                  "一个词元（token）只是一个编号。编号选中嵌入表中的一行（高亮显示），即为这个词学到的向量。原始 Transformer 把这一行乘以 √d_model，使其数值与正弦、余弦大小相当，再加上该词所在位置的位置编码 PE。这个和就是第一层能看到的全部：词义与位置合在一个向量里。点击一个词，跟着它走一遍。";
    EmbedTable => "embedding table: one row per vocabulary word", "嵌入表：词表中每个词占一行";
    EmbedRow => "E[id], the word's row", "E[id]：该词的那一行";
    EmbedScaled => "× scale", "× 缩放";
    EmbedPosition => "PE(pos)", "位置编码 PE(pos)";
    EmbedInput => "= input to the first layer", "= 第一层的输入";
    EmbedStrips => "the four vectors of the path, top to bottom in the order listed below, one cell per dimension (first 64)", "这条路径上的四个向量，自上而下与下方列出的顺序相同，每格一维（前 64 维）";
    EmbedToken => "token", "词元";
    EmbedId => "id", "编号";
    EmbedScaleValue => "scale", "缩放系数";
    // Extrapolation panel.
    ExtrapTitle => "Beyond the training length", "超出训练长度之后";
    ExtrapText => "A learned position table has one trained row per position up to the length it was trained on, N_train, and nothing after it. A model must then either stop or reuse a row; reusing the last one makes every later position identical, so order beyond N_train is lost. The formula has no end: it keeps producing new, distinct vectors, and their similarities keep the same pattern as inside the training range. That is not the same as extrapolation, a trained model working on inputs longer than it was trained on: Vaswani et al. only wrote that the formula \"may\" allow it, and Press et al. (2022) found that such models do not extrapolate efficiently; ALiBi (below) and the scaling of RoPE were designed for that. The learned table here is random, as at the start of training (GPT-2's N(0, 0.01²)); the real-data panel shows a trained one.",
                   "学习得到的位置表只为训练时见过的长度 N_train 以内的每个位置各训练一行，之后就什么都没有了。这时模型要么无法处理，要么复用某一行；复用最后一行会让之后所有位置变得一模一样，N_train 之后的顺序就丢失了。公式没有尽头：它不断给出新的、互不相同的向量，而且它们之间的相似度保持着与训练范围内相同的规律。但这并不等于外推，即训练好的模型能处理比训练时更长的输入：Vaswani 等人只说这个公式“可能”做到这一点，而 Press 等人（2022）发现这类模型并不能有效外推；ALiBi（见下文）和 RoPE 的缩放方法正是为此设计的。这里的学习表是随机的，相当于训练刚开始时的状态（GPT-2 的 N(0, 0.01²)）；真实数据面板展示了一个训练好的表。";
    ExtrapSinusoidal => "sinusoidal: cosine similarity of positions", "正弦编码：各位置之间的余弦相似度";
    ExtrapLearned => "learned, last row reused: cosine similarity", "学习表（复用最后一行）：余弦相似度";
    ExtrapNeighbour => "cos(PE(p), PE(p − 1)): each position against the one before", "cos(PE(p), PE(p − 1))：每个位置与前一个位置的相似度";
    ExtrapLearnedLegend => "learned (last row reused)", "学习表（复用最后一行）";
    ExtrapSinusoidalRange => "sinusoidal, every p", "正弦编码，所有 p";
    ExtrapLearnedBeyond => "learned, p ≥ N_train", "学习表，p ≥ N_train";
    ExtrapMissing => "asking the learned table for position {pos}", "向学习表要位置 {pos} 的向量";
    ExtrapMissingAnswer => "no row: the table has rows 0 to {last}", "没有这一行：表中只有第 0 到第 {last} 行";
    ExtrapShown => "positions 0 to {last} (twice N_train); the line marks N_train", "位置 0 到 {last}（N_train 的两倍）；线条标出 N_train";
    // RoPE panel.
    RopeTitle => "RoPE: rotate the query and the key", "RoPE：旋转查询和键";
    RopeText => "Rotary embedding adds nothing to the word vector. It turns each pair of dimensions of the query by m·θ_i and of the key by n·θ_i, with the same angles θ_i as the sinusoidal formula. A dot product only sees the angle between two vectors, and after both turns that angle has changed by (m − n)·θ_i: the score depends on the offset and not on where the pair stands. Move m and n together and the score does not change; move them apart and it does. Averaged over directions, far-apart tokens score lower.",
                 "旋转位置编码（RoPE）不往词向量上加任何东西。它把查询向量的每一对维度旋转 m·θ_i，把键向量的对应维度旋转 n·θ_i，θ_i 与正弦公式中的角频率相同。点积只看两个向量之间的夹角，两次旋转之后夹角改变了 (m − n)·θ_i：分数只取决于偏移量，与这对词处在哪里无关。让 m 和 n 一起移动，分数不变；让它们分开，分数就会变化。对各个方向平均来看，相距越远的词得分越低。";
    RopePlane => "pair i of q and k: dashed before, solid after rotation", "q 与 k 的第 i 对维度：虚线为旋转前，实线为旋转后";
    RopeDecay => "average score against the distance |m − n| (all-ones q and k)", "平均分数随距离 |m − n| 的变化（q、k 全为 1）";
    RopeDiagram => "which dimensions rotate together (16 dimensions shown)", "哪些维度一起旋转（显示 16 维）";
    RopeScore => "score q_m·k_n", "分数 q_m·k_n";
    RopeScoreOrigin => "the same offset from 0: q_(m−n)·k_0", "从 0 出发的同一偏移：q_(m−n)·k_0";
    RopeTogether => "move m and n together", "让 m 和 n 一起移动";
    RopeApart => "move n away from m", "让 n 远离 m";
    AxisDistance => "distance |m − n|", "距离 |m − n|";
    AxisScore => "score", "分数";
    // ALiBi panel.
    AlibiTitle => "ALiBi: a penalty for distance instead of a position vector", "ALiBi：用距离惩罚代替位置向量";
    AlibiText => "ALiBi adds no vector either. Each attention head subtracts slope × distance from every score, so a key one step further back loses a fixed amount. Every head has its own slope: steep heads look only at the last few tokens, gentle heads across the whole text. For n heads, n a power of two, the slopes are 2^(−8/n), 2^(−16/n), …, 2^(−8), falling in equal ratios. For other n the paper's code takes the slopes for p heads, p the largest power of two below n, then every other slope for 2p heads (the 1st, 3rd, …) until there are n, so they no longer fall in order: try 12 heads. Nothing is learned and nothing ends at a training length, which is why ALiBi copes with longer inputs than it was trained on.",
                  "ALiBi 同样不加任何向量。每个注意力头从每个分数中减去“斜率 × 距离”，所以往回多走一步的键就少一份固定的分数。每个头有自己的斜率：斜率大的头只看最近的几个词，斜率小的头能看遍整段文本。头数 n 是 2 的幂时，斜率依次是 2^(−8/n)、2^(−16/n)、…、2^(−8)，按相同比例递减。n 不是 2 的幂时，论文的代码先取 p 个头的斜率（p 是小于 n 的最大的 2 的幂），再从 2p 个头的斜率中隔一个取一个（第 1、3、…个），直到凑满 n 个，所以斜率不再依次递减：试试 12 个头。这里没有需要学习的参数，也没有训练长度的尽头，所以 ALiBi 能处理比训练时更长的输入。";
    AlibiSlopes => "slope of each head", "每个头的斜率";
    AlibiBias => "bias of the chosen head, query by key (later keys masked)", "所选头的偏置：查询 × 键（之后的键被遮盖）";
    AlibiRow => "attention of query pos over keys 0…pos, with equal content scores", "查询 pos 在键 0…pos 上的注意力（内容分数相同）";
    AlibiWithout => "without bias", "不加偏置";
    AlibiWith => "with ALiBi", "加上 ALiBi";
    AlibiStep => "weight ratio of neighbouring keys", "相邻两个键的权重之比";
    AxisHead => "head", "头";
    AxisSlope => "slope", "斜率";
    AxisKey => "key position", "键的位置";
    AxisWeight => "weight", "权重";
    NTrainLabel => "training length", "训练长度";
    RopeMLabel => "query position", "查询位置";
    RopeNLabel => "key position", "键位置";
    HeadsLabel => "heads", "头数";
    HeadLabel => "head shown", "显示的头";
    WordsLabel => "words compared", "比较的词";
    // Real-data panel.
    RealTitle => "A real model: learned positions beside the formula", "真实模型：学习得到的位置编码与公式对照";
    RealText => "The panels above use formulas, or random numbers for an untrained table. Here are the tables of a trained model, all-MiniLM-L6-v2: a small BERT-style sentence encoder of width 384 that learned one vector for each of 512 positions. They (427 KB) are downloaded only when this section comes into view.",
                "上面的面板用的是公式，或代替未训练表格的随机数。这里是训练好的模型 all-MiniLM-L6-v2 的真实表格：一个宽度为 384 的小型 BERT 式句子编码器，为 512 个位置各学习了一个向量。这些表格（427 KB）只在本节进入视野时才下载。";
    RealCredit => "Data: the embedding tables of sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0 licence), rounded to float16.", "数据：sentence-transformers/all-MiniLM-L6-v2 的嵌入表（Apache-2.0 许可），舍入为 float16。";
    RealWaiting => "The tables load when this section is on screen.", "本节出现在屏幕上时加载表格。";
    RealLoading => "Downloading the model's tables…", "正在下载模型的表格……";
    RealReady => "Loaded: 512 position vectors and 57 word vectors ({kb} KB).", "已加载：512 个位置向量和 57 个词向量（{kb} KB）。";
    RealFailed => "The model's tables could not be loaded ({reason}). Everything else on the page works without them; reload the page to try again.", "模型的表格未能加载（{reason}）。页面上的其他内容不需要它们，照常可用；重新加载页面即可再试。";
    RealHttp => "the server answered {status}", "服务器返回 {status}";
    RealWrongLength => "a damaged file: {got} bytes where {expected} were expected", "文件已损坏：应为 {expected} 字节，实际为 {got} 字节";
    RealNotFinite => "a damaged file: entry {index} is not a number", "文件已损坏：第 {index} 项不是数字";
    AxisShift => "offset k", "偏移 k";
    RealNetwork => "no answer from the server", "服务器没有应答";
    RealSidesTitle => "Learned and sinusoidal, side by side", "学习得到的与正弦的，并排对照";
    RealLearnedHeatmap => "learned (MiniLM): positions 0–511 down, dimensions 0–383 across", "学习得到的（MiniLM）：纵向为位置 0–511，横向为维度 0–383";
    RealSinusoidalHeatmap => "sinusoidal, d_model = 384, 512 positions (the lesson's base and layout)", "正弦编码，d_model = 384，512 个位置（使用课程当前的 base 和排列）";
    RealColourScale => "Colours: each table against its own largest |value| (learned 1.87, at position 0; sinusoidal 1).", "颜色：每张表按自身最大 |值| 着色（学习表 1.87，在位置 0；正弦表 1）。";
    RealLearnedCosine => "learned: cosine similarity of positions (every 4th)", "学习表：各位置之间的余弦相似度（每隔 4 个取一个）";
    RealSinusoidalCosine => "sinusoidal: cosine similarity of positions (every 4th)", "正弦编码：各位置之间的余弦相似度（每隔 4 个取一个）";
    RealOffsetCurve => "mean cos(PE(p), PE(p + k)) over all p, against the offset k", "对所有 p 取平均的 cos(PE(p), PE(p + k))，随偏移 k 变化";
    RealLearnedLegend => "learned (MiniLM)", "学习得到的（MiniLM）";
    RealPairColumn => "positions", "位置";
    RealLearnedColumn => "learned", "学习表";
    SinusoidalName => "sinusoidal", "正弦编码";
    RealAlike => "Alike: in both tables a position is most similar to its neighbours, less so the further apart; training found this in data, the formula builds it in. Not alike: the learned table ends at 511, its similarity falls only on average and unevenly, and nothing makes PE(p + k) a fixed function of PE(p).",
                 "相同之处：两张表里，位置都与相邻位置最相似，离得越远越不相似；训练从数据中学到了这一点，公式则本身就内置了它。不同之处：学习表到 511 就结束，其相似度只是平均而言在下降，且并不均匀；也没有任何东西让 PE(p + k) 成为 PE(p) 的固定函数。";
    RealFitText => "Test the last point: for the shift k, fit by least squares the one linear map M (384 × 384) that best sends every PE(p) to PE(p + k), and measure what it misses. For the sinusoidal table a rotation per pair does it exactly (only rounding is left); for the learned table no map does.",
                   "检验最后一点：对偏移 k，用最小二乘法拟合把每个 PE(p) 尽量送到 PE(p + k) 的那一个线性映射 M（384 × 384），再看它差多少。正弦表每对维度各自旋转就能精确做到（只剩舍入误差）；学习表没有任何映射能做到。";
    RealFitLearned => "learned: relative error of the best map", "学习表：最佳映射的相对误差";
    RealFitSinusoidal => "sinusoidal: relative error of the best map", "正弦表：最佳映射的相对误差";
    RealFitShift => "shift k (the lesson's k, kept within 1 to 64)", "偏移 k（课程中的 k，限制在 1 到 64）";
    RealFitClamped => "k = {k} is outside 1 to 64, so k = {used} is fitted: larger shifts leave too few pairs (512 − k) for 384 unknowns per dimension, and k = 0 needs no map.",
                      "k = {k} 不在 1 到 64 之间，因此拟合 k = {used}：偏移更大时，位置对（512 − k 对）相对每维 384 个未知数太少；k = 0 则不需要映射。";
    RealFitting => "fitting… {percent}%", "正在拟合……{percent}%";
    RealWordsTitle => "Word meaning, before and after adding position", "加上位置之前和之后的词义";
    RealWordsText => "Trained word vectors put related words close together. Give the first word of each pair position p, the second position q, and add the position vectors, as a transformer's input does. MiniLM's position vectors are small beside its word vectors (norm about 0.45 against 1.3), so meaning survives; sinusoidal ones (norm √192 ≈ 13.9) drown it unless the words are first multiplied by √384, as in the original transformer.",
                     "训练得到的词向量会把相关的词放在一起。让每对中的第一个词处在位置 p、第二个词处在位置 q，像 transformer 的输入那样加上位置向量。MiniLM 的位置向量比词向量小得多（范数约 0.45，词向量约 1.3），词义得以保留；正弦向量（范数 √192 ≈ 13.9）会把词义淹没，除非像最初的 transformer 那样先把词向量乘以 √384。";
    RealWordA => "first word", "第一个词";
    RealWordB => "second word", "第二个词";
    RealWordC => "third word", "第三个词";
    RealPositions => "p = {p}, q = {q}: the lesson's pos and pos + k (at most 511)", "p = {p}，q = {q}：课程中的 pos 与 pos + k（最大 511）";
    RealWordPair => "pair", "词对";
    RealWordsAlone => "words alone", "只有词";
    RealWithLearned => "+ learned PE", "+ 学习得到的位置编码";
    RealWithSinusoidal => "+ sinusoidal PE", "+ 正弦位置编码";
    RealWithScaled => "words × √384, + sinusoidal PE", "词 × √384，+ 正弦位置编码";
    PanicMessage => "Something went wrong and this page stopped responding. Your settings are kept in the address: reload to carry on where you were.",
                    "出了点问题，页面停止了响应。你的设置都保存在地址中：重新加载即可从刚才的位置继续。";
    Reload => "Reload", "重新加载";
    LanguageLabel => "language", "语言";
    Show => "Show", "展开";
    LessonMode => "Lesson mode", "课堂模式";
    PresenterLabel => "Presenter view", "投影模式";
    ThemeLabel => "theme", "配色";
    ThemeAuto => "system", "跟随系统";
    ThemeLight => "light", "浅色";
    ThemeDark => "dark", "深色";
    Share => "Copy link", "复制链接";
    Export => "Export", "导出";
    HiddenControls => "controls this link hides", "此链接隐藏的控件";
    LockedControls => "controls this link locks", "此链接锁定的控件";
    Locked => "Locked by this link", "已被此链接锁定";
    SvgFailed => "SVG export needs a connection once: try again online.",
                 "SVG 导出需联网加载一次，请联网后再试。";
    CopyNumpy => "Copy as NumPy", "复制为 NumPy 代码";
    CopyPytorch => "Copy as PyTorch", "复制为 PyTorch 代码";
    CodeCopied => "Code copied", "代码已复制";
    Copied => "Link copied", "链接已复制";
    CopyFailed => "Could not copy: select the address bar and copy it", "无法复制：请选中地址栏手动复制";
    LessonStep => "Step {n} of {total}", "第 {n} 步，共 {total} 步";
    LessonPrevious => "Previous", "上一步";
    LessonNext => "Next", "下一步";
    LessonReveal => "Reveal", "揭晓答案";
    LessonExit => "Leave lesson mode", "退出课堂模式";
    LessonLoading => "Loading the lesson's questions…", "正在加载课堂问题……";
    LessonFailed => "The lesson's questions could not be loaded; reload the page to try again.",
                    "课堂问题未能加载，请重新加载页面再试。";
    LessonKeys => "Keys: ← → or Page Up / Page Down (as presentation clickers send).",
                  "按键：← → 或 Page Up / Page Down（翻页笔发送的就是这些）。";
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
        Field::Hide => Key::HiddenControls,
        Field::Lock => Key::LockedControls,
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
    format!(
        "{}={}{space}{}{semicolon}{} {}",
        notice.field.symbol(),
        notice.given,
        lang.t(why),
        lang.t(Key::Using),
        notice.used
    )
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
            let has_cjk = zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
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
