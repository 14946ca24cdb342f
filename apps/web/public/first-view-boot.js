// Starts the app over a page the server has painted. apps/server's platform/web/first-view.ts
// writes this script into the page where index.html loaded the app (without these leading comment
// lines) and allows it by its hash in that page's Content-Security-Policy. The app's modules are
// asked for once the painted page is on screen, so its images and fonts come first. data-entry is
// the app's entry module, data-preload the modules it imports at once (fetched side by side rather
// than one after another).
(() => {
  const script = document.currentScript;
  if (!script) return;
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
