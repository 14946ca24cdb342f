// The confirmation dialog's options, defaults (spec §2) and their validation (spec §8).
import type { ReactNode } from "react";

/** How a confirmation ended: confirm, cancel, backdrop/Escape, or its owner went away. */
export type TConfirmResult = "confirmed" | "cancelled" | "closed" | "unmounted";

export const CONFIRM_BUTTON_TYPES = ["primary", "danger"] as const;
export type TConfirmButtonType = (typeof CONFIRM_BUTTON_TYPES)[number];

export type TConfirmOptions = {
  title?: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** `danger` paints the confirm button red for destructive actions. */
  confirmButtonType?: TConfirmButtonType;
  /** The user must type this word before Confirm is enabled. */
  keyword?: string;
  /** Label of a checkbox the user must tick before Confirm is enabled. */
  acknowledgement?: ReactNode;
};

export type TResolvedConfirmOptions = Required<
  Pick<TConfirmOptions, "title" | "confirmText" | "cancelText" | "confirmButtonType">
> &
  Pick<TConfirmOptions, "description" | "keyword" | "acknowledgement">;

export const CONFIRM_DEFAULTS = {
  title: "Are you sure?",
  confirmText: "Ok",
  cancelText: "Cancel",
  confirmButtonType: "primary",
} as const satisfies Partial<TConfirmOptions>;

export class UnsupportedConfirmButtonTypeError extends Error {
  constructor(value: unknown) {
    super(
      `Unsupported confirmation button type ${JSON.stringify(value)}; use one of: ${CONFIRM_BUTTON_TYPES.join(", ")}.`,
    );
    this.name = "UnsupportedConfirmButtonTypeError";
  }
}

function isButtonType(value: unknown): value is TConfirmButtonType {
  return (CONFIRM_BUTTON_TYPES as readonly unknown[]).includes(value);
}

/** Fills in the defaults; throws on a button type the dialog cannot draw. */
export function resolveConfirmOptions(options: TConfirmOptions = {}): TResolvedConfirmOptions {
  const confirmButtonType = options.confirmButtonType ?? CONFIRM_DEFAULTS.confirmButtonType;
  if (!isButtonType(confirmButtonType)) {
    throw new UnsupportedConfirmButtonTypeError(confirmButtonType);
  }
  const keyword = options.keyword?.trim() || undefined;
  return {
    title: options.title ?? CONFIRM_DEFAULTS.title,
    confirmText: options.confirmText ?? CONFIRM_DEFAULTS.confirmText,
    cancelText: options.cancelText ?? CONFIRM_DEFAULTS.cancelText,
    confirmButtonType,
    description: options.description,
    keyword,
    // Like the keyword: an empty label (null, "", false) asks for no checkbox at all.
    acknowledgement: options.acknowledgement || undefined,
  };
}
