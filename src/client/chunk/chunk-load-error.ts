/**
 * Why a page chunk did not arrive (spec §8): it did not settle within the chunk-load timeout, or
 * the module could not be found (a deploy replaced it, the network dropped the request, or it has
 * no page to export).
 */
export type ChunkFailureKind = 'timeout' | 'missing';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly kind: ChunkFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Any failed import as a ChunkLoadError: a timeout stays one, everything else is a missing module. */
export function toChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ChunkLoadError('missing', `Cannot find module: ${detail}`, { cause: error });
}
