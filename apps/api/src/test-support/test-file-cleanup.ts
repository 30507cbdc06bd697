import { afterAll } from 'vitest';
import { dropTestDatabases } from './test-api.js';

// Runs before every test file: whatever databases the file's tests clone (in beforeAll or in a test)
// are dropped, and their connections closed, when the file's tests end.
afterAll(dropTestDatabases);
