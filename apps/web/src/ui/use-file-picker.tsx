// A button that opens the browser's file chooser: the button is the one control, and the file
// input beside it is hidden (no focus stop, no second name). A <label role="button"> around the
// input, MUI's "upload button" recipe, nests one control in another (axe: nested-interactive,
// aria-allowed-role). Tests and journeys still reach the input by its name.
import { type ChangeEvent, type ReactElement, useRef } from "react";

export function useFilePicker({
  accept,
  multiple = false,
  label,
  onFiles,
}: {
  accept: string;
  multiple?: boolean;
  /** The input's name, for tests and journeys that hand it a file. */
  label: string;
  onFiles: (files: File[]) => void;
}): { open: () => void; input: ReactElement } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      hidden
      tabIndex={-1}
      multiple={multiple}
      accept={accept}
      aria-label={label}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const files = Array.from(event.target.files ?? []);
        // The same file may be chosen again.
        event.target.value = "";
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
