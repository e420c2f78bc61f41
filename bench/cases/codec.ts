/**
 * The request codec against the bare parsers: `decodeRequest` (safe scan, parse, shaping, zod
 * validation) of a 200-line setOrder / setInvoice body, compared with a bare
 * `new XMLParser().parse(body)` (default options) or `JSON.parse(body)` of the same body, measured
 * in the same run (interleaved rounds, the best of each). Target: full decode+validate costs at most
 * 2× the bare parse, i.e. ratio = (decodeRequest ops/s) / (bare parse ops/s) ≥ 0.5.
 */
import { XMLParser } from 'fast-xml-parser';
import { decodeRequest, encodeRequest, type Format, type Params } from '@shared/protocol';
import { opsPerSecond } from '../lib/measure';
import { makeResult, ratioAtLeast, type BenchCase } from '../lib/types';

const LINES = 200;
const ROUNDS = 5;
const CREDENTIALS = { api_key: 'ak_7f3e9c1b2d4a4e8f9a0b1c2d3e4f5a6b', session_key: 'sk_2026-11-22_4b6d8f0a1c3e5a7b' };
const UNITS = ['db', 'kg', 'm', 'óra', 'doboz'];
const NAMES = ['Kerti szék, fenyő', 'Csavar M6 × 40', 'Lakk "natúr" 0,75 l', 'Szállítás & csomagolás', 'Raklap <EUR>'];

/** A deterministic 200-line order, every optional item field used on some lines. */
function orderParams(): Params<'setOrder'> {
  return {
    warehouse: 'Default',
    shipping_aim: 'Sale',
    method: 'transfer',
    issued_date: '2026-11-22',
    selected_account: '11773016-11111018-00000000',
    contact_id: 3301,
    currency: 'EUR',
    language: 'hu_HU',
    order_description: 'Webshop order #99812 – deliver before Christmas',
    finalize_order: 1,
    fx_rate: 395.12,
    items: Array.from({ length: LINES }, (_, i) => ({
      product_id: 1000 + i,
      quantity: i % 3 === 0 ? (i % 7) + 1 : ((i % 13) + 1) * 1.25,
      unit: UNITS[i % UNITS.length]!,
      ...(i % 5 === 0 ? {} : { custom_price: ((i * 37) % 5000) + 0.99 }),
      discount: i % 4 === 0 ? i % 30 : 0,
      description: i % 2 === 0 ? `${NAMES[i % NAMES.length]!} – line ${i + 1}` : '',
    })),
    custom_fields: { Delivery_note: 'Leave at reception', Checked: ['yes'] },
    request_id: 'bench:setOrder:0001',
  };
}

/** A deterministic 200-line invoice. */
function invoiceParams(): Params<'setInvoice'> {
  return {
    crdr: 'outgoing',
    method: 'transfer',
    issued_date: '2026-11-22',
    payment_date: '2026-12-07',
    fulfillment_date: '2026-11-20',
    selected_account: '11773016-11111018-00000000',
    contact_id: 3301,
    currency: 'EUR',
    customer_vat_type: 'DOMESTIC',
    items: Array.from({ length: LINES }, (_, i) => ({
      name: `${NAMES[i % NAMES.length]!} #${i + 1}`,
      unit_price: ((i * 37) % 5000) + 0.5,
      unit: UNITS[i % UNITS.length]!,
      quantity: i % 3 === 0 ? (i % 7) + 1 : ((i % 13) + 1) * 1.5,
      vat: [27, 18, 5, 0][i % 4]!,
      discount: i % 4 === 0 ? i % 30 : 0,
      description: i % 2 === 0 ? `Rendelés #4411, sor ${i + 1}` : '',
      product_id: 1000 + i,
      deposit: 0,
    })),
    fx_rate: 395.12,
    language: 'hu_HU',
    invoice_description: 'Thank you for your order.',
    custom_fields: { Project: 'Garden 2026' },
    request_id: 'bench:setInvoice:0001',
  };
}

/** The body a case decodes (exported for profiling the stages). */
export function benchBody(method: 'setOrder' | 'setInvoice', format: Format): { body: string; contentType: string } {
  return encodeRequest(format, method, method === 'setOrder' ? orderParams() : invoiceParams(), CREDENTIALS);
}

function codecCase(method: 'setOrder' | 'setInvoice', format: Format): BenchCase {
  const name = `codec.${method}.${format}`;
  return {
    name,
    description: `decodeRequest of a ${LINES}-line ${method} ${format.toUpperCase()} body against a bare ${format === 'xml' ? 'XMLParser().parse' : 'JSON.parse'}`,
    async run(ctx) {
      const { body, contentType } = benchBody(method, format);
      // The case measures a successful decode; a body that fails validation would time the error path.
      const check = decodeRequest(body, contentType);
      if (!check.ok) throw new Error(`${name}: the bench body does not decode: ${check.error.message}`);
      if (check.request.method !== method || (check.request.params as { items: unknown[] }).items.length !== LINES) {
        throw new Error(`${name}: the bench body decoded to something else`);
      }
      const bare =
        format === 'xml'
          ? () => new XMLParser().parse(body) as unknown
          : () => JSON.parse(body) as unknown;
      const full = () => decodeRequest(body, contentType);
      // Interleaved rounds, best of each: a machine busy with other work slows whichever loop it
      // happens to overlap, and one long loop each would turn that into a false ratio.
      ctx.log(`${name}: ${ROUNDS} rounds of bare ${format === 'xml' ? 'XMLParser().parse' : 'JSON.parse'} and decodeRequest (${body.length} chars)`);
      let baseline = 0;
      let value = 0;
      const minMs = Math.max(100, ctx.minMs / ROUNDS);
      for (let r = 0; r < ROUNDS; r++) {
        baseline = Math.max(baseline, opsPerSecond(bare, { minMs }));
        value = Math.max(value, opsPerSecond(full, { minMs }));
      }
      return makeResult(
        {
          name,
          value,
          unit: 'ops/s',
          baseline,
          baselineLabel: format === 'xml' ? 'new XMLParser().parse' : 'JSON.parse',
          notes: `${(1e6 / value).toFixed(0)} µs per ${(body.length / 1024).toFixed(0)} KiB body vs ${(1e6 / baseline).toFixed(0)} µs bare`,
        },
        ratioAtLeast(0.5),
      );
    },
  };
}

export const codecCases: BenchCase[] = [
  codecCase('setOrder', 'xml'),
  codecCase('setOrder', 'json'),
  codecCase('setInvoice', 'xml'),
  codecCase('setInvoice', 'json'),
];
