import type { Db } from '../db/types';

export type AttachmentOwner = 'product' | 'invoice' | 'contact';
export interface AttachmentMeta {
  id: number;
  ownerType: AttachmentOwner;
  ownerId: number;
  kind: string;
  filename: string;
  mimeType: string;
  size: number;
  createdAt: string;
}
export interface Attachment extends AttachmentMeta {
  content: Buffer;
}

interface Row {
  id: number; owner_type: AttachmentOwner; owner_id: number; kind: string; filename: string; mime_type: string;
  size: number; created_at: string; content?: Buffer;
}
const toMeta = (r: Row): AttachmentMeta => ({
  id: r.id, ownerType: r.owner_type, ownerId: r.owner_id, kind: r.kind, filename: r.filename, mimeType: r.mime_type, size: r.size, createdAt: r.created_at,
});

export function insertAttachment(
  db: Db, accountId: number, a: { ownerType: AttachmentOwner; ownerId: number; kind: string; filename: string; mimeType: string; content: Buffer }, now: Date,
): number {
  const r = db
    .prepare('INSERT INTO attachments (account_id, owner_type, owner_id, kind, filename, mime_type, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(accountId, a.ownerType, a.ownerId, a.kind, a.filename, a.mimeType, a.content, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function getAttachment(db: Db, accountId: number, id: number): Attachment | undefined {
  const r = db
    .prepare('SELECT id, owner_type, owner_id, kind, filename, mime_type, length(content) AS size, created_at, content FROM attachments WHERE account_id = ? AND id = ?')
    .get(accountId, id) as Row | undefined;
  return r && { ...toMeta(r), content: r.content! };
}

export function listAttachments(db: Db, accountId: number, ownerType: AttachmentOwner, ownerId: number): AttachmentMeta[] {
  const rows = db
    .prepare('SELECT id, owner_type, owner_id, kind, filename, mime_type, length(content) AS size, created_at FROM attachments WHERE account_id = ? AND owner_type = ? AND owner_id = ? ORDER BY id')
    .all(accountId, ownerType, ownerId) as Row[];
  return rows.map(toMeta);
}
