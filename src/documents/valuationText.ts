/** The valuation PDF's labels in every document language (each locale complete, checked by the type). */
import type { Locale } from './model';

export interface ValuationMessages {
  title: string;
  asOf: (date: string) => string;
  method: string;
  filters: { warehouse: string; group: string; all: string; noGroup: string };
  columns: { id: string; product: string; unit: string; quantity: string; average: string; value: string };
  groupTotal: (group: string) => string;
  warehouseTotal: (warehouse: string) => string;
  total: string;
  unpriced: (n: number) => string;
  unpricedMark: string;
  empty: string;
  /** The warehouse every account has, stored as "Default", in this language (as the desk words it). */
  defaultWarehouse: string;
}

const hu: ValuationMessages = {
  title: 'Készletérték',
  asOf: (d) => `${d} napzárás szerint`,
  method: 'Csúsztatott átlagos beszerzési áron, raktáranként; a sorértékek egész forintra kerekítve, az összegek a kerekített sorok összegei.',
  filters: { warehouse: 'Raktár', group: 'Termékcsoport', all: 'mind', noGroup: '(csoport nélkül)' },
  columns: { id: 'Azonosító', product: 'Termék', unit: 'Egység', quantity: 'Mennyiség', average: 'Átlagár', value: 'Érték' },
  groupTotal: (g) => `Összesen – ${g}`,
  warehouseTotal: (w) => `Raktár összesen – ${w}`,
  total: 'Mindösszesen',
  unpriced: (n) => `${n} sorban ár nélkül bevételezett mennyiség van: azt 0 értéken számoltuk (*).`,
  unpricedMark: '*',
  empty: 'Ezen a napon nem volt készlet.',
  defaultWarehouse: 'Alapértelmezett raktár',
};

const en: ValuationMessages = {
  title: 'Stock valuation',
  asOf: (d) => `as of the end of ${d}`,
  method: 'At moving-average purchase cost per warehouse; line values rounded to the currency unit, totals are sums of the rounded lines.',
  filters: { warehouse: 'Warehouse', group: 'Product group', all: 'all', noGroup: '(no group)' },
  columns: { id: 'ID', product: 'Product', unit: 'Unit', quantity: 'Quantity', average: 'Average cost', value: 'Value' },
  groupTotal: (g) => `Total – ${g}`,
  warehouseTotal: (w) => `Warehouse total – ${w}`,
  total: 'Grand total',
  unpriced: (n) => `${n} line(s) hold stock taken in without a price: it is counted at 0 (*).`,
  unpricedMark: '*',
  empty: 'There was no stock on this day.',
  defaultWarehouse: 'Default warehouse',
};

const de: ValuationMessages = {
  title: 'Lagerbewertung',
  asOf: (d) => `zum Tagesende ${d}`,
  method: 'Zum gleitenden durchschnittlichen Einstandspreis je Lager; Zeilenwerte auf die Währungseinheit gerundet, Summen aus den gerundeten Zeilen.',
  filters: { warehouse: 'Lager', group: 'Warengruppe', all: 'alle', noGroup: '(ohne Gruppe)' },
  columns: { id: 'Nr.', product: 'Artikel', unit: 'Einheit', quantity: 'Menge', average: 'Durchschnittspreis', value: 'Wert' },
  groupTotal: (g) => `Summe – ${g}`,
  warehouseTotal: (w) => `Summe Lager – ${w}`,
  total: 'Gesamtsumme',
  unpriced: (n) => `${n} Zeile(n) enthalten ohne Preis eingebuchte Menge: sie ist mit 0 bewertet (*).`,
  unpricedMark: '*',
  empty: 'An diesem Tag war kein Bestand vorhanden.',
  defaultWarehouse: 'Standardlager',
};

const pl: ValuationMessages = {
  title: 'Wycena zapasów',
  asOf: (d) => `na koniec dnia ${d}`,
  method: 'Według średniej ruchomej ceny zakupu w każdym magazynie; wartości pozycji zaokrąglone do jednostki waluty, sumy to sumy zaokrąglonych pozycji.',
  filters: { warehouse: 'Magazyn', group: 'Grupa towarowa', all: 'wszystkie', noGroup: '(bez grupy)' },
  columns: { id: 'ID', product: 'Towar', unit: 'Jedn.', quantity: 'Ilość', average: 'Cena średnia', value: 'Wartość' },
  groupTotal: (g) => `Razem – ${g}`,
  warehouseTotal: (w) => `Razem magazyn – ${w}`,
  total: 'Ogółem',
  unpriced: (n) => `Pozycje z ilością przyjętą bez ceny: ${n}; policzono ją po 0 (*).`,
  unpricedMark: '*',
  empty: 'Tego dnia nie było zapasów.',
  defaultWarehouse: 'Magazyn domyślny',
};

const es: ValuationMessages = {
  title: 'Valoración de existencias',
  asOf: (d) => `al cierre del ${d}`,
  method: 'A coste medio ponderado móvil de compra por almacén; valores de línea redondeados a la unidad de la moneda, los totales suman las líneas redondeadas.',
  filters: { warehouse: 'Almacén', group: 'Grupo de productos', all: 'todos', noGroup: '(sin grupo)' },
  columns: { id: 'ID', product: 'Producto', unit: 'Unidad', quantity: 'Cantidad', average: 'Coste medio', value: 'Valor' },
  groupTotal: (g) => `Total – ${g}`,
  warehouseTotal: (w) => `Total almacén – ${w}`,
  total: 'Total general',
  unpriced: (n) => `${n} línea(s) con cantidad entrada sin precio: se valora a 0 (*).`,
  unpricedMark: '*',
  empty: 'No había existencias ese día.',
  defaultWarehouse: 'Almacén por defecto',
};

const ALL: Record<Locale, ValuationMessages> = { hu_HU: hu, en_US: en, de_DE: de, pl_PL: pl, es_ES: es };

export const valuationMessages = (locale: Locale): ValuationMessages => ALL[locale];
