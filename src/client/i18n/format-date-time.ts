import dayjs from 'dayjs';

/** A server time as the portal shows it everywhere: minutes, local time; `empty` for none. */
export function formatDateTime(iso: string | null | undefined, empty = '-'): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : empty;
}
