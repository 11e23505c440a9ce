/** The app's notion of now; tests inject one to expire captchas and tokens without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
