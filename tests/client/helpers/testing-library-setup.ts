import { configure } from '@testing-library/react';

// findBy* and waitFor give a page 5 s to show what is awaited, not testing-library's 1 s: beside the e2e suite
// in the whole run (nice 19, ADR 0030), a file that imports antd afresh took 2.4 s to render a loaded detail.
configure({ asyncUtilTimeout: 5000 });
