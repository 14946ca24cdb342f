// Ordered lists of stored files that belong to something: a member's images, a listing's images
// and documents, a group's shared files. One set of rules, whatever table holds the rows:
// - the file is stored before its row is written, and removed again if the row is not;
// - a list holds at most `max` files;
// - order is a fractional sort key per row, so a move rewrites one row (under a lock on the owner);
// - a replaced or deleted file leaves the store once its row no longer points at it.
import type { TErrorCode } from "@hostfield/domain/contracts";
import { sortKeyAfter, sortKeyBetween } from "@hostfield/domain/rules";
import { inTransaction, type TDb } from "../db/database";
import { AppError, notFound } from "../http/errors";
import type { TFileStore } from "./store";
import { newFileKey, type TUpload } from "./upload";

/** What a row records about its file. */
export type TFileFacts = {
  fileKey: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
};

/** How one kind of list reads and writes its rows; `TOwner` names the list (a user, a group and kind...). */
export type TFileListRows<TOwner, TRow extends { fileKey: string }> = {
  /** Serialises changes to one list for the rest of the transaction. */
  lock(db: TDb, owner: TOwner): Promise<void>;
  ordered(db: TDb, owner: TOwner): Promise<{ id: string; sortKey: string }[]>;
  insert(
    db: TDb,
    owner: TOwner,
    values: TFileFacts & { title: string; sortKey: string },
  ): Promise<TRow>;
  update(
    db: TDb,
    owner: TOwner,
    id: string,
    values: Partial<TFileFacts & { sortKey: string }>,
  ): Promise<TRow | undefined>;
  remove(db: TDb, owner: TOwner, id: string): Promise<TRow | undefined>;
  /** Runs in the same transaction after every change (a member's avatar follows their first image). */
  changed?(db: TDb, owner: TOwner): Promise<void>;
};

export type TFileListOptions<TOwner> = {
  /** Where new files go in the store, e.g. `users` or `profiles/facilities`. */
  keyPrefix: (owner: TOwner) => string;
  max: number;
  /** The 409 answer when the list is full. */
  full: { code: TErrorCode; message: string };
  /** What a missing file is called in a 404, e.g. "The image". */
  what: string;
};

export function fileList<TOwner, TRow extends { fileKey: string }>(
  deps: { db: TDb; files: TFileStore },
  rows: TFileListRows<TOwner, TRow>,
  options: TFileListOptions<TOwner>,
) {
  const transaction = <T>(run: (db: TDb) => Promise<T>) => inTransaction(deps.db, run);
  const facts = (fileKey: string, upload: TUpload): TFileFacts => ({
    fileKey,
    contentType: upload.contentType,
    size: upload.size,
    width: upload.width,
    height: upload.height,
  });
  /** Stores the upload, runs `write`, and takes the file back out if `write` fails. */
  const storing = async <T>(owner: TOwner, upload: TUpload, write: (key: string) => Promise<T>) => {
    const fileKey = newFileKey(options.keyPrefix(owner), upload.extension);
    await deps.files.put(fileKey, upload.body);
    try {
      return await write(fileKey);
    } catch (error) {
      await deps.files.delete(fileKey).catch(() => undefined);
      throw error;
    }
  };
  const dropFile = (key: string) => deps.files.delete(key).catch(() => undefined);

  return {
    /** Appends an upload at the end of the list. */
    add(owner: TOwner, upload: TUpload): Promise<TRow> {
      return storing(owner, upload, (fileKey) =>
        transaction(async (db) => {
          await rows.lock(db, owner);
          const ordered = await rows.ordered(db, owner);
          if (ordered.length >= options.max) {
            throw new AppError(options.full.code, 409, options.full.message);
          }
          const row = await rows.insert(db, owner, {
            ...facts(fileKey, upload),
            title: upload.displayName,
            sortKey: sortKeyBetween(ordered.at(-1)?.sortKey ?? null, null),
          });
          await rows.changed?.(db, owner);
          return row;
        }),
      );
    },

    /** Puts new content under an existing entry (title and place stay). */
    async replace(owner: TOwner, id: string, current: TRow, upload: TUpload): Promise<TRow> {
      const row = await storing(owner, upload, (fileKey) =>
        transaction(async (db) => {
          const updated = await rows.update(db, owner, id, facts(fileKey, upload));
          if (!updated) throw notFound(options.what);
          await rows.changed?.(db, owner);
          return updated;
        }),
      );
      await dropFile(current.fileKey);
      return row;
    },

    /** Moves an entry right after `afterId` (null: first). */
    move(owner: TOwner, id: string, afterId: string | null): Promise<void> {
      return transaction(async (db) => {
        await rows.lock(db, owner);
        const ordered = await rows.ordered(db, owner);
        if (!ordered.some((row) => row.id === id)) throw notFound(options.what);
        if (afterId === id) return;
        const sortKey = sortKeyAfter(
          ordered.filter((row) => row.id !== id),
          afterId,
        );
        if (sortKey === null) throw notFound(`${options.what} to place it after`);
        await rows.update(db, owner, id, { sortKey });
        await rows.changed?.(db, owner);
      });
    },

    async remove(owner: TOwner, id: string): Promise<TRow> {
      const removed = await transaction(async (db) => {
        const row = await rows.remove(db, owner, id);
        if (row) await rows.changed?.(db, owner);
        return row;
      });
      if (!removed) throw notFound(options.what);
      await dropFile(removed.fileKey);
      return removed;
    },
  };
}
