/** A spreadsheet cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is neutralised so Excel never runs it as a formula. */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A widget's figures as CSV for download (screen-reader users and spreadsheets): a header row, then one
 * row per figure, with a UTF-8 byte order mark so that Excel reads the Chinese labels as UTF-8.
 */
export function figuresCsv(header: readonly [string, string], rows: readonly { label: string; value: number }[]): string {
  const lines = [header.map(cell).join(','), ...rows.map((row) => [cell(row.label), cell(row.value)].join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
