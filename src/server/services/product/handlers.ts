/** The product area's handlers (`/api/product`); the rules live in the services beside this file. */
import type { HandlerMap } from '../../context';
import { getProduct, setProduct } from './catalog';
import { getOrderStatus, setOrderItem, setWarehouseItem } from './orderLines';
import { getOrder, getOrders } from './orderList';
import { setOrder } from './orders';
import { setPurchaseOrder } from './purchaseOrderCreate';
import { getPO, getPOs, setPOTakeIn } from './purchaseOrders';
import { getReorderRules, setReorderRule } from './reorder';
import { getQuantities, getQuantity, setQuantity } from './stock';
import { getStockHistory } from './stockHistory';
import { setTransfer } from './transfers';
import { getStockValuation } from './valuation';
import { getWarehouses, setWarehouse } from './warehouses';

export type ProductMethod = 'getProduct' | 'setProduct' | 'getQuantity' | 'setQuantity' | 'setOrder' | 'setOrderItem' | 'getOrders' | 'getOrder' | 'getOrderStatus' | 'getPO' | 'getPOs' | 'setPOTakeIn' | 'getWarehouses' | 'setWarehouse' | 'setWarehouseItem' | 'getQuantities'
  | 'getStockHistory' | 'setTransfer' | 'getStockValuation' | 'setReorderRule' | 'getReorderRules' | 'setPurchaseOrder';

export const productHandlers: HandlerMap<ProductMethod> = {
  getProduct,
  setProduct,
  getQuantity,
  setQuantity,
  setOrder,
  setOrderItem,
  getOrders,
  getOrder,
  getOrderStatus,
  getPO,
  getPOs,
  setPOTakeIn,
  getWarehouses: (ctx) => getWarehouses(ctx),
  setWarehouse,
  setWarehouseItem,
  getQuantities,
  getStockHistory,
  setTransfer,
  getStockValuation,
  setReorderRule,
  getReorderRules,
  setPurchaseOrder,
};
