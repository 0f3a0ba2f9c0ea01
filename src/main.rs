fn main() {
    pe_explorer::ui::panic_banner::install();
    leptos::mount::mount_to_body(pe_explorer::ui::App);
}
