// Starts a public page the server sent. apps/server's platform/web/first-view.ts writes this script
// into the page (without these leading comment lines) and allows it by its hash in that page's
// Content-Security-Policy. Over a page the server has painted, the app's modules are asked for
// once the painted page is on screen, so its images and fonts come first: data-entry is the app's
// entry module, data-preload the modules it imports at once (fetched side by side rather than one
// after another). On a page sent without its first view (too slow to paint, or too many at once),
// data-call names the call the page makes first: it goes out now rather than once the app has
// arrived, and the app takes its answer (src/lib/first-call.ts, which reads the global named here).
(() => {
  const script = document.currentScript;
  if (!script) return;
  if (script.dataset.call) {
    const call = JSON.parse(script.dataset.call);
    const headers = { Accept: "application/json" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    // The server may still be answering this call for its render: it hands that answer over.
    if (call.handover) headers["X-First-View-Call"] = call.handover;
    const response = fetch(call.url, { method: call.method, headers, body: call.body });
    // A call that found no answer is asked again by the app: not an error of the page's.
    response.catch(() => undefined);
    window.__hostfieldFirstCall = {
      method: call.method,
      url: call.url,
      body: call.body,
      startedAt: performance.now(),
      response,
    };
  }
  if (!script.dataset.entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.dataset.preload ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = script.dataset.entry ?? "";
    document.head.append(entry);
  };
  // After the next frame is painted; a tab in the background paints no frames, hence the timer.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
})();
