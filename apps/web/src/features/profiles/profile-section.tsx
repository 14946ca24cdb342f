// The frame of one section of a listing page: a titled region, with actions beside the title.
import { denseMediaBox, mediaDensity, type TMediaBox } from "@hostfield/domain/reference";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

export function ProfileSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {actions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}

/** Image addresses from `/media` take a size; other links are used as they are. */
export function mediaSrc(
  url: string,
  size: { w?: number; h?: number; fit?: "cover" | "contain" | "scale-down" },
): string {
  if (!url.startsWith("/media/")) return url;
  const params = new URLSearchParams();
  if (size.w) params.set("w", String(size.w));
  if (size.h) params.set("h", String(size.h));
  params.set("fit", size.fit ?? "cover");
  params.set("format", "auto");
  return `${url}${url.includes("?") ? "&" : "?"}${params.toString()}`;
}

/** `src` plus a dense `srcSet`, so the image is sharp on dense screens. */
export function mediaImageProps(url: string, size: TMediaBox) {
  const factor = mediaDensity(size);
  const dense = denseMediaBox(size);
  return {
    src: mediaSrc(url, size),
    srcSet: url.startsWith("/media/")
      ? `${mediaSrc(url, size)} 1x, ${mediaSrc(url, dense)} ${factor.toFixed(2).replace(/\.?0+$/, "")}x`
      : undefined,
    width: size.w,
    height: size.h,
  };
}
