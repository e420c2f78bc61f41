import { Route, Routes } from 'react-router';
import { OrderEntryScreen } from './OrderEntryScreen';
import { OrdersListScreen } from './OrdersListScreen';

/** Orders: the list, a new order, an order by id (one chunk, loaded on the first visit). */
export function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersListScreen />} />
      <Route path="new" element={<OrderEntryScreen />} />
      <Route path=":id" element={<OrderEntryScreen />} />
    </Routes>
  );
}
