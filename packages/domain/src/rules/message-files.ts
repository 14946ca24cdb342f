// A message that shares a file is written as `📎 {title} {url}` (the web's composer); everything
// that shows a message elsewhere (the conversation list, a notification, a push) shows the file by
// its name, never its address, and without the clip, which not every font has (a notification
// read "▯ court.png /media/groups/….png").
const ATTACHMENT = /^📎 (.+) (https?:\/\/\S+|\/media\/\S+)$/su;
const IMAGE_FILE = /\.(png|jpe?g|webp|gif|avif)(\?.*)?$/i;

export type TAttachment = { title: string; url: string; isImage: boolean };

/** The body of a message that shares `file`. */
export function fileMessageBody(file: { title: string; url: string }): string {
  return `📎 ${file.title} ${file.url}`;
}

/** A message that shares a file, or null for any other message. */
export function parseAttachment(body: string): TAttachment | null {
  const match = ATTACHMENT.exec(body.trim());
  if (!match?.[1] || !match[2]) return null;
  return { title: match[1], url: match[2], isImage: IMAGE_FILE.test(match[2]) };
}

/** A message in one line of plain words: a shared file by its name, other text as written. */
export function messageSnippet(body: string): string {
  const attachment = parseAttachment(body);
  if (attachment) return `Shared a file: ${attachment.title}`;
  return body.replace(/\s+/g, " ").trim();
}
