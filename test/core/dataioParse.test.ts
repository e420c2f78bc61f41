/** The import's readers without a server: CSV quoting and separators, number cells, header guessing. */
import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv, writeCsv } from '@main/core/dataio/csv';
import { readNumber } from '@main/core/dataio/number';
import { columnLetter, guessMapping } from '@main/core/dataio/mapping';
import { readTable } from '@main/core/dataio/table';

describe('CSV', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes, a BOM and CRLF', () => {
    const { rows, delimiter } = parseCsv('\uFEFFa;b;c\r\n"x;y";"say ""hi""";"two\r\nlines"\r\n1;;3\r\n');
    expect(delimiter).toBe(';');
    expect(rows).toEqual([['a', 'b', 'c'], ['x;y', 'say "hi"', 'two\r\nlines'], ['1', '', '3']]);
  });

  it('detects the separator from the header line, outside quotes', () => {
    expect(detectDelimiter('name,sku,price\n"a;b",1,2')).toBe(',');
    expect(detectDelimiter('"x,y";b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('name\tsku\n')).toBe('\t');
    expect(detectDelimiter('name\n')).toBe(';');
  });

  it('keeps blank lines as rows (row numbers match the spreadsheet) and reads a last line without a line break', () => {
    expect(parseCsv('h\n\nx').rows).toEqual([['h'], [''], ['x']]);
  });

  it('writes what Hungarian Excel opens: BOM, `;`, decimal commas, CRLF, quotes only where needed', () => {
    expect(writeCsv([['Név', 'Ár'], ['Fogó; kombinált', 12.5], ['"Profi"', 3490], [null, -0.25]])).toBe('\uFEFFNév;Ár\r\n"Fogó; kombinált";12,5\r\n"""Profi""";3490\r\n;-0,25\r\n');
    const back = parseCsv(writeCsv([['a\nb', 'c;d']])).rows;
    expect(back).toEqual([['a\nb', 'c;d']]);
  });
});

describe('number cells', () => {
  it('reads them as the screens read a typed amount', () => {
    expect(readNumber('12,50')).toBe(12.5);
    expect(readNumber('3 490,00')).toBe(3490);
    expect(readNumber('1.290,5')).toBe(1290.5);
    expect(readNumber('1,290.5')).toBe(1290.5);
    expect(readNumber('1.234.567')).toBe(1234567);
    expect(readNumber('27%')).toBe(27);
    expect(readNumber('\u22125')).toBe(-5);
    expect(readNumber(7.25)).toBe(7.25);
  });

  it('refuses what is not a number rather than guessing', () => {
    for (const s of ['tizenkettő', '1200 Ft', '1.2,3,4', '1-2', '']) expect(readNumber(s)).toBeNull();
  });
});

describe('column mapping', () => {
  it('guesses the fields from Hungarian and English titles, accents and case aside', () => {
    expect(guessMapping(['Cikkszám', 'Név', 'Vonalkód', 'Nettó ár', 'ÁFA', 'Mennyiségi egység', 'Termékcsoport', 'Gyártó'])).toEqual({
      item_number: 0, product_name: 1, ean_number: 2, list_price: 3, vat: 4, unit: 5, product_group: 6, manufacturer: 7,
    });
    expect(guessMapping(['Name', 'SKU', 'EAN', 'Price', 'VAT', 'Unit', 'Category', 'Purchase price', 'Colour'])).toEqual({
      product_name: 0, item_number: 1, ean_number: 2, list_price: 3, vat: 4, unit: 5, product_group: 6, purchase_price: 7,
    });
  });

  it('names columns with spreadsheet letters', () => {
    expect([0, 25, 26, 51, 52].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA']);
  });
});

describe('tables', () => {
  it('tells XLSX from CSV by the bytes and says what is wrong with neither', async () => {
    await expect(readTable(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toThrow(/workbook cannot be read/);
    await expect(readTable(new Uint8Array([0, 1, 2, 0]))).rejects.toThrow(/neither a CSV/);
    await expect(readTable(new TextEncoder().encode(''))).rejects.toThrow(/empty/);
  });
});
