import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkCheck } from '../../shared/spreadsheet/invoiceRows';
import { formatOfName, spreadsheetTooLarge } from '../../shared/spreadsheet/sheet';
import type { CheckAnswer, CheckRequest } from './protocol';

/**
 * Checks a chosen file in a Web Worker (`parse.worker.ts`), so a file of 100,000 rows never holds
 * up the page. A file whose name is no csv, xls or xlsx, or too large to read, is refused at once;
 * choosing another file (or leaving the screen) stops the check under way.
 */

export type CheckState =
  | { status: 'idle' }
  | { status: 'reading'; file: File }
  | { status: 'checked'; file: File; check: BulkCheck; ms: number }
  | { status: 'refused'; file: File; key: string; params: Record<string, unknown> };

export function useSpreadsheetCheck(aliases: Record<string, string>) {
  const [state, setState] = useState<CheckState>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);
  const run = useRef(0);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const check = useCallback(
    async (file: File) => {
      stop();
      const current = ++run.current;
      if (!formatOfName(file.name)) {
        setState({ status: 'refused', file, key: 'validation.file_type', params: {} });
        return;
      }
      // Refused on its size alone: a file too large is never read into memory.
      const tooLarge = spreadsheetTooLarge(file.size);
      if (tooLarge) {
        setState({ status: 'refused', file, key: tooLarge.key, params: tooLarge.params });
        return;
      }
      setState({ status: 'reading', file });
      const bytes = await file.arrayBuffer();
      if (current !== run.current) return;
      const started = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
      worker.current = started;
      const finish = (next: CheckState) => {
        if (current === run.current) setState(next);
        started.terminate();
        if (worker.current === started) worker.current = null;
      };
      started.onmessage = ({ data }: MessageEvent<CheckAnswer>) =>
        finish(
          data.ok
            ? { status: 'checked', file, check: data.check, ms: data.ms }
            : { status: 'refused', file, key: data.key, params: data.params },
        );
      started.onerror = () => finish({ status: 'refused', file, key: 'app.bulk.read_failed', params: {} });
      const request: CheckRequest = { name: file.name, bytes, aliases };
      started.postMessage(request, [bytes]);
    },
    [aliases, stop],
  );

  const reset = useCallback(() => {
    stop();
    run.current++;
    setState({ status: 'idle' });
  }, [stop]);

  return { state, check, reset };
}
