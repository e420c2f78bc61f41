import type { Messages } from '../types';
import type en from './en';

const pl: Messages<typeof en> = {
  ready: 'Stockdesk {{version}} został pobrany. Zainstaluje się po zamknięciu Stockdesk albo teraz, po ponownym uruchomieniu.',
  restartNow: 'Uruchom ponownie teraz',
  later: 'Później',
  waiting: 'Stockdesk uruchomi się ponownie w wersji {{version}}, gdy wysyłane teraz zmiany dotrą do serwera.',
  refused: {
    unmarked: 'Dostępny jest Stockdesk {{version}}, ale jego wydanie nie mówi, czy otworzy dane tego komputera, więc nie zostanie zainstalowany. Zapytaj osobę, która opiekuje się Stockdesk.',
    mirrorTooNew: 'Dostępny jest Stockdesk {{version}}, ale nie otworzy danych tego komputera zapisanych przez nowszy Stockdesk, więc nie zostanie zainstalowany. Zapytaj osobę, która opiekuje się Stockdesk.',
    mirrorTooOld: 'Dostępny jest Stockdesk {{version}}, ale nie potrafi już zaktualizować tak starych danych, więc nie zostanie zainstalowany. Zapytaj osobę, która opiekuje się Stockdesk.',
  },
};
export default pl;
