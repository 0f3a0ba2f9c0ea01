// PE Explorer's service worker: a second visit works with the network off (a classroom with
// poor connectivity, a laptop on a train). Network first, so a visit online always gets the
// current site; what it fetched is kept, and served when the network fails.
//
// On install it keeps the page, every file the page names (the hashed wasm, JS, CSS and icon),
// the lesson's questions and SVG export's script, so the visit that installed it is enough: the
// next one is served by it. (No skipWaiting: a new version takes over once the old one's pages
// are closed, and as both go to the network first, that only decides which copy is kept for
// offline use.) Files fetched later (the real model's tables) are kept the first time they are
// used. The page's CSP allows only same-origin requests, so that is all this ever stores.
const CACHE = 'pe-explorer';
// The site's pages (the course's contents, chapters and glossary, in each language), relative
// to the worker's scope (the site's root). The build writes the list (src/bin/prerender.rs).
const PAGES = ['./', 'zh/'];

// The page an address is: the address without its query and hash (`rope/?pos=3#rope` is the
// page `rope/`), `index.html` named by its folder.
const pageOf = (url) => {
  const page = new URL(url);
  page.search = '';
  page.hash = '';
  page.pathname = page.pathname.replace(/index\.html$/, '');
  return page.href;
};

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Every page (they name the same files, each from its own folder).
    const files = [];
    for (const page of PAGES) {
      const address = new URL(page, self.registration.scope).href;
      const response = await fetch(address, { cache: 'no-cache' });
      const html = await response.clone().text();
      await cache.put(address, response);
      // Every file a tag names, and the wasm, which the page's loader script names.
      files.push(...[...html.matchAll(/(?:href|src)="?([^" >]+)|["'`]([^"'` ]+\.wasm)["'`]/g)]
        .map((match) => match[1] ?? match[2])
        // Not other sites, not links to pages (`#rope`, `../rope/#rope`, `?step=3`: the pages
        // are in PAGES, and addAll refuses the same address twice).
        .filter((file) => !/^[a-z]+:|[#?]|\/$/.test(file))
        .map((file) => new URL(file, address).href));
    }
    // The lesson's questions, the Chinese texts, the teacher's tools (and their styles), the
    // training lab's worker and the picture exports' script too:
    // fetched on demand, perhaps offline (the page asks for zh.txt?<version> and
    // teacher.js?<version>; the cache matches them ignoring that).
    const later = ['lesson.txt', 'zh.txt', 'teacher.js', 'teacher_bg.wasm', 'teacher.css', 'notes.css', 'export.js',
      'train-worker.js', 'trainer.js', 'trainer_bg.wasm'];
    const atScope = (file) => new URL(file, self.registration.scope).href;
    await cache.addAll([...new Set([...files, ...later.map(atScope)])]);
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  // Every address of a language's page (whatever its query) is that one page.
  const key = request.mode === 'navigate' ? pageOf(request.url) : request;
  event.respondWith(caches.open(CACHE).then((cache) => fetch(request)
    .then((response) => {
      if (response.ok) cache.put(key, response.clone());
      return response;
    })
    .catch(() => cache.match(key, { ignoreSearch: true }))));
});
