import { createContext } from 'react';
import type { FormWindow } from './form-window';

/** The block of a long form a widget renders in, for widgets that mount their own parts after it (row-group-table.tsx). */
export interface FormBlockPlace {
  formWindow: FormWindow;
  index: number;
}

export const FormBlockContext = createContext<FormBlockPlace | undefined>(undefined);
