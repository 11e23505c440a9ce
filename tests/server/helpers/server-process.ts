import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_DATA_KEY } from './test-app';

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

/** `src/server/server.ts` as its own process on 127.0.0.1, through tsx: the same server `npm start` runs from its esbuild bundle (dist/server), minus the builds. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  // Node with tsx's loader, so `pid` and the SIGKILL fallback reach the server itself: the tsx command is a wrapper
  // whose child would outlive a SIGKILL as an orphan (ADR 0069).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    // One master key for every process of a test, as a deployment's processes share DATA_KEY (ADR 0066).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_KEY: TEST_DATA_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const output = (): string => printed;
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  try {
    await waitForHealth(url, child, output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? -1, output, stop };
}
