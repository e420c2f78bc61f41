/** The product area's handlers. Being written in this change: until then each method answers INTERNAL_ERROR. */
import { ProtocolError, type MethodName } from '@shared/protocol';
import type { Handler, HandlerMap } from '../../context';

export type ProductMethod = 'getProduct' | 'setProduct' | 'getQuantity' | 'setQuantity' | 'setOrder' | 'setOrderItem' | 'getOrderStatus' | 'getPO' | 'setPOTakeIn' | 'getWarehouses' | 'setWarehouse' | 'setWarehouseItem' | 'getQuantities';

function pending<M extends MethodName>(m: M): Handler<M> {
  return () => {
    throw new ProtocolError('INTERNAL_ERROR', `${m} is not implemented yet`);
  };
}

export const productHandlers: HandlerMap<ProductMethod> = {
  getProduct: pending('getProduct'),
  setProduct: pending('setProduct'),
  getQuantity: pending('getQuantity'),
  setQuantity: pending('setQuantity'),
  setOrder: pending('setOrder'),
  setOrderItem: pending('setOrderItem'),
  getOrderStatus: pending('getOrderStatus'),
  getPO: pending('getPO'),
  setPOTakeIn: pending('setPOTakeIn'),
  getWarehouses: pending('getWarehouses'),
  setWarehouse: pending('setWarehouse'),
  setWarehouseItem: pending('setWarehouseItem'),
  getQuantities: pending('getQuantities'),
};
