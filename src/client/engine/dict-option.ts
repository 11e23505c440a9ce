/** One choice of a dictionary-backed field: the stored value (dictKey) and its label (dictValue). */
export interface DictOption {
  label: string;
  value: string;
}

/** Loaded dictionaries by code (`x-dict`). */
export type DictOptions = Readonly<Record<string, readonly DictOption[]>>;
