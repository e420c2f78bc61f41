import type { Messages } from '../types';
import type en from './en';

const hu: Messages<typeof en> = {
  nav: { takeIn: 'Bevételezés', receipt: 'Áruátvétel (rendelés)', count: 'Leltár', products: 'Termékek' },
};
export default hu;
