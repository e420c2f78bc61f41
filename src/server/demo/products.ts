/**
 * The product area's demo data: three warehouses, a catalog of everyday Hungarian wholesale goods
 * (mixed VAT 27/18/5, one service, one collective product), and opening stock taken in from the
 * demo suppliers onto shelf labels. Runs inside the seed's transaction; a second run changes nothing.
 */
import type { Sql } from '../db/sql';
import { insertProduct, type ProductData } from '../repos/products';
import { addMove, insertReceipt } from '../repos/stock';
import { ensureDefaultWarehouse, findWarehouse, insertWarehouse } from '../repos/warehouses';
import type { DemoStep } from './steps';

/** EAN-13 from a 12-digit body: the check digit weighs odd positions 1 and even positions 3. */
export function ean13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// name, group, manufacturer, unit, VAT, list price (HUF), VTSZ, tags
type Row = [string, string, string, string, number, number, string, string[]];
const CATALOG: Row[] = [
  ['Makita HP457DWE akkus ütvefúró 18 V', 'Elektromos kéziszerszám', 'Makita', 'db', 27, 45990, '8467 21', ['akkus', 'fúró']],
  ['Bosch GSB 13 RE ütvefúró 600 W', 'Elektromos kéziszerszám', 'Bosch', 'db', 27, 27490, '8467 21', ['fúró']],
  ['Bosch GWS 7-125 sarokcsiszoló', 'Elektromos kéziszerszám', 'Bosch', 'db', 27, 24990, '8467 29', ['csiszoló']],
  ['DeWalt DCD791 akkus fúró-csavarozó', 'Elektromos kéziszerszám', 'DeWalt', 'db', 27, 69990, '8467 21', ['akkus', 'csavarozó']],
  ['Metabo KS 55 FS körfűrész', 'Elektromos kéziszerszám', 'Metabo', 'db', 27, 52990, '8467 22', ['fűrész']],
  ['Einhell TC-JS 80 dekopírfűrész', 'Elektromos kéziszerszám', 'Einhell', 'db', 27, 12990, '8467 22', ['fűrész']],
  ['Makita 18 V 5,0 Ah akkumulátor', 'Akkumulátor és töltő', 'Makita', 'db', 27, 32990, '8507 60', ['akkus']],
  ['Bosch HSS-G fémfúrószár készlet 19 db', 'Tartozék', 'Bosch', 'készlet', 27, 8990, '8207 50', ['fúrószár']],
  ['Vágókorong fémhez 125×1,0 mm', 'Tartozék', 'Klingspor', 'db', 27, 390, '6804 22', ['vágókorong', 'fogyóeszköz']],
  ['Csiszolópapír P120 (10 db)', 'Tartozék', 'Klingspor', 'csomag', 27, 1290, '6805 20', ['fogyóeszköz']],
  ['Stanley FatMax mérőszalag 8 m', 'Kéziszerszám', 'Stanley', 'db', 27, 7490, '9017 80', ['mérés']],
  ['Stanley vízmérték 60 cm', 'Kéziszerszám', 'Stanley', 'db', 27, 5990, '9015 80', ['mérés']],
  ['Ácskalapács 600 g', 'Kéziszerszám', 'Magnusson', 'db', 27, 3490, '8205 20', ['kalapács']],
  ['Kombinált fogó 180 mm', 'Kéziszerszám', 'Knipex', 'db', 27, 8290, '8203 20', ['fogó']],
  ['Csavarhúzó készlet 6 részes', 'Kéziszerszám', 'Wera', 'készlet', 27, 11990, '8205 40', ['csavarhúzó']],
  ['Facsavar 4×40 mm (200 db)', 'Kötőelem', 'Spax', 'doboz', 27, 2190, '7318 12', ['csavar', 'fogyóeszköz']],
  ['Tipli 8 mm (100 db)', 'Kötőelem', 'Fischer', 'doboz', 27, 1890, '3926 90', ['tipli']],
  ['Szilikon tömítő, átlátszó 280 ml', 'Vegyi áru', 'Ceresit', 'db', 27, 1690, '3214 10', ['tömítés']],
  ['Purhab 750 ml', 'Vegyi áru', 'Soudal', 'db', 27, 2490, '3909 50', ['ragasztó']],
  ['Munkavédelmi kesztyű, mártott (12 pár)', 'Munkavédelem', 'Ejendals', 'csomag', 27, 4990, '6116 10', ['munkavédelem']],
  ['Védőszemüveg, víztiszta', 'Munkavédelem', '3M', 'db', 27, 1490, '9004 90', ['munkavédelem']],
  ['Munkavédelmi bakancs S3, 43-as', 'Munkavédelem', 'Cofra', 'pár', 27, 18990, '6403 40', ['munkavédelem', 'cipő']],
  ['Alumínium létra 3×7 fokos', 'Létra', 'Krause', 'db', 27, 54990, '7616 99', ['létra']],
  ['Talicska 100 l', 'Kerti eszköz', 'Haemmerlin', 'db', 27, 21990, '8716 80', ['kert']],
  ['Locsolótömlő 1/2" 25 m', 'Kerti eszköz', 'Gardena', 'tekercs', 27, 8990, '3917 32', ['kert', 'locsolás']],
  ['Fűnyíró benzines 46 cm', 'Kerti gép', 'Husqvarna', 'db', 27, 119990, '8433 11', ['kert', 'gép']],
  ['LED izzó E27 9 W meleg fehér', 'Villamosság', 'Tungsram', 'db', 27, 990, '8539 52', ['világítás']],
  ['Hosszabbító 5 aljzatos 3 m', 'Villamosság', 'Kopp', 'db', 27, 3290, '8544 42', ['villany']],
  ['AA alkáli elem (4 db)', 'Villamosság', 'Varta', 'csomag', 27, 1590, '8506 10', ['elem']],
  ['Zepter serpenyő 24 cm', 'Háztartás', 'Zepter', 'db', 27, 39990, '7323 93', ['konyha']],
  ['Tefal vízforraló 1,7 l', 'Háztartási kisgép', 'Tefal', 'db', 27, 12990, '8516 71', ['konyha']],
  ['Philips kávéfőző filteres', 'Háztartási kisgép', 'Philips', 'db', 27, 17990, '8516 71', ['konyha', 'kávé']],
  ['Herend porcelán bögre, Viktória', 'Porcelán', 'Herend', 'db', 27, 24900, '6911 10', ['porcelán', 'ajándék']],
  ['Zsolnay eozin váza 20 cm', 'Porcelán', 'Zsolnay', 'db', 27, 38900, '6913 10', ['porcelán', 'ajándék']],
  ['Pick téliszalámi 700 g', 'Élelmiszer', 'Pick Szeged', 'db', 18, 7490, '1601 00', ['élelmiszer', 'hungarikum']],
  ['Tokaji Aszú 5 puttonyos 0,5 l', 'Ital', 'Tokaji Borvidék', 'üveg', 27, 8990, '2204 21', ['bor', 'hungarikum']],
  ['Szilvapálinka 0,5 l 40%', 'Ital', 'Zwack', 'üveg', 27, 6490, '2208 90', ['pálinka']],
  ['Győri Édes keksz 180 g', 'Élelmiszer', 'Győri Keksz', 'csomag', 18, 390, '1905 31', ['édesség']],
  ['Túró Rudi natúr 30 g', 'Tejtermék', 'Pöttyös', 'db', 18, 159, '0406 10', ['tejtermék']],
  ['UHT tej 2,8% 1 l', 'Tejtermék', 'Mizo', 'doboz', 5, 399, '0401 20', ['tejtermék']],
  ['Tojás M-es (10 db)', 'Élelmiszer', 'Kápolnás', 'doboz', 5, 990, '0407 21', ['élelmiszer']],
  ['Kenyér fehér 1 kg', 'Pékáru', 'Fornetti', 'db', 18, 790, '1905 90', ['pékáru']],
  ['Szakkönyv: Villanyszerelés a gyakorlatban', 'Könyv', 'Műszaki Kiadó', 'db', 5, 5900, '4901 99', ['könyv']],
  ['Sertés karaj, csontos (kg)', 'Hús', 'Gyulahús', 'kg', 5, 2490, '0203 19', ['hús']],
  ['Gorenje hűtőszekrény 260 l', 'Nagygép', 'Gorenje', 'db', 27, 149990, '8418 10', ['háztartás', 'nagygép']],
  ['Gorenje mosógép 7 kg', 'Nagygép', 'Gorenje', 'db', 27, 129990, '8450 11', ['háztartás', 'nagygép']],
  ['Zwilling szakácskés 20 cm', 'Háztartás', 'Zwilling', 'db', 27, 29990, '8211 92', ['konyha', 'kés']],
  ['Festékhenger 25 cm + tálca', 'Festés', 'Anza', 'szett', 27, 2990, '9603 40', ['festés']],
  ['Beltéri falfesték fehér 10 l', 'Festés', 'Poli-Farbe', 'vödör', 27, 9990, '3209 10', ['festés']],
];

const SHELVES = ['A-01', 'A-02', 'B-01', 'B-03', 'C-02'];

const step: DemoStep = async (db: Sql, account, clock) => {
  const now = clock.now();
  const { accountId } = account;
  if (await findWarehouse(db, accountId, 'Budapest Raktár')) return;
  const warehouses = [
    await ensureDefaultWarehouse(db, accountId, now),
    await insertWarehouse(db, accountId, { name: 'Budapest Raktár', postalCode: '1097', city: 'Budapest', street: 'Gubacsi út 6.' }, now),
    await insertWarehouse(db, accountId, { name: 'Győr Raktár', postalCode: '9027', city: 'Győr', street: 'Külső Árpád út 2.' }, now),
  ];
  const suppliers = [account.supplierContactId, account.contactIds['Polska Hurtownia Sp. z o.o.'] ?? account.supplierContactId];
  const ids: number[] = [];
  for (const [i, [name, group, manufacturer, unit, vat, price, vtsz, tags]] of CATALOG.entries()) {
    const data: ProductData = {
      name, productGroup: group, manufacturer, unit, vat: String(vat), listPrice: String(price), currency: 'HUF', action: i % 11 === 0 ? 1 : 0,
      purchasePrice: String(Math.round(price * 0.62)), wholesalePrice: String(Math.round(price * 0.8)), vtszNumber: vtsz, tags,
      itemNumber: `SD-${String(1001 + i)}`, eanNumber: ean13(`599${String(4000000 + i * 37).padStart(9, '0')}`), foreignItemNumber: `EXT-${String(70000 + i * 13)}`,
      countryCode: i % 4 === 0 ? 'DE' : 'HU', service: 0, components: [],
    };
    const id = await insertProduct(db, accountId, data, now);
    ids.push(id);
    const takeIns: Array<[number, string, number]> = [[warehouses[i % 3]!, SHELVES[i % SHELVES.length]!, 5 + ((i * 7) % 40)]];
    if (i % 3 === 0) takeIns.push([warehouses[(i + 1) % 3]!, '', 2 + (i % 9)]);
    for (const [warehouseId, label, qty] of takeIns) {
      const receiptId = await insertReceipt(db, accountId, {
        kind: 'takein', warehouseId, contactId: suppliers[i % 2], date: '2026-11-02', price: data.purchasePrice, currency: 'HUF', batchNo: `DEMO-${2026}-${i + 1}`,
      }, now);
      await addMove(db, accountId, receiptId, { productId: id, warehouseId, label, qtyMilli: qty * 1000 });
    }
  }
  await insertProduct(db, accountId, {
    name: 'Kiszállítás és beüzemelés', productGroup: 'Szolgáltatás', unit: 'alkalom', vat: '27', listPrice: '14990', currency: 'HUF', action: 0,
    itemNumber: 'SD-SZOLG-01', tags: ['szolgáltatás'], service: 1, components: [],
  }, now);
  await insertProduct(db, accountId, {
    name: 'Barkácscsomag (fúró, fúrószár, tipli)', productGroup: 'Csomagajánlat', manufacturer: 'Stockdesk', unit: 'csomag', vat: '27', listPrice: '34990',
    currency: 'HUF', action: 1, itemNumber: 'SD-CSOMAG-01', eanNumber: ean13('599400999001'), tags: ['csomag', 'akció'], service: 0,
    components: [{ id: ids[1]!, qty: '1' }, { id: ids[7]!, qty: '1' }, { id: ids[16]!, qty: '2' }],
  }, now);
};

export const demoProducts = step;
