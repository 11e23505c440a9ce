/**
 * A schema widget rendered before its chunk arrived: SchemaFields must wait for
 * useSchemaComponents. Thrown, because Formily would otherwise render the unresolved name as an
 * empty DOM element, and a field that silently disappears from a form is worse than no form.
 */
export class ComponentNotLoadedError extends Error {
  constructor(readonly component: string) {
    super(`Component "${component}" was rendered before it loaded; wait for useSchemaComponents (or loadSchemaComponents) first`);
    this.name = 'ComponentNotLoadedError';
  }
}
