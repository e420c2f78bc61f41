import type { Messages } from '../types';
import type en from './en';

const de: Messages<typeof en> = {
  nav: 'Lagerbewertung',
  title: 'Lagerbewertung',
  date: 'Wert zum Ende von',
  allWarehouses: 'Alle Lager',
  group: 'Warengruppe',
  allGroups: 'Alle Gruppen',
  noGroup: '(ohne Gruppe)',
  print: 'Drucken / PDF',
  exportCsv: 'CSV exportieren',
  unsupported: 'Der Server bietet keine Lagerbewertung (er ist älter als dieses Programm). Bitten Sie Ihren Administrator, den Server zu aktualisieren.',
  offline: 'Offline: Die Bewertung braucht den Server. Gezeigt wird die zuletzt gelesene Bewertung vom {{when}}.',
  offlineNever: 'Offline: Die Bewertung braucht den Server, und auf diesem Rechner wurde noch keine gelesen. Sie erscheint, sobald der Server erreichbar ist.',
  offlineOther: 'Sie gilt für {{date}}, {{warehouse}}, {{group}}.',
  fresh: 'Wert zum Ende des {{date}}, vom Server berechnet am {{when}}.',
  unpriced: 'ohne Preis',
  unpricedHint: 'Ein Teil dieses Bestands wurde ohne Preis eingebucht, bevor ein Preis bekannt war: er zählt mit 0.',
  unpricedNote: 'Zeilen mit ohne Preis eingebuchtem Bestand (mit 0 bewertet): {{count}}. Erfassen Sie die Einkaufspreise bei den Zugängen für den vollen Wert.',
  empty: 'Zum Ende dieses Tages gab es mit diesen Filtern keinen Bestand.',
  col: { id: 'Nr.', product: 'Artikel', unit: 'Einheit', quantity: 'Menge', average: 'Durchschnittspreis ({{currency}})', value: 'Wert ({{currency}})' },
  groupTotal: 'Summe – {{group}}',
  warehouseTotal: 'Summe Lager – {{warehouse}}',
  total: 'Gesamtsumme',
  csv: { kind: 'Zeile', warehouse: 'Lager', group: 'Warengruppe', line: 'Position', groupTotal: 'Summe Gruppe', warehouseTotal: 'Summe Lager' },
  pdfFileName: 'lagerbewertung-{{date}}.pdf',
  csvFileName: 'lagerbewertung-{{date}}.csv',
  pdfLoading: 'Das PDF wird erstellt…',
};

export default de;
