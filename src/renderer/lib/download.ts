/** Hands a text file to the user: a download in a browser, the save dialog in Electron. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // The BOM makes spreadsheet programs read the CSV as UTF-8 (ő, ű stay intact).
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
