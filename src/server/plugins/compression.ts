import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: their compressed form would save less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The text the API sends: JSON, and any text/* except an event stream (which must reach the browser
 * chunk by chunk). Files (attachments, the xlsx exports and templates) are PDF, images or Office
 * packages, compressed formats already; @fastify/compress also asks mime-db, which calls those
 * incompressible too.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)(?:;|$)/i;

/**
 * Brotli or gzip, as the request's Accept-Encoding prefers, for every route's text answer of at least
 * COMPRESS_THRESHOLD_BYTES, with `Vary: Accept-Encoding`. A request without Accept-Encoding (inject()
 * in the tests, curl) gets the answer as it is. Registered before the routes: the plugin adds its
 * onSend hook to each route as it is declared, after the app's own hooks, so the ETag
 * (@fastify/etag, public-cache.ts) is of the identity body and is the same in every encoding (weak).
 * An answer that already has a Content-Encoding (a precompressed file) is left alone.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies are read as they come, as before: a body sent with Content-Encoding is not inflated,
    // so nothing grows past the body limit after it was checked.
    globalDecompression: false,
  });
}
