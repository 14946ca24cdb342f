// The palette's contrast (WCAG AA, 4.5:1 for text of body size), in both colour modes: the colours
// the app sets are read as a chip's or button's fill under its own text, and as text or an icon on
// the page and on cards. axe found white on the light secondary (a listing's "Boosted" chip, a
// deal's offer chip) and the secondary as text (a business card's featured deal) at 3.58:1.
import { getContrastRatio } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { createAppTheme } from "./theme";

const AA = 4.5;
const FILLS = ["primary", "secondary", "success", "info", "warning", "error"] as const;

describe.each(["light", "dark"] as const)("the %s palette", (mode) => {
  const { palette } = createAppTheme(mode);
  const grounds = {
    page: palette.background.default,
    card: palette.background.paper,
  };

  it.each(FILLS)("%s.main carries its contrast text at 4.5:1", (name) => {
    const { main, contrastText } = palette[name];
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(AA);
  });

  it.each(["secondary", "error"] as const)(
    "%s.main reads as text on the page and on a card",
    (name) => {
      for (const ground of Object.values(grounds)) {
        expect(getContrastRatio(palette[name].main, ground)).toBeGreaterThanOrEqual(AA);
      }
    },
  );

  it("text.secondary reads on the page and on a card", () => {
    for (const ground of Object.values(grounds)) {
      expect(getContrastRatio(palette.text.secondary, ground)).toBeGreaterThanOrEqual(AA);
    }
  });
});
