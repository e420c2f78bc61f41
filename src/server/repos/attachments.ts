import type { Sql } from '../db/sql';

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

export async function insertAttachment(
  sql: Sql, accountId: number, a: { ownerType: AttachmentOwner; ownerId: number; kind: string; filename: string; mimeType: string; content: Buffer }, now: Date,
): Promise<number> {
  const r = await sql.get<{ id: number }>(
    'INSERT INTO attachments (account_id, owner_type, owner_id, kind, filename, mime_type, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [accountId, a.ownerType, a.ownerId, a.kind, a.filename, a.mimeType, a.content, now.toISOString()],
  );
  return r!.id;
}

export async function getAttachment(sql: Sql, accountId: number, id: number): Promise<Attachment | undefined> {
  const r = await sql.get<Row>(
    'SELECT id, owner_type, owner_id, kind, filename, mime_type, length(content) AS size, created_at, content FROM attachments WHERE account_id = ? AND id = ?',
    [accountId, id],
  );
  return r && { ...toMeta(r), content: r.content! };
}

export async function listAttachments(sql: Sql, accountId: number, ownerType: AttachmentOwner, ownerId: number): Promise<AttachmentMeta[]> {
  const rows = await sql.all<Row>(
    'SELECT id, owner_type, owner_id, kind, filename, mime_type, length(content) AS size, created_at FROM attachments WHERE account_id = ? AND owner_type = ? AND owner_id = ? ORDER BY id',
    [accountId, ownerType, ownerId],
  );
  return rows.map(toMeta);
}
