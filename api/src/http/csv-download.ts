// How every CSV export is answered: a download (never shown inline) named by the contract's csvFileName, so
// the file name, its characters and the date in it are the same for every export, streamed as UTF-8 CSV.
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { csvFileName } from '../contract';

export function sendCsvDownload(ctx: Context, file: { what: string; now: Date; label?: string }, csv: Readable): void {
  ctx.set('Content-Disposition', `attachment; filename="${csvFileName(file.what, file.now, file.label)}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csv;
}
