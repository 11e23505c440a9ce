/** One choice of a dictionary-backed field: the stored value (dictKey) and its label (dictValue). */
export interface DictOption {
  label: string;
  value: string;
  /** A retired item (ADR 0046): shown, with its label, for a value that holds it; not offered to choose. */
  disabled?: boolean;
}

/** Loaded dictionaries by code (`x-dict`). */
export type DictOptions = Readonly<Record<string, readonly DictOption[]>>;
