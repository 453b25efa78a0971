// The service worker (web/pages/pwa.py serves it at /sw.js, so its scope is the whole site).
// Static files: from the cache filled at install (cache first).  Pages: from the network; when the server
// cannot be reached, the offline page kept at install instead.  Nothing else is ever cached: no /api reply,
// no page (they hold the player's games and account).  A new deploy changes CONFIG.version, so the browser
// installs the new worker, which takes over at once and deletes the old cache.

const CONFIG = {{ config|tojson }};
const PREFIX = "minesweeper-";
const CACHE = PREFIX + CONFIG.version;
const STATIC = new Set(CONFIG.precache);

// Pages whose HTML came from another deploy than this worker's cache: their static files come from the network.
const staleClients = new Set();

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([...CONFIG.precache, CONFIG.offline].map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // every navigation (an /api download too: its navigation preload is then used, not sent twice), never kept
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (STATIC.has(url.pathname) && !url.search) event.respondWith(staticFile(event));
  // anything else (/api calls above all) is left to the browser, untouched
});

async function page(event) {
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    const kept = await caches.match(CONFIG.offline, { cacheName: CACHE });
    return kept || Response.error();
  }
  const version = response.headers.get(CONFIG.versionHeader);
  if (version && version !== CONFIG.version) {
    staleClients.add(event.resultingClientId);
    self.registration.update().catch(() => {});
  }
  return response;
}

async function staticFile(event) {
  if (!staleClients.has(event.clientId)) {
    const kept = await caches.match(event.request, { cacheName: CACHE });
    if (kept) return kept;
  }
  return fetch(event.request);
}

// Each page says its language: the offline page kept is replaced by one in that language when it differs.
self.addEventListener("message", (event) => {
  const language = event.data && event.data.offlineLanguage;
  if (typeof language === "string" && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) {
    event.waitUntil(keepOfflinePage(language));
  }
});

// A worker a newer deploy replaced may still get a message: its cache is gone then, and it must not make it
// again (caches.open would), so it only ever touches a cache that exists; the same for reads (caches.match).
async function keepOfflinePage(language) {
  if (!(await caches.has(CACHE))) return;
  const cache = await caches.open(CACHE);
  const kept = await cache.match(CONFIG.offline);
  if (kept && kept.headers.get("Content-Language") === language) return;
  const url = new URL(CONFIG.offline, self.location.origin);
  url.searchParams.set("lang", language);
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (response.ok && response.headers.get("Content-Language") === language) await cache.put(CONFIG.offline, response);
  } catch {
    // the server cannot be reached: the copy kept stays
  }
}
