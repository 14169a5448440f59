import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
    testTimeout: 150_000,
    // Starts two servers on fresh embedded databases, one after the other: with the simulator project,
    // after the timing-sensitive server tests.
    sequence: { groupOrder: 1 },
  },
});
