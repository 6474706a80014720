// Sends bytes to a LAN ESC/POS printer over TCP (node-thermal-printer's network interface), within a hard
// deadline: the till waits at most PRINT_DEADLINE_MS for an answer, then the sale stays done and the screen says why.
import { AppError } from '../../../core/errors.js';

/** The longest a print request may take, connect + status + send (the bound is 3 s). */
export const PRINT_DEADLINE_MS = 2_500;
/** Socket idle timeout of each step (node-thermal-printer's `timeout`, default 3000, too long here). */
const STEP_TIMEOUT_MS = 1_200;

/** GS r 1, "transmit paper sensor status" (node-thermal-printer's getStatus()): the printer answers one byte. */
const PAPER_STATUS = Buffer.from([0x1d, 0x72, 0x01]);

/** 502 'Printer not reachable at <host:port>'. */
export const printerUnreachable = (address: string) => new AppError(502, 'PRINTER_UNREACHABLE', `Printer not reachable at ${address}`);

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Asks the printer for its paper status (GS r 1) and waits for the answer byte, then sends the job.
 * A bare connect is not enough: a printer (or anything else on that port) that accepts the connection
 * but never answers would swallow the receipt silently, so no answer means nothing is sent.
 */
export async function sendToPrinter(address: string, bytes: Buffer): Promise<void> {
  // Loaded at the first print, not at start (#27.5); before the deadline starts.
  const { ThermalPrinter, PrinterTypes } = (await import('node-thermal-printer')).default;
  const printer = () =>
    new ThermalPrinter({
      type: PrinterTypes.EPSON,
      interface: `tcp://${address}`,
      options: { timeout: STEP_TIMEOUT_MS },
    });
  try {
    await withDeadline(
      (async () => {
        const probe = printer();
        probe.add(PAPER_STATUS);
        await probe.execute({ waitForResponse: true });
        const job = printer();
        job.setBuffer(bytes);
        await job.execute();
      })(),
      PRINT_DEADLINE_MS,
    );
  } catch {
    throw printerUnreachable(address);
  }
}
