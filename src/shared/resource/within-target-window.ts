/** A target's time window (resource.json target.window): the names of the target record's date-time fields it runs between. */
export interface TargetWindowFields {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Whether `now` lies in a target's window: from its from field's instant on, and before its to
 * field's. A missing or unreadable time closes the window, so a record with a broken time refuses
 * rather than admits. The server refuses a write outside it (target-effects.ts) and a record's detail
 * page shows the link it governs disabled (page-link-button.tsx): both ask this one function.
 */
export function withinTargetWindow(window: TargetWindowFields, data: Readonly<Record<string, unknown>>, now: Date): boolean {
  const at = (field: string | undefined): number | undefined => {
    if (field === undefined) return undefined;
    const value = data[field];
    return typeof value === 'string' ? Date.parse(value) : Number.NaN;
  };
  const from = at(window.from);
  const to = at(window.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  return (from === undefined || now.getTime() >= from) && (to === undefined || now.getTime() < to);
}

/**
 * The next instant the answer of withinTargetWindow changes (the window opens or closes), or
 * undefined when it never will: a page kept open re-judges its link then.
 */
export function nextWindowChange(window: TargetWindowFields, data: Readonly<Record<string, unknown>>, now: Date): Date | undefined {
  const times = [window.from, window.to]
    .map((field) => (field === undefined ? Number.NaN : Date.parse(String(data[field]))))
    .filter((time) => !Number.isNaN(time) && time > now.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}
