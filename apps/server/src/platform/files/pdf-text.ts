// Text for PDFs drawn with PDFKit's built-in fonts (Helvetica: no font file shipped, nothing
// fetched). They encode text as WinAnsi, so any character outside it would come out garbled:
// `pdfText` keeps Latin-1 and WinAnsi punctuation, strips accents it cannot show (ő → o) and writes
// "?" for the rest. Used by every PDF the server makes (reports' impact, a block's statement).

/** WinAnsi's characters beyond Latin-1 (code points 0x80–0x9F of the encoding). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const showable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/** Text the built-in fonts can draw: unshowable characters lose their accents, else become "?". */
export function pdfText(text: string): string {
  let out = "";
  for (const c of text) {
    if (c === "\n") out += c;
    else if (showable(c)) out += c;
    else {
      const bare = c.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += bare && [...bare].every(showable) ? bare : "?";
    }
  }
  return out;
}
