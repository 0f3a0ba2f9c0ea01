//! The teacher's tools (src/ui/teacher): lesson mode's bar and sharing with the class, a wasm of
//! their own that the page loads the first time a teacher asks for one of them. trunk builds it
//! from index.html's `data-type="worker"` link, which builds a second wasm without putting it in
//! the page (its JavaScript glue is the "no-modules" kind, a plain script the page adds when it
//! is needed; src/ui/classroom.rs).

// The same allocator as the page's wasm (src/main.rs).
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        console_error_panic_hook::set_once();
        pe_explorer::ui::teacher::start();
    }
}
