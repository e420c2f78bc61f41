import type { Sql } from '../db/sql';

export type CustomFieldArea = 'finance' | 'finance_item' | 'order';
export type CustomFieldType = 'text' | 'number' | 'date' | 'checkbox' | 'radio';
export interface CustomFieldDef {
  name: string;
  type: CustomFieldType;
  options: string[];
}

export async function addCustomFieldDef(sql: Sql, accountId: number, area: CustomFieldArea, d: CustomFieldDef): Promise<void> {
  await sql.run('INSERT INTO custom_field_defs (account_id, area, name, type, options) VALUES (?, ?, ?, ?, ?)', [
    accountId, area, d.name, d.type, JSON.stringify(d.options),
  ]);
}

export async function listCustomFieldDefs(sql: Sql, accountId: number, area: CustomFieldArea): Promise<CustomFieldDef[]> {
  const rows = await sql.all<{ name: string; type: CustomFieldType; options: string }>(
    'SELECT name, type, options FROM custom_field_defs WHERE account_id = ? AND area = ? ORDER BY name',
    [accountId, area],
  );
  return rows.map((r) => ({ name: r.name, type: r.type, options: JSON.parse(r.options) as string[] }));
}
