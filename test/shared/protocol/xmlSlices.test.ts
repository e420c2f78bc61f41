/**
 * The XML reader takes a long text a slice at a time (xml.ts, TEXT_CHUNK): what it reads must not
 * depend on where a slice ends. A reference or a "]]>" across the cut, and blank pieces kept out
 * of a value until more text follows, read exactly as they would in one piece.
 */
import { describe, expect, it } from 'vitest';
import { parseRequest } from '@shared/protocol';
import { parseXml, parseXmlAsync } from '@shared/protocol/xml';

const CHUNK = 256 * 1024;
// Answers have no text cap, so long values can be read back whole.
const read = (s: string) => parseXml(s, 64, Infinity);

describe('long XML text read in slices', () => {
  it('a reference across the cut is decoded whole, sliced or not', async () => {
    for (let shift = 0; shift < 14; shift++) {
      const before = 'x'.repeat(CHUNK - 8 + shift);
      const doc = `<a>${before}&#x151;&amp;y</a>`;
      expect(read(doc)).toEqual({ a: `${before}ő&y` });
      expect(await parseXmlAsync(doc, 64, Infinity)).toEqual({ a: `${before}ő&y` });
    }
  });

  it('"]]>" across the cut is still refused', () => {
    for (let shift = 0; shift < 4; shift++) {
      const doc = `<a>${'x'.repeat(CHUNK - 2 - shift)}]]>${'x'.repeat(10)}</a>`;
      expect(() => read(doc), `shift ${shift}`).toThrow(/"]]>" in text at line 1/);
    }
  });

  it('blank text is trimmed as before: between fields it vanishes, inside a value it stays', () => {
    const gap = ' '.repeat(CHUNK + 1000);
    expect(read(`<a><b>1</b>${gap}\n${gap}</a>`)).toEqual({ a: { b: '1' } });
    expect(read(`<a>${gap}x${gap}<!-- c -->${gap}y${gap}</a>`)).toEqual({ a: `x${gap}${gap}y` });
    expect(read(`<a> <![CDATA[ p ]]> q <!---->\t</a>`)).toEqual({ a: 'p  q' });
  });

  it('a request CDATA longer than a value may be is refused by its length, naming the field', () => {
    const body = `<command><getProduct><api_key>a</api_key><session_key>b</session_key><filter><![CDATA[${'x'.repeat(20_001)}]]></filter></getProduct></command>`;
    expect(() => parseRequest(body, 'text/xml')).toThrow('filter is longer than 20000 characters; no field takes more than 10000.');
  });
});
