import type { Messages } from '../types';
import type en from './en';

const hu: Messages<typeof en> = {
  ready: 'A Stockdesk {{version}} letöltődött. A Stockdesk bezárásakor települ, vagy most, ha újraindítja.',
  restartNow: 'Újraindítás most',
  later: 'Később',
  waiting: 'A Stockdesk újraindul az új verzióval ({{version}}), amint az éppen küldött módosítások a szerverre értek.',
  refused: {
    unmarked: 'Elérhető a Stockdesk {{version}}, de a kiadása nem mondja meg, meg tudja-e nyitni ennek a gépnek az adatait, ezért nem települ. Kérdezze meg, aki a Stockdesket gondozza.',
    mirrorTooNew: 'Elérhető a Stockdesk {{version}}, de nem tudja megnyitni ennek a gépnek az adatait, mert azokat egy újabb Stockdesk írta, ezért nem települ. Kérdezze meg, aki a Stockdesket gondozza.',
    mirrorTooOld: 'Elérhető a Stockdesk {{version}}, de ilyen régi adatokat már nem tud frissíteni, ezért nem települ. Kérdezze meg, aki a Stockdesket gondozza.',
  },
};
export default hu;
