// The one inline style sheet of the auth pages: the web app's palette, light and dark, and its
// typeface (served by this server, fonts.ts); nothing else is loaded.
import { PAGE_FONT_CSS } from "./fonts";

// Same colours as apps/web's MUI theme, so moving between the SPA and sign-in does not flash a new brand.
export const AUTH_PAGE_CSS = `
${PAGE_FONT_CSS}
:root {
  color-scheme: light dark;
  --font: "Plus Jakarta Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --bg: #f5f7fb;
  --glow-primary: rgba(21, 84, 209, 0.14);
  --glow-accent: rgba(232, 89, 12, 0.1);
  --surface: #ffffff;
  --text: #0f1b2d;
  --muted: #4a5a70;
  --border: rgba(15, 27, 45, 0.12);
  --input-border: #8a97aa;
  --primary: #1554d1;
  --primary-hover: #0e3c99;
  --on-primary: #ffffff;
  --accent: #e8590c;
  --brand-mark: #1554d1;
  --link: #1554d1;
  --focus: #1554d1;
  --danger: #c62828;
  --danger-bg: #fdecec;
  --success: #16884a;
  --success-bg: #e8f5ee;
  --shadow: 0 1px 2px rgba(15, 27, 45, 0.06), 0 12px 32px rgba(15, 27, 45, 0.08);
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1220;
    --glow-primary: rgba(127, 166, 255, 0.12);
    --glow-accent: rgba(255, 138, 69, 0.05);
    --surface: #121b2e;
    --text: #eef2f8;
    --muted: #a7b3c6;
    --border: rgba(238, 242, 248, 0.12);
    --input-border: #5d6b82;
    --primary: #7fa6ff;
    --primary-hover: #a9c3ff;
    --on-primary: #0b1220;
    --accent: #ff8a45;
    --brand-mark: #2f6be8;
    --link: #a9c3ff;
    --focus: #a9c3ff;
    --danger: #ff8a8a;
    --danger-bg: rgba(255, 116, 116, 0.12);
    --success: #4ed28a;
    --success-bg: rgba(78, 210, 138, 0.12);
    --shadow: 0 1px 2px rgba(0, 0, 0, 0.3), 0 12px 32px rgba(0, 0, 0, 0.35);
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 24px 16px 40px;
  font-family: var(--font);
  font-size: 16px;
  line-height: 1.5;
  color: var(--text);
  background-color: var(--bg);
  background-image:
    radial-gradient(900px 420px at 0% 0%, var(--glow-primary), transparent 65%),
    radial-gradient(700px 360px at 100% 0%, var(--glow-accent), transparent 65%);
  background-repeat: no-repeat;
}
.shell { width: 100%; max-width: 420px; margin: auto 0; }
.masthead { display: flex; justify-content: center; margin-bottom: 20px; }
.brand {
  display: inline-flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 0 6px;
  border-radius: 10px;
  color: var(--text);
  font-size: 22px;
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
}
.brand svg { display: block; width: 34px; height: 34px; flex: none; }
.brand-square { fill: var(--brand-mark); }
.brand-dot { fill: var(--accent); }
.card {
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 16px;
  box-shadow: var(--shadow);
  padding: 32px 28px;
  overflow-wrap: anywhere;
}
@media (max-width: 599.95px) {
  /* On phones the card starts at the top, so the logo stays put from page to page. */
  body { padding: 16px 12px 32px; }
  .shell { margin: 0; }
  .card { padding: 24px 20px; }
}
h1 {
  margin: 0 0 20px;
  font-size: 1.625rem;
  line-height: 1.25;
  font-weight: 700;
  letter-spacing: -0.02em;
}
p { margin: 0 0 16px; }
.lead { margin-top: -12px; margin-bottom: 24px; color: var(--muted); }
.card > :last-child, form > :last-child, .text > :last-child { margin-bottom: 0; }
.text { margin-bottom: 24px; }
.text strong { color: var(--text); font-weight: 700; }
.muted { color: var(--muted); font-size: 0.9375rem; }
a { color: var(--link); text-underline-offset: 3px; }
a:hover { text-decoration-thickness: 2px; }
.field { margin-bottom: 20px; }
.field label { display: block; margin-bottom: 6px; font-weight: 600; }
.hint { margin: -2px 0 8px; color: var(--muted); font-size: 0.875rem; }
.field-error {
  margin: -2px 0 8px;
  color: var(--danger);
  font-size: 0.875rem;
  font-weight: 600;
}
input, select, button { font: inherit; }
.input {
  display: block;
  width: 100%;
  min-height: 48px;
  padding: 10px 14px;
  color: var(--text);
  background-color: var(--surface);
  border: 1px solid var(--input-border);
  border-radius: 10px;
  transition: border-color 120ms ease;
}
.input:hover { border-color: var(--text); }
.input[aria-invalid="true"] { border: 2px solid var(--danger); padding: 9px 13px; }
select.input {
  appearance: none;
  padding-right: 44px;
  background-image:
    linear-gradient(45deg, transparent 50%, var(--muted) 50%),
    linear-gradient(135deg, var(--muted) 50%, transparent 50%);
  background-position: calc(100% - 22px) 50%, calc(100% - 16px) 50%;
  background-size: 6px 6px, 6px 6px;
  background-repeat: no-repeat;
}
select.input[aria-invalid="true"] { padding-right: 43px; }
select.input option { color: var(--text); background-color: var(--surface); }
.field-aside { display: flex; justify-content: flex-end; margin: -12px 0 12px; }
.alert, .notice {
  margin: 0 0 24px;
  padding: 12px 16px;
  border-radius: 10px;
  border-left: 4px solid;
}
.alert { background: var(--danger-bg); border-color: var(--danger); }
.alert:focus { outline: none; }
.notice { background: var(--success-bg); border-color: var(--success); }
.alert p, .notice p { margin: 0; font-weight: 600; }
.notice p { font-weight: 500; }
.alert ul { margin: 8px 0 0; padding-left: 20px; }
.alert li + li { margin-top: 4px; }
.alert a { color: var(--danger); font-weight: 600; }
.actions { display: grid; gap: 12px; margin-top: 24px; }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 48px;
  padding: 10px 20px;
  border: 1px solid transparent;
  /* A pill at one line; a long label (an e-mail in "Continue as") wraps into a rounded box. */
  border-radius: 24px;
  font-weight: 600;
  line-height: 1.3;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;
}
.button-primary { background-color: var(--primary); color: var(--on-primary); }
.button-primary:hover { background-color: var(--primary-hover); }
.button-secondary {
  background-color: transparent;
  color: var(--link);
  border-color: var(--input-border);
}
.button-secondary:hover { border-color: var(--link); background-color: var(--glow-primary); }
.links {
  margin: 24px 0 0;
  padding-top: 20px;
  border-top: 1px solid var(--border);
  text-align: center;
  color: var(--muted);
}
.links p { margin: 0; }
.links p + p { margin-top: 4px; }
.link-target { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
.input:focus-visible { outline-offset: 1px; border-color: var(--focus); }
.visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; }
}
@media (forced-colors: active) {
  .button, .input, .alert, .notice { border: 1px solid CanvasText; }
}
`;
