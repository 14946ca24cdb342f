// One confirmation dialog for the whole app; useConfirm() opens it and awaits how it ended.
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  resolveConfirmOptions,
  type TConfirmOptions,
  type TConfirmResult,
  type TResolvedConfirmOptions,
} from "./confirm-options";

type TDialogProps = ComponentProps<typeof import("./confirm-dialog").ConfirmDialog>;

/** If the dialog's code cannot load (offline, stale deploy), the question ends unanswered. */
function DialogUnavailable({ onResult }: TDialogProps) {
  useEffect(() => onResult("closed"), [onResult]);
  return null;
}

// Loaded on first use: its form controls are not needed for the first paint.
const ConfirmDialog = lazy(async (): Promise<{ default: ComponentType<TDialogProps> }> => {
  try {
    return { default: (await import("./confirm-dialog")).ConfirmDialog };
  } catch {
    return { default: DialogUnavailable };
  }
});

type TPending = {
  id: number;
  ownerId: string;
  options: TResolvedConfirmOptions;
  resolve: (result: TConfirmResult) => void;
};

type TConfirmContext = {
  request(ownerId: string, options: TResolvedConfirmOptions): Promise<TConfirmResult>;
  /** Ends the owner's open dialog, if any, as "unmounted". */
  release(ownerId: string): void;
};

const ConfirmContext = createContext<TConfirmContext | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<TPending | null>(null);
  const [open, setOpen] = useState(false);
  const pending = useRef<TPending | null>(null);
  const nextId = useRef(0);

  const settle = useCallback((result: TConfirmResult, match: (p: TPending) => boolean) => {
    const current = pending.current;
    if (!current || !match(current)) return;
    pending.current = null;
    setOpen(false);
    current.resolve(result);
  }, []);

  const request = useCallback(
    (ownerId: string, options: TResolvedConfirmOptions) =>
      new Promise<TConfirmResult>((resolve) => {
        // A newer question replaces an open one, which ends as if dismissed.
        settle("closed", () => true);
        nextId.current += 1;
        const next: TPending = { id: nextId.current, ownerId, options, resolve };
        pending.current = next;
        setShown(next);
        setOpen(true);
      }),
    [settle],
  );

  const release = useCallback(
    (ownerId: string) => settle("unmounted", (p) => p.ownerId === ownerId),
    [settle],
  );

  const value = useMemo(() => ({ request, release }), [request, release]);

  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            key={shown.id}
            options={shown.options}
            open={open}
            onResult={(result) => settle(result, (p) => p.id === shown.id)}
            onExited={() => {
              // Keep the content during the exit animation, then drop it.
              if (!pending.current) setShown(null);
            }}
          />
        </Suspense>
      ) : null}
    </ConfirmContext.Provider>
  );
}

export type TConfirm = (options?: TConfirmOptions) => Promise<TConfirmResult>;

/**
 * Returns `confirm(options)`. It throws at once on an unsupported button type; otherwise it
 * resolves with "confirmed", "cancelled", "closed" (backdrop or Escape) or "unmounted" (the
 * calling component went away while the dialog was open).
 */
export function useConfirm(): TConfirm {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error("useConfirm must be used inside <ConfirmProvider>.");
  const ownerId = useId();
  const { request, release } = context;

  useEffect(() => () => release(ownerId), [release, ownerId]);

  return useCallback(
    (options?: TConfirmOptions) => request(ownerId, resolveConfirmOptions(options)),
    [request, ownerId],
  );
}
