/** Where the designed schema is used: it decides which keywords the property panel offers (as the checker allows them). */
export interface DesignerContext {
  /** An activity step: x-unique is offered on a top-level text or a table's text column. */
  activityStep: boolean;
  /** A resource folder's record: x-mask is offered on a top-level text field. */
  resourceRecord: boolean;
}
