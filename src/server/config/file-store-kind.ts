/**
 * Where the bytes of attachments live: `disk` for one embedded process, `database` for several (issue 15).
 * A setting, so it lives with the configuration; services/files implements each kind.
 */
export const FILE_STORE_KINDS = ['disk', 'database'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];
