import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { ChunkLoadError } from './chunk-load-error';

/**
 * Runs a chunk loader and rejects with a 'timeout' ChunkLoadError when it has not settled within
 * `timeoutMs` (spec §9: 120 s). A browser can leave a dynamic import pending for minutes on a
 * stalled connection; without this the page would spin for ever.
 */
export function loadWithTimeout<T>(loader: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', `Loading chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    let started: Promise<T>;
    try {
      started = loader();
    } catch (error) {
      clearTimeout(timer);
      reject(error);
      return;
    }
    started.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
