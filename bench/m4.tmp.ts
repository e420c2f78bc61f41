import { parseXml } from '../src/shared/protocol/xml';
const xb = `<command><setOrder><items>${'<item/>'.repeat(190000)}</items></setOrder></command>`;
const xc = `<command><setOrder><items>${'<item><a>1</a><b>x</b></item>'.repeat(60000)}</items></setOrder></command>`;
for (let r = 0; r < 5; r++) {
  let s = performance.now(); parseXml(xb); const a = performance.now() - s;
  s = performance.now(); parseXml(xc); const b = performance.now() - s;
  console.log(a.toFixed(1), b.toFixed(1));
}
