/** The text a schema file is written as when a program writes it (the studio's new units, the visual designer): two-space JSON and a final newline. */
export const jsonFileText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
