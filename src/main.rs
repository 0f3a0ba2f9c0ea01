// The wasm build's allocator: talc instead of Rust's default dlmalloc, for a smaller module
// (the bundle budget) and faster allocation. The page is single-threaded (no atomics).
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    pe_explorer::ui::panic_banner::install();
    pe_explorer::ui::mount();
}
