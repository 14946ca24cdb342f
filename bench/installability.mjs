// The installable app's check for the `lighthouse` suite (Lighthouse 12 has no PWA category any
// more): Chrome's own verdict through the DevTools protocol, `Page.getInstallabilityErrors`, which
// must list none, with the manifest's parse errors (`Page.getAppManifest`), whether the service
// worker takes control of the page, and the head's theme colour and apple-touch-icon. One tab of
// the suite's chromium, over its debugging port (Node's own WebSocket, no other client).

/** A DevTools protocol session on a new tab of the browser at `port`. */
async function openTab(port) {
  const target = await (
    await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: "PUT" })
  ).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map();
  const listeners = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error)
        call?.reject(new Error(`${message.error.message} (${message.error.code})`));
      else call?.resolve(message.result);
    } else {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const once = (method) =>
    new Promise((resolve) => listeners.set(method, [...(listeners.get(method) ?? []), resolve]));
  const close = async () => {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`).catch(() => undefined);
  };
  return { send, once, close };
}

/** Evaluates `expression` (a promise) in the page and answers its value. */
async function evaluate(tab, expression) {
  const { result, exceptionDetails } = await tab.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? expression);
  return result.value;
}

export async function installability(port, url) {
  const tab = await openTab(port);
  try {
    await tab.send("Page.enable");
    const loaded = tab.once("Page.loadEventFired");
    await tab.send("Page.navigate", { url });
    await loaded;
    // The worker registers after load, in an idle moment, and claims the page as it activates.
    const controlled = await evaluate(
      tab,
      `new Promise((resolve) => {
        if (!("serviceWorker" in navigator)) return resolve(false);
        if (navigator.serviceWorker.controller) return resolve(true);
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
        setTimeout(() => resolve(false), 20000);
      })`,
    );
    const { installabilityErrors } = await tab.send("Page.getInstallabilityErrors");
    const manifest = await tab.send("Page.getAppManifest");
    const head = await evaluate(
      tab,
      `Promise.resolve({
        themeColor: document.querySelector('meta[name="theme-color"]')?.content ?? null,
        appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.href ?? null,
      })`,
    );
    const parsed = manifest.data ? JSON.parse(manifest.data) : {};
    const errors = installabilityErrors.map(
      (e) =>
        `${e.errorId}${e.errorArguments?.length ? ` (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(", ")})` : ""}`,
    );
    return {
      installable: errors.length === 0,
      installabilityErrors: errors,
      manifestUrl: manifest.url,
      manifestErrors: (manifest.errors ?? []).map((e) => e.message),
      serviceWorkerControls: controlled,
      maskableIcon: (parsed.icons ?? []).some((icon) => /maskable/.test(icon.purpose ?? "")),
      themeColor: head.themeColor,
      appleTouchIcon: head.appleTouchIcon !== null,
    };
  } finally {
    await tab.close();
  }
}
