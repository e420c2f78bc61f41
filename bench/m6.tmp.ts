import { decodeRequest } from '@shared/protocol';
const xml = (m: string, inner: string) => `<command><${m}><api_key>a</api_key><session_key>b</session_key>${inner}</${m}></command>`;
const b = xml('getProduct', `<filter>a</filter>${Array.from({ length: 100000 }, (_, i) => `<k${i}/>`).join('')}`);
const j = `{"getProduct":{"api_key":"a","filter":"a",${Array.from({ length: 100000 }, (_, i) => `"k${i}":1`).join(',')}}}`;
for (let r = 0; r < 4; r++) { let t = performance.now(); decodeRequest(b, 'text/xml'); const a = performance.now() - t; t = performance.now(); decodeRequest(j, 'application/json'); console.log(a.toFixed(0), (performance.now() - t).toFixed(0)); }
