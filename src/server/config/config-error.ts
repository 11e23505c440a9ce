/** A setting the server cannot run with; server.ts prints its message and exits without a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
