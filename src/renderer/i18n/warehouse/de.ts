import type { Messages } from '../types';
import type en from './en';

const de: Messages<typeof en> = {
  nav: { takeIn: 'Wareneingang', receipt: 'Wareneingang (Bestellung)', count: 'Inventur', products: 'Artikel' },
};
export default de;
