// Stored files are named by keys we generate (newFileKey): folder(s), a UUID, the sniffed extension.
// Nothing else is ever a key, so no key can reach outside its store.

export const FILE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function assertKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error(`invalid file key ${key}`);
}
