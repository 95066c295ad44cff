// Rummy Table's service worker: after the first visit the game starts and plays offline.
//
// This is a template: build.py writes dist/sw.js with PRECACHE replaced by the build's
// {"version", "files": [{"url", "integrity"}]}. A new build changes these bytes, which is what
// makes the browser install the new worker; its cache is named after the version.
//
// Why cache-first for everything: every file is content-addressed by the build (the version
// hashes them all), so a cached copy is never stale within its version, and Pyodide's 13 MB
// must not be re-validated on each start. Why skipWaiting + claim: the game keeps no state in
// the worker, so the new version may take over at once; the next load uses it.
'use strict';

const PRECACHE = "__PRECACHE_MANIFEST__";

const PREFIX = 'rummy-table-';
const BUILT = typeof PRECACHE === 'object';
const CACHE = PREFIX + (BUILT ? PRECACHE.version : 'unbuilt');
const SCOPE = new URL('./', self.location.href);
const INDEX = new URL('./index.html', self.location.href).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    if (BUILT) {
      const cache = await caches.open(CACHE);
      // 'reload' skips the HTTP cache; the integrity hashes make the install all-or-nothing
      // for this exact build (addAll rejects if any file is missing or differs).
      await cache.addAll(PRECACHE.files.map(
        (f) => new Request(f.url, { cache: 'reload', integrity: f.integrity })));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === 'navigate';
  // A navigation to the app's root (with any query string) is the cached index.html.
  const key = navigate && url.pathname === SCOPE.pathname ? INDEX : request;
  const hit = await cache.match(key, { ignoreSearch: true, ignoreVary: true });
  if (hit) return navigate ? asNavigation(hit) : hit;
  try {
    return await fetch(request);
  } catch (error) {
    if (navigate) {
      const index = await cache.match(INDEX);
      if (index) return asNavigation(index);
    }
    throw error;
  }
}

// A response that was redirected on its way into the cache may not answer a navigation
// (browsers reject it); a copy without the redirect flag may.
function asNavigation(response) {
  if (!response.redirected) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
