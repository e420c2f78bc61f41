import type { Messages } from '../types';
import type en from './en';

const pl: Messages<typeof en> = {
  nav: 'Wycena zapasów',
  title: 'Wycena zapasów',
  date: 'Wartość na koniec dnia',
  allWarehouses: 'Wszystkie magazyny',
  group: 'Grupa towarowa',
  allGroups: 'Wszystkie grupy',
  noGroup: '(bez grupy)',
  print: 'Drukuj / PDF',
  exportCsv: 'Eksportuj CSV',
  unsupported: 'Serwer nie oferuje wyceny zapasów (jest starszy niż ten program). Poproś administratora o aktualizację serwera.',
  offline: 'Brak połączenia: wycena wymaga serwera. Pokazano ostatnią pobraną wycenę z {{when}}.',
  offlineNever: 'Brak połączenia: wycena wymaga serwera, a na tym komputerze nie pobrano jeszcze żadnej. Pojawi się, gdy serwer będzie osiągalny.',
  offlineOther: 'Dotyczy dnia {{date}}, {{warehouse}}, {{group}}.',
  fresh: 'Wartość na koniec dnia {{date}}, obliczona przez serwer {{when}}.',
  unpriced: 'bez ceny',
  unpricedHint: 'Część zapasu przyjęto bez ceny, zanim była znana jakakolwiek cena: liczy się po 0.',
  unpricedNote: 'Pozycje z zapasem przyjętym bez ceny (liczonym po 0): {{count}}. Aby uzyskać pełną wartość, wpisz ceny zakupu przy przyjęciach.',
  empty: 'Na koniec tego dnia nie było zapasów dla tych filtrów.',
  col: { id: 'ID', product: 'Towar', unit: 'Jedn.', quantity: 'Ilość', average: 'Cena średnia ({{currency}})', value: 'Wartość ({{currency}})' },
  groupTotal: 'Razem – {{group}}',
  warehouseTotal: 'Razem magazyn – {{warehouse}}',
  total: 'Ogółem',
  csv: { kind: 'Wiersz', warehouse: 'Magazyn', group: 'Grupa towarowa', line: 'Pozycja', groupTotal: 'Razem grupa', warehouseTotal: 'Razem magazyn' },
  pdfFileName: 'wycena-zapasow-{{date}}.pdf',
  csvFileName: 'wycena-zapasow-{{date}}.csv',
  pdfLoading: 'Przygotowywanie PDF…',
};

export default pl;
