import type { Messages } from '../types';
import type en from './en';

const es: Messages<typeof en> = {
  ready: 'Stockdesk {{version}} está descargado. Se instala al cerrar Stockdesk, o ahora si lo reinicia.',
  restartNow: 'Reiniciar ahora',
  later: 'Más tarde',
  waiting: 'Stockdesk se reiniciará con la versión {{version}} en cuanto los cambios que se están enviando lleguen al servidor.',
  refused: {
    unmarked: 'Stockdesk {{version}} está disponible, pero su publicación no indica si puede abrir los datos de este equipo, así que no se instala. Pregunte a quien administra Stockdesk.',
    mirrorTooNew: 'Stockdesk {{version}} está disponible, pero no puede abrir los datos de este equipo, escritos por un Stockdesk más nuevo, así que no se instala. Pregunte a quien administra Stockdesk.',
    mirrorTooOld: 'Stockdesk {{version}} está disponible, pero ya no puede actualizar datos tan antiguos, así que no se instala. Pregunte a quien administra Stockdesk.',
  },
};
export default es;
