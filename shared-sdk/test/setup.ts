// Testing Library's DOM matchers (toBeInTheDocument, toHaveAccessibleName, ...) for every test file.
import '@testing-library/jest-dom';
