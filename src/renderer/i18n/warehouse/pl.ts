import type { Messages } from '../types';
import type en from './en';

const pl: Messages<typeof en> = {
  nav: { takeIn: 'Przyjęcie towaru', receipt: 'Przyjęcie z zamówienia', count: 'Inwentaryzacja', products: 'Towary' },
};
export default pl;
