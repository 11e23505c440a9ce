/** Where the applicant fills in an application: the step form, which resumes at the saved step. */
export function applicationFormHref(activityId: string): string {
  return `/home/activities/applicationForm?activityId=${encodeURIComponent(activityId)}`;
}

/** The read-only view of every step of an application. */
export function applicationViewHref(activityId: string): string {
  return `/home/activities/applicationFormGroup?activityId=${encodeURIComponent(activityId)}`;
}
