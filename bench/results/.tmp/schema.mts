import { openServerDb, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
async function main() {
const db = openServerDb('/tmp/schema-check.db');
await seedDemo(db as any, systemClock);
for (const r of db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('table','index','trigger') ORDER BY tbl_name").all() as any[]) console.log(r.type, r.name, '|', r.tbl_name, '|', (r.sql ?? '').replace(/\s+/g, ' ').slice(0, 200));
}
void main();
