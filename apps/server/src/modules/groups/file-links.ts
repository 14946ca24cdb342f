// A group's files are private to its members (issue 16 §3). The API hands each member links signed
// for them that expire (`/media/groups/<file>?u=&e=&s=`); serving one checks the signature, the
// date, and that the member still belongs to the group, so a removed member loses access at once.
// The answer is `private, no-store`: no shared cache keeps a copy.
import { keyedSigner } from "../../platform/crypto/signer";

/** How long a link works: long enough for a page left open, short enough to go stale. */
export const FILE_LINK_SECONDS = 6 * 60 * 60;

/** The folder of group files among the stored keys (`groups/<uuid>.<ext>`). */
export const GROUP_FILE_FOLDER = "groups";

/** A group file's address in a text (a shared file's message), signed or not. */
const GROUP_FILE_LINK = /\/media\/(groups\/[0-9a-f-]{36}\.[a-z0-9]{2,5})(\?[^\s<>"]*)?/g;

export type TFileLinkQuery = {
  u?: string | undefined;
  e?: number | undefined;
  s?: string | undefined;
};

export type TFileLinks = {
  /** The link to the stored file `key` that works for `userId` for a while. */
  linkFor(key: string, userId: string): string;
  /** The user the link was signed for, or null when it is not ours or has expired. */
  signerOf(key: string, query: TFileLinkQuery): string | null;
  /** `text` with every group file link in it signed for `userId` (old ones re-signed). */
  signLinksIn(text: string, userId: string): string;
  /** `text` with the signatures of its group file links removed, as it is stored. */
  unsignLinksIn(text: string): string;
};

export function fileLinks(secret: string, now: () => Date): TFileLinks {
  const signer = keyedSigner(secret, "group-file-links");
  const sign = (fileKey: string, userId: string, expires: number) =>
    signer.sign(fileKey, userId, String(expires));
  const linkFor = (fileKey: string, userId: string) => {
    const expires = Math.floor(now().getTime() / 1000) + FILE_LINK_SECONDS;
    const query = new URLSearchParams({
      u: userId,
      e: String(expires),
      s: sign(fileKey, userId, expires),
    });
    return `/media/${fileKey}?${query}`;
  };
  return {
    linkFor,
    signerOf(fileKey, { u, e, s }) {
      if (!u || !e || e * 1000 <= now().getTime()) return null;
      return signer.verify(s, fileKey, u, String(e)) ? u : null;
    },
    signLinksIn: (text, userId) =>
      text.replace(GROUP_FILE_LINK, (_link, fileKey: string) => linkFor(fileKey, userId)),
    unsignLinksIn: (text) =>
      text.replace(GROUP_FILE_LINK, (_link, fileKey: string) => `/media/${fileKey}`),
  };
}
