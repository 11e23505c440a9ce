const SUFFIX = '文件';

/**
 * Spec §9: a download's name ends with the word for "file" (文件), before its extension:
 * ('2026年度信用报告', 'xlsx') → '2026年度信用报告文件.xlsx'. A name that already ends so is kept.
 */
export function downloadName(base: string, extension?: string): string {
  const trimmed = base.trim();
  const name = trimmed.endsWith(SUFFIX) ? trimmed : `${trimmed}${SUFFIX}`;
  return extension ? `${name}.${extension.replace(/^\./, '')}` : name;
}
