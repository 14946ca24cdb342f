// A file's size as people read it, wherever files are listed (a listing's documents, a proposal's
// attachments).
import { formatCount } from "@hostfield/domain/rules";

/** "512 B", "820 KB", "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
