import type { Messages } from '../types';
import type en from './en';

const es: Messages<typeof en> = {
  nav: 'Valoración de existencias',
  title: 'Valoración de existencias',
  date: 'Valor al cierre del',
  allWarehouses: 'Todos los almacenes',
  group: 'Grupo de productos',
  allGroups: 'Todos los grupos',
  noGroup: '(sin grupo)',
  print: 'Imprimir / PDF',
  exportCsv: 'Exportar CSV',
  unsupported: 'El servidor no ofrece la valoración de existencias (es más antiguo que este programa). Pida a su administrador que actualice el servidor.',
  offline: 'Sin conexión: la valoración necesita el servidor. Se muestra la última valoración leída, el {{when}}.',
  offlineNever: 'Sin conexión: la valoración necesita el servidor y en este equipo aún no se ha leído ninguna. Aparecerá cuando el servidor esté disponible.',
  offlineOther: 'Corresponde al {{date}}, {{warehouse}}, {{group}}.',
  fresh: 'Valor al cierre del {{date}}, calculado por el servidor el {{when}}.',
  unpriced: 'sin precio',
  unpricedHint: 'Parte de estas existencias entró sin precio antes de cualquier entrada con precio: cuenta a 0.',
  unpricedNote: 'Líneas con existencias entradas sin precio (valoradas a 0): {{count}}. Registre los precios de compra en las entradas para obtener el valor completo.',
  empty: 'No había existencias al cierre de este día con estos filtros.',
  col: { id: 'ID', product: 'Producto', unit: 'Unidad', quantity: 'Cantidad', average: 'Coste medio ({{currency}})', value: 'Valor ({{currency}})' },
  groupTotal: 'Total – {{group}}',
  warehouseTotal: 'Total almacén – {{warehouse}}',
  total: 'Total general',
  csv: { kind: 'Fila', warehouse: 'Almacén', group: 'Grupo de productos', line: 'Línea', groupTotal: 'Total grupo', warehouseTotal: 'Total almacén' },
  pdfFileName: 'valoracion-existencias-{{date}}.pdf',
  csvFileName: 'valoracion-existencias-{{date}}.csv',
  pdfLoading: 'Preparando el PDF…',
};

export default es;
