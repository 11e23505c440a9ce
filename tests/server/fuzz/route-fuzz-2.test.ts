import { describeRouteFuzz } from '../helpers/describe-route-fuzz';

// Issue 15: bad input never gives a 5xx. The fuzz, and why it is dealt to four files: describe-route-fuzz.ts.
describeRouteFuzz(1);
