/**
 * The tools' varied load on the engine bench's server (bench/cases/server-engines.child.ts, whose
 * `info` it takes): every request another product and warehouse, 8 connections, for `seconds`.
 */
import { autocannon, type CannonResult } from './http';

export function engineLoad(info: Record<string, unknown>, kind: string): (seconds: number) => Promise<CannonResult> {
  const keys = info.keys as object;
  const firstId = info.firstId as number;
  const products = info.products as number;
  const warehouses = info.warehouses as string[];
  const body = (i: number) => JSON.stringify(kind === 'getQuantity'
    ? { getQuantity: { ...keys, product_id: firstId + ((i * 7919) % products), warehouse: i % 3 ? warehouses[i % warehouses.length] : '*' } }
    : { setQuantity: { ...keys, product_id: firstId + ((i * 7919) % products), quantity: 1, contact_id: info.supplier, warehouse: warehouses[i % warehouses.length] } });
  let n = 0;
  return (seconds) => autocannon({
    url: `${info.url as string}/api/product`, method: 'POST', body: body(0), headers: { 'content-type': 'application/json' }, connections: 8, duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, body: body(n++) }) }],
  });
}
