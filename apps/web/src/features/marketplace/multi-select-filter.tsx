// A filter of several values: a button naming the filter and how many are chosen, opening a panel
// of checkboxes (with a find box for long lists). Each tick applies at once.
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useRef, useState } from "react";
import { LazyPopover, preloadOverlays } from "../../ui/lazy-overlays";
import { TextInput } from "./fields";

/** Lists longer than this get a find box. */
const FIND_THRESHOLD = 12;

export function MultiSelectFilter<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const id = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [find, setFind] = useState("");
  const chosen = useMemo(() => new Set<string>(value), [value]);
  const shown = useMemo(() => {
    const needle = find.trim().toLowerCase();
    return needle ? options.filter((option) => option.toLowerCase().includes(needle)) : options;
  }, [find, options]);

  const toggle = (option: T, on: boolean) => {
    // Keep the reference list's order, so the address is the same whatever the clicking order.
    onChange(options.filter((candidate) => (candidate === option ? on : chosen.has(candidate))));
  };

  return (
    <>
      <Button
        ref={anchor}
        variant={value.length > 0 ? "contained" : "outlined"}
        color={value.length > 0 ? "primary" : "inherit"}
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadOverlays}
        onFocus={preloadOverlays}
        sx={{ textTransform: "none", borderColor: "divider", flexShrink: 0 }}
      >
        {label}
        {value.length > 0 ? ` · ${value.length}` : ""}
      </Button>
      <LazyPopover
        open={open}
        anchorEl={anchor.current}
        onClose={() => {
          setOpen(false);
          setFind("");
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{
          paper: {
            id: `${id}-panel`,
            role: "dialog",
            "aria-labelledby": `${id}-title`,
            sx: { width: 300, maxWidth: "calc(100vw - 32px)" },
          } as object,
        }}
      >
        <Stack
          direction="row"
          sx={{ px: 2, pt: 1.5, pb: 1, alignItems: "center", justifyContent: "space-between" }}
        >
          <Typography id={`${id}-title`} variant="subtitle2" component="h2">
            {label}
          </Typography>
          <Button size="small" disabled={value.length === 0} onClick={() => onChange([])}>
            Clear
          </Button>
        </Stack>
        {options.length > FIND_THRESHOLD ? (
          <Box sx={{ px: 2, pb: 1 }}>
            <TextInput
              type="search"
              // The panel opens to find a value: the find box takes the focus.
              autoFocus
              placeholder={`Find ${label.toLowerCase()}`}
              aria-label={`Find ${label.toLowerCase()}`}
              value={find}
              onChange={(event) => setFind(event.target.value)}
            />
          </Box>
        ) : null}
        <Box
          component="fieldset"
          sx={{ m: 0, px: 2, pb: 1.5, border: 0, maxHeight: 320, overflowY: "auto" }}
        >
          <Box
            component="legend"
            sx={{
              position: "absolute",
              width: 1,
              height: 1,
              overflow: "hidden",
              clip: "rect(0 0 0 0)",
            }}
          >
            {label}
          </Box>
          {shown.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              Nothing matches "{find}".
            </Typography>
          ) : (
            shown.map((option) => (
              <Box
                component="label"
                key={option}
                sx={{
                  display: "flex",
                  alignItems: "center",
                  gap: 1.25,
                  py: 0.75,
                  fontSize: 15,
                  cursor: "pointer",
                  "& input": {
                    width: 18,
                    height: 18,
                    m: 0,
                    accentColor: "currentColor",
                    cursor: "pointer",
                  },
                  "&:has(input:checked)": { fontWeight: 600 },
                }}
              >
                <input
                  type="checkbox"
                  checked={chosen.has(option)}
                  onChange={(event) => toggle(option, event.target.checked)}
                />
                {option}
              </Box>
            ))
          )}
        </Box>
      </LazyPopover>
    </>
  );
}
