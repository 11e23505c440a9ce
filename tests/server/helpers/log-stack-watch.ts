/** A log line as pino writes it: only the fields read here. */
interface LogLine {
  reqId?: unknown;
  msg?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
}

/** Whether a logged value holds a stack trace: a non-empty `stack`, at any depth (an error's cause). */
function holdsStack(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 6) return false;
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'stack' && typeof entry === 'string' && entry.trim() !== '') return true;
    if (holdsStack(entry, depth + 1)) return true;
  }
  return false;
}

/**
 * Issue 34: a refused request (4xx) is the client's mistake and leaves no stack trace in the log; a stack trace is
 * for a fault. Give `stream` to the app's logger (serverLoggerOptions('info', watch.stream), so Fastify writes its
 * "request completed" line with the status); each request that logged a stack trace and was answered below 500 is
 * kept, with its method, path and the first line of the trace.
 */
export class LogStackWatch {
  /** Requests in flight that logged a stack trace: their id, what they asked, and the trace's first frame. */
  private readonly stacked = new Map<string, { request: string; frame: string }>();
  private readonly requests = new Map<string, string>();
  readonly refusedWithStack: { status: number; request: string; frame: string }[] = [];
  /** Lines that logged a stack trace outside any request. */
  unattributed = 0;

  readonly stream = {
    write: (text: string): void => {
      for (const raw of text.split('\n')) if (raw.trim() !== '') this.read(raw);
    },
  };

  private read(raw: string): void {
    // Most lines hold no stack, and are read only for the request they open or close.
    if (!raw.includes('"reqId"') && !raw.includes('"stack"')) return;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      return;
    }
    const id = typeof line.reqId === 'string' ? line.reqId : undefined;
    if (id === undefined) {
      if (holdsStack(line)) this.unattributed += 1;
      return;
    }
    if (line.msg === 'incoming request') this.requests.set(id, `${String(line.req?.method)} ${String(line.req?.url)}`);
    if (raw.includes('"stack"') && holdsStack(line) && !this.stacked.has(id)) {
      const frame = /at [^"\\]+/.exec(raw)?.[0] ?? '';
      this.stacked.set(id, { request: this.requests.get(id) ?? '?', frame: frame.slice(0, 160) });
    }
    const status = line.res?.statusCode;
    if (typeof status === 'number') {
      const stacked = this.stacked.get(id);
      if (stacked && status < 500) this.refusedWithStack.push({ status, ...stacked });
      this.stacked.delete(id);
      this.requests.delete(id);
    }
  }
}
