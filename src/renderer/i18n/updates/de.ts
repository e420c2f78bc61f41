import type { Messages } from '../types';
import type en from './en';

const de: Messages<typeof en> = {
  ready: 'Stockdesk {{version}} ist heruntergeladen. Es wird beim Schließen von Stockdesk installiert, oder jetzt mit einem Neustart.',
  restartNow: 'Jetzt neu starten',
  later: 'Später',
  waiting: 'Stockdesk startet mit {{version}} neu, sobald die gerade gesendeten Änderungen beim Server angekommen sind.',
  refused: {
    unmarked: 'Stockdesk {{version}} ist verfügbar, aber die Veröffentlichung sagt nicht, ob es die Daten dieses Rechners öffnen kann; es wird daher nicht installiert. Fragen Sie, wer Stockdesk betreut.',
    mirrorTooNew: 'Stockdesk {{version}} ist verfügbar, kann aber die Daten dieses Rechners nicht öffnen, die ein neueres Stockdesk geschrieben hat; es wird daher nicht installiert. Fragen Sie, wer Stockdesk betreut.',
    mirrorTooOld: 'Stockdesk {{version}} ist verfügbar, kann aber so alte Daten nicht mehr aktualisieren; es wird daher nicht installiert. Fragen Sie, wer Stockdesk betreut.',
  },
};
export default de;
