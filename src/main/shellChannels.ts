/**
 * The channels the Electron shell serves itself: printing the current page, saving a PDF or an
 * export the core produced, opening a file to import, the folder dialog (the backup folder) and the self-updater. Electron objects come in as arguments, so the logic is testable without them.
 */
import { basename } from 'node:path';
import { IpcError } from '@shared/ipc/validate';
import type { UpdateStatus } from '@shared/ipc/updates';
import type { ShellChannel } from './route';

export interface ShellDeps {
  /** Prints the window that asked; resolves with whether the clerk went through with it. */
  print: () => Promise<boolean>;
  /** Asks where to save; null when the clerk cancels. */
  askSavePath: (suggestedName: string) => Promise<string | null>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
  /** The OS open dialog for a CSV or XLSX file; null when the clerk cancels. */
  chooseFile: () => Promise<string | null>;
  readFile: (path: string) => Promise<Uint8Array>;
  /** The OS folder dialog; null when the clerk cancels. */
  chooseFolder: () => Promise<string | null>;
  /** The self-updater (./updates/controller.ts). */
  updates: { status(): UpdateStatus; restart(): Promise<UpdateStatus> };
}

/** A file name the save dialog can suggest: no directories, no characters Windows refuses, ends in .pdf. */
export function safePdfName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'))
    .replace(/[<>:"/\\|?*\p{Cc}]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 150);
  const stem = base || 'document';
  return /\.pdf$/i.test(stem) ? stem : `${stem}.pdf`;
}

/** An export's name for the save dialog: like safePdfName, keeping a .csv or .xlsx ending (else .csv). */
export function safeExportName(name: string): string {
  const stem = safePdfName(name).replace(/\.pdf$/i, '');
  return /\.(csv|xlsx)$/i.test(stem) ? stem : `${stem}.csv`;
}

/** An import file is read whole into memory and sent over IPC: beyond this it is surely not a product list. */
export const OPEN_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The file the clerk picked, read here so the renderer never reads files; refused when too large. */
export async function openImportFile(path: string, read: (p: string) => Promise<Uint8Array>): Promise<{ name: string; data: string }> {
  const bytes = await read(path);
  if (bytes.length > OPEN_FILE_MAX_BYTES) {
    throw new IpcError({ code: 'VALIDATION_ERROR', message: `${basename(path)} is ${Math.round(bytes.length / 1048576)} MB; an import file can be at most 20 MB. Split it into several files.`, details: [{ field: 'file', message: 'is too large' }] });
  }
  return { name: basename(path), data: Buffer.from(bytes).toString('base64') };
}

/** Decodes the core's base64 PDF, refusing anything that is not one. */
export function pdfBytes(base64: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new IpcError({ code: 'VALIDATION_ERROR', message: 'The document to save is not a PDF.', details: [{ field: 'pdf', message: 'is not a base64 PDF' }] });
  }
  return bytes;
}

export async function serveShell(channel: ShellChannel, request: unknown, deps: ShellDeps): Promise<unknown> {
  switch (channel) {
    case 'shell.print':
      return { printed: await deps.print() };
    case 'shell.savePdf': {
      const { filename, pdf } = request as { filename: string; pdf: string };
      const bytes = pdfBytes(pdf);
      const path = await deps.askSavePath(safePdfName(filename));
      if (!path) return { saved: false, path: null };
      await deps.writeFile(path, bytes);
      return { saved: true, path };
    }
    case 'shell.saveFile': {
      const { filename, data } = request as { filename: string; data: string };
      const path = await deps.askSavePath(safeExportName(filename));
      if (!path) return { saved: false, path: null };
      await deps.writeFile(path, Buffer.from(data, 'base64'));
      return { saved: true, path };
    }
    case 'shell.openFile': {
      const path = await deps.chooseFile();
      return { file: path ? await openImportFile(path, deps.readFile) : null };
    }
    case 'shell.chooseFolder':
      // Only a path the clerk picked in the OS dialog reaches the screen; the core checks it again before writing there.
      return { path: await deps.chooseFolder() };
    case 'shell.updateStatus':
      return deps.updates.status();
    case 'shell.restartToUpdate':
      return deps.updates.restart();
  }
}
