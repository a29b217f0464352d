import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Screens are lazy-loaded route chunks; on two shared cores the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });
