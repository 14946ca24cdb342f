// Hostfield's service worker, written into dist/sw.js by build/pwa.ts, which replaces the two
// names below: the build's id and the files to keep (the app shell's files: the offline page, the
// manifest and icons, and every hashed asset of the build).
// - Navigations go to the network first; offline, the offline page answers.
// - Hashed assets (/assets/…, immutable) and the shell's files come from the cache first.
// - Nothing else is touched: the API, sign-in, /media and anything sent with credentials go to
//   the network as if there were no worker, and nothing of theirs is ever cached.
// - A new build installs beside the old one, takes over at once and deletes the old caches; a
//   page still running the old build that asks for a chunk the server no longer has fails as it
//   would without a worker, and the app's "a new version is available" panel offers the reload.
// - Pushes (the server's notifications) are shown, and a click opens or focuses their page.
/* global self, caches, clients */

const BUILD = "__HOSTFIELD_BUILD__";
const PRECACHE = ["__HOSTFIELD_PRECACHE__"];
const CACHE = `hostfield-${BUILD}`;
const OFFLINE_URL = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("hostfield-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const shellPaths = new Set(PRECACHE);

/** A file of the build: the hashed assets, and the shell's own files. */
const isBuildFile = (url) => url.pathname.startsWith("/assets/") || shellPaths.has(url.pathname);

async function fromCacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Hashed files never change: one fetched later (a lazy page's chunk) is kept for offline use.
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/")) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function fromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(request));
    return;
  }
  if (isBuildFile(url) && !request.headers.has("authorization")) {
    event.respondWith(fromCacheFirst(request));
  }
});

/** The page a push opens: on this site only. */
function pageOf(url) {
  try {
    const page = new URL(url || "/", self.location.origin);
    return page.origin === self.location.origin ? page.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const url = pageOf(message.url);
  event.waitUntil(
    self.registration.showNotification(message.title || "Hostfield", {
      body: message.body || "",
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      // The same page's news replaces its earlier notification rather than stacking up.
      tag: url,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
