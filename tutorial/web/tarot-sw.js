// The site's service worker: after one visit, every page, the Python runtime and the engine are kept in
// the browser, and the site works with no network at all.
//
// The build writes this file as `sw.js` at the root of the site, after two lines of its own:
//   const BUILD = "<hash>";          a digest of the list below: it changes with any file of the site
//   const FILES = [[path, integrity], ...];   every file a page can load, with its SHA-256
//
// One cache per build, named after BUILD, filled all or nothing when this worker installs: each file is
// fetched past the HTTP cache's freshness (a conditional request, cheap when it has not changed) and
// checked against its digest, so a cache never holds a file of another build; if one file fails, the
// cache is deleted and the worker is not installed (the previous one, if any, goes on serving its own
// build). Every request for a listed file is then answered from that cache, whatever its query string
// (the pages add `?v=` to their assets; the cache already holds exactly this build's file). A new build
// gives a new `sw.js`, which the browser finds when it checks for updates on a later visit: it installs
// the new build beside the old and takes over once no page of the old one is open (no `skipWaiting`),
// then deletes the old caches. A page thus never mixes files of two builds.

const PREFIX = "tarot-site-";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL("./", self.location).href;
const LISTED = new Map(FILES);
// Downloads at once while installing.
const PARALLEL = 4;

function keyOf(url) {
  if (!url.startsWith(SCOPE)) return null;
  let path;
  try {
    path = decodeURIComponent(new URL(url).pathname.slice(new URL(SCOPE).pathname.length));
  } catch {
    return null;
  }
  if (path === "" || path.endsWith("/")) path += "index.html";
  return LISTED.has(path) ? path : null;
}

async function fill(cache) {
  const queue = [...LISTED];
  async function next() {
    while (queue.length > 0) {
      const [path, integrity] = queue.shift();
      const request = new Request(new URL(path, SCOPE).href, { cache: "no-cache", integrity });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(request.url, response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await fill(cache);
      } catch (error) {
        await caches.delete(CACHE);
        throw error;
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyOf(request.url);
  if (key === null) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(new URL(key, SCOPE).href);
      return hit || fetch(request);
    })(),
  );
});
