import { decodeRequest } from '@shared/protocol';
const json = (m: string, rest: string) => `{"${m}":{"api_key":"a","session_key":"b"${rest}}}`;
const b = json('setOrder', `,"items":[${Array.from({ length: 10000 }, () => '{"product_id":"x","quantity":"y","unit":[],"custom_price":"z","discount":"w","description":{},"zz":1,"yy":2}').join(',')}]`);
const e = json('getProduct', `,"filter":"${'\\"x'.repeat(1_000_000)}"`);
for (let r = 0; r < 6; r++) { let t = performance.now(); decodeRequest(b, 'application/json'); const a = performance.now() - t; t = performance.now(); const d = decodeRequest(e, 'application/json'); console.log(a.toFixed(0), (performance.now() - t).toFixed(0), !d.ok && d.error.message.slice(0, 50)); }
