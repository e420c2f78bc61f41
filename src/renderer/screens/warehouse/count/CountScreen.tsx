import { Route, Routes } from 'react-router';
import { CountList } from './CountList';
import { CountSheetView } from './CountSheetView';

/** The open counts and a new one at /count, one count sheet at /count/:sheetId. */
export function CountScreen() {
  return (
    <Routes>
      <Route index element={<CountList />} />
      <Route path=":sheetId" element={<CountSheetView />} />
    </Routes>
  );
}
