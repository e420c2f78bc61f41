import type { Db } from '../db/types';
import { stmt } from './statements';

export type CustomFieldArea = 'finance' | 'finance_item' | 'order';
export type CustomFieldType = 'text' | 'number' | 'date' | 'checkbox' | 'radio';
export interface CustomFieldDef {
  name: string;
  type: CustomFieldType;
  options: string[];
}

export function addCustomFieldDef(db: Db, accountId: number, area: CustomFieldArea, d: CustomFieldDef): void {
  db.prepare('INSERT INTO custom_field_defs (account_id, area, name, type, options) VALUES (?, ?, ?, ?, ?)').run(
    accountId, area, d.name, d.type, JSON.stringify(d.options),
  );
}

export function listCustomFieldDefs(db: Db, accountId: number, area: CustomFieldArea): CustomFieldDef[] {
  const rows = stmt(db, 'SELECT name, type, options FROM custom_field_defs WHERE account_id = ? AND area = ? ORDER BY name').all(accountId, area) as Array<{
    name: string; type: CustomFieldType; options: string;
  }>;
  return rows.map((r) => ({ name: r.name, type: r.type, options: JSON.parse(r.options) as string[] }));
}
