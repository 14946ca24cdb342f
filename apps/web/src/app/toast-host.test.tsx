// The toasts take the theme's colours: notistack's own (white on #43a047 for success, on #ff9800
// for warnings) fell short of 4.5:1, and axe flagged every success toast in the journeys.
import { ThemeProvider } from "@mui/material/styles";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createAppTheme } from "./theme/theme";
import { ToastProvider, useSnackbar } from "./toasts";

type TVariant = "success" | "error" | "warning" | "info";

function Ask({ variant }: { variant: TVariant }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar(`A ${variant} toast`, { variant })}>
      Ask
    </button>
  );
}

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

describe("the toasts' colours", () => {
  it.each<TVariant>(["success", "error", "warning", "info"])(
    "a %s toast is the theme's",
    async (variant) => {
      const theme = createAppTheme("light");
      render(
        <ThemeProvider theme={theme}>
          <ToastProvider>
            <Ask variant={variant} />
          </ToastProvider>
        </ThemeProvider>,
      );
      await userEvent.click(screen.getByRole("button", { name: "Ask" }));
      // The toasts' code loads with the first one.
      const text = await screen.findByText(`A ${variant} toast`, {}, { timeout: 10_000 });
      const toast = text.closest(`.notistack-MuiContent-${variant}`) as HTMLElement;
      expect(getComputedStyle(toast).backgroundColor).toBe(rgb(theme.palette[variant].main));
    },
  );
});
