import { decodeRequest, encodeError } from '@shared/protocol';
const k = { api_key: 'a', session_key: 'b' };
const MB5 = 5 * 1024 * 1024 - 2000;
const J = 'application/json', X = 'text/xml';
const xml = (m: string, inner: string) => `<command><${m}><api_key>a</api_key><session_key>b</session_key>${inner}</${m}></command>`;
const json = (m: string, rest: string) => `{"${m}":{"api_key":"a","session_key":"b"${rest}}}`;
const fill = (unit: string, max = MB5) => unit.repeat(Math.floor(max / unit.length));
const corpus: Array<[string, string, string]> = [
  ['json 200k empty items', json('setOrder', `,"items":[${fill('{},', 600000).slice(0, -1)}]`), J],
  ['json 5MB empty items', json('setOrder', `,"items":[${fill('{},').slice(0, -1)}]`), J],
  ['json 10k bad items', json('setOrder', `,"items":[${Array.from({ length: 10000 }, () => '{"product_id":"x","quantity":"y","unit":[],"custom_price":"z","discount":"w","description":{},"zz":1,"yy":2}').join(',')}]`), J],
  ['json 10k bad setOrderItem', json('setOrderItem', `,"order_id":1,"products":[${Array.from({ length: 10000 }, () => '{"product_id":"x","new_quantity":"y","q":1}').join(',')}]`), J],
  ['json 100k unknown keys', json('getProduct', `,"filter":"a",${Array.from({ length: 100000 }, (_, i) => `"k${i}":1`).join(',')}`), J],
  ['json 199k unknown keys', json('getProduct', `,"filter":"a",${Array.from({ length: 199000 }, (_, i) => `"k${i}":1`).join(',')}`), J],
  ['json 5MB numbers', json('getProduct', `,"x":[${fill('1,').slice(0, -1)}]`), J],
  ['json deep', json('getProduct', `,"x":${'['.repeat(2_000_000)}`), J],
  ['json 5MB string', json('getProduct', `,"filter":"${fill('x')}"`), J],
  ['json 5MB escapes', json('getProduct', `,"filter":"${fill('\\u00e9')}"`), J],
  ['xml 200k empty items', xml('setOrder', `<items>${'<item/>'.repeat(200000)}</items>`), X],
  ['xml 5MB empty items', xml('setOrder', `<items>${fill('<item/>')}</items>`), X],
  ['xml 10k bad items', xml('setOrder', `<items>${'<item><product_id>x</product_id><quantity>y</quantity><unit><a/></unit><custom_price>z</custom_price><zz/></item>'.repeat(10000)}</items>`), X],
  ['xml 100k unknown', xml('getProduct', `<filter>a</filter>${Array.from({ length: 100000 }, (_, i) => `<k${i}/>`).join('')}`), X],
  ['xml 5MB text', xml('getProduct', `<filter>${fill('x')}</filter>`), X],
  ['xml 1M entities', xml('getProduct', `<filter>${fill('&amp;')}</filter>`), X],
  ['xml 5MB charrefs', xml('getProduct', `<filter>${fill('&#233;')}</filter>`), X],
  ['xml 5MB CDATA', xml('getProduct', `<filter><![CDATA[${fill('x')}]]></filter>`), X],
  ['xml 5MB comments', xml('getProduct', `${fill('<!---->')}<filter>a</filter>`), X],
  ['xml many attrs', xml('getProduct', `<filter ${fill('a="b" ')}>a</filter>`), X],
  ['xml deep', xml('getProduct', `${'<a>'.repeat(1_500_000)}`), X],
  ['xml whitespace', xml('getProduct', `<filter>a</filter>${fill(' ')}`), X],
  ['xml many ws text segs', xml('setOrder', `<items>${fill('<item/> ')}</items>`), X],
  ['xml 5MB &', xml('getProduct', `<filter>${fill('&')}</filter>`), X],
  ['xml 5MB ]]', xml('getProduct', `<filter>${fill(']]')}</filter>`), X],
  ['xml 5MB 10k-char names', xml('getProduct', `${fill('<' + 'n'.repeat(10000) + '/>')}`), X],
];
for (const [name, body, ct] of corpus) {
  let worst = 0; let out = '';
  for (let r = 0; r < 3; r++) {
    const s = performance.now();
    const d = decodeRequest(body, ct);
    const e = d.ok ? null : encodeError(d.format, d.method, d.error);
    worst = Math.max(worst, performance.now() - s);
    out = d.ok ? 'OK' : `${e!.status} ${e!.body.length}B ${d.error.message.slice(0, 90)}`;
  }
  console.log(`${name.padEnd(28)} ${(body.length / 1e6).toFixed(2)}MB ${worst.toFixed(1).padStart(7)}ms  ${out}`);
}
