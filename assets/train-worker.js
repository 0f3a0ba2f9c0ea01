// The training lab's worker (src/bin/trainer.rs, started by src/ui/labs/train/worker.rs): loads its
// wasm in the version of the page's files (this script's own query) and hands it the commands,
// also those that arrive while it loads. A wasm that cannot load says so to the page.
const version = self.location.search;
const waiting = [];
self.onmessage = (event) => waiting.push(event.data);
importScripts(`trainer.js${version}`);
wasm_bindgen({ module_or_path: `trainer_bg.wasm${version}` }).then(() => {
  self.onmessage = (event) => self.peTrain(event.data);
  waiting.forEach((command) => self.peTrain(command));
}, (error) => self.postMessage({ error: String(error) }));
