// The floor's service worker (see floor.html): on a return visit the floor's files come from
// Cache Storage, as the game's come from its own service worker, so that warm loads compare
// like with like (a browser context's memory-backed HTTP cache keeps none of Pyodide's 9.6 MB
// wasm). Cache-first, filled once on install, as the game's does.
'use strict';

const CACHE = 'bench-floor';
const FILES = [
  './floor.html',
  './floor_worker.mjs',
  './pyodide/pyodide.mjs',
  './pyodide/pyodide.asm.mjs',
  './pyodide/pyodide.asm.wasm',
  './pyodide/python_stdlib.zip',
  './pyodide/pyodide-lock.json',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
