/**
 * Which column of an imported file fills which product field: guessed from the header titles in
 * Hungarian and English (and the other UI languages' usual words), then editable by the clerk.
 */
import type { ImportField, ImportMapping } from '@shared/ipc/dataio';
import { IMPORT_FIELDS } from '@shared/ipc/dataio';

export { columnLetter } from '@shared/ipc/dataio';

/** Lower case, accents off, only letters and digits: "Cikkszám" → "cikkszam", "ÁFA %" → "afa". */
export const foldHeader = (h: string) => h.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

const WORDS: Record<ImportField, string[]> = {
  product_name: ['nev', 'termeknev', 'megnevezes', 'termek', 'name', 'productname', 'product', 'bezeichnung', 'artikelname', 'nombre', 'nazwa', 'nazwaproduktu'],
  item_number: ['cikkszam', 'cikkszam', 'sku', 'itemnumber', 'itemno', 'articlenumber', 'artikelnummer', 'kod', 'code', 'referencia', 'indeks'],
  ean_number: ['vonalkod', 'ean', 'ean13', 'barcode', 'gtin', 'strichcode', 'codigodebarras', 'kodkreskowy'],
  list_price: ['ar', 'listaar', 'eladasiar', 'nettoar', 'egysegar', 'price', 'listprice', 'saleprice', 'netprice', 'preis', 'precio', 'cena'],
  purchase_price: ['beszerzesiar', 'beszar', 'purchaseprice', 'cost', 'costprice', 'einkaufspreis', 'preciodecompra', 'cenazakupu'],
  vat: ['afa', 'afakulcs', 'afaszazalek', 'vat', 'vatrate', 'tax', 'mwst', 'ust', 'iva', 'vatstawka'],
  unit: ['egyseg', 'mennyisegiegyseg', 'me', 'unit', 'uom', 'einheit', 'unidad', 'jednostka', 'jm'],
  currency: ['penznem', 'deviza', 'currency', 'wahrung', 'moneda', 'waluta'],
  product_group: ['csoport', 'termekcsoport', 'kategoria', 'group', 'productgroup', 'category', 'warengruppe', 'categoria', 'grupa'],
  manufacturer: ['gyarto', 'marka', 'manufacturer', 'brand', 'hersteller', 'fabricante', 'producent'],
  description: ['leiras', 'description', 'beschreibung', 'descripcion', 'opis'],
};

/** Each field gets the first column whose folded title is one of its words; a column serves one field. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const folded = headers.map(foldHeader);
  const taken = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const i = folded.findIndex((h, n) => !taken.has(n) && WORDS[field].includes(h));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  return mapping;
}
