import { COMPONENT_NAMES } from '../../../src/shared/schema/component-names';
import { loadComponent } from '../../../src/client/engine/component-registry';

/**
 * Loads every lazy widget into the component registry. For a test file's beforeAll: a cold import of
 * antd's Table or rc-picker takes about a second under Vitest, which a test's 1 s findBy/waitFor
 * would otherwise spend. The loading gate itself is tested in load-schema-components.test.tsx.
 */
export async function loadAllComponents(): Promise<void> {
  await Promise.all([...new Set(COMPONENT_NAMES.map((name) => name.split('.')[0] ?? name))].map(loadComponent));
}
