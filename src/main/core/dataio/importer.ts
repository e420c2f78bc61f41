/**
 * The import's two steps behind the screen: preview (read the file, check every row) and commit
 * (the accepted rows into the outbox, one setProduct each with its own request_id, all in one
 * mirror transaction: either every row is queued or none). The commit reads the file and checks
 * the rows again against the mirror as it is then, so a second commit of the same file finds the
 * products the first one made (by SKU, or by EAN for a row without one) and queues nothing for them.
 */
import type { Encoding, ImportPreview, ImportResult } from '@shared/ipc/dataio';
import type { CoreContext } from '../handlers/context';
import { ipcError } from '../handlers/context';
import { stmt } from '../mirror/db';
import { nextLocalId } from '../mirror/settings';
import { submit } from '../outbox/service';
import { buildPreview, type ImportChoices, type RowCommand } from './preview';
import { readTable, TableError, type Table } from './table';

export interface ImportInput extends ImportChoices { file: { name: string; data: string }; encoding?: Encoding }

async function load(input: ImportInput): Promise<Table> {
  let table: Table;
  try {
    table = await readTable(Buffer.from(input.file.data, 'base64'), input.encoding);
  } catch (e) {
    if (e instanceof TableError) throw ipcError('VALIDATION_ERROR', `${input.file.name}: ${e.message}`, [{ field: 'file', message: e.message }]);
    throw e;
  }
  const bad = Object.entries(input.mapping ?? {}).find(([, i]) => i >= table.headers.length);
  if (bad) throw ipcError('VALIDATION_ERROR', `The file has ${table.headers.length} columns; ${bad[0]} cannot come from column ${bad[1] + 1}.`, [{ field: `mapping.${bad[0]}`, message: 'is not a column of the file' }]);
  return table;
}

export async function previewImport(ctx: CoreContext, input: ImportInput): Promise<ImportPreview> {
  return buildPreview(ctx.db, await load(input), input).preview;
}

export async function commitImport(ctx: CoreContext, input: ImportInput): Promise<ImportResult> {
  const table = await load(input);
  // Text read in the wrong encoding would be stored as the products' names: nothing is sent while a cell looks garbled.
  const g = table.garbled.cells[0];
  if (g) {
    const message = `${input.file.name}: ${table.garbled.total} cell(s) look garbled when read as ${table.encoding?.name} (first: row ${g.row}, column ${g.column}); choose the file's encoding.`;
    throw ipcError('VALIDATION_ERROR', message, [{ field: 'encoding', message: 'the text looks garbled in this encoding' }]);
  }
  // Checked and queued in one synchronous transaction: a second commit of the same file (a double
  // click) runs after this one and finds its products by SKU or EAN, so it queues nothing for them.
  const { preview, ids } = ctx.db.transaction(() => {
    const { preview, commands } = buildPreview(ctx.db, table, input);
    if (preview.mapping.product_name === undefined) throw ipcError('VALIDATION_ERROR', 'Choose the column that holds the product names.', [{ field: 'mapping.product_name', message: 'is required' }]);
    return { preview, ids: commands.map((c) => queue(ctx, c)) };
  })();
  if (ids.length) ctx.changed(['products', 'outbox']);
  return {
    created: preview.counts.create, updated: preview.counts.update, unchanged: preview.counts.unchanged, skipped: preview.counts.skip,
    invalid: preview.counts.invalid, entries: ids.length ? { from: ids[0]!, to: ids.at(-1)! } : null,
  };
}

function queue(ctx: CoreContext, c: RowCommand): number {
  const name = c.params.product_name;
  if (c.action === 'update') {
    const id = c.params.id!;
    return submit(ctx.outbox, {
      method: 'setProduct', params: c.params as Record<string, unknown>, queueKey: `product:${id}`,
      summary: `Product change (import): ${name}`, summaryData: { kind: 'productChange', args: { name } },
    });
  }
  const id = nextLocalId(ctx.db, 'product');
  return submit(ctx.outbox, {
    method: 'setProduct', params: c.params as Record<string, unknown>, queueKey: `product:${id}`, creates: `product:${id}`,
    summary: `New product (import): ${name}`, summaryData: { kind: 'newProduct', args: { name } },
  });
}

/** How far the import's entries got: sent (done), still waiting, refused, given up. */
export function importProgress(ctx: CoreContext, from: number, to: number) {
  // Per state over the (state, id) index: only entries not yet sent are read, never the done ones.
  const count = stmt(ctx.db, 'SELECT count(*) FROM outbox WHERE state = ? AND id BETWEEN ? AND ?').pluck();
  const n = (state: string) => count.get(state, from, to) as number;
  // Sent entries are pruned from the outbox after a while: what is no longer there was sent.
  const total = to - from + 1;
  const waiting = n('queued') + n('in_flight') + n('retry_wait');
  const needsAttention = n('needs_attention');
  const discarded = n('discarded');
  return { total, sent: total - waiting - needsAttention - discarded, waiting, needsAttention, discarded };
}
