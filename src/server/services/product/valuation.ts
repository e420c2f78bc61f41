/** Extension getStockValuation: the stock's value at the end of a business day (docs/valuation.md). */
import { roundMoney, sumMoney, toNumber } from '@shared/money';
import { invalid, VALUATION_LINES_MAX, VALUATION_MOVES_MAX, type Params, type Result, type ValuationLine } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { getAccount } from '../../repos/accounts';
import { movesUpTo, valuedProducts, type ValuedProduct } from '../../repos/valuation';
import { listWarehouses } from '../../repos/warehouses';
import { businessDate } from '../finance/calendar';
import { fromMilli } from './common';
import { average, placeValue, valueProduct } from './valuationMethod';
import { resolveWarehouse } from './warehouses';

/** Products read per statement: bounds the memory one slice of the ledger takes. */
const SLICE = 200;

const tooLarge = (what: string): never => {
  throw invalid(`This valuation would ${what}; narrow it with a warehouse or a product group.`, [{ field: 'warehouse', message: 'narrow the valuation' }]);
};

interface Line extends ValuationLine { value_text: string }

/** Lines in the order the screen, the PDF and the CSV group them: warehouse, group, name, id. */
const byPlace = (a: Line, b: Line) => a.warehouse.localeCompare(b.warehouse, 'hu') || a.product_group.localeCompare(b.product_group, 'hu')
  || a.product_name.localeCompare(b.product_name, 'hu') || a.product_id - b.product_id;

/** Sums of rounded line values per key, in first-seen order (the lines are sorted already). */
function subtotals<K extends string>(lines: Line[], key: (l: Line) => string, currency: string, build: (l: Line, value: number) => Record<K, string | number>) {
  const sums = new Map<string, { first: Line; values: string[] }>();
  for (const l of lines) {
    const k = key(l);
    const e = sums.get(k) ?? { first: l, values: [] };
    e.values.push(l.value_text);
    sums.set(k, e);
  }
  return [...sums.values()].map((e) => build(e.first, toNumber(sumMoney(e.values, currency))));
}

export async function getStockValuation(ctx: RequestContext, p: Params<'getStockValuation'>): Promise<Result<'getStockValuation'>> {
  const now = ctx.clock.now();
  const today = businessDate(now, ctx.timeZone);
  const date = p.date ?? today;
  if (date > today) {
    throw invalid(`A valuation is of a day that has ended or is today (${today} in Budapest); ${date} is later. Choose an earlier date.`, [{ field: 'date', message: `must be ${today} or earlier` }]);
  }
  const warehouseName = p.warehouse === undefined || p.warehouse === '' || p.warehouse === '*' ? undefined : p.warehouse;
  const only = warehouseName === undefined ? undefined : await resolveWarehouse(ctx, ctx.db, warehouseName, 'warehouse', false);
  const currency = (await getAccount(ctx.db, ctx.accountId))!.defaultCurrency;
  const names = new Map((await listWarehouses(ctx.db, ctx.accountId)).map((w) => [w.id, w.name]));
  const products = await valuedProducts(ctx.db, ctx.accountId, p.product_group);
  const lines: Line[] = [];
  let read = 0;
  for (let i = 0; i < products.length; i += SLICE) {
    const slice = products.slice(i, i + SLICE);
    const moves = await movesUpTo(ctx.db, ctx.accountId, slice.map((x) => x.id), date);
    read += moves.length;
    if (read > VALUATION_MOVES_MAX) tooLarge(`read more than ${VALUATION_MOVES_MAX.toLocaleString('en')} stock moves`);
    let from = 0;
    for (const product of slice) {
      let to = from;
      while (to < moves.length && moves[to]!.product_id === product.id) to++;
      for (const [warehouseId, s] of valueProduct(moves.slice(from, to), currency)) {
        if (s.qtyMilli === 0 || (only !== undefined && warehouseId !== only.id)) continue;
        lines.push(line(product, names.get(warehouseId) ?? String(warehouseId), s.qtyMilli, average(s)?.round(4).toFixed() ?? '0', roundMoney(placeValue(s).toFixed(), currency), s.unpriced));
      }
      from = to;
    }
    if (lines.length > VALUATION_LINES_MAX) tooLarge(`list more than ${VALUATION_LINES_MAX.toLocaleString('en')} lines`);
  }
  lines.sort(byPlace);
  return {
    date, currency,
    lines: lines.map(({ value_text: _, ...l }) => l),
    group_subtotals: subtotals(lines, (l) => `${l.warehouse}\u0000${l.product_group}`, currency, (l, value) => ({ warehouse: l.warehouse, product_group: l.product_group, value })),
    warehouse_subtotals: subtotals(lines, (l) => l.warehouse, currency, (l, value) => ({ warehouse: l.warehouse, value })),
    group_totals: subtotals([...lines].sort((a, b) => a.product_group.localeCompare(b.product_group, 'hu')), (l) => l.product_group, currency, (l, value) => ({ product_group: l.product_group, value })),
    total_value: toNumber(sumMoney(lines.map((l) => l.value_text), currency)),
    unpriced_lines: lines.filter((l) => l.unpriced === 1).length,
    server_time: now.toISOString(),
  } as Result<'getStockValuation'>;
}

function line(product: ValuedProduct, warehouse: string, qtyMilli: number, avg: string, value: string, unpriced: boolean): Line {
  return {
    warehouse, product_id: product.id, product_name: product.name, product_group: product.group, unit: product.unit,
    quantity: fromMilli(qtyMilli), average_cost: Number(avg), value: toNumber(value), value_text: value, unpriced: unpriced ? 1 : 0,
  };
}
