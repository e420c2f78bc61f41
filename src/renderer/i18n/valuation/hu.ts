import type { Messages } from '../types';
import type en from './en';

const hu: Messages<typeof en> = {
  nav: 'Készletérték',
  title: 'Készletérték',
  date: 'Érték a nap végén',
  allWarehouses: 'Minden raktár',
  group: 'Termékcsoport',
  allGroups: 'Minden csoport',
  noGroup: '(csoport nélkül)',
  print: 'Nyomtatás / PDF',
  exportCsv: 'Exportálás CSV-be',
  unsupported: 'A szerver nem ismeri a készletértékelést (régebbi, mint ez a program). Kérje meg a rendszergazdát, hogy frissítse a szervert.',
  offline: 'Nincs kapcsolat: a készletértékhez a szerver kell. Az utoljára lekért értékelés látható, lekérve: {{when}}.',
  offlineNever: 'Nincs kapcsolat: a készletértékhez a szerver kell, és ezen a gépen még nem volt lekérve. Megjelenik, amint a szerver elérhető.',
  offlineOther: 'Ez a(z) {{date}} napi értékelés ({{warehouse}}, {{group}}).',
  fresh: 'Érték {{date}} napzáráskor; a szerver számolta: {{when}}.',
  unpriced: 'ár nélkül',
  unpricedHint: 'A készlet egy része ár nélkül lett bevételezve, mielőtt áras bevételezés lett volna: 0 értéken számít.',
  unpricedNote: 'Ár nélkül bevételezett készletet tartalmazó sorok (0 értéken számolva): {{count}}. A teljes értékhez rögzítse a beszerzési árat a bevételezéseken.',
  empty: 'A nap végén nem volt készlet ezekkel a szűrőkkel.',
  col: { id: 'Azonosító', product: 'Termék', unit: 'Egység', quantity: 'Mennyiség', average: 'Átlagár ({{currency}})', value: 'Érték ({{currency}})' },
  groupTotal: 'Összesen – {{group}}',
  warehouseTotal: 'Raktár összesen – {{warehouse}}',
  total: 'Mindösszesen',
  csv: { kind: 'Sor', warehouse: 'Raktár', group: 'Termékcsoport', line: 'Tétel', groupTotal: 'Csoport összesen', warehouseTotal: 'Raktár összesen' },
  pdfFileName: 'keszletertek-{{date}}.pdf',
  csvFileName: 'keszletertek-{{date}}.csv',
  pdfLoading: 'A PDF készül…',
};

export default hu;
