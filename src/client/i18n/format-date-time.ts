import dayjs from 'dayjs';

const FORMATS = { minute: 'YYYY-MM-DD HH:mm', second: 'YYYY-MM-DD HH:mm:ss' } as const;

/**
 * A server time as the portal shows it everywhere: minutes, local time; `empty` for none. The
 * operation log asks for seconds, since several events of one login fall within a minute.
 */
export function formatDateTime(iso: string | null | undefined, empty = '-', precision: keyof typeof FORMATS = 'minute'): string {
  return iso ? dayjs(iso).format(FORMATS[precision]) : empty;
}
