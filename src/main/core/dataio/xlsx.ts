/** One sheet as an XLSX workbook (exceljs): numbers stay numbers, the header row bold and frozen. */

export type OutCell = string | number | null;

export async function writeXlsx(sheetName: string, rows: ReadonlyArray<ReadonlyArray<OutCell>>): Promise<Buffer> {
  // Loaded on first use, like table.ts: the core starts without it.
  const { default: excel } = await import('exceljs');
  const wb = new excel.Workbook();
  wb.creator = 'Stockdesk';
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const ws = wb.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  for (const r of rows) ws.addRow(r.map((v) => v ?? null));
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => {
    const widest = Math.max(...rows.map((r) => String(r[i] ?? '').length));
    c.width = Math.min(60, Math.max(8, widest + 2));
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
