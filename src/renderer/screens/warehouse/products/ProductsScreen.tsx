import { Route, Routes } from 'react-router';
import { ProductCatalog } from './ProductCatalog';
import { ProductFormPage } from './ProductFormPage';

export function ProductsScreen() {
  return (
    <Routes>
      <Route index element={<ProductCatalog />} />
      <Route path="new" element={<ProductFormPage />} />
      <Route path=":id" element={<ProductFormPage />} />
    </Routes>
  );
}
