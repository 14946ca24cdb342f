// The SQL of a group's shared files (pictures and documents, in their order), each with who
// uploaded it.
import { and, asc, count, eq, ilike } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { containsPattern } from "../../../platform/db/like";
import { users } from "../../users/schema";
import { groupFiles } from "../schema";
import type { TPersonRow } from "./people";

/** What a group file is: a picture or a document. */
export type TFileKind = (typeof groupFiles.kind.enumValues)[number];
export type TFileRow = typeof groupFiles.$inferSelect;
type TWindow = { limit: number; offset: number };

export type TFileWithUploader = TFileRow & { uploader: TPersonRow | null };
const fileSelection = {
  file: groupFiles,
  uploader: { id: users.id, name: users.name, avatarKey: users.avatarKey },
};
const withUploader = (r: {
  file: TFileRow;
  uploader: { id: string | null; name: string | null; avatarKey: string | null } | null;
}): TFileWithUploader => ({
  ...r.file,
  uploader: r.uploader?.id ? (r.uploader as TPersonRow) : null,
});

export async function listFiles(
  db: TDb,
  groupId: string,
  kind: "image" | "document",
  window: TWindow,
  text?: string,
): Promise<{ rows: TFileWithUploader[]; count: number }> {
  const where = and(
    eq(groupFiles.groupId, groupId),
    eq(groupFiles.kind, kind),
    text ? ilike(groupFiles.title, containsPattern(text)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(fileSelection)
      .from(groupFiles)
      .leftJoin(users, eq(users.id, groupFiles.uploadedBy))
      .where(where)
      .orderBy(asc(groupFiles.sortKey), asc(groupFiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(groupFiles).where(where),
  ]);
  return { rows: rows.map(withUploader), count: total!.n };
}

export async function findFile(db: TDb, groupId: string, kind: TFileKind, fileId: string) {
  const [row] = await db
    .select(fileSelection)
    .from(groupFiles)
    .leftJoin(users, eq(users.id, groupFiles.uploadedBy))
    .where(
      and(eq(groupFiles.groupId, groupId), eq(groupFiles.kind, kind), eq(groupFiles.id, fileId)),
    );
  return row && withUploader(row);
}

/** The group whose file is stored under `key`, if any. */
export async function groupOfFileKey(db: TDb, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ groupId: groupFiles.groupId })
    .from(groupFiles)
    .where(eq(groupFiles.fileKey, key))
    .limit(1);
  return row?.groupId;
}

export async function filesInOrder(db: TDb, groupId: string, kind: TFileKind) {
  return db
    .select({ id: groupFiles.id, sortKey: groupFiles.sortKey })
    .from(groupFiles)
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.kind, kind)))
    .orderBy(asc(groupFiles.sortKey), asc(groupFiles.id));
}

export async function insertFile(db: TDb, row: typeof groupFiles.$inferInsert) {
  const [created] = await db.insert(groupFiles).values(row).returning();
  return created!;
}

export async function updateFile(
  db: TDb,
  groupId: string,
  fileId: string,
  values: Partial<typeof groupFiles.$inferInsert>,
) {
  const [row] = await db
    .update(groupFiles)
    .set({ ...values, updatedDate: new Date() })
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.id, fileId)))
    .returning();
  return row;
}

export async function deleteFile(db: TDb, groupId: string, fileId: string) {
  const [row] = await db
    .delete(groupFiles)
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.id, fileId)))
    .returning();
  return row;
}

export async function fileKeysOfGroup(db: TDb, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ key: groupFiles.fileKey })
    .from(groupFiles)
    .where(eq(groupFiles.groupId, groupId));
  return rows.map((r) => r.key);
}
