import type { Messages } from '../types';
import type en from './en';

const es: Messages<typeof en> = {
  nav: { takeIn: 'Entrada de mercancía', receipt: 'Recepción de pedido', count: 'Inventario', products: 'Productos' },
};
export default es;
