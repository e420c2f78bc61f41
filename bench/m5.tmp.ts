const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const B = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;
const xb = `<command><setOrder><items>${'<item/>'.repeat(190000)}</items></setOrder></command>`;
for (let r = 0; r < 3; r++) {
  let s = performance.now(); NOT_XML_CHAR.exec(xb); const a = performance.now() - s;
  s = performance.now(); B.exec(xb); const b = performance.now() - s;
  s = performance.now(); let i = 0, c = 0; while ((i = xb.indexOf('<', i) + 1) > 0) c++; const d = performance.now() - s;
  console.log(a.toFixed(1), b.toFixed(1), d.toFixed(1), c);
}
