// Raw events into daily counters, and raw events past their keeping. (Filled in by the recording work.)
import type { TReportsContext } from "./context";

export async function rollupRecent(_ctx: TReportsContext): Promise<void> {}
export async function pruneRaw(_ctx: TReportsContext): Promise<void> {}
