// Testing Library's DOM matchers (toBeInTheDocument, toHaveAccessibleName, ...) for every test file.
import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { forgetReads } from '../src/data/reads';

// A screen's lazy parts (form fields, dialogs, sections) load as chunks of their own, and on a busy two-core
// machine one takes more than Testing Library's default second to appear or go: wait up to five.
configure({ asyncUtilTimeout: 5000 });

// Server data is cached once per page, and a test file is one page: each test starts with none.
afterEach(() => {
  cleanup();
  forgetReads();
});
